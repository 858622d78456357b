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

    __slots__ = ("parts", "lines", "shift", "grid")

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
        self.grid = _Grid.of(self)


class _Grid:
    """A board whose hexes come first, in `rows` grid rows of `width` hexes each (space
    `j * width + c`: row j, column c), each row's first q falling by the same amount every
    two rows (Crucible's offset layout), its rooms after them. Then the hex distances from
    the hex in row j, column c are ONE slice of a table kept by (j's parity, c): the table
    runs over every row offset dr the rows of that parity meet, each a slice of
    `_Layout.lines`, so a row takes a slice where the runs took one a grid row."""

    __slots__ = ("layout", "rows", "width", "first", "step", "last", "tables", "rooms",
                 "_fields")

    def __init__(self, layout: _Layout, rows: int, width: int, first: tuple[int, int],
                 step: int, rooms: tuple[int, ...]) -> None:
        self.layout, self.rows, self.width = layout, rows, width
        self.first, self.step = first, step  # rows 0 and 1's first q; its fall each 2 rows
        # the last row of each parity: its distances start the parity's tables
        self.last = tuple(rows - 1 - ((rows - 1 - p) % 2) for p in (0, 1))
        self.tables: dict[tuple[int, int], tuple[int, ...]] = {}
        self.rooms = rooms
        self._fields: tuple[tuple[int, ...], ...] | None = None  # each room's steps

    @staticmethod
    def of(layout: _Layout) -> _Grid | None:
        """The board's grid if it is laid out so, else None (rows built run by run)."""
        hexes = [p for p in layout.parts if p[1]]
        rooms = tuple(p[0] for p in layout.parts[len(hexes):])
        if len(hexes) < 3 or any(p[1] for p in layout.parts[len(hexes):]):
            return None
        width, r0 = hexes[0][1], hexes[0][2]
        step = hexes[2][3] - hexes[0][3]
        if any((first, length, r) != (j * width, width, r0 + j)
               or (j >= 2 and q - hexes[j - 2][3] != step)
               for j, (first, length, r, q) in enumerate(hexes)):
            return None
        return _Grid(layout, len(hexes), width, (hexes[0][3], hexes[1][3]), step, rooms)

    def q0(self, j: int) -> int:
        """The first q of grid row j, rows beyond the board's included (the same fall)."""
        return self.first[j % 2] + self.step * (j // 2)

    def row(self, board: Board, a: int) -> Row:
        """_measured() from hex `a`: its hexes' slice, then each room's steps to it."""
        fields = self._fields
        if fields is None:
            fields = self._fields = tuple(_field(board, room) for room in self.rooms)
        return self.hexes(a) + tuple(None if (d := f[a]) == _UNREACHED else d for f in fields)

    def hexes(self, a: int) -> tuple[int, ...]:
        """The distance from hex `a` to every hex, by index."""
        j, c = divmod(a, self.width)
        parity, width = j % 2, self.width
        table = self.tables.get((parity, c))
        if table is None:  # every dr from the parity's last row's to its first row's
            lines, shift = self.layout.lines, self.layout.shift
            found: list[int] = []
            for dr in range(-self.last[parity], self.rows - parity):
                low = self.q0(parity + dr) - self.q0(parity) - c + shift
                found += lines[dr][low:low + width]
            table = self.tables[(parity, c)] = tuple(found)
        start = (self.last[parity] - j) * width
        return table[start:start + self.rows * width]


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
    if layout.grid is not None:
        return layout.grid.row(board, a)
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
