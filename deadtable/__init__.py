"""deadtable: zombie tabletop games, played faithfully, by people, agents and simulations.

    import deadtable
    deadtable.games()
    game = deadtable.load("one-against-the-dead", row=8)
    state = game.new(seed=7)
    while state.decision:
        state.apply(state.decision.actions[0].id)
    print(state.outcome)
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

from deadtable.engine.decisions import Action, Decision, GameOver, IllegalAction
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import BadOption
from deadtable.engine.replay import Replay, ReplayMismatch
from deadtable.engine.state import GameState, Outcome
from deadtable.registry import UnknownGame, game_ids, load

__version__ = "0.1.0"


def _catalogue() -> list[dict[str, Any]]:
    out = []
    for game_id in game_ids():
        game = load(game_id)
        out.append(
            {
                "id": game.id,
                "name": game.spec.name,
                "version": game.version,
                "seats": list(game.seats),
                "sides": {side: list(seats) for side, seats in game.sides.items()},
                "summary": game.spec.summary,
                "options": game.spec.options.describe(),
            }
        )
    return out


class _Games:
    """`deadtable.games()` lists the registered games. The name is also the subpackage
    `deadtable.games`, which Python's import system writes onto this module whenever a game is
    imported; the module class below keeps the function, and attribute access on it still
    reaches the subpackage (`deadtable.games.one_against_the_dead`)."""

    def __call__(self) -> list[dict[str, Any]]:
        """The registered games: id, name, version, seats, sides, summary and options."""
        return _catalogue()

    def __getattr__(self, name: str) -> Any:
        return getattr(importlib.import_module("deadtable.games"), name)

    def __repr__(self) -> str:
        return "<deadtable.games(): the registered games>"


games = _Games()


class _Module(types.ModuleType):
    @property
    def games(self) -> _Games:
        return games

    @games.setter
    def games(self, value: Any) -> None:  # the import system setting the subpackage
        pass


sys.modules[__name__].__class__ = _Module


def replay(replay: Replay) -> GameState:
    """Run a replay on the game and options it records."""
    return replay.run(load(replay.game, **replay.options))


__all__ = [
    "Action",
    "BadOption",
    "Decision",
    "Game",
    "GameOver",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "Outcome",
    "Replay",
    "ReplayMismatch",
    "UnknownGame",
    "games",
    "load",
    "replay",
]
