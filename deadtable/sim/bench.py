"""`deadtable bench`: how fast a game plays, clones and saves, measured on this machine.

Speed is measured here, never asserted in tests. Each figure is the best of a few repeats, so
a busy machine inflates it less.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from deadtable import registry
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState
from deadtable.sim.run import play_one

REPEATS = 3


def _best(run: Callable[[], Any], number: int) -> float:
    """Seconds per call, the best of REPEATS runs of `number` calls."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(number):
            run()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def _mean(values: Iterable[float]) -> float:
    listed = list(values)
    return sum(listed) / len(listed)


def _sample_states(game_id: str, count: int, seed: int) -> list[GameState]:
    """States from the middle of random games: what a search clones."""
    game = registry.load(game_id)
    pick = Dice(seed)
    states = []
    for i in range(count):
        state = game.new(seed=seed + i)
        while state.decision is not None and pick.below(4):
            decision = state.decision
            state.apply(decision.actions[pick.below(len(decision.actions))].id)
        states.append(state)
    return states


def bench(game_id: str, games: int = 500, seed: int = 1) -> dict[str, Any]:
    game = registry.load(game_id)
    agents = {seat: "random" for seat in game.seats}
    steps = 0
    start = time.perf_counter()
    for index in range(games):
        steps += play_one(game, seed, agents, index).steps
    seconds = time.perf_counter() - start
    states = _sample_states(game_id, 20, seed)
    clone = _mean(_best(s.clone, 200) for s in states)
    deep = _mean(_best(partial(copy.deepcopy, s), 5) for s in states)
    dump = _mean(_best(s.to_json, 50) for s in states)
    load = _mean(_best(partial(game.from_json, s.to_json()), 50) for s in states)
    return {
        "game": game_id,
        "games": games,
        "games_per_second": games / seconds,
        "steps_per_second": steps / seconds,
        "clone_us": clone * 1e6,
        "deepcopy_us": deep * 1e6,
        "clone_speedup": deep / clone,
        "to_json_us": dump * 1e6,
        "from_json_us": load * 1e6,
    }
