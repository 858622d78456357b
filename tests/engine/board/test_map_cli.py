"""`deadtable map show / import / bench`, and the geometry figures of the bench."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from deadtable.engine.board import load_map
from deadtable.engine.board.bench import measure
from deadtable.engine.board.generate import random_hex_board
from deadtable.engine.board.hsc import HscMap, Tile, write_hsc
from deadtable.ui.cli import app

from .test_mapfile import EXAMPLE

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def one_line_error(code: int, err: str, message: str) -> None:
    assert code == 2
    assert message in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_show_draws_a_hex_map_with_its_legend(tmp_path: Path) -> None:
    path = tmp_path / "chapter.toml"
    path.write_text(EXAMPLE)
    code, out, _ = run("map", "show", str(path))
    assert code == 0
    assert "Chapter 1: The Apartments: hex map, 9 spaces" in out
    assert "start (safe-room): 0,0, 1,0" in out
    assert "item-location at 3,1 (order=1)" in out
    assert "wall between 2,0 and 2,1" in out


def test_show_draws_walls_on_square_edges(tmp_path: Path) -> None:
    path = tmp_path / "diner.toml"
    path.write_text('[map]\nkind = "square"\nadjacency = 4\n[terrain]\nf = "floor"\n'
                    'rows = ["f0 f0", "f0 f0"]\n[[edge]]\nbetween = ["0,0", "1,0"]\n'
                    'feature = "wall"\n[[edge]]\nbetween = ["0,1", "0,0"]\nfeature = "door"\n')
    code, out, _ = run("map", "show", str(path))
    assert code == 0
    assert "┃" in out and "━D━" in out


def test_show_refuses_bad_maps_in_one_line(tmp_path: Path) -> None:
    code, _, err = run("map", "show", str(tmp_path / "none.toml"))
    one_line_error(code, err, "none.toml: no such map file")
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.replace("a0 a0 c1", "a0 a0 q1", 1))
    code, _, err = run("map", "show", str(bad))
    one_line_error(code, err, "unknown terrain letter 'q'")


def test_import_writes_a_map_file(tmp_path: Path) -> None:
    source = tmp_path / "valley.hsc"
    source.write_bytes(write_hsc(HscMap(name="Valley", tiles=[
        Tile(1007, 2, 2, 0), Tile(2001, 2, 2, 1), Tile(15001, 1, 1, 1, start_zone="red")])))
    out = tmp_path / "valley.toml"
    code, said, _ = run("map", "import", str(source), "--out", str(out))
    assert code == 0 and "7 hexes, 1 zones" in said
    board = load_map(out)
    assert board.meta["name"] == "Valley" and max(board.level) == 2
    code, shown, _ = run("map", "show", str(source))
    assert code == 0 and "Valley" in shown


def test_import_refuses_a_bad_file_in_one_line(tmp_path: Path) -> None:
    source = tmp_path / "odd.hsc"
    source.write_bytes(write_hsc(HscMap(tiles=[Tile(16001, 0, 0, 0)])))
    code, _, err = run("map", "import", str(source), "--out", str(tmp_path / "x.toml"))
    one_line_error(code, err, "piece type 16001")
    code, _, err = run("map", "import", str(tmp_path / "gone.hsc"), "--out", "x.toml")
    one_line_error(code, err, "no such file")


def test_geometry_figures_are_measured_not_asserted() -> None:
    figures = measure(random_hex_board(6, 5, 3))
    assert figures["hexes"] == 30
    assert all(value >= 0 for value in figures.values())
    json.dumps(figures)


def test_square_edges_are_drawn_where_they_stand(tmp_path: Path) -> None:
    """A wall between two squares side by side sits between their cells on their row; a door
    between two squares one above the other sits under the upper one; a window likewise."""
    path = tmp_path / "house.toml"
    path.write_text('[map]\nkind = "square"\nadjacency = 4\n[terrain]\nf = "floor"\n'
                    'rows = ["f0 f0 f0", "f0 f0 f0", "f0 f0 f0"]\n'
                    '[[edge]]\nbetween = ["0,0", "1,0"]\nfeature = "wall"\n'
                    '[[edge]]\nbetween = ["1,1", "1,2"]\nfeature = "door"\n'
                    '[[edge]]\nbetween = ["2,0", "2,1"]\nfeature = "window"\n')
    code, out, _ = run("map", "show", str(path))
    assert code == 0
    lines = out.splitlines()
    row = {int(line[:3]): n for n, line in enumerate(lines) if line[:3].strip().isdigit()}
    cell = 3 + 4 * 1  # column 1's cell starts here ("   0   1   2")
    assert lines[row[0]][cell - 1] == "┃"  # between 0,0 and 1,0
    assert lines[row[0]].count("┃") == 1
    assert lines[row[1] + 1][cell:cell + 3] == "━D━"  # under 1,1: the door to 1,2
    assert lines[row[0] + 1][cell + 4:cell + 7] == "┄┄┄"  # under 2,0: the window to 2,1
    assert "━D━" not in lines[row[0] + 1] and "┄┄┄" not in lines[row[1] + 1]
