"""How well Left 4 Dead's director's one-step look-ahead picks: its 3 worlds shared by every
action (common random numbers, as it plays) against 3 fresh worlds for each action (as it
played before 2026-12-05), on the look-ahead's own positions.

    python scripts/l4d_look_ahead_regret.py --chapters 40 --truth 400 --repeats 40

The positions are those the director weighed in the seed's lineup chapters (the survivors'
heuristic against it). Each action's expected harm (agent_director.harm after the action) is
taken over `--truth` worlds; each way decides every position `--repeats` times on its own
dice. Printed: how often each picks the most harmful action, its mean regret (the harm it
leaves, against the best action's), and the paired difference with its standard error over
the positions where the actions' harms differ.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from typing import Any

from deadtable import registry
from deadtable.agents.base import Observation
from deadtable.engine.dice import Dice
from deadtable.games.left_4_dead.agent_director import LOOKAHEAD_WORLDS, DirectorAgent, harm
from deadtable.games.left_4_dead.state import Left4DeadState
from deadtable.sim.run import play_one

Position = tuple[Left4DeadState, list[str]]
INFECTED = "infected"


def positions(chapters: int, seed: int) -> list[Position]:
    """Every position the director's look-ahead weighed in `chapters` lineup chapters."""
    found: list[Position] = []
    weigh = DirectorAgent.look_ahead

    def kept(self: DirectorAgent, obs: Observation, ids: list[str]) -> str:
        world = obs.sample(Dice(0))  # the position itself: only the dice and pool redealt
        assert isinstance(world, Left4DeadState)
        found.append((world, list(ids)))
        return weigh(self, obs, ids)

    DirectorAgent.look_ahead = kept  # type: ignore[method-assign]
    try:
        game = registry.load("left-4-dead")
        for index in range(chapters):
            play_one(game, seed, dict(game.spec.lineup), index)
    finally:
        DirectorAgent.look_ahead = weigh  # type: ignore[method-assign]
    return found


def sample(state: Left4DeadState, dice: Dice) -> Left4DeadState:
    world = state.clone()
    world.determinize(INFECTED, dice)
    assert isinstance(world, Left4DeadState)
    return world


def played(world: Left4DeadState, action: str) -> float:
    copy = world.clone()
    copy.apply(action)
    return harm(copy)


def first_best(scores: dict[str, float]) -> str:
    return max(scores, key=lambda a: scores[a])  # the first of equals, as the director


def shared(state: Left4DeadState, ids: list[str], dice: Dice) -> str:
    worlds = [sample(state, dice) for _ in range(LOOKAHEAD_WORLDS)]
    return first_best({a: sum(played(w, a) for w in worlds) for a in ids})


def fresh(state: Left4DeadState, ids: list[str], dice: Dice) -> str:
    return first_best({a: sum(played(sample(state, dice), a) for _ in range(LOOKAHEAD_WORLDS))
                       for a in ids})


WAYS: dict[str, Callable[[Left4DeadState, list[str], Dice], str]] = {
    "shared": shared, "fresh": fresh}


def measure(chapters: int, seed: int, truth: int, repeats: int) -> dict[str, Any]:
    found = positions(chapters, seed)
    regret = {name: 0.0 for name in WAYS}
    best = {name: 0 for name in WAYS}
    gains: list[float] = []  # per position: fresh's mean regret less shared's
    for n, (state, ids) in enumerate(found):
        dice = Dice(1000 + n)
        worlds = [sample(state, dice) for _ in range(truth)]
        expected = {a: sum(played(w, a) for w in worlds) / truth for a in ids}
        top = max(expected.values())
        if min(expected.values()) == top:
            continue  # every action alike: nothing to get wrong
        here = {}
        for name, way in WAYS.items():
            lost = [top - expected[way(state, ids, Dice(7919 * n + r))] for r in range(repeats)]
            regret[name] += sum(lost) / repeats
            best[name] += sum(1 for x in lost if x == 0)
            here[name] = sum(lost) / repeats
        gains.append(here["fresh"] - here["shared"])
    count = len(gains)
    mean = sum(gains) / count if count else 0.0
    spread = (math.sqrt(sum((g - mean) ** 2 for g in gains) / (count - 1) / count)
              if count > 1 else 0.0)
    return {
        "positions": len(found), "contested": count, "truth_worlds": truth, "repeats": repeats,
        **{name: {"best_picked": best[name] / max(1, count * repeats),
                  "mean_regret": regret[name] / max(1, count)} for name in WAYS},
        "regret_fresh_less_shared": mean, "standard_error": spread,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chapters", type=int, default=40, help="lineup chapters to play")
    parser.add_argument("--seed", type=int, default=11, help="the chapters' batch seed")
    parser.add_argument("--truth", type=int, default=400, help="worlds for the expected harm")
    parser.add_argument("--repeats", type=int, default=40, help="decisions a position and way")
    args = parser.parse_args()
    print(json.dumps(measure(args.chapters, args.seed, args.truth, args.repeats), indent=1))


if __name__ == "__main__":
    main()
