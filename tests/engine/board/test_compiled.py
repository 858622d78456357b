"""The compiled movement geometry (engine/board/query.py, csrc/geometry.c) is the Python's twin:
on random boards and queries, the same spaces in the same order, the same routes (costs,
penalties, spaces, order) and the same distance fields. Its Python side (python_reach) is
movement.reach with callbacks, checked here against hand-written ones too."""

from __future__ import annotations

import dataclasses
import math
from array import array
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deadtable.engine.board import Board, climbing_cost, distance_field, hexes, parse_map, reach
from deadtable.engine.board import query as q
from deadtable.engine.board.generate import random_hex_board
from deadtable.engine.board.model import SpaceSpec
from deadtable.engine.board.query import (
    CLOSED,
    NO_END,
    NO_PASS,
    STOPS,
    FieldQuery,
    MoveQuery,
    distance_field_compiled,
    nearest_compiled,
    python_distance_field,
    python_nearest,
    python_reach,
    reach_compiled,
    reach_ends,
)
from deadtable.engine.board.sight import sight, visible
from tests.extras import need

from .helpers import edge, hex_map, square_map

NOT_BUILT = ("the compiled geometry is not built (no C compiler when installed): pip install -e "
             ". with a C compiler, or python scripts/build_inplace.py _geometry")


def _built() -> bool:
    """Whether the extension is built; under `make test` (DEADTABLE_ALL_EXTRAS) it must be."""
    try:
        need("deadtable.engine.board._geometry", reason=NOT_BUILT)
    except pytest.skip.Exception:
        return False
    return True


built = pytest.mark.skipif(not _built(), reason=NOT_BUILT)


@pytest.fixture
def on() -> Iterator[None]:
    was = q.use_compiled(True)
    yield
    q.use_compiled(was)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    seed = draw(st.integers(0, 10_000))
    if draw(st.booleans()):
        cols, rows = draw(st.integers(1, 9)), draw(st.integers(1, 9))
        return random_hex_board(cols, rows, seed, top=draw(st.integers(0, 8)))
    # a square map with walls and doors on some edges
    cols, rows = draw(st.integers(2, 6)), draw(st.integers(1, 5))
    levels = [[draw(st.integers(0, 4)) for _ in range(cols)] for _ in range(rows)]
    walls = ""
    for y in range(rows):
        for x in range(cols - 1):
            feature = draw(st.sampled_from(["", "", "", "wall", "door", "window"]))
            if feature:
                walls += edge(f"{x},{y}", f"{x + 1},{y}", feature)
    return square_map(*(" ".join(f"f{v}" for v in row) for row in levels),
                      adjacency=draw(st.sampled_from([4, 8])), extra=walls)


@st.composite
def move_queries(draw: st.DrawFn, board: Board) -> MoveQuery:
    n = board.size
    flags = None
    if draw(st.booleans()):
        bits = st.sampled_from([0, 0, 0, CLOSED, STOPS, NO_PASS, NO_END, NO_PASS | NO_END,
                                STOPS | NO_END, 15])
        flags = bytearray(draw(st.lists(bits, min_size=n, max_size=n)))
    masks = None
    if draw(st.booleans()):
        masks = q.empty_masks(board)
        for slot in draw(st.lists(st.integers(0, 63), max_size=6)):
            at = draw(st.integers(0, n - 1))
            for near in (at, *board.neighbours[at]):
                if draw(st.booleans()):
                    masks[near] |= 1 << slot
    budget = draw(st.one_of(st.integers(0, 10), st.just(math.inf), st.floats(0, 10)))
    blocking = draw(st.sampled_from([q.WALLS, frozenset(), frozenset({"wall"})]))
    spaces = st.lists(st.integers(0, n - 1), max_size=8)
    # the sets as a game passes them: a tuple, a frozenset, a dict (its keys)
    closed = tuple(draw(spaces))
    no_pass = frozenset(draw(spaces))
    no_end = dict.fromkeys(draw(spaces), "figure")
    return MoveQuery(draw(st.integers(0, n - 1)), budget, draw(st.integers(1, 7)), flags, masks,
                     blocking, closed, no_pass, no_end)


def same(a: object, b: object) -> None:
    assert a == b
    assert repr(a) == repr(b)  # the same types too (ints stay ints), in the same order


@built
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_reach_compiled_is_the_pythons_twin(on: None, data: st.DataObject) -> None:
    board = data.draw(boards())
    query = data.draw(move_queries(board))
    expected = python_reach(board, query)
    same(list(reach_compiled(board, query).items()), list(expected.items()))
    # the keys alone, and one space's routes alone
    same(reach_ends(board, query), list(expected))
    only = data.draw(st.integers(-1, board.size))
    same(list(reach_compiled(board, query, only).items()),
         [(only, expected[only])] if only in expected else [])


@built
@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_distance_field_compiled_is_the_pythons_twin(on: None, data: st.DataObject) -> None:
    board = data.draw(boards())
    n = board.size
    passable = None
    if data.draw(st.booleans()):
        passable = bytes(data.draw(st.lists(st.sampled_from([0, 1, 1, 1, 7]), min_size=n,
                                            max_size=n)))
    query = FieldQuery(data.draw(st.lists(st.integers(0, n - 1), max_size=5)),
                       data.draw(st.one_of(st.none(), st.integers(1, 7))), passable,
                       data.draw(st.sampled_from([q.WALLS, frozenset()])))
    same(distance_field_compiled(board, query), python_distance_field(board, query))


@built
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_nearest_compiled_is_the_pythons_twin(on: None, data: st.DataObject) -> None:
    board = data.draw(boards())
    query = dataclasses.replace(data.draw(move_queries(board)), engaged=None)
    values = st.one_of(st.integers(0, 6).map(float), st.just(math.inf))
    field = array("d", data.draw(st.lists(values, min_size=board.size, max_size=board.size)))
    found = nearest_compiled(board, query, field)
    same(found, python_nearest(board, query, field))
    # what it means: reach's ends lowest on the field, if lower than the start
    ends = python_reach(board, query)
    assert all(s in ends and field[s] < field[query.start] for s in found)
    assert all(field[s] >= field[found[0]] for s in ends) if found else True


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_nearest_each_asks_nearest_of_each_move(on: None, data: st.DataObject) -> None:
    # one flags for many moves (a horde): the same as each query alone, compiled or not
    board = data.draw(boards())
    query = data.draw(move_queries(board))
    flags = q.marked(board, query.flags, query.closed, query.no_pass, query.no_end)
    field = array("d", data.draw(st.lists(st.integers(0, 6).map(float), min_size=board.size,
                                          max_size=board.size)))
    moves = data.draw(st.lists(st.tuples(st.integers(0, board.size - 1), st.integers(0, 8),
                                         st.integers(1, 7)), max_size=5))
    alone = [python_nearest(board, dataclasses.replace(query, start=s, budget=b, height=h,
                                                       engaged=None), field)
             for s, b, h in moves]
    for compiled in (True, False):  # each example both ways (the fixture runs once)
        q.use_compiled(compiled)
        same(q.nearest_each(board, moves, flags, field, query.blocking), alone)
    q.use_compiled(True)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_data_form_asks_what_the_callbacks_ask(data: st.DataObject) -> None:
    # python_reach against reach with callbacks written out by hand, as a game writes them
    board = data.draw(boards())
    query = data.draw(move_queries(board))
    flags, masks = bytearray(query.flags or bytes(board.size)), query.engaged
    for s in query.closed:
        flags[s] |= CLOSED
    for s in query.no_pass:
        flags[s] |= NO_PASS
    for s in query.no_end:
        flags[s] |= NO_END
    climb = climbing_cost(board, query.height, query.blocking)

    def penalty(a: int, b: int) -> float:
        assert masks is not None
        return sum(1 for bit in range(64) if masks[a] >> bit & 1 and not masks[b] >> bit & 1)

    expected = reach(board, query.start, query.budget,
                     lambda a, b: None if flags[b] & CLOSED else climb(a, b),
                     stops=lambda s: bool(flags[s] & STOPS),
                     can_pass=lambda s: not flags[s] & NO_PASS,
                     can_end=lambda s: not flags[s] & NO_END,
                     penalty=None if masks is None else penalty)
    same(list(python_reach(board, query).items()), list(expected.items()))


@built
def test_the_examples_of_test_movement_compiled(on: None) -> None:
    board = hex_map("g0 g2 g0 g0")
    found = reach_compiled(board, MoveQuery(board.space("0,0"), 5, 5))
    assert [r.cost for r in found[board.space("3,0")]] == [5]
    walled = square_map("f0 f0 f0", extra=edge("0,0", "1,0", "door"))
    assert set(reach_compiled(walled, MoveQuery(0, 3, 5))) == {0}
    assert len(reach_compiled(walled, MoveQuery(0, 3, 5, blocking=frozenset()))) == 3
    field = distance_field_compiled(board, FieldQuery([board.space("1,0")], 5))
    assert field == distance_field(board, [board.space("1,0")], climbing_cost(board, 5))
    assert isinstance(field[0], int)
    far = hex_map("g0 g9")
    assert distance_field_compiled(far, FieldQuery([1], 5))[0] == math.inf


@built
def test_wrong_sizes_are_refused(on: None) -> None:
    board = hex_map("g0 g0")
    with pytest.raises(ValueError):
        nearest_compiled(board, MoveQuery(0, 3, 5), array("d", [0.0]))
    with pytest.raises(ValueError):
        python_nearest(board, MoveQuery(0, 3, 5, engaged=q.empty_masks(board)), [0.0, 0.0])
    with pytest.raises(ValueError):
        reach_compiled(board, MoveQuery(0, 3, 5, bytes(5)))
    with pytest.raises(ValueError):
        reach_compiled(board, MoveQuery(0, 3, 5, None, array("Q", [0])))
    with pytest.raises(IndexError):
        reach_compiled(board, MoveQuery(7, 3, 5))
    with pytest.raises(IndexError):
        reach_compiled(board, MoveQuery(0, 3, 5, no_end={2: None}))
    with pytest.raises(IndexError):
        distance_field_compiled(board, FieldQuery([9]))
    g, field = q.geometry(board), array("d", [0.0, 1.0])
    assert g.nearest_each([(1, 3, 5), (0, 3, 5)], None, field) == [[0], []]
    with pytest.raises(TypeError, match="a move should be a"):
        g.nearest_each([[1, 3, 5]], None, field)
    with pytest.raises(IndexError):
        g.nearest_each([(2, 3, 5)], None, field)
    with pytest.raises(ValueError):
        g.nearest_each([(1, 3, 5)], bytes(3), field)


def test_off_means_the_python(on: None) -> None:
    q.use_compiled(False)
    assert not q.compiled() and q.geometry(hex_map("g0")) is None
    board = random_hex_board(6, 6, 3, top=5)
    query = MoveQuery(5, 6, 4, engaged=q.empty_masks(board))
    expected = python_reach(board, query)
    same(list(reach_compiled(board, query).items()), list(expected.items()))
    same(reach_ends(board, query), list(expected))
    same(reach_compiled(board, query, 7), {7: expected[7]})
    same(reach_compiled(board, query, 99), {})


def python_visible(board: Board, a: int, spaces: Any, **options: Any) -> list[int]:
    was = q.use_compiled(False)
    try:
        return visible(board, a, spaces, **options)
    finally:
        q.use_compiled(was)


@st.composite
def sight_boards(draw: st.DrawFn) -> Board:
    """Hex or square grids with holes (lines cross cells with no space), levels, walls, doors
    and windows on some edges, water, and now and then a room off the grid."""
    kind = draw(st.sampled_from(["hex", "square"]))
    width, height = draw(st.integers(1, 8)), draw(st.integers(1, 7))
    cells = [(x, y) for y in range(height) for x in range(width)
             if draw(st.integers(0, 9)) > 0 or (x, y) == (0, 0)]
    specs = [SpaceSpec(f"{x},{y}", draw(st.sampled_from(["grass", "grass", "water"])),
                       draw(st.integers(0, 5)), (x, y)) for x, y in cells]
    if draw(st.booleans()):
        specs.append(SpaceSpec("room", "floor"))  # off the grid: joined by an edge only
    names = {s.coord: s.name for s in specs if s.coord is not None}
    steps = hexes.HEX_DIRECTIONS if kind == "hex" else hexes.SQUARE_DIRECTIONS
    pairs = sorted({tuple(sorted((names[c], names[(c[0] + dq, c[1] + dr)])))
                    for c in names for dq, dr in steps if (c[0] + dq, c[1] + dr) in names})
    features = {pair: draw(st.sampled_from(["wall", "door", "window", "barricade"]))
                for pair in draw(st.lists(st.sampled_from(pairs), unique=True,
                                          max_size=len(pairs) // 3))} if pairs else {}
    if specs[-1].name == "room":
        features[("0,0", "room")] = "passage"
    return Board(kind, specs, adjacency=draw(st.sampled_from([4, 8])), edges=features)


@built
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sight_boards(), st.data())
def test_visible_compiled_is_the_pythons_twin(on: None, board: Board,
                                              data: st.DataObject) -> None:
    pick = st.integers(0, board.size - 1)
    a = data.draw(pick)
    spaces = data.draw(st.lists(pick, max_size=30))
    options: dict[str, Any] = {
        "height_a": data.draw(st.integers(0, 8)), "height_b": data.draw(st.integers(0, 8)),
        "figures": data.draw(st.one_of(st.none(), st.dictionaries(pick, st.integers(0, 8)))),
        "grazing": data.draw(st.sampled_from(["either", "both"])),
        "windows": data.draw(st.booleans()),
        "opaque": data.draw(st.sampled_from([frozenset(), frozenset({"water"})])),
    }
    found = visible(board, a, spaces, **options)
    same(found, python_visible(board, a, spaces, **options))
    assert q.compiled()  # (python_visible turned it off and on)
    # what it means: the spaces sight finds clear, in their order
    assert found == [b for b in spaces if sight(board, a, b, **options).clear]


@built
def test_visible_compiled_on_a_grid_only(on: None) -> None:
    board = hex_map("g0 g2 . g0", "g1 g0 g0 g0")
    g = q.geometry(board)
    assert g.visible(0, [3, 5], 1, 1, None, None, True) == \
        python_visible(board, 0, [3, 5], height_a=1, height_b=1)
    graph = parse_map('[map]\nkind = "graph"\n[[space]]\nname = "hall"\nterrain = "floor"\n',
                      "t.toml")
    assert q.geometry(graph).visible(0, [0], 0, 0, None, None, True) is None  # no grid
    flat = q.geometry(hex_map("g0 g0 g0"))
    assert flat.visible(0, [2], 1, 1, {1: 1}, None, True) == []  # a figure between blocks
    with pytest.raises(TypeError):
        flat.visible(0, [2], 1, 1, {1: "tall"}, None, True)
    with pytest.raises(TypeError):
        flat.visible(0, [2], 1, 1, [(1, 1)], None, True)
    with pytest.raises(ValueError):
        flat.visible(0, [2], 1, 1, None, bytes(2), True)  # opaque: one byte per space


@st.composite
def crowds(draw: st.DrawFn) -> tuple[Board, int, list[tuple[int, int]]]:
    board = draw(boards())
    spaces = draw(st.lists(st.integers(0, board.size - 1), unique=True, max_size=80))
    return board, draw(st.integers(1, 7)), [(s, draw(st.integers(1, 7))) for s in spaces]


def _split(enemies: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    return [at for at, _ in enemies], [tall for _, tall in enemies]


def _engaged_from(board: Board, height: int, enemies: list[tuple[int, int]],
                  space: int) -> set[int]:
    level = board.level
    return {i for i, (at, tall) in enumerate(enemies) if at in board.neighbours[space]
            and level[at] < level[space] + height and level[space] < level[at] + tall}


@settings(max_examples=150, deadline=None)
@given(crowds())
def test_engagement_masks_count_the_enemies_left(crowd: tuple[Board, int, list[Any]]) -> None:
    board, height, enemies = crowd
    masks = q.python_engagement_masks(board, height, *_split(enemies))
    assert masks is not None  # a hex or square map never crowds 64 enemies together
    for a in range(board.size):
        here = _engaged_from(board, height, enemies, a)
        assert bool(masks[a]) == bool(here)
        for b in board.neighbours[a]:
            left = len(here - _engaged_from(board, height, enemies, b))
            assert (masks[a] & ~masks[b]).bit_count() == left


@built
@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(crowds())
def test_engagement_masks_compiled_are_the_pythons_twin(
        on: None, crowd: tuple[Board, int, list[Any]]) -> None:
    board, height, enemies = crowd
    same(q.engagement_masks(board, height, *_split(enemies)),
         q.python_engagement_masks(board, height, *_split(enemies)))


def test_too_many_enemies_for_64_bits() -> None:
    # a graph map: one space adjacent to 70 enemies, all engaged from it
    walls = "".join(edge("hub", f"e{i}", "passage") for i in range(70))
    board = parse_map('[map]\nname = "t"\nkind = "graph"\n[terrain]\nf = "floor"\n'
                      '[[space]]\nname = "hub"\nterrain = "floor"\n' +
                      "".join(f'[[space]]\nname = "e{i}"\nterrain = "floor"\n'
                              for i in range(70)) + walls, "t.toml")
    enemies = [(board.space(f"e{i}"), 5) for i in range(70)]
    assert q.python_engagement_masks(board, 5, *_split(enemies)) is None
    assert q.python_engagement_masks(board, 5, *_split(enemies[:64])) is not None
    if q._geometry is not None:
        was = q.use_compiled(True)
        try:
            assert q.engagement_masks(board, 5, *_split(enemies)) is None
            same(q.engagement_masks(board, 5, *_split(enemies[:64])),
                 q.python_engagement_masks(board, 5, *_split(enemies[:64])))
        finally:
            q.use_compiled(was)


@built
def test_asked_again_while_it_answers(on: None) -> None:
    # Python run from inside a compiled answer (here an iterator of the query's sets) that asks
    # the same board again gets the Python's answer; the outer one is still the C's
    board = random_hex_board(6, 6, 5, top=5)
    inner = MoveQuery(3, 5, 5, engaged=q.empty_masks(board))
    answers = []

    def spaces() -> Iterator[int]:
        answers.append(reach_compiled(board, inner))
        answers.append(distance_field_compiled(board, FieldQuery([1], 5)))
        answers.append(q.engagement_masks(board, 5, [4], [5]))
        answers.append(visible(board, 2, range(board.size), height_a=1, height_b=1))
        yield 7

    outer = MoveQuery(0, 5, 5, no_end=spaces())  # type: ignore[arg-type]
    found = reach_compiled(board, outer)
    same(list(found.items()),
         list(python_reach(board, MoveQuery(0, 5, 5, no_end=(7,))).items()))
    same(list(answers[0].items()), list(python_reach(board, inner).items()))
    same(answers[1], python_distance_field(board, FieldQuery([1], 5)))
    same(answers[2], q.python_engagement_masks(board, 5, [4], [5]))
    same(answers[3], python_visible(board, 2, range(board.size), height_a=1, height_b=1))
