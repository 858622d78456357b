"""What an agent is, what it is shown, and the registry that makes agents from specs.

An agent plays one seat. For each decision it is handed an Observation (`observe(state)`),
never the game state: the seat, the decision (its legal actions), the seat's view (what that
seat may know, nothing else), the game's public rules and options, and, for agents that search,
`sample(dice)`: a forward model, i.e. a copy of the game in which everything the seat cannot
know (the future dice, face-down cards, the deck's order, other seats' hands) has been dealt
anew from the agent's own dice, consistently with the view. The agent returns an action id; it
never applies actions itself.

Python cannot make a secret of an object's memory, so this is a boundary of the API rather
than a sandbox: the observation keeps the live state only in a private slot (or inside
closures), and nothing an agent is meant to use leads back to it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from deadtable.engine.decisions import Decision, GameOver
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game
from deadtable.engine.kernel import KernelGame
from deadtable.engine.state import GameState


class Observation:
    """One seat's turn to decide: what its agent may know, and a way to imagine the rest.

    Valid only until the game moves on: read it during `act` and do not keep it."""

    __slots__ = ("seat", "decision", "game", "_view_of", "_sampler", "_compiled", "_view")

    def __init__(
        self,
        seat: str,
        decision: Decision,
        game: Game,
        view_of: Callable[[], dict[str, Any]],
        sampler: Callable[[Dice], GameState],
        compiled: Callable[[Dice], KernelGame | None] | None = None,
    ) -> None:
        self.seat = seat
        self.decision = decision
        self.game = game  # the rules and options: public
        self._view_of = view_of
        self._sampler = sampler
        self._compiled = compiled
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        """What the seat may know (GameState.view), computed once when first asked for."""
        if self._view is None:
            self._view = self._view_of()
        return self._view

    def sample(self, dice: Dice) -> GameState:
        """A forward model to search on: a clone of the game, determinized for this seat with
        `dice` (the agent's own), so it shows the seat nothing the seat could not know. Play on
        it freely; it is never the live game."""
        return self._sampler(dice)

    def glance(self, dice: Dice) -> GameState:
        """`sample(dice)` for an agent that only reads its world: the same world, and `dice`
        left where `sample` leaves them, but it may share parts with the live game
        (GameState.glance), so never change it or play on it."""
        return self._sampler(dice)

    def sample_compiled(self, dice: Dice) -> KernelGame | None:
        """The same world as `sample(dice)` would deal (the same cards, the same dice, and
        `dice` left where `sample` leaves it), in the game's kernel (engine/kernel.py); None
        where the game has none for this position (then use `sample`)."""
        return None if self._compiled is None else self._compiled(dice)


class _LiveObservation(Observation):
    """observe()'s observation: the live state in a private slot, where Observation's own
    constructor takes closures over it. Every step of every game makes one, and closures
    made each step cost more than the rest of it. The same boundary: nothing public leads
    back to the state."""

    __slots__ = ("_state", "_loaded")

    def __init__(self, state: GameState, decision: Decision) -> None:
        self.seat = decision.seat
        self.decision = decision
        self.game = state.game
        self._state = state
        self._view = None
        self._loaded: list[KernelGame | None] | None = None  # the kernel's position, once

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    def sample(self, dice: Dice) -> GameState:
        guess = self._state.clone()
        guess.determinize(self.seat, dice)
        return guess

    def glance(self, dice: Dice) -> GameState:
        return self._state.glance(self.seat, dice)

    def sample_compiled(self, dice: Dice) -> KernelGame | None:
        kernel = self.game.kernel
        if kernel is None:
            return None
        loaded = self._loaded
        if loaded is None:
            try:
                loaded = [kernel.load(self._state)]
            except ValueError:  # e.g. a test's scripted dice: the kernel takes no script
                loaded = [None]
            self._loaded = loaded
        root = loaded[0]
        if root is None:
            return None
        world = root.clone()
        dice.state = world.determinize(self.seat, dice.state)
        return world


def observe(state: GameState) -> Observation:
    """The observation for the seat that decides now; an error if the game is already over."""
    decision = state.decision
    if decision is None:
        decision = decision_of(state)  # which raises: the game is over
    return _LiveObservation(state, decision)


class Agent(Protocol):
    """An agent may also have `pick(decision) -> str`, where its choice reads the decision
    alone (the random agent): the same choice `act` makes, and a loop that plays it
    (sim.run.play_one) then makes no Observation, a cost every step of a simulation."""

    def act(self, obs: Observation) -> str:
        """The id of one of `obs.decision.actions`."""
        ...


# A factory is called as factory(seed, **params) and returns an Agent. Its keyword parameters
# (with defaults) are the agent's parameters; their defaults' types say how to read the text.
AgentFactory = Callable[..., Agent]

_FACTORIES: dict[str, AgentFactory] = {}
_GAME_FACTORIES: dict[str, dict[str, AgentFactory]] = {}  # game id -> its own agents
# game id -> agent name -> the game's tuned defaults for that agent's parameters, as text
_GAME_DEFAULTS: dict[str, dict[str, str]] = {}
_TUNABLE: set[str] = set()  # agents for every game that a game may give defaults
# (game id, or None for every game; agent name) -> the seats or sides it plays; an agent
# left out plays every seat
_PLAYS: dict[tuple[str | None, str], tuple[str, ...]] = {}
TUNED = "tuned"  # their parameter that turns a game's defaults off (tuned=false)
_REQUIRED = inspect.Parameter.empty  # a factory parameter without a default


def decision_of(state: GameState) -> Decision:
    """The decision to be made now; an error if the game is already over."""
    decision = state.decision
    if decision is None:
        raise GameOver("the game is over; there is nothing to decide")
    return decision


class FirstAgent:
    """Always takes the first legal action: dull, deterministic, good for tests."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused; every factory takes a seed

    def act(self, obs: Observation) -> str:
        return obs.decision.actions[0].id


def register_agent(name: str, factory: AgentFactory, game: str | None = None,
                   tunable: bool = False, seats: Sequence[str] | None = None) -> None:
    """Make `name` available to make_agent: for every game, or for one game only (a game's
    own heuristic agent, registered when the game is imported, e.g. "heuristic"). A
    `tunable` agent for every game may be given a game's own defaults (register_defaults),
    and takes `tuned=false` to do without them. `seats` names the seats, or the game's sides
    (GameSpec.sides), that the agent plays, where it cannot play every seat (Left 4 Dead's
    survivors' agent); seating it anywhere else is refused (plays, seat_problem)."""
    if not name or ":" in name or "=" in name or "," in name:
        raise ValueError(f"agent name {name!r} must be non-empty, without ':', '=' or ','")
    if seats is not None and (isinstance(seats, str) or not seats):
        raise ValueError(f"agent {name!r}: seats must be a non-empty list of seats or sides, "
                         f"e.g. seats=('survivors',), or None for every seat")
    table = _FACTORIES if game is None else _GAME_FACTORIES.setdefault(game, {})
    known = table.get(name)
    if known is not None and known is not factory:
        raise ValueError(f"an agent named {name!r} is already registered")
    table[name] = factory
    if seats is not None:
        _PLAYS[(game, name)] = tuple(seats)
    if tunable and game is None:
        _TUNABLE.add(name)


def register_defaults(name: str, params: str, game: str) -> None:
    """Make `params` ("k=v,k=v") the defaults of agent `name`'s parameters in `game`, where
    the game knows better than the agent's generic ones (the search settings measured
    strongest there, say). A spec's own parameters still win; `name:tuned=false` starts from
    the generic defaults instead. The agent must already be registered for every game."""
    factory = _FACTORIES.get(name)
    if factory is None or name not in _TUNABLE:
        raise ValueError(f"register_defaults: no tunable agent {name!r} for every game; "
                         f"valid: {', '.join(sorted(_TUNABLE))}")
    _parse_params(name, params, _param_defaults(factory))  # a typo fails at import time
    known = _GAME_DEFAULTS.setdefault(game, {}).get(name)
    if known is not None and known != params:
        raise ValueError(f"{game} already has defaults for {name!r}: {known}")
    _GAME_DEFAULTS[game][name] = params


def tuned_defaults(name: str, game: str | None) -> str | None:
    """The game's defaults for agent `name` ("k=v,k=v"), or None where it has none."""
    return None if game is None else _GAME_DEFAULTS.get(game, {}).get(name)


def agent_names(game: str | None = None) -> list[str]:
    """The agents for every game, and those of `game` if given."""
    own = _GAME_FACTORIES.get(game, {}) if game is not None else {}
    return sorted(set(_FACTORIES) | set(own))


def seats_played(name: str, game: str | None) -> tuple[str, ...] | None:
    """The seats or sides agent `name` plays in `game` as registered; None: every seat (or
    no such agent, which agent_maker refuses)."""
    if game is not None and name in _GAME_FACTORIES.get(game, {}):
        return _PLAYS.get((game, name))
    return _PLAYS.get((None, name))


def plays(name: str, game: Game, seat: str) -> bool:
    """Whether agent `name` (a name, not a spec) plays `seat` of `game`: it names no seats,
    or names the seat or the seat's side."""
    declared = seats_played(name, game.id)
    return declared is None or seat in declared or game.side_of(seat) in declared


def agents_for(game: Game, seat: str) -> list[str]:
    """The agents that play `seat` of `game`, by name."""
    return [name for name in agent_names(game.id) if plays(name, game, seat)]


def seat_problem(spec: str, game: Game, seat: str) -> str | None:
    """Why the agent of `spec` may not play `seat` of `game`, naming those that may; None
    where it may (or where the name is unknown: agent_maker says so)."""
    name = spec.strip().partition(":")[0]
    if plays(name, game, seat):
        return None
    declared = seats_played(name, game.id) or ()
    side = game.side_of(seat)
    whom = f"the {seat}" if side == seat else f"{seat} (the {side})"
    return (f"{name!r} plays the {' and the '.join(declared)} in {game.id}, not {whom}; "
            f"for {whom}: {', '.join(agents_for(game, seat))}")


def make_agent(spec: str, seed: int, game: str | None = None) -> Agent:
    """An agent from "name" or "name:k=v,k=v" (e.g. "random"), with its own seed. It knows no
    seat: seating.seat_agents (check_seating) refuses one given a seat it does not play."""
    return agent_maker(spec, game)(seed)


def agent_maker(spec: str, game: str | None = None) -> Callable[[int], Agent]:
    """Check a spec once and return seed -> Agent, for making one agent per game. A game's
    own agents, and its defaults for an agent's parameters (register_defaults), count only
    when `game` is given."""
    name, _, text = spec.strip().partition(":")
    own = _GAME_FACTORIES.get(game, {}) if game is not None else {}
    factory = own.get(name) or _FACTORIES.get(name)
    if factory is None:
        raise ValueError(
            f"unknown agent {name!r}; valid agents: {', '.join(agent_names(game))}"
        )
    defaults = _param_defaults(factory)
    if name in _TUNABLE and factory is _FACTORIES.get(name):
        defaults[TUNED] = True  # false: the generic defaults, whatever the game
    params = _parse_params(name, text, defaults)
    tuned = tuned_defaults(name, game) if params.pop(TUNED, True) else None
    if tuned is not None:  # the spec's own parameters win over the game's
        params = {**_parse_params(name, tuned, defaults), **params}
    missing = [k for k, v in defaults.items() if v is _REQUIRED and k not in params]
    if missing:
        raise ValueError(f"agent {name!r} needs {', '.join(missing)}, e.g. {name}:{missing[0]}=...")

    def make(seed: int) -> Agent:
        try:
            return factory(seed, **params)
        except ValueError as error:
            if tuned is None:
                raise
            # the clash may come from a default the person never wrote: say where it is from
            raise ValueError(f"{error} ({game}'s defaults for {name} are {tuned}; "
                             f"{name}:{TUNED}=false,... starts from the generic ones)") from None

    make(0)  # one agent made now, so that parameters its maker refuses are refused here
    return make


def _param_defaults(factory: AgentFactory) -> dict[str, Any]:
    """The factory's parameters after the seed, with their defaults (or _REQUIRED)."""
    found = {}
    for i, param in enumerate(inspect.signature(factory).parameters.values()):
        if i == 0 or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue  # the seed, or catch-alls that name nothing
        found[param.name] = param.default
    return found


def _parse_params(name: str, text: str, defaults: dict[str, Any]) -> dict[str, Any]:
    valid = ", ".join(defaults) if defaults else "none"
    params: dict[str, Any] = {}
    for pair in filter(None, (p.strip() for p in text.split(","))):
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq:
            raise ValueError(f"agent parameter {pair!r} must be written k=v, e.g. {name}:k=v")
        if key not in defaults:
            raise ValueError(f"agent {name!r} has no parameter {key!r}; valid parameters: {valid}")
        params[key] = _convert(name, key, value.strip(), defaults[key])
    return params


def _convert(name: str, key: str, text: str, default: Any) -> Any:
    kind = type(default)
    if kind is bool:
        if text.lower() in ("true", "yes", "on", "1"):
            return True
        if text.lower() in ("false", "no", "off", "0"):
            return False
    elif kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    else:
        return text  # a string, or no default to go by: the factory reads the text itself
    wanted = {bool: "true or false", int: "a whole number", float: "a number"}[kind]
    raise ValueError(f"agent {name!r} parameter {key!r}: {text!r} is not {wanted}, "
                     f"e.g. {name}:{key}={default}")
