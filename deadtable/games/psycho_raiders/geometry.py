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


def _field(board: Board, room: int) -> tuple[int, ...]:
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


def _measured(board: Board, a: int) -> Row:
    """As engine.board.distance from `a` to every space: hex distance between hexes, steps
    where a room is involved."""
    coords = board.coords
    start = coords[a]
    if start is None:
        return tuple(None if d == _UNREACHED else d for d in _field(board, a))
    q, r = start
    found: list[int | None] = []
    for b, there in enumerate(coords):
        if there is None:
            d = _field(board, b)[a]
            found.append(None if d == _UNREACHED else d)
        else:
            dq, dr = q - there[0], r - there[1]
            found.append((abs(dq) + abs(dr) + abs(dq + dr)) // 2)  # hexes.hex_distance
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
