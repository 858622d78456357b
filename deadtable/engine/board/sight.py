"""Line of sight: clear or not, and where and why it is blocked. One function for every map kind.

Grid maps (hex and square) use one model, the HeroScape 2.5D column model, which is flat
centre-to-centre sight on a map whose levels are all 0 (docs/maps.md, "Line of sight"):

- A figure standing on space s is a column from level[s] up to level[s] + its height. Sight
  runs between the **tops** of the two columns: the highest points of each. Terrain and
  figures are columns standing on the ground, so a lower point of either column never sees
  more than the top does: the segment between the tops is clear whenever any segment
  between the two columns is, and sight is symmetric by construction.
- The segment must pass above (or touch) every intermediate cell's terrain top, taken where the
  line crosses the cell's centre (i of n steps along a line of n steps). A figure in between
  (`figures`) blocks where the segment passes below or through its top (so on flat ground a
  figure blocks sight between two figures of its height); a cell whose terrain is in
  `opaque` blocks outright; an edge feature in `blocking` crossed by the line blocks.
- Where the line runs along a hexside or through a square's corner the two nudged lines
  differ. `grazing="either"` (the default) sees if either nudged line is clear (a line
  along the boundary is blocked only when both sides block); `grazing="both"` needs both.
- Adjacent spaces share no intermediate cell, so they always see each other unless a
  blocking feature stands on the edge between them (HeroScape: an adjacent target needs no
  line of sight).

Graph maps, and any space off the grid (a building's room), see only along an edge between
adjacent spaces that `edge_sight` allows (by default: an edge whose feature does not block).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from deadtable.engine.board import query
from deadtable.engine.board.lines import OFF_MAP, line
from deadtable.engine.board.model import Board, edge_key

SIGHT_BLOCKING = frozenset({"wall", "door"})  # walls and (closed) doors; windows per flag
GRAZING_RULES = ("either", "both")

Blocker = int | tuple[int, int]


@dataclass(frozen=True, slots=True)
class Sight:
    """The answer to "does a see b": `spaces` is the line judged (the clear one when a nudge
    is clear), `blocked_at` the first space or edge (a pair of spaces) blocking it from a's
    side, `reason` the words for a player, `grazes` whether the line touched a hexside or
    corner."""

    clear: bool
    spaces: tuple[int, ...]
    blocked_at: Blocker | None = None
    reason: str = ""
    grazes: bool = False


def sight(
    board: Board,
    a: int,
    b: int,
    *,
    height_a: int = 0,
    height_b: int = 0,
    figures: Mapping[int, int] | None = None,
    blocking: frozenset[str] = SIGHT_BLOCKING,
    windows: bool = True,
    opaque: frozenset[str] = frozenset(),
    grazing: str = "either",
    edge_sight: Callable[[int, int, str | None], bool] | None = None,
) -> Sight:
    """Whether a figure of height `height_a` on `a` sees one of height `height_b` on `b`.

    `figures` maps a space to the height of a figure standing there (only spaces between a and
    b matter); `blocking` are the edge features that block sight, plus "window" unless
    `windows` (see through windows) is true; `opaque` are terrain names that block a line
    crossing them; `grazing` is the hexside/corner rule ("either" or "both")."""
    blocking = _blocking(blocking, windows, grazing)
    if a == b:
        return Sight(True, (a,))
    if board.coords[a] is None or board.coords[b] is None:
        return _along_edge(board, a, b, blocking, edge_sight)
    drawn = line(board, a, b)
    ends = (board.level[a] + height_a, board.level[b] + height_b)
    first = _judge(board, drawn.plus, ends, figures, blocking, opaque)
    if not drawn.grazes:
        return first
    second = _judge(board, drawn.minus, ends, figures, blocking, opaque)
    if grazing == "either":
        best = first if first.clear or not second.clear else second
    else:
        best = first if not first.clear or second.clear else second
    return Sight(best.clear, best.spaces, best.blocked_at, best.reason, True)


def _blocking(blocking: frozenset[str], windows: bool, grazing: str) -> frozenset[str]:
    """The edge features that block sight under these options (the grazing rule checked)."""
    if grazing not in GRAZING_RULES:
        raise ValueError(f"grazing rule {grazing!r} should be one of {', '.join(GRAZING_RULES)}")
    return blocking if windows else blocking | {"window"}


def visible(
    board: Board,
    a: int,
    spaces: Iterable[int],
    *,
    height_a: int = 0,
    height_b: int = 0,
    figures: Mapping[int, int] | None = None,
    blocking: frozenset[str] = SIGHT_BLOCKING,
    windows: bool = True,
    opaque: frozenset[str] = frozenset(),
    grazing: str = "either",
    edge_sight: Callable[[int, int, str | None], bool] | None = None,
) -> list[int]:
    """The spaces of `spaces` (in their order) where a figure of height `height_a` on a sees
    one of height `height_b`: `sight(...).clear` for each, without saying where or why a line
    is blocked, for rules that ask it of many spaces a decision (a Spitter's targets).
    Answered in C on a grid board (csrc/geometry.c, engine/board/query.py's compiled
    geometry) where all the spaces are on the grid, else in Python (_python_visible, its
    twin; `query.use_compiled(False)` asks only the Python)."""
    blocking = _blocking(blocking, windows, grazing)
    za, either = board.level[a] + height_a, grazing == "either"
    g = query.geometry(board, blocking)
    if g is not None and (figures is None or type(figures) is dict):
        listed = spaces if isinstance(spaces, list | tuple) else list(spaces)
        try:
            found: list[int] | None = g.visible(
                a, listed, za, height_b, figures,
                _opaque_flags(board, opaque) if opaque else None, either)
        except query.Busy:  # asked from inside another compiled answer
            found = None
        if found is not None:
            return found
        spaces = listed
    return _python_visible(board, a, spaces, za, height_b, figures, blocking, opaque, either,
                           edge_sight)


@lru_cache(maxsize=64)
def _opaque_flags(board: Board, opaque: frozenset[str]) -> bytes:
    """A byte per space, 1 where its terrain is in `opaque`: visible's `opaque` for the C."""
    return bytes(1 if t in opaque else 0 for t in board.terrain)


def _python_visible(board: Board, a: int, spaces: Iterable[int], za: int, height_b: int,
                    figures: Mapping[int, int] | None, blocking: frozenset[str],
                    opaque: frozenset[str], either: bool,
                    edge_sight: Callable[[int, int, str | None], bool] | None) -> list[int]:
    """visible in Python (the C's twin), a's top at za, the grazing rule "either" or not.
    What never changes of a line is kept on the board, per origin (_lines_from)."""
    level, coords = board.level, board.coords
    if coords[a] is None:
        return [b for b in spaces
                if b == a or _along_edge(board, a, b, blocking, edge_sight).clear]
    lines = _lines_from(board, a, za, height_b, blocking, opaque)
    found = []
    for b in spaces:
        if b == a:
            found.append(b)
            continue
        if coords[b] is None:
            if _along_edge(board, a, b, blocking, edge_sight).clear:
                found.append(b)
            continue
        profiles = lines.get(b)
        if profiles is None:
            profiles = lines[b] = _profiles(board, a, b, za, level[b] + height_b, blocking,
                                            opaque)
        plus, minus = profiles
        first = plus is not None and not (figures and _figure_blocks(plus, figures))
        if minus is _NO_NUDGE or first == either:
            seen = first
        else:
            seen = minus is not None and not (figures and _figure_blocks(minus, figures))
        if seen:
            found.append(b)
    return found


def sees(board: Board, a: int, b: int, **options: Any) -> bool:
    """`sight(board, a, b, **options).clear`, faster (see visible)."""
    return bool(visible(board, a, (b,), **options))


def _lines_from(board: Board, a: int, za: int, height_b: int, blocking: frozenset[str],
                opaque: frozenset[str]) -> dict[int, tuple[Profile | None, Profile | None]]:
    """The lines from grid space a (its top at za) to targets height_b tall under these rules,
    kept on the board: target -> the profiles of its plus and minus lines, added when first
    asked about."""
    key = (a, za, height_b, blocking, opaque)
    found: dict[int, tuple[Profile | None, Profile | None]] | None = board._sight.get(key)
    if found is None:
        if len(board._sight) >= _ORIGIN_CACHE_LIMIT:
            board._sight.clear()
        found = board._sight[key] = {}
    return found


def _profiles(board: Board, a: int, b: int, za: int, zb: int, blocking: frozenset[str],
              opaque: frozenset[str]) -> tuple[Profile | None, Profile | None]:
    drawn = line(board, a, b)
    return (_profile(board, drawn.plus, za, zb, blocking, opaque),
            _profile(board, drawn.minus, za, zb, blocking, opaque) if drawn.grazes
            else _NO_NUDGE)


# A line's part in `sees` that never changes: None where terrain or an edge blocks it, else
# (cell, need, n) for each cell between the ends where a figure of height `tall` blocks when
# tall * n >= need (_block's test, with the terrain top taken out).
Profile = tuple[tuple[int, int, int], ...]
_NO_NUDGE: Profile = ((-1, 0, 0),)  # the minus line of a line that does not graze
_ORIGIN_CACHE_LIMIT = 2048  # (origin, heights, rules) keys; the cache is cleared past this


def _profile(board: Board, cells: tuple[int, ...], za: int, zb: int, blocking: frozenset[str],
             opaque: frozenset[str]) -> Profile | None:
    # _block(board, cells, (za, zb), None, blocking, opaque) is None, and the profile, in one
    # pass: this runs for each line a rule first asks about
    level, features, terrain = board.level, board.features, board.terrain
    n = len(cells) - 1
    rise = zb - za
    found = []
    previous = cells[0]
    for i in range(1, n + 1):
        cell = cells[i]
        if features and previous != OFF_MAP and cell != OFF_MAP:
            feature = features.get(edge_key(previous, cell))
            if feature is not None and feature in blocking:
                return None
        previous = cell
        if i == n or cell == OFF_MAP:
            continue
        need = za * n + rise * i - level[cell] * n  # heights scaled by n, as in _block
        if need < 0 or (opaque and terrain[cell] in opaque):
            return None
        found.append((cell, need, n))
    return tuple(found)


def _figure_blocks(profile: Profile, figures: Mapping[int, int]) -> bool:
    for cell, need, n in profile:
        tall = figures.get(cell)
        if tall is not None and tall * n >= need:
            return True
    return False


def _block(
    board: Board,
    cells: tuple[int, ...],
    ends: tuple[int, int],
    figures: Mapping[int, int] | None,
    blocking: frozenset[str],
    opaque: frozenset[str],
) -> tuple[str, int] | None:
    """Where the line through `cells` is first blocked, from a's side: (what, i), what being
    "edge" (a blocking feature between cells i-1 and i), "terrain", "opaque" or "figure" (on
    cell i); None where it is clear."""
    level = board.level
    features = board.features
    n = len(cells) - 1
    za, zb = ends
    rise = zb - za
    previous = cells[0]
    for i in range(1, n + 1):
        cell = cells[i]
        if features and previous != OFF_MAP and cell != OFF_MAP:
            feature = features.get(edge_key(previous, cell))
            if feature is not None and feature in blocking:
                return ("edge", i)
        previous = cell
        if i == n or cell == OFF_MAP:
            continue
        # Heights scaled by n, so the comparison is exact in integers.
        line_n = za * n + rise * i
        top = level[cell]
        if top * n > line_n:
            return ("terrain", i)
        if opaque and board.terrain[cell] in opaque:
            return ("opaque", i)
        if figures:
            tall = figures.get(cell)
            if tall is not None and (top + tall) * n >= line_n:
                return ("figure", i)
    return None


def _judge(
    board: Board,
    cells: tuple[int, ...],
    ends: tuple[int, int],
    figures: Mapping[int, int] | None,
    blocking: frozenset[str],
    opaque: frozenset[str],
) -> Sight:
    found = _block(board, cells, ends, figures, blocking, opaque)
    if found is None:
        return Sight(True, cells)
    what, i = found
    cell, names = cells[i], board.names
    if what == "edge":
        previous = cells[i - 1]
        return Sight(False, cells, edge_key(previous, cell),
                     f"{board.features[edge_key(previous, cell)]} between {names[previous]} "
                     f"and {names[cell]}")
    if what == "terrain":
        n = len(cells) - 1
        line_n = ends[0] * n + (ends[1] - ends[0]) * i
        return Sight(False, cells, cell, f"terrain at level {board.level[cell]} above the line "
                     f"(height {line_n / n:g}) at {names[cell]}")
    if what == "opaque":
        return Sight(False, cells, cell, f"{board.terrain[cell]} at {names[cell]} blocks sight")
    return Sight(False, cells, cell, f"figure at {names[cell]}")


def _along_edge(
    board: Board,
    a: int,
    b: int,
    blocking: frozenset[str],
    edge_sight: Callable[[int, int, str | None], bool] | None,
) -> Sight:
    names = board.names
    if not board.adjacent(a, b):
        return Sight(False, (a, b), None, f"no edge joins {names[a]} and {names[b]}: sight "
                     "off the grid runs only between adjacent spaces")
    feature = board.feature(a, b)
    allowed = edge_sight(a, b, feature) if edge_sight is not None else feature not in blocking
    if allowed:
        return Sight(True, (a, b))
    what = feature or "edge"
    return Sight(False, (a, b), edge_key(a, b),
                 f"{what} between {names[a]} and {names[b]} blocks sight")
