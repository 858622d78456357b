"""Replays: game id, version, options, seed, set-up and action ids give the same game again."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from deadtable.engine.game import Game
from deadtable.engine.state import GameState


class ReplayMismatch(ValueError):
    """A replay did not reproduce what it recorded."""


@dataclass
class Replay:
    game: str
    version: str
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any]
    actions: list[str]
    outcome: dict[str, Any] | None = None  # what the recorded game ended with, to check
    final: str | None = None  # the recorded final state's JSON digest, to check
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state: GameState, **meta: Any) -> Replay:
        return cls(
            game=state.game.id,
            version=state.game.version,
            options=dict(state.game.options),
            seed=state.seed,
            setup=state.setup,
            actions=list(state.history),
            outcome=None if state.outcome is None else state.outcome.to_data(),
            final=digest(state),
            meta=dict(meta),
        )

    def run(self, game: Game) -> GameState:
        """Play the actions again on `game`; raise ReplayMismatch if anything differs."""
        state = self.start(game)
        for i, action_id in enumerate(self.actions):
            try:
                state.apply(action_id)
            except Exception as error:
                raise ReplayMismatch(f"action {i + 1} ({action_id!r}) failed: {error}") from error
        if self.final is not None and digest(state) != self.final:
            raise ReplayMismatch("the replayed game ended in a different state than recorded")
        ended = None if state.outcome is None else state.outcome.to_data()
        if self.outcome is not None and ended != self.outcome:
            raise ReplayMismatch(f"the replayed game ended {ended}; recorded {self.outcome}")
        return state

    def start(self, game: Game) -> GameState:
        """The recorded game before its first action, on `game` (ReplayMismatch if `game` is
        another game, version or options)."""
        if game.id != self.game:
            raise ReplayMismatch(f"replay is of {self.game!r}, not {game.id!r}")
        if game.version != self.version:
            raise ReplayMismatch(
                f"replay was recorded with {self.game} version {self.version}; "
                f"this is version {game.version}"
            )
        if dict(game.options) != self.options:
            raise ReplayMismatch(
                f"replay was recorded with options {self.options}; the game has {game.options}"
            )
        setup = dict(self.setup)
        dice = setup.pop("dice", [])
        return game.new(seed=self.seed, dice=dice, **setup)

    def to_json(self) -> str:
        return json.dumps(self.__dict__, indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Replay:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not a replay file: {error}") from None
        needed = ("game", "version", "options", "seed", "setup", "actions")
        if not isinstance(data, dict):
            raise ValueError(f"not a replay file: it needs an object with {', '.join(needed)}")
        missing = [k for k in needed if k not in data]
        if missing:
            raise ValueError(
                f"replay file lacks {', '.join(missing)}; it needs {', '.join(needed)}"
            )
        for key, kind, what in _FIELD_TYPES:
            if key in data and not isinstance(data[key], kind):
                raise ValueError(f"replay file's {key} must be {what}, not {data[key]!r}")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise ValueError("replay file's actions must be a list of action ids (strings)")
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


_FIELD_TYPES: tuple[tuple[str, type | tuple[type, ...], str], ...] = (
    ("game", str, "a game id (a string)"),
    ("version", str, "a version (a string)"),
    ("options", dict, "an object of options"),
    ("seed", int, "an integer"),
    ("setup", dict, "an object"),
    ("actions", list, "a list of action ids"),
    ("meta", dict, "an object"),
)


def digest(state: GameState) -> str:
    """A short hash of the state's JSON form. The log enters as its texts alone, as saves made
    before events had cites and audiences wrote it, so their recorded digests still check (and
    a reworded cite is no change of play)."""
    import hashlib

    data = state.to_data()
    data["log"] = [event.text for event in state.log]
    text = json.dumps(data, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
