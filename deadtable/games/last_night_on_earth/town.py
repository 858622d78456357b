"""The town of Last Night on Earth: board tiles read and checked, four L-boards drawn and placed
round the centre board (engine/board/compose.py), or a user's own town map.

A tile or town is a map file in the engine's format (docs/maps.md). What the game reads from it:
zones of kind `building` (with a `building` marker carrying its random-building `numbers`) and
`room` (named "Building: Room", inside its building), `road-out` and `town-center` zones,
`spawning-pit` and `truck` markers. docs/last-night-on-earth.md ("The town") explains the
layout; data/town.toml holds its numbers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Protocol, Self

from deadtable.engine.board import Board, ComposeError, MapError, Placement, compose, load_map
from deadtable.engine.board.compose import placed_cells
from deadtable.engine.datafile import DataError, read_toml
from deadtable.engine.datafile import field as _get

DATA = Path(__file__).parent / "data"
TOWN = DATA / "town.toml"
CORNERS = ("NW", "NE", "SE", "SW")
CENTRES = ("town-center", "manor-house")
ROLLS = frozenset(range(1, 7))


class Rng(Protocol):
    """What drawing the boards needs of a random source (the engine's Dice has it)."""

    def below(self, n: int) -> int: ...


@dataclass(frozen=True, slots=True)
class Building:
    name: str
    spaces: frozenset[int]
    numbers: tuple[int, ...]  # the building roll's faces that pick it on its board
    corner: str | None  # NW, NE, SE, SW; None on the centre board
    rooms: Mapping[str, frozenset[int]]  # "Building: Room" -> its spaces (internal walls)


@dataclass(frozen=True, slots=True)
class Corner:
    name: str
    offset: tuple[int, int]
    turns: int
    roll: int  # its face on the centre board's random-building table


@dataclass(frozen=True, slots=True)
class Layout:
    """data/town.toml: how the tiles make a town."""

    size: int
    centre_offset: tuple[int, int]
    draw: int
    centres: Mapping[str, Path]
    corners: tuple[Corner, ...]
    boards: Mapping[int, Path]  # L-board number -> tile file
    listed: Mapping[int, tuple[str, ...]]  # L-board number -> the buildings it must have
    heroes_choose: int
    zombies_choose: int

    def table(self) -> Mapping[int, str]:
        """The random-building table's first roll: face -> corner, "heroes" or "zombies"."""
        faces = {c.roll: c.name for c in self.corners}
        faces[self.heroes_choose], faces[self.zombies_choose] = "heroes", "zombies"
        return MappingProxyType(faces)


@dataclass(frozen=True, slots=True)
class Town:
    board: Board
    centre: str  # town-center | manor-house, or "" for a user's town
    corners: Mapping[str, int]  # corner -> the L-board number placed there (empty: user town)
    buildings: Mapping[str, Building]
    building_of: tuple[str | None, ...]  # per space: its building's name, or None outdoors
    spawning_pits: tuple[int, ...]
    center_of_town: tuple[int, ...]
    road_out: tuple[int, ...]
    truck: int | None
    origin: str  # the files it came from, for messages

    table: Mapping[int, str]  # the centre board's table: face -> corner, "heroes", "zombies"

    def random_building(self, corner_roll: int, building_roll: int) -> str:
        """The centre board's table: the corner (or "heroes" / "zombies": that side chooses),
        then the building of that corner whose numbers hold the second roll."""
        corner = self.table[corner_roll]
        if corner in ("heroes", "zombies"):
            return corner
        return next(b.name for b in self.buildings.values()
                    if b.corner == corner and building_roll in b.numbers)

    def building_at(self, space: int) -> str | None:
        return self.building_of[space]

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self  # immutable: shared by every copy of a game


# -- data/town.toml ------------------------------------------------------------------------------
def load_layout(path: str | Path | None = None) -> Layout:
    """data/town.toml, or a user's own layout file; the default is read once per process
    (a Layout is immutable, and every game draws its town from it)."""
    return _default_layout() if path is None else _read_layout(path)


@lru_cache(maxsize=1)
def _default_layout() -> Layout:
    return _read_layout(None)


def _read_layout(path: str | Path | None) -> Layout:
    data, origin = read_toml(path, TOWN)
    base = Path(origin).parent
    head = _get(data, "town", origin, dict)
    where = f"{origin}: town"
    offset = _pair(_get(head, "centre_offset", where, list), f"{where}.centre_offset")
    centres_table = _get(data, "centre", origin, dict)
    centres = {}
    for side in CENTRES:
        centres[side] = base / _get(centres_table, side, f"{origin}: centre", str)
    corners = []
    for i, table in enumerate(_get(data, "corner", origin, list)):
        cw = f"{origin}: corner[{i}]"
        name = _get(table, "name", cw, str)
        if name not in CORNERS:
            raise DataError(f"{cw}.name: {name!r} should be one of {', '.join(CORNERS)}")
        corners.append(Corner(name, _pair(_get(table, "offset", cw, list), f"{cw}.offset"),
                              _get(table, "turns", cw, int), _get(table, "roll", cw, int)))
    if sorted(c.name for c in corners) != sorted(CORNERS):
        raise DataError(f"{origin}: corner: should list each of {', '.join(CORNERS)} once")
    table = _get(data, "random_building", origin, dict)
    heroes = _get(table, "heroes_choose", f"{origin}: random_building", int)
    zombies = _get(table, "zombies_choose", f"{origin}: random_building", int)
    faces = [c.roll for c in corners] + [heroes, zombies]
    if sorted(faces) != sorted(ROLLS):
        raise DataError(f"{origin}: corner[].roll and random_building: the faces {faces} "
                        "should be 1 to 6, each once (four corners and the two choices)")
    boards, listed = {}, {}
    for i, table in enumerate(_get(data, "board", origin, list)):
        bw = f"{origin}: board[{i}]"
        number = _get(table, "number", bw, int)
        boards[number] = base / _get(table, "file", bw, str)
        listed[number] = tuple(_get(table, "buildings", bw, list))
    draw = _get(head, "draw", where, int)
    if not 1 <= draw <= min(len(boards), len(corners)):
        raise DataError(f"{where}.draw: {draw} should be 1 to {min(len(boards), 4)}")
    return Layout(_get(head, "size", where, int), offset, draw, MappingProxyType(centres),
                  tuple(corners), MappingProxyType(boards), MappingProxyType(listed),
                  heroes, zombies)


def _pair(value: list[object], where: str) -> tuple[int, int]:
    if len(value) != 2 or not all(isinstance(v, int) for v in value):
        raise DataError(f"{where}: {value!r} should be two whole numbers [x, y]")
    return int(value[0]), int(value[1])  # type: ignore[call-overload]


# -- tiles and towns -----------------------------------------------------------------------------
def load_tile(path: str | Path) -> Board:
    """A tile's map file, read by the engine and checked for what the game needs."""
    try:
        board = load_map(path)
    except MapError as error:
        raise DataError(str(error)) from None
    buildings(board, str(path), corner_of=lambda _: None)
    return board


def build_town(rng: Rng, centre: str = "town-center", layout: Layout | None = None) -> Town:
    """A town for one game: the centre board's side, and `draw` L-boards drawn at random and
    placed on the corners in a random order. The same rng state gives the same town."""
    layout = layout or load_layout()
    if centre not in CENTRES:
        raise DataError(f"centre: {centre!r} should be one of {', '.join(CENTRES)}")
    numbers = sorted(layout.boards)
    drawn = []
    for _ in range(layout.draw):  # draw without putting back: the order is the placement
        drawn.append(numbers.pop(rng.below(len(numbers))))
    corners = dict(zip((c.name for c in layout.corners), drawn, strict=False))
    placed_tiles = tuple((c.name, number, str(layout.boards[number]), c.offset, c.turns)
                         for c in layout.corners for number in [corners.get(c.name)]
                         if number is not None)
    return _composed(centre, str(layout.centres[centre]), layout.centre_offset, placed_tiles,
                     tuple(sorted(layout.table().items())))


@lru_cache(maxsize=720)  # every arrangement of 4 of 6 boards, for either centre
def _composed(centre: str, centre_file: str, centre_offset: tuple[int, int],
              tiles: tuple[tuple[str, int, str, tuple[int, int], int], ...],
              table: tuple[tuple[int, str], ...]) -> Town:
    """The town for one arrangement of the tiles. Towns are immutable, so games drawing the
    same arrangement share one (building a town reads and joins five map files)."""
    placements = [Placement(_tile(centre_file), centre_offset)]
    corner_at: dict[tuple[int, int], str] = {}  # cell -> the corner whose tile holds it
    for corner, _, path, offset, turns in tiles:
        placement = Placement(_tile(path), offset, turns)
        placements.append(placement)
        corner_at |= dict.fromkeys(placed_cells(placement).values(), corner)
    origin = ", ".join([centre_file] + [t[2] for t in tiles])
    try:
        board = compose(placements, name=f"Woodinvale ({centre})",
                        source="composed: " + origin)
    except ComposeError as error:
        raise DataError(f"town: {error}") from None
    town = _town(board, centre, MappingProxyType({t[0]: t[1] for t in tiles}), origin,
                 MappingProxyType(dict(table)),
                 lambda space: corner_at.get(board.coords[space] or (-1, -1)))
    _check_numbers(town, origin, [t[0] for t in tiles])
    return town


@lru_cache(maxsize=16)
def _tile(path: str) -> Board:
    return load_tile(path)


def load_town(path: str | Path, layout: Layout | None = None) -> Town:
    """A user's own town: one map file of the whole town. Every numbered building's marker
    needs a `corner` (NW, NE, SE or SW) for the random-building table (town.toml's)."""
    try:
        board = load_map(path)
    except MapError as error:
        raise DataError(str(error)) from None
    corners: dict[int, str | None] = {}  # a building marker's space -> its corner
    for i, marker in enumerate(board.markers):
        if marker.kind != "building":
            continue
        corner = marker.props.get("corner")
        if marker.props.get("numbers") and corner not in CORNERS:
            raise DataError(f"{path}: marker[{i}].corner: {corner!r} should be one of "
                            f"{', '.join(CORNERS)} (the corner of the random-building table "
                            "this numbered building belongs to)")
        corners[marker.space] = corner if isinstance(corner, str) else None
    table = (layout or load_layout()).table()
    town = _town(board, "", MappingProxyType({}), str(path), table, corners.get)
    _check_numbers(town, str(path), CORNERS)
    return town


def _town(board: Board, centre: str, corners: Mapping[str, int], origin: str,
          table: Mapping[int, str], corner_of: Callable[[int], str | None]) -> Town:
    found = buildings(board, origin, corner_of)
    building_of: list[str | None] = [None] * board.size
    for b in found.values():
        for s in b.spaces:
            building_of[s] = b.name

    def zone_spaces(kind: str) -> tuple[int, ...]:
        return tuple(s for z in board.zones.values() if z.kind == kind for s in z.spaces)
    trucks = board.markers_of("truck")
    return Town(board, centre, corners, MappingProxyType(found), tuple(building_of),
                tuple(m.space for m in board.markers_of("spawning-pit")),
                zone_spaces("town-center"), zone_spaces("road-out"),
                trucks[0].space if trucks else None, origin, table)


def buildings(board: Board, origin: str,
              corner_of: Callable[[int], str | None]) -> dict[str, Building]:
    """The board's buildings, each with its marker's numbers and its rooms; errors name the
    file and the marker or zone at fault."""
    zones = board.zones
    found: dict[str, Building] = {}
    for i, marker in enumerate(board.markers):
        if marker.kind != "building":
            continue
        where = f"{origin}: marker[{i}]"
        value = marker.props.get("building")
        zone = zones.get(value) if isinstance(value, str) else None
        if zone is None or zone.kind != "building":
            raise DataError(f"{where}.building: {value!r} should name a zone of kind 'building'")
        name = zone.name
        if marker.space not in zone.spaces:
            raise DataError(f"{where}.at: {board.names[marker.space]} is not in {name}")
        if name in found:
            raise DataError(f"{where}.building: a second marker for {name}")
        numbers = marker.props.get("numbers")
        if not isinstance(numbers, (list, tuple)) or not all(
                isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 6
                for n in numbers) or len(set(numbers)) != len(numbers):
            raise DataError(f"{where}.numbers: {numbers!r} should be a list of different "
                            "faces 1 to 6 (empty for a building no roll picks)")
        rooms = {z.name: frozenset(z.spaces) for z in zones.values()
                 if z.kind == "room" and z.name.startswith(name + ": ")}
        for room, spaces in rooms.items():
            if not spaces <= set(zone.spaces):
                raise DataError(f"{origin}: zone {room!r}: its spaces should lie inside {name}")
        found[name] = Building(name, frozenset(zone.spaces), tuple(numbers),
                               corner_of(marker.space),
                               MappingProxyType(rooms))
    for zone in zones.values():
        if zone.kind == "building" and zone.name not in found:
            raise DataError(f"{origin}: zone {zone.name!r}: a building needs a 'building' "
                            "marker with its numbers")
        if zone.kind == "room" and not any(zone.name.startswith(b + ": ") for b in found):
            raise DataError(f"{origin}: zone {zone.name!r}: a room is named 'Building: Room' "
                            "after a building on the map")
    return found


def _check_numbers(town: Town, origin: str, corners: Sequence[str]) -> None:
    """Each corner's buildings share out the faces 1-6, so every building roll finds one."""
    for corner in corners:
        faces = [n for b in town.buildings.values() if b.corner == corner for n in b.numbers]
        if sorted(faces) != sorted(ROLLS):
            raise DataError(f"{origin}: the buildings of corner {corner} have the numbers "
                            f"{sorted(faces)}; they should share out 1 to 6, each once")
