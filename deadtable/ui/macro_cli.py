"""The terminal's macros (engine/macros.py): a game's shortcut through a run of the seat's own
decisions, typed as its word (Last Night on Earth's `rest`: the rest of the zombies stay; `advance`:
they move as the zombie agent would), each
of its actions played as the ordinary action it is. Only the deciding seat's prompt offers it."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from deadtable import registry
from deadtable.engine.decisions import Decision
from deadtable.engine.macros import Macro, NoMacro, StandingOrder, offered, order_step, run
from deadtable.engine.state import GameState


def macros(state: GameState, decision: Decision) -> list[Macro]:
    """The macros the deciding seat may type now ([] where the game offers none)."""
    read = registry.macro_reader(state.game.spec)
    return [] if read is None else offered(state, decision.seat, read)


def show(console: Console, found: list[Macro]) -> None:
    """A line per macro under the choices: its word, its label and what it does (or why not)."""
    for m in found:
        line = f"  {m.id}: {m.label}: {m.note}" if m.action else f"  ({m.id}: {m.note})"
        console.print(Text(line, style="dim"), soft_wrap=True)


def ask(found: list[Macro], answer: str) -> Macro | None:
    """The macro an answer names (its word, in any case), or None."""
    return next((m for m in found if m.id == answer.strip().lower()), None)


def play(console: Console, state: GameState, seat: str, macro: Macro,
         apply: Callable[[str], None]) -> StandingOrder | None:
    """Run the macro with `apply` (the play loop's, so that undo sees each action) and say
    what it did: how many choices it made, and why it stopped where the seat is still asked.
    Returns the standing order it leaves (engine/macros.py), for the play loop to keep."""
    read = registry.macro_reader(state.game.spec)
    assert read is not None
    try:
        done = run(state, seat, macro.id, read, apply)
    except NoMacro as error:
        console.print(Text(f"{macro.id}: {error}", style="red"), soft_wrap=True)
        return None
    n = done["actions"]
    line = f"{macro.label}: {n} choice{'' if n == 1 else 's'} made"
    if done["why"]:
        line += f"; {'waiting' if done['order'] else 'stopped'}: {done['why']}"
    console.print(Text(line, style="yellow" if done["why"] else "bold"), soft_wrap=True)
    standing: StandingOrder | None = done["order"]
    return standing


def follow(console: Console, state: GameState, orders: dict[str, StandingOrder],
           apply: Callable[[str, str], None]) -> dict[str, str]:
    """Take the standing macros' actions (`apply(seat, action)`) while the seat asked has one
    that goes on, a line each ("zombies-1: Zombie 3 stays where it is (The rest of your
    zombies stay)": public, as the move is); drop those that end. Returns, per seat whose order
    ended because it must decide, why (to tell that seat when it is asked)."""
    read = registry.macro_reader(state.game.spec)
    told: dict[str, str] = {}
    while read is not None and (decision := state.decision) is not None \
            and (order := orders.get(decision.seat)) is not None:
        action, why, going = order_step(state, order, read)
        if not going:
            del orders[order.seat]
            if why:
                told[order.seat] = f"{order.label}: stopped: {why}"
            break
        if action is None:
            break
        taken = decision.get(action)
        console.print(Text(f"{order.seat}: {taken.label if taken else action} ({order.label})",
                           style="dim"), soft_wrap=True)
        apply(order.seat, action)
        if (going_on := order.took()) is None:
            del orders[order.seat]
        else:
            orders[order.seat] = going_on
    return told
