"""Fingerprints of a board game's games, to prove that a speed change changes no game.

For each game: every decision's seat, prompt and action ids (in order: a random agent picks by
index), the action chosen, every event's text, citation and audience, and the outcome. Record
them before a change and check them after:

    python scripts/fingerprint.py left-4-dead record /tmp/l4d-before.json
    python scripts/fingerprint.py left-4-dead check /tmp/l4d-before.json

Left 4 Dead: random play on the default chapter, the default lineup over a few short
chapters, random play at expert, the survivors' search (`mcts`) against the director over
three short chapters (`--only mcts`: those alone). Psycho Raiders: random games of 2, 5 and
13 seats, random games with an event every turn and the Fog Dial, heuristic games.
`--labels` also hashes every action's label (slow: labels are built only when read);
`--only NAME` plays only the plans whose name starts so (a check then compares only those).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.dice import derive_seed

L4D_RANDOM = {"survivors": "random", "infected": "random"}
L4D_LINEUP = {"survivors": "heuristic", "infected": "director"}
L4D_SEARCH = {"survivors": "mcts", "infected": "director"}  # the search's defaults
# per game: (name, agent for every seat or an agent per seat, options, seeds)
PLANS: dict[str, list[tuple[str, str | dict[str, str], dict[str, Any], range]]] = {
    "left-4-dead": [
        ("random", L4D_RANDOM, {}, range(1, 31)),
        ("lineup", L4D_LINEUP, {"max-rounds": 4}, range(1, 5)),
        ("random-expert", L4D_RANDOM, {"difficulty": "expert", "chapter": 3}, range(1, 6)),
        # every choice of the survivors' search (some 400 steps a game, 30 s of CPU in all)
        ("mcts", L4D_SEARCH, {"difficulty": "advanced", "max-rounds": 6}, range(1, 4)),
    ],
    "psycho-raiders": [
        ("random-2", "random", {}, range(1, 21)),
        ("random-5", "random", {"players": 5}, range(1, 6)),
        ("random-13", "random", {"players": 13}, range(1, 4)),
        ("random-fog", "random", {"events": "every-turn", "fog-dial": "on"}, range(1, 9)),
        ("heuristic-2", "heuristic", {}, range(1, 5)),
        ("heuristic-5", "heuristic", {"players": 5}, range(1, 3)),
    ],
}


def fingerprint(game_id: str, agents: str | dict[str, str], options: dict[str, Any],
                seed: int, labels: bool) -> dict[str, Any]:
    game = registry.load(game_id, **options)
    state = game.new(seed=derive_seed(seed, 0))
    specs = agents if isinstance(agents, dict) else dict.fromkeys(game.seats, agents)
    players = {seat: agent_maker(spec, game.id)(derive_seed(seed, 0, 1 + n))
               for n, (seat, spec) in enumerate(specs.items())}
    digest = hashlib.sha256()
    chosen: list[str] = []
    while (decision := state.decision) is not None:
        digest.update(f"{decision.seat}|{decision.prompt}|".encode())
        digest.update("|".join(decision.ids).encode())
        if labels:
            digest.update("|".join(a.label for a in decision.actions).encode())
        action = players[decision.seat].act(observe(state))
        chosen.append(action)
        state.apply(action)
    for event in state.log:
        digest.update(f"{event.text}|{event.cite}|{event.seats}\n".encode())
    assert state.outcome is not None
    return {"steps": len(chosen), "actions": hashlib.sha256("\n".join(chosen).encode()).hexdigest(),
            "decisions_and_log": digest.hexdigest(), "outcome": state.outcome.to_data()}


def run(game_id: str, labels: bool, only: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, agents, options, seeds in PLANS[game_id]:
        if only and not name.startswith(only):
            continue
        for seed in seeds:
            found[f"{name}/{seed}"] = fingerprint(game_id, agents, options, seed, labels)
            print(name, seed, found[f"{name}/{seed}"]["steps"], file=sys.stderr)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(PLANS))
    parser.add_argument("mode", choices=("record", "check"))
    parser.add_argument("path", type=Path)
    parser.add_argument("--labels", action="store_true")
    parser.add_argument("--only", default="", help="only the plans whose name starts so")
    args = parser.parse_args()
    found = run(args.game, args.labels, args.only)
    if args.mode == "record":
        args.path.write_text(json.dumps(found, indent=1, sort_keys=True))
        return 0
    expected = json.loads(args.path.read_text())
    if args.only:
        expected = {k: v for k, v in expected.items() if k in found}
    differ = [key for key in expected if expected[key] != found.get(key)]
    for key in differ:
        print(f"DIFFERS {key}: expected {expected[key]}, found {found.get(key)}")
    print("identical" if not differ else f"{len(differ)} of {len(expected)} games differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
