"""An agent that picks uniformly among the legal actions."""

from __future__ import annotations

from deadtable.agents.base import Observation
from deadtable.engine.decisions import Decision
from deadtable.engine.dice import Dice


class RandomAgent:
    # Its own dice, never the game's: drawing from the game's dice would change the game.
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)

    def act(self, obs: Observation) -> str:
        return self.pick(obs.decision)

    def pick(self, decision: Decision) -> str:
        """The choice from the decision alone (Agent.pick): a loop that plays it makes no
        Observation. The ids alone (actions are built lazily), as dice.choice(decision.ids)
        picks."""
        return decision.random_id(self.dice)
