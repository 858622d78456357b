"""Undo (engine/undo.py) in every game: a decision that revealed nothing is taken back exactly;
one that rolled dice or drew a card is refused with the reason; another seat's decision closes
the window; a replay after an undo is the game as played."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from deadtable import registry
from deadtable.engine.replay import Replay, digest
from deadtable.engine.state import GameState
from deadtable.engine.undo import CHANCE, ROLLED, CannotUndo, UndoStack

SOLO = ("one-against-the-dead", "chainsaw-warrior", "left-4-dead")
Test = Callable[[GameState, GameState], bool]


def walk_to(game_id: str, wanted: Test, games: int = 20
            ) -> tuple[GameState, UndoStack, GameState, str]:
    """Play seeded random games until a move goes from a state to one that `wanted` accepts:
    the state after it, its stack, a copy of the state before, and the deciding seat."""
    game = registry.load(game_id)
    for seed in range(1, games + 1):
        state, stack, rng = game.new(seed=seed), UndoStack(), random.Random(seed)
        while (decision := state.decision) is not None:
            before = state.clone()
            stack.apply(state, rng.choice(decision.actions).id)
            if wanted(before, state):
                return state, stack, before, decision.seat
    raise AssertionError(f"no such step in {games} random games of {game_id}")


def quiet(before: GameState, after: GameState) -> bool:
    return (after.dice.to_data() == before.dice.to_data()
            and after._hidden("x") == before._hidden("x"))


@pytest.mark.parametrize("game_id", SOLO)
def test_a_decision_that_revealed_nothing_is_undone_exactly(game_id: str) -> None:
    state, stack, before, seat = walk_to(game_id, quiet)
    assert stack.refusal(state, seat) is None
    step = stack.undo(state, seat)
    assert state.to_json() == before.to_json()
    assert step.label and step.action not in state.history[len(before.history):]
    # and the game plays on from there as if the decision had never been made
    decision = state.decision
    assert decision is not None and decision == before.decision


@pytest.mark.parametrize("game_id", SOLO)
def test_a_decision_that_rolled_dice_is_refused(game_id: str) -> None:
    state, stack, before, seat = walk_to(game_id, lambda b, a: a.dice.rolls > b.dice.rolls)
    assert stack.refusal(state, seat) == ROLLED
    kept = state.to_json()
    with pytest.raises(CannotUndo, match="cannot undo: the dice were rolled"):
        stack.undo(state, seat)
    assert state.to_json() == kept, "a refused undo changes nothing"


@pytest.mark.parametrize(("game_id", "why"), [
    ("one-against-the-dead", "a card was drawn"),
    ("chainsaw-warrior", "an Equipment card was drawn"),
    ("chainsaw-warrior", "a House card was turned over"),
])
def test_a_decision_that_drew_a_card_is_refused(game_id: str, why: str) -> None:
    def drew(before: GameState, after: GameState) -> bool:
        same = after.dice.to_data() == before.dice.to_data()
        return same and after._hidden("x")[why] != before._hidden("x")[why]

    state, stack, _, seat = walk_to(game_id, drew)
    assert stack.refusal(state, seat) in (why, *state._hidden(seat))
    with pytest.raises(CannotUndo):
        stack.undo(state, seat)


def test_a_shuffle_is_chance_though_no_die_was_rolled() -> None:
    state, stack, _, seat = walk_to(
        "chainsaw-warrior", lambda b, a: a.dice.rolls == b.dice.rolls
        and a.dice.to_data() != b.dice.to_data())
    assert stack.refusal(state, seat) == CHANCE


def l4d_survivors_turn() -> tuple[GameState, UndoStack]:
    """Left 4 Dead, seed 1: weapons taken, initiative rolled, the survivors' first turn."""
    game = registry.load("left-4-dead")
    state, stack = game.new(seed=1), UndoStack()
    while (decision := state.decision) is not None and "take:" in decision.actions[0].id:
        stack.apply(state, decision.actions[0].id)
    assert decision is not None and decision.seat == "survivors"
    assert decision.prompt.startswith("Order marker 1")
    return state, stack


def test_left_4_dead_undoes_two_figure_moves_one_step_at_a_time() -> None:
    state, stack = l4d_survivors_turn()
    assert stack.refusal(state, "survivors") == ROLLED  # initiative was rolled since
    start = state.to_json()
    stack.apply(state, "turn:bill")
    bill = state.to_json()
    room = state.board.zones["start"].spaces  # a step inside the safe room leaves Move to spare
    first = next(a.id for a in state.decision.actions
                 if a.id.startswith("move:") and int(a.id.split(":")[1]) in room)
    stack.apply(state, first)
    moved_once = state.to_json()
    second = next(a.id for a in state.decision.actions if a.id.startswith("move:"))
    stack.apply(state, second)
    assert state.view("survivors") != moved_once
    for expected in (moved_once, bill, start):
        stack.undo(state, "survivors")
        assert state.to_json() == expected
    assert stack.refusal(state, "survivors") == ROLLED, "the initiative roll stays"
    assert Replay.of(state).run(registry.load("left-4-dead")).to_json() == start


def test_another_seats_decision_closes_the_window() -> None:
    state, stack = l4d_survivors_turn()
    stack.apply(state, "end-turn")  # the survivors pass; the infected's turn 1
    assert state.decision is not None and state.decision.seat == "infected"
    assert stack.refusal(state, "infected") == "survivors has decided since"
    assert stack.refusal(state, "survivors") is None  # nobody has answered yet
    stack.apply(state, "end-turn")  # the infected pass too: no dice, nothing drawn
    assert state.decision is not None and state.decision.seat == "survivors"
    assert stack.refusal(state, "survivors") == "infected has decided since"
    stack.undo(state, "infected")  # the infected may take theirs back...
    assert state.decision is not None and state.decision.seat == "infected"
    # ...but they saw the survivors' pass: that stays
    assert stack.refusal(state, "survivors") == "infected has decided since"


def test_a_replay_after_an_undo_is_the_game_as_played() -> None:
    state, stack, before, seat = walk_to("one-against-the-dead", quiet)
    undone = stack.undo(state, seat)
    decision = state.decision
    assert decision is not None
    other = next((a.id for a in decision.actions if a.id != undone.action), undone.action)
    stack.apply(state, other)
    recorded = Replay.of(state)
    assert recorded.actions == state.history and len(recorded.actions) == len(before.history) + 1
    replayed = Replay.from_json(recorded.to_json()).run(state.game)
    assert digest(replayed) == digest(state) and replayed.to_json() == state.to_json()


def test_nothing_to_undo_at_the_start_says_so() -> None:
    state, stack = registry.load("one-against-the-dead").new(seed=2), UndoStack()
    assert stack.refusal(state, "player") == "no decision has been made yet"


def test_a_game_that_does_not_say_what_it_hides_offers_no_undo() -> None:
    from tests.sim.race_game import SPEC

    state, stack = SPEC.bind().new(seed=1), UndoStack()
    decision = state.decision
    assert decision is not None
    stack.apply(state, decision.actions[0].id)
    assert stack.refusal(state, decision.seat) == f"{SPEC.name} does not offer undo"


def test_a_finished_game_cannot_be_undone() -> None:
    state, stack, _, seat = walk_to("one-against-the-dead",
                                    lambda b, a: a.outcome is not None)
    assert stack.refusal(state, seat) == "the game is over"
