"""How much do synchronised dice (mcts `sync=true`) steady the paired comparisons of a search?

Plays the heuristic's own games and, at every `--every`-th decision with 2 to 12 legal actions,
plays each action in the same N sampled worlds twice: with the worlds' dice as dealt, and
synchronised. For each challenger against the heuristic's own choice it takes the variance of
the paired win differences (what sets how many worlds a race needs), and prints, per way:
the mean variance, the share of comparisons where the actions never differed, and the mean
absolute difference found.

    python scripts/sync_variance.py chainsaw-warrior --games 1 --worlds 30 -o difficulty=easy
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics

from paired_worlds import paired_wins  # scripts/, beside this file

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.dice import Dice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--first", type=int, default=100, help="seed of the first game")
    parser.add_argument("--worlds", type=int, default=60, help="paired worlds per decision")
    parser.add_argument("--every", type=int, default=3, help="study every n-th decision")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V")
    args = parser.parse_args()
    game = registry.load(args.game, **dict(pair.split("=", 1) for pair in args.option))
    make = agent_maker("heuristic", args.game)
    variances: dict[bool, list[float]] = {False: [], True: []}
    gains: dict[bool, list[float]] = {False: [], True: []}
    for seed in range(args.first, args.first + args.games):
        state = game.new(seed=seed)
        agent = make(seed)
        step = 0
        while state.decision is not None:
            obs = observe(state)
            ids = obs.decision.ids
            before = copy.deepcopy(agent)
            choice = agent.act(obs)
            if 1 < len(ids) <= 12 and step % args.every == 0:
                for sync in (False, True):
                    wins = paired_wins(obs, before, Dice(7 + step), args.worlds, sync)
                    for action in ids:
                        if action != choice:
                            diffs = [a - b for a, b in zip(wins[action], wins[choice],
                                                           strict=True)]
                            variances[sync].append(statistics.pvariance(diffs))
                            gains[sync].append(abs(sum(diffs)) / len(diffs))
            step += 1
            state.apply(choice)
    for sync in (False, True):
        print(json.dumps({
            "dice": "synchronised" if sync else "as dealt",
            "comparisons": len(variances[sync]),
            "mean_variance": round(statistics.mean(variances[sync]), 4),
            "never_differed": round(sum(v == 0 for v in variances[sync])
                                    / len(variances[sync]), 3),
            "mean_abs_difference": round(statistics.mean(gains[sync]), 4),
        }))


if __name__ == "__main__":
    main()
