"""How fast One Against the Dead's kernel plays random games, against the Python rules.

    .venv/bin/python scripts/oatd_kernel_speed.py --games 20000

Plays `--games` random games with the kernel's `play_random` and a tenth as many with
`sim.run.play_one` on the Python rules (DEADTABLE_KERNEL=0), the same games (seed 1), and
prints games per second and nanoseconds per decision for each. Never run by the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import deadtable
from deadtable.engine.dice import derive_seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--python-share", type=float, default=0.1,
                        help="the Python rules play this share of --games")
    args = parser.parse_args()

    kernel = deadtable.load("one-against-the-dead").kernel
    if kernel is None:
        raise SystemExit("the kernel is not built (pip install -e . with a C compiler)")
    start, decisions = time.perf_counter(), 0
    for index in range(args.games):
        played = kernel.play_random(derive_seed(args.seed, index),
                                    [derive_seed(args.seed, index, 1)], 100_000)
        assert played is not None
        decisions += played[1]
    kernel_time = time.perf_counter() - start

    os.environ["DEADTABLE_KERNEL"] = "0"
    from deadtable.sim.run import play_one

    game = deadtable.load("one-against-the-dead")
    python_games = max(1, int(args.games * args.python_share))
    start, python_decisions = time.perf_counter(), 0
    for index in range(python_games):
        python_decisions += play_one(game, args.seed, {"player": "random"}, index).steps
    python_time = time.perf_counter() - start

    kernel_rate, python_rate = args.games / kernel_time, python_games / python_time
    print(json.dumps({
        "kernel": {"games": args.games, "seconds": round(kernel_time, 3),
                   "games_per_second": round(kernel_rate),
                   "ns_per_decision": round(kernel_time / decisions * 1e9)},
        "python": {"games": python_games, "seconds": round(python_time, 3),
                   "games_per_second": round(python_rate),
                   "ns_per_decision": round(python_time / python_decisions * 1e9)},
        "speed_up": round(kernel_rate / python_rate),
    }, indent=1))


if __name__ == "__main__":
    main()
