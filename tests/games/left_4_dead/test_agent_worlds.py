"""The worlds the agents sample: a sample keeps the live decision."""

from __future__ import annotations

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.dice import Dice, derive_seed
from deadtable.games.left_4_dead.state import Left4DeadState

LINEUP = {"survivors": "heuristic", "infected": "director"}


def test_a_sample_keeps_the_live_decision() -> None:
    """Neither the item pool's order nor the future rolls change what may be done now, so a
    sampled world keeps the live game's decision instead of listing it again: at every
    decision of two short chapters it is the one the sample's own rules would list."""
    game = registry.load("left-4-dead", **{"max-rounds": 2})
    dice = Dice(7)
    compared = 0
    for seed in (1, 2):
        state = game.new(seed=derive_seed(seed, 0))
        agents = {seat: agent_maker(spec, game.id)(derive_seed(seed, 0, n + 1))
                  for n, (seat, spec) in enumerate(LINEUP.items())}
        while (decision := state.decision) is not None:
            obs = observe(state)
            world = obs.sample(dice)
            assert world.decision is decision
            assert isinstance(world, Left4DeadState)
            listed = world._decide()  # what the sample's rules list afresh
            assert (listed.seat, listed.prompt, listed.ids) == \
                (decision.seat, decision.prompt, decision.ids)
            compared += 1
            state.apply(agents[decision.seat].act(obs))
    assert compared > 200
