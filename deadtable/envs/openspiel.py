"""OpenSpiel: every registered game with an encoding, as a pyspiel Python game.

    import deadtable.envs.openspiel, pyspiel
    game = pyspiel.load_game("deadtable_one_against_the_dead", {"row": 4, "rng_seed": 7})
    state = game.new_initial_state()

- Names: "deadtable_" + the game id with "_" for "-". Parameters: the game's options with
  "_" for "-" (row, final_battle, max_turns, ...), and rng_seed (-1: a fresh random seed).
- Chance is SAMPLED_STOCHASTIC: no chance nodes; the dice and the deal live in the deadtable
  state (seeded from the game's rng_seed stream when an initial state is first used), so a
  clone replays the same future exactly, as OpenSpiel's clone test demands. An algorithm
  searching on clones therefore sees the dealt deck and the coming rolls: fine for speed
  comparisons and perfect-information baselines, not a fair player (the native MCTS agent
  determinizes instead).
- Actions: the encoding's integers (deadtable/envs/encodings/); action strings are the ids.
- Observation tensor: the encoding of the seat's view; observation string: the view as JSON
  without the event log; information state string: the view with every event the seat may
  read, each with its why (perfect recall). No information state tensor.
- Returns: +1 win, 0 draw, -1 loss at the end. A game still running after
  max_game_length actions (never seen in practice: see the encoding) ends as a draw there.
- Where the game has a kernel (engine/kernel.py) the binding steps it, and builds the Python
  state only for what needs it (observations, strings, JSON): the same games, far faster.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np
import pyspiel

from deadtable import registry
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game
from deadtable.engine.kernel import Kernel, KernelGame
from deadtable.engine.state import GameState, Outcome
from deadtable.envs.common import REWARD, SEED_BOUND
from deadtable.envs.encodings import Encoding, encoding_for, has_encoding

PREFIX = "deadtable_"
_CLASSES: dict[str, type[DeadtableGame]] = {}


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def _param_name(option: str) -> str:
    return option.replace("-", "_")


class _Box:
    """The deadtable state behind a pyspiel state. pyspiel's Python-game Clone deep-copies
    each attribute; this one copies itself with GameState.clone(), which is far cheaper. The
    state is made on first use, so the throw-away initial state a Clone starts from costs
    nothing and draws no seed."""

    __slots__ = ("game", "state", "length")

    def __init__(self, game: DeadtableGame) -> None:
        self.game = game
        self.state: GameState | None = None
        self.length = 0

    def get(self) -> GameState:
        if self.state is None:
            self.state = self.game.native.new(seed=self.game.next_seed())
        return self.state

    def start_from(self, state: GameState) -> None:
        self.state = state.clone()
        self.length = len(state.history)

    def seat(self) -> str | None:
        decision = self.get().decision
        return None if decision is None else decision.seat

    def legal(self) -> list[int]:
        return self.game.encoding.legal_indices(self.get().decision)

    def apply(self, action: int) -> None:
        self.get().apply(self.game.encoding.actions[action])
        self.length += 1

    def outcome(self) -> Outcome | None:
        return self.get().outcome

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """pyspiel serializes a Python state by pickling its attributes: this one pickles as
        the game's name and parameters and the deadtable state's JSON."""
        game = self.game
        return _restore, (game.get_type().short_name, dict(game.get_parameters()),
                          self.get().to_json(), self.length)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        other = _Box.__new__(_Box)
        other.game = self.game
        other.state = self.get().clone()
        other.length = self.length
        return other


class _KernelBox(_Box):
    """The same for a game with a kernel (engine/kernel.py): the kernel plays, and the Python
    state, needed only for views, strings and JSON, is brought up to date when one is asked
    for, by applying the actions played since. A loop of legal_actions and apply_action, or
    MCTSBot's search, never builds it. `base` is never changed once set, so clones share it."""

    __slots__ = ("kernel", "fast", "seed", "base", "pending")

    def __init__(self, game: DeadtableGame, kernel: Kernel) -> None:
        super().__init__(game)
        self.kernel = kernel
        self.fast: KernelGame | None = None
        self.seed = 0
        self.base: GameState | None = None  # the Python state, `pending` actions behind
        self.pending: list[str] = []

    def play(self) -> KernelGame:
        if self.fast is None:
            self.seed = self.game.next_seed()
            self.fast = self.kernel.new(self.seed)
        return self.fast

    def get(self) -> GameState:
        self.play()
        if self.base is None:
            self.base = self.game.native.new(seed=self.seed)
        if self.pending:
            state = self.base.clone()
            for action in self.pending:
                state.apply(action)
            self.base, self.pending = state, []
        return self.base

    def start_from(self, state: GameState) -> None:
        self.fast = self.kernel.load(state)
        self.base, self.pending = state.clone(), []
        self.length = len(state.history)

    def seat(self) -> str | None:
        return self.play().seat()

    def legal(self) -> list[int]:
        index = self.game.encoding.index
        return sorted([index[a] for a in self.play().actions()])

    def apply(self, action: int) -> None:
        name = self.game.encoding.actions[action]
        self.play().apply_id(name)
        self.pending.append(name)
        self.length += 1

    def outcome(self) -> Outcome | None:
        return self.play().outcome()

    def __deepcopy__(self, memo: dict[int, Any]) -> _KernelBox:
        other = _KernelBox.__new__(_KernelBox)
        other.game, other.kernel, other.length = self.game, self.kernel, self.length
        other.fast = self.play().clone()
        other.seed, other.base, other.pending = self.seed, self.base, self.pending.copy()
        return other


def _restore(name: str, params: dict[str, Any], text: str, length: int) -> _Box:
    game = pyspiel.load_game(name, params)
    box = _Box(game)
    box.state = game.native.from_json(text)
    box.length = length
    return box


class DeadtableGame(pyspiel.Game):
    """Subclassed once per registered game, with GAME_ID and GAME_TYPE set (register_game)."""

    GAME_ID = ""
    GAME_TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id, game_type = self.GAME_ID, self.GAME_TYPE
        spec = registry.spec(game_id)
        options = {o.name: params[_param_name(o.name)] for o in spec.options
                   if _param_name(o.name) in params}
        self.native: Game = spec.bind(**options)
        self.encoding: Encoding = encoding_for(self.native)
        self.seats = self.native.seats
        self.seat_index = {s: i for i, s in enumerate(self.seats)}
        self.max_length = self.encoding.max_game_length()
        seed = int(params.get("rng_seed", -1))
        self._dice = Dice(seed if seed >= 0 else int.from_bytes(os.urandom(8), "little"))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=0,
            num_players=len(self.seats),
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.max_length,
        )
        super().__init__(game_type, info, params)

    def next_seed(self) -> int:
        return self._dice.below(SEED_BOUND)

    def new_initial_state(self) -> DeadtableState:
        return DeadtableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, perfect_recall)


class DeadtableState(pyspiel.State):
    def __init__(self, game: DeadtableGame) -> None:
        super().__init__(game)
        kernel = game.native.kernel
        self._box = _Box(game) if kernel is None else _KernelBox(game, kernel)

    @property
    def native(self) -> GameState:
        """The deadtable state (read it; apply actions through apply_action)."""
        return self._box.get()

    def native_from(self, state: GameState) -> None:
        """Start this (fresh) state from a copy of a deadtable state of the same game, e.g. to
        compare a native agent and an OpenSpiel bot on one position."""
        if state.game.id != self._box.game.native.id or self.history():
            raise ValueError("native_from needs a fresh state of the same game")
        self._box.start_from(state)

    def current_player(self) -> int:
        box = self._box
        seat = box.seat()
        if seat is None or box.length >= box.game.max_length:
            return int(pyspiel.PlayerId.TERMINAL)
        return box.game.seat_index[seat]

    def _legal_actions(self, player: int) -> list[int]:
        return self._box.legal()

    def _apply_action(self, action: int) -> None:
        self._box.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._box.game.encoding.actions[action]

    def is_terminal(self) -> bool:
        box = self._box
        return box.outcome() is not None or box.length >= box.game.max_length

    def returns(self) -> list[float]:
        box = self._box
        outcome = box.outcome()
        if outcome is None:
            return [0.0] * len(box.game.seats)
        return [REWARD[outcome.results[s]] for s in box.game.seats]

    def __str__(self) -> str:
        return json.dumps(self._box.get().to_data(), sort_keys=True)


class Observer:
    """pyspiel's Python observer interface: `tensor`, `dict`, set_from, string_from."""

    def __init__(self, game: DeadtableGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        if perfect_recall:
            self.tensor: np.ndarray | None = None
            self.dict: dict[str, np.ndarray] = {}
        else:
            self.tensor = np.zeros(game.encoding.size, np.float32)
            self.dict = {"observation": self.tensor}

    def _view(self, state: DeadtableState, player: int) -> dict[str, Any]:
        return state.native.view(self.game.seats[player])

    def set_from(self, state: DeadtableState, player: int) -> None:
        if self.tensor is None:
            return
        self.tensor.fill(0.0)
        self.game.encoding.encode_into(self._view(state, player), self.tensor)

    def string_from(self, state: DeadtableState, player: int) -> str:
        view = self._view(state, player)
        if not self.perfect_recall:
            view.pop("log", None)
        return json.dumps(view, sort_keys=True)


def game_type(game_id: str, defaults: dict[str, Any] | None = None,
              name: str | None = None) -> Any:
    spec = registry.spec(game_id)
    game = spec.bind(**(defaults or {}))
    params: dict[str, Any] = {_param_name(o.name): game.options[o.name] for o in spec.options}
    params["rng_seed"] = -1
    players = len(game.seats)
    return pyspiel.GameType(
        short_name=name or short_name(game_id),
        long_name=f"deadtable {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def register_game(
    game_id: str, defaults: dict[str, Any] | None = None, name: str | None = None
) -> str:
    """Register one game with pyspiel, its number of players fixed by the options in
    `defaults` (a game whose seats depend on an option registers once per seat count,
    under its own `name`). Returns the pyspiel name."""
    name = name or short_name(game_id)
    if name in pyspiel.registered_names():
        return name
    encoding_for(registry.spec(game_id).bind(**(defaults or {})))  # no encoding: LookupError
    kind = game_type(game_id, defaults, name)
    # A class, not a closure, as pyspiel's own Python games register: pyspiel keeps the
    # creator until the process ends, and a closure freed after Python has shut down aborts
    # the process ("PyThreadState_Get: ... GIL is released").
    cls = type(f"Deadtable_{name}", (DeadtableGame,),
               {"GAME_ID": game_id, "GAME_TYPE": kind, "__module__": __name__})
    _CLASSES[name] = cls
    pyspiel.register_game(kind, cls)
    return name


def register_all() -> list[str]:
    return [register_game(g) for g in registry.game_ids() if has_encoding(g)]


REGISTERED = register_all()
