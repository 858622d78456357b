"""What the board geometry costs on this machine (`deadtable bench --json`, key "geometry";
`deadtable map bench`). Measured, never asserted.

On random hex maps of about 150, 600 and 2400 hexes (levels 0-12 smoothed into hills, 5%
water): `sight` between figures of height 5 at distance 2-12 (with the line cache warm, as in a
game that asks about the same pairs again, and cold); `line`; `reach` for Move 5 with
HeroScape climbing (height 5), water stops and min_step=1; `distance_field` from 4 sources, by
breadth-first search and with climbing costs. Each figure is µs of CPU time per call, the
best of a few repeats over a fixed sample of queries. `python_loop_ns` (one turn of an
empty Python loop) calibrates them: a slower machine raises it and every figure with it.
Where the compiled geometry is built (query.py), the same queries in data form answered in C
(`*_compiled_us`, the same answers: checked here) and the ratio to the Python (`*_speedup`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from deadtable.engine.board import query
from deadtable.engine.board.generate import random_hex_board
from deadtable.engine.board.lines import distance, line
from deadtable.engine.board.model import Board
from deadtable.engine.board.movement import climbing_cost, distance_field, reach
from deadtable.engine.board.sight import sees, sight

SIZES = ((13, 12), (26, 24), (52, 46))  # 156, 624 and 2392 hexes
REPEATS = 5


def _best_us(run: Callable[[], object], calls: int, repeats: int = REPEATS) -> float:
    """µs per query: the best of `repeats` runs of `run`, which makes `calls` queries. Timed
    in this process's CPU time, so that other processes sharing the cores inflate it less
    than wall time (a loaded 2-core machine can give a process under half of a core)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
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

    standing = {pick.randrange(board.size): 5 for _ in range(board.size // 20)}

    def sees_warm() -> None:
        for a, b in pairs:
            sees(board, a, b, height_a=5, height_b=5, figures=standing)

    def sees_cold() -> None:
        board._sight.clear()
        sees_warm()

    def lines() -> None:
        board._lines.clear()
        for a, b in pairs:
            line(board, a, b)

    def moves() -> None:
        for s in starts:
            reach(board, s, 5, cost, stops=stops, min_step=1)

    def fields_bfs() -> None:
        for group in sources:
            distance_field(board, group)

    def fields_climbing() -> None:
        for group in sources:
            distance_field(board, group, cost)

    sights()  # warm the line cache
    clear = sum(sight(board, a, b, height_a=5, height_b=5).clear for a, b in pairs)
    reached = sum(len(reach(board, s, 5, cost, stops=stops)) for s in starts) / len(starts)
    figures = {
        "hexes": board.size,
        "sight_us": _best_us(sights, len(pairs)),
        "sight_cold_us": _best_us(sights_cold, len(pairs)),
        "sight_clear_fraction": clear / len(pairs),
        # sight's yes or no, with a figure on one space in 20: from what the board keeps of
        # each line (warm), and working it out first (cold)
        "sees_us": _best_us(sees_warm, len(pairs)),
        "sees_cold_us": _best_us(sees_cold, len(pairs)),
        "line_us": _best_us(lines, len(pairs)),
        "reach_move5_us": _best_us(moves, len(starts)),
        "reach_move5_spaces": reached,
        "distance_field_bfs_us": _best_us(fields_bfs, len(sources)),
        "distance_field_climbing_us": _best_us(fields_climbing, len(sources)),
    }
    if query.compiled():
        figures.update(_compiled(board, starts, sources, figures))
    return figures


def _compiled(board: Board, starts: list[int], sources: list[list[int]],
              python: dict[str, Any]) -> dict[str, Any]:
    """The reach and distance field figures again, compiled (query.py)."""
    water = bytes(query.STOPS if t == "water" else 0 for t in board.terrain)
    moves = [query.MoveQuery(s, 5, 5, water) for s in starts]
    climbing = [query.FieldQuery(group, 5) for group in sources]
    bfs = [query.FieldQuery(group) for group in sources]
    for q in moves[:10]:
        assert query.reach_compiled(board, q) == query.python_reach(board, q)
    for f in climbing[:2] + bfs[:2]:
        assert query.distance_field_compiled(board, f) == query.python_distance_field(board, f)
    found = {
        "reach_move5_compiled_us": _best_us(
            lambda: [query.reach_compiled(board, q) for q in moves], len(moves)),
        "distance_field_bfs_compiled_us": _best_us(
            lambda: [query.distance_field_compiled(board, f) for f in bfs], len(bfs)),
        "distance_field_climbing_compiled_us": _best_us(
            lambda: [query.distance_field_compiled(board, f) for f in climbing], len(climbing)),
    }
    for key in ("reach_move5", "distance_field_bfs", "distance_field_climbing"):
        found[f"{key}_speedup"] = python[f"{key}_us"] / found[f"{key}_compiled_us"]
    return found


def _loop_ns() -> float:
    def spin() -> None:
        for _ in range(100_000):
            pass

    return _best_us(spin, 100_000) * 1e3


def geometry_bench(seed: int = 1) -> list[dict[str, Any]]:
    """The figures above for each map size."""
    loop = _loop_ns()
    return [{**measure(random_hex_board(cols, rows, seed), seed), "python_loop_ns": loop}
            for cols, rows in SIZES]
