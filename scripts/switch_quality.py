"""When the mcts agent leaves its rollout agent's choice, is the action it takes really better?

Plays the given mcts agent's own games; at every decision where it chooses otherwise than its
rollout agent (the heuristic) would, it plays both actions in N fresh paired worlds (their dice
synchronised, drawn from the study's own generator, so independent of the search's worlds)
and prints one JSON line: the two actions, the estimated gain of the switch and its standard
error. A search that switches on noise shows gains centred near or below zero. Then a summary.

    python scripts/switch_quality.py chainsaw-warrior -o difficulty=easy --games 4 \\
        --agent mcts:iterations=64,batch=8,rollout=heuristic,paired=true,margin=2,\\
    tolerance=0.05,sync=true,widest=12   (one argument: no spaces in the spec)
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import statistics

from paired_worlds import paired_wins  # scripts/, beside this file

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.agents.mcts import MCTSAgent
from deadtable.engine.dice import Dice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--agent", required=True, help="an mcts spec with an agent rollout")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--first", type=int, default=1, help="seed of the first game")
    parser.add_argument("--worlds", type=int, default=200, help="fresh paired worlds per switch")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V")
    args = parser.parse_args()
    game = registry.load(args.game, **dict(pair.split("=", 1) for pair in args.option))
    make = agent_maker(args.agent, args.game)
    gains: list[float] = []
    for seed in range(args.first, args.first + args.games):
        state = game.new(seed=seed)
        agent = make(1000 + seed)
        assert isinstance(agent, MCTSAgent) and agent.rollout != "random", "an mcts agent " \
            "with an agent rollout (rollout=heuristic)"
        dice = Dice(99 + seed)
        while state.decision is not None:
            obs = observe(state)
            choice = agent.act(obs)
            preferred = agent.last_preferred
            if preferred is not None and choice != preferred:
                assert agent._snapshot is not None  # the rollout agent as it was
                wins = paired_wins(obs, copy.deepcopy(agent._snapshot), dice, args.worlds,
                                   sync=True, actions=[choice, preferred])
                diffs = [a - b for a, b in zip(wins[choice], wins[preferred], strict=True)]
                gain = statistics.mean(diffs)
                gains.append(gain)
                print(json.dumps({
                    "seed": seed, "step": len(state.history), "question": obs.decision.prompt,
                    "preferred": preferred, "chosen": choice, "gain": round(gain, 4),
                    "se": round(statistics.stdev(diffs) / math.sqrt(len(diffs)), 4),
                    "search_worlds": agent.last_iterations}), flush=True)
            state.apply(choice)
        assert state.outcome is not None
        print(json.dumps({"seed": seed, "results": state.outcome.results}), flush=True)
    if gains:
        print(json.dumps({"switches": len(gains), "mean_gain": round(statistics.mean(gains), 4),
                          "below_zero": sum(g < 0 for g in gains),
                          "above_zero": sum(g > 0 for g in gains)}))


if __name__ == "__main__":
    main()
