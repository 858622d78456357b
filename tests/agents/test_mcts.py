"""The generic MCTS agent and determinization."""

from __future__ import annotations

from collections import Counter

import deadtable
from deadtable.agents import make_agent, observe
from deadtable.engine.dice import Dice


def test_mcts_walks_onto_the_target_instead_of_gambling(race: str) -> None:
    state = deadtable.load(race).new(seed=3)
    state.positions["player"] = 9  # type: ignore[attr-defined]
    state._decision = None
    assert make_agent("mcts:iterations=60", seed=1).act(observe(state)) == "walk"


def test_mcts_leaves_the_state_alone_and_repeats_itself_with_the_same_seed() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    before = state.to_json()
    first = make_agent("mcts:iterations=20", seed=9).act(observe(state))
    assert state.to_json() == before
    assert first in state.decision.ids  # type: ignore[union-attr]
    assert make_agent("mcts:iterations=20", seed=9).act(observe(state)) == first


def test_determinizing_keeps_what_the_seat_knows_and_reshuffles_the_rest() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    hidden = sorted(state.face_down)
    orders = set()
    for seed in range(10):
        guess = state.clone()
        guess.determinize("player", Dice(seed))
        assert guess.view("player") == state.view("player")
        assert Counter(guess.deck.cards + [guess.grid[p] for p in hidden]) == Counter(
            state.deck.cards + [state.grid[p] for p in hidden]
        )
        assert guess.dice.state != state.dice.state
        orders.add(tuple(guess.deck.cards))
    assert len(orders) == 10


def test_mcts_rejects_a_bad_parameter() -> None:
    import pytest

    with pytest.raises(ValueError, match="iterations must be at least 1"):
        make_agent("mcts:iterations=0", seed=1)
    with pytest.raises(ValueError, match="no parameter 'depht'"):
        make_agent("mcts:depht=3", seed=1)
