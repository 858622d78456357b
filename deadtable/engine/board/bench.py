"""What the board geometry costs on this machine (`deadtable bench --json`, key "geometry";
`deadtable map bench`). Measured, never asserted.

On random hex maps of about 150, 600 and 2400 hexes (levels 0-12 smoothed into hills, 5%
water): `sight` between figures of height 5 at distance 2-12 (with the line cache warm, as in a
game that asks about the same pairs again, and cold); `line`; `reach` for Move 5 with
HeroScape climbing (height 5) and water stops; `distance_field` from 4 sources, by
breadth-first search and with climbing costs. Each figure is µs per call, the best of a few
repeats over a fixed sample of queries.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from deadtable.engine.board.generate import random_hex_board
from deadtable.engine.board.lines import distance, line
from deadtable.engine.board.model import Board
from deadtable.engine.board.movement import climbing_cost, distance_field, reach
from deadtable.engine.board.sight import sight

SIZES = ((13, 12), (26, 24), (52, 46))  # 156, 624 and 2392 hexes
REPEATS = 3


def _best_us(run: Callable[[], object], calls: int, repeats: int = REPEATS) -> float:
    """µs per query: the best of `repeats` runs of `run`, which makes `calls` queries."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def _pairs(board: Board, pick: random.Random, count: int) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    while len(found) < count:
        a, b = pick.randrange(board.size), pick.randrange(board.size)
        if 2 <= (distance(board, a, b) or 0) <= 12:
            found.append((a, b))
    return found


def measure(board: Board, seed: int = 1) -> dict[str, Any]:
    pick = random.Random(seed)
    pairs = _pairs(board, pick, 300)
    starts = [pick.randrange(board.size) for _ in range(100)]
    sources = [[pick.randrange(board.size) for _ in range(4)] for _ in range(5)]
    cost = climbing_cost(board, 5)
    water = board.terrain

    def stops(space: int) -> bool:
        return water[space] == "water"

    def sights() -> None:
        for a, b in pairs:
            sight(board, a, b, height_a=5, height_b=5)

    def sights_cold() -> None:
        board._lines.clear()
        sights()

    def lines() -> None:
        board._lines.clear()
        for a, b in pairs:
            line(board, a, b)

    def moves() -> None:
        for s in starts:
            reach(board, s, 5, cost, stops=stops)

    def fields_bfs() -> None:
        for group in sources:
            distance_field(board, group)

    def fields_climbing() -> None:
        for group in sources:
            distance_field(board, group, cost)

    sights()  # warm the line cache
    clear = sum(sight(board, a, b, height_a=5, height_b=5).clear for a, b in pairs)
    reached = sum(len(reach(board, s, 5, cost, stops=stops)) for s in starts) / len(starts)
    return {
        "hexes": board.size,
        "sight_us": _best_us(sights, len(pairs)),
        "sight_cold_us": _best_us(sights_cold, len(pairs)),
        "sight_clear_fraction": clear / len(pairs),
        "line_us": _best_us(lines, len(pairs)),
        "reach_move5_us": _best_us(moves, len(starts)),
        "reach_move5_spaces": reached,
        "distance_field_bfs_us": _best_us(fields_bfs, len(sources)),
        "distance_field_climbing_us": _best_us(fields_climbing, len(sources)),
    }


def geometry_bench(seed: int = 1) -> list[dict[str, Any]]:
    """The figures above for each map size."""
    return [measure(random_hex_board(cols, rows, seed), seed) for cols, rows in SIZES]
