"""Shared by the study scripts: every action of a decision played on the same sampled worlds."""

from __future__ import annotations

import copy

from deadtable.agents import Agent, Observation, observe
from deadtable.engine.dice import Dice


def paired_wins(obs: Observation, player: Agent, dice: Dice, worlds: int,
                sync: bool = False, actions: list[str] | None = None) -> dict[str, list[float]]:
    """For each legal action (or each of `actions`), 1.0 or 0.0 per world: did `player`
    (copied afresh for every rollout, as it was before this decision) win after playing that
    action first? Every action sees the same worlds; `sync` synchronises each world's dice
    (mcts `sync=true`)."""
    wins: dict[str, list[float]] = {a: [] for a in actions or obs.decision.ids}
    for _ in range(worlds):
        world = obs.sample(dice)
        if sync:
            world.dice.synchronise()
        for action in wins:
            sim = world.clone()
            rollout = copy.deepcopy(player)
            sim.apply(action)
            while sim.decision is not None:
                sim.apply(rollout.act(observe(sim)))
            assert sim.outcome is not None
            wins[action].append(float(sim.outcome.results[obs.seat] == "win"))
    return wins
