"""`deadtable bench --vs gym`: a Gymnasium step of a game's env against CartPole's, in one run.

The deadtable env (`gymnasium.make`, so with Gymnasium's default wrappers, as a user gets it;
for a game with several seats, its one free seat with the game's default agents playing the
others inside the step, e.g. Left 4 Dead's survivors against the director) over the game's
kernel and compiled encoder where they are built, the same env with the Python rules
(`kernel=False`; only where there is a kernel to compare with), and CartPole-v1, each
stepping `action_space.sample()` (a legal action for deadtable) and resetting when an
episode ends, in alternating rounds of CPU time (time.process_time), so that a busy machine
slows them alike. Speed is measured here, never
asserted in tests."""

from __future__ import annotations

import time
from typing import Any

ROUNDS = 10
PYTHON_SHARE = 5  # the Python rules take this many times fewer steps (they are slower)
clock = time.process_time


def _steps(env: Any, steps: int) -> float:
    """CPU seconds for `steps` steps of random (legal) actions."""
    start = clock()
    for _ in range(steps):
        _, _, terminated, truncated, _ = env.step(env.action_space.sample())
        if terminated or truncated:
            env.reset()
    return clock() - start


def bench_gym(game_id: str, games: int = 500, seed: int = 1) -> dict[str, Any]:
    """`games` sets the work: 40 steps a game (a One Against the Dead game takes about 40;
    a board game's step, with the other seats' agents playing within it, costs far more)."""
    import gymnasium

    import deadtable.envs
    from deadtable import registry

    env_id = deadtable.envs.gym_id(game_id)
    if env_id not in gymnasium.registry:  # a game given an encoding after the import
        deadtable.envs.register_gym_envs()
    if env_id not in gymnasium.registry:
        seats = registry.load(game_id).seats
        raise LookupError(f"--vs gym: {game_id} has no Gymnasium env: its seats "
                          f"({', '.join(seats)}) leave no one seat free of a default agent")
    game = registry.load(game_id)
    envs = {"gym": gymnasium.make(env_id)}
    if game.kernel is not None:
        envs["gym_python_rules"] = gymnasium.make(env_id, kernel=False)
    envs["cartpole"] = gymnasium.make("CartPole-v1")
    for i, env in enumerate(envs.values()):
        env.reset(seed=seed + i)
        env.action_space.seed(seed + i)
    steps = max(ROUNDS, games * 40)
    per_round = {name: max(1, steps // ROUNDS // (PYTHON_SHARE if "python" in name else 1))
                 for name in envs}
    seconds = dict.fromkeys(envs, 0.0)
    for _ in range(ROUNDS):
        for name, env in envs.items():
            seconds[name] += _steps(env, per_round[name])
    rates = {name: per_round[name] * ROUNDS / max(seconds[name], 1e-9) for name in envs}
    return {
        "game": game_id, "vs": "gym", "env": env_id, "seed": seed,
        "kernel": bool(getattr(envs["gym"].unwrapped, "fast", False)),
        **{name: {"steps": per_round[name] * ROUNDS, "steps_per_second": rates[name]}
           for name in envs},
        "ratio_to_cartpole": rates["gym"] / rates["cartpole"],
        "kernel_speedup": (rates["gym"] / rates["gym_python_rules"]
                           if "gym_python_rules" in rates else None),
    }
