"""Maps as TOML data (docs/maps.md): parse with errors that name the file and the field, dump
back to the same format."""

from __future__ import annotations

import json
import re
import string
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from deadtable.engine.board import hexes
from deadtable.engine.board.model import FEATURES, KINDS, Board, SpaceSpec

_CELL = re.compile(r"([A-Za-z])(\d+)")
_TABLES = {"map", "terrain", "space", "zone", "marker", "edge"}
_MAP_KEYS = {"name", "kind", "adjacency", "source"}
_SPACE_KEYS = {"name", "terrain", "height"}
_ZONE_KEYS = {"name", "kind", "spaces"}
_EDGE_KEYS = {"between", "around", "feature"}


class MapError(ValueError):
    """A map file that is missing, not TOML, or wrong in a field: the message names the file
    and the field and says what would be right."""


def load_map(path: str | Path) -> Board:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MapError(f"{path}: no such map file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise MapError(f"{path}: cannot be read: {error}") from None
    return parse_map(text, str(path))


def parse_map(text: str, origin: str = "<map>") -> Board:
    """The Board a map file's text describes; `origin` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MapError(f"{origin}: not valid TOML: {error}") from None
    return _Parser(data, origin).board()


class _Parser:
    def __init__(self, data: dict[str, Any], origin: str) -> None:
        self.data = data
        self.origin = origin
        self.specs: list[SpaceSpec] = []
        self.names: set[str] = set()
        self.coords: dict[str, hexes.Coord] = {}

    def fail(self, where: str, message: str) -> MapError:
        return MapError(f"{self.origin}: {where}: {message}")

    def get(self, table: Mapping[str, Any], key: str, where: str, kind: type | tuple[type, ...],
            what: str, default: Any = None) -> Any:
        if key not in table:
            if default is not None:
                return default
            raise self.fail(where, f"missing field {key!r} ({what})")
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(f"{where}.{key}", f"{value!r} should be {what}")
        return value

    def check_keys(self, table: Mapping[str, Any], allowed: set[str], where: str) -> None:
        for key in table:
            if key not in allowed:
                raise self.fail(f"{where}.{key}", "unknown field; expected one of "
                                + ", ".join(sorted(allowed)))

    def list_of_tables(self, key: str) -> list[dict[str, Any]]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(key, f"should be an array of tables, written [[{key}]]")
        return value

    def board(self) -> Board:
        for key in self.data:
            if key not in _TABLES and key != "rows":
                raise self.fail(key, "unknown table or field; expected "
                                + ", ".join(sorted(_TABLES | {"rows"})))
        head = self.data.get("map")
        if not isinstance(head, dict):
            raise self.fail("map", "missing [map] table (name, kind)")
        self.check_keys(head, _MAP_KEYS, "map")
        kind = self.get(head, "kind", "map", str, "hex, square or graph")
        if kind not in KINDS:
            raise self.fail("map.kind", f"{kind!r} should be one of {', '.join(KINDS)}")
        adjacency = 0
        if kind == "square" or "adjacency" in head:
            # Required on square maps; checked but ignored elsewhere (the design's own example
            # gives a hex map an adjacency, marked "square maps only").
            adjacency = self.get(head, "adjacency", "map", int, "4 or 8")
            if adjacency not in (4, 8):
                raise self.fail("map.adjacency", f"{adjacency!r} should be 4 or 8")
            if kind != "square":
                adjacency = 0
        meta = {"name": self.get(head, "name", "map", str, "a string", "")}
        if "source" in head:
            meta["source"] = self.get(head, "source", "map", str, "a string")
        terrains = self.terrains()
        if kind == "graph":
            if "rows" in self.data:
                raise self.fail("rows", "a graph map has no rows; list its [[space]] entries")
        else:
            self.rows(kind, terrains)
        self.spaces(terrains)
        if not self.specs:
            raise self.fail("rows" if kind != "graph" else "space", "the map has no spaces")
        zones = self.zones()
        edges, edge_props = self.edges(kind, adjacency, zones)
        markers = self.markers()
        try:
            return Board(kind, self.specs, adjacency=adjacency, edges=edges,
                         edge_props=edge_props, zones=zones,
                         markers=markers, terrains=terrains, meta=meta)
        except (KeyError, ValueError) as error:  # checked above; kept as a MapError anyway
            raise self.fail("map", str(error)) from None

    def terrains(self) -> dict[str, str]:
        table = self.data.get("terrain", {})
        if not isinstance(table, dict):
            raise self.fail("terrain", "should be a table of letter = \"terrain name\"")
        # Written after the letters (as docs/maps.md shows), `rows` is TOML's terrain.rows.
        if "rows" in table:
            if "rows" in self.data:
                raise self.fail("terrain.rows", "rows given twice (at the top and in [terrain])")
            table = dict(table)
            self.data["rows"] = table.pop("rows")
        for letter, name in table.items():
            if len(letter) != 1 or letter not in string.ascii_letters:
                raise self.fail(f"terrain.{letter}",
                                "a terrain key should be one letter (a-z, A-Z)")
            if not isinstance(name, str) or not name:
                raise self.fail(f"terrain.{letter}", f"{name!r} should be a terrain name")
        names = list(table.values())
        for name in names:
            if names.count(name) > 1:
                raise self.fail("terrain", f"two letters name the terrain {name!r}")
        return dict(table)

    def add(self, spec: SpaceSpec, where: str) -> None:
        if spec.name in self.names:
            raise self.fail(where, f"duplicate space name {spec.name!r}")
        self.names.add(spec.name)
        self.specs.append(spec)

    def rows(self, kind: str, terrains: dict[str, str]) -> None:
        rows = self.data.get("rows")
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise self.fail("rows", "missing or not an array of strings, one per row of cells")
        for row, text in enumerate(rows):
            for col, cell in enumerate(text.split()):
                if cell == ".":
                    continue
                where = f"rows[{row}] cell {col} ({cell!r})"
                match = _CELL.fullmatch(cell)
                if match is None:
                    raise self.fail(where, "a cell should be a terrain letter and a level, "
                                    "like 'g0' or 'c12', or '.' for no space")
                letter, level = match.group(1), int(match.group(2))
                if letter not in terrains:
                    declared = ", ".join(sorted(terrains)) or "none"
                    raise self.fail(where, f"unknown terrain letter {letter!r}; [terrain] "
                                    f"declares {declared}")
                coord = hexes.offset_to_axial(col, row) if kind == "hex" else (col, row)
                self.add(SpaceSpec(f"{col},{row}", terrains[letter], level, coord), where)

    def spaces(self, terrains: dict[str, str]) -> None:
        names = set(terrains.values())
        for i, table in enumerate(self.list_of_tables("space")):
            where = f"space[{i}]"
            self.check_keys(table, _SPACE_KEYS, where)
            name = self.get(table, "name", where, str, "a string")
            if not name:
                raise self.fail(f"{where}.name", "a space name should not be empty")
            terrain = self.get(table, "terrain", where, str, "a terrain name or letter")
            if terrains:
                if terrain in terrains:
                    terrain = terrains[terrain]
                elif terrain not in names:
                    raise self.fail(f"{where}.terrain", f"unknown terrain {terrain!r}; "
                                    f"[terrain] declares {', '.join(sorted(names))}")
            level = self.get(table, "height", where, int, "a whole number of levels", 0)
            if level < 0:
                raise self.fail(f"{where}.height", f"{level} should be 0 or more")
            self.add(SpaceSpec(name, terrain, level, None), f"{where}.name")

    def space_name(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"{value!r} should be a space name such as \"3,1\"")
        if value not in self.names:
            raise self.fail(where, f"no space named {value!r} on this map")
        return value

    def edges(self, kind: str, adjacency: int, zones: list[tuple[str, str, list[str]]]
              ) -> tuple[dict[tuple[str, str], str], dict[tuple[str, str], dict[str, Any]]]:
        """Each edge's feature, and the properties of those that have any (every key of an
        [[edge]] but between/around/feature, as a marker's)."""
        by_name = {s.name: s for s in self.specs}
        directions = (hexes.HEX_DIRECTIONS if kind == "hex"
                      else hexes.SQUARE_DIRECTIONS[:adjacency])
        found: dict[tuple[str, str], str] = {}
        # `around` edges first; an explicit `between` edge then replaces one of them (a door
        # in a building's wall). origin: pair -> the [[edge]] that put the feature there.
        around: dict[tuple[str, str], tuple[str, str]] = {}
        props: dict[tuple[str, str], dict[str, Any]] = {}
        tables = self.list_of_tables("edge")
        for i, table in enumerate(tables):
            where = f"edge[{i}]"
            if "around" not in table:
                continue
            if "between" in table:
                raise self.fail(where, "give either 'between' (two spaces) or 'around' (a "
                                "zone), not both")
            feature = self.feature(table, where)
            extra = self.properties(table, where)
            for key in self.around(table, where, kind, zones, by_name):
                if key in around and (around[key][0] != feature or props.get(key, {}) != extra):
                    other = " with other properties" if around[key][0] == feature else ""
                    raise self.fail(f"{where}.around", f"the edge between {key[0]} and "
                                    f"{key[1]} already has a {around[key][0]!r} from "
                                    f"{around[key][1]}{other}")
                around[key] = (feature, where)
                if extra:
                    props[key] = extra
        for i, table in enumerate(tables):
            where = f"edge[{i}]"
            if "around" in table:
                continue
            between = self.get(table, "between", where, list,
                               "two space names (or give 'around' and a zone name)")
            if len(between) != 2:
                raise self.fail(f"{where}.between", f"{between!r} should name two spaces")
            a = self.space_name(between[0], f"{where}.between[0]")
            b = self.space_name(between[1], f"{where}.between[1]")
            if a == b:
                raise self.fail(f"{where}.between", f"an edge joins two spaces, not {a!r} "
                                "to itself")
            ca, cb = by_name[a].coord, by_name[b].coord
            if ca is not None and cb is not None and \
                    (cb[0] - ca[0], cb[1] - ca[1]) not in directions:
                raise self.fail(f"{where}.between", f"{a} and {b} are not adjacent; an edge "
                                "between grid cells joins two neighbours")
            feature = self.feature(table, where)
            key = (a, b) if a < b else (b, a)
            if key in found:
                raise self.fail(f"{where}.between", f"a second edge between {a} and {b}")
            found[key] = feature
            extra = self.properties(table, where)
            if extra:
                props[key] = extra
            else:
                props.pop(key, None)  # the wall this door replaces had its own properties
        return {**{key: f for key, (f, _) in around.items()}, **found}, props

    def properties(self, table: Mapping[str, Any], where: str) -> dict[str, Any]:
        extra = {k: v for k, v in table.items() if k not in _EDGE_KEYS}
        for key, value in extra.items():
            problem = _value_problem(value, "an edge property")
            if problem:
                raise self.fail(f"{where}.{key}", problem)
        return extra

    def feature(self, table: Mapping[str, Any], where: str) -> str:
        feature = self.get(table, "feature", where, str, "a feature")
        if feature not in FEATURES:
            raise self.fail(f"{where}.feature", f"{feature!r} should be one of "
                            + ", ".join(FEATURES))
        return str(feature)

    def around(self, table: Mapping[str, Any], where: str, kind: str,
               zones: list[tuple[str, str, list[str]]],
               by_name: dict[str, SpaceSpec]) -> list[tuple[str, str]]:
        """The sides of a zone's cells that face a cell outside the zone: a building's walls.
        Sides only (never the diagonals of an 8-adjacency map): a wall is a square's side."""
        if kind == "graph":
            raise self.fail(f"{where}.around", "a graph map has no sides; list the edges "
                            "with 'between'")
        name = self.get(table, "around", where, str, "a zone name")
        members = next((spaces for zname, _, spaces in zones if zname == name), None)
        if members is None:
            known = ", ".join(z[0] for z in zones) or "none"
            raise self.fail(f"{where}.around", f"no zone named {name!r}; the zones are {known}")
        sides = hexes.HEX_DIRECTIONS if kind == "hex" else hexes.SQUARE_DIRECTIONS[:4]
        inside = set(members)
        cells = {s.coord: s.name for s in self.specs if s.coord is not None}
        pairs = []
        for member in members:
            coord = by_name[member].coord
            if coord is None:
                continue
            for dq, dr in sides:
                other = cells.get((coord[0] + dq, coord[1] + dr))
                if other is not None and other not in inside:
                    pairs.append((member, other) if member < other else (other, member))
        return pairs

    def zones(self) -> list[tuple[str, str, list[str]]]:
        found: list[tuple[str, str, list[str]]] = []
        seen: set[str] = set()
        for i, table in enumerate(self.list_of_tables("zone")):
            where = f"zone[{i}]"
            self.check_keys(table, _ZONE_KEYS, where)
            name = self.get(table, "name", where, str, "a string")
            if name in seen:
                raise self.fail(f"{where}.name", f"duplicate zone name {name!r}")
            seen.add(name)
            kind = self.get(table, "kind", where, str, "a string")
            members = self.get(table, "spaces", where, list, "a list of space names")
            spaces = [self.space_name(s, f"{where}.spaces[{j}]") for j, s in enumerate(members)]
            if len(set(spaces)) != len(spaces):
                raise self.fail(f"{where}.spaces", "a space is listed twice")
            found.append((name, kind, spaces))
        return found

    def markers(self) -> list[tuple[str, str, dict[str, Any]]]:
        found: list[tuple[str, str, dict[str, Any]]] = []
        for i, table in enumerate(self.list_of_tables("marker")):
            where = f"marker[{i}]"
            kind = self.get(table, "kind", where, str, "a string")
            if "at" not in table:
                raise self.fail(where, "missing field 'at' (the space the marker is on)")
            at = table["at"]
            if isinstance(at, str) and at not in self.names:
                raise self.fail(f"{where}.at", f"no space named {at!r}: the marker is "
                                "outside the map")
            at = self.space_name(at, f"{where}.at")
            props = {k: v for k, v in table.items() if k not in ("kind", "at")}
            for key, value in props.items():
                problem = _value_problem(value)
                if problem:
                    raise self.fail(f"{where}.{key}", problem)
            found.append((kind, at, props))
        return found


def _value_problem(value: Any, what: str = "a marker property") -> str:
    """Marker and edge properties are scalars or lists of them (what dump_map can write back)."""
    if isinstance(value, list):
        return next((p for p in (_value_problem(v, what) for v in value) if p), "")
    if isinstance(value, dict):
        return f"{what} should be a string, number, boolean or list, not a table"
    if not isinstance(value, (str, int, float, bool)):
        return f"{value!r} should be a string, number, boolean or list"
    return ""


# -- writing ----------------------------------------------------------------------------------
def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):  # JSON's escapes are TOML's, but TOML also escapes DEL
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise ValueError(f"cannot write {value!r} to a map file")


def _letters(board: Board) -> dict[str, str]:
    """terrain name -> letter: the map's own letters, then free ones for the rest."""
    letters = {name: letter for letter, name in board.terrains.items()}
    free = [c for c in string.ascii_lowercase + string.ascii_uppercase
            if c not in board.terrains]
    for name in dict.fromkeys(board.terrain):
        if name not in letters:
            preferred = [c for c in (name[:1].lower(), name[:1].upper()) if c in free]
            letter = preferred[0] if preferred else free[0]
            free.remove(letter)
            letters[name] = letter
    return letters


def dump_map(board: Board) -> str:
    """The map file for a board, in the format parse_map reads (docs/maps.md)."""
    out = ["[map]", f"name = {_toml(board.meta.get('name', ''))}", f"kind = {_toml(board.kind)}"]
    if board.kind == "square":
        out.append(f"adjacency = {board.adjacency}")
    if "source" in board.meta:
        out.append(f"source = {_toml(board.meta['source'])}")
    letters = _letters(board)
    used = {letters[t] for t in board.terrain}
    out += ["", "[terrain]"]
    for name, letter in sorted(letters.items(), key=lambda item: item[1]):
        if letter in used or letter in board.terrains:
            out.append(f"{letter} = {_toml(name)}")
    if board.kind != "graph":
        out += ["", "rows = ["] + [f"  {_toml(row)}," for row in _rows(board, letters)] + ["]"]
    for space in range(board.size):
        if board.coords[space] is None:
            out += ["", "[[space]]", f"name = {_toml(board.names[space])}",
                    f"terrain = {_toml(board.terrain[space])}",
                    f"height = {board.level[space]}"]
    for zone in board.zones.values():
        out += ["", "[[zone]]", f"name = {_toml(zone.name)}", f"kind = {_toml(zone.kind)}",
                f"spaces = {_toml([board.names[s] for s in zone.spaces])}"]
    for marker in board.markers:
        out += ["", "[[marker]]", f"kind = {_toml(marker.kind)}",
                f"at = {_toml(board.names[marker.space])}"]
        out += [f"{_key(k)} = {_toml(v)}" for k, v in marker.props.items()]
    for (a, b), feature in sorted(board.features.items()):
        out += ["", "[[edge]]", f"between = {_toml([board.names[a], board.names[b]])}",
                f"feature = {_toml(feature)}"]
        out += [f"{_key(k)} = {_toml(v)}" for k, v in board.edge(a, b).items()]
    return "\n".join(out) + "\n"


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _rows(board: Board, letters: dict[str, str]) -> list[str]:
    cells: dict[tuple[int, int], str] = {}
    for space in range(board.size):
        offset = board.offset(space)
        if offset is None:
            continue
        if offset[0] < 0 or offset[1] < 0:
            raise ValueError(f"space {board.names[space]} has a negative coordinate; map rows "
                             "count from 0")
        cells[offset] = f"{letters[board.terrain[space]]}{board.level[space]}"
    width = max(len(c) for c in cells.values())
    last_row = max(r for _, r in cells)
    rows = []
    for row in range(last_row + 1):
        cols = [c for c, r in cells if r == row]
        tokens = [cells.get((c, row), ".").ljust(width) for c in range(max(cols, default=0) + 1)]
        indent = " " * ((width + 1) // 2) if board.kind == "hex" and row % 2 else ""
        rows.append((indent + " ".join(tokens)).rstrip())
    return rows
