"""The game-agnostic board engine: hex, square and graph maps, their geometry and map files.

Imports no game. docs/maps.md describes the map format, the coordinates and the sight models.
"""

from deadtable.engine.board.compose import ComposeError, Placement, compose, rotate
from deadtable.engine.board.hsc import HscError, load_hsc
from deadtable.engine.board.lines import (
    OFF_MAP,
    Line,
    directions,
    distance,
    distances,
    line,
    ray,
    straight_lines,
    within,
)
from deadtable.engine.board.mapfile import MapError, dump_map, load_map, parse_map
from deadtable.engine.board.model import FEATURES, Board, Marker, SpaceSpec, Zone
from deadtable.engine.board.movement import Route, climbing_cost, distance_field, reach
from deadtable.engine.board.sight import SIGHT_BLOCKING, Sight, sees, sight, visible

__all__ = [
    "FEATURES",
    "OFF_MAP",
    "SIGHT_BLOCKING",
    "Board",
    "ComposeError",
    "HscError",
    "Line",
    "MapError",
    "Marker",
    "Placement",
    "Route",
    "Sight",
    "SpaceSpec",
    "Zone",
    "climbing_cost",
    "compose",
    "directions",
    "distance",
    "distances",
    "distance_field",
    "dump_map",
    "line",
    "load_hsc",
    "load_map",
    "parse_map",
    "ray",
    "reach",
    "rotate",
    "sees",
    "sight",
    "straight_lines",
    "visible",
    "within",
]
