"""Where the deciding seat's moving figure can still get this turn, and walking it there.

A board game whose rules move a figure one step per decision (a figure may act or be attacked
between steps) names, in its GameSpec, how to read a move action (`moves`: (state, action) ->
(mover, from, to) or None). From that alone, and the game's own rules, this module finds the
**reach**: every space each figure moving now can still get to by plain steps, with one route
of fewest steps to each. It is a breadth-first search over copies of the game: each edge is one
of the decision's move actions applied to a copy, and a copy is searched further only while
the same seat decides the same figure's moves and the step to it was plain. A step is plain
when it rolled no die, changed nothing hidden (engine/undo.py's `revealed`, the test undo
applies) and logged nothing but the move itself (one line); a step that is not plain may end a
route (its space is in reach) but is never searched past.

The search runs on a copy dealt anew from what the seat knows (`determinize`): the dice to
come and the others' secrets are guesses, so the reach's shape tells the seat nothing it does
not know. The walk (`walk_step` and `not_plain`, used by the web server and the terminal)
applies each step live as the ordinary move action it is, checked legal first, and stops at
the first step that was not plain or when the decision changes.

Two more readers a game may name (GameSpec.openings, GameSpec.passes; `registry.walk_readers`):

- an **opening** is an action that moves nothing but lets a figure move (Psycho Raiders: a
  driver announcing High, Safe or Off-Road Speed, 10.1, before its vehicle's first hex). The
  reach also searches past each opening of the decision, without taking it: a space only an
  opening leads to has a route that starts with it (`Route.opening`, named by `Route.how`),
  so the walk first takes the opening as the ordinary action it is. Where several openings
  (or none) lead to a space, the route of fewest steps is kept, then one whose last step is
  plain, then the first offered.
- a **pass** is another seat's decision, asked in the middle of the move, answered by letting
  the figure go on (Psycho Raiders: the raiders' Road Trap after each road hex a campers'
  vehicle drives, 16.2, answered "let it drive on"). The search goes past it as if so
  answered (`through`: the caller passes only the decisions of seats an agent plays); the
  walk lets that agent answer, as it would between two taps, and goes on only if it passed.

Reach is computed only for a person's seat on request (a page's payload, the terminal's `go`),
never for agents or simulation. The game's readers come from the registry
(`registry.move_reader`, `registry.walk_readers`): the engine imports no game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState
from deadtable.engine.undo import revealed

MoveReader = Callable[[GameState, Action], "tuple[str, str, str] | None"]
# (state, action) -> how an opening action lets a figure move ("High Speed"), None for others
OpeningReader = Callable[[GameState, Action], "str | None"]
# state -> the id of the action by which the deciding seat lets another seat's moving figure
# go on, None where its decision is no such question
PassReader = Callable[[GameState], "str | None"]
# The most copies one search makes: a figure's turn on the largest map stays far below it
# (measured in docs/engine.md); it bounds the work a page's request can ask of the server.
MAX_COPIES = 2000
SEARCH_SEED = 0  # the guesses a search deals: any seed reads only what the seat knows


@dataclass(frozen=True, slots=True)
class Route:
    """One way to a space: the move actions in order and the spaces they step to."""

    mover: str
    start: str  # where the mover stands now
    steps: tuple[str, ...]  # action ids
    spaces: tuple[str, ...]  # each step's space; the last is the target
    opening: tuple[str, ...] = ()  # actions taken first, moving nothing (an announced speed)
    how: str = ""  # the opening in words ("High Speed"), "" without one

    @property
    def target(self) -> str:
        return self.spaces[-1]

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action the walk takes, in order: the opening, then the steps."""
        return self.opening + self.steps

    def at(self, n: int) -> str:
        """Where the figure stands after the walk's first `n` actions."""
        taken = n - len(self.opening)
        return self.spaces[taken - 1] if taken > 0 else self.start


class NoWalk(ValueError):
    """A walk asked for that cannot start; the message says what was wrong and what would do."""


def moves_in(decision: Decision | None, state: GameState,
             read: MoveReader) -> Iterator[tuple[Action, str, str, str]]:
    """(action, mover, from, to) for each move action of the decision."""
    if decision is None:
        return
    for action in decision.actions:
        found = read(state, action)
        if found is not None:
            yield (action, *found)


def reach(state: GameState, seat: str, read: MoveReader, opens: OpeningReader | None = None,
          through: PassReader | None = None) -> dict[str, dict[str, Route]]:
    """mover -> space -> a route of fewest plain steps to it, for each figure `seat` may move
    now, or may once it takes one of the decision's openings (`opens`, the game's
    GameSpec.openings); past other seats' decisions `through` answers with a pass ({} when
    it is not `seat`'s decision); `read` is the game's (GameSpec.moves). Never changes
    `state`."""
    decision = state.decision
    if decision is None or decision.seat != seat:
        return {}
    first = list(moves_in(decision, state, read))
    openings = [] if opens is None else [
        (action, how) for action in decision.actions
        if read(state, action) is None and (how := opens(state, action))]
    if not first and not openings:
        return {}
    world = state.clone()
    world.determinize(seat, Dice(SEARCH_SEED))
    found: dict[str, dict[str, Route]] = {}
    plain: set[tuple[str, str]] = set()  # (mover, space) whose route's last step was plain
    budget = [MAX_COPIES]
    for mover in dict.fromkeys(m for _, m, _, _ in first):
        found[mover] = _search(world, seat, mover, read, through, (), "", budget, plain)
    for action, how in openings:
        opened = world.clone()
        opened.apply(action.id)
        if (opened.decision is None or opened.decision.seat != seat
                or not_plain(world, opened, seat) is not None):
            continue  # an opening that rolls, reveals or says more is chosen, not walked
        for mover in dict.fromkeys(m for _, m, _, _ in moves_in(opened.decision, opened, read)
                                   if all(m != f for _, f, _, _ in first)):
            kept = found.setdefault(mover, {})
            won: set[tuple[str, str]] = set()
            for space, route in _search(opened, seat, mover, read, through, (action.id,), how,
                                        budget, won).items():
                if _better(route, (mover, space) in won, kept.get(space),
                           (mover, space) in plain):
                    kept[space] = route
                    plain.discard((mover, space))
                    plain.update(won & {(mover, space)})
    return {mover: routes for mover, routes in found.items()
            if routes or any(mover == m for _, m, _, _ in first)}


def _better(route: Route, plain: bool, kept: Route | None, kept_plain: bool) -> bool:
    """Whether `route` (its last step plain or not) beats the one kept to the same space."""
    if kept is None:
        return True
    return (len(route.steps), not plain) < (len(kept.steps), not kept_plain)


def _search(world: GameState, seat: str, mover: str, read: MoveReader,
            through: PassReader | None, opening: tuple[str, ...], how: str,
            budget: list[int], plain: set[tuple[str, str]]) -> dict[str, Route]:
    """Breadth-first from `world` over `mover`'s plain steps: space -> a route of fewest
    steps; `plain` gains (mover, space) where the route's last step was plain."""
    routes: dict[str, Route] = {}
    start = next(frm for _, m, frm, _ in moves_in(world.decision, world, read) if m == mover)
    queue: deque[tuple[GameState, tuple[str, ...], tuple[str, ...]]] = deque([(world, (), ())])
    while queue and budget[0] > 0:
        node, steps, spaces = queue.popleft()
        for action, who, _, to in moves_in(node.decision, node, read):
            if who != mover or to == start or to in routes:
                continue
            after = node.clone()
            budget[0] -= 1
            after.apply(action.id)
            route = Route(mover, start, (*steps, action.id), (*spaces, to), opening, how)
            routes[to] = route
            if not_plain(node, after, seat) is None:
                plain.add((mover, to))
                if _passed(after, seat, through) and _moves_on(after, seat, mover, read):
                    queue.append((after, route.steps, route.spaces))
    return routes


def _passed(state: GameState, seat: str, through: PassReader | None) -> bool:
    """Answer each other seat's decision that `through` passes, in place; whether `seat`
    decides again with nothing but those answers logged (a few at most: one per step)."""
    for _ in range(4):
        decision = state.decision
        if decision is None or decision.seat == seat:
            return True
        answer = None if through is None else through(state)
        if answer is None:
            return False
        before = len(state.log)
        state.apply(answer)
        if len(state.log) != before:
            return False
    return False


def _moves_on(state: GameState, seat: str, mover: str, read: MoveReader) -> bool:
    """Whether `seat` still decides and may move `mover` further."""
    decision = state.decision
    return (decision is not None and decision.seat == seat
            and any(m == mover for _, m, _, _ in moves_in(decision, state, read)))


def not_plain(before: GameState, after: GameState, seat: str) -> str | None:
    """Why the step from `before` to `after` was not a plain step, in words `seat` may read,
    or None if it was plain: what was logged with the move, where more than its own line
    (a roll's result says more than that dice were rolled), else why undo would refuse it
    ("the dice were rolled") or that the game ended."""
    why = revealed(before, after, seat)  # (a game naming nothing hidden: never plain)
    if why is None and after.outcome is not None:
        why = "the game ended"
    logged = after.log[len(before.log):]
    if len(logged) > 1:
        said = [e.text for e in logged if e.readable_by(seat)]
        return " ".join(said) if said else why or "something happened that you may not see"
    return why


def route_to(routes: dict[str, dict[str, Route]], space: str, mover: str | None) -> Route:
    """The route to `space` (of `mover`, where several figures could go there), or NoWalk."""
    if mover is not None and mover not in routes:
        raise NoWalk(f"{mover!r} cannot move now; the figures that can: "
                     f"{', '.join(routes) or 'none'}")
    going = [r[space] for m, r in routes.items() if space in r and mover in (None, m)]
    if not going:
        return _refuse(routes, space, mover)
    if len(going) > 1:
        raise NoWalk(f"more than one figure can get to {space}: "
                     f"{', '.join(r.mover for r in going)}; say which")
    return going[0]


def _refuse(routes: dict[str, dict[str, Route]], space: str, mover: str | None) -> Route:
    movers = [m for m in routes if mover in (None, m)]
    spaces = sorted({s for m in movers for s in routes[m]})
    some = ", ".join(spaces[:12]) + (f" and {len(spaces) - 12} more" if len(spaces) > 12 else "")
    raise NoWalk(f"{space} is out of reach of {' or '.join(movers) or 'any figure'} this "
                 f"turn by plain steps; in reach: {some or 'nowhere'}")


def walk_step(state: GameState, seat: str, route: Route, n: int,
              read: MoveReader) -> str | None:
    """Why action `n` of `route.actions` (its opening, then its steps) may not be taken now
    (the decision changed: another seat decides, the figure moves no more, that step is no
    longer offered), or None."""
    decision = state.decision
    if decision is None:
        return "the game is over"
    if decision.seat != seat:
        return f"it is {decision.seat}'s decision now"
    action_id = route.actions[n]
    if n < len(route.opening):
        return None if action_id in decision else f"{route.how} is no longer offered"
    if action_id not in decision:
        return f"the step to {route.at(n + 1)} is no longer offered"
    action = decision.get(action_id)
    found = read(state, action) if action is not None else None
    if found is None or found[0] != route.mover:
        return f"{route.mover} is no longer the figure moving"
    return None


def pass_to_answer(state: GameState, seat: str, through: PassReader | None) -> str | None:
    """The seat whose decision the walk of `seat` waits on and may go past if it passes
    (`through`: the game's pass, for seats an agent plays), or None."""
    decision = state.decision
    if decision is None or decision.seat == seat or through is None:
        return None
    return decision.seat if through(state) is not None else None


def reach_data(routes: dict[str, dict[str, Route]]) -> dict[str, Any]:
    """The reach as a payload carries it: mover -> {"from", "spaces": {space: [steps'
    spaces]}}, and "how": {space: the opening in words} for the spaces a walk opens first."""
    found: dict[str, Any] = {}
    for mover, r in routes.items():
        found[mover] = {"from": next(iter(r.values())).start if r else None,
                        "spaces": {space: list(route.spaces) for space, route in r.items()}}
        how = {space: route.how for space, route in r.items() if route.opening}
        if how:
            found[mover]["how"] = how
    return found
