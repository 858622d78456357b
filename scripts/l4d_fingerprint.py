"""Fingerprints of Left 4 Dead games, to prove that a speed change changes no game.

For each game: every decision's seat, prompt and action ids (in order: a random agent picks by
index), the action chosen, every event's text and citation, and the outcome. Record them
before a change and check them after:

    python scripts/l4d_fingerprint.py record /tmp/l4d-before.json
    python scripts/l4d_fingerprint.py check /tmp/l4d-before.json

`--labels` also hashes every action's label (slow: labels are built only when read).
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

RANDOM = {"survivors": "random", "infected": "random"}
LINEUP = {"survivors": "heuristic", "infected": "director"}
# (name, agents, options, seeds): random play on the default chapter, and the default lineup
# over a few short chapters
PLANS: list[tuple[str, dict[str, str], dict[str, Any], range]] = [
    ("random", RANDOM, {}, range(1, 31)),
    ("lineup", LINEUP, {"max-rounds": 4}, range(1, 5)),
    ("random-expert", RANDOM, {"difficulty": "expert", "chapter": 3}, range(1, 6)),
]


def fingerprint(agents: dict[str, str], options: dict[str, Any], seed: int,
                labels: bool) -> dict[str, Any]:
    game = registry.load("left-4-dead", **options)
    state = game.new(seed=derive_seed(seed, 0))
    players = {seat: agent_maker(spec, game.id)(derive_seed(seed, 0, 1 + n))
               for n, (seat, spec) in enumerate(agents.items())}
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


def run(labels: bool) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, agents, options, seeds in PLANS:
        for seed in seeds:
            found[f"{name}/{seed}"] = fingerprint(agents, options, seed, labels)
            print(name, seed, found[f"{name}/{seed}"]["steps"], file=sys.stderr)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("mode", choices=("record", "check"))
    parser.add_argument("path", type=Path)
    parser.add_argument("--labels", action="store_true")
    args = parser.parse_args()
    found = run(args.labels)
    if args.mode == "record":
        args.path.write_text(json.dumps(found, indent=1, sort_keys=True))
        return 0
    expected = json.loads(args.path.read_text())
    differ = [key for key in expected if expected[key] != found.get(key)]
    for key in differ:
        print(f"DIFFERS {key}: expected {expected[key]}, found {found.get(key)}")
    print("identical" if not differ else f"{len(differ)} of {len(expected)} games differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
