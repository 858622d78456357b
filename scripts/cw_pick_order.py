"""Chainsaw Warrior: what is one card worth in the heuristic's Kitting Out II order?

Plays the heuristic as it is and the heuristic with CARD moved to PLACE in its list of picks
(0: first) on the same seeds, their dice synchronised (as `deadtable compare --sync-dice`),
and prints both win counts, the seeds won by one only, the difference with its Newcombe
interval and McNemar's exact p, as one JSON line.

    python scripts/cw_pick_order.py rope-and-launcher 3 -o difficulty=easy -n 1000
"""

from __future__ import annotations

import argparse
import json

from deadtable import registry
from deadtable.games.chainsaw_warrior import agent as heuristic
from deadtable.sim.run import play_one
from deadtable.sim.stats import mcnemar, newcombe_paired


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("card", help="a card's id, e.g. rope-and-launcher")
    parser.add_argument("place", type=int, help="its place in the picks (0: first)")
    parser.add_argument("-n", "--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="the batch seed")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V")
    args = parser.parse_args()
    game = registry.load("chainsaw-warrior", **dict(p.split("=", 1) for p in args.option))
    original = heuristic.PICKS
    rest = [card for card in original if card != args.card]
    moved = (*rest[:args.place], args.card, *rest[args.place:])
    won = {}
    for name, picks in (("as it is", original), ("moved", moved)):
        heuristic.PICKS = picks  # the agent reads its order at each pick
        won[name] = [play_one(game, args.seed, {"warrior": "heuristic"}, i, sync_dice=True)
                     .label == "win" for i in range(args.games)]
    heuristic.PICKS = original
    pairs = list(zip(won["moved"], won["as it is"], strict=True))
    both, only_moved, only_base = (sum(p == k for p in pairs)
                                   for k in ((True, True), (True, False), (False, True)))
    low, high = newcombe_paired(both, only_moved, only_base,
                                args.games - both - only_moved - only_base)
    print(json.dumps({
        "card": args.card, "place": args.place, "picks": moved, "games": args.games,
        "wins_moved": sum(won["moved"]), "wins_as_it_is": sum(won["as it is"]),
        "only_moved": only_moved, "only_as_it_is": only_base,
        "difference": (sum(won["moved"]) - sum(won["as it is"])) / args.games,
        "ci95": [round(low, 4), round(high, 4)], "mcnemar_p": mcnemar(only_moved, only_base)[0],
    }))


if __name__ == "__main__":
    main()
