"""Virtualscape .hsc files: built by our writer, read back, expanded into hexes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deadtable.engine.board import HscError, dump_map, load_hsc, parse_map
from deadtable.engine.board.hexes import axial_to_offset, offset_to_axial
from deadtable.engine.board.hsc import (
    TEMPLATES,
    HscMap,
    Tile,
    _cstring,
    _Reader,
    hsc_board,
    piece_hexes,
    read_hsc,
    write_hsc,
)
from deadtable.engine.board.sight import sight


def test_cstrings_round_trip_through_every_length_escape() -> None:
    for text in ("", "Valley", "é€ 雪", "x" * 300, "y" * 70_000):
        encoded = _cstring(text)
        reader = _Reader(encoded, "t")
        assert reader.cstring() == text and reader.at == len(encoded)


def test_an_ansi_cstring_reads_as_bytes() -> None:
    assert _Reader(b"\x03abc", "t").cstring() == "abc"
    assert _Reader(b"\xff\x04\x01" + b"z" * 260, "t").cstring() == "z" * 260


def test_templates_have_the_documented_shapes() -> None:
    assert {k: len(v) for k, v in TEMPLATES.items()} == {
        1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 24: 24}
    rows: dict[int, int] = {}
    for _, r in TEMPLATES[24]:
        rows[r] = rows.get(r, 0) + 1
    assert rows == {0: 4, 1: 5, 2: 6, 3: 5, 4: 4}
    for count in TEMPLATES:
        for rotation in range(6):
            covered = piece_hexes(Tile(1000 + count, 5, 5, 0, rotation))
            assert len(set(covered)) == count
            assert offset_to_axial(5, 5) in covered  # turned about the anchor


def test_rotation_turns_clockwise_about_the_anchor() -> None:
    anchor = offset_to_axial(4, 4)
    turned = [piece_hexes(Tile(1002, 4, 4, 0, rotation)) for rotation in range(6)]
    seconds = [axial_to_offset(*hexes[1]) for hexes in turned]
    # E, SE, SW, W, NW, NE of (4, 4), an even row
    assert seconds == [(5, 4), (4, 5), (3, 5), (3, 4), (3, 3), (4, 3)]
    assert all(hexes[0] == anchor for hexes in turned)


def test_stacked_pieces_set_the_level_and_the_top_terrain() -> None:
    found = HscMap(name="Hill", author="me", tiles=[
        Tile(1007, 3, 3, 0),       # grass 7 at level 0: tops at 1
        Tile(2001, 3, 3, 1),       # rock 1 on its centre: top at 2
        Tile(4001, 1, 1, 0),       # water alone
        Tile(14001, 4, 3, 1, glyph_letter=ord("A"), glyph_name="Astrid"),
        Tile(15001, 2, 3, 1, start_zone="red", colour=(255, 0, 0, 255)),
        Tile(18001, 3, 2, 1, figure=("Survivor", "Bill")),
        Tile(1001, 0, 0, 0),       # the map's corner, so that no shift renames the hexes
    ])
    board = hsc_board(read_hsc(write_hsc(found)), "hill.hsc")
    assert board.size == 9
    centre = board.space("3,3")
    assert (board.terrain[centre], board.level[centre]) == ("rock", 2)
    assert {board.level[n] for n in board.neighbours[centre] if board.terrain[n] == "grass"} == {1}
    assert board.terrain[board.space("1,1")] == "water"
    (glyph,) = board.markers
    assert (glyph.kind, board.names[glyph.space], glyph.props["letter"]) == ("glyph", "4,3", "A")
    assert board.zone("red").spaces == (board.space("2,3"),)
    assert "hill.hsc by me" in board.meta["source"]


def test_the_imported_map_writes_a_map_file_that_reads_back() -> None:
    found = HscMap(tiles=[Tile(1024, 2, 0, 0, 2), Tile(21003, 6, 2, 3, 5)])
    board = hsc_board(read_hsc(write_hsc(found)))
    again = parse_map(dump_map(board))
    assert (again.names, again.level, again.terrain) == (board.names, board.level, board.terrain)


def test_negative_coordinates_shift_to_the_map_keeping_row_parity() -> None:
    board = hsc_board(HscMap(tiles=[Tile(1001, -3, -3, 0), Tile(1001, 0, 0, 0)]))
    # rows shift by 4 (even, so odd rows stay odd: row -3 becomes row 1), columns by 3
    assert set(board.names) == {"0,1", "3,4"}


def test_unknown_pieces_are_refused_by_type() -> None:
    with pytest.raises(HscError, match=r"m.hsc: piece type 10415 \(family 10\) is not a "
                                       "piece this reader knows; it reads the terrain "
                                       "families 1xxx grass"):
        hsc_board(HscMap(tiles=[Tile(10415, 0, 0, 0)]), "m.hsc")
    for kind, name in ((11002, "ruins"), (12004, "road wall"), (16201, "castle")):
        with pytest.raises(HscError, match=rf"piece type {kind} \(family \d+\) is a {name} "
                                           "piece, which this reader does not model"):
            hsc_board(HscMap(tiles=[Tile(1001, 0, 0, 0), Tile(kind, 0, 0, 1)]), "m.hsc")
    with pytest.raises(HscError, match=r"piece type 8009 \(9 hexes\) has no known shape"):
        hsc_board(HscMap(tiles=[Tile(8009, 0, 0, 0)]), "m.hsc")


def test_the_bridge_and_the_four_and_six_hex_bases_have_their_shapes() -> None:
    def rows(tile: Tile) -> dict[int, list[int]]:
        found: dict[int, list[int]] = {}
        for q, r in sorted(piece_hexes(tile), key=lambda c: (c[1], c[0])):
            found.setdefault(r, []).append(q)
        return found

    q0, r0 = offset_to_axial(4, 4)
    assert rows(Tile(8005, 4, 4, 0)) == {r0: [q0 + i for i in range(5)]}  # a road bridge
    assert rows(Tile(5004, 4, 4, 0)) == {r0: [q0, q0 + 1], r0 + 1: [q0, q0 + 1]}  # a rhombus
    assert rows(Tile(5006, 4, 4, 0)) == {r0: [q0, q0 + 1, q0 + 2],
                                         r0 + 1: [q0 - 1, q0, q0 + 1]}
    # turned a half turn about the anchor, the bridge runs west
    assert rows(Tile(8005, 4, 4, 0, 3)) == {r0: [q0 - i for i in range(4, -1, -1)]}


def test_broken_files_say_so(tmp_path: Path) -> None:
    data = write_hsc(HscMap(tiles=[Tile(1001, 0, 0, 0)]))
    with pytest.raises(HscError, match="ends early"):
        read_hsc(data[:-3], "cut.hsc")
    with pytest.raises(HscError, match="is not a Virtualscape version"):
        read_hsc(b"not an hsc file at all", "text.hsc")
    with pytest.raises(HscError, match="no such file"):
        load_hsc(tmp_path / "missing.hsc")
    path = tmp_path / "one.hsc"
    path.write_bytes(data)
    assert load_hsc(path).size == 1


tiles = st.builds(
    Tile,
    type=st.sampled_from([1001, 1002, 1003, 1007, 1024, 2003, 4001, 21007, 22001, 14001,
                          15001, 17001, 18001]),
    x=st.integers(-5, 20), y=st.integers(-5, 20), z=st.integers(0, 30),
    rotation=st.integers(0, 5), glyph_letter=st.integers(0, 255),
    glyph_name=st.text(max_size=5), start_zone=st.text(max_size=5),
    colour=st.tuples(*[st.integers(0, 255)] * 4),
)


@settings(max_examples=50, deadline=None)
@given(st.lists(tiles, min_size=1, max_size=12), st.text(max_size=20),
       st.binary(max_size=40))
def test_write_then_read_gives_the_same_pieces_and_hexes(
        pieces: list[Tile], name: str, scenario: bytes) -> None:
    for tile in pieces:
        if tile.type // 1000 == 17:
            tile.personal = (1, "top", "side", "L", "mine")
        if tile.type // 1000 == 18:
            tile.figure = ("Army", "Bill")
    found = HscMap(name=name, author="a", players="2", scenario=scenario,
                   print_settings=(1, 2, 3, 4, 5), tiles=pieces)
    back = read_hsc(write_hsc(found))
    assert (back.name, back.scenario, back.print_settings) == (name, scenario, (1, 2, 3, 4, 5))
    assert back.tiles == pieces
    if any(t.type // 1000 not in (14, 15, 18) for t in pieces):
        a, b = hsc_board(found), hsc_board(back)
        assert (a.names, a.level, a.terrain) == (b.names, b.level, b.terrain)


def test_obstacles_are_columns_up_to_their_top_named_by_their_terrain() -> None:
    found = HscMap(tiles=[
        *(Tile(1001, x, y, 0) for x in range(6) for y in range(5)),  # grass: level 1
        Tile(10011, 1, 0, 1),  # a 10-level tree on the grass
        Tile(24016, 3, 0, 1),  # a 16-level palm
        Tile(13004, 1, 2, 1),  # a 4-hex glacier, 9 levels
        Tile(10004, 3, 2, 1),  # the big tree: 4 hexes, 15 levels
    ])
    board = hsc_board(read_hsc(write_hsc(found)), "woods.hsc")
    tops = {board.names[s]: (board.terrain[s], board.level[s]) for s in range(board.size)
            if board.terrain[s] != "grass"}
    assert tops["1,0"] == ("tree", 11) and tops["3,0"] == ("palm", 17)
    glacier = {name for name, (terrain, level) in tops.items() if terrain == "glacier"}
    assert len(glacier) == 4 and {tops[n][1] for n in glacier} == {10}
    assert sorted(level for terrain, level in tops.values() if terrain == "tree") == [11] + [16] * 4
    assert {board.level[s] for s in range(board.size) if board.terrain[s] == "grass"} == {1}


def test_an_obstacle_blocks_a_line_of_sight_below_its_top() -> None:
    row = [Tile(1001, x, 0, 0) for x in range(5)]
    open_field = hsc_board(HscMap(tiles=row))
    wooded = hsc_board(HscMap(tiles=[*row, Tile(10011, 2, 0, 1)]))
    a, b = open_field.space("0,0"), open_field.space("4,0")
    assert sight(open_field, a, b, height_a=5, height_b=5).clear
    blocked = sight(wooded, wooded.space("0,0"), wooded.space("4,0"), height_a=5, height_b=5)
    assert not blocked.clear
