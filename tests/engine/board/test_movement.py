"""Movement: reach under a budget with routes, stops, pass/end rules, penalties; distance fields."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from deadtable.engine.board import Board, climbing_cost, distance_field, reach
from deadtable.engine.board.generate import random_hex_board

from .helpers import edge, flat_hex, hex_map, square_map


def names(board: Board, spaces: tuple[int, ...]) -> list[str]:
    return [board.names[s] for s in spaces]


def test_climbing_costs_one_plus_the_levels_and_descending_is_free() -> None:
    board = hex_map("g0 g2 g0 g0")
    found = reach(board, board.space("0,0"), 5, climbing_cost(board, 5))
    (up,) = found[board.space("1,0")]
    assert up.cost == 3 and names(board, up.spaces) == ["0,0", "1,0"]
    (down,) = found[board.space("2,0")]
    assert down.cost == 4 and names(board, down.spaces) == ["0,0", "1,0", "2,0"]
    assert board.space("3,0") in found and found[board.space("3,0")][0].cost == 5


def test_a_climb_of_the_figures_height_is_impossible() -> None:
    board = hex_map("g0 g5 g0")
    found = reach(board, board.space("0,0"), 20, climbing_cost(board, 5))
    assert set(found) == {board.space("0,0")}
    taller = reach(board, board.space("0,0"), 20, climbing_cost(board, 6))
    assert taller[board.space("1,0")][0].cost == 6


def test_water_stops_movement_there() -> None:
    board = hex_map("g0 w0 g0 g0")
    found = reach(board, board.space("0,0"), 5, climbing_cost(board, 5),
                  stops=lambda s: board.terrain[s] == "water")
    assert set(names(board, tuple(found))) == {"0,0", "1,0"}


def test_pass_through_friends_but_never_end_on_them() -> None:
    board = flat_hex(5, 1)
    friend, enemy = board.space("1,0"), board.space("3,0")
    occupied = {friend, enemy}
    found = reach(board, board.space("0,0"), 5, climbing_cost(board, 5),
                  can_pass=lambda s: s != enemy, can_end=lambda s: s not in occupied)
    assert names(board, tuple(sorted(found))) == ["0,0", "2,0"]
    assert names(board, found[board.space("2,0")][0].spaces) == ["0,0", "1,0", "2,0"]


def test_walls_and_closed_doors_block_steps() -> None:
    board = square_map("f0 f0 f0", extra=edge("0,0", "1,0", "door"))
    closed = reach(board, board.space("0,0"), 3, climbing_cost(board, 5))
    assert set(closed) == {board.space("0,0")}
    opened = reach(board, board.space("0,0"), 3, climbing_cost(board, 5, blocking=frozenset()))
    assert board.space("2,0") in opened


def test_a_penalty_keeps_the_pareto_frontier() -> None:
    # Two ways from A to B: straight (2 steps) past an enemy, or round (4 steps) clear of it.
    board = flat_hex(5, 3)
    start, goal = board.space("0,1"), board.space("2,1")
    watched = board.space("1,1")

    def swipes(frm: int, to: int) -> float:
        return 1 if frm == watched else 0  # leaving the watched space costs an attack

    found = reach(board, start, 4, climbing_cost(board, 5), penalty=swipes)
    routes = found[goal]
    assert [(r.cost, r.penalty) for r in routes] == [(2, 1), (3, 0)]
    assert routes[0].spaces[1] == watched and watched not in routes[1].spaces


# -- properties -----------------------------------------------------------------------------
def _setup(seed: int, data: st.DataObject) -> tuple[Board, int, set[int], set[int]]:
    board = random_hex_board(6, 6, seed, top=6)
    start = data.draw(st.integers(0, board.size - 1))
    enemies = set(data.draw(st.lists(st.integers(0, board.size - 1), max_size=4)))
    friends = set(data.draw(st.lists(st.integers(0, board.size - 1), max_size=4))) - enemies
    return board, start, enemies - {start}, friends - {start}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_routes_are_honest(seed: int, data: st.DataObject) -> None:
    board, start, enemies, friends = _setup(seed, data)
    budget = data.draw(st.integers(0, 7))
    height = data.draw(st.integers(2, 6))
    cost = climbing_cost(board, height)

    def stops(s: int) -> bool:
        return board.terrain[s] == "water"

    def can_pass(s: int) -> bool:
        return s not in enemies

    def can_end(s: int) -> bool:
        return s not in enemies and s not in friends

    use_penalty = data.draw(st.booleans())

    def penalty(frm: int, to: int) -> float:
        return sum(1 for n in board.neighbours[frm] if n in enemies)

    found = reach(board, start, budget, cost, stops=stops, can_pass=can_pass, can_end=can_end,
                  penalty=penalty if use_penalty else None)
    assert found[start][0].cost == 0
    for end, routes in found.items():
        for route in routes:
            spaces = route.spaces
            assert spaces[0] == start and spaces[-1] == end
            steps = list(zip(spaces, spaces[1:], strict=False))
            assert all(b in board.neighbours[a] for a, b in steps)
            total = sum(cost(a, b) or math.inf for a, b in steps)
            assert total == route.cost <= budget
            if use_penalty:
                assert sum(penalty(a, b) for a, b in steps) == route.penalty
            for middle in spaces[1:-1]:
                assert can_pass(middle) and not stops(middle)
            if end != start:
                assert can_end(end)
        pairs = [(r.cost, r.penalty) for r in routes]
        assert pairs == sorted(pairs)
        assert all(p1 > p2 for (_, p1), (_, p2) in zip(pairs, pairs[1:], strict=False))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_reach_grows_with_the_budget(seed: int, data: st.DataObject) -> None:
    board, start, enemies, friends = _setup(seed, data)
    cost = climbing_cost(board, 5)
    previous: set[int] = set()
    for budget in range(7):
        found = set(reach(board, start, budget, cost, can_pass=lambda s: s not in enemies,
                          can_end=lambda s: s not in friends,
                          stops=lambda s: board.terrain[s] == "water"))
        assert previous <= found
        previous = found


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_the_penalty_frontier_starts_at_the_cheapest_route(seed: int, data: st.DataObject) -> None:
    board, start, enemies, _ = _setup(seed, data)
    cost = climbing_cost(board, 5)
    plain = reach(board, start, 6, cost)
    with_penalty = reach(board, start, 6, cost,
                         penalty=lambda a, b: float(sum(n in enemies for n in board.neighbours[a])))
    assert set(plain) == set(with_penalty)
    assert all(plain[s][0].cost == with_penalty[s][0].cost for s in plain)


def test_distance_field_counts_steps_to_the_nearest_source() -> None:
    board = flat_hex(5, 1)
    field = distance_field(board, [board.space("0,0"), board.space("4,0")])
    assert field == [0, 1, 2, 1, 0]
    walled = hex_map("g0 g0 g0", extra=edge("0,0", "1,0", "wall"))
    field = distance_field(walled, [walled.space("0,0")],
                           passable=lambda s: True, step_cost=climbing_cost(walled, 5))
    assert field[walled.space("1,0")] == math.inf


def test_distance_field_runs_toward_the_source() -> None:
    # climbing toward the source costs; coming down from it would not
    board = hex_map("g0 g3")
    field = distance_field(board, [board.space("1,0")], climbing_cost(board, 5))
    assert field[board.space("0,0")] == 4  # a route from 0,0 climbs 3 levels into 1,0


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_distance_field_matches_reach(seed: int, data: st.DataObject) -> None:
    board = random_hex_board(5, 5, seed, top=6)
    source = data.draw(st.integers(0, board.size - 1))
    cost = climbing_cost(board, 4)
    field = distance_field(board, [source], cost)
    for space in range(board.size):
        found = reach(board, space, math.inf, cost)
        expected = found[source][0].cost if source in found else math.inf
        assert field[space] == expected
