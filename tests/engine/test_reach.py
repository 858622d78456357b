"""The reach (deadtable/engine/reach.py): where the deciding figure can still get this turn by
plain steps, found with the games' own rules (each game's GameSpec.moves reads a move)."""

from __future__ import annotations

import pytest

from deadtable import registry
from deadtable.engine.reach import NoWalk, Route, not_plain, route_to
from deadtable.engine.reach import reach as search
from deadtable.engine.state import GameState
from deadtable.games.left_4_dead import SPEC as L4D
from deadtable.games.psycho_raiders.hiding import lit
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from tests.games.psycho_raiders.table import ginger_turn, new, park_everyone, put, take_turn


def reach(state: GameState, seat: str) -> dict[str, dict[str, Route]]:
    read = registry.move_reader(state.game.spec)
    assert read is not None
    return search(state, seat, read)


GINGER_SPEED = 5  # her Speed on the Sheet: the farthest route on open grass


def test_psycho_raiders_reach_is_every_hex_within_her_speed_by_fewest_steps() -> None:
    state, here = ginger_turn()
    before = state.to_json()
    routes = reach(state, "campers")
    assert list(routes) == ["Ginger"]
    ginger = routes["Ginger"]
    first = {a.args["space"] for a in state.decision.actions
             if (a.args or {}).get("verb") == "move"}
    assert first <= set(ginger) and len(ginger) == 43 and here not in ginger
    assert max(len(r.steps) for r in ginger.values()) == GINGER_SPEED
    far = ginger["20,0"]  # five hexes east along the top row
    assert far.steps == ("move:1:16,0", "move:1:17,0", "move:1:18,0", "move:1:19,0",
                         "move:1:20,0") and far.start == here
    assert all(len(r.steps) == 1 for s, r in ginger.items() if s in first)
    assert state.to_json() == before  # the search played on copies only


def test_a_step_onto_an_enemy_ends_a_route_and_is_never_walked_past() -> None:
    state, _ = ginger_turn()
    put(state, "spud", "17,0")
    ginger = reach(state, "campers")["Ginger"]
    assert len(ginger["17,0"].steps) == 2  # in reach: the step there ends the route
    assert all("17,0" not in r.spaces[:-1] for r in ginger.values())
    step = state.clone()
    step.apply("move:1:16,0")
    onto = step.clone()
    onto.apply("move:1:17,0")
    assert not_plain(step, onto, "campers") == ("Ginger moves to 17,0. Ginger stops on an "
                                                "enemy and must attack.")
    assert not_plain(state, step, "campers") is None


def hidden_ginger_beside_the_light() -> tuple[PsychoRaidersState, str, str]:
    """Ginger hidden (two tokens) on an unlit grass hex next to a lit one, at her next turn:
    (state, her hex, the lit hex)."""
    state = new()
    park_everyone(state)
    board = state.board
    spot, light = next((s, n) for s in range(board.size) if board.coords[s] is not None
                       and board.terrain[s] == "grassland" and not lit(state, s)
                       for n in board.neighbours[s]
                       if lit(state, n) and board.terrain[n] == "grassland")
    put(state, "ginger", spot)
    take_turn(state, "ginger")
    state.apply(f"hide:{board.name(spot)}:new")
    state.apply("end")
    while "turn:ginger" not in state.decision.ids:
        ids = state.decision.ids
        state.apply(next((i for i in ids if i.startswith("turn:")), "end"))
    take_turn(state, "ginger")
    return state, board.name(spot), board.name(light)


def test_a_hidden_characters_tokens_each_reach_and_a_lit_hex_ends_a_route() -> None:
    state, here, light = hidden_ginger_beside_the_light()
    assert state.chars["ginger"].hidden and sorted(state.chars["ginger"].tokens) == [1, 2]
    routes = reach(state, "campers")
    assert sorted(routes) == ["Ginger token 1", "Ginger token 2"]  # the decoy moves like her
    decoy, real = routes["Ginger token 1"], routes["Ginger token 2"]
    assert set(decoy) == set(real) and light in decoy
    assert len(decoy[light].steps) == 1  # stepping into the light exposes: a route's end
    assert all(light not in r.spaces[:-1] for r in (*decoy.values(), *real.values()))
    lit_step = state.clone()
    lit_step.apply(decoy[light].steps[0])
    assert not_plain(state, lit_step, "campers") is not None
    with pytest.raises(NoWalk, match="more than one figure can get to"):
        route_to(routes, light, None)
    assert route_to(routes, light, "Ginger token 1") is decoy[light]


def test_the_reach_is_for_the_deciding_seat_only() -> None:
    state, _ = ginger_turn()
    assert reach(state, "raiders") == {}


def test_left_4_dead_moves_are_already_whole_moves_so_its_reach_is_the_gold_spaces() -> None:
    state = L4D.bind().new(seed=1)
    for _ in range(4):  # each survivor takes a weapon
        state.apply(state.decision.ids[0])
    state.apply("turn:bill")
    offered = {a.args["space"] for a in state.decision.actions
               if (a.args or {}).get("verb") == "move"}
    routes = reach(state, "survivors")
    assert list(routes) == ["bill"] and len(offered) > 10
    assert set(routes["bill"]) == offered  # HeroScape: one action moves the whole way
    assert {len(r.steps) for r in routes["bill"].values()} == {1}


