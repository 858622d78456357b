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

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from deadtable import registry
from deadtable.engine.decisions import Decision
from deadtable.engine.game import Game

_FACTORIES: dict[str, Callable[..., Encoding]] = {}
_CACHE: dict[tuple[str, str, str], Encoding] = {}


class UnknownAction(KeyError):
    """The game offered an action id that its encoding does not enumerate (an encoding bug)."""

    def __str__(self) -> str:
        return str(self.args[0])


View = Callable[[], dict[str, Any]]  # the deciding seat's view, built only if asked for


class Encoding(ABC):
    """A game's action enumeration and observation encoding. Subclass and write `encode_into`.

    `features` names the parts of the observation vector, in order: (name, size, what)
    triples whose sizes add up to the vector's length; `what` says what the numbers are
    (scripts/research_tables.py prints them into docs/research.md). A layout only ever grows
    at its end, and any change to it raises deadtable.envs.ENV_VERSION (tests/envs/
    test_layouts.py holds each version's digest).

    An encoding whose integers name something relative to the position (an opponent slot,
    not a card) is `contextual`: it writes `names` (the game's ids as its encoded names,
    from the seat's view) and `action_id` (back); the bindings pass the view when asked."""

    contextual = False

    def __init__(
        self, game: Game, actions: Sequence[str], features: Sequence[tuple[str, int, str]],
        variant: str = "",
    ) -> None:
        self.game = game
        self.variant = variant  # "" for the game's default encoding, e.g. "aim=slot"
        self.actions: tuple[str, ...] = tuple(actions)
        if len(set(self.actions)) != len(self.actions):
            raise ValueError(f"{game.id}: the action encoding lists an id twice")
        self.index: dict[str, int] = {a: i for i, a in enumerate(self.actions)}
        self.features: tuple[tuple[str, int], ...] = tuple((n, s) for n, s, _ in features)
        self.notes: dict[str, str] = {n: what for n, _, what in features}
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

    def names(self, ids: Sequence[str], view: View) -> list[str]:
        """The game's action ids as this encoding names them (a contextual one overrides)."""
        return list(ids)

    def action_id(self, index: int, view: View) -> str:
        """The game's action id that integer `index` plays now (IndexError outside)."""
        if not 0 <= index < len(self.actions):
            raise IndexError(index)
        return self.actions[index]

    def legal_indices(self, decision: Decision | None, view: View | None = None) -> list[int]:
        """The legal actions' integers, ascending (OpenSpiel's order); [] when over. A
        contextual encoding needs `view`."""
        if decision is None:
            return []
        return self.indices_of(decision.ids, view)

    def legal_map(self, ids: Sequence[str], view: View | None = None) -> dict[int, str]:
        """Each legal id's integer -> the id, what the bindings play an integer through
        (a contextual encoding needs `view`). UnknownAction names an id not enumerated."""
        names = self.names(ids, self._need(view)) if self.contextual else ids
        index = self.index
        try:
            return {index[n]: a for n, a in zip(names, ids, strict=True)}
        except KeyError:
            for a in names:
                self.action_index(a)  # raises UnknownAction naming it
            raise

    def _need(self, view: View | None) -> View:
        if view is None:
            raise TypeError(f"{self.game.id}'s {self.variant or 'default'} encoding needs the "
                            f"view")
        return view

    def indices_of(self, ids: Sequence[str], view: View | None = None) -> list[int]:
        if self.contextual:
            return sorted(self.legal_map(ids, view))
        index = self.index
        try:
            return sorted([index[a] for a in ids])
        except KeyError:
            for a in ids:
                self.action_index(a)  # raises UnknownAction naming it
            raise

    def mask(self, decision: Decision | None, view: View | None = None) -> np.ndarray:
        """int8 vector: 1 for each legal action, 0 elsewhere (all 0 when the game is over)."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        if decision is not None:
            out[self.legal_indices(decision, view)] = 1
        return out

    # -- observations ----------------------------------------------------------------------
    def encode(self, view: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.encode_into(view, out)
        return out

    @abstractmethod
    def encode_into(self, view: dict[str, Any], out: np.ndarray) -> None:
        """Write the view into `out` (zeroed, float32, length `size`)."""

    def kernel_encoder(self, kernel: Any) -> Callable[[Any, np.ndarray], None] | None:
        """A function writing the observation straight from a kernel game of this encoding's
        game (a compiled encoder beside the kernel), or None where there is none."""
        return None

    def max_game_length(self) -> int:
        """A bound on the number of decisions in a game, for OpenSpiel (override it)."""
        return 100_000

    def describe(self) -> list[dict[str, Any]]:
        return [{"name": n, "offset": self.offsets[n], "size": s, "what": self.notes[n]}
                for n, s in self.features]

    def layout(self) -> dict[str, Any]:
        """Everything an integer or an observation slot means: what a version pins."""
        return {"game": self.game.id, "variant": self.variant, "actions": list(self.actions),
                "features": [[n, s] for n, s in self.features]}

    def digest(self) -> str:
        text = json.dumps(self.layout(), sort_keys=True).encode()
        return hashlib.sha256(text).hexdigest()[:16]


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


def encoding_for(game: Game, **params: Any) -> Encoding:
    """The encoding of a bound game (cached per game id, option values and `params`, the
    encoding's own parameters, e.g. Chainsaw Warrior's aim="slot")."""
    key = (game.id, repr(sorted(game.options.items())), repr(sorted(params.items())))
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
        try:
            found = factory(game, **params)
        except TypeError as error:
            raise ValueError(f"{game.id}'s encoding does not take {params}: {error}") from None
        _CACHE[key] = found
    return found
