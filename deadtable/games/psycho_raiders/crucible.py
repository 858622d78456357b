"""Crucible (data/maps/crucible.toml), or a user's own map of the same shape, read with the
engine's map loader and checked for what the Psycho Raiders rules need from a map."""

from __future__ import annotations

from collections import deque
from pathlib import Path

from deadtable.engine.board import Board, MapError, load_map
from deadtable.engine.datafile import DataError

CRUCIBLE = Path(__file__).parent / "data" / "maps" / "crucible.toml"
# 17: the vehicles' and the Gravedigger's start hexes as the rulebook names them.
START_HEXES = ("V", "P", "Fx", "SV", "T", "G")
OPENINGS = ("door", "window", "passage")


def load_crucible(path: str | Path | None = None) -> Board:
    """The map, checked: start zones, the north edge, rooms in buildings and reachable from
    outdoors, wall strengths, locks only on doors, sharp turns on the road."""
    origin = str(path or CRUCIBLE)
    try:
        board = load_map(path or CRUCIBLE)
    except MapError as error:
        raise DataError(str(error)) from None
    check_map(board, origin)
    return board


def rooms(board: Board) -> list[int]:
    """The location spaces: spaces off the grid (4.12)."""
    return [s for s in range(board.size) if board.coords[s] is None]


def check_map(board: Board, origin: str) -> None:
    if board.kind != "hex":
        raise DataError(f"{origin}: map.kind: {board.kind!r} should be hex (4.11)")
    for name in START_HEXES:
        zone = board.zones.get(name)
        if zone is None or zone.kind != "start":
            raise DataError(f"{origin}: zone {name!r}: missing; 17 places a start on the {name} "
                            "hex (a zone of kind 'start')")
        if any(board.coords[s] is None for s in zone.spaces):
            raise DataError(f"{origin}: zone {name!r}: should be hexes, not rooms")
    if not any(z.kind == "exit" for z in board.zones.values()):
        raise DataError(f"{origin}: zone: no zone of kind 'exit'; characters leave by the north "
                        "edge (6.1)")
    in_building = {s for z in board.zones.values() if z.kind == "building" for s in z.spaces}
    for room in rooms(board):
        if room not in in_building:
            raise DataError(f"{origin}: space {board.name(room)!r}: a room in no zone of kind "
                            "'building'")
    for (a, b), feature in board.features.items():
        if board.coords[a] is not None and board.coords[b] is not None:
            continue
        props = board.edge(a, b)
        where = f"{origin}: edge between {board.name(a)} and {board.name(b)}"
        strength = props.get("strength")
        if feature != "passage" and (not isinstance(strength, int) or strength < 1):
            raise DataError(f"{where}: strength {strength!r} should be a whole number, 1 or "
                            "more (the building's strength, 15.5)")
        if "locked" in props and (feature != "door" or not isinstance(props["locked"], bool)):
            raise DataError(f"{where}: locked: only a door starts locked or not (true/false); "
                            "every window starts locked (11.1)")
    unreached = _unreached_rooms(board)
    if unreached:
        raise DataError(f"{origin}: space {board.name(unreached[0])!r}: no door, window or "
                        "passage leads to it from outdoors")
    for marker in board.markers_of("sharp-turn"):
        if board.terrain[marker.space] != "road":
            raise DataError(f"{origin}: marker sharp-turn at {board.name(marker.space)}: should "
                            "be on a road hex (10.2)")


def _unreached_rooms(board: Board) -> list[int]:
    """Rooms no chain of doors, windows and passages joins to a hex (locks ignored: every
    lock can be broken, 11.1)."""
    seen = {s for s in range(board.size) if board.coords[s] is not None}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if there not in seen and board.feature(here, there) in OPENINGS:
                seen.add(there)
                queue.append(there)
    return [r for r in rooms(board) if r not in seen]
