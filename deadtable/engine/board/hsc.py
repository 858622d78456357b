"""Virtualscape `.hsc` maps: read them into a Board, and write them (for round-trip tests).

The format is the MFC serialisation Virtualscape writes (little-endian): a float64 file
version; CStrings name, author and player count; an int32 length and that many bytes of RTF
scenario text; five int32 print settings; an int32 tile count; then per tile: int32 type,
float64 tile version, int32 rotation (0-5), int32 x and y (odd-r offset), int32 z, a uint8
glyph letter, CStrings glyph name and start-zone name, 4 colour bytes (RGBA); "personal" tiles
(17xxx) add an int32 size and 4 CStrings, figures (18xxx) add 2 CStrings.

A tile is a **piece**: its type is terrain × 1000 + hex count, and its hexes come from the
shape template for that count, turned `rotation` × 60° clockwise about the anchor (x, y).
Templates (axial offsets from the anchor; designed, docs/maps.md):
  1: the anchor;  2: the anchor and its east neighbour;  3: the anchor, east, south-east
  (a triangle);  4: that triangle and the south-east neighbour of the east hex (a rhombus);
  5: five in a row eastward (the road's bridge);  6: rows of 3 (the anchor first) and 3 (its
  south-west neighbour first);  7: the anchor and its six neighbours;  24: rows of 4, 5, 6, 5,
  4 hexes, the anchor first in the top row. (The 4, 5 and 6 shapes are those of
  Dissolutio/heroscape-map-editor's tile templates: ice and glacier bases, the road bridge.)
A piece at level z fills levels up to z + 1: a hex's level is the highest covering piece's
z + 1 and its terrain that piece's. Glyphs become markers, start zones zones, figures are
skipped.

Obstacles (trees, brush, palms, outcrops, glaciers, the hive: OBSTACLES) stand on the ground
with a height of their own: each of their hexes becomes a column up to the obstacle's top
(z + height) with the obstacle's name as its terrain, so it blocks lines of sight below its
top and costs a climb no figure's Move pays, as the shipped maps build walls (designed,
docs/maps.md). Ruins, castle parts, road and Laur walls (pieces with open sides and floors
above the ground) and any other piece type are refused by name.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from deadtable.engine.board import hexes
from deadtable.engine.board.model import Board, SpaceSpec

FILE_VERSION = 0.0007
TILE_VERSION = 0.0003

TERRAIN_FAMILIES = {
    1: "grass", 2: "rock", 3: "sand", 4: "water", 5: "ice", 6: "lava", 7: "lava-field",
    8: "road", 9: "snow", 17: "personal", 19: "swamp-water", 20: "swamp", 21: "concrete",
    22: "asphalt", 25: "shadow", 26: "dungeon",
}
# Obstacle piece type -> (terrain, hex count of its template, height in levels). Codes and
# heights: NickOveracker/heroscape-map-editor src/data/pieceCodes.ts and pieces.ts (the big
# tree's 4 hexes, the 3-, 4- and 6-hex glaciers and the hive use the 3, 4 and 6 templates).
OBSTACLES: dict[int, tuple[str, int, int]] = {
    10011: ("tree", 1, 10), 10012: ("tree", 1, 11), 10013: ("tree", 1, 12),
    10004: ("tree", 4, 15),
    24002: ("brush", 1, 9), 24014: ("palm", 1, 14), 24015: ("palm", 1, 15),
    24016: ("palm", 1, 16),
    27001: ("outcrop", 1, 7), 27003: ("outcrop", 3, 9),
    13001: ("glacier", 1, 7), 13003: ("glacier", 3, 9), 13004: ("glacier", 4, 9),
    13006: ("glacier", 6, 17),
    23006: ("hive", 6, 17),
}
OBSTACLE_TERRAINS = frozenset(terrain for terrain, _, _ in OBSTACLES.values())
REFUSED = {11: "ruins", 12: "road wall", 16: "castle"}  # open sides, floors above the ground
GLYPH, START_ZONE, FIGURE = 14, 15, 18


def _template_24() -> tuple[hexes.Coord, ...]:
    rows = ((0, 4), (-1, 5), (-2, 6), (-2, 5), (-2, 4))  # (first q, count) for r = 0..4
    return tuple((q0 + i, r) for r, (q0, count) in enumerate(rows) for i in range(count))


TEMPLATES: dict[int, tuple[hexes.Coord, ...]] = {
    1: ((0, 0),),
    2: ((0, 0), (1, 0)),
    3: ((0, 0), (1, 0), (0, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: tuple((q, 0) for q in range(5)),
    6: ((0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1)),
    7: ((0, 0), *hexes.HEX_DIRECTIONS),
    24: _template_24(),
}


class HscError(ValueError):
    """A .hsc file that cannot be read, or holds a piece with no known shape."""


@dataclass(slots=True)
class Tile:
    """One piece record as stored."""

    type: int
    x: int
    y: int
    z: int
    rotation: int = 0
    glyph_letter: int = 0
    glyph_name: str = ""
    start_zone: str = ""
    colour: tuple[int, int, int, int] = (0, 0, 0, 0)
    personal: tuple[int, str, str, str, str] | None = None  # 17xxx: size and 4 strings
    figure: tuple[str, str] | None = None  # 18xxx: 2 strings


@dataclass(slots=True)
class HscMap:
    name: str = ""
    author: str = ""
    players: str = ""
    scenario: bytes = b""
    print_settings: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    tiles: list[Tile] = field(default_factory=list)
    version: float = FILE_VERSION


# -- reading ----------------------------------------------------------------------------------
class _Reader:
    def __init__(self, data: bytes, origin: str) -> None:
        self.data = data
        self.at = 0
        self.origin = origin

    def take(self, fmt: str) -> tuple:
        size = struct.calcsize(fmt)
        if self.at + size > len(self.data):
            raise HscError(f"{self.origin}: ends early at byte {self.at} (truncated file?)")
        values = struct.unpack_from(fmt, self.data, self.at)
        self.at += size
        return values

    def int(self) -> int:
        return int(self.take("<i")[0])

    def cstring(self) -> str:
        """An MFC CString: a byte length; 0xFF then a uint16; 0xFFFE there marks UTF-16 text
        and the length follows again; 0xFFFF then a uint32."""
        unicode = False
        length = self.take("<B")[0]
        if length == 0xFF:
            length = self.take("<H")[0]
            if length == 0xFFFE:
                unicode = True
                length = self.take("<B")[0]
                if length == 0xFF:
                    length = self.take("<H")[0]
            if length == 0xFFFF:
                length = self.take("<I")[0]
        size = length * 2 if unicode else length
        if self.at + size > len(self.data):
            raise HscError(f"{self.origin}: a string at byte {self.at} runs past the end")
        raw = self.data[self.at:self.at + size]
        self.at += size
        return raw.decode("utf-16-le" if unicode else "latin-1", errors="replace")


def read_hsc(data: bytes, origin: str = "<hsc>") -> HscMap:
    reader = _Reader(data, origin)
    (version,) = reader.take("<d")
    if not 0 < version < 1:
        raise HscError(f"{origin}: file version {version!r} is not a Virtualscape version "
                       "(0.0001 to 0.0007); is this a .hsc file?")
    found = HscMap(version=version)
    found.name, found.author, found.players = (reader.cstring() for _ in range(3))
    length = reader.int()
    if length < 0:
        raise HscError(f"{origin}: negative scenario length {length}")
    found.scenario = bytes(reader.take(f"<{length}s")[0])
    found.print_settings = reader.take("<5i")
    count = reader.int()
    if count < 0:
        raise HscError(f"{origin}: negative tile count {count}")
    for _ in range(count):
        kind, _tile_version, rotation, x, y, z, letter = reader.take("<idiiiiB")
        tile = Tile(kind, x, y, z, rotation, letter, reader.cstring(), reader.cstring())
        tile.colour = reader.take("<4B")
        if kind // 1000 == 17:
            size = reader.int()
            a, b, c, d = (reader.cstring() for _ in range(4))
            tile.personal = (size, a, b, c, d)
        elif kind // 1000 == FIGURE:
            tile.figure = (reader.cstring(), reader.cstring())
        found.tiles.append(tile)
    return found


def piece_hexes(tile: Tile, origin: str = "<hsc>") -> list[hexes.Coord]:
    """The axial hexes a piece covers."""
    count = OBSTACLES[tile.type][1] if tile.type in OBSTACLES else tile.type % 1000
    template = TEMPLATES.get(count)
    if template is None:
        raise HscError(f"{origin}: piece type {tile.type} ({tile.type % 1000} hexes) has no "
                       f"known shape; known hex counts: {', '.join(map(str, TEMPLATES))}")
    q, r = hexes.offset_to_axial(tile.x, tile.y)
    turned = (hexes.rotate_clockwise(o, tile.rotation) for o in template)
    return [(q + dq, r + dr) for dq, dr in turned]


def hsc_board(found: HscMap, origin: str = "<hsc>") -> Board:
    """The Board of a Virtualscape map (see the module docstring for the rules)."""
    top: dict[hexes.Coord, tuple[int, str]] = {}
    glyphs: list[tuple[hexes.Coord, Tile]] = []
    starts: dict[str, list[hexes.Coord]] = {}
    for tile in found.tiles:
        family = tile.type // 1000
        if family == FIGURE:
            continue
        if family == GLYPH:
            glyphs.append((hexes.offset_to_axial(tile.x, tile.y), tile))
            continue
        if family == START_ZONE:
            zone = tile.start_zone or "start-" + "-".join(map(str, tile.colour[:3]))
            starts.setdefault(zone, []).extend(piece_hexes(tile, origin))
            continue
        if tile.type in OBSTACLES:
            terrain, _, height = OBSTACLES[tile.type]
            level = tile.z + height
        else:
            terrain = _terrain(tile, origin)
            level = tile.z + 1
        for coord in piece_hexes(tile, origin):
            if coord not in top or top[coord][0] <= level:
                top[coord] = (level, terrain)
    if not top:
        raise HscError(f"{origin}: the map has no terrain pieces")
    # Shift to non-negative offset coordinates; rows only by an even number (keeps odd-r).
    offsets = {c: hexes.axial_to_offset(*c) for c in top}
    min_col = min(col for col, _ in offsets.values())
    min_row = min(row for _, row in offsets.values())
    min_row -= min_row % 2

    def shifted(c: hexes.Coord) -> hexes.Coord:
        col, row = hexes.axial_to_offset(*c)
        return hexes.offset_to_axial(col - min_col, row - min_row)

    def name_of(c: hexes.Coord) -> str:
        col, row = hexes.axial_to_offset(*shifted(c))
        return f"{col},{row}"

    specs = [SpaceSpec(name_of(c), terrain, level, shifted(c))
             for c, (level, terrain) in sorted(top.items(), key=lambda i: (i[0][1], i[0][0]))]
    zones = [(zone, "start", sorted({name_of(c) for c in cells if c in top}))
             for zone, cells in sorted(starts.items())]
    markers = [("glyph", name_of(c), {"letter": chr(t.glyph_letter), "name": t.glyph_name})
               for c, t in glyphs if c in top]
    letters = _letters(dict.fromkeys(s.terrain for s in specs))
    meta = {"name": found.name, "source": f"imported from Virtualscape {Path(origin).name}"
            + (f" by {found.author}" if found.author else "")}
    return Board("hex", specs, zones=zones, markers=markers, terrains=letters, meta=meta)


def _terrain(tile: Tile, origin: str) -> str:
    family = tile.type // 1000
    terrain = TERRAIN_FAMILIES.get(family)
    if terrain is not None:
        return terrain
    what = f"a {REFUSED[family]} piece, which this reader does not model" if family in REFUSED \
        else "not a piece this reader knows"
    raise HscError(f"{origin}: piece type {tile.type} (family {family}) is {what}; it reads "
                   "the terrain families " + ", ".join(f"{k}xxx {v}" for k, v in
                                                       TERRAIN_FAMILIES.items())
                   + " and the obstacles " + ", ".join(map(str, OBSTACLES)))


def _letters(terrains: Iterable[str]) -> dict[str, str]:
    letters: dict[str, str] = {}
    for terrain in terrains:
        for letter in (terrain[0], terrain[0].upper(), *"abcdefghijklmnopqrstuvwxyz"):
            if letter not in letters:
                letters[letter] = terrain
                break
    return letters


def load_hsc(path: str | Path) -> Board:
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise HscError(f"{path}: no such file") from None
    except OSError as error:
        raise HscError(f"{path}: cannot be read: {error}") from None
    return hsc_board(read_hsc(data, str(path)), str(path))


# -- writing ----------------------------------------------------------------------------------
def _cstring(text: str) -> bytes:
    """A CString as a Unicode MFC build writes it: 0xFF, 0xFFFE, then the length, UTF-16."""
    encoded = text.encode("utf-16-le")
    units = len(encoded) // 2
    if units < 0xFF:
        length = struct.pack("<B", units)
    elif units < 0xFFFE:
        length = struct.pack("<BH", 0xFF, units)
    else:
        length = struct.pack("<BHI", 0xFF, 0xFFFF, units)
    return struct.pack("<BH", 0xFF, 0xFFFE) + length + encoded


def write_hsc(found: HscMap) -> bytes:
    out = [struct.pack("<d", found.version)]
    out += [_cstring(found.name), _cstring(found.author), _cstring(found.players)]
    out.append(struct.pack("<i", len(found.scenario)) + found.scenario)
    out.append(struct.pack("<5i", *found.print_settings))
    out.append(struct.pack("<i", len(found.tiles)))
    for t in found.tiles:
        out.append(struct.pack("<idiiiiB", t.type, TILE_VERSION, t.rotation, t.x, t.y, t.z,
                               t.glyph_letter))
        out += [_cstring(t.glyph_name), _cstring(t.start_zone), struct.pack("<4B", *t.colour)]
        if t.type // 1000 == 17:
            size, *texts = t.personal or (0, "", "", "", "")
            out.append(struct.pack("<i", size))
            out += [_cstring(str(s)) for s in texts]
        elif t.type // 1000 == FIGURE:
            out += [_cstring(s) for s in (t.figure or ("", ""))]
    return b"".join(out)
