"""Random hex maps with hills and water: for the geometry bench and property tests."""

from __future__ import annotations

import random

from deadtable.engine.board import hexes
from deadtable.engine.board.model import Board, SpaceSpec


def random_hex_board(cols: int, rows: int, seed: int = 1, top: int = 12,
                     water: float = 0.05) -> Board:
    """A cols × rows odd-r hex map: levels 0..`top` smoothed into hills (each level the mean
    of a random field over a hex and its neighbours), a fraction `water` of level-0 water."""
    pick = random.Random(seed)
    raw = {(c, r): pick.randint(0, top) for r in range(rows) for c in range(cols)}
    specs = []
    for (col, row), _ in sorted(raw.items(), key=lambda item: (item[0][1], item[0][0])):
        q, r = hexes.offset_to_axial(col, row)
        around = [raw.get(hexes.axial_to_offset(q + dq, r + dr)) for dq, dr in
                  hexes.HEX_DIRECTIONS]
        values = [raw[col, row], *(v for v in around if v is not None)]
        level = round(sum(values) / len(values))
        terrain = "grass"
        if pick.random() < water:
            terrain, level = "water", 0
        specs.append(SpaceSpec(f"{col},{row}", terrain, level, (q, r)))
    return Board("hex", specs, terrains={"g": "grass", "w": "water"},
                 meta={"name": f"random {cols}x{rows} (seed {seed})"})
