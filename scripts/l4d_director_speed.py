"""How fast Left 4 Dead's director decides: its decisions a second, those of its one-step
look-ahead alone, and whole chapters a second, over chapters of the game's lineup (the
survivors' heuristic against the director), CPU time.

    python scripts/l4d_director_speed.py --games 20 --seed 1

Run it from one tree and then another (PYTHONPATH=...) to compare them: it times the
director's `act` and `look_ahead` from outside, so it measures any version that has them.
The chapters are those of `deadtable bench` (play_one, the seed's first games); a director
that decides otherwise plays other chapters, so compare rates, not totals.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from deadtable import registry
from deadtable.games.left_4_dead.agent_director import DirectorAgent
from deadtable.sim.run import play_one


class Timer:
    """CPU seconds and calls of one method, counted while it is wrapped."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0
        self.depth = 0  # act calls look_ahead: count the outer call's time only once

    def wrap(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            self.depth += 1
            start = time.process_time()
            try:
                return method(*args, **kwargs)
            finally:
                self.depth -= 1
                if self.depth == 0:
                    self.seconds += time.process_time() - start
                    self.calls += 1
        return timed


def measure(games: int, seed: int) -> dict[str, Any]:
    game = registry.load("left-4-dead")
    lineup = dict(game.spec.lineup)
    act, ahead = Timer(), Timer()
    DirectorAgent.act = act.wrap(DirectorAgent.act)  # type: ignore[method-assign]
    DirectorAgent.look_ahead = ahead.wrap(DirectorAgent.look_ahead)  # type: ignore[method-assign]
    steps = 0
    start = time.process_time()
    for index in range(games):
        steps += play_one(game, seed, lineup, index).steps
    seconds = time.process_time() - start
    return {
        "chapters": games, "chapters_per_second": games / seconds,
        "steps_per_second": steps / seconds,
        "director_decisions": act.calls,
        "director_decisions_per_second": act.calls / act.seconds,
        "director_share_of_cpu": act.seconds / seconds,
        "look_aheads": ahead.calls,
        "look_aheads_per_second": ahead.calls / ahead.seconds if ahead.calls else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="chapters to play")
    parser.add_argument("--seed", type=int, default=1, help="the batch's seed")
    args = parser.parse_args()
    print(json.dumps(measure(args.games, args.seed), indent=2))


if __name__ == "__main__":
    main()
