"""What an agent's memory is worth: one agent kept for a whole game against a fresh agent for
every move, on the same seeds.

A fresh agent per move is what the web server did before agents/seating.py (it forgot, for
instance, where One Against the Dead's heuristic had walked). Prints both win counts, the
seeds won by one only, the difference with its Newcombe interval and McNemar's exact p, as
one JSON line.

    python scripts/agent_memory.py one-against-the-dead heuristic -n 2000
"""

from __future__ import annotations

import argparse
import json

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.dice import derive_seed
from deadtable.engine.game import Game
from deadtable.sim.stats import mcnemar, newcombe_paired


def won(game: Game, agent: str, batch_seed: int, index: int, fresh: bool) -> bool:
    """Game `index` of the batch (its seat 0 played by `agent`), won or not."""
    make = agent_maker(agent, game.id)
    state = game.new(seed=derive_seed(batch_seed, index))
    kept = make(derive_seed(state.seed, 1))
    while state.decision is not None:
        player = make(derive_seed(state.seed, 1, len(state.history))) if fresh else kept
        state.apply(player.act(observe(state)))
    assert state.outcome is not None
    return state.outcome.results[game.seats[0]] == "win"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("agent", help="an agent spec for the game's first seat (solo games)")
    parser.add_argument("-n", "--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="the batch seed")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V")
    args = parser.parse_args()
    game = registry.load(args.game, **dict(p.split("=", 1) for p in args.option))
    kept = [won(game, args.agent, args.seed, i, False) for i in range(args.games)]
    fresh = [won(game, args.agent, args.seed, i, True) for i in range(args.games)]
    pairs = list(zip(kept, fresh, strict=True))
    only_kept = sum(a and not b for a, b in pairs)
    only_fresh = sum(b and not a for a, b in pairs)
    both = sum(a and b for a, b in pairs)
    low, high = newcombe_paired(both, only_kept, only_fresh,
                                args.games - both - only_kept - only_fresh)
    print(json.dumps({
        "game": game.id, "agent": args.agent, "games": args.games,
        "wins_kept": sum(kept), "wins_fresh": sum(fresh),
        "only_kept": only_kept, "only_fresh": only_fresh,
        "difference": (sum(kept) - sum(fresh)) / args.games, "ci95": [low, high],
        "mcnemar_p": mcnemar(only_kept, only_fresh)[0],
    }))


if __name__ == "__main__":
    main()
