"""The heuristic agents play whole games, for every seat and for 2 to 13 players; the raiders
hunt: the van races for the road's exit north, a raider seeks hide tokens and appears on
one about to escape."""

from __future__ import annotations

import pytest

from deadtable.agents.base import Observation
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState
from deadtable.games.psycho_raiders import SPEC
from deadtable.games.psycho_raiders.agent import HeuristicAgent, quarry, road_exit, to_exit
from deadtable.games.psycho_raiders.geometry import distance
from tests.games.psycho_raiders.table import ginger_turn, put, spud_beside_hidden_ginger


def observe(state: GameState, seat: str) -> Observation:
    decision = state.decision
    assert decision is not None

    def sample(dice: Dice) -> GameState:
        copy = state.clone()
        copy.determinize(seat, dice)
        return copy

    return Observation(seat, decision, state.game, lambda: state.view(seat), sample)


@pytest.mark.parametrize("players", [2, 13])
def test_heuristic_plays_every_seat_to_the_end(players: int) -> None:
    game = SPEC.bind(players=players, **{"max-turns": 8})
    state = game.new(seed=players)
    agents = {seat: HeuristicAgent(i) for i, seat in enumerate(game.seats)}
    while state.outcome is None:
        decision = state.decision
        assert decision is not None
        state.apply(agents[decision.seat].act(observe(state, decision.seat)))
    assert state.outcome is not None


def test_heuristic_campers_drive_north() -> None:
    game = SPEC.bind(players=2, events="none")
    state = game.new(seed=5)
    agent = HeuristicAgent(1)
    while state.decision is not None and state.decision.seat == "raiders":
        state.apply(state.decision.ids[0])  # the Sinister Sheet's ranking
    before = state.vehicles["Pickup Truck"]
    while state.decision is not None and state.decision.seat == "campers":
        state.apply(agent.act(observe(state, "campers")))
    row = state.board.offset(state.vehicles["Pickup Truck"])
    assert row is not None and row[1] < (state.board.offset(before) or (0, 99))[1]


def test_heuristic_raider_walks_onto_the_hide_tokens_and_seeks() -> None:
    state, spot = spud_beside_hidden_ginger()
    agent = HeuristicAgent(1)
    state.apply(agent.act(observe(state, "raiders")))
    assert state.chars["spud"].tokens[1] == spot  # onto the tokens (10.6: to seek there)
    choice = agent.act(observe(state, "raiders"))
    assert choice.startswith("seek:ginger:")


def test_heuristic_van_races_along_the_road_to_its_exit_north() -> None:
    game = SPEC.bind(players=2, events="none")
    state = game.new(seed=5)
    agents = {seat: HeuristicAgent(n) for n, seat in enumerate(game.seats)}
    exit_hex = road_exit(state)
    assert exit_hex is not None
    before = to_exit(state, state.vehicles["Van"])
    while state.round < 3 and state.decision is not None:
        seat = state.decision.seat
        state.apply(agents[seat].act(observe(state, seat)))
    assert state.round == 3 and to_exit(state, state.vehicles["Van"]) <= before - 10
    assert any(c.vehicle == "Van" for c in state.chars.values())  # its riders aboard


def test_heuristic_raider_appears_on_a_token_about_to_escape() -> None:
    state, name = ginger_turn()
    state.apply(f"hide:{name}:new")
    state.chars["ginger"].tokens = {1: state.board.space("3,27"), 2: state.board.space("12,2")}
    state.apply("end")
    for key in ("dawn", "randy"):
        state.apply(f"turn:{key}")
        state.apply("end")
    put(state, "spud", "20,20")
    state.apply("turn:spud")
    assert quarry(state, state.chars["spud"]) == state.board.space("12,2")  # row 2
    agent = HeuristicAgent(1)
    state.apply(agent.act(observe(state, "raiders")))
    assert state.abilities_used == ["raider:appear-anywhere"]
    assert distance(state.board, state.chars["spud"].tokens[1], state.board.space("12,2")) == 1
    state.apply(agent.act(observe(state, "raiders")))  # onto the token, and seeks it
    assert agent.act(observe(state, "raiders")) == "seek:ginger:2"
