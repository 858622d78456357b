"""Taking back a seat's own decisions that revealed nothing (docs/engine.md, "Undo").

A decision may be undone when, from the state before it to the state after it, nothing was
left to chance (the dice are exactly as they were: no roll, no shuffle), nothing hidden from
the seat changed or became known to it (`GameState._hidden`: the game names what it hides and
what a change to it means, "a card was drawn"), and it is the last decision of the game, so
that no other seat has decided since. An undo restores the state before it exactly (a clone
taken when the decision was made); its action leaves the history, and with it the saves and
replays, which record the game as played.

`UndoStack` keeps those states for one game being played (the terminal's play loop, the web
server's live game). Several undos in a row walk back a run of one seat's decisions, each step
checked again. A step that rolled dice or revealed something closes the window below it, and
so does another seat's decision: what that seat decided, it decided having seen yours.
The stack lives beside the state, not in it: a saved game holds no undo. A game loaded from a
save or by a restarted server gets its stack back as its actions are replayed through
`UndoStack.apply` (agents/seating.catch_up takes it), so that it undoes exactly as if it had
never stopped.
"""

from __future__ import annotations

from dataclasses import dataclass

from deadtable.engine.state import GameState

ROLLED = "the dice were rolled"
CHANCE = "something was left to chance (a shuffle or a random pick)"


class CannotUndo(ValueError):
    """An undo was asked for where none may be made; the message says why."""


def revealed(before: GameState, after: GameState, seat: str) -> str | None:
    """Why going back from `after` to `before` would make `seat` forget something it learnt or
    the dice undo a roll (a phrase: "the dice were rolled", "a card was drawn"), or None when
    the step from one to the other revealed nothing to `seat`."""
    if after.dice.rolls != before.dice.rolls:
        return ROLLED
    if after.dice.to_data() != before.dice.to_data():
        return CHANCE
    hidden = before._hidden(seat)
    if hidden is None:
        return f"{before.game.spec.name} does not offer undo"
    now = after._hidden(seat) or {}
    for what in [*hidden, *(w for w in now if w not in hidden)]:
        if hidden.get(what) != now.get(what):
            return what
    return None


@dataclass(frozen=True, slots=True)
class Step:
    """One decision made: who made it, which action, the state just before it, and why it may
    not be undone (None: it revealed nothing)."""

    seat: str
    action: str
    before: GameState
    why: str | None

    @property
    def label(self) -> str:
        """The action's label, as its seat was offered it."""
        decision = self.before.decision
        action = decision.get(self.action) if decision is not None else None
        return action.label if action is not None else self.action


class UndoStack:
    """The decisions of one game that may still be taken back, latest last."""

    __slots__ = ("steps", "closed")

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.closed: str | None = None  # why the decisions below the first step are out of reach

    def apply(self, state: GameState, action_id: str) -> None:
        """`state.apply(action_id)`, remembered so that it can be undone."""
        decision = state.decision
        before = state.clone()
        state.apply(action_id)  # an illegal action raises here and records nothing
        assert decision is not None  # apply raised GameOver otherwise
        self.record(decision.seat, action_id, before, state)

    def record(self, seat: str, action_id: str, before: GameState, after: GameState) -> None:
        """Note that `seat` took `action_id` from `before` (which must not be changed
        afterwards: the caller hands it over) to `after`."""
        why = revealed(before, after, seat)
        if why is not None or (self.steps and self.steps[-1].seat != seat):
            self.steps.clear()  # nothing below this step can be reached again
            self.closed = why or f"{seat} has decided since"
        self.steps.append(Step(seat, action_id, before, why))

    def refusal(self, state: GameState, seat: str) -> str | None:
        """Why `seat` may not undo its last decision in `state` now, or None if it may."""
        if state.outcome is not None:
            return "the game is over"
        if not self.steps:
            return self.closed or "no decision has been made yet"
        top = self.steps[-1]
        if (len(state.history) != len(top.before.history) + 1
                or state.history[-1] != top.action):
            return "the game has gone on in a way undo did not see"
        if top.seat != seat:
            return f"{top.seat} has decided since"
        if top.why is not None:
            return top.why
        return None

    def available(self, state: GameState, seat: str) -> bool:
        return self.refusal(state, seat) is None

    def undo(self, state: GameState, seat: str) -> Step:
        """Take back `seat`'s last decision: `state` becomes exactly what it was before it.
        Returns the step undone; CannotUndo (changing nothing) says why when it may not."""
        why = self.refusal(state, seat)
        if why is not None:
            raise CannotUndo(f"cannot undo: {why}")
        step = self.steps.pop()
        restore(state, step.before)
        return step

    def pop(self, state: GameState, seat: str) -> Step:
        """Like `undo`, but leaves `state` alone: the caller takes `step.before` in its place
        (the web server, which swaps its state rather than copying into it)."""
        why = self.refusal(state, seat)
        if why is not None:
            raise CannotUndo(f"cannot undo: {why}")
        return self.steps.pop()


def restore(state: GameState, before: GameState) -> None:
    """Make `state` exactly `before` (which stays the caller's to drop: they share nothing).
    `state` is emptied first, so that it is what `before.clone()` would be: nothing the game's
    `_copy_into` leaves unset (a cache filled when first asked for) survives from after."""
    for kind in type(state).__mro__:
        for name in getattr(kind, "__slots__", ()):
            if not name.startswith("__") and hasattr(state, name):
                delattr(state, name)
    if hasattr(state, "__dict__"):
        vars(state).clear()
    before._copy_into(state)
    GameState._copy_base(before, state)
