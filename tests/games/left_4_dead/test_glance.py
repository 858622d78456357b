"""A glance (Observation.glance, Left4DeadState.glance): the world a sample deals, shared with
the game it glances at, which the survivors' heuristic and the director only read."""

from __future__ import annotations

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.dice import Dice
from deadtable.games.left_4_dead.state import SURVIVORS


def test_a_glance_deals_the_world_a_sample_deals_and_leaves_the_dice_alike() -> None:
    state = registry.load("left-4-dead").new(seed=11)
    for seed in range(5):
        dice, twin = Dice(seed), Dice(seed)
        glanced = state.glance(SURVIVORS, dice)
        sampled = state.clone()
        sampled.determinize(SURVIVORS, twin)
        assert glanced.to_data() == sampled.to_data()
        assert glanced.pool.cards != state.pool.cards  # redealt (67 items: never in place)
        assert dice.state == twin.state


def test_a_glance_shares_the_figures_but_not_the_pool_or_the_dice() -> None:
    state = registry.load("left-4-dead").new(seed=12)
    glanced = state.glance(SURVIVORS, Dice(1))
    assert glanced.figures is state.figures
    assert glanced.pool is not state.pool and glanced.dice is not state.dice
    before = list(state.pool.cards)
    glanced.pool.cards.reverse()
    assert state.pool.cards == before


def test_the_agents_never_change_the_game_they_glance_at() -> None:
    """Every decision of a short chapter (the lineup, then the search's rollouts play the
    same agents): the game is the same before and after its agent chose."""
    game = registry.load("left-4-dead", **{"max-rounds": 3, "difficulty": "advanced"})
    state = game.new(seed=5)
    agents = {seat: agent_maker(spec, game.id)(n) for n, (seat, spec)
              in enumerate({"survivors": "heuristic", "infected": "director"}.items())}
    steps = 0
    while (decision := state.decision) is not None:
        before = state.to_data()
        action = agents[decision.seat].act(observe(state))
        assert state.to_data() == before, f"step {steps}: {decision.seat} changed the game"
        state.apply(action)
        steps += 1
    assert steps > 100
