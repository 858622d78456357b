"""The town's data: the board tiles, the composed town, a user's own town map."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deadtable.engine.board import Board, distance, dump_map
from deadtable.engine.dice import Dice
from deadtable.games.last_night_on_earth.data import (
    DataError,
    build_town,
    load_layout,
    load_tile,
    load_town,
)
from deadtable.games.last_night_on_earth.town import CORNERS, buildings
from deadtable.ui.cli import app

LAYOUT = load_layout()
TILES = {n: load_tile(p) for n, p in LAYOUT.boards.items()}
CENTRES = {side: load_tile(p) for side, p in LAYOUT.centres.items()}
OPEN = frozenset({"door", "window"})


def reach_without_walls(board: Board, starts: set[int]) -> set[int]:
    """Spaces reached from `starts` without crossing a wall: doors, windows and open sides
    (a wall-less building such as the Cornfield) let a figure in."""
    seen, queue = set(starts), deque(starts)
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if there in seen or board.feature(here, there) == "wall":
                continue
            seen.add(there)
            queue.append(there)
    return seen


@pytest.mark.parametrize("number", sorted(TILES))
def test_every_l_board_has_the_buildings_the_fact_sheet_lists(number: int) -> None:
    board = TILES[number]
    found = buildings(board, "tile", lambda _: None)
    assert sorted(found) == sorted(LAYOUT.listed[number])
    # The building roll's faces 1-6 are shared out, each once (SotF's sets).
    assert sorted(n for b in found.values() for n in b.numbers) == [1, 2, 3, 4, 5, 6]
    assert {tuple(b.numbers) for b in found.values()} <= {
        (1, 2, 3), (4, 5, 6), (1, 2), (3, 4), (5, 6)}
    assert len(board.markers_of("spawning-pit")) == 1


def test_board_two_has_the_road_out_and_board_four_the_morgue_inside_the_hospital() -> None:
    assert TILES[2].zones["Road Out of Town"].kind == "road-out"
    hospital = buildings(TILES[4], "tile", lambda _: None)["Hospital"]
    assert hospital.rooms["Hospital: Morgue"] < hospital.spaces


@pytest.mark.parametrize("tile", sorted(TILES) + sorted(CENTRES), ids=str)
def test_every_building_is_reached_from_the_street_through_a_door_or_window(
        tile: int | str) -> None:
    board = TILES[tile] if isinstance(tile, int) else CENTRES[tile]
    found = buildings(board, "tile", lambda _: None)
    indoors = set().union(*(b.spaces for b in found.values()))
    outdoors = reach_without_walls(board, set(range(board.size)) - indoors)
    for b in found.values():
        assert b.spaces & outdoors, b.name
        entries = [(a, c) for a in b.spaces for c in board.neighbours[a] if c not in b.spaces]
        assert any(board.feature(a, c) in OPEN or board.feature(a, c) is None
                   for a, c in entries), b.name
        # Every room of the building is reached from the building's other spaces by a door.
        for room, spaces in b.rooms.items():
            doors = [(a, c) for a in spaces for c in board.neighbours[a]
                     if c in b.spaces - spaces and board.feature(a, c) == "door"]
            assert doors, room


def test_the_manor_house_has_no_numbers_and_the_town_center_a_truck() -> None:
    manor = buildings(CENTRES["manor-house"], "tile", lambda _: None)["Manor House"]
    assert manor.numbers == ()  # SotF, Mansion Deck: "no random set of numbers"
    assert len(CENTRES["town-center"].markers_of("truck")) == 1
    for board in CENTRES.values():
        assert board.zones["Center of Town"].kind == "town-center"


def connected(board: Board) -> bool:
    seen, queue = {0}, deque([0])
    while queue:
        for there in board.neighbours[queue.popleft()]:
            if there not in seen:
                seen.add(there)
                queue.append(there)
    return len(seen) == board.size


@pytest.mark.parametrize("seed", range(8))
def test_a_composed_town_is_a_connected_20_by_20_square(seed: int) -> None:
    town = build_town(Dice(seed))
    assert town.board.size == 20 * 20 and connected(town.board)
    # From the street, without crossing a wall, every building and every room is reached.
    street = {s for s in range(town.board.size) if town.board.terrain[s] == "street"}
    reached = reach_without_walls(town.board, street)
    for b in town.buildings.values():
        assert b.spaces <= reached, b.name
    assert sorted(town.corners) == sorted(CORNERS) and len(set(town.corners.values())) == 4
    assert len(town.spawning_pits) == 4 and town.truck is not None
    names = set().union(*(LAYOUT.listed[n] for n in town.corners.values()))
    assert set(town.buildings) == names
    for b in town.buildings.values():
        assert b.corner in CORNERS
        assert all(town.building_of[s] == b.name for s in b.spaces)


def test_the_same_seed_draws_the_same_town_and_seeds_differ() -> None:
    assert dump_map(build_town(Dice(5)).board) == dump_map(build_town(Dice(5)).board)
    layouts = {tuple(sorted(build_town(Dice(s)).corners.items())) for s in range(12)}
    assert len(layouts) > 1


def test_roads_meet_across_every_joint_and_distances_cross_them() -> None:
    town = build_town(Dice(1))
    b = town.board
    # The ring road: (4,4) in the north-west corner to (15,15) in the south-east.
    a, z = b.at((4, 4)), b.at((15, 15))
    assert a is not None and z is not None and b.terrain[a] == b.terrain[z] == "street"
    assert distance(b, a, z) == 22
    # Joints between L-boards: column 9|10 on the north side, row 9|10 on the west.
    for left, right in (((9, 4), (10, 4)), ((4, 9), (4, 10)), ((15, 9), (15, 10))):
        p, q = b.at(left), b.at(right)
        assert p is not None and q is not None and b.adjacent(p, q) and b.feature(p, q) is None


def test_random_building_table() -> None:
    town = build_town(Dice(2))
    assert town.random_building(5, 1) == "heroes"
    assert town.random_building(6, 1) == "zombies"
    for roll, corner in enumerate(CORNERS, start=1):
        for face in range(1, 7):
            name = town.random_building(roll, face)
            assert town.buildings[name].corner == corner and face in town.buildings[name].numbers


def test_the_manor_house_side() -> None:
    town = build_town(Dice(0), centre="manor-house")
    assert "Manor House" in town.buildings and town.truck is None


def test_a_users_town_map_loads_and_is_checked(tmp_path: Path) -> None:
    town = build_town(Dice(3))
    text = dump_map(town.board)
    path = tmp_path / "mytown.toml"
    with pytest.raises(DataError, match=r"mytown.toml: marker\[\d+\]\.corner: None should be"):
        path.write_text(text)
        load_town(path)
    # Name each building's corner, as a user's town must.
    lines, out = text.splitlines(), []
    for line in lines:
        out.append(line)
        if line.startswith("building = "):
            name = line.split("=", 1)[1].strip().strip('"')
            out.append(f'corner = "{town.buildings[name].corner}"')
    path.write_text("\n".join(out) + "\n")
    mine = load_town(path)
    assert set(mine.buildings) == set(town.buildings)
    assert mine.random_building(1, 1) == town.random_building(1, 1)


@pytest.mark.parametrize(("change", "message"), [
    (('building = "Gun Shop"', 'building = "Gun Shpo"'),
     r"marker\[1\]\.building: 'Gun Shpo' should name a zone of kind 'building'"),
    (("numbers = [3, 4]", "numbers = [3, 7]"), r"marker\[1\]\.numbers: \[3, 7\] should be"),
    (('{around = "Gun Shop", feature = "wall"}', '{around = "Gun Shop", feature = "wal"}'),
     r"edge\[2\]\.feature: 'wal' should be one of"),
])
def test_a_malformed_tile_gives_an_error_naming_file_and_field(
        tmp_path: Path, change: tuple[str, str], message: str) -> None:
    text = LAYOUT.boards[1].read_text()
    assert change[0] in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(change[0], change[1]))
    with pytest.raises(DataError, match="broken.toml: " + message):
        load_tile(path)


@pytest.mark.parametrize("path", sorted(LAYOUT.boards.values()) + sorted(LAYOUT.centres.values()),
                         ids=lambda p: p.name)
def test_map_show_draws_each_tile_with_its_walls(path: Path) -> None:
    result = CliRunner().invoke(app, ["map", "show", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "square map" in result.stdout
    if load_tile(path).features:  # the Town Center side is all outdoors
        assert "┃" in result.stdout and "━D━" in result.stdout
