"""Distances, straight lines between spaces and straight lines out of a space."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deadtable.engine.board import (
    OFF_MAP,
    distance,
    distances,
    line,
    parse_map,
    ray,
    straight_lines,
    within,
)
from deadtable.engine.board.generate import random_hex_board
from deadtable.engine.board.hexes import axial_to_offset, offset_to_axial
from deadtable.engine.board.model import Board, SpaceSpec

from .helpers import edge, flat_hex, hex_map, square_map


def test_offset_and_axial_convert_both_ways() -> None:
    for col in range(-3, 4):
        for row in range(-3, 4):
            assert axial_to_offset(*offset_to_axial(col, row)) == (col, row)
    assert offset_to_axial(1, 1) == (1, 1) and offset_to_axial(1, 2) == (0, 2)


def test_odd_rows_are_shifted_right() -> None:
    board = flat_hex(4, 3)
    around = {board.names[n] for n in board.neighbours[board.space("1,1")]}
    assert around == {"0,1", "2,1", "1,0", "2,0", "1,2", "2,2"}
    around = {board.names[n] for n in board.neighbours[board.space("1,2")]}
    assert around == {"0,2", "2,2", "0,1", "1,1"}  # row 3 is off the map


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("0,0", "0,0", 0), ("0,0", "1,0", 1), ("0,0", "0,1", 1), ("0,0", "1,1", 2),
    ("0,0", "4,4", 6), ("3,0", "0,4", 5), ("0,3", "4,0", 5), ("2,2", "2,4", 2),
])
def test_hex_distance_golden(a: str, b: str, expected: int) -> None:
    board = flat_hex(5, 5)
    assert distance(board, board.space(a), board.space(b)) == expected


def test_square_distance_follows_the_adjacency() -> None:
    four = square_map("f0 f0 f0", "f0 f0 f0", "f0 f0 f0")
    eight = square_map("f0 f0 f0", "f0 f0 f0", "f0 f0 f0", adjacency=8)
    assert distance(four, four.space("0,0"), four.space("2,2")) == 4
    assert distance(eight, eight.space("0,0"), eight.space("2,2")) == 2
    assert len(eight.neighbours[eight.space("1,1")]) == 8


def test_graph_distance_counts_steps_and_none_when_unjoined() -> None:
    board = parse_map('[map]\nkind = "graph"\n'
                      '[[space]]\nname = "hall"\nterrain = "floor"\n'
                      '[[space]]\nname = "kitchen"\nterrain = "floor"\n'
                      '[[space]]\nname = "cellar"\nterrain = "floor"\nheight = 0\n'
                      '[[space]]\nname = "attic"\nterrain = "floor"\n'
                      + edge("hall", "kitchen", "door") + edge("kitchen", "cellar", "passage"))
    s = board.space
    assert distance(board, s("hall"), s("cellar")) == 2
    assert distance(board, s("attic"), s("hall")) is None


def test_a_line_along_a_hexside_has_two_nudges() -> None:
    board = flat_hex(4, 4)
    # axial (0,0) -> (1,1): its midpoint is on the side between (1,0) and (0,1)
    a, b = board.at((0, 0)), board.at((1, 1))
    assert a is not None and b is not None
    drawn = line(board, a, b)
    assert drawn.grazes
    assert {drawn.plus[1], drawn.minus[1]} == {board.at((1, 0)), board.at((0, 1))}
    assert drawn.plus[0] == drawn.minus[0] == a and drawn.plus[-1] == drawn.minus[-1] == b


def test_a_straight_row_line_does_not_graze() -> None:
    board = flat_hex(6, 2)
    drawn = line(board, board.space("0,0"), board.space("5,0"))
    assert not drawn.grazes
    assert [board.names[s] for s in drawn.plus] == [f"{c},0" for c in range(6)]


def test_a_line_over_a_gap_marks_it_off_map() -> None:
    board = hex_map("g0 .  g0")
    drawn = line(board, board.space("0,0"), board.space("2,0"))
    assert drawn.plus == (board.space("0,0"), OFF_MAP, board.space("2,0"))


def test_square_lines_through_a_corner_go_round_either_side() -> None:
    board = square_map("f0 f0", "f0 f0")
    drawn = line(board, board.space("0,0"), board.space("1,1"))
    assert drawn.grazes
    assert {drawn.plus[1], drawn.minus[1]} == {board.space("1,0"), board.space("0,1")}


def test_straight_lines_in_the_six_directions() -> None:
    board = flat_hex(7, 7)
    lines = straight_lines(board, board.space("3,3"), 6)
    assert list(lines) == ["E", "SE", "SW", "W", "NW", "NE"]
    named = {d: [board.names[s] for s in spaces] for d, spaces in lines.items()}
    assert named["E"] == ["4,3", "5,3", "6,3"]
    assert named["W"] == ["2,3", "1,3", "0,3"]
    assert named["SE"] == ["4,4", "4,5", "5,6"]
    assert named["NW"] == ["3,2", "2,1", "2,0"]
    assert ray(board, board.space("3,3"), "E", 2) == lines["E"][:2]
    with pytest.raises(ValueError, match="direction 'N' should be one of E SE SW W NW NE"):
        ray(board, 0, "N", 1)


def test_square_straight_lines_have_four_or_eight_directions() -> None:
    eight = square_map("f0 f0 f0", "f0 f0 f0", "f0 f0 f0", adjacency=8)
    lines = straight_lines(eight, eight.space("1,1"), 3)
    assert len(lines) == 8 and [eight.names[s] for s in lines["SE"]] == ["2,2"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 1000), st.data())
def test_distance_is_a_metric(seed: int, data: st.DataObject) -> None:
    board = random_hex_board(6, 5, seed)
    a, b, c = (data.draw(st.integers(0, board.size - 1)) for _ in range(3))
    ab, ba, bc, ac = (distance(board, x, y) for x, y in ((a, b), (b, a), (b, c), (a, c)))
    assert ab is not None and bc is not None and ac is not None
    assert ab == ba and (ab == 0) == (a == b) and ac <= ab + bc
    drawn = line(board, a, b)
    for cells in drawn:
        assert len(cells) == ab + 1  # one cell per step, ends included


def test_the_board_engine_imports_no_game() -> None:
    import ast
    from pathlib import Path

    import deadtable.engine.board as package

    for path in Path(package.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom | ast.Import):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                    [alias.name for alias in node.names]
                for name in names:
                    assert not name.startswith(("deadtable.games", "deadtable.ui",
                                                "deadtable.sim")), (path.name, name)


def test_within_lists_the_spaces_in_range_in_board_order() -> None:
    board = random_hex_board(9, 8, 3)
    for a in (0, 17, board.size - 1):
        for reach in (0, 1, 3, 7):
            expected = tuple(s for s in range(board.size) if distance(board, a, s) <= reach)
            assert within(board, a, reach) == expected
            assert within(board, a, reach) is within(board, a, reach)  # worked out once
        assert distances(board, a) == tuple(distance(board, a, s) for s in range(board.size))


def test_within_on_a_graph_leaves_out_spaces_no_steps_reach() -> None:
    board = parse_map('[map]\nkind = "graph"\n'
                      + "".join(f'[[space]]\nname = "{n}"\nterrain = "floor"\n'
                                for n in ("hall", "kitchen", "yard"))
                      + edge("hall", "kitchen", "door"))
    hall, kitchen = board.space("hall"), board.space("kitchen")
    assert within(board, hall, 5) == (hall, kitchen)
    assert within(board, hall, 0) == (hall,)
    assert distances(board, hall) == (0, 1, None)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7), st.integers(1, 6), st.booleans(), st.data())
def test_a_row_of_distances_is_distance_to_each_space(width: int, height: int, room: bool,
                                                       data: st.DataObject) -> None:
    """distances() works the hex distance out inline: the same as distance(), also to and from
    a room off the grid joined by an edge."""
    specs = [SpaceSpec(f"{x},{y}", "grass", 0, (x, y)) for y in range(height)
             for x in range(width)]
    edges: dict[tuple[str, str], str] = {}
    if room:
        specs.append(SpaceSpec("room", "floor"))
        edges[("0,0", "room")] = "passage"
    board = Board(data.draw(st.sampled_from(["hex", "square"])), specs, edges=edges,
                  adjacency=data.draw(st.sampled_from([4, 8])))
    for a in range(board.size):
        assert distances(board, a) == tuple(distance(board, a, s) for s in range(board.size))
