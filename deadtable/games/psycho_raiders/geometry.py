"""Distances on Crucible, fast: hexes by their coordinates, and rooms (off the grid) by a step
count through doors, windows and passages computed once per room and map (the engine's
`distance` walks the whole map for each room asked about)."""

from __future__ import annotations

import weakref
from collections import deque

from deadtable.engine.board import Board
from deadtable.engine.board import distance as board_distance

# board -> room -> steps from the room to each space (a board never changes)
_FIELDS: weakref.WeakKeyDictionary[Board, dict[int, tuple[int, ...]]] = \
    weakref.WeakKeyDictionary()
_UNREACHED = -1


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


def distance(board: Board, a: int, b: int) -> int | None:
    """As engine.board.distance: hex distance between hexes, steps where a room is involved."""
    if board.coords[a] is not None and board.coords[b] is not None:
        return board_distance(board, a, b)
    room, other = (a, b) if board.coords[a] is None else (b, a)
    steps = _field(board, room)[other]
    return None if steps == _UNREACHED else steps
