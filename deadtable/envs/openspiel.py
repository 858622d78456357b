"""OpenSpiel: every registered game with an encoding, as a pyspiel Python game.

    import deadtable.envs.openspiel, pyspiel
    game = pyspiel.load_game("deadtable_one_against_the_dead", {"row": 4, "rng_seed": 7})
    state = game.new_initial_state()

- Names: "deadtable_" + the game id with "_" for "-". Parameters: the game's options with
  "_" for "-" (row, final_battle, max_turns, ...), and rng_seed (-1: a fresh random seed).
- Chance is SAMPLED_STOCHASTIC: no chance nodes; the dice and the deal live in the deadtable
  state (seeded from the game's rng_seed stream when play begins on an initial state), so a
  clone replays the same future exactly, as OpenSpiel's clone test demands. Observing never
  takes a seed: the deals of an rng_seed are the same however often a program observes.
  `serializable=True` declares DETERMINISTIC instead, for pyspiel's serialize_game_and_state.
  Searching on clones sees the dealt deck and the coming rolls (MCTSBot is clairvoyant);
  `resample_from_infostate` deals anew what the seat cannot know, for ISMCTSBot.
- Actions: the encoding's integers (deadtable/envs/encodings/); action strings are the ids.
- Tensors (observation and information state): the encoding of the seat's view, computed in
  Python (no throw-away state); strings: the view as JSON without the event log, and for the
  information state a digest of the seat's readable events and own actions (Observer).
- Returns: +1 win, 0 draw, -1 loss at the end. A game still running after
  max_game_length actions (never seen in practice: see the encoding) ends as a draw there.
- Where the game has a kernel (engine/kernel.py) the binding steps it, and builds the Python
  state only for what needs it (observations, strings, JSON): the same games, far faster.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

import numpy as np
import pyspiel

from deadtable import registry
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game
from deadtable.engine.kernel import Kernel, KernelGame
from deadtable.engine.options import Option
from deadtable.engine.state import GameState, Outcome
from deadtable.envs.common import REWARD, SEED_BOUND
from deadtable.envs.encodings import Encoding, encoding_for, has_encoding
from deadtable.envs.play import kernel_encoder

PREFIX = "deadtable_"
_CLASSES: dict[str, type[DeadtableGame]] = {}


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def _param_name(option: str) -> str:
    return option.replace("-", "_")


def _param_value(value: Any) -> Any:
    """An option's value as a pyspiel parameter. A string of digits ("1456") is given as its
    number: pyspiel's game strings read it back as one, so a string could not round-trip."""
    return int(value) if isinstance(value, str) and value.isdigit() else value


def _option_value(option: Option, value: Any) -> Any:
    return str(value) if isinstance(option.default, str) and isinstance(value, int) else value


class _Box:
    """The deadtable state behind a pyspiel state. pyspiel's Python-game Clone deep-copies
    each attribute; this one copies itself with GameState.clone(), which is far cheaper. The
    state is made on first use, so the throw-away initial state a Clone starts from costs
    nothing and draws no seed."""

    __slots__ = ("game", "state", "length", "seed", "ticket", "taken", "legal_at", "legal_map")

    def __init__(self, game: DeadtableGame) -> None:
        self.game = game
        self.state: GameState | None = None
        self.length = 0
        self.seed: int | None = None  # the deal's seed, once claimed
        self.ticket = 0  # which of the game's seeds it is (DeadtableGame.peek_seed)
        self.taken = False  # whether play has taken it from the game's stream
        self.legal_at = -1  # the length at which legal_map was made
        self.legal_map: dict[int, str] = {}  # a contextual encoding's integers -> ids now

    def claim(self, play: bool) -> int:
        """This state's seed: the game's next one. Only play (not an observation) takes it
        from the stream, so how often a program observes never changes the deals."""
        if self.seed is None:
            self.seed, self.ticket = self.game.peek_seed()
        if play and not self.taken:
            self.game.take_seed(self.ticket)
            self.taken = True
        return self.seed

    def get(self, play: bool = True) -> GameState:
        seed = self.claim(play) if play or self.seed is None else self.seed
        if self.state is None:
            self.state = self.game.initial(seed)
        return self.state

    def start_from(self, state: GameState) -> None:
        self.state = state.clone()
        self.legal_at = -1
        self.length = len(state.history)
        self.seed, self.taken = state.seed, True

    def seat(self) -> str | None:
        decision = self.get().decision
        return None if decision is None else decision.seat

    def legal(self) -> list[int]:
        encoding = self.game.encoding
        if not encoding.contextual:
            return encoding.legal_indices(self.get().decision)
        return sorted(self.contextual_map())

    def contextual_map(self) -> dict[int, str]:
        """A contextual encoding's legal integers -> the ids they play (from the deciding
        seat's view), made once per position."""
        if self.legal_at != self.length:
            state = self.get()
            decision = state.decision
            self.legal_map = {} if decision is None else self.game.encoding.legal_map(
                decision.ids, lambda: state.view(decision.seat))
            self.legal_at = self.length
        return self.legal_map

    def apply(self, action: int) -> None:
        encoding = self.game.encoding
        name = (self.contextual_map()[action] if encoding.contextual
                else encoding.actions[action])
        self.get().apply(name)
        self.length += 1

    def outcome(self) -> Outcome | None:
        return self.get().outcome

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """pyspiel serializes a Python state by pickling its attributes: this one pickles as
        the game's name and parameters and the deadtable state's JSON."""
        game = self.game
        return _restore, (game.get_type().short_name, dict(game.get_parameters()),
                          self.get(play=False).to_json(), self.length)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        other = _Box.__new__(_Box)
        other.game = self.game
        other.state = self.get().clone()
        other.length = self.length
        other.seed, other.ticket, other.taken = self.seed, self.ticket, True
        other.legal_at, other.legal_map = self.legal_at, self.legal_map
        return other

    def resampled(self, seat: str, seed: int) -> GameState:
        """A copy of the deadtable state with what `seat` cannot know dealt anew from `seed`
        (GameState.determinize, as the native mcts agent guesses)."""
        state = self.get().clone()
        state.determinize(seat, Dice(seed))
        return state


class _KernelBox(_Box):
    """The same for a game with a kernel (engine/kernel.py): the kernel plays, and the Python
    state, needed only for views, strings and JSON, is brought up to date when one is asked
    for, by applying the actions played since. A loop of legal_actions and apply_action, or
    MCTSBot's search, never builds it. `base` is never changed once set, so clones share it."""

    __slots__ = ("kernel", "fast", "base", "pending")

    def __init__(self, game: DeadtableGame, kernel: Kernel) -> None:
        super().__init__(game)
        self.kernel = kernel
        self.fast: KernelGame | None = None
        self.base: GameState | None = None  # the Python state, `pending` actions behind
        self.pending: list[str] = []

    def play(self) -> KernelGame:
        fast = self.fast
        if fast is None or not self.taken:
            seed = self.claim(True)
            if fast is None:
                fast = self.fast = self.kernel.new(seed)
        return fast

    def get(self, play: bool = True) -> GameState:
        seed = self.claim(play) if play or self.seed is None else self.seed
        if self.base is None:
            self.base = self.game.native.new(seed=seed)
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
        self.seed, self.taken = state.seed, True

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
        other.base, other.pending = self.base, self.pending.copy()
        other.seed, other.ticket, other.taken = self.seed, self.ticket, True
        return other


def _restore(name: str, params: dict[str, Any], text: str, length: int) -> _Box:
    game = pyspiel.load_game(name, params)
    box = _Box(game)
    box.state = game.native.from_json(text)
    box.length = length
    box.seed, box.taken = box.state.seed, True
    box.legal_at, box.legal_map = -1, {}
    return box


class DeadtableGame(pyspiel.Game):
    """Subclassed once per registered game, with GAME_ID and GAME_TYPE set (register_game)."""

    GAME_ID = ""
    GAME_TYPE: Any = None
    GAME_DEFAULTS: dict[str, Any] = {}

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id, kind = self.GAME_ID, self.GAME_TYPE
        spec = registry.spec(game_id)
        options = {o.name: _option_value(o, params[_param_name(o.name)]) for o in spec.options
                   if _param_name(o.name) in params}
        self.native: Game = spec.bind(**options)
        self.encoding: Encoding = encoding_for(self.native)
        # the kernel's compiled encoder (a solo game's one seat), where there is one
        self.encoder = (kernel_encoder(self.native, self.encoding)
                        if len(self.native.seats) == 1 else None)
        self.seats = self.native.seats
        self.seat_index = {s: i for i, s in enumerate(self.seats)}
        self.max_length = self.encoding.max_game_length()
        self._observers: dict[bool, Observer] = {}
        seed = int(params.get("rng_seed", -1))
        self._dice = Dice(seed if seed >= 0 else int.from_bytes(os.urandom(8), "little"))
        self._peeked: int | None = None  # the next seed, drawn but not yet taken by play
        self._taken = 0  # how many seeds play has taken
        self._initial: tuple[int, GameState] | None = None  # (seed, its new game), for copies
        if params.get("serializable"):
            kind = game_type(game_id, self.GAME_DEFAULTS, kind.short_name, serializable=True)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=0,
            num_players=len(self.seats),
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.max_length,
        )
        super().__init__(kind, info, params)

    def initial(self, seed: int) -> GameState:
        """A new game dealt from `seed`: a copy of the last one dealt from it, where that was
        the last seed asked for (pyspiel observes many throw-away initial states of one
        seed, and a board game's setup costs far more than a copy)."""
        if self._initial is None or self._initial[0] != seed:
            self._initial = (seed, self.native.new(seed=seed))
        return self._initial[1].clone()

    def peek_seed(self) -> tuple[int, int]:
        """The seed the next initial state will deal, and its ticket for take_seed."""
        if self._peeked is None:
            self._peeked = self._dice.below(SEED_BOUND)
        return self._peeked, self._taken

    def take_seed(self, ticket: int) -> None:
        """Play began on the state holding `ticket`: the stream moves on (unless another
        state was played first; the two then share a deal)."""
        if ticket == self._taken:
            self._peeked = None
            self._taken += 1

    # pyspiel computes a Python game's tensor shapes by observing a throw-away initial state
    # (ObservationTensorShape); Python callers get the encoding's shape without one.
    def observation_tensor_shape(self) -> list[int]:
        return [self.encoding.size]

    def observation_tensor_size(self) -> int:
        return self.encoding.size

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickles as its name, parameters and seed stream (pyspiel's own pickling needs an
        RNG state a Python game cannot give it)."""
        return _unpickle_game, (self.get_type().short_name, dict(self.get_parameters()),
                                self._dice.to_data(), self._peeked, self._taken)

    def new_initial_state(self) -> DeadtableState:
        return DeadtableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, perfect_recall)

    def python_observer(self, perfect_recall: bool) -> Observer:
        """The observer the state's tensor methods write into (one of each per game)."""
        found = self._observers.get(perfect_recall)
        if found is None:
            found = self._observers[perfect_recall] = Observer(self, perfect_recall)
        return found


def _unpickle_game(name: str, params: dict[str, Any], dice: dict[str, Any], peeked: int | None,
                   taken: int) -> DeadtableGame:
    game = pyspiel.load_game(name, params)
    game._dice, game._peeked, game._taken = Dice.from_data(dice), peeked, taken
    return game


def _unpickle_state(game: DeadtableGame, text: str) -> DeadtableState:
    return game.deserialize_state(text)


class DeadtableState(pyspiel.State):
    def __init__(self, game: DeadtableGame) -> None:
        super().__init__(game)
        self._game = game
        kernel = game.native.kernel
        self._box = _Box(game) if kernel is None else _KernelBox(game, kernel)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _unpickle_state, (self._game, self.serialize())

    # -- observations in Python: no throw-away state, no deal (see DeadtableGame) ----------
    def _seat_of(self, player: int | None) -> int:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._game.num_players():
            raise ValueError(f"player {player} is not a seat of this game (0.."
                             f"{self._game.num_players() - 1})")
        return player

    def observation_tensor(self, player: int | None = None) -> list[float]:
        observer = self._game.python_observer(False)
        observer.set_from(self, self._seat_of(player))
        return observer.tensor.tolist()

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        observer = self._game.python_observer(True)
        observer.set_from(self, self._seat_of(player))
        return observer.tensor.tolist()

    def resample_from_infostate(self, player: int, sampler: Any) -> DeadtableState:
        """A state `player` cannot tell from this one: what its seat cannot know is dealt
        anew (GameState.determinize), seeded from `sampler()` (a float in [0, 1), as
        pyspiel.UniformProbabilitySampler gives). ISMCTSBot samples its worlds so."""
        seat = self._game.seats[self._seat_of(player)]
        seed = int(float(sampler()) * SEED_BOUND) % SEED_BOUND
        other: DeadtableState = self.clone()
        other._box.start_from(self._box.resampled(seat, seed))
        other._box.length = self._box.length
        return other

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
    """pyspiel's Python observer interface: `tensor`, `dict`, set_from, string_from.

    The tensor is the encoding of the seat's view, for observations and information states
    alike (the views carry what the seat has learnt: discards, cards removed, cards seen).
    The observation string is the view as JSON without its event log; the information-state
    string adds `recall`, a digest of every event the seat may read and of its own actions
    (perfect recall in 32 characters, however long the game has run)."""

    def __init__(self, game: DeadtableGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor: np.ndarray = np.zeros(game.encoding.size, np.float32)
        self.dict: dict[str, np.ndarray] = {
            "info_state" if perfect_recall else "observation": self.tensor}

    def _view(self, state: DeadtableState, player: int) -> dict[str, Any]:
        # play=False: observing a state never takes a seed from the game's stream
        return state._box.get(play=False).view(self.game.seats[player])

    def set_from(self, state: DeadtableState, player: int) -> None:
        box, encoder = state._box, self.game.encoder
        if encoder is not None and isinstance(box, _KernelBox):
            if box.fast is None:  # not played yet: deal it without taking its seed
                box.fast = box.kernel.new(box.claim(False))
            encoder(box.fast, self.tensor)  # from the kernel: no Python state is built
            return
        self.tensor.fill(0.0)
        self.game.encoding.encode_into(self._view(state, player), self.tensor)

    def string_from(self, state: DeadtableState, player: int) -> str:
        view = self._view(state, player)
        log = view.pop("log", None)
        if self.perfect_recall:
            own = [a.action for a in state.full_history() if a.player == player]
            digest = hashlib.blake2b(json.dumps([log, own]).encode(), digest_size=16)
            view["recall"] = digest.hexdigest()
        return json.dumps(view, sort_keys=True)


def game_type(game_id: str, defaults: dict[str, Any] | None = None,
              name: str | None = None, serializable: bool = False) -> Any:
    """The game's pyspiel GameType. `serializable` (the game parameter of that name) declares
    ChanceMode.DETERMINISTIC instead of SAMPLED_STOCHASTIC: true of every state (its dice are
    in it; there are no chance nodes), and pyspiel then serializes the game and a state
    without asking for the game's RNG state, which a Python game cannot give it."""
    spec = registry.spec(game_id)
    game = spec.bind(**(defaults or {}))
    params: dict[str, Any] = {_param_name(o.name): _param_value(game.options[o.name])
                              for o in spec.options}
    params["rng_seed"] = -1
    params["serializable"] = False
    players = len(game.seats)
    return pyspiel.GameType(
        short_name=name or short_name(game_id),
        long_name=f"deadtable {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.DETERMINISTIC if serializable
                     else pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
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
               {"GAME_ID": game_id, "GAME_TYPE": kind, "GAME_DEFAULTS": dict(defaults or {}),
                "__module__": __name__})
    _CLASSES[name] = cls
    pyspiel.register_game(kind, cls)
    return name


def register_all() -> list[str]:
    return [register_game(g) for g in registry.game_ids() if has_encoding(g)]


REGISTERED = register_all()
