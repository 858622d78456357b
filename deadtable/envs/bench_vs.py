"""`deadtable bench --vs openspiel`: the same work natively and through the OpenSpiel binding,
in one run, so the ratios compare like with like on this machine.

- Random games: `games` games each way, in ROUNDS alternating rounds (a rate is its best
  round's, as `deadtable bench` takes the best of repeats). Natively with the random agent
  (as `deadtable sim` plays); through pyspiel as an OpenSpiel user writes it (is_terminal,
  legal_actions, apply_action), choosing with the same kind of generator. Both play to
  the end.
- MCTS: the native MCTS agent and OpenSpiel's MCTSBot (RandomRolloutEvaluator, one rollout,
  no solver) each choose a move from the same positions with the same number of iterations
  (simulations); the rate is iterations per second.
- Clones: GameState.clone() against pyspiel's State.clone() of the same positions.

Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import time
from typing import Any

from deadtable import registry
from deadtable.agents.mcts import MCTSAgent
from deadtable.engine.dice import Dice, derive_seed
from deadtable.engine.state import GameState
from deadtable.sim.run import play_one

FRAMEWORKS = ("openspiel",)
MCTS_ITERATIONS = 100
MCTS_POSITIONS = 6
ROUNDS = 4  # random games alternate native and OpenSpiel rounds; each rate is its best round


def _positions(game_id: str, count: int, seed: int) -> list[GameState]:
    """States from the start and the middle of random games, each with a choice to make."""
    game = registry.load(game_id)
    pick = Dice(seed)
    found: list[GameState] = []
    index = 0
    while len(found) < count:
        state = game.new(seed=derive_seed(seed, 7, index))
        index += 1
        for _ in range(pick.below(12)):
            decision = state.decision
            if decision is None:
                break
            state.apply(decision.actions[pick.below(len(decision.actions))].id)
        decision = state.decision
        if decision is not None and len(decision.actions) > 1:
            found.append(state)
    return found


def _rate(count: float, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def bench_vs(game_id: str, vs: str = "openspiel", games: int = 200, seed: int = 1,
             mcts_iterations: int = MCTS_ITERATIONS,
             mcts_positions: int = MCTS_POSITIONS) -> dict[str, Any]:
    if vs not in FRAMEWORKS:
        raise ValueError(f"--vs {vs!r}: valid frameworks: {', '.join(FRAMEWORKS)}")
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from deadtable.envs import openspiel as binding

    game = registry.load(game_id)
    name = binding.register_game(game_id)
    spiel_game = pyspiel.load_game(name, {"rng_seed": seed})

    # -- random games, in alternating rounds so that a busy machine slows both alike ----------
    agents = dict.fromkeys(game.seats, "random")
    pick = Dice(derive_seed(seed, 2))
    per_round = [games // ROUNDS + (1 if r < games % ROUNDS else 0) for r in range(ROUNDS)]
    native_steps = spiel_steps = 0
    native_best = spiel_best = float("inf")  # seconds per game, the best round
    index = 0
    for count in filter(None, per_round):
        start = time.perf_counter()
        for i in range(index, index + count):
            native_steps += play_one(game, seed, agents, i).steps
        native_best = min(native_best, (time.perf_counter() - start) / count)
        index += count
        start = time.perf_counter()
        for _ in range(count):
            state = spiel_game.new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[pick.below(len(legal))])
                spiel_steps += 1
        spiel_best = min(spiel_best, (time.perf_counter() - start) / count)
    native_steps_per_game = native_steps / games
    spiel_steps_per_game = spiel_steps / games

    # -- MCTS from the same positions ------------------------------------------------------
    positions = _positions(game_id, mcts_positions, seed)
    agent = MCTSAgent(derive_seed(seed, 3), iterations=mcts_iterations)
    bot = mcts.MCTSBot(
        spiel_game, 1.4, mcts_iterations,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
        random_state=np.random.RandomState(seed + 1), solve=False,
    )
    spiel_positions = []
    for position in positions:
        wrapped = spiel_game.new_initial_state()
        wrapped.native_from(position)
        spiel_positions.append(wrapped)
    native_mcts = spiel_mcts = 0.0
    for position, wrapped in zip(positions, spiel_positions, strict=True):
        start = time.perf_counter()
        agent.act(position)
        native_mcts += time.perf_counter() - start
        start = time.perf_counter()
        bot.step(wrapped)
        spiel_mcts += time.perf_counter() - start

    # -- clones ----------------------------------------------------------------------------
    reps = 200
    start = time.perf_counter()
    for _ in range(reps):
        for position in positions:
            position.clone()
    native_clone = (time.perf_counter() - start) / (reps * len(positions))
    start = time.perf_counter()
    for _ in range(reps):
        for wrapped in spiel_positions:
            wrapped.clone()
    spiel_clone = (time.perf_counter() - start) / (reps * len(spiel_positions))

    iterations = mcts_iterations * len(positions)
    native = {"games_per_second": 1.0 / native_best,
              "steps_per_second": native_steps_per_game / native_best,
              "steps": native_steps}
    spiel = {"games_per_second": 1.0 / spiel_best,
             "steps_per_second": spiel_steps_per_game / spiel_best,
             "steps": spiel_steps}
    return {
        "game": game_id,
        "vs": vs,
        "openspiel_game": name,
        "games": games,
        "native": native,
        "openspiel": spiel,
        "games_ratio": native["games_per_second"] / spiel["games_per_second"],
        "steps_ratio": native["steps_per_second"] / spiel["steps_per_second"],
        "mcts": {
            "iterations": mcts_iterations,
            "positions": len(positions),
            "native_iterations_per_second": _rate(iterations, native_mcts),
            "openspiel_iterations_per_second": _rate(iterations, spiel_mcts),
            "ratio": spiel_mcts / native_mcts if native_mcts > 0 else float("inf"),
        },
        "clone": {
            "native_us": native_clone * 1e6,
            "openspiel_us": spiel_clone * 1e6,
            "ratio": spiel_clone / native_clone if native_clone > 0 else float("inf"),
        },
    }
