"""An RL encoding for the two-seat race test game (tests/sim/race_game.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deadtable.engine.game import Game
from deadtable.envs.encodings import Encoding


class RaceEncoding(Encoding):
    """Actions: walk, roll. Observation: my square / target, then each other seat's in seat
    order, then target / 1000."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, ["walk", "roll"], [
            ("me", 1, "my square / target"),
            ("others", len(game.seats) - 1, "each other seat's square / target"),
            ("target", 1, "target / 1000")])

    def encode_into(self, view: dict[str, Any], out: np.ndarray) -> None:
        target = view["target"]
        me = view["seat"]
        out[0] = min(1.0, view["positions"][me] / target)
        others = [s for s in self.game.seats if s != me]
        for i, seat in enumerate(others):
            out[1 + i] = min(1.0, view["positions"][seat] / target)
        out[self.offsets["target"]] = target / 1000.0

    def max_game_length(self) -> int:
        return int(self.game.options["target"]) * len(self.game.seats)


def make_race_encoding(game: Game) -> Encoding:
    return RaceEncoding(game)
