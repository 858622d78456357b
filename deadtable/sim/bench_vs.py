"""`deadtable bench --vs openspiel`: the same work natively and through the OpenSpiel binding,
in one run, so the ratios compare like with like on this machine.

- Every rate is in CPU seconds of this process (time.process_time), and the two sides
  alternate (random games in ROUNDS rounds, MCTS position by position, clones repetition by
  repetition), so a busy machine disturbs the ratios less than the rates.
- Random games: `games` games each way. Natively with the random agent
  (as `deadtable sim` plays: in the game's kernel, engine/kernel.py, where it has one);
  through pyspiel as an OpenSpiel user writes it (is_terminal, legal_actions, apply_action),
  choosing with the same kind of generator; the binding steps the same kernel. Both play to
  the end. With a kernel, `native_python_rules` also gives the Python rules' own rate.
- MCTS: the native MCTS agent and OpenSpiel's MCTSBot (RandomRolloutEvaluator, one rollout,
  no solver) each choose a move from the same positions with the same number of iterations
  (simulations); the rate is iterations per second.
- Clones: the native clone (KernelGame.clone() where the game has a kernel, which the native
  search clones, else GameState.clone(); both are reported) against pyspiel's State.clone()
  of the same positions.

Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import time
from typing import Any

from deadtable import registry
from deadtable.agents import observe
from deadtable.agents.mcts import MCTSAgent
from deadtable.engine.dice import Dice, derive_seed
from deadtable.sim.bench import positions as sim_positions
from deadtable.sim.run import play_one

FRAMEWORKS = ("openspiel", "gym", "pettingzoo")
MCTS_ITERATIONS = 100
MCTS_POSITIONS = 6
ROUNDS = 10  # random games alternate native and OpenSpiel rounds
clock = time.process_time  # CPU time of this process: other load on the machine counts less


def _rate(count: float, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def bench_vs(game_id: str, vs: str = "openspiel", games: int = 200, seed: int = 1,
             mcts_iterations: int = MCTS_ITERATIONS,
             mcts_positions: int = MCTS_POSITIONS) -> dict[str, Any]:
    if vs not in FRAMEWORKS:
        raise ValueError(f"--vs {vs!r}: valid frameworks: {', '.join(FRAMEWORKS)}")
    if vs == "gym":
        from deadtable.sim.bench_gym import bench_gym

        return bench_gym(game_id, games, seed)
    if vs == "pettingzoo":
        from deadtable.sim.bench_gym import bench_aec

        return bench_aec(game_id, games, seed)
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
    native_seconds = spiel_seconds = 0.0
    index = 0
    for count in filter(None, per_round):
        start = clock()
        for i in range(index, index + count):
            native_steps += play_one(game, seed, agents, i).steps
        native_seconds += clock() - start
        index += count
        start = clock()
        for _ in range(count):
            state = spiel_game.new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[pick.below(len(legal))])
                spiel_steps += 1
        spiel_seconds += clock() - start

    # -- the Python rules' own random games, where a kernel played the native ones above ------
    python_rules: dict[str, Any] | None = None
    if game.kernel is not None:
        python = game.python_rules()
        slow = max(1, games // 5)
        start = clock()
        slow_steps = sum(play_one(python, seed, agents, i).steps for i in range(slow))
        seconds = clock() - start
        python_rules = {"games_per_second": _rate(slow, seconds),
                        "steps_per_second": _rate(slow_steps, seconds), "games": slow}

    # -- MCTS from the same positions ------------------------------------------------------
    positions = sim_positions(game, mcts_positions, seed)
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
        start = clock()
        agent.act(observe(position))
        native_mcts += clock() - start
        start = clock()
        bot.step(wrapped)
        spiel_mcts += clock() - start

    # -- clones ----------------------------------------------------------------------------
    reps = 300
    native_clone = spiel_clone = 0.0
    for _ in range(reps):
        start = clock()
        for position in positions:
            position.clone()
        native_clone += clock() - start
        start = clock()
        for wrapped in spiel_positions:
            wrapped.clone()
        spiel_clone += clock() - start
    native_clone /= reps * len(positions)
    spiel_clone /= reps * len(positions)
    kernel_clone: float | None = None
    if game.kernel is not None:  # what the kernel's own search and the binding clone
        loaded = [game.kernel.load(position) for position in positions]
        start = clock()
        for _ in range(reps):
            for fast in loaded:
                fast.clone()
        kernel_clone = (clock() - start) / (reps * len(loaded))

    iterations = mcts_iterations * len(positions)
    native = {"games_per_second": _rate(games, native_seconds),
              "steps_per_second": _rate(native_steps, native_seconds),
              "steps": native_steps, "cpu_seconds": native_seconds}
    spiel = {"games_per_second": _rate(games, spiel_seconds),
             "steps_per_second": _rate(spiel_steps, spiel_seconds),
             "steps": spiel_steps, "cpu_seconds": spiel_seconds}
    return {
        "game": game_id,
        "vs": vs,
        "openspiel_game": name,
        "games": games,
        "kernel": game.kernel is not None,
        "native": native,
        "openspiel": spiel,
        "native_python_rules": python_rules,
        "games_ratio": native["games_per_second"] / spiel["games_per_second"],
        "steps_ratio": native["steps_per_second"] / spiel["steps_per_second"],
        # What the binding adds to each decision: the hosted path is the native engine plus
        # this, so the ratio is 1 + binding_us_per_step / native_us_per_step.
        "native_us_per_step": 1e6 / native["steps_per_second"],
        "binding_us_per_step": 1e6 / spiel["steps_per_second"] - 1e6 / native["steps_per_second"],
        "mcts": {
            "iterations": mcts_iterations,
            "positions": len(positions),
            "native_iterations_per_second": _rate(iterations, native_mcts),
            "openspiel_iterations_per_second": _rate(iterations, spiel_mcts),
            "ratio": spiel_mcts / native_mcts if native_mcts > 0 else float("inf"),
        },
        "clone": {  # native: the clone the native search uses (the kernel's, if any)
            "native_us": (kernel_clone if kernel_clone is not None else native_clone) * 1e6,
            "python_us": native_clone * 1e6,
            "kernel_us": None if kernel_clone is None else kernel_clone * 1e6,
            "openspiel_us": spiel_clone * 1e6,
            "ratio": _rate(spiel_clone, kernel_clone if kernel_clone is not None
                           else native_clone),
        },
    }
