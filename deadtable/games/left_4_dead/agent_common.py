"""What both of Left 4 Dead's agents read off a sampled world: where the survivors stand, where
they head, how isolated one of them is, and the action ids' parts.

Every function takes a sample of the game (`Observation.sample`, or its read-only `glance`), never
the live state, so an agent sees nothing its seat may not know."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from weakref import WeakKeyDictionary

from deadtable.agents.base import Observation
from deadtable.engine.board import Board, distance_field, distances
from deadtable.engine.dice import Dice
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

CAPTURES = ("pinned", "grabbed", "ridden", "tongue")
NEAR_FRIEND = 3  # a teammate this close can shoot or shove a captor off


def glance(obs: Observation, dice: Dice) -> Left4DeadState:
    """The sampled world an agent reads its decision off (Observation.glance): shared with
    the game, so read it and never change it."""
    state = obs.glance(dice)
    assert isinstance(state, Left4DeadState)
    return state


def arg(action: str, index: int) -> str:
    """The `index`-th part of an action id ("attack:uzi:hunter-1" -> 1: "uzi")."""
    parts = action.split(":")
    return parts[index] if index < len(parts) else ""


def acting(state: Left4DeadState) -> Figure:
    """The figure whose turn is on top of the stack."""
    return state.figures[state.stack[-1].figure]  # type: ignore[attr-defined]


def on_map(state: Left4DeadState) -> list[Figure]:
    """The survivors the chapter still counts: on the map and not in a Hero Closet."""
    return [f for f in state.survivors() if f.space is not None and not f.closet]


def standing(state: Left4DeadState) -> list[Figure]:
    return [f for f in on_map(state) if not f.down]


def survivor_field(state: Left4DeadState) -> list[float]:
    """Steps from every space to the nearest survivor on the map (shared: never change it)."""
    return step_field(state, [f.space for f in on_map(state)])  # type: ignore[misc]


def step_field(state: Left4DeadState, sources: Iterable[int]) -> list[float]:
    """Steps from every space to the nearest of `sources` (shared: never change it)."""
    return _field(state, sorted(set(sources)))


def goal_field(state: Left4DeadState) -> list[float]:
    """Where the survivors head: the crescendo trigger while its obstacle bars the way, the
    obstacle itself while the event runs (to go through the moment it opens), then the safe
    room, along the survivors' own step costs (climbs and water cost more). In a finale: the
    Finale Event's trigger, then where the rescue vehicle will come (finale_goal). Shared
    with every caller: read it, never change it."""
    walker = next(iter(state.survivors()))
    if state.finale is not None:
        return _field(state, finale_goal(state), walker)
    blocked = state.blocked_spaces()
    if blocked:
        triggers = [m.space for m in state.board.markers_of("crescendo-trigger")]
        if triggers and state.crescendo == 0:
            return _field(state, triggers)
        return _field(state, sorted(blocked))
    return _field(state, state.board.zones["end"].spaces, walker)


def finale_goal(state: Left4DeadState) -> list[int]:
    """The Finale Event's trigger until the event has begun; from then on the rescue
    vehicle's zone, to wait for it there: the waves and Tanks find the team wherever it holds
    out, and a team already aboard escapes the moment the vehicle arrives, where a team at
    the trigger must first cross the map under the waves."""
    from deadtable.games.left_4_dead.finale import goal_spaces, vehicle_spaces

    assert state.finale is not None
    return vehicle_spaces(state) if state.finale.started else goal_spaces(state)


# board -> (sources, the walker's height and the closed spaces) -> its distance field. A map
# never changes during a chapter (Left4DeadState.board), so a field is worked out once per map
# and goal (or placement of the survivors), not at every decision of every search's rollouts.
_FIELDS: WeakKeyDictionary[Board, dict[tuple[Any, ...], list[float]]] = WeakKeyDictionary()
KEPT_FIELDS = 4096  # per map; then it starts afresh (the survivors stand in ever new places)


def _field(state: Left4DeadState, sources: Iterable[int],
           walker: Figure | None = None) -> list[float]:
    """The distance field to `sources`: step by step, or by `walker`'s own step costs."""
    from deadtable.games.left_4_dead.movement import height, step_cost

    starts = tuple(sources)
    climber = None if walker is None else (height(state, walker), state.blocked_spaces())
    known = _FIELDS.setdefault(state.board, {})
    field = known.get((starts, climber))
    if field is None:
        if len(known) >= KEPT_FIELDS:
            known.clear()
        cost = None if walker is None else step_cost(state, walker)
        field = known[starts, climber] = distance_field(state.board, starts, cost)
    return field


FAR = 10_000  # how far a figure off the map is from anything


def spaces_apart(state: Left4DeadState, a: int | None, b: int | None) -> int:
    if a is None or b is None:
        return FAR
    # a's row of distances, kept by the board: the agents measure millions a search
    return distances(state.board, a)[b] or 0


def friends_near(state: Left4DeadState, survivor: Figure, within: int = NEAR_FRIEND) -> int:
    """How many standing teammates could come to its help: the fewer, the more isolated."""
    assert survivor.space is not None
    return sum(1 for f in standing(state) if f is not survivor
               and spaces_apart(state, f.space, survivor.space) <= within)


def life_left(state: Left4DeadState, figure: Figure) -> int:
    from deadtable.games.left_4_dead.combat import life

    return life(state, figure) - figure.wounds


def captor_of(state: Left4DeadState, survivor: Figure) -> Figure | None:
    for key in CAPTURES:
        captor = state.figures.get(str(survivor.markers.get(key, "")))
        if captor is not None and captor.space is not None:
            return captor
    return None


def captors(state: Left4DeadState) -> set[str]:
    """The infected holding a survivor (Hunter, Smoker, Jockey, Charger)."""
    return {c.id for f in on_map(state) if (c := captor_of(state, f)) is not None}


def is_special(state: Left4DeadState, figure: Figure) -> bool:
    return str(state.card(figure).group) == "special"


def calm_witch(figure: Figure) -> bool:
    """A Witch nobody has disturbed: she attacks only who disturbs her."""
    return figure.kind == "witch" and not figure.markers.get("disturbed-by")
