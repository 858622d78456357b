"""Reading a game's event log in tests."""

from __future__ import annotations

from deadtable.engine.state import GameState


def texts(state: GameState) -> list[str]:
    """The texts of every event in the log, public and private, in order."""
    return [event.text for event in state.log]
