"""Square tiles placed on one board: each tile turned by quarter turns and shifted, then joined.

A board game built from tiles (Last Night on Earth's centre board and four L-shaped boards)
describes each tile once, in its own file, and composes the town for a game. A tile turns
clockwise (as drawn, y grows downwards) inside its own bounding box, whose top-left corner stays
put, and then shifts by `offset`. Everything on it turns with it: a wall stays between the same
two cells. Cells of neighbouring tiles that touch become neighbours (the Board joins grid cells
by their coordinates), so distances and routes run across the joints.

Names: cells are named by their new coordinates ("x,y"); off-grid spaces and zones keep their
names, with the placement's `prefix` in front; a name two tiles share is an error that says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from deadtable.engine.board.hexes import Coord
from deadtable.engine.board.model import Board, SpaceSpec


class ComposeError(ValueError):
    """Tiles that cannot be joined: not square maps, different adjacency, overlapping cells,
    a name two tiles share."""


@dataclass(frozen=True, slots=True)
class Placement:
    """One tile on the composed board: turned `turns` quarter turns clockwise within its
    bounding box, then shifted by `offset` (x, y)."""

    tile: Board
    offset: Coord = (0, 0)
    turns: int = 0
    prefix: str = ""  # put before the tile's off-grid space and zone names


def bounding_box(board: Board) -> tuple[Coord, Coord]:
    """The smallest and largest x and y among the board's cells: ((x0, y0), (x1, y1))."""
    cells = [c for c in board.coords if c is not None]
    if not cells:
        raise ComposeError(f"{_title(board)}: a tile needs grid cells")
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return (min(xs), min(ys)), (max(xs), max(ys))


def turn_coord(coord: Coord, box: tuple[Coord, Coord], turns: int) -> Coord:
    """Where a cell of the box lands after `turns` quarter turns clockwise; the box's top-left
    corner stays where it is (a width x height box becomes height x width)."""
    (x0, y0), (x1, y1) = box
    u, v = coord[0] - x0, coord[1] - y0
    width, height = x1 - x0, y1 - y0
    for _ in range(turns % 4):
        u, v = height - v, u
        width, height = height, width
    return x0 + u, y0 + v


def rotate(tile: Board, turns: int) -> Board:
    """The tile turned `turns` quarter turns clockwise inside its own bounding box."""
    return compose([Placement(tile, bounding_box(tile)[0], turns)],
                   name=str(tile.meta.get("name", "")), source=tile.meta.get("source"))


def compose(placements: Sequence[Placement], *, name: str = "",
            source: str | None = None) -> Board:
    """One board from square tiles, each turned and shifted (see the module's docstring)."""
    if not placements:
        raise ComposeError("no tiles to compose")
    first = placements[0].tile
    for p in placements:
        if p.tile.kind != "square":
            raise ComposeError(f"{_title(p.tile)}: only square maps turn by quarter turns, "
                               f"not a {p.tile.kind} map")
        if p.tile.adjacency != first.adjacency:
            raise ComposeError(f"{_title(p.tile)}: adjacency {p.tile.adjacency} differs from "
                               f"{_title(first)}'s {first.adjacency}")
    specs: list[SpaceSpec] = []
    owner: dict[str, str] = {}  # new space name -> the tile it came from
    edges: dict[tuple[str, str], str] = {}
    edge_props: dict[tuple[str, str], dict[str, object]] = {}
    zones: list[tuple[str, str, list[str]]] = []
    zone_owner: dict[str, str] = {}
    markers: list[tuple[str, str, dict[str, object]]] = []
    terrains: dict[str, str] = {}
    for p in placements:
        title, piece = _title(p.tile), _fragment(p)
        for spec in piece.specs:
            if spec.name in owner:
                raise ComposeError(f"{title}: space {spec.name} is also on {owner[spec.name]}; "
                                   "tiles must not overlap (and off-grid names need a prefix)")
            owner[spec.name] = title
        specs += piece.specs
        edges |= piece.edges
        edge_props |= {key: dict(props) for key, props in piece.edge_props.items()}
        for zname, kind, members in piece.zones:
            if zname in zone_owner:
                raise ComposeError(f"{title}: zone {zname!r} is also on {zone_owner[zname]}; "
                                   "give one placement a prefix")
            zone_owner[zname] = title
            zones.append((zname, kind, list(members)))
        markers += [(kind, at, dict(props)) for kind, at, props in piece.markers]
        for letter, terrain in p.tile.terrains.items():
            if letter not in terrains and terrain not in terrains.values():
                terrains[letter] = terrain
    # Reading order, as a map file numbers its cells; off-grid spaces after, in tile order.
    specs.sort(key=lambda s: (0, s.coord[1], s.coord[0]) if s.coord else (1, 0, 0))
    meta = {"name": name} | ({"source": source} if source is not None else {})
    return Board("square", specs, adjacency=first.adjacency, edges=edges,
                 edge_props=edge_props, zones=zones, markers=markers, terrains=terrains,
                 meta=meta)


def placed(p: Placement, coord: Coord) -> Coord:
    """Where a cell of the placement's tile lands on the composed board."""
    return placed_cells(p)[coord]


@lru_cache(maxsize=256)
def placed_cells(p: Placement) -> Mapping[Coord, Coord]:
    """Every cell of the placement's tile -> where it lands on the composed board (computed
    once per tile, turn and offset: a game composing towns meets the same placements often)."""
    box = bounding_box(p.tile)
    dx, dy = p.offset[0] - box[0][0], p.offset[1] - box[0][1]
    found = {}
    for coord in p.tile.coords:
        if coord is not None:
            x, y = turn_coord(coord, box, p.turns)
            found[coord] = (x + dx, y + dy)
    return MappingProxyType(found)


@dataclass(frozen=True, slots=True)
class _Fragment:
    """One placed tile's share of the composed board, in the composed board's names."""

    specs: tuple[SpaceSpec, ...]
    edges: Mapping[tuple[str, str], str]
    edge_props: Mapping[tuple[str, str], Mapping[str, object]]
    zones: tuple[tuple[str, str, tuple[str, ...]], ...]
    markers: tuple[tuple[str, str, Mapping[str, object]], ...]


@lru_cache(maxsize=256)
def _fragment(p: Placement) -> _Fragment:
    """The placement's spaces, edges, zones and markers renamed where they land. Boards are
    immutable, so a placement's fragment is the same in every town that holds it."""
    tile, cells = p.tile, placed_cells(p)
    renamed = [p.prefix + tile.names[space] if coord is None
               else "{},{}".format(*cells[coord]) for space, coord in enumerate(tile.coords)]
    specs = tuple(SpaceSpec(new, tile.terrain[space], tile.level[space],
                            None if coord is None else cells[coord])
                  for space, (new, coord) in enumerate(zip(renamed, tile.coords, strict=True)))
    edges = {(renamed[a], renamed[b]): feature for (a, b), feature in tile.features.items()}
    props = {(renamed[a], renamed[b]): tile.edge(a, b) for a, b in tile.features
             if tile.edge(a, b)}
    zones = tuple((p.prefix + zone.name, zone.kind, tuple(renamed[s] for s in zone.spaces))
                  for zone in tile.zones.values())
    markers = tuple((m.kind, renamed[m.space], m.props) for m in tile.markers)
    return _Fragment(specs, MappingProxyType(edges), MappingProxyType(props), zones, markers)


def _title(board: Board) -> str:
    return str(board.meta.get("name") or "the tile")

