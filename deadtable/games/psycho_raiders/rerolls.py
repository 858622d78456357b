"""Will to re-roll on a table (4.51: "A single will can be erased to re-roll dice in attacks and
on tables"; 9: "not including Events"): the character rolls, may spend 1 Will to roll again
(the new roll stands), and the table's result follows. Each table registers what its result
does (`resolver`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.psycho_raiders.state import Character, PsychoRaidersState

REROLL = "4.51 Will"
Resolver = Callable[[PsychoRaidersState, Character, int, str], None]
RESOLVERS: dict[str, Resolver] = {}


def resolver(purpose: str) -> Callable[[Resolver], Resolver]:
    def register(function: Resolver) -> Resolver:
        RESOLVERS[purpose] = function
        return function

    return register


def who(char: Character) -> str:
    return "Someone hidden" if char.hidden else char.name


def roll_table(state: PsychoRaidersState, char: Character, purpose: str, arg: str,
               what: str, cite: str) -> None:
    """Roll a D6 on a table for `purpose`; the result waits for the Will re-roll choice."""
    roll = state.dice.d6()
    state.event(f"{who(char)} rolls {roll} on the {what}.", cite)
    if char.will > 0:
        state.push(TableRoll(step="ask", char=char.key, purpose=purpose, arg=arg, roll=roll,
                             what=what))
    else:
        RESOLVERS[purpose](state, char, roll, arg)


def keep_or_reroll(char: Character, prompt: str, roll: int, cite: str = "4.51") -> Decision:
    """The choice after a roll: keep it, or spend 1 Will to roll again (4.51, 14.51)."""
    return Decision.of(char.seat, prompt, [
        Action("keep", f"Keep the {roll}", {"verb": "keep"}),
        Action("reroll", f"Re-roll (1 Will; the new roll stands, {cite})", {"verb": "reroll"})])


@dataclass(slots=True)
class TableRoll(Frame):
    KIND = "table-roll"
    step: str  # ask | done
    char: str
    purpose: str
    arg: str
    roll: int
    what: str


class TableRollHandler(Handler[PsychoRaidersState, TableRoll]):
    def decide(self, state: PsychoRaidersState, frame: TableRoll) -> Decision | None:
        char = state.chars[frame.char]
        if frame.step != "ask" or char.will <= 0:
            return None
        return keep_or_reroll(char, f"{char.name} rolled {frame.roll} on the {frame.what}",
                              frame.roll)

    def apply(self, state: PsychoRaidersState, frame: TableRoll, action_id: str) -> None:
        if action_id == "reroll":
            char = state.chars[frame.char]
            char.will -= 1
            frame.roll = state.dice.d6()
            state.event(f"{who(char)} spends 1 Will and rolls again: {frame.roll}.", REROLL)
        frame.step = "done"

    def run(self, state: PsychoRaidersState, frame: TableRoll) -> None:
        if frame.step == "ask":
            frame.step = "done"
            return
        state.pop()
        RESOLVERS[frame.purpose](state, state.chars[frame.char], frame.roll, frame.arg)
