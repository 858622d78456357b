"""Random games whose infected prefer their powers: every power action is offered with its
verb and arguments, no decision explodes into combinations, and the games play to the end."""

from __future__ import annotations

import json
import random

from deadtable.games.left_4_dead import SPEC

POWERS = {"vomit", "charge", "pummel", "pounce", "latch", "tongue", "acid", "rock"}


def test_power_hungry_games_play_to_the_end() -> None:
    used: set[str] = set()
    for seed, chapter in ((3, 2),):
        game = SPEC.bind(chapter=chapter, difficulty="advanced", **{"wandering-witch": "d20"})
        state = game.new(seed=seed)
        pick = random.Random(seed)
        steps = 0
        while state.outcome is None and steps < 6000:
            decision = state.decision
            if decision is None:
                break
            assert len(decision.actions) < 400
            powers = [a for a in decision.actions if a.id.split(":")[0] in POWERS]
            for action in powers:
                assert action.args is not None and action.args["verb"] == action.id.split(":")[0]
            chosen = pick.choice(powers) if powers and pick.random() < 0.8 else \
                pick.choice(decision.actions)
            used.add(chosen.id.split(":")[0])
            state.apply(chosen.id)
            steps += 1
        assert state.outcome is not None
        again = game.from_json(json.dumps(state.to_data()))
        assert again.outcome == state.outcome
    assert len(used & POWERS) >= 3, used
