"""Fingerprints of Psycho Raiders games, to prove that a speed change changes no game.

For each game: every decision's seat, prompt and action ids (in order: a random agent picks by
index), the action chosen, every event's text, citation and audience, and the outcome. Random
games of 2, 5 and 13 seats, random games with an event every turn and the Fog Dial, and
heuristic games. Record them before a change and check them after:

    python scripts/pr_fingerprint.py record /tmp/pr-before.json
    python scripts/pr_fingerprint.py check /tmp/pr-before.json

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

# (name, agent for every seat, options, seeds)
PLANS: list[tuple[str, str, dict[str, Any], range]] = [
    ("random-2", "random", {}, range(1, 21)),
    ("random-5", "random", {"players": 5}, range(1, 6)),
    ("random-13", "random", {"players": 13}, range(1, 4)),
    ("random-fog", "random", {"events": "every-turn", "fog-dial": "on"}, range(1, 9)),
    ("heuristic-2", "heuristic", {}, range(1, 5)),
    ("heuristic-5", "heuristic", {"players": 5}, range(1, 3)),
]


def fingerprint(agent: str, options: dict[str, Any], seed: int,
                labels: bool) -> dict[str, Any]:
    game = registry.load("psycho-raiders", **options)
    state = game.new(seed=derive_seed(seed, 0))
    players = {seat: agent_maker(agent, game.id)(derive_seed(seed, 0, 1 + n))
               for n, seat in enumerate(game.seats)}
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


def run(labels: bool, only: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, agent, options, seeds in PLANS:
        if only and not name.startswith(only):
            continue
        for seed in seeds:
            found[f"{name}/{seed}"] = fingerprint(agent, options, seed, labels)
            print(name, seed, found[f"{name}/{seed}"]["steps"], file=sys.stderr)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("mode", choices=("record", "check"))
    parser.add_argument("path", type=Path)
    parser.add_argument("--labels", action="store_true")
    parser.add_argument("--only", default="", help="only the plans whose name starts so")
    args = parser.parse_args()
    found = run(args.labels, args.only)
    if args.mode == "record":
        args.path.write_text(json.dumps(found, indent=1, sort_keys=True))
        return 0
    expected = {k: v for k, v in json.loads(args.path.read_text()).items() if k in found}
    differ = [key for key in expected if expected[key] != found.get(key)]
    for key in differ:
        print(f"DIFFERS {key}: expected {expected[key]}, found {found.get(key)}")
    print("identical" if not differ else f"{len(differ)} of {len(expected)} games differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
