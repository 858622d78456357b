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

from typing import Any

from deadtable.engine.decisions import Action, Decision, GameOver, IllegalAction
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import BadOption
from deadtable.engine.replay import Replay, ReplayMismatch
from deadtable.engine.state import GameState, Outcome
from deadtable.registry import UnknownGame, game_ids, load

__version__ = "0.1.0"


def games() -> list[dict[str, Any]]:
    """The registered games: id, name, seats, summary and options."""
    out = []
    for game_id in game_ids():
        game = load(game_id)
        out.append(
            {
                "id": game.id,
                "name": game.spec.name,
                "version": game.version,
                "seats": list(game.seats),
                "summary": game.spec.summary,
                "options": game.spec.options.describe(),
            }
        )
    return out


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
