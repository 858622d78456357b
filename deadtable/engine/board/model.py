"""The Board: spaces as dense integers, their neighbours, features on edges, zones, markers.

A Board is built once (by the map loader, the .hsc importer or a test) and never changes: all
game states share it and none copies it. Its per-space data are tuples indexed by space, so the
hot paths (sight, reach, distance fields) index lists and never hash names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from deadtable.engine.board import hexes
from deadtable.engine.board.hexes import Coord

KINDS = ("hex", "square", "graph")
FEATURES = ("wall", "door", "window", "barricade", "passage")


@dataclass(frozen=True, slots=True)
class Zone:
    """A named set of spaces with a game-defined kind ("safe-room", "start")."""

    name: str
    kind: str
    spaces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Marker:
    """One thing on the map: a kind, a space and the map's properties for it."""

    kind: str
    space: int
    props: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SpaceSpec:
    """What a loader knows of one space before the Board numbers them."""

    name: str
    terrain: str
    level: int = 0
    coord: Coord | None = None  # axial (q, r) on hex maps, (x, y) on square maps


_NO_PROPS: Mapping[str, Any] = MappingProxyType({})


def edge_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


class Board:
    """One map: hex, square or graph. Read-only after construction."""

    def __init__(
        self,
        kind: str,
        spaces: Iterable[SpaceSpec],
        *,
        adjacency: int = 0,
        edges: Mapping[tuple[str, str], str] | None = None,
        edge_props: Mapping[tuple[str, str], Mapping[str, Any]] | None = None,
        zones: Iterable[tuple[str, str, Iterable[str]]] = (),
        markers: Iterable[tuple[str, str, Mapping[str, Any]]] = (),
        terrains: Mapping[str, str] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"board kind {kind!r} should be one of {', '.join(KINDS)}")
        if kind == "hex":
            adjacency = 6
        elif kind == "square" and adjacency not in (4, 8):
            raise ValueError(f"square adjacency {adjacency!r} should be 4 or 8")
        elif kind == "graph":
            adjacency = 0
        specs = list(spaces)
        self.kind = kind
        self.adjacency = adjacency
        self.meta: Mapping[str, Any] = MappingProxyType(dict(meta or {}))
        # letter -> terrain name, as the map file declared it (kept for dump_map)
        self.terrains: Mapping[str, str] = MappingProxyType(dict(terrains or {}))
        self.names: tuple[str, ...] = tuple(s.name for s in specs)
        self.terrain: tuple[str, ...] = tuple(s.terrain for s in specs)
        self.level: tuple[int, ...] = tuple(s.level for s in specs)
        self.coords: tuple[Coord | None, ...] = tuple(s.coord for s in specs)
        self.size = len(specs)
        self._index = {name: i for i, name in enumerate(self.names)}
        if len(self._index) != self.size:
            raise ValueError("two spaces share a name")
        self._at = {c: i for i, c in enumerate(self.coords) if c is not None}

        self.features: Mapping[tuple[int, int], str] = MappingProxyType(
            {edge_key(self._index[a], self._index[b]): f for (a, b), f in (edges or {}).items()})
        # The map's properties of an edge (a door's `locked`, a wall's `strength`): only
        # edges that have a feature carry them.
        self.edge_props: Mapping[tuple[int, int], Mapping[str, Any]] = MappingProxyType({
            edge_key(self._index[a], self._index[b]): MappingProxyType(dict(props))
            for (a, b), props in (edge_props or {}).items() if props})
        for key in self.edge_props:
            if key not in self.features:
                a, b = self.names[key[0]], self.names[key[1]]
                raise ValueError(f"the edge between {a} and {b} has properties but no feature")
        self.neighbours: tuple[tuple[int, ...], ...] = self._neighbours()
        self.centres: tuple[tuple[float, float] | None, ...] = tuple(
            None if c is None else (hexes.hex_centre(*c) if kind == "hex" else
                                    (float(c[0]), float(c[1])))
            for c in self.coords)
        self.zones: Mapping[str, Zone] = MappingProxyType({
            name: Zone(name, zkind, tuple(self._index[s] for s in members))
            for name, zkind, members in zones})
        self.markers: tuple[Marker, ...] = tuple(
            Marker(mkind, self._index[at], MappingProxyType(dict(props)))
            for mkind, at, props in markers)
        # Lines between cells, computed on first use (sight asks for the same pairs often).
        self._lines: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._within: dict[tuple[int, int], tuple[int, ...]] = {}  # lines.within, on first use
        self._distances: dict[int, tuple[int | None, ...]] = {}  # lines.distances, likewise
        self._sight: dict[tuple[Any, ...], Any] = {}  # sight.sees: what never changes of a line
        # the compiled geometry of each set of blocking features (query.geometry), made on
        # first use: asked at every reach and line of sight, so kept here, not looked up
        self._compiled: dict[frozenset[str], Any] = {}

    # -- sharing: one board for every state, copies included ---------------------------
    def __copy__(self) -> Board:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self  # immutable: a deep copy of a game state shares its board

    _PROXIED = ("meta", "terrains", "features", "zones")

    def __getstate__(self) -> dict[str, Any]:
        """For pickling (worker processes): read-only views become dicts, the cache empties."""
        state = dict(self.__dict__)
        for key in self._PROXIED:
            state[key] = dict(state[key])
        state["markers"] = [(m.kind, m.space, dict(m.props)) for m in self.markers]
        state["edge_props"] = {k: dict(v) for k, v in self.edge_props.items()}
        state["_lines"] = {}
        state["_within"] = {}
        state["_distances"] = {}
        state["_sight"] = {}
        state["_compiled"] = {}  # C objects: each process makes its own
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        for key in self._PROXIED:
            setattr(self, key, MappingProxyType(state[key]))
        self.markers = tuple(Marker(kind, space, MappingProxyType(props))
                             for kind, space, props in state["markers"])
        self.edge_props = MappingProxyType({k: MappingProxyType(v)
                                            for k, v in state["edge_props"].items()})

    def _grid_directions(self) -> tuple[Coord, ...]:
        if self.kind == "hex":
            return hexes.HEX_DIRECTIONS
        if self.kind == "square":
            return hexes.SQUARE_DIRECTIONS[:self.adjacency]
        return ()

    def _neighbours(self) -> tuple[tuple[int, ...], ...]:
        found: list[list[int]] = [[] for _ in range(self.size)]
        at = self._at
        directions = self._grid_directions()
        for i, c in enumerate(self.coords):
            if c is None:
                continue
            x, y = c
            found[i] = [j for dq, dr in directions
                        if (j := at.get((x + dq, y + dr))) is not None]
        # Edges add adjacency where the grid gives none (graph maps, off-grid rooms).
        linked = [set(n) for n in found]
        for a, b in self.features:
            if b not in linked[a]:
                found[a].append(b)
                found[b].append(a)
                linked[a].add(b)
                linked[b].add(a)
        return tuple(tuple(n) for n in found)

    # -- names and coordinates ------------------------------------------------------------
    def space(self, name: str) -> int:
        """The space called `name`; KeyError if there is none."""
        return self._index[name]

    def has(self, name: str) -> bool:
        return name in self._index

    def name(self, space: int) -> str:
        return self.names[space]

    def at(self, coord: Coord) -> int | None:
        """The space at a grid coordinate (axial for hex), or None."""
        return self._at.get(coord)

    def offset(self, space: int) -> Coord | None:
        """The (col, row) a hex space is named by, (x, y) on a square map, None off-grid."""
        c = self.coords[space]
        if c is None or self.kind != "hex":
            return c
        return hexes.axial_to_offset(*c)

    # -- edges ----------------------------------------------------------------------------
    def feature(self, a: int, b: int) -> str | None:
        """The feature on the edge between a and b, if any."""
        return self.features.get(edge_key(a, b))

    def edge(self, a: int, b: int) -> Mapping[str, Any]:
        """The map's properties of the edge between a and b ({} if it has none)."""
        return self.edge_props.get(edge_key(a, b), _NO_PROPS)

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    def passable(self, a: int, b: int, blocking: frozenset[str] | set[str] = frozenset()) -> bool:
        """Whether a step from a to the adjacent b is open: adjacent, and the edge's feature
        (if any) not among `blocking` (the caller says what blocks: {"wall", "door"} while
        doors are closed)."""
        if b not in self.neighbours[a]:
            return False
        return not blocking or self.features.get(edge_key(a, b)) not in blocking

    def zone(self, name: str) -> Zone:
        return self.zones[name]

    def markers_of(self, kind: str) -> list[Marker]:
        return [m for m in self.markers if m.kind == kind]

    def __repr__(self) -> str:
        title = self.meta.get("name", "")
        return f"<Board {self.kind} {title!r}: {self.size} spaces>"
