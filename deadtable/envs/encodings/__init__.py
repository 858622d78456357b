"""Stable numeric encodings of a game's actions and of a seat's view, for the RL bindings.

An encoding is per game (and per set of option values, since options such as the zombie dice
change what can ever be offered). It fixes:

- `actions`: every action id the game can ever offer, in a documented order. The integer of
  an action is its index here, the same in every state, so a network's output unit always
  means the same move. The enumeration is derived from the game's structure (its rules and
  data), never from play.
- `observation_shape`: the fixed shape of `encode(view)`, a float32 array in [-1, 1] built
  from `state.view(seat)` alone, so it can never carry what the seat may not know.

A game's encoding lives in its own folder (deadtable/games/<game>/encoding.py, defining
`make(game) -> Encoding`), named by its GameSpec's `encoding`; this module holds what every
encoding shares. Tests (or another package) may add encodings at run time with `register`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from deadtable import registry
from deadtable.engine.decisions import Decision
from deadtable.engine.game import Game

_FACTORIES: dict[str, Callable[[Game], Encoding]] = {}
_CACHE: dict[tuple[str, str], Encoding] = {}


class UnknownAction(KeyError):
    """The game offered an action id that its encoding does not enumerate (an encoding bug)."""

    def __str__(self) -> str:
        return str(self.args[0])


class Encoding(ABC):
    """A game's action enumeration and observation encoding. Subclass and write `encode_into`.

    `features` names the parts of the observation vector, in order: (name, size) pairs whose
    sizes add up to the vector's length (docs/research.md prints them)."""

    def __init__(
        self, game: Game, actions: Sequence[str], features: Sequence[tuple[str, int]]
    ) -> None:
        self.game = game
        self.actions: tuple[str, ...] = tuple(actions)
        if len(set(self.actions)) != len(self.actions):
            raise ValueError(f"{game.id}: the action encoding lists an id twice")
        self.index: dict[str, int] = {a: i for i, a in enumerate(self.actions)}
        self.features: tuple[tuple[str, int], ...] = tuple(features)
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size in self.features:
            self.offsets[name] = at
            at += size
        self.size = at

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.size,)

    # -- actions ---------------------------------------------------------------------------
    def action_index(self, action_id: str) -> int:
        try:
            return self.index[action_id]
        except KeyError:
            raise UnknownAction(
                f"{self.game.id} offered action {action_id!r}, which its encoding does not "
                f"enumerate; its encoding (deadtable/games/<game>/encoding.py) must list "
                f"every id"
            ) from None

    def legal_indices(self, decision: Decision | None) -> list[int]:
        """The legal actions' integers, ascending (OpenSpiel's order); [] when over."""
        if decision is None:
            return []
        index = self.index
        try:
            return sorted([index[a.id] for a in decision.actions])
        except KeyError:
            for a in decision.actions:
                self.action_index(a.id)  # raises UnknownAction naming it
            raise

    def mask(self, decision: Decision | None) -> np.ndarray:
        """int8 vector: 1 for each legal action, 0 elsewhere (all 0 when the game is over)."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        if decision is not None:
            out[self.legal_indices(decision)] = 1
        return out

    # -- observations ----------------------------------------------------------------------
    def encode(self, view: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.encode_into(view, out)
        return out

    @abstractmethod
    def encode_into(self, view: dict[str, Any], out: np.ndarray) -> None:
        """Write the view into `out` (zeroed, float32, length `size`)."""

    def max_game_length(self) -> int:
        """A bound on the number of decisions in a game, for OpenSpiel (override it)."""
        return 100_000

    def describe(self) -> list[dict[str, Any]]:
        return [{"name": n, "offset": self.offsets[n], "size": s} for n, s in self.features]


def register(game_id: str, factory: Callable[[Game], Encoding]) -> None:
    """Give a game (e.g. a test game) an encoding at run time."""
    _FACTORIES[game_id] = factory
    for key in [k for k in _CACHE if k[0] == game_id]:
        del _CACHE[key]


def unregister(game_id: str) -> None:
    _FACTORIES.pop(game_id, None)
    for key in [k for k in _CACHE if k[0] == game_id]:
        del _CACHE[key]


def has_encoding(game_id: str) -> bool:
    if game_id in _FACTORIES:
        return True
    try:
        return registry.spec(game_id).encoding is not None
    except registry.UnknownGame:
        return False


def encoding_for(game: Game) -> Encoding:
    """The encoding of a bound game (cached per game id and option values)."""
    key = (game.id, repr(sorted(game.options.items())))
    found = _CACHE.get(key)
    if found is None:
        factory = _FACTORIES.get(game.id)
        if factory is None:
            if game.spec.encoding is None:
                raise LookupError(
                    f"{game.id} has no RL encoding yet; write its encoding.py and name it in "
                    f"its GameSpec (see deadtable/games/one_against_the_dead/encoding.py)"
                )
            factory = registry.part(game.spec.encoding)
        found = _CACHE[key] = factory(game)
    return found
