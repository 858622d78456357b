"""The public view (what a spectator sees), on every registered game: JSON, nothing named
hidden, independent of the dice, unchanged when any seat's unknowns are dealt anew (so it
holds nothing that some seat may not know), and it never changes the state."""

from __future__ import annotations

import json

from deadtable.engine.dice import Dice, derive_seed
from deadtable.engine.game import Game
from deadtable.engine.state import SPECTATOR, GameState
from tests.conformance.conftest import Case
from tests.conformance.test_conformance import MASK, forbidden_keys

SEEDS_PER_CASE = 3
STEPS = 80  # checked at each of the first STEPS states of each game


def check_public_view(game: Game, state: GameState) -> None:
    before = state.to_json()
    view = state.public_view()
    text = json.dumps(view, sort_keys=True)  # fails here if it is not JSON
    assert view["game"] == game.id and view["seat"] == SPECTATOR
    decision = state.decision
    assert view["to_move"] == (None if decision is None else decision.seat)
    assert view["log"] == [e.shown() for e in state.log if e.seats is None]
    assert not forbidden_keys(view), f"the public view shows {forbidden_keys(view)}"
    other_luck = state.clone()
    other_luck.dice.state = (state.dice.state ^ 0x2545F4914F6CDD1D) & MASK
    assert json.dumps(other_luck.public_view(), sort_keys=True) == text, (
        "the public view depends on the dice's hidden state")
    for seat in game.seats:
        guess = state.clone()
        guess.determinize(seat, Dice(len(text) + len(seat)))
        assert json.dumps(guess.public_view(), sort_keys=True) == text, (
            f"the public view shows something {seat!r} may not know")
    assert state.to_json() == before, "asking for the public view changed the state"


def test_public_view(game: Game, case: Case) -> None:
    for seed in case.seeds[:SEEDS_PER_CASE]:
        state = game.new(seed=seed)
        picker = Dice(derive_seed(seed, 7))
        for _ in range(STEPS):
            check_public_view(game, state)
            decision = state.decision
            if decision is None:
                break
            state.apply(picker.choice(decision.actions).id)
