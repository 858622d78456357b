"""The terminal's `go SPACE`: walk the deciding figure to a space it can still reach this turn
(engine/reach.py), each step played as the ordinary move it is; `go` alone lists the reach. Only
the deciding seat's own prompt offers it, so the reach is shown to nobody else."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from deadtable import registry
from deadtable.engine.decisions import Decision
from deadtable.engine.reach import MoveReader, NoWalk, Route, not_plain, reach, route_to, walk_step
from deadtable.engine.state import GameState

USAGE = "go SPACE"


def offered(state: GameState, decision: Decision) -> bool:
    """Whether `go` means something here: the game reads moves and this decision has some."""
    read = registry.move_reader(state.game.spec)
    return read is not None and any(read(state, a) is not None for a in decision.actions)


def _reader(state: GameState) -> MoveReader:
    read = registry.move_reader(state.game.spec)
    if read is None:
        raise ValueError(f"{state.game.spec.name} moves no figure a step at a time")
    return read


def ask(console: Console, state: GameState, decision: Decision, rest: str) -> Route | None:
    """The route `go REST` asks for, or None (the reach listed, or an error said)."""
    if not offered(state, decision):
        console.print(Text("go: nothing of yours moves step by step now; choose an action",
                           style="red"), soft_wrap=True)
        return None
    routes = reach(state, decision.seat, _reader(state))
    words = rest.split()
    if not words:
        for who, spaces in routes.items():
            far = sorted(spaces.values(), key=lambda r: (len(r.steps), r.target))
            listed = ", ".join(f"{r.target} ({len(r.steps)})" for r in far)
            console.print(Text(f"{who} can still get to (steps): {listed or 'nowhere'}"),
                          soft_wrap=True)
        return None
    space, named = words[-1], " ".join(words[:-1])
    # a figure named as the reach names it, in any case
    mover: str | None = (next((m for m in routes if m.lower() == named.lower()), named)
                         if named else None)
    try:
        return route_to(routes, space, mover)
    except NoWalk as error:
        console.print(Text(f"go {rest}: {error}", style="red"), soft_wrap=True)
        return None


def walk(console: Console, state: GameState, seat: str, route: Route,
         apply: Callable[[str], None]) -> None:
    """Take the route's steps with `apply` (the play loop's, so that undo sees each), each
    checked first; stop after a step that was not plain or where the decision changed."""
    read = _reader(state)
    for n, action_id in enumerate(route.steps):
        why = walk_step(state, seat, route, n, read)
        if why is not None:
            _said(console, route, n, f"{why}", stopped=True)
            return
        before = state.clone()
        apply(action_id)
        why = not_plain(before, state, seat)
        if why is not None:
            _said(console, route, n + 1, why, stopped=n + 1 < len(route.steps))
            return
    _said(console, route, len(route.steps), None, stopped=False)


def _said(console: Console, route: Route, taken: int, why: str | None, stopped: bool) -> None:
    at = route.spaces[taken - 1] if taken else route.start
    of = f"{taken} of {len(route.steps)} step{'' if len(route.steps) == 1 else 's'}"
    if stopped:
        line = f"{route.mover} stopped at {at} after {of} toward {route.target}: {why}"
    else:
        line = f"{route.mover} moved to {at} ({of})" + (f": {why}" if why else "")
    console.print(Text(line, style="yellow" if stopped else "bold"), soft_wrap=True)
