"""The terminal's `go SPACE`: walk the deciding figure to a space it can still reach this turn
(engine/reach.py), each step played as the ordinary move it is; `go` alone lists the reach. Only
the deciding seat's own prompt offers it, so the reach is shown to nobody else.

A figure that an opening lets move (a driver's speed not yet announced) is listed by the
opening each space needs, and a walk there takes it first. Another seat's question in the
middle of the move (the game's pass) is put to that seat's agent, or answered by its person's
standing answer (engine/standing.py, the `auto` command), as between two steps typed one by
one, and the walk goes on if it passes; a person without one is asked at their own prompt:
the walk waits (`Paused`) and the play loop lets it go on by itself if they pass. The reach
is searched past every seat's pass, whoever answers it, so it shows nobody how the others
answer."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from deadtable import registry
from deadtable.engine.decisions import Decision
from deadtable.engine.reach import (
    MoveReader,
    NoWalk,
    PassReader,
    Route,
    not_plain,
    pass_to_answer,
    reach,
    route_to,
    walk_step,
)
from deadtable.engine.standing import asked
from deadtable.engine.state import GameState

USAGE = "go SPACE"


def offered(state: GameState, decision: Decision) -> bool:
    """Whether `go` adds something here (`why_not`)."""
    return why_not(state, decision) is None


def why_not(state: GameState, decision: Decision) -> str | None:
    """None where `go` adds something to the ordinary choices: the game reads moves, this
    decision has some (or an opening that leads to some: a driver's speed, engine/reach.py),
    and some space in reach is more than one step away or needs that opening first. Else why
    not: nothing moves, or every space in reach is one step away (a zombie's plain one-space
    move, a hero's last step), which its own choice already takes."""
    return _reach(state, decision)[0]


def _reach(state: GameState, decision: Decision) -> tuple[str | None, dict[str, dict[str, Route]]]:
    """`why_not`'s answer, and the reach it found (searched once for both)."""
    read = registry.move_reader(state.game.spec)
    opens, passes = registry.walk_readers(state.game.spec)
    if read is None or not any(
            read(state, a) is not None or (opens is not None and opens(state, a) is not None)
            for a in decision.actions):
        return "nothing of yours moves step by step now; choose an action", {}
    routes = reach(state, decision.seat, read, opens, passes)  # past every seat's pass
    if any(len(r.steps) > 1 or r.opening for spaces in routes.values() for r in spaces.values()):
        return None, routes
    movers = ", ".join(routes) or "nothing of yours"
    return (f"every space {movers} can get to now is one step away: type the space (or its "
            f"choice's number); go walks only farther than one step"), routes


def _reader(state: GameState) -> MoveReader:
    read = registry.move_reader(state.game.spec)
    if read is None:
        raise ValueError(f"{state.game.spec.name} moves no figure a step at a time")
    return read


@dataclass(frozen=True, slots=True)
class Paused:
    """A walk waiting for a person's answer to the game's pass: it goes on by itself from
    action `n` of its route if the next action is that pass (`resumes`)."""

    seat: str
    route: Route
    n: int
    moved: int  # steps taken before it stopped
    on: str  # the seat asked
    at: int  # the game's length when it stopped
    answer: str  # the pass

    def resumes(self, state: GameState) -> bool:
        """Whether they let it go on, and it is the walker's decision again."""
        decision = state.decision
        return (len(state.history) == self.at + 1 and state.history[-1] == self.answer
                and decision is not None and decision.seat == self.seat)


def ask(console: Console, state: GameState, decision: Decision, rest: str) -> Route | None:
    """The route `go REST` asks for, or None (the reach listed, or an error said); the reach
    goes past the game's passes, whoever answers them (the walk waits for a person)."""
    why, routes = _reach(state, decision)
    if why is not None:
        console.print(Text(f"go: {why}", style="red"), soft_wrap=True)
        return None
    words = rest.split()
    if not words:
        for who, spaces in routes.items():
            far = sorted(spaces.values(), key=lambda r: (len(r.steps), r.target))
            for how in dict.fromkeys(r.how for r in far) or [""]:
                listed = ", ".join(f"{r.target} ({len(r.steps)})" for r in far if r.how == how)
                first = f" at {how} (go announces it first)" if how else ""
                console.print(Text(f"{who}{first} can still get to (steps): "
                                   f"{listed or 'nowhere'}"), soft_wrap=True)
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
         apply: Callable[[str], None], agents: Mapping[str, Callable[[GameState], str]]
         | None = None, standing: PassReader | None = None, start: int = 0,
         moved: int = 0) -> Paused | None:
    """Take the route's actions from action `start` (`moved` steps taken before) with `apply`
    (the play loop's, so that undo sees each), each checked first; stop after a step that was
    not plain or where the decision changed. Where another seat's question comes in between
    (the game's pass), that seat's agent in `agents` (seat -> its choice in a state) answers
    with `apply` too, or `standing` (a person's standing answer, engine/standing.py), and the
    walk goes on if it passed; a person without one is waited for: the Paused walk returned."""
    read = _reader(state)
    passes = registry.walk_readers(state.game.spec)[1]
    total = len(route.actions)
    for n in range(start, total):
        action_id = route.actions[n]
        other = pass_to_answer(state, seat, passes)
        if other is not None and agents and other in agents:
            before = state.clone()
            answer = agents[other](state)
            apply(answer)
            if passes is not None and answer != passes(before):
                _said(console, route, n, moved, not_plain(before, state, seat)
                      or f"{other} did not let it go on", stopped=True)
                return None
        elif other is not None and standing is not None and (
                stood := standing(state)) is not None:
            apply(stood)
        elif other is not None and passes is not None:
            answer_id = passes(state)
            assert answer_id is not None
            _said(console, route, n, moved, f"waiting for {other} ({_question(state)}); it "
                  f"goes on by itself if they let it", stopped=True)
            return Paused(seat, route, n, moved, other, len(state.history), answer_id)
        why = walk_step(state, seat, route, n, read)
        if why is not None:
            _said(console, route, n, moved, f"{why}", stopped=True)
            return None
        before = state.clone()
        apply(action_id)
        moved += n >= len(route.opening)
        why = not_plain(before, state, seat)
        if why is not None:
            _said(console, route, n + 1, moved, why, stopped=n + 1 < total)
            return None
    _said(console, route, total, moved, None, stopped=False)
    return None


def _question(state: GameState) -> str:
    offer = asked(state, registry.standing_offers(state.game.spec))
    return offer.question if offer is not None else "their answer"


def _said(console: Console, route: Route, taken: int, moved: int, why: str | None,
          stopped: bool) -> None:
    """The walk's line: where `taken` of the route's actions (its opening counted, not told)
    leave it, `moved` of its steps taken."""
    at = route.at(taken)
    of = f"{moved} of {len(route.steps)} step{'' if len(route.steps) == 1 else 's'}"
    if route.how and taken:
        of += f" at {route.how}"
    if stopped:
        line = f"{route.mover} stopped at {at} after {of} toward {route.target}: {why}"
    else:
        line = f"{route.mover} moved to {at} ({of})" + (f": {why}" if why else "")
    console.print(Text(line, style="yellow" if stopped else "bold"), soft_wrap=True)
