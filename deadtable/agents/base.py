"""What an agent is, and the registry that makes agents from specs such as "random".

An agent is handed the whole GameState (so that no copy is made per move), but it must play
fair: it may only read `state.decision` and `state.view(decision.seat)`. Everything else in the
state (the dice, face-down piles, other seats' hands) is the table's secret, and an agent that
peeks at it measures nothing. An agent never applies actions itself; it returns an action id.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Protocol

from deadtable.engine.decisions import Decision, GameOver
from deadtable.engine.state import GameState


class Agent(Protocol):
    def act(self, state: GameState) -> str:
        """The id of one of `state.decision.actions`."""
        ...


# A factory is called as factory(seed, **params) and returns an Agent. Its keyword parameters
# (with defaults) are the agent's parameters; their defaults' types say how to read the text.
AgentFactory = Callable[..., Agent]

_FACTORIES: dict[str, AgentFactory] = {}
_GAME_FACTORIES: dict[str, dict[str, AgentFactory]] = {}  # game id -> its own agents
_REQUIRED = inspect.Parameter.empty  # a factory parameter without a default


def decision_of(state: GameState) -> Decision:
    """The decision an agent is asked to make; an error if the game is already over."""
    decision = state.decision
    if decision is None:
        raise GameOver("the game is over; there is nothing to decide")
    return decision


class FirstAgent:
    """Always takes the first legal action: dull, deterministic, good for tests."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused; every factory takes a seed

    def act(self, state: GameState) -> str:
        return decision_of(state).actions[0].id


def register_agent(name: str, factory: AgentFactory, game: str | None = None) -> None:
    """Make `name` available to make_agent: for every game, or for one game only (a game's
    own heuristic agent, registered when the game is imported, e.g. "heuristic")."""
    if not name or ":" in name or "=" in name or "," in name:
        raise ValueError(f"agent name {name!r} must be non-empty, without ':', '=' or ','")
    table = _FACTORIES if game is None else _GAME_FACTORIES.setdefault(game, {})
    known = table.get(name)
    if known is not None and known is not factory:
        raise ValueError(f"an agent named {name!r} is already registered")
    table[name] = factory


def agent_names(game: str | None = None) -> list[str]:
    """The agents for every game, and those of `game` if given."""
    own = _GAME_FACTORIES.get(game, {}) if game is not None else {}
    return sorted(set(_FACTORIES) | set(own))


def make_agent(spec: str, seed: int, game: str | None = None) -> Agent:
    """An agent from "name" or "name:k=v,k=v" (e.g. "random"), with its own seed."""
    return agent_maker(spec, game)(seed)


def agent_maker(spec: str, game: str | None = None) -> Callable[[int], Agent]:
    """Check a spec once and return seed -> Agent, for making one agent per game. A game's
    own agents are found only when `game` is given."""
    name, _, text = spec.strip().partition(":")
    own = _GAME_FACTORIES.get(game, {}) if game is not None else {}
    factory = own.get(name) or _FACTORIES.get(name)
    if factory is None:
        raise ValueError(
            f"unknown agent {name!r}; valid agents: {', '.join(agent_names(game))}"
        )
    defaults = _param_defaults(factory)
    params = _parse_params(name, text, defaults)
    missing = [k for k, v in defaults.items() if v is _REQUIRED and k not in params]
    if missing:
        raise ValueError(f"agent {name!r} needs {', '.join(missing)}, e.g. {name}:{missing[0]}=...")

    def make(seed: int) -> Agent:
        return factory(seed, **params)

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
    raise ValueError(f"agent {name!r} parameter {key!r}: {text!r} is not a {kind.__name__}")
