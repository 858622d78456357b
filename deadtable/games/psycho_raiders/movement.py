"""Character Movement (10.3), Stacking (10.5) and Zones of Control (10.6).

Each hex costs its terrain's Speed (tree and lake more, 10.3); a character whose Speed is
below a terrain's minimum may not enter it, but may leave it one hex a turn (10.32). Walls
stop movement; doors, windows and passages let it through unless locked, and only from
outside (11.1: from inside, every door and window is unlocked). Stacking counts tokens, hide
tokens included (10.5, 12.13): two friendly pieces per space, one beside a vehicle, and two of
each side only when they fight there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from deadtable.engine.board import Board
from deadtable.engine.board.model import edge_key
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.spaces import spaces
from deadtable.games.psycho_raiders.state import Character, PsychoRaidersState
from deadtable.games.psycho_raiders.tables import Terrain

MOVE = "10.3 Character Movement"
STACK = "10.5 Stacking"
ZOC = "10.6 Zone of Control"


def outside(state: PsychoRaidersState, space: int) -> bool:
    return state.board.coords[space] is not None


def can_pass(state: PsychoRaidersState, here: int, there: int) -> bool:
    """Whether the edge between two adjacent spaces lets a character through now."""
    feature = state.board.feature(here, there)
    if feature is None:
        return True
    return _passes(state, here, there, feature, edge_key(here, there))


def _passes(state: PsychoRaidersState, here: int, there: int, feature: str,
            key: tuple[int, int]) -> bool:
    """can_pass() for an edge with a feature on it."""
    if feature == "wall":
        return key in state.opened  # 10.33: a wall attacked down to 0 is an open door
    if key not in state.locked:
        return True
    if feature == "passage":
        return False  # 11.12: a locked passage holds from both sides
    return not outside(state, here) and outside(state, there)  # from inside: unlocked


def crowds(state: PsychoRaidersState, char: Character) -> dict[int, tuple[int, int]]:
    """space -> (friendly pieces, enemy pieces) outside vehicles, as the character counts."""
    return Glance(state, char).crowd


def room_for(state: PsychoRaidersState, char: Character, space: int, fighting: bool,
             crowd: dict[int, tuple[int, int]] | None = None) -> bool:
    """10.5: whether one more of the character's pieces fits on `space`."""
    friends, enemies = (crowds(state, char) if crowd is None else crowd).get(space, (0, 0))
    limit = state.rules.numbers["stack"]
    if space in state.vehicles.values():
        limit = 1  # one vehicle and one character outside it
    if enemies and not fighting:
        return False
    return friends < limit


def speed(state: PsychoRaidersState, char: Character) -> int:
    """The character's Speed this turn: its sheet's, plus an event's bonus to its side."""
    return char.speed + state.bonus.get(state.side_of(char), 0)


def stranded(state: PsychoRaidersState, char: Character, here: int) -> bool:
    """10.32: by damage, its Speed is below the minimum of the terrain it stands in."""
    return speed(state, char) < walks_of(state).minimum[here]


def price(walks: Walks, full: int, here: int, there: int) -> int | None:
    """What one of steps()'s steps costs a character of Speed `full` (its speed()): the
    terrain's Speed, at least 1; None when it is stranded (stranded()), whose one hex takes
    all the Speed it has left (10.32)."""
    if full < walks.minimum[here]:  # stranded()
        return None
    return walks.price[there]


def steps(state: PsychoRaidersState, char: Character, token: int, left: int,
          may_fight: bool, crowd: dict[int, tuple[int, int]] | None = None,
          full: int | None = None) -> list[tuple[int, int]]:
    """(space, cost) of every legal single step of one of the character's tokens, with
    `left` Speed left to that token this turn; `full` is its speed() if known."""
    here = char.tokens[token]
    board = state.board
    if full is None:
        full = speed(state, char)
    walks = walks_of(state)
    # 10.32: stranded in heavy terrain by damage, it may still move one hex a turn, but
    # never into such terrain again without the Speed for it.
    stuck = full < walks.minimum[here]  # stranded()
    if left <= 0 or (stuck and left < full):
        return []
    if stuck:
        home = board.terrain[here]
        exits: tuple[Step[tuple[int, int]], ...] = tuple(
            (there, feature, key, (there, max(left, 1)))  # as price()
            for there, ground, minimum, _cost, feature, key in walks.exits[here]
            if minimum <= full or ground == home)
    else:
        exits = walks.open(here, full, left)
    return open_to(state, here, exits, may_fight,
                   crowds(state, char) if crowd is None else crowd)


T = TypeVar("T")
# an exit a character's terrain and Speed let it take: (space, edge feature, edge, what a
# caller makes of it: the step's (space, price), or its action)
Step = tuple[int, str | None, tuple[int, int], T]


def open_to(state: PsychoRaidersState, here: int, exits: Iterable[Step[T]], may_fight: bool,
            crowd: dict[int, tuple[int, int]]) -> list[T]:
    """What is made of each of `exits` the edges and the pieces let the character take now:
    a locked door or a wall (10.33, 11.1), an enemy unless it may fight there (10.6), a
    full space (10.5)."""
    found = []
    stack = state.rules.numbers["stack"]
    cars = state.vehicles.values()
    for there, feature, key, made in exits:
        if feature is not None and not _passes(state, here, there, feature, key):
            continue
        # 10.5, 10.6: onto an enemy's space only to fight or seek there (its action unused):
        # room_for(), inline, its limit looked up only where someone stands
        if there in crowd:
            friends, enemies = crowd[there]
            if enemies and not may_fight:
                continue
            if (friends or stack < 1) and friends >= (1 if there in cars else stack):
                continue
        elif stack < 1 and there not in cars:
            continue  # room_for() with nobody there: a limit below 1 bars every space
        found.append(made)
    return found


class Walks:
    """Per space, with one terrain table: the terrain's minimum Speed (`minimum`), what a
    step onto it costs (`price`, as price() says when not stranded) and the neighbours a
    character may enter by their terrain (`exits`: space, terrain, minimum, cost, edge
    feature, edge), as steps() reads them; `caps`, per space, the highest minimum Speed and
    the dearest cost among its exits (Speed, or Speed left, beyond them opens nothing more
    there: open() and turn.py's step actions are kept by the Speed clamped so, the fewer
    tables a game's first steps build)."""

    __slots__ = ("minimum", "price", "exits", "caps", "_open")

    def __init__(self, board: Board, terrains: Mapping[str, Terrain]) -> None:
        self.minimum = tuple(terrains[t].min_speed for t in board.terrain)
        self.price = tuple(max(terrains[t].cost, 1) for t in board.terrain)  # as price()
        self.exits = tuple(
            tuple((there, ground, terrains[ground].min_speed, terrains[ground].cost,
                   feature, key) for there, ground, feature, key in exits
                  if terrains[ground].enter)
            for exits in spaces(board).exits)
        self.caps = tuple((max((e[2] for e in exits), default=0),
                           max((e[3] for e in exits), default=0)) for exits in self.exits)
        self._open: dict[tuple[int, int, int], tuple[Step[tuple[int, int]], ...]] = {}

    def open(self, here: int, full: int, left: int) -> tuple[Step[tuple[int, int]], ...]:
        """The exits from `here` (not stranded there) a character of Speed `full` with
        `left` to spend may take by their terrain, each with its (space, price): the same
        few recur all game, so each is worked out once."""
        steepest, dearest = self.caps[here]
        key = (here, full if full < steepest else steepest, left if left < dearest else dearest)
        found = self._open.get(key)
        if found is None:
            found = self._open[key] = tuple(
                (there, feature, edge, (there, max(cost, 1)))  # as price()
                for there, _ground, minimum, cost, feature, edge in self.exits[here]
                if minimum <= full and cost <= left)
        return found


_WALKS: dict[tuple[int, int], tuple[Board, Mapping[str, Terrain], Walks]] = {}


def walks_of(state: PsychoRaidersState) -> Walks:
    """The Walks of the state's map and terrain table, made once (both never change)."""
    board, terrains = state.board, state.rules.tables.terrain
    if _last[0] is board and _last[1] is terrains:  # the map last asked about
        walks: Walks = _last[2]
        return walks
    kept = _WALKS.get((id(board), id(terrains)))
    if kept is None or kept[0] is not board or kept[1] is not terrains:
        kept = _WALKS[(id(board), id(terrains))] = (board, terrains, Walks(board, terrains))
    _last[:] = kept
    return kept[2]


_last: list[Any] = [None, None, None]  # the board, terrains and Walks last asked for


_EMPTY = (0, 0)
