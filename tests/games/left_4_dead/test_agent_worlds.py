"""The worlds the agents sample: a sample keeps the live decision, and the director's
look-ahead plays every action in the same few worlds and picks the one that hurts most."""

from __future__ import annotations

from typing import Any

import pytest

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.dice import Dice, derive_seed
from deadtable.games.left_4_dead import agent_director
from deadtable.games.left_4_dead.agent import DirectorAgent
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.positions import infected, place_team, turn

LINEUP = {"survivors": "heuristic", "infected": "director"}


def tank_before_two(lane: Left4DeadState) -> Left4DeadState:
    """A Tank's attack with Bill unhurt and Francis one wound from incapacitated beside it:
    attacking Francis downs him (an Incapped Marker and a figure down: 9 harm in every world,
    his 4 wounds cleared), attacking Bill wounds him (6 or 7 with Francis's 4), ending does
    nothing (4). Bill comes first in the actions, so only the look-ahead picks Francis."""
    place_team(lane, bill="4,2", francis="5,3", louis="0,2", zoey="0,3")
    lane.figures["francis"].wounds = 4
    tank = infected(lane, "tank", "5,2")
    tank.acted = True
    turn(lane, SpecialTurn(tank.id, step="attack"), "infected")
    assert lane.decision is not None
    assert lane.decision.ids == ["attack:bill", "attack:francis", "end"]
    return lane


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_look_ahead_picks_the_action_that_hurts_most(lane: Left4DeadState,
                                                          seed: int) -> None:
    state = tank_before_two(lane)
    assert DirectorAgent(seed).act(observe(state)) == "attack:francis"


def test_every_action_is_played_in_the_same_sampled_worlds(
        lane: Left4DeadState, monkeypatch: pytest.MonkeyPatch) -> None:
    state = tank_before_two(lane)
    dealt: list[Dice] = []
    played: dict[str, list[tuple[list[str], Dice]]] = {}
    determinize = Left4DeadState.determinize
    scored = agent_director.harm

    def counted(self: Left4DeadState, seat: str, dice: Dice) -> None:
        determinize(self, seat, dice)
        dealt.append(self.dice.clone())

    def seen(world: Any) -> float:
        # the world's item pool as dealt, and its dice before the action's rolls
        played.setdefault(world.history[-1], []).append((list(world.pool.cards), world.dice))
        return scored(world)

    monkeypatch.setattr(Left4DeadState, "determinize", counted)
    monkeypatch.setattr(agent_director, "harm", seen)
    agent = DirectorAgent(5)
    agent.look_ahead(observe(state), state.decision.ids)
    assert len(dealt) == agent.worlds == 3  # once per decision, not once per action
    pools = {action: [pool for pool, _ in worlds] for action, worlds in played.items()}
    assert list(pools) == ["attack:bill", "attack:francis", "end"]
    assert pools["attack:bill"] == pools["attack:francis"] == pools["end"]
    assert len({tuple(pool) for pool in pools["end"]}) == 3  # three different worlds
    # "end" rolls nothing: its worlds' dice are those dealt, untouched
    assert [dice for _, dice in played["end"]] == dealt


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
