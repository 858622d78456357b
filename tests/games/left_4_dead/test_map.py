"""The designed chapter-1 map: its structure against the map format (docs/engine.md), and that
a survivor (Height 5, from the card) can walk from the start safe room to the end one."""

from __future__ import annotations

import heapq
import tomllib
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from deadtable.games.left_4_dead.data import MAPS, load_cards

MAP = MAPS / "chapter-1.toml"
Cell = tuple[int, int]


def _load() -> tuple[dict[str, Any], dict[Cell, tuple[str, int]]]:
    raw = tomllib.loads(MAP.read_text())
    # The format's example puts `rows` after the [terrain] letters (so TOML files it under
    # `terrain`); accept a top-level `rows` too.
    rows = raw["terrain"].get("rows", raw.get("rows"))
    cells: dict[Cell, tuple[str, int]] = {}
    for r, line in enumerate(rows):
        for c, cell in enumerate(line.split()):
            if cell != ".":
                cells[(c, r)] = (cell[0], int(cell[1:]))
    return raw, cells


RAW, CELLS = _load()
ROWS = RAW["terrain"].get("rows", RAW.get("rows"))


def _at(name: str) -> Cell:
    col, row = name.split(",")
    return int(col), int(row)


def neighbours(cell: Cell) -> Iterator[Cell]:
    """Odd-r offset hexes: odd rows are shifted half a hex right."""
    c, r = cell
    steps = ((1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (1, 1)) if r % 2 else (
        (1, 0), (-1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
    for dc, dr in steps:
        if (c + dc, r + dr) in CELLS:
            yield (c + dc, r + dr)


def hex_distance(a: Cell, b: Cell) -> int:
    def axial(p: Cell) -> tuple[int, int]:
        return p[0] - (p[1] - (p[1] & 1)) // 2, p[1]
    (q1, r1), (q2, r2) = axial(a), axial(b)
    return max(abs(q1 - q2), abs(r1 - r2), abs((q1 + r1) - (q2 + r2)))


def zones(kind: str) -> list[dict[str, Any]]:
    return [z for z in RAW["zone"] if z["kind"] == kind]


def markers(kind: str) -> list[dict[str, Any]]:
    return [m for m in RAW["marker"] if m["kind"] == kind]


WALLS = {frozenset(map(_at, e["between"])) for e in RAW.get("edge", []) if e["feature"] == "wall"}


def costs(start: Iterable[Cell], height: int, blocked: set[Cell]) -> dict[Cell, int]:
    """Cheapest movement cost to every space: 1 a step plus 1 a level climbed; a climb of
    `height` levels or more in one step is impossible; going down is free; walls block."""
    best = {s: 0 for s in start}
    queue = [(0, s) for s in best]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here]:
            continue
        for there in neighbours(here):
            if there in blocked or frozenset((here, there)) in WALLS:
                continue
            climb = CELLS[there][1] - CELLS[here][1]
            if climb >= height:
                continue
            new = cost + 1 + max(0, climb)
            if new < best.get(there, 1 << 30):
                best[there] = new
                heapq.heappush(queue, (new, there))
    return best


def safe_room(name: str) -> list[Cell]:
    """The safe room zone named "start" (where the survivors begin) or "end" (the goal)."""
    (zone,) = [z for z in zones("safe-room") if z["name"] == name]
    return [_at(s) for s in zone["spaces"]]


OBSTACLE = {_at(s) for z in zones("crescendo-obstacle") for s in z["spaces"]}
HEIGHT = load_cards().survivors.height


def test_header_and_size() -> None:
    assert RAW["map"]["kind"] == "hex"
    assert RAW["map"]["source"].startswith("designed: ")
    widths = {len(line.split()) for line in ROWS}
    assert len(widths) == 1, "rows should all have the same number of cells"
    (width,) = widths
    assert 24 <= width <= 32 and 16 <= len(ROWS) <= 22
    assert 400 <= len(CELLS) <= 600
    for r, line in enumerate(ROWS):
        assert line.startswith(" ") == bool(r % 2), f"row {r}: odd rows are indented"


def test_cells_use_declared_terrain_and_levels_0_to_6() -> None:
    letters = {k for k, v in RAW["terrain"].items() if k != "rows"}
    for cell, (terrain, level) in CELLS.items():
        assert terrain in letters, cell
        assert 0 <= level <= 6, cell
    assert {t for t, _ in CELLS.values()} >= {"a", "c", "w"}


def test_every_reference_is_a_space() -> None:
    named = [s for z in RAW["zone"] for s in z["spaces"]] + [m["at"] for m in RAW["marker"]]
    named += [s for e in RAW.get("edge", []) for s in e["between"]]
    for name in named:
        assert _at(name) in CELLS, f"{name} is not a space of the map"
    for e in RAW.get("edge", []):
        a, b = map(_at, e["between"])
        assert b in set(neighbours(a)), f"edge {e['between']} joins spaces that are not adjacent"
        assert e["feature"] in ("wall", "door", "window", "barricade", "passage")


def test_zones_and_markers_present() -> None:
    start, end = safe_room("start"), safe_room("end")
    assert len(start) >= 4 and len(end) >= 4
    assert min(hex_distance(a, b) for a in start for b in end) >= 20
    (trigger,) = markers("crescendo-trigger")
    assert trigger["obstacle"] in {z["name"] for z in zones("crescendo-obstacle")}
    (car,) = zones("car")  # "Cars start the game with a yellow Alarm Marker" (rulebook)
    assert len(car["spaces"]) >= 1
    for kind in ("metal-detector", "gas-can", "propane-tank"):
        assert len(markers(kind)) >= 1, kind
    assert 2 <= len(markers("hero-closet")) <= 3
    assert len(markers("spawn")) >= 4
    assert sorted(m["squad"] for m in markers("horde-start")) == [1, 2, 3, 4, 5, 6]
    occupied = [m["at"] for m in RAW["marker"]]
    assert len(occupied) == len(set(occupied)), "two markers share a space"


@pytest.mark.parametrize("kind", ["item-location", "witch-location", "hero-closet"])
def test_orders_run_1_to_n(kind: str) -> None:
    orders = sorted(m["order"] for m in markers(kind))
    assert orders == list(range(1, len(orders) + 1))


def test_end_reachable_only_through_the_crescendo() -> None:
    start, end = safe_room("start"), safe_room("end")
    open_gate = costs(start, HEIGHT, blocked=set())
    route = min(open_gate[e] for e in end if e in open_gate)
    assert 25 <= route <= 40, route
    closed = costs(start, HEIGHT, blocked=OBSTACLE)
    assert not any(e in closed for e in end), "the end is reachable around the obstacle"
    (trigger,) = markers("crescendo-trigger")
    assert _at(trigger["at"]) in closed, "the crescendo trigger is out of reach"
    # Once the gate opens every space is reachable but the top of the level-6 floodwall.
    unreachable = set(CELLS) - set(open_gate)
    assert unreachable and all(CELLS[c] == ("c", 6) and c[0] in (14, 15) for c in unreachable)


def test_item_locations_lie_along_the_route() -> None:
    reach = costs(safe_room("start"), HEIGHT, blocked=set())
    ordered = sorted(markers("item-location"), key=lambda m: m["order"])
    route = [reach[_at(m["at"])] for m in ordered]
    assert route == sorted(route) and len(set(route)) == len(route), route
    assert len(ordered) >= 6


def test_spawn_points_keep_clear_of_the_start() -> None:
    start = safe_room("start")
    for m in markers("spawn") + markers("horde-start"):
        assert min(hex_distance(_at(m["at"]), s) for s in start) >= 5, m


def test_the_board_engine_loads_it() -> None:
    from deadtable.engine.board.mapfile import load_map

    board = load_map(MAP)
    assert len(board.markers) == len(RAW["marker"])
    assert len(board.zones) == len(RAW["zone"])
