"""Undo's contract, on every registered game (the cases of conftest.py): the game says what it
hides (`GameState._hidden`, so it offers undo at all); every decision the engine lets its seat
take back is restored exactly, JSON for JSON; and what the game hides is declared in full: after
a decision undo allows, the seat's view is the same in every world that differs only in what
the seat cannot see (the state determinized for it), so taking the decision back makes it
forget nothing. A game whose `_hidden` left out a deck would fail that last check."""

from __future__ import annotations

from typing import Any

import pytest

from deadtable.engine.dice import Dice, derive_seed
from deadtable.engine.game import Game
from deadtable.engine.state import GameState
from deadtable.engine.undo import UndoStack

STEP_CAP = 20_000
WORLDS = 2  # determinized worlds each undoable decision is played in again
CHECKED = 60  # undoable decisions per game checked against those worlds (the rest: restored)
SEEDS = 4  # of each case's seeds: the rest of the suite plays them all


def same_view_in_other_worlds(before: GameState, action: str, after: GameState, seat: str,
                              seed: int) -> None:
    for world in range(WORLDS):
        guess = before.clone()
        guess.determinize(seat, Dice(derive_seed(seed, 7, world)))
        guess.apply(action)
        assert guess.view(seat) == after.view(seat), (
            f"{before.game.id}: {action!r} may be undone, but what {seat} sees after it depends "
            f"on what it could not see before: `_hidden` leaves something out")


def test_undo_restores_exactly_and_only_what_revealed_nothing(game: Game, case: Any) -> None:
    for seed in case.seeds[:SEEDS]:
        play_undoing(game, seed)


def play_undoing(game: Game, seed: int) -> None:
    """Random play that takes back and replays every decision it may."""
    state, stack = game.new(seed=seed), UndoStack()
    picker = Dice(derive_seed(seed, 5))
    for seat in game.seats:
        assert state._hidden(seat) is not None, f"{game.id} does not say what {seat} cannot see"
    checked = 0
    for _ in range(STEP_CAP):
        decision = state.decision
        if decision is None:
            return
        action, before = picker.choice(decision.ids), state.clone()
        stack.apply(state, action)
        if not stack.available(state, decision.seat):
            continue
        if checked < CHECKED:
            same_view_in_other_worlds(before, action, state, decision.seat, seed)
            checked += 1
        after = state.to_json()
        stack.undo(state, decision.seat)
        assert state.to_json() == before.to_json(), f"undoing {action!r} did not restore"
        stack.apply(state, action)
        assert state.to_json() == after, f"{action!r} played again went otherwise"
    raise AssertionError(f"{game.id} seed {seed}: no end after {STEP_CAP} steps")


def test_a_game_that_hides_a_deck_from_undo_fails(monkeypatch: Any) -> None:
    from deadtable import registry
    from deadtable.games.one_against_the_dead.state import OneAgainstTheDeadState

    monkeypatch.setattr(OneAgainstTheDeadState, "_hidden", lambda self, seat: {})
    with pytest.raises(AssertionError, match="`_hidden` leaves something out"):
        play_undoing(registry.load("one-against-the-dead"), 1)
