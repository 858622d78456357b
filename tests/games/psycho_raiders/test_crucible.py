"""Crucible: the start spaces, rooms reachable from outdoors, walls and locks, the road and its
sharp turns, and distances that fit the rulebook's 15, 10 and 2 hexes."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from deadtable.engine.board import Board, distance
from deadtable.games.psycho_raiders.crucible import CRUCIBLE, START_HEXES, load_crucible, rooms
from deadtable.games.psycho_raiders.data import DataError


@pytest.fixture(scope="module")
def board() -> Board:
    return load_crucible()


def test_start_hexes_exist(board: Board) -> None:
    for name in START_HEXES:  # 17: V, P, Fx, SV, T, G
        (space,) = board.zone(name).spaces
        assert board.coords[space] is not None
        assert board.terrain[space] in ("road", "grassland", "long grass", "graveyard"), name
    assert board.terrain[board.zone("G").spaces[0]] == "graveyard"  # the Gravedigger's hex
    for vehicle in ("V", "P", "Fx", "SV", "T"):  # a car never enters tree, grave or lake (10.1)
        assert board.terrain[board.zone(vehicle).spaces[0]] in ("road", "grassland")
    assert {board.name(s) for s in board.zone("Farmer").spaces} == {
        "Farmhouse: Bedroom 1", "Farmhouse: Bedroom 2"}
    assert all(m.space in board.zone("Farmer").spaces for m in board.markers_of("bed"))
    store = board.zone("Old Store").spaces
    for space in board.zone("Drunky").spaces:  # outdoor hexes on the Old Store's north side
        assert board.coords[space] is not None
        assert any(board.feature(space, room) for room in store)


def test_every_room_is_reachable_from_outdoors(board: Board) -> None:
    seen = {s for s in range(board.size) if board.coords[s] is not None}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if there not in seen and board.feature(here, there) in ("door", "window", "passage"):
                seen.add(there)
                queue.append(there)
    assert set(rooms(board)) <= seen
    assert len(rooms(board)) == 16


def test_walls_locks_and_buildings(board: Board) -> None:
    buildings = {n: z for n, z in board.zones.items() if z.kind == "building"}
    assert set(buildings) == {"Old Store", "Sheriff's Station", "Gas Station", "Chapel",
                              "Farmhouse", "Barn"}
    for name, zone in buildings.items():
        strengths = {board.edge(r, n).get("strength") for r in zone.spaces
                     for n in board.neighbours[r] if board.feature(r, n) != "passage"}
        assert len(strengths) == 1 and isinstance(next(iter(strengths)), int), name
    locked = [(a, b) for (a, b), props in board.edge_props.items() if props.get("locked")]
    assert locked and all(board.feature(a, b) == "door" for a, b in locked)
    jail = board.markers_of("jail")[0].space
    assert [board.feature(jail, n) for n in board.neighbours[jail]].count("door") == 1


def test_the_rulebooks_places_are_on_the_map(board: Board) -> None:
    kinds = {m.kind for m in board.markers}
    assert kinds >= {"telephone", "bathroom", "chapel", "jail", "arsenal", "gas-pump",
                     "old-oak-tree", "bed", "deck", "streetlight", "sharp-turn"}
    boys = [m for m in board.markers_of("telephone") if m.props.get("boys")]
    assert [board.name(m.space) for m in boys] == ["Sheriff's Station: Office"]  # 19.2
    oak = board.markers_of("old-oak-tree")[0].space
    assert oak in board.zone("Graveyard").spaces  # 19.1: in the Graveyard
    pump = board.markers_of("gas-pump")[0].space
    assert board.coords[pump] is not None
    assert any(board.feature(pump, r) for r in board.zone("Gas Station").spaces)


def test_the_road_runs_from_the_south_edge_off_the_north_edge(board: Board) -> None:
    road = {s for s in range(board.size) if board.terrain[s] == "road"}
    north = set(board.zone("North edge").spaces)
    assert {board.offset(s)[1] for s in north} == {0} and len(north) == 22
    start = board.zone("V").spaces[0]
    seen, queue = {start}, deque([start])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if there in road and there not in seen:
                seen.add(there)
                queue.append(there)
    assert seen == road and seen & north  # one road network, leaving by the north edge
    turns = [m.space for m in board.markers_of("sharp-turn")]
    assert len(turns) == 4 and all(t in road for t in turns)


def test_distances_fit_the_rulebooks_numbers(board: Board) -> None:
    pickup = board.zone("P").spaces[0]
    north = board.zone("North edge").spaces
    # Escaping is a trek: the north edge is more than a hiding distance (10) away on foot...
    assert min(distance(board, pickup, s) for s in north) > 15
    # ...and a scream (15 hexes) from the pickup reaches the gas station but not the town's
    # north end: alerting townsfolk means moving toward them.
    gas = board.zone("Mechanic").spaces[0]
    store = board.zone("Drunky").spaces[0]
    near = [n for n in board.neighbours[gas] if board.coords[n] is not None]
    assert min(distance(board, pickup, n) for n in near) <= 15
    assert distance(board, pickup, store) > 15
    # every hex is within 40 of every other: a short game for 2 to 13 players
    hexes = [s for s in range(board.size) if board.coords[s] is not None]
    assert max(distance(board, hexes[0], s) for s in hexes) <= 40


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = CRUCIBLE.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "town.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "message"), [
    ('name = "SV"', 'name = "SW"', "zone 'SV': missing; 17 places a start on the SV hex"),
    ('feature = "door", strength = 5, locked = true}', 'feature = "door", locked = true}',
     "strength None should be a whole number"),
    ('{between = ["13,2", "Old Store: Shop"], feature = "window", strength = 5}',
     '{between = ["13,2", "Old Store: Shop"], feature = "window", strength = 5, locked = 1}',
     "locked: only a door starts locked or not"),
    ('kind = "hex"', 'kind = "square"\nadjacency = 4', "map.kind: 'square' should be hex"),
    ('{kind = "sharp-turn", at = "10,23"}', '{kind = "sharp-turn", at = "9,23"}',
     "marker sharp-turn at 9,23: should be on a road hex"),
    ('kind = "exit"', 'kind = "edge"', "no zone of kind 'exit'"),
    ('rows = [', 'rowz = [', "unknown table or field"),
])
def test_a_malformed_map_names_the_file_and_the_field(tmp_path: Path, old: str, new: str,
                                                     message: str) -> None:
    path = _edited(tmp_path, old, new)
    with pytest.raises(DataError, match=message) as error:
        load_crucible(path)
    assert str(error.value).startswith(str(path))


def test_a_room_no_door_reaches_is_refused(tmp_path: Path) -> None:
    text = CRUCIBLE.read_text(encoding="utf-8")
    jail_door = '{between = ["Sheriff\'s Station: Jail", "Sheriff\'s Station: Office"], ' \
        'feature = "door", strength = 7},'
    assert jail_door in text
    path = tmp_path / "town.toml"
    path.write_text(text.replace(jail_door, jail_door.replace('"door"', '"wall"')))
    with pytest.raises(DataError, match="space \"Sheriff's Station: Jail\": no door, window or "
                                        "passage leads to it from outdoors"):
        load_crucible(path)


def test_the_camp_drives_out_by_road_and_the_north_edge_is_open(board: Board) -> None:
    """The designed hunt (docs/psycho-raiders.md, Crucible): the pickup stands at the end of
    a track through the woods (4.4, 17: the campers begin in it on P, so it can drive out by
    road at High or Safe Speed, 10.1), the track joining the main road north of the van; and
    no hex within 3 rows of the north edge lets a camper hide beside a raider (12.2)."""
    pickup = board.zone("P").spaces[0]
    assert board.offset(pickup) == (3, 29) and board.terrain[pickup] == "road"
    track = [board.space(f"{q},29") for q in range(3, 11)]
    assert all(board.terrain[s] == "road" for s in track)
    assert all(b in board.neighbours[a] for a, b in zip(track, track[1:], strict=False))
    # the trees still close round the track: the camp is in the woods, hidden by them (12.2)
    beside = {n for s in track[1:-1] for n in board.neighbours[s]} - set(track)
    assert sum(board.terrain[s] == "tree" for s in beside) >= 8
    near_edge = [s for s in range(board.size) if (c := board.offset(s)) is not None and c[1] <= 3]
    assert not any(board.terrain[s] in ("tree", "lake", "graveyard") for s in near_edge)
