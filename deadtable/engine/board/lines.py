"""Distances, straight lines between two spaces, and straight lines out of one space."""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from deadtable.engine.board import hexes
from deadtable.engine.board.model import Board

OFF_MAP = -1  # in a Line: a cell the line crosses where the map has no space
_LINE_CACHE_LIMIT = 200_000  # pairs; the cache is cleared when it grows past this
_WITHIN_CACHE_LIMIT = 20_000  # (space, reach) pairs
_DISTANCE_CACHE_LIMIT = 4_000_000  # distances kept (rows of board.size); cleared past this


class Line(NamedTuple):
    """The cells a straight line from a to b crosses, both ends included, computed twice: with
    the nudge +ε and with −ε. The two differ only where the line runs along a hexside (or
    through a square's corner); `grazes` says so."""

    plus: tuple[int, ...]
    minus: tuple[int, ...]

    @property
    def grazes(self) -> bool:
        return self.plus != self.minus


def distance(board: Board, a: int, b: int) -> int | None:
    """Spaces between a and b: hex distance on hex maps, Manhattan (4-adjacency) or Chebyshev
    (8-adjacency) on square maps, ignoring levels, gaps and edge features (as HeroScape counts
    range). Where either space is off the grid (a graph map, a building's room) it is the
    fewest steps along the board's adjacency, or None if no steps join them."""
    ca, cb = board.coords[a], board.coords[b]
    if ca is not None and cb is not None:
        if board.kind == "hex":
            return hexes.hex_distance(ca, cb)
        return hexes.square_distance(ca, cb, board.adjacency)
    return _steps(board, a, b)


def distances(board: Board, a: int) -> tuple[int | None, ...]:
    """`distance` from a to every space, by index: worked out once per space (a board never
    changes), for rules that measure from one space to many."""
    found = board._distances.get(a)
    if found is None:
        if len(board._distances) * board.size >= _DISTANCE_CACHE_LIMIT:
            board._distances.clear()
        found = board._distances[a] = _row(board, a)
    return found


def _row(board: Board, a: int) -> tuple[int | None, ...]:
    """`distance` from a to every space; on a hex map the hex distance worked out inline (a
    new board for each chapter asks for many rows: two calls a space were most of the cost)."""
    ca = board.coords[a]
    if board.kind != "hex" or ca is None:
        return tuple(distance(board, a, s) for s in range(board.size))
    qa, ra = ca
    row: list[int | None] = []
    for s, c in enumerate(board.coords):
        if c is None:
            row.append(_steps(board, a, s))
        else:
            dq, dr = c[0] - qa, c[1] - ra
            row.append((abs(dq) + abs(dr) + abs(dq + dr)) // 2)
    return tuple(row)


def within(board: Board, a: int, reach: int) -> tuple[int, ...]:
    """The spaces at a `distance` of at most `reach` from a (a included), in the board's order;
    worked out once per space and reach."""
    key = (a, reach)
    found = board._within.get(key)
    if found is None:
        found = tuple(s for s, d in enumerate(distances(board, a)) if d is not None and d <= reach)
        if len(board._within) >= _WITHIN_CACHE_LIMIT:
            board._within.clear()
        board._within[key] = found
    return found


def _steps(board: Board, a: int, b: int) -> int | None:
    if a == b:
        return 0
    seen = {a}
    frontier = deque([(a, 0)])
    neighbours = board.neighbours
    while frontier:
        space, d = frontier.popleft()
        for n in neighbours[space]:
            if n == b:
                return d + 1
            if n not in seen:
                seen.add(n)
                frontier.append((n, d + 1))
    return None


def line(board: Board, a: int, b: int) -> Line:
    """The straight line between the centres of two grid spaces (see Line). Raises ValueError
    for a space with no grid coordinate (graph maps, off-grid rooms have no geometry)."""
    key = (a, b)
    cached = board._lines.get(key)
    if cached is not None:
        return Line(*cached)
    ca, cb = board.coords[a], board.coords[b]
    if ca is None or cb is None:
        off = board.names[a] if ca is None else board.names[b]
        raise ValueError(f"space {off} is not on the grid: no straight line reaches it")
    at = board._at
    q, r = ca
    up, down = hexes.line_offsets(board.kind, cb[0] - q, cb[1] - r)
    plus = tuple(at.get((q + dq, r + dr), OFF_MAP) for dq, dr in up)
    minus = plus if down is up else tuple(at.get((q + dq, r + dr), OFF_MAP) for dq, dr in down)
    if len(board._lines) >= _LINE_CACHE_LIMIT:
        board._lines.clear()
    board._lines[key] = (plus, minus)
    return Line(plus, minus)


def directions(board: Board) -> tuple[str, ...]:
    """The names of the straight directions out of a space: six on hex maps (clockwise from
    east: E SE SW W NW NE), four or eight on square maps (E S W N, then SE SW NW NE)."""
    if board.kind == "hex":
        return hexes.HEX_DIRECTION_NAMES
    if board.kind == "square":
        return hexes.SQUARE_DIRECTION_NAMES[:board.adjacency]
    return ()


def ray(board: Board, start: int, direction: str, length: int) -> tuple[int, ...]:
    """Up to `length` spaces in a straight line from `start` (not included) in a named
    direction, stopping where the map ends or has a gap."""
    names = directions(board)
    if direction not in names:
        raise ValueError(f"direction {direction!r} should be one of {' '.join(names) or '(none)'}")
    c = board.coords[start]
    if c is None:
        return ()
    table = hexes.HEX_DIRECTIONS if board.kind == "hex" else hexes.SQUARE_DIRECTIONS
    dq, dr = table[names.index(direction)]
    found = []
    q, r = c
    for _ in range(length):
        q, r = q + dq, r + dr
        space = board._at.get((q, r))
        if space is None:
            break
        found.append(space)
    return tuple(found)


def straight_lines(board: Board, start: int, length: int) -> dict[str, tuple[int, ...]]:
    """`ray` in every direction: {"E": (...), "SE": (...), ...}, empty where the first step
    leaves the map. A Charger's 6-space charge, a Tank's punch 3 spaces straight away."""
    return {d: ray(board, start, d, length) for d in directions(board)}
