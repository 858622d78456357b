"""Where does a game's heuristic lose win probability? A study for agent designers.

Plays the heuristic's own games and, at every decision with more than one legal action,
estimates each action's win probability in N paired worlds (the same determinization and
the same rollout seed for every action, the heuristic playing on from there), printing one
JSON line per decision: the heuristic's choice, the best action found, the estimated gain of
switching and its standard error. Slow by design (N whole rollouts per action per decision).

    python scripts/heuristic_regret.py one-against-the-dead --games 6 --first 2 --worlds 100
    python scripts/heuristic_regret.py chainsaw-warrior -o difficulty=easy --games 2 --sync
"""

from __future__ import annotations

import argparse
import copy
import json
import math

from paired_worlds import paired_wins  # scripts/, beside this file

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.dice import Dice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--first", type=int, default=1, help="seed of the first game")
    parser.add_argument("--worlds", type=int, default=100, help="paired worlds per decision")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V")
    parser.add_argument("--sync", action="store_true",
                        help="synchronise each world's dice (as mcts sync=true does)")
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    game = registry.load(args.game, **options)
    make = agent_maker("heuristic", args.game)
    for seed in range(args.first, args.first + args.games):
        state = game.new(seed=seed)
        agent = make(1000 + seed)
        dice = Dice(77 + seed)
        while state.decision is not None:
            obs = observe(state)
            ids = obs.decision.ids
            before = copy.deepcopy(agent)  # the heuristic as it was, for every rollout
            choice = agent.act(obs)
            if len(ids) > 1:
                wins = paired_wins(obs, before, dice, args.worlds, sync=args.sync)
                best = max(ids, key=lambda a: sum(wins[a]))
                diffs = [b - c for b, c in zip(wins[best], wins[choice], strict=True)]
                gain = sum(diffs) / len(diffs)
                sd = math.sqrt(sum((d - gain) ** 2 for d in diffs) / (len(diffs) - 1))
                print(json.dumps({
                    "seed": seed, "step": len(state.history), "prompt": obs.decision.prompt,
                    "choice": choice, "best": best, "gain": gain,
                    "se": sd / math.sqrt(len(diffs)),
                    "win": {a: sum(v) / len(v) for a, v in wins.items()},
                }), flush=True)
            state.apply(choice)
        assert state.outcome is not None
        print(json.dumps({"seed": seed, "results": state.outcome.results}), flush=True)


if __name__ == "__main__":
    main()
