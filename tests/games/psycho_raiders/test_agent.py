"""The heuristic agents play whole games, for every seat and for 2 to 13 players."""

from __future__ import annotations

import pytest

from deadtable.agents.base import Observation
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState
from deadtable.games.psycho_raiders import SPEC
from deadtable.games.psycho_raiders.agent import HeuristicAgent


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
