"""How fast One Against the Dead's heuristic chooses in the kernel (agent.c), against the
Python HeuristicAgent.

    .venv/bin/python scripts/oatd_heuristic_speed.py --games 300 --reps 20

Plays `--games` whole heuristic games (seeds 0..games-1, default options) in Python, timing
`agent.act(observe(state))` alone and with `state.apply`; then the same games `--reps` times
with the kernel's `play_out("heuristic", agent.kernel_memory(), ...)` (choice and apply in C)
and, for scale, the kernel's random `rollout` from the same starts. Checks that the kernel
played as many decisions as the Python. Never run by the tests.
"""

from __future__ import annotations

import argparse
import time

import deadtable
from deadtable.agents import observe
from deadtable.games.one_against_the_dead.agent import HeuristicAgent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()

    game = deadtable.load("one-against-the-dead")
    kernel = game.kernel
    if kernel is None:
        raise SystemExit("the kernel is not built (pip install -e . with a C compiler)")
    act = loop = 0.0
    decisions = 0
    for seed in range(args.games):
        state, agent = game.new(seed=seed), HeuristicAgent(seed)
        while state.decision is not None:
            t0 = time.perf_counter()
            chosen = agent.act(observe(state))
            t1 = time.perf_counter()
            state.apply(chosen)
            act += t1 - t0
            loop += time.perf_counter() - t0
            decisions += 1
    print(f"python heuristic: {decisions} decisions; act {1e6 * act / decisions:.2f} µs, "
          f"act + apply {1e6 * loop / decisions:.2f} µs a decision")

    starts = [kernel.new(seed) for seed in range(args.games)]
    memories = [HeuristicAgent(seed).kernel_memory() for seed in range(args.games)]
    t0 = time.perf_counter()
    for _ in range(args.reps):
        for g in starts:
            g.clone()
    clone = time.perf_counter() - t0
    steps = 0
    t0 = time.perf_counter()
    for _ in range(args.reps):
        for g, memory in zip(starts, memories, strict=True):
            steps += g.clone().play_out("heuristic", memory, 10**9)
    played = time.perf_counter() - t0 - clone
    if steps != decisions * args.reps:
        raise SystemExit(f"the kernel played {steps} decisions, the Python {decisions} a rep")
    print(f"kernel heuristic (play_out): {steps} decisions; choice + apply "
          f"{1e6 * played / steps:.3f} µs a decision, {1e6 * played / args.reps / args.games:.2f}"
          f" µs a game")
    steps = 0
    t0 = time.perf_counter()
    for _ in range(args.reps):
        for seed, g in enumerate(starts):
            steps += g.clone().rollout(seed, 10**9)[0]
    rolled = time.perf_counter() - t0 - clone
    print(f"kernel random (rollout): {steps} actions; choice + apply "
          f"{1e6 * rolled / steps:.3f} µs an action")


if __name__ == "__main__":
    main()
