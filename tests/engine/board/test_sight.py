"""Line of sight: the HeroScape 2.5D model on hexes, walls on square edges, graph edges."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deadtable.engine.board import Board, Sight, SpaceSpec, parse_map, sees, sight, visible
from deadtable.engine.board.generate import random_hex_board

from .helpers import edge, hex_map, square_map


def see(board: Board, a: str, b: str, **options: Any) -> Sight:
    return sight(board, board.space(a), board.space(b), **options)


# -- hex, 2.5D ------------------------------------------------------------------------------
def test_a_hill_blocks_and_says_where_and_why() -> None:
    board = hex_map("g0 g0 r7 g0 g0")
    seen = see(board, "0,0", "4,0", height_a=5, height_b=5)
    assert not seen.clear
    assert seen.blocked_at == board.space("2,0")
    assert seen.reason == "terrain at level 7 above the line (height 5) at 2,0"
    assert [board.names[s] for s in seen.spaces] == ["0,0", "1,0", "2,0", "3,0", "4,0"]


def test_sight_passes_over_lower_terrain() -> None:
    board = hex_map("g0 g0 r4 g0 g0")
    assert see(board, "0,0", "4,0", height_a=5, height_b=5).clear
    # a figure of height 5 sees over level 4; one of height 3 does not
    assert not see(board, "0,0", "4,0", height_a=3, height_b=3).clear


def test_touching_a_terrain_top_is_clear() -> None:
    board = hex_map("g0 r5 g0")
    assert see(board, "0,0", "2,0", height_a=5, height_b=5).clear


def test_height_lets_a_figure_on_a_hill_see_over_a_ridge() -> None:
    board = hex_map("r9 g0 r6 g0 g0 g0 g0")
    # the segment from 9+5 down to 0+5 over 6 steps is at 14 - 9*2/6 = 11 over the ridge
    assert see(board, "0,0", "6,0", height_a=5, height_b=5).clear
    assert not see(board, "1,0", "6,0", height_a=5, height_b=0).clear


def test_figures_between_block_only_when_the_line_passes_below_their_tops() -> None:
    board = hex_map("g0 g0 g0 g0 g0", " g0 g0 r9 g0 g0")
    a, b, middle = board.space("0,0"), board.space("4,0"), board.space("2,0")
    seen = sight(board, a, b, height_a=5, height_b=5, figures={middle: 5})
    assert not seen.clear and seen.reason == "figure at 2,0" and seen.blocked_at == middle
    assert sight(board, a, b, height_a=5, height_b=5, figures={middle: 4}).clear
    # a figure on the far hill is off the line
    assert sight(board, a, b, height_a=5, height_b=5, figures={board.space("2,1"): 5}).clear


def test_adjacent_spaces_see_each_other_even_up_a_cliff() -> None:
    board = hex_map("g0 r20")
    assert see(board, "0,0", "1,0", height_a=1, height_b=1).clear


def test_grazing_a_hexside_either_or_both() -> None:
    # axial (0,0) to (1,1): the line runs along the side between (1,0) and (0,1).
    one_side = hex_map("g0 r9 g0", " g0 g0 g0")  # rock at (1,0)
    both_sides = hex_map("g0 r9 g0", " r9 g0 g0")  # rock at (1,0) and at (0,1)
    for board in (one_side, both_sides):
        a, b = board.at((0, 0)), board.at((1, 1))
        assert a is not None and b is not None
        either = sight(board, a, b, height_a=5, height_b=5)
        strict = sight(board, a, b, height_a=5, height_b=5, grazing="both")
        assert either.grazes and strict.grazes
        assert either.clear == (board is one_side)
        assert not strict.clear
    with pytest.raises(ValueError, match="grazing rule"):
        sight(one_side, 0, 1, grazing="sometimes")


def test_opaque_terrain_blocks() -> None:
    board = hex_map("g0 w0 g0")
    assert see(board, "0,0", "2,0").clear
    seen = see(board, "0,0", "2,0", opaque=frozenset({"water"}))
    assert not seen.clear and seen.reason == "water at 1,0 blocks sight"


# -- square grids: walls, doors, windows, corners -------------------------------------------
def test_a_wall_on_a_crossed_edge_blocks() -> None:
    board = square_map("f0 f0 f0", extra=edge("0,0", "1,0", "wall"))
    seen = see(board, "0,0", "2,0")
    assert not seen.clear
    assert seen.blocked_at == (board.space("0,0"), board.space("1,0"))
    assert seen.reason == "wall between 0,0 and 1,0"


def test_doors_block_when_the_caller_says_they_are_closed() -> None:
    board = square_map("f0 f0 f0", extra=edge("1,0", "2,0", "door"))
    assert not see(board, "0,0", "2,0").clear  # doors block by default (closed)
    assert see(board, "0,0", "2,0", blocking=frozenset({"wall"})).clear  # this door is open


def test_windows_per_flag() -> None:
    board = square_map("f0 f0 f0", extra=edge("1,0", "2,0", "window"))
    assert see(board, "0,0", "2,0").clear
    seen = see(board, "0,0", "2,0", windows=False)
    assert not seen.clear and seen.reason == "window between 1,0 and 2,0"


def test_a_line_through_a_corner_is_blocked_only_if_both_ways_round_are() -> None:
    # (0,0) to (1,1) passes exactly through the corner the four squares share
    one_wall = square_map("f0 f0", "f0 f0", extra=edge("0,0", "1,0", "wall"))
    assert see(one_wall, "0,0", "1,1").clear
    assert not see(one_wall, "0,0", "1,1", grazing="both").clear
    two_walls = square_map("f0 f0", "f0 f0", extra=edge("0,0", "1,0", "wall")
                           + edge("0,1", "1,1", "wall"))
    assert not see(two_walls, "0,0", "1,1").clear


def test_a_line_that_misses_a_corner_crosses_only_its_own_edges() -> None:
    # (0,0) to (2,1) crosses x=0.5 at y=0.25 (edge 0,0|1,0) and y=0.5 at x=1 (1,0|1,1)
    board = square_map("f0 f0 f0", "f0 f0 f0", extra=edge("0,1", "1,1", "wall"))
    seen = see(board, "0,0", "2,1")
    assert seen.clear and not seen.grazes
    assert [board.names[s] for s in seen.spaces] == ["0,0", "1,0", "1,1", "2,1"]


def test_off_grid_and_graph_spaces_see_along_edges_only() -> None:
    board = parse_map('[map]\nkind = "graph"\n'
                      + "".join(f'[[space]]\nname = "{n}"\nterrain = "floor"\n'
                                for n in ("hall", "kitchen", "yard"))
                      + edge("hall", "kitchen", "door") + edge("kitchen", "yard", "window"))
    assert not see(board, "hall", "kitchen").clear  # a closed door
    assert see(board, "hall", "kitchen", blocking=frozenset({"wall"})).clear
    assert see(board, "kitchen", "yard").clear
    assert not see(board, "hall", "yard").clear  # no edge joins them
    assert not see(board, "kitchen", "yard",
                   edge_sight=lambda a, b, feature: feature != "window").clear


# -- properties -----------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_hex_sight_is_symmetric(seed: int, data: st.DataObject) -> None:
    board = random_hex_board(7, 6, seed)
    pick = st.integers(0, board.size - 1)
    a, b = data.draw(pick), data.draw(pick)
    ha, hb = data.draw(st.integers(0, 8)), data.draw(st.integers(0, 8))
    figures = {data.draw(pick): data.draw(st.integers(1, 8)) for _ in range(3)}
    grazing = data.draw(st.sampled_from(["either", "both"]))
    there = sight(board, a, b, height_a=ha, height_b=hb, figures=figures, grazing=grazing)
    back = sight(board, b, a, height_a=hb, height_b=ha, figures=figures, grazing=grazing)
    assert there.clear == back.clear
    assert there.grazes == back.grazes


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_adjacent_hexes_always_see_each_other(seed: int, data: st.DataObject) -> None:
    board = random_hex_board(6, 6, seed)
    a = data.draw(st.integers(0, board.size - 1))
    figures = {s: 5 for s in range(board.size)}
    for b in board.neighbours[a]:
        assert sight(board, a, b, figures=figures, grazing="both").clear


@st.composite
def walled_squares(draw: st.DrawFn) -> Board:
    width, height = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    specs = [SpaceSpec(f"{x},{y}", "floor", 0, (x, y)) for y in range(height)
             for x in range(width)]
    pairs = [((f"{x},{y}"), f"{x + dx},{y + dy}") for y in range(height) for x in range(width)
             for dx, dy in ((1, 0), (0, 1)) if x + dx < width and y + dy < height]
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=len(pairs) // 2, unique=True))
    features = {pair: draw(st.sampled_from(["wall", "door", "window"])) for pair in chosen}
    return Board("square", specs, adjacency=draw(st.sampled_from([4, 8])), edges=features)


@settings(max_examples=60, deadline=None)
@given(walled_squares(), st.data())
def test_square_sight_is_symmetric_and_never_through_a_blocking_edge(
        board: Board, data: st.DataObject) -> None:
    a = data.draw(st.integers(0, board.size - 1))
    b = data.draw(st.integers(0, board.size - 1))
    grazing = data.draw(st.sampled_from(["either", "both"]))
    windows = data.draw(st.booleans())
    there = sight(board, a, b, grazing=grazing, windows=windows)
    back = sight(board, b, a, grazing=grazing, windows=windows)
    assert there.clear == back.clear
    if there.clear:
        blocking = {"wall", "door"} | (set() if windows else {"window"})
        cells = there.spaces
        for x, y in zip(cells, cells[1:], strict=False):
            assert board.feature(x, y) not in blocking


# -- sees: sight's answer without the words ---------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_sees_answers_as_sight_on_hexes(seed: int, data: st.DataObject) -> None:
    board = random_hex_board(7, 6, seed)
    pick = st.integers(0, board.size - 1)
    a, b = data.draw(pick), data.draw(pick)
    options: dict[str, Any] = {
        "height_a": data.draw(st.integers(0, 8)), "height_b": data.draw(st.integers(0, 8)),
        "grazing": data.draw(st.sampled_from(["either", "both"])),
        "opaque": data.draw(st.sampled_from([frozenset(), frozenset({"water"})])),
    }
    for _ in range(3):  # the same line again with other figures: what sees keeps must hold
        on_line = list(sight(board, a, b).spaces)
        figures = {data.draw(st.sampled_from(on_line) | pick): data.draw(st.integers(1, 8))
                   for _ in range(data.draw(st.integers(0, 4)))}
        assert sees(board, a, b, figures=figures, **options) == \
            sight(board, a, b, figures=figures, **options).clear


@settings(max_examples=60, deadline=None)
@given(walled_squares(), st.data())
def test_sees_answers_as_sight_through_walls(board: Board, data: st.DataObject) -> None:
    a = data.draw(st.integers(0, board.size - 1))
    b = data.draw(st.integers(0, board.size - 1))
    options = {"grazing": data.draw(st.sampled_from(["either", "both"])),
               "windows": data.draw(st.booleans())}
    assert sees(board, a, b, **options) == sight(board, a, b, **options).clear


def test_sees_off_the_grid_and_with_a_bad_grazing_rule() -> None:
    board = parse_map('[map]\nkind = "graph"\n'
                      + "".join(f'[[space]]\nname = "{n}"\nterrain = "floor"\n'
                                for n in ("hall", "kitchen", "yard"))
                      + edge("hall", "kitchen", "door") + edge("kitchen", "yard", "window"))
    hall, kitchen, yard = (board.space(n) for n in ("hall", "kitchen", "yard"))
    assert not sees(board, hall, kitchen)  # a closed door
    assert sees(board, kitchen, yard)
    assert not sees(board, hall, yard)  # no edge joins them
    assert not sees(board, kitchen, yard, windows=False)
    with pytest.raises(ValueError, match="grazing rule 'some'"):
        sees(board, hall, kitchen, grazing="some")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_visible_answers_as_sees_for_each_space(seed: int, data: st.DataObject) -> None:
    board = random_hex_board(6, 6, seed)
    pick = st.integers(0, board.size - 1)
    a = data.draw(pick)
    spaces = data.draw(st.lists(pick, max_size=20))
    options: dict[str, Any] = {
        "height_a": data.draw(st.integers(0, 8)), "height_b": data.draw(st.integers(0, 8)),
        "figures": {data.draw(pick): data.draw(st.integers(1, 8)) for _ in range(6)},
        "grazing": data.draw(st.sampled_from(["either", "both"])),
    }
    for _ in range(3):  # the same origin again with other figures: what visible keeps must hold
        assert visible(board, a, spaces, **options) == [
            b for b in spaces if sight(board, a, b, **options).clear]
        options["figures"] = {data.draw(pick): data.draw(st.integers(1, 8)) for _ in range(6)}


def test_visible_off_the_grid() -> None:
    board = parse_map('[map]\nkind = "graph"\n'
                      + "".join(f'[[space]]\nname = "{n}"\nterrain = "floor"\n'
                                for n in ("hall", "kitchen", "yard"))
                      + edge("hall", "kitchen", "door") + edge("kitchen", "yard", "window"))
    hall, kitchen, yard = (board.space(n) for n in ("hall", "kitchen", "yard"))
    assert visible(board, kitchen, [hall, yard, kitchen]) == [yard, kitchen]
    assert visible(board, kitchen, [hall, yard], windows=False) == []
