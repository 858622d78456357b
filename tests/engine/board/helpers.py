"""Small boards for the board tests, written in the map format."""

from __future__ import annotations

from deadtable.engine.board import Board, parse_map


def hex_map(*rows: str, extra: str = "") -> Board:
    """A hex map from rows of cells; terrains g(rass), r(ock), w(ater)."""
    listed = ",\n".join(f'  "{row}"' for row in rows)
    return parse_map(f'[map]\nname = "test"\nkind = "hex"\n[terrain]\ng = "grass"\n'
                     f'r = "rock"\nw = "water"\nrows = [\n{listed}\n]\n{extra}', "test.toml")


def square_map(*rows: str, adjacency: int = 4, extra: str = "") -> Board:
    listed = ",\n".join(f'  "{row}"' for row in rows)
    return parse_map(f'[map]\nname = "test"\nkind = "square"\nadjacency = {adjacency}\n'
                     f'[terrain]\nf = "floor"\nrows = [\n{listed}\n]\n{extra}', "test.toml")


def edge(a: str, b: str, feature: str) -> str:
    return f'\n[[edge]]\nbetween = ["{a}", "{b}"]\nfeature = "{feature}"\n'


def flat_hex(cols: int, rows: int) -> Board:
    return hex_map(*(" ".join(["g0"] * cols) for _ in range(rows)))
