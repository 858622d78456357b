"""The heuristic agents' measures of Crucible: a space's rows from the north edge, the steps
between spaces (a room through its doors and windows, not its walls), and the road north."""

from __future__ import annotations

from collections import deque
from functools import cache, lru_cache

from deadtable.engine.board import Board
from deadtable.games.psycho_raiders.geometry import distance
from deadtable.games.psycho_raiders.state import PsychoRaidersState

OPENINGS = ("door", "window", "passage")  # a room's ways in and out (10.33: never its walls)


def row_of(state: PsychoRaidersState, space: int) -> int:
    """Rows from the north edge: a hex's row; a room's, one more than the nearest hex it
    opens onto."""
    coord = state.board.offset(space)
    if coord is not None:
        return coord[1]
    near = [state.board.offset(n) for n in state.board.neighbours[space]
            if state.board.feature(space, n) in OPENINGS]  # a room is left by its openings
    return min((c[1] for c in near if c is not None), default=99) + 1


def away(state: PsychoRaidersState, space: int, target: int | None) -> float:
    """Hexes between two spaces; where a room is one of them, the steps a piece walks to it
    (`walks`), not through its walls."""
    if target is None:
        return 0.0
    board = state.board
    if board.coords[space] is not None and board.coords[target] is not None:
        d = distance(board, space, target)
        return float(d if d is not None else 99)
    room, other = (space, target) if board.coords[space] is None else (target, space)
    steps = walks(board, room, shut(state))[other]
    return float(steps if steps >= 0 else 99)


def walk(state: PsychoRaidersState, space: int, target: int | None) -> float:
    """The steps a piece walks between two spaces round what it may not enter, 99 where there
    is no way (`walks`): between two hexes, round a building's footprint (10.3) or through
    its rooms by doors and windows open from outside (a locked one costs a hunter an
    action, 11.1, and the hunt breaks in only where its quarry is); to or from a room
    through any of its openings. Where `away` counts hexes straight through the
    Sheriff's Station or the Chapel, this is the walk: a hunter steering by `away` stood on
    the near side of a wall, every step round it no nearer, while the token it hunted waited
    on the far side till dawn."""
    if target is None:
        return 0.0
    board = state.board
    if board.coords[space] is not None and board.coords[target] is not None:
        steps = walks(board, target, shut(state), frozenset(state.locked))[space]
    else:
        steps = walks(board, target, shut(state))[space]
    return float(steps if steps >= 0 else 99)


def shut(state: PsychoRaidersState) -> frozenset[str]:
    """The terrains no piece enters (a building's footprint, 10.3): worked out once a terrain
    table (the hunt asks it for every target it weighs)."""
    terrain = state.rules.tables.terrain
    kept = _SHUT.get(id(terrain))
    if kept is None or kept[0] is not terrain:  # the table kept beside it: its id not reused
        kept = _SHUT[id(terrain)] = (terrain, frozenset(
            n for n, t in terrain.items() if not t.enter))
    return kept[1]


_SHUT: dict[int, tuple[object, frozenset[str]]] = {}


@lru_cache(maxsize=1024)  # a map's rooms (16 on Crucible) and the hunters' targets (`walk`)
def walks(board: Board, start: int, shut: frozenset[str],
          locked: frozenset[tuple[int, int]] = frozenset()) -> tuple[int, ...]:
    """Steps from a space to every space (-1: none) over the hexes a piece may enter and
    through doors, windows and passages not `locked` (none: a raider breaks one open, 11.1),
    never through a wall (10.33)."""
    steps = [-1] * board.size
    steps[start] = 0
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if steps[there] >= 0 or board.terrain[there] in shut:
                continue
            if (board.coords[here] is None or board.coords[there] is None) and (
                    board.feature(here, there) not in OPENINGS
                    or (min(here, there), max(here, there)) in locked):
                continue
            steps[there] = steps[here] + 1
            queue.append(there)
    return tuple(steps)


@cache
def road_ahead(board: Board) -> dict[int, int]:
    """Road hex -> road hexes from it to the road's exit north (a van's way out, 6.1)."""
    exit_hex = next((s for s in board.zone("North edge").spaces if board.terrain[s] == "road"),
                    None)
    if exit_hex is None:
        return {}
    found = {exit_hex: 0}
    queue = deque([exit_hex])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if board.terrain[there] == "road" and there not in found:
                found[there] = found[here] + 1
                queue.append(there)
    return found


def road_path(board: Board, space: int) -> list[int]:
    """The road hexes a vehicle on `space` crosses to the road's exit north, next first: each
    the neighbour fewest road hexes from the exit (on a tie the first by name, as the
    campers' heuristic and the racer drive); [] off the road."""
    ahead = road_ahead(board)
    if space not in ahead:
        return []
    path, here = [], space
    while ahead[here] > 0:
        here = min((t for t in board.neighbours[here] if ahead.get(t, 99) < ahead[here]),
                   key=lambda t: (ahead[t], board.name(t)))
        path.append(here)
    return path


@lru_cache(maxsize=8)
def to_road(board: Board, shut: frozenset[str], weight: int) -> tuple[float, ...]:
    """Each space's cost to the road's exit north for a vehicle: along the road its road
    hexes; off it, `weight` for each hex a vehicle may drive Off-Road (10.1: never into
    trees, graves, lakes or buildings) on its way to the road, round what it may not enter
    (99.0: no way). The van's way back after a skid (10.2)."""
    import heapq

    ahead = road_ahead(board)
    cost = [99.0] * board.size
    queue = [(float(d), s) for s, d in ahead.items()]
    for d, s in queue:
        cost[s] = d
    heapq.heapify(queue)
    while queue:
        d, here = heapq.heappop(queue)
        if d > cost[here]:
            continue
        for there in board.neighbours[here]:
            if board.coords[there] is None or board.terrain[there] in shut \
                    or there in ahead:
                continue
            if d + weight < cost[there]:
                cost[there] = d + weight
                heapq.heappush(queue, (d + weight, there))
    return tuple(cost)
