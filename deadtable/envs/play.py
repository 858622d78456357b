"""One game as an env plays it: over the game's kernel with a compiled encoder where there is
one (no Python view is built on a step), else over the Python rules. The Python state is
there for whatever needs it (errors' prompts, labels, rendering, `env.state`), brought up to
date on demand by applying the actions played since it was last built."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from deadtable.engine.game import Game
from deadtable.engine.kernel import KernelGame
from deadtable.engine.state import GameState, Outcome
from deadtable.envs.encodings import Encoding

Encoder = Callable[[KernelGame, np.ndarray], None]


def kernel_encoder(game: Game, encoding: Encoding) -> Encoder | None:
    """The kernel's encoder for this encoding, or None: no kernel, or none that encodes it.
    An encoder writes the one seat's observation: only solo games have one."""
    kernel = game.kernel
    if kernel is None or len(game.seats) != 1:
        return None
    encoder = encoding.kernel_encoder(kernel)
    if encoding.contextual and not hasattr(encoder, "names_view"):
        return None  # a contextual encoding's names need the view, or the encoder's names_view
    return encoder


class Played:
    """What an env playing through PythonPlay or KernelPlay shows: `state` and `fast`."""

    _play: PythonPlay | KernelPlay | None
    _encoder: Encoder | None  # the kernel's compiled encoder, where there is one

    @property
    def state(self) -> GameState | None:
        """The deadtable state (read it; play through step). Over the kernel it is brought
        up to date when read."""
        return None if self._play is None else self._play.state

    @property
    def fast(self) -> bool:
        """Whether steps run on the game's kernel and compiled encoder."""
        return self._encoder is not None


class PythonPlay:
    """The Python rules play; the observation is encoded from the Python view."""

    fast = False

    def __init__(self, game: Game, seed: int) -> None:
        self.state: GameState = game.new(seed=seed)

    def ids(self) -> list[str]:
        decision = self.state.decision
        return [] if decision is None else decision.ids

    def apply(self, action_id: str) -> None:
        self.state.apply(action_id)

    def outcome(self) -> Outcome | None:
        return self.state.outcome

    def seat(self) -> str | None:
        """The seat that decides now; None once over."""
        decision = self.state.decision
        return None if decision is None else decision.seat

    def encode(self, encoding: Encoding, view: dict[str, Any]) -> np.ndarray:
        return encoding.encode(view)


class KernelPlay:
    """The kernel plays and encodes; `state` replays the actions on a Python state when read."""

    fast = True

    def __init__(self, game: Game, seed: int, encoder: Encoder) -> None:
        kernel = game.kernel
        assert kernel is not None
        self.game, self.seed, self.encoder = game, seed, encoder
        self.kernel_game = kernel.new(seed)
        self._state: GameState | None = None
        self.pending: list[str] = []  # played on the kernel, not yet on `_state`

    @property
    def state(self) -> GameState:
        if self._state is None:
            self._state = self.game.new(seed=self.seed)
        if self.pending:
            self._state.apply_all(self.pending)
            self.pending = []
        return self._state

    def ids(self) -> list[str]:
        return self.kernel_game.actions()

    def apply(self, action_id: str) -> None:
        self.kernel_game.apply_id(action_id)
        self.pending.append(action_id)

    def outcome(self) -> Outcome | None:
        return self.kernel_game.outcome()

    def seat(self) -> str | None:
        return self.kernel_game.seat()

    def encode(self, encoding: Encoding, view: dict[str, Any] | None = None) -> np.ndarray:
        out = np.zeros(encoding.size, np.float32)
        self.encoder(self.kernel_game, out)
        return out

    def names_view(self) -> dict[str, Any]:
        """What a contextual encoding's action names read, from the kernel (the encoder's
        names_view; kernel_encoder gives no encoder to such an encoding without one)."""
        return self.encoder.names_view(self.kernel_game)  # type: ignore[attr-defined]

    def __getstate__(self) -> dict[str, Any]:
        """Pickles as the Python state (a kernel game does not pickle), loaded back into the
        kernel when unpickled."""
        return {"game": self.game, "seed": self.seed, "encoder": self.encoder,
                "state": self.state}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.game, self.seed, self.encoder = data["game"], data["seed"], data["encoder"]
        self._state, self.pending = data["state"], []
        kernel = self.game.kernel
        if kernel is None:
            raise RuntimeError(f"{self.game.id}: this env played on the game's kernel, which "
                               f"is not built (or is turned off) where it was unpickled")
        self.kernel_game = kernel.load(self._state)
