"""`deadtable map`: draw a map in the terminal, import a Virtualscape map, time the geometry.

A map that cannot be read ends with a one-line message on stderr and exit code 2.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from deadtable.engine.board import Board, dump_map, load_hsc, load_map

app = typer.Typer(help="Maps: show one, import a Virtualscape .hsc, time the geometry.",
                  no_args_is_help=True, add_completion=False)

# Background colours by terrain name; other terrains take one from PALETTE in turn.
COLOURS = {
    "grass": "green4", "rock": "grey50", "sand": "khaki3", "water": "dodger_blue2",
    "ice": "light_cyan3", "lava": "red3", "lava-field": "dark_orange3", "road": "grey35",
    "snow": "grey93", "swamp": "dark_olive_green3", "swamp-water": "dark_cyan",
    "concrete": "grey62", "asphalt": "grey23", "jungle": "dark_green", "shadow": "grey11",
    "dungeon": "orange4", "floor": "wheat4", "street": "grey30", "building": "tan",
}
PALETTE = ("purple4", "dark_sea_green4", "salmon3", "steel_blue", "gold3", "orchid3")
LIGHT = {"snow", "ice", "sand", "concrete", "building"}
# Square maps: what an edge looks like between two cells side by side / one above the other.
UPRIGHT = {"wall": "┃", "door": "D", "window": ":", "barricade": "#", "passage": " "}
LEVEL = {"wall": "━━━", "door": "━D━", "window": "┄┄┄", "barricade": "###", "passage": "   "}

FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="a map: .toml, or .hsc")]


def _fail(message: str) -> NoReturn:
    typer.echo(f"deadtable: {message}", err=True)
    raise typer.Exit(2)


@contextmanager
def _readable() -> Iterator[None]:
    """Map errors (MapError, HscError: both ValueErrors) as one line, not a traceback."""
    try:
        yield
    except ValueError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"{error.filename or ''}: {error.strerror or error}")


def read_board(path: Path) -> Board:
    """A .hsc or a .toml map; a bad one ends the command with a one-line message."""
    try:
        return load_hsc(path) if path.suffix.lower() == ".hsc" else load_map(path)
    except ValueError as error:
        _fail(str(error))


@app.command("show")
def show_command(path: FileArg) -> None:
    """Draw a map: terrain colours and level digits (hex rows offset as on the table),
    walls, doors and windows on square edges, and a legend of zones and markers."""
    board = read_board(path)
    Console().print(render_board(board))


@app.command("import")
def import_command(
    path: Annotated[Path, typer.Argument(metavar="FILE.hsc", help="a Virtualscape map")],
    out: Annotated[Path, typer.Option("--out", "-o", help="the map file to write (.toml)")],
) -> None:
    """Import a Virtualscape .hsc map into deadtable's map format (docs/maps.md)."""
    with _readable():
        board = load_hsc(path)
        out.write_text(dump_map(board), encoding="utf-8")
    typer.echo(f"wrote {out}: {board.size} hexes, {len(board.zones)} zones, "
               f"{len(board.markers)} markers")


@app.command("bench")
def bench_command(
    seed: Annotated[int, typer.Option("--seed", "-s", help="seed for the random maps")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of a table")] = False,
) -> None:
    """Time the board geometry (sight, line, reach, distance fields) on random hex maps of
    about 150, 600 and 2400 hexes; the same figures as `deadtable bench --json` "geometry"."""
    from deadtable.engine.board.bench import geometry_bench

    results = geometry_bench(seed)
    if as_json:
        typer.echo(json.dumps(results, indent=2))
        return
    table = Table(title="board geometry, µs per call (single process)")
    columns = [("hexes", "hexes"), ("sight", "sight_us"), ("sight cold", "sight_cold_us"),
               ("sees", "sees_us"), ("sees cold", "sees_cold_us"), ("line", "line_us"),
               ("reach Move 5", "reach_move5_us"),
               ("field BFS", "distance_field_bfs_us"),
               ("field climbing", "distance_field_climbing_us")]
    if results and "reach_move5_compiled_us" in results[0]:  # the compiled geometry (query.py)
        columns += [("reach C", "reach_move5_compiled_us"),
                    ("field BFS C", "distance_field_bfs_compiled_us"),
                    ("field climbing C", "distance_field_climbing_compiled_us")]
    for title, _ in columns:
        table.add_column(title, justify="right")
    for r in results:
        table.add_row(*(f"{r[key]:.0f}" if key == "hexes" else f"{r[key]:.1f}"
                        for _, key in columns))
    console = Console()
    console.print(table)
    console.print(f"µs of CPU time per call; one turn of an empty Python loop: "
                  f"{results[0]['python_loop_ns']:.0f} ns (a slower machine raises it, and "
                  "every figure with it)")


# -- drawing ----------------------------------------------------------------------------------
def _styles(board: Board) -> dict[str, str]:
    styles: dict[str, str] = {}
    spare = iter(PALETTE * (1 + len(set(board.terrain)) // len(PALETTE)))
    for terrain in dict.fromkeys(board.terrain):
        colour = COLOURS.get(terrain) or next(spare)
        styles[terrain] = f"{'black' if terrain in LIGHT else 'bright_white'} on {colour}"
    return styles


def _cell(board: Board, space: int, styles: dict[str, str], marked: set[int],
          zoned: set[int]) -> Text:
    flag = "*" if space in marked else " "
    style = styles[board.terrain[space]] + (" bold underline" if space in zoned else "")
    return Text(f"{board.level[space]:>2}{flag}", style=style)


def render_board(board: Board) -> Group:
    """The map as Rich renderables: the grid (hex or square), then the legend."""
    styles = _styles(board)
    marked = {m.space for m in board.markers}
    zoned = {s for z in board.zones.values() for s in z.spaces}
    title = board.meta.get("name") or "(unnamed map)"
    parts: list[Text | Table] = [Text(f"{title}: {board.kind} map, {board.size} spaces",
                                      style="bold")]
    if board.kind == "hex":
        parts.append(_hex_grid(board, styles, marked, zoned))
    elif board.kind == "square":
        parts.append(_square_grid(board, styles, marked, zoned))
    parts.append(_legend(board, styles))
    return Group(*parts)


def _hex_grid(board: Board, styles: dict[str, str], marked: set[int], zoned: set[int]) -> Text:
    cells: dict[tuple[int, int], int] = {}
    for space in range(board.size):
        offset = board.offset(space)
        if offset is not None:
            cells[offset] = space
    rows = max((r for _, r in cells), default=-1) + 1
    cols = max((c for c, _ in cells), default=-1) + 1
    text = Text()
    text.append("   " + "".join(f"{c:<4}" for c in range(cols)) + "\n", style="dim")
    for row in range(rows):
        text.append(f"{row:>2} " + ("  " if row % 2 else ""), style="dim")
        for col in range(cols):
            here = cells.get((col, row))
            if here is None:
                text.append("    ")
            else:
                text.append_text(_cell(board, here, styles, marked, zoned))
                text.append(" ")
        text.append("\n")
    return text


def _square_grid(board: Board, styles: dict[str, str], marked: set[int],
                 zoned: set[int]) -> Text:
    cells: dict[tuple[int, int], int] = {}
    for space, coord in enumerate(board.coords):
        if coord is not None:
            cells[coord] = space
    width = max((x for x, _ in cells), default=-1) + 1
    height = max((y for _, y in cells), default=-1) + 1
    text = Text()
    text.append("   " + "".join(f"{x:<4}" for x in range(width)) + "\n", style="dim")
    for y in range(height):
        text.append(f"{y:>2} ", style="dim")
        for x in range(width):
            here = cells.get((x, y))
            text.append_text(_cell(board, here, styles, marked, zoned) if here is not None
                             else Text("   "))
            right = cells.get((x + 1, y))
            feature = board.feature(here, right) if here is not None and right is not None \
                else None
            text.append(UPRIGHT.get(feature or "", " "), style="bold red" if feature else "")
        text.append("\n   ")
        for x in range(width):
            here, below = cells.get((x, y)), cells.get((x, y + 1))
            feature = board.feature(here, below) if here is not None and below is not None \
                else None
            text.append(LEVEL.get(feature or "", "   ") + " ", style="bold red")
        text.append("\n")
    return text


def _legend(board: Board, styles: dict[str, str]) -> Table:
    legend = Table("what", "", title="legend", show_header=False, title_justify="left")
    letters = {name: letter for letter, name in board.terrains.items()}
    for terrain, style in styles.items():
        sample = Text(f" {letters.get(terrain, ' ')} ", style=style)
        legend.add_row(sample, f"{terrain} (digits on it: the level)")
    for zone in board.zones.values():
        names = ", ".join(board.names[s] for s in zone.spaces)
        legend.add_row(Text("zone", style="bold underline"), f"{zone.name} ({zone.kind}): {names}")
    for marker in board.markers:
        props = ", ".join(f"{k}={v}" for k, v in marker.props.items())
        legend.add_row("*", f"{marker.kind} at {board.names[marker.space]}"
                       + (f" ({props})" if props else ""))
    if board.kind == "square" and board.features:
        legend.add_row("edges", "┃ ━ wall, D door, : ┄ window, # barricade")
    for (a, b), feature in sorted(board.features.items()):
        if board.kind != "square" or board.coords[a] is None or board.coords[b] is None:
            legend.add_row("edge", f"{feature} between {board.names[a]} and {board.names[b]}")
    for s in range(board.size):
        if board.coords[s] is None:
            joined = ", ".join(board.names[n] for n in board.neighbours[s]) or "nothing"
            legend.add_row(Text(board.names[s], style=styles[board.terrain[s]]),
                           f"{board.terrain[s]}, level {board.level[s]}; joins {joined}")
    return legend
