"""The TOML map format: reading, its errors, and writing it back."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deadtable.engine.board import Board, MapError, SpaceSpec, dump_map, load_map, parse_map
from deadtable.engine.board.hexes import HEX_DIRECTIONS, SQUARE_DIRECTIONS, offset_to_axial

# The example of docs/engine.md, as written there (its adjacency is ignored on a hex map).
EXAMPLE = '''
[map]
name = "Chapter 1: The Apartments"
kind = "hex"                 # hex | square | graph
adjacency = 4                # square maps only: 4 or 8
source = "designed: a four-storey block and its street, for Left 4 Dead chapter 1"

[terrain]                    # one letter per terrain used in `rows`
g = "grass"
a = "asphalt"
c = "concrete"
w = "water"

rows = [
  "a0 a0 c1 c1 .  ",
  " a0 a0 c1 c2 c2",
]

[[zone]]                     # named sets of spaces
name = "start"
kind = "safe-room"           # a game-defined kind
spaces = ["0,0", "1,0"]

[[marker]]                   # single things on the map with a kind and properties
kind = "item-location"
at = "3,1"
order = 1

[[edge]]                     # features on the edge between two adjacent spaces
between = ["2,0", "2,1"]
feature = "wall"             # wall | door | window | barricade | passage
'''


def test_the_design_example_reads() -> None:
    board = parse_map(EXAMPLE, "chapter1.toml")
    assert board.kind == "hex" and board.size == 9
    assert board.meta["name"] == "Chapter 1: The Apartments"
    s = board.space
    assert board.terrain[s("2,0")] == "concrete" and board.level[s("3,1")] == 2
    assert not board.has("4,0")
    assert board.zone("start").spaces == (s("0,0"), s("1,0"))
    (marker,) = board.markers
    assert (marker.kind, marker.space, dict(marker.props)) == ("item-location", s("3,1"),
                                                               {"order": 1})
    assert board.feature(s("2,1"), s("2,0")) == "wall"
    assert not board.passable(s("2,0"), s("2,1"), {"wall"})
    assert board.passable(s("2,0"), s("2,1"))
    assert board.offset(s("3,1")) == (3, 1) and board.coords[s("3,1")] == offset_to_axial(3, 1)


def test_off_grid_rooms_join_cells_by_edges() -> None:
    board = parse_map(EXAMPLE + '\n[[space]]\nname = "lobby"\nterrain = "c"\nheight = 1\n'
                      '\n[[edge]]\nbetween = ["lobby", "1,1"]\nfeature = "door"\n')
    lobby = board.space("lobby")
    assert board.coords[lobby] is None and board.terrain[lobby] == "concrete"
    assert board.neighbours[lobby] == (board.space("1,1"),)
    assert lobby in board.neighbours[board.space("1,1")]


@pytest.mark.parametrize(("change", "message"), [
    (("a0 a0 c1", "a0 a0 q1"), "test.toml: rows[0] cell 2 ('q1'): unknown terrain letter 'q'; "
                               "[terrain] declares a, c, g, w"),
    (("c1 c1 .", "c1 cx ."), "rows[0] cell 3 ('cx'): a cell should be a terrain letter and a "
                             "level"),
    (('spaces = ["0,0", "1,0"]', 'spaces = ["0,0", "9,9"]'),
     "zone[0].spaces[1]: no space named '9,9' on this map"),
    (('between = ["2,0", "2,1"]', 'between = ["0,0", "3,0"]'),
     "edge[0].between: 0,0 and 3,0 are not adjacent"),
    (('feature = "wall" ', 'feature = "moat" '), "edge[0].feature: 'moat' should be one of wall, "
                                                 "door, window, barricade, passage"),
    (('at = "3,1"', 'at = "7,7"'), "marker[0].at: no space named '7,7': the marker is outside "
                                   "the map"),
    (('kind = "hex" ', 'kind = "hexes" '), "map.kind: 'hexes' should be one of hex, square, graph"),
    (('name = "start"', 'name = "start"\ncolour = "red"'),
     "zone[0].colour: unknown field; expected one of kind, name, spaces"),
    (("order = 1", "order = {a = 1}"), "marker[0].order: a marker property should be"),
    (('between = ["2,0", "2,1"]', 'between = ["2,0", "2,0"]'), "edge[0].between: an edge joins"),
    (('g = "grass"', 'g = "grass"\nG = "grass"'), "terrain: two letters name the terrain 'grass'"),
])
def test_errors_name_the_file_and_the_field(change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in EXAMPLE
    with pytest.raises(MapError) as error:
        parse_map(EXAMPLE.replace(old, new, 1), "test.toml")
    assert message in str(error.value)
    assert str(error.value).startswith("test.toml: ")


def test_edges_carry_properties() -> None:
    """A door's lock or a wall's strength: any other key of an [[edge]] is a property; an
    `around` edge gives its properties to every side, and a `between` edge that replaces one
    of them has only its own."""
    text = EXAMPLE.replace('feature = "wall"             # wall', 'feature = "door"\nlocked = true'
                           '\nstrength = 4  # wall')
    text += '\n[[edge]]\naround = "start"\nfeature = "wall"\nstrength = 5\n'
    text += '\n[[edge]]\nbetween = ["0,0", "0,1"]\nfeature = "window"\n'
    board = parse_map(text, "props.toml")
    s = board.space
    assert dict(board.edge(s("2,1"), s("2,0"))) == {"locked": True, "strength": 4}
    assert dict(board.edge(s("1,0"), s("2,0"))) == {"strength": 5}  # from around "start"
    assert board.feature(s("0,0"), s("0,1")) == "window" and not board.edge(s("0,0"), s("0,1"))
    assert board.edge(s("0,0"), s("1,0")) == {}  # inside the zone: no edge
    again = parse_map(dump_map(board), "again.toml")
    assert_same(board, again)
    assert pickle.loads(pickle.dumps(board)).edge(s("2,1"), s("2,0"))["locked"] is True
    with pytest.raises(MapError, match=r"props.toml: edge\[0\].locked: an edge property should"):
        parse_map(text.replace("locked = true", "locked = {a = 1}"), "props.toml")
    clash = text + '\n[[zone]]\nname = "two"\nkind = "k"\nspaces = ["1,0"]\n' \
        '\n[[edge]]\naround = "two"\nfeature = "wall"\nstrength = 6\n'
    with pytest.raises(MapError, match=r"edge\[3\].around: the edge between 1,0 and 2,0 "
                                       r"already has a 'wall' from edge\[1\] with other "
                                       r"properties"):
        parse_map(clash, "props.toml")
    with pytest.raises(ValueError, match="has properties but no feature"):
        Board("graph", [SpaceSpec("a", "g"), SpaceSpec("b", "g")],
              edge_props={("a", "b"): {"locked": True}})


def test_more_errors() -> None:
    with pytest.raises(MapError, match=r"x.toml: not valid TOML"):
        parse_map("[map\n", "x.toml")
    with pytest.raises(MapError, match=r"x.toml: map: missing \[map\] table"):
        parse_map('rows = ["g0"]', "x.toml")
    with pytest.raises(MapError, match="map.adjacency: 6 should be 4 or 8"):
        parse_map('[map]\nkind = "square"\nadjacency = 6\n', "x.toml")
    twice = EXAMPLE + '\n[[zone]]\nname = "start"\nkind = "safe-room"\nspaces = []\n'
    with pytest.raises(MapError, match=r"zone\[1\].name: duplicate zone name 'start'"):
        parse_map(twice)
    room = '\n[[space]]\nname = "0,0"\nterrain = "g"\n'
    with pytest.raises(MapError, match=r"space\[0\].name: duplicate space name '0,0'"):
        parse_map(EXAMPLE + room)
    with pytest.raises(MapError, match="two.toml: no such map file"):
        load_map("two.toml")
    assert issubclass(MapError, ValueError)


def test_the_example_in_docs_maps_md_reads() -> None:
    text = (Path(__file__).parents[3] / "docs" / "maps.md").read_text(encoding="utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0]
    board = parse_map(example, "docs/maps.md")
    assert board.kind == "hex" and board.has("lobby") and board.zone("start").kind == "safe-room"


def test_a_board_is_shared_by_copies_and_survives_pickling() -> None:
    board = parse_map(EXAMPLE)
    assert copy.copy(board) is board and copy.deepcopy({"board": board})["board"] is board
    again = pickle.loads(pickle.dumps(board))
    assert_same(board, again)
    assert again.neighbours == board.neighbours and again.centres == board.centres


def test_load_map_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "chapter.toml"
    path.write_text(EXAMPLE)
    assert load_map(path).size == 9


def test_dump_writes_the_format_back() -> None:
    board = parse_map(EXAMPLE)
    text = dump_map(board)
    again = parse_map(text)
    assert_same(board, again)
    assert dump_map(again) == text


def assert_same(a: Board, b: Board) -> None:
    assert (a.kind, a.adjacency, dict(a.meta)) == (b.kind, b.adjacency, dict(b.meta))
    assert (a.names, a.terrain, a.level, a.coords) == (b.names, b.terrain, b.level, b.coords)
    assert dict(a.features) == dict(b.features)
    assert {k: dict(v) for k, v in a.edge_props.items()} == \
        {k: dict(v) for k, v in b.edge_props.items()}
    assert {n: (z.kind, z.spaces) for n, z in a.zones.items()} == \
        {n: (z.kind, z.spaces) for n, z in b.zones.items()}
    assert [(m.kind, m.space, dict(m.props)) for m in a.markers] == \
        [(m.kind, m.space, dict(m.props)) for m in b.markers]


TERRAINS = ["grass", "rock", "water", "floor", "street"]
prop_values = st.one_of(st.integers(-5, 5), st.text(max_size=6), st.booleans(),
                        st.lists(st.integers(0, 3), max_size=3))


@st.composite
def boards(draw: st.DrawFn) -> Board:
    kind = draw(st.sampled_from(["hex", "square", "graph"]))
    adjacency = draw(st.sampled_from([4, 8])) if kind == "square" else 0
    specs: list[SpaceSpec] = []
    if kind != "graph":
        width, height = draw(st.integers(1, 5)), draw(st.integers(1, 5))
        for row in range(height):
            for col in range(width):
                if draw(st.integers(0, 5)) == 0 and (row, col) != (0, 0):
                    continue  # a gap
                coord = offset_to_axial(col, row) if kind == "hex" else (col, row)
                specs.append(SpaceSpec(f"{col},{row}", draw(st.sampled_from(TERRAINS)),
                                       draw(st.integers(0, 15)), coord))
    for i in range(draw(st.integers(1 if kind == "graph" else 0, 3))):
        specs.append(SpaceSpec(f"room {i}", draw(st.sampled_from(TERRAINS)),
                               draw(st.integers(0, 3))))
    by_coord = {s.coord: s.name for s in specs if s.coord is not None}
    directions = HEX_DIRECTIONS if kind == "hex" else SQUARE_DIRECTIONS[:adjacency]
    pairs = [(s.name, by_coord[(s.coord[0] + dq, s.coord[1] + dr)]) for s in specs
             if s.coord is not None for dq, dr in directions
             if (s.coord[0] + dq, s.coord[1] + dr) in by_coord]
    pairs += [(a.name, b.name) for a in specs for b in specs
              if a.name < b.name and (a.coord is None or b.coord is None)]
    unique = list({tuple(sorted(p)): p for p in pairs}.values())
    chosen = draw(st.lists(st.sampled_from(unique), unique=True, max_size=6)) if unique else []
    features = ["wall", "door", "window", "barricade", "passage"]
    edges = {pair: draw(st.sampled_from(features)) for pair in chosen}
    edge_props = {pair: draw(st.dictionaries(st.sampled_from(["locked", "strength", "a b"]),
                                             prop_values, max_size=2)) for pair in chosen}
    names = [s.name for s in specs]
    zones = [(f"zone {i}", draw(st.sampled_from(["start", "safe-room"])),
              draw(st.lists(st.sampled_from(names), unique=True, max_size=4)))
             for i in range(draw(st.integers(0, 2)))]
    markers = [(draw(st.sampled_from(["item", "witch"])), draw(st.sampled_from(names)),
                draw(st.dictionaries(st.sampled_from(["order", "note", "my key"]), prop_values,
                                     max_size=2)))
               for _ in range(draw(st.integers(0, 3)))]
    meta = {"name": draw(st.text(max_size=10)), "source": "a \"quoted\" source\n"}
    return Board(kind, specs, adjacency=adjacency, edges=edges, edge_props=edge_props,
                 zones=zones, markers=markers, meta=meta)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_dump_and_parse_round_trip(board: Board) -> None:
    text = dump_map(board)
    again = parse_map(text, "dumped.toml")
    assert_same(board, again)
