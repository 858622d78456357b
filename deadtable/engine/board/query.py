"""Movement queries in data form, and their compiled twin.

`reach` and `distance_field` (movement.py) take callbacks: the general API, which any rule can
use. Called thousands of times a game with Python callbacks per step, they dominate a board
game's time; a callback per step from C would too. So a query can also be given as data, the
costs being HeroScape climbing (movement.climbing_cost) and everything else per space:

- `MoveQuery`: a figure's move from `start` under `budget`, climbing as a figure of `height`
  over edges whose feature is not in `blocking`; per space `flags` (a byte each: CLOSED no step
  may enter it, STOPS entering it ends the move, NO_PASS it may not be passed through, NO_END
  it may not be ended on), with the spaces of `closed`, `no_pass` and `no_end` flagged too
  (a static terrain's flags, shared, and the figures' spaces of the moment), and, for the
  leaving-engagement penalty, `engaged`: per space a 64-bit mask of the enemies a figure
  there is engaged with, the penalty of a step from a to b being the number of bits of
  engaged[a] not in engaged[b] (`engagement_masks` gives HeroScape's, one bit per enemy,
  reused only by enemies too far apart to count together). Without
  `engaged`, one cheapest route per space (reach without a penalty); with it, the Pareto
  routes (reach with one), even where every mask is 0.
- `FieldQuery`: a distance field to `sources`, by climbing as a figure of `height` (None:
  every step costs 1, breadth first) over edges not `blocking`, through `passable` spaces
  (a byte each, nonzero: may be used; None: all).

`nearest_compiled` answers a question many moves ask of reach without a penalty: of the spaces
a move can end on, those lowest on a field (a horde moving toward its lure), without building
a route for each.

`reach_compiled`, `nearest_compiled` and `distance_field_compiled` answer them exactly as
`python_reach`, `python_nearest` and `python_distance_field` do (those call movement.reach
and movement.distance_field with the callbacks the data say), the same spaces in the same
order with the same routes: compiled (csrc/geometry.c) when the extension `_geometry` is
built and DEADTABLE_KERNEL is not "0", else by the Python. `use_compiled(False)` turns the
C off in this process (tests compare).
"""

from __future__ import annotations

import math
import os
import warnings
from array import array
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from deadtable.engine.board import hexes
from deadtable.engine.board.model import Board, edge_key
from deadtable.engine.board.movement import Route, climbing_cost, distance_field, reach

try:
    from deadtable.engine.board import _geometry  # type: ignore[attr-defined]
except ImportError:  # not built (no compiler at install): the Python answers
    _geometry = None

# What this module asks of a Geometry: an extension built from an older geometry.c lacks some,
# and then the Python answers (rebuild it: python scripts/build_inplace.py _geometry).
_METHODS = ("reach", "ends", "nearest", "nearest_each", "distance_field", "engagement", "grid",
            "visible")
if _geometry is not None and not all(hasattr(_geometry.Geometry, m) for m in _METHODS):
    warnings.warn("deadtable.engine.board._geometry is older than its source: the Python "
                  "answers; rebuild it with `python scripts/build_inplace.py _geometry`",
                  RuntimeWarning, stacklevel=1)
    _geometry = None

# A compiled Geometry asked again while it answers (Python run from inside one of its
# answers): the caller answers in Python.
Busy: type[Exception] = RuntimeError if _geometry is None else _geometry.Busy

CLOSED = 1  # no step may enter the space
STOPS = 2  # entering it ends the move
NO_PASS = 4  # a route may not pass through it
NO_END = 8  # a move may not end on it
WALLS = frozenset({"wall", "door"})  # climbing_cost's default blocking

_enabled = _geometry is not None and os.environ.get("DEADTABLE_KERNEL") != "0"


@dataclass(frozen=True, slots=True, init=False)
class MoveQuery:
    """reach(board, start, budget, climbing_cost(board, height, blocking), ...) in data form
    (the module's docstring says what each field means)."""

    start: int
    budget: float
    height: int
    flags: bytes | bytearray | None
    engaged: array[int] | None  # array('Q'), one mask per space
    blocking: frozenset[str]
    # spaces whose flags also have CLOSED, NO_PASS, NO_END (any collection of spaces, a dict's
    # keys included): what changes from query to query over flags that do not (the terrain)
    closed: Collection[int]
    no_pass: Collection[int]
    no_end: Collection[int]

    def __init__(self, start: int, budget: float, height: int,
                 flags: bytes | bytearray | None = None, engaged: array[int] | None = None,
                 blocking: frozenset[str] = WALLS, closed: Collection[int] = (),
                 no_pass: Collection[int] = (), no_end: Collection[int] = ()) -> None:
        # the slots' own setters: a frozen dataclass's __init__ sets each field through
        # object.__setattr__, about 4 µs a query, and a game asks one a move
        put = _QUERY_SLOTS
        put[0](self, start)
        put[1](self, budget)
        put[2](self, height)
        put[3](self, flags)
        put[4](self, engaged)
        put[5](self, blocking)
        put[6](self, closed)
        put[7](self, no_pass)
        put[8](self, no_end)


_QUERY_SLOTS = tuple(vars(MoveQuery)[name].__set__ for name in MoveQuery.__slots__)


@dataclass(frozen=True, slots=True)
class FieldQuery:
    """distance_field(board, sources, climbing_cost(board, height, blocking), passable=...)
    in data form; height None: steps of 1."""

    sources: Sequence[int]
    height: int | None = None
    passable: bytes | bytearray | None = None
    blocking: frozenset[str] = WALLS


def compiled() -> bool:
    """Whether the compiled geometry answers queries in this process."""
    return _enabled


def use_compiled(on: bool) -> bool:
    """Turn the compiled geometry on (if built) or off; returns whether it was on."""
    global _enabled
    was = _enabled
    _enabled = on and _geometry is not None
    return was


def empty_masks(board: Board) -> array[int]:
    """A zero engagement mask per space, for a MoveQuery's `engaged`."""
    return _zero_masks(board.size)[:]  # a copy of zeros made once: quicker than new zeros


@lru_cache(maxsize=16)
def _zero_masks(size: int) -> array[int]:
    return array("Q", bytes(8 * size))


def engagement_masks(board: Board, height: int, spaces: Sequence[int],
                     heights: Sequence[int]) -> array[int] | None:
    """HeroScape engagement as a MoveQuery's `engaged`, for a figure of `height` among enemies
    on `spaces` with `heights` (one each): a figure on a space is engaged with each enemy
    adjacent to it unless one's base is at or above the other's top (base: the space's level).
    An enemy's bit is set on the spaces engaged with it; enemies share a bit only where no
    space engaged with one is, or is adjacent to, a space engaged with the other (each takes
    the lowest bit its neighbourhood leaves free, in the given order), so that for any step
    from a to an adjacent b, popcount(masks[a] & ~masks[b]) counts the enemies engaged from a
    and not from b, however many enemies there are. None where 64 bits are too few (over 63
    enemies crowding together)."""
    g = geometry(board)
    if g is None:
        return python_engagement_masks(board, height, spaces, heights)
    masks = empty_masks(board)
    try:
        return masks if g.engagement(masks, height, spaces, heights) else None
    except _geometry.Busy:
        return python_engagement_masks(board, height, spaces, heights)


def python_engagement_masks(board: Board, height: int, spaces: Sequence[int],
                            heights: Sequence[int]) -> array[int] | None:
    """engagement_masks in Python (its compiled twin is csrc/geometry.c's)."""
    if len(spaces) != len(heights):
        raise ValueError("one height per space")
    masks = empty_masks(board)
    level, neighbours = board.level, board.neighbours
    full = (1 << 64) - 1
    for at, tall in zip(spaces, heights, strict=True):
        base = level[at]
        zone = [s for s in neighbours[at] if base < level[s] + height and level[s] < base + tall]
        if not zone:
            continue
        used = 0
        for s in zone:
            used |= masks[s]
            for t in neighbours[s]:
                used |= masks[t]
        if used == full:
            return None
        bit = ~used & (used + 1)
        for s in zone:
            masks[s] |= bit
    return masks


def marked(board: Board, flags: bytes | bytearray | None, closed: Collection[int],
           no_pass: Collection[int], no_end: Collection[int]) -> bytearray:
    """`flags` (None: all 0) with CLOSED, NO_PASS and NO_END set on the spaces of `closed`,
    `no_pass` and `no_end`: a MoveQuery's sets folded into its flags, in a copy."""
    found = bytearray(board.size) if flags is None else bytearray(flags)
    for bit, spaces in ((CLOSED, closed), (NO_PASS, no_pass), (NO_END, no_end)):
        for space in spaces:
            found[space] |= bit
    return found


# -- the Python twin --------------------------------------------------------------------------
def python_reach(board: Board, query: MoveQuery) -> dict[int, list[Route]]:
    """movement.reach with the callbacks the query's data say."""
    flags = query.flags
    if query.closed or query.no_pass or query.no_end:
        flags = marked(board, flags, query.closed, query.no_pass, query.no_end)
    masks = query.engaged
    closed = climbing_cost(board, query.height, query.blocking)
    if flags is None:
        step = closed
    else:
        def step(frm: int, to: int) -> float | None:
            return None if flags[to] & CLOSED else closed(frm, to)

    def stops(space: int) -> bool:
        return bool(flags is not None and flags[space] & STOPS)

    def can_pass(space: int) -> bool:
        return not (flags is not None and flags[space] & NO_PASS)

    def can_end(space: int) -> bool:
        return not (flags is not None and flags[space] & NO_END)

    def penalty(frm: int, to: int) -> float:
        assert masks is not None
        return (masks[frm] & ~masks[to]).bit_count()

    return reach(board, query.start, query.budget, step, stops=stops, can_pass=can_pass,
                 can_end=can_end, penalty=None if masks is None else penalty)


def python_nearest(board: Board, query: MoveQuery, field: Sequence[float]) -> list[int]:
    """The end spaces of python_reach(board, query) (the start among them) with the lowest
    `field` value, ascending, if that value is finite and below the start's; else []. The
    query has no penalty (`engaged` None): only where a move can end matters."""
    if query.engaged is not None:
        raise ValueError("nearest asks where a move can end: a query without `engaged`")
    ends = python_reach(board, query)
    best = min(field[s] for s in ends)
    if best >= field[query.start] or best == math.inf:
        return []
    return sorted(s for s in ends if field[s] == best)


def python_distance_field(board: Board, query: FieldQuery) -> list[float]:
    """movement.distance_field with the callbacks the query's data say."""
    passable = query.passable
    step = None if query.height is None else climbing_cost(board, query.height, query.blocking)
    return distance_field(board, query.sources, step,
                          passable=None if passable is None else lambda s: bool(passable[s]))


# -- the compiled twin ------------------------------------------------------------------------
def geometry(board: Board, blocking: frozenset[str] = WALLS) -> Any:
    """The board's compiled Geometry for edges blocked by `blocking` (built once, kept on the
    board: Board._compiled), or None when the compiled geometry is off."""
    if not _enabled:
        return None
    kept = board._compiled
    found = kept.get(blocking)
    if found is None:
        features = board.features
        open_ = [[features.get(edge_key(a, b)) not in blocking for b in near]
                 for a, near in enumerate(board.neighbours)]
        assert _geometry is not None
        found = kept[blocking] = _geometry.Geometry(board.neighbours, open_, board.level)
        if board.kind in ("hex", "square"):  # sight.visible's lines, drawn by the Python
            found.grid(board.coords, partial(hexes.line_offsets, board.kind))
    return found


def reach_compiled(board: Board, query: MoveQuery,
                   only: int | None = None) -> dict[int, list[Route]]:
    """What python_reach(board, query) returns, compiled where it can be; with `only` a
    space, that space's routes alone ({} where the move cannot end there): a move chosen
    among reach_ends' needs no other routes made."""
    g = geometry(board, query.blocking)
    if g is not None:
        try:
            return g.reach(Route, query.start, query.budget, query.height, query.flags,
                           query.engaged, query.closed, query.no_pass, query.no_end, only)
        except _geometry.Busy:  # asked from inside another of its answers (csrc/geometry.c)
            pass
    found = python_reach(board, query)
    if only is None:
        return found
    return {only: found[only]} if only in found else {}


def reach_ends(board: Board, query: MoveQuery) -> list[int]:
    """The keys of reach_compiled(board, query), in its order, without making its routes:
    where a move can end, for a decision that lists the moves."""
    g = geometry(board, query.blocking)
    if g is not None:
        try:
            return g.ends(query.start, query.budget, query.height, query.flags,
                          query.engaged, query.closed, query.no_pass, query.no_end)
        except _geometry.Busy:
            pass
    return list(python_reach(board, query))


def nearest_compiled(board: Board, query: MoveQuery, field: array[float]) -> list[int]:
    """What python_nearest(board, query, field) returns, compiled where it can be; `field`
    an array('d') of one value per space."""
    g = geometry(board, query.blocking)
    if g is None or query.engaged is not None:
        return python_nearest(board, query, field)
    try:
        return g.nearest(query.start, query.budget, query.height, query.flags, query.closed,
                         query.no_pass, query.no_end, field)
    except _geometry.Busy:
        return python_nearest(board, query, field)


def nearest_each(board: Board, moves: Sequence[tuple[int, float, int]],
                 flags: bytes | bytearray | None, field: array[float],
                 blocking: frozenset[str] = WALLS) -> list[list[int]]:
    """`nearest_compiled(board, MoveQuery(start, budget, height, flags, blocking=blocking),
    field)` for each (start, budget, height) of `moves`: many figures moving under the same
    flags (a horde toward its lure), asked at once."""
    g = geometry(board, blocking)
    if g is not None:
        try:
            return g.nearest_each(moves, flags, field)
        except _geometry.Busy:
            pass
    return [python_nearest(board, MoveQuery(start, budget, height, flags, blocking=blocking),
                           field) for start, budget, height in moves]


def distance_field_compiled(board: Board, query: FieldQuery) -> list[float]:
    """What python_distance_field(board, query) returns, compiled where it can be."""
    g = geometry(board, query.blocking)
    if g is None:
        return python_distance_field(board, query)
    try:
        return g.distance_field(query.sources, query.height, query.passable)
    except _geometry.Busy:
        return python_distance_field(board, query)
