"""An agent that picks uniformly among the legal actions."""

from __future__ import annotations

from deadtable.agents.base import decision_of
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState


class RandomAgent:
    # Its own dice, never the game's: drawing from the game's dice would change the game.
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)

    def act(self, state: GameState) -> str:
        return self.dice.choice(decision_of(state).actions).id
