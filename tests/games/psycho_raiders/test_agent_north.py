"""The heuristic campers walk round a building to the north edge (`bearings.north`) where
steering by rows stood them under its south wall till dawn: scripted positions, the
campers' choice checked."""

from __future__ import annotations

from deadtable.games.psycho_raiders.agent import HeuristicAgent
from deadtable.games.psycho_raiders.bearings import north, row_of
from deadtable.games.psycho_raiders.state import REAL, PsychoRaidersState
from tests.games.psycho_raiders.table import new, park_everyone, put, take_turn
from tests.games.psycho_raiders.test_agent import observe


def randy_under_the_station() -> PsychoRaidersState:
    """Randy alone on 16,10 under the Sheriff's Station's south wall (its footprint on
    15-16,8 and 15-17,9; 15,10 beside it lit by a streetlight), everyone else parked far
    off, at the start of his turn."""
    state = new()
    park_everyone(state)
    put(state, "randy", "16,10")
    take_turn(state, "randy")
    return state


def test_north_is_the_row_in_open_ground_and_the_walk_round_a_building() -> None:
    state = randy_under_the_station()
    board = state.board
    under, beside, open_ground = (board.space(n) for n in ("16,10", "15,10", "16,14"))
    assert north(state, open_ground) == row_of(state, open_ground) == 14
    assert row_of(state, under) == 10 and north(state, under) == 11  # round the station
    assert north(state, beside) == 10  # 15,10: its column is open north
    # hidden, a lit hex costs 5 steps more: round the east side, out of the light
    assert north(state, under, 5) == 12


def test_a_camper_in_plain_sight_under_a_wall_steps_round_it() -> None:
    state = randy_under_the_station()
    agent = HeuristicAgent(1)
    ids = [i for i in observe(state, "campers").decision.ids if not i.startswith("hide:")]
    # before: every step from 16,10 was no nearer the north edge's row, and he ended there
    assert agent._turn(state, state.stack[-1], ids) == "move:1:15,10"


def test_a_hidden_camper_under_a_wall_walks_round_it_out_of_the_light() -> None:
    state = randy_under_the_station()
    agent = HeuristicAgent(1)
    randy = state.chars["randy"]
    start = randy.tokens[1]
    while (choice := agent.act(observe(state, "campers"))) != "end":
        state.apply(choice)
    real = next(t for t, s in state.real["randy"].items() if s.value == REAL)
    # before: the decoy walked off and the real token stayed under the wall (15,10, the
    # way round west, is lit)
    assert randy.hidden and randy.tokens[real] != start
    assert north(state, randy.tokens[real]) <= north(state, start) - randy.speed + 1
    assert all(state.board.name(s) != "15,10" for s in randy.tokens.values())


def test_a_room_is_left_by_a_locked_door_from_inside() -> None:
    state = new()
    board = state.board
    jail = board.space("Sheriff's Station: Jail")
    assert row_of(state, jail) == 100  # no opening onto a hex: rows cannot say
    assert north(state, jail) < 99  # out through the station's rooms (11.1: from inside)
    locked = {s for edge in state.locked for s in edge}
    rooms = [s for s in locked if board.coords[s] is None]
    assert rooms and all(north(state, s) < 99 for s in rooms)
