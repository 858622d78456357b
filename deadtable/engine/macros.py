"""A person's shortcut through a run of their own ordinary decisions (a *macro*), such as "the
rest stay" for a zombie player asked to move each zombie in turn.

A game whose rules ask one seat the same kind of question many times in a row names, in its
GameSpec, what it offers (`macros`: "module:function", (state, seat) -> [Macro]). Each Macro
says the ordinary action of the decision now that it takes next, or None and why it takes no
more (a zombie that must move by Zombie Hunger: the person moves it). Nothing in the rules
changes: a macro is never an action, its steps are the decision's own actions, each checked
legal and applied as a click would (so undo takes them back one at a time, and replays, saves
and the RL encoding see only them). Interfaces run it step by step (`macro_step`): the web
server's `POST /api/games/{id}/macro`, the terminal's macro word. Offered only to a person
on their own decision, never to agents or simulation.

A macro with a *scope* (the run it belongs to, e.g. "turn 3's zombie movement") goes on past
another seat's decisions inside that run: where a run stops because another seat is asked and
the macro says the seat has more of its own decisions further on (`later`), the interface keeps
a *standing* order (`StandingOrder`) and, each time the seat is asked again within the same scope,
takes the macro's next ordinary action for it (`order_step`), checked legal as before. It
ends once it has taken the `later` actions it counted, where the seat is asked anything
outside the scope, where the macro takes no more (the seat must decide: it is asked, with the
macro's why), or when the seat undoes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from deadtable.engine.state import GameState

# The most actions one run takes: far above any turn's (a zombie player's 30-odd zombies), it
# bounds the work one request can ask of a server.
MAX_STEPS = 200


@dataclass(frozen=True, slots=True)
class Macro:
    """A shortcut offered now: its word, its button's label, what it does (or why it cannot
    go on), and the action of the decision now that it takes next (None: none)."""

    id: str
    label: str
    note: str
    action: str | None
    # the run the macro belongs to, the same while it lasts (None: it never stands)
    scope: str | None = None
    # how many of the seat's decisions in the run come after another seat's
    later: int = 0
    # what a page may draw of the run before it is taken (the game's own shape, e.g. Last
    # Night on Earth's [{figure, name, from, to}] per move), worked out only when a payload
    # is made (to_data): None where the game shows none
    preview: Callable[[], list[dict[str, Any]]] | None = field(default=None, compare=False,
                                                               repr=False)

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "note": self.note,
                "available": self.action is not None, "later": self.later,
                "preview": self.preview() if self.preview is not None else None}


@dataclass(frozen=True, slots=True)
class StandingOrder:
    """A seat's macro that goes on when the seat is asked again within its scope (its run
    stopped where another seat decides). Kept by the interface, never in the game's state."""

    seat: str
    macro: str
    scope: str
    label: str
    left: int  # the seat's decisions in the run still to take (the macro's `later`)

    def took(self) -> StandingOrder | None:
        """The order after one more of its actions: None once it has none left."""
        return replace(self, left=self.left - 1) if self.left > 1 else None

    def to_data(self) -> dict[str, Any]:
        return {"macro": self.macro, "label": self.label, "left": self.left,
                "note": "each taken as the rules come to it; your undo, or a choice the "
                        "macro cannot make, ends it"}


MacroReader = Callable[[GameState, str], "list[Macro]"]


class NoMacro(ValueError):
    """A macro asked for that cannot start; the message says why and what is offered."""


def offered(state: GameState, seat: str, read: MacroReader) -> list[Macro]:
    """The macros `seat` may run on its own decision now ([] on anyone else's)."""
    decision = state.decision
    if decision is None or decision.seat != seat:
        return []
    return read(state, seat)


def macro_step(state: GameState, seat: str, macro_id: str,
               read: MacroReader) -> tuple[str | None, str | None]:
    """(the action the macro takes next, None), or (None, why it takes no more): the game
    offers it no more (the step it belongs to is over), another seat decides, the game
    says why (a zombie that must move), or its action is not legal now."""
    decision = state.decision
    if decision is None:
        return None, "the game is over"
    if decision.seat != seat:
        return None, f"it is {decision.seat}'s decision now"
    macro = next((m for m in read(state, seat) if m.id == macro_id), None)
    if macro is None:
        return None, f"{decision.prompt}: not {macro_id!r}"
    if macro.action is None:
        return None, macro.note
    if macro.action not in decision:
        return None, f"{macro.action} is not offered now"
    return macro.action, None


def start(state: GameState, seat: str, macro_id: str, read: MacroReader) -> Macro:
    """The macro asked for, if it can take a step now; else NoMacro, saying why."""
    found = offered(state, seat, read)
    macro = next((m for m in found if m.id == macro_id), None)
    if macro is None:
        names = ", ".join(m.id for m in found) or "none"
        raise NoMacro(f"no {macro_id!r} now; offered: {names}")
    if macro.action is None:
        raise NoMacro(f"{macro.label}: {macro.note}")
    return macro


def run(state: GameState, seat: str, macro_id: str, read: MacroReader,
        apply: Callable[[str], None]) -> dict[str, Any]:
    """Run a macro with `apply` (the caller's: through its undo stack): NoMacro if it cannot
    start; else {"macro", "actions": how many it took, "why": why it stopped, or None,
    "order": the StandingOrder to keep, or None}."""
    first = start(state, seat, macro_id, read)
    taken, why = 0, None
    while taken < MAX_STEPS:
        action, why = macro_step(state, seat, macro_id, read)
        if action is None:
            break
        apply(action)
        taken += 1
    return ran(macro_id, taken, why, state, seat, read, first)


def stands(first: Macro, state: GameState, seat: str, read: MacroReader) -> StandingOrder | None:
    """The standing order a run started as `first` leaves: where the macro has a scope and
    more of the seat's decisions after another seat's, and that seat is asked now within the
    same scope. None otherwise (the run is over, or the seat is asked again)."""
    decision = state.decision
    if first.scope is None or not first.later or decision is None or decision.seat == seat:
        return None
    theirs = next((m for m in read(state, decision.seat) if m.id == first.id), None)
    if theirs is None or theirs.scope != first.scope:
        return None
    # its label without the counts in brackets, which were of the moment it was run
    return StandingOrder(seat, first.id, first.scope, first.label.split(" (", 1)[0], first.later)


def order_step(state: GameState, standing: StandingOrder,
                  read: MacroReader) -> tuple[str | None, str | None, bool]:
    """What a standing order does now: (action, None, True) its next ordinary action, to take
    as the seat's; (None, None, True) wait (another seat is asked); (None, why, False) it ends:
    the seat is asked outside the scope (why None: the run is simply over), or the macro takes
    no more (why: the seat must decide, e.g. a zombie that must move), or the game is over."""
    decision = state.decision
    if decision is None:
        return None, None, False
    if decision.seat != standing.seat:
        return None, None, True
    macro = next((m for m in read(state, standing.seat) if m.id == standing.macro), None)
    if macro is None or macro.scope != standing.scope:
        return None, None, False
    if macro.action is None or macro.action not in decision:
        return None, macro.note, False
    return macro.action, None, True


def ran(macro_id: str, taken: int, why: str | None, state: GameState, seat: str,
        read: MacroReader, first: Macro | None = None) -> dict[str, Any]:
    """What a run did, for a page or a line: why it stopped only where its step goes on (the
    seat is asked what the macro could not answer: a zombie that must move; or another seat
    is asked within it: the other zombie player's zombie), not where its step simply ended;
    and the standing order it leaves (`stands`), if any, as `order`."""
    still = next((m for m in offered(state, seat, read) if m.id == macro_id), None)
    decision = state.decision
    standing = stands(first, state, seat, read) if first is not None else None
    if standing is not None and decision is not None:
        return {"macro": macro_id, "actions": taken, "order": standing,
                "why": f"{decision.seat} decides now: {decision.prompt}; the macro goes on "
                       f"each time you are asked again in this step"}
    if still is None and decision is not None and decision.seat != seat \
            and any(m.id == macro_id for m in read(state, decision.seat)):
        return {"macro": macro_id, "actions": taken, "order": None,
                "why": f"{decision.seat} decides now: {decision.prompt}"}
    return {"macro": macro_id, "actions": taken, "order": None,
            "why": why if still is not None and still.action is None else None}
