"""Tiles turned by quarter turns and joined into one board (engine/board/compose.py), and the
map format's `around` edges (a building's walls in one line)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deadtable.engine.board import (
    Board,
    ComposeError,
    MapError,
    Placement,
    compose,
    distance,
    distance_field,
    dump_map,
    parse_map,
    rotate,
)
from deadtable.engine.board.compose import turn_coord

from .helpers import edge, square_map

# An L-shaped tile, 4 x 4 with its south-east 2 x 2 missing; a wall and a door on it, a zone and
# a marker.
L_TILE = ("f0 f0 f0 f0", "f0 f0 f0 f0", "f0 f0 . .", "f0 f0 . .")
L_EXTRA = (edge("0,0", "1,0", "wall") + edge("1,1", "1,2", "door")
           + '\n[[zone]]\nname = "shop"\nkind = "building"\nspaces = ["0,0", "0,1"]\n'
           + '\n[[marker]]\nkind = "pit"\nat = "3,0"\n')


def l_tile() -> Board:
    return square_map(*L_TILE, extra=L_EXTRA)


def snapshot(board: Board) -> tuple[object, ...]:
    """Everything a composed board says, by names (space numbering may change)."""
    return (
        sorted(zip(board.names, board.terrain, board.coords, strict=True), key=str),
        sorted((tuple(sorted((board.names[a], board.names[b]))), f)
               for (a, b), f in board.features.items()),
        sorted((z.name, z.kind, sorted(board.names[s] for s in z.spaces))
               for z in board.zones.values()),
        sorted((m.kind, board.names[m.space]) for m in board.markers),
    )


def test_four_quarter_turns_are_the_identity() -> None:
    tile = l_tile()
    turned = tile
    for _ in range(4):
        turned = rotate(turned, 1)
    assert snapshot(turned) == snapshot(tile)
    assert snapshot(rotate(tile, 4)) == snapshot(tile)
    assert snapshot(rotate(tile, 1)) != snapshot(tile)


@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 7), st.integers(0, 7))
def test_turn_coord_four_single_turns_return_home(x: int, y: int, w: int, h: int) -> None:
    box = ((1, 2), (1 + w, 2 + h))
    start = here = (1 + x % (w + 1), 2 + y % (h + 1))
    for _ in range(4):
        here = turn_coord(here, box, 1)
        (x0, y0), (x1, y1) = box
        box = ((x0, y0), (x0 + y1 - y0, y0 + x1 - x0))  # a w x h box is now h x w
        assert x0 <= here[0] <= box[1][0] and y0 <= here[1] <= box[1][1]
    assert here == start
    assert turn_coord(start, box, 2) == turn_coord(turn_coord(start, box, 1),
                                                   ((1, 2), (1 + h, 2 + w)), 1)


def test_a_quarter_turn_is_clockwise_and_keeps_walls_between_the_same_cells() -> None:
    tile = l_tile()
    turned = rotate(tile, 1)
    # Clockwise as drawn: the top-left cell goes to the top-right; the missing corner moves
    # from the south-east to the south-west.
    assert turned.has("3,0") and turned.at((0, 2)) is None and turned.at((0, 3)) is None
    box = ((0, 0), (3, 3))
    for (a, b), feature in tile.features.items():
        na = "{},{}".format(*turn_coord(tile.coords[a] or (0, 0), box, 1))
        nb = "{},{}".format(*turn_coord(tile.coords[b] or (0, 0), box, 1))
        assert turned.feature(turned.space(na), turned.space(nb)) == feature
    assert turned.feature(turned.space("3,0"), turned.space("3,1")) == "wall"
    assert sorted(turned.names[s] for s in turned.zone("shop").spaces) == ["2,0", "3,0"]
    assert [turned.names[m.space] for m in turned.markers] == ["3,3"]


def test_an_edges_properties_turn_with_it() -> None:
    tile = square_map(*L_TILE, extra=L_EXTRA.replace('feature = "door"\n',
                                                     'feature = "door"\nlocked = true\n'))
    turned = rotate(tile, 1)
    # the door between 1,1 and 1,2 lies between 2,1 and 1,1 after a quarter turn
    assert dict(turned.edge(turned.space("2,1"), turned.space("1,1"))) == {"locked": True}
    assert turned.edge(turned.space("3,0"), turned.space("3,1")) == {}


def test_tiles_side_by_side_join_across_the_seam() -> None:
    a = square_map("f0 f0", "f0 f0")
    b = square_map("f0 f0", "f0 f0", extra=edge("0,0", "1,0", "wall"))
    town = compose([Placement(a, (0, 0)), Placement(b, (2, 0), turns=2)], name="two")
    assert town.size == 8
    # The seam joins 1,0 (tile a) and 2,0 (tile b): neighbours, one step apart.
    assert town.adjacent(town.space("1,0"), town.space("2,0"))
    assert distance(town, town.space("0,0"), town.space("3,1")) == 4
    walk = distance_field(town, [town.space("3,1")])
    assert walk[town.space("0,0")] == 4
    # b's wall between its 0,0 and 1,0 lies, after a half turn, between 3,1 and 2,1.
    assert town.feature(town.space("2,1"), town.space("3,1")) == "wall"
    # Numbered in reading order, as a map file is: written and read back, the same spaces.
    again = parse_map(dump_map(town))
    assert again.names == town.names and dict(again.features) == dict(town.features)


def test_overlapping_tiles_and_shared_names_are_refused() -> None:
    a = square_map("f0 f0", "f0 f0")
    with pytest.raises(ComposeError, match="space 1,0 is also on"):
        compose([Placement(a, (0, 0)), Placement(a, (1, 0))])
    zoned = square_map("f0", extra='\n[[zone]]\nname = "pit"\nkind = "k"\nspaces = ["0,0"]\n')
    with pytest.raises(ComposeError, match="zone 'pit' is also on"):
        compose([Placement(zoned, (0, 0)), Placement(zoned, (1, 0))])
    both = compose([Placement(zoned, (0, 0)), Placement(zoned, (1, 0), prefix="b:")])
    assert set(both.zones) == {"pit", "b:pit"}
    with pytest.raises(ComposeError, match="adjacency 8 differs"):
        compose([Placement(a), Placement(square_map("f0", adjacency=8), (5, 5))])


def test_a_placement_composed_again_is_the_same_and_never_another_tiles() -> None:
    # compose keeps each placement's renamed share (boards never change): a second town with
    # the same placement is the same board, and a different tile drawn the same (same names,
    # same offset) brings its own walls, not the first one's.
    plain = square_map("f0 f0", "f0 f0")
    walled = square_map("f0 f0", "f0 f0", extra=edge("0,0", "1,0", "wall"))
    first = compose([Placement(plain, (0, 0)), Placement(walled, (2, 0), turns=1)])
    again = compose([Placement(plain, (0, 0)), Placement(walled, (2, 0), turns=1)])
    assert snapshot(again) == snapshot(first) and again.neighbours == first.neighbours
    swapped = compose([Placement(walled, (0, 0)), Placement(plain, (2, 0), turns=1)])
    assert swapped.feature(swapped.space("0,0"), swapped.space("1,0")) == "wall"
    def walls_on_the_right(board: Board) -> bool:
        return any(f == "wall" and board.names[b].startswith("3,")
                   for (_, b), f in board.features.items())
    assert walls_on_the_right(first) and not walls_on_the_right(swapped)


# -- `around`: a zone's walls in one [[edge]] -----------------------------------------------------
ROOM = ('\n[[zone]]\nname = "shop"\nkind = "building"\nspaces = ["1,1", "2,1"]\n'
        '\n[[edge]]\naround = "shop"\nfeature = "wall"\n')


def test_around_walls_every_side_facing_out_and_between_replaces_one() -> None:
    board = square_map("f0 f0 f0 f0", "f0 f0 f0 f0", "f0 f0 f0 f0", adjacency=8,
                       extra=ROOM + edge("2,1", "2,2", "door"))
    walls = sorted(tuple(sorted((board.names[a], board.names[b])))
                   for (a, b), f in board.features.items() if f == "wall")
    assert walls == [("0,1", "1,1"), ("1,0", "1,1"), ("1,1", "1,2"), ("2,0", "2,1"),
                     ("2,1", "3,1")]  # sides only: no diagonal, and 2,1-2,2 is the door
    assert board.feature(board.space("2,1"), board.space("2,2")) == "door"
    assert board.feature(board.space("1,1"), board.space("2,1")) is None


def test_around_errors_name_the_field() -> None:
    with pytest.raises(MapError, match=r"edge\[0\]\.around: no zone named 'shap'"):
        square_map("f0 f0", extra='\n[[edge]]\naround = "shap"\nfeature = "wall"\n')
    clash = ROOM + '\n[[edge]]\naround = "shop"\nfeature = "window"\n'
    with pytest.raises(MapError, match=r"edge\[1\]\.around: the edge between .* already has "
                                       r"a 'wall' from edge\[0\]"):
        square_map("f0 f0 f0", "f0 f0 f0", extra=clash)
    with pytest.raises(MapError, match="either 'between'"):
        square_map("f0 f0", extra='\n[[zone]]\nname = "z"\nkind = "k"\nspaces = ["0,0"]\n'
                   '\n[[edge]]\naround = "z"\nbetween = ["0,0", "1,0"]\nfeature = "wall"\n')
