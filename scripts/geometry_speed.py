"""Random games of a board game per second with the compiled geometry on and off
(engine/board/query.py), in one process: `python scripts/geometry_speed.py [GAME] [GAMES]`
(default left-4-dead, 5 games, seed 1). CPU time beside wall time: on a shared machine the
wall clock says more about the neighbours than about the code."""

from __future__ import annotations

import json
import sys
import time

from deadtable import registry
from deadtable.engine.board import query
from deadtable.sim.run import play_one


def rate(game_id: str, games: int, seed: int, compiled: bool) -> dict[str, float]:
    was = query.use_compiled(compiled)
    try:
        game = registry.load(game_id)
        agents = dict.fromkeys(game.seats, "random")
        steps = 0
        wall, cpu = time.perf_counter(), time.process_time()
        for index in range(games):
            steps += play_one(game, seed, agents, index).steps
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        query.use_compiled(was)
    return {"compiled": compiled and query._geometry is not None, "games": games,
            "steps": steps, "wall_s": wall, "cpu_s": cpu, "games_per_cpu_second": games / cpu,
            "games_per_second": games / wall}


def main(args: list[str]) -> None:
    game_id = args[0] if args else "left-4-dead"
    games = int(args[1]) if len(args) > 1 else 5
    for compiled in (False, True):
        print(json.dumps(rate(game_id, games, 1, compiled)))


if __name__ == "__main__":
    main(sys.argv[1:])
