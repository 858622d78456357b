"""The heuristic agents' measures of Crucible: a space's rows from the north edge, the steps
between spaces (a room through its doors and windows, not its walls), and the road north."""

from __future__ import annotations

from collections import deque
from functools import cache, lru_cache

from deadtable.engine.board import Board
from deadtable.engine.board.model import edge_key
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


def north(state: PsychoRaidersState, space: int, lit_cost: int = 0) -> float:
    """The steps a camper walks from a space off the north edge's row (6.1: it leaves from
    there), round what it may not enter (`to_north`): in open ground its row (`row_of`), under
    a building's south wall the walk round it. A camper steering by rows stood under the wall
    of the Sheriff's Station, the Chapel or the Old Store, every step round it no further
    north, until dawn. `lit_cost`: more for each lit hex (12.5) the walk steps into, so a
    hidden camper that shuns the light walks round it too. Where no walk leads north (a
    locked passage, 11.12), 99 more than its row, so any step that finds a way is better."""
    lights = lit_spaces(state) if lit_cost else frozenset()
    steps = to_north(state.board, shut(state), frozenset(state.locked),
                     frozenset(state.opened), lights, lit_cost)[space]
    return steps if steps >= 0 else 99.0 + row_of(state, space)


def lit_spaces(state: PsychoRaidersState) -> frozenset[int]:
    """The spaces lit now (`hiding.lit`, 12.5)."""
    return _lights(state.board, tuple(state.burning), bool(state.bonus.get("power-out")))


@lru_cache(maxsize=16)  # one set while no fire starts nor the power fails: its hash kept
def _lights(board: Board, burning: tuple[int, ...], out: bool) -> frozenset[int]:
    from deadtable.games.psycho_raiders.hiding import _streetlit

    return frozenset(burning) if out else frozenset(burning) | _streetlit(board)


@lru_cache(maxsize=16)  # the map, its buildings, the doors locked and the walls broken, lights
def to_north(board: Board, shut: frozenset[str], locked: frozenset[tuple[int, int]],
             opened: frozenset[tuple[int, int]], lights: frozenset[int] = frozenset(),
             lit_cost: int = 0) -> tuple[float, ...]:
    """Steps from every space to the nearest hex of the north edge (-1: none), as a piece
    walks them (`movement.can_pass`): over the hexes it may enter, never through a wall
    (10.33) unless broken open, out of a room by any door or window (11.1: from inside every
    one is unlocked), in by one only if not locked, never by a locked passage (11.12); each
    step into one of `lights` costs `lit_cost` more."""
    import heapq

    cost = [-1.0] * board.size
    queue: list[tuple[float, int]] = []
    for edge in board.zone("North edge").spaces:
        if board.terrain[edge] not in shut:
            cost[edge] = 0.0
            queue.append((0.0, edge))
    heapq.heapify(queue)
    while queue:
        d, here = heapq.heappop(queue)  # nearer the edge: a piece steps from `there` to `here`
        if d > cost[here]:
            continue
        step = d + 1 + (lit_cost if here in lights else 0)
        for there in board.neighbours[here]:
            if 0 <= cost[there] <= step or board.terrain[there] in shut \
                    or not _passes(board, there, here, locked, opened):
                continue
            cost[there] = step
            heapq.heappush(queue, (step, there))
    return tuple(cost)


def _passes(board: Board, here: int, there: int, locked: frozenset[tuple[int, int]],
            opened: frozenset[tuple[int, int]]) -> bool:
    """Whether a piece steps from `here` to the adjacent `there` (`movement._passes`)."""
    feature = board.feature(here, there)
    key = edge_key(here, there)
    if feature == "wall":
        return key in opened  # 10.33: a wall attacked down to 0 is an open door
    if feature is None:
        return board.coords[here] is not None and board.coords[there] is not None
    if feature not in OPENINGS:
        return False
    if key not in locked:
        return True
    if feature == "passage":
        return False  # 11.12: a locked passage holds from both sides
    return board.coords[here] is None and board.coords[there] is not None  # from inside


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
