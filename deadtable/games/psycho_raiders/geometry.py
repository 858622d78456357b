"""Distances on Crucible, fast: hexes by their coordinates, and rooms (off the grid) by a step
count through doors, windows and passages computed once per room and map (the engine's
`distance` walks the whole map for each room asked about). Every distance from one space is
worked out once a map, as a row indexed by space: the rules measure from the same few spaces
thousands of times a game."""

from __future__ import annotations

import weakref
from collections import deque
from typing import Any

from deadtable.engine.board import Board

# board -> room -> steps from the room to each space (a board never changes)
_FIELDS: weakref.WeakKeyDictionary[Board, dict[int, tuple[int, ...]]] = \
    weakref.WeakKeyDictionary()
# board -> space -> the distance from it to every space (None: no way there)
_ROWS: weakref.WeakKeyDictionary[Board, list[tuple[int | None, ...] | None]] = \
    weakref.WeakKeyDictionary()
_UNREACHED = -1

Row = tuple[int | None, ...]


def _field(board: Board, room: int,
           fields: dict[int, tuple[int, ...]] | None = None) -> tuple[int, ...]:
    """The steps from `room` to every space; `fields`, the board's in _FIELDS if looked up
    already (a weak dictionary's look-up makes a weak reference each time)."""
    if fields is None:
        fields = _FIELDS.setdefault(board, {})
    found = fields.get(room)
    if found is None:
        steps = [_UNREACHED] * board.size
        steps[room] = 0
        queue = deque([room])
        while queue:
            here = queue.popleft()
            for there in board.neighbours[here]:
                if steps[there] == _UNREACHED:
                    steps[there] = steps[here] + 1
                    queue.append(there)
        found = fields[room] = tuple(steps)
    return found


class _Layout:
    """How a hex board's spaces lie, for building rows fast: its hexes in runs of one grid
    row (consecutive spaces, q rising by one) and its rooms, in the board's order; and every
    hex distance by (dr, dq) as `lines[dr][dq + shift]`, so a run's distances from a hex are
    one slice (hex distance hangs on the difference of the coordinates alone)."""

    __slots__ = ("parts", "lines", "shift")

    def __init__(self, board: Board) -> None:
        coords = board.coords
        parts: list[tuple[int, int, int, int]] = []  # (first space, length, r, q), or a room
        for b, there in enumerate(coords):
            if there is None:
                parts.append((b, 0, 0, 0))
                continue
            q, r = there
            if parts and parts[-1][1] and b == parts[-1][0] + parts[-1][1] and (
                    r == parts[-1][2] and q == parts[-1][3] + parts[-1][1]):
                first, length, _, q0 = parts[-1]
                parts[-1] = (first, length + 1, r, q0)
            else:
                parts.append((b, 1, r, q))
        self.parts = tuple(parts)
        hexes = [c for c in coords if c is not None]
        qs, rs = [q for q, _ in hexes] or [0], [r for _, r in hexes] or [0]
        span_q, span_r = max(qs) - min(qs), max(rs) - min(rs)
        self.shift = span_q
        self.lines = {dr: tuple((abs(dq) + abs(dr) + abs(dq + dr)) // 2  # hexes.hex_distance
                                for dq in range(-span_q, span_q + 1))
                      for dr in range(-span_r, span_r + 1)}


_LAYOUTS: weakref.WeakKeyDictionary[Board, _Layout] = weakref.WeakKeyDictionary()


def _measured(board: Board, a: int) -> Row:
    """As engine.board.distance from `a` to every space: hex distance between hexes, steps
    where a room is involved."""
    start = board.coords[a]
    if start is None:
        return tuple(None if d == _UNREACHED else d for d in _field(board, a))
    layout = _LAYOUTS.get(board)
    if layout is None:
        layout = _LAYOUTS[board] = _Layout(board)
    qa, ra = start
    lines, shift = layout.lines, layout.shift - qa
    fields = _FIELDS.setdefault(board, {})
    found: list[int | None] = []
    for first, length, r, q in layout.parts:
        if length:
            low = q + shift
            found += lines[r - ra][low:low + length]
        else:  # a room: its steps to `a`
            d = _field(board, first, fields)[a]
            found.append(None if d == _UNREACHED else d)
    return tuple(found)


_last: list[Any] = [None, None]  # the board last asked about and its rows: one lookup less


def row(board: Board, a: int) -> Row:
    """The distance from `a` to every space, by index (None: no steps join them)."""
    if _last[0] is board:
        rows = _last[1]
    else:
        rows = _ROWS.get(board)
        if rows is None:
            rows = _ROWS[board] = [None] * board.size
        _last[:] = [board, rows]
    found = rows[a]
    if found is None:
        found = rows[a] = _measured(board, a)
    return found


def distance(board: Board, a: int, b: int) -> int | None:
    """As engine.board.distance: hex distance between hexes, steps where a room is involved."""
    return row(board, a)[b]
