"""The agents of one game being played (terminal or browser): one per seat, for the whole game;
and which agent plays which seat, from specs given per seat, per side or for everyone.

An agent may remember what it saw (One Against the Dead's heuristic remembers where it has
walked; mcts can have its rollout agent follow the real game), so a seat keeps one agent from
the first move to the last. Each is seeded from the game's seed and the seat's number, and a
game taken up again (a kept game, a restarted server) shows the agents the moves already
made, so they go on as they would have.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from deadtable.agents.base import Agent, Observation, agent_maker, observe, seat_problem
from deadtable.engine.decisions import GameOver
from deadtable.engine.dice import derive_seed
from deadtable.engine.game import Game
from deadtable.engine.state import GameState

LINEUP = "lineup"  # mcts:rollout=lineup: each seat's own agent (GameSpec.lineup)
EVERY_SEAT_ROLLOUTS = ("random", LINEUP)  # rollout agents that play every seat whatever the game


class UnknownSeat(ValueError):
    """A name given an agent is neither a seat nor a side of the game."""


class WrongSeat(ValueError):
    """An agent given a seat it does not play (register_agent's `seats`)."""


def check_seating(game: Game, specs: Mapping[str, str]) -> None:
    """Refuse, before anything starts, an agent given a seat it does not play, and a search
    whose rollouts play every seat with an agent that does not (mcts:rollout=...): WrongSeat
    says which agents would do. Other faults of a spec are agent_maker's to find."""
    for seat, spec in specs.items():
        problem = seat_problem(spec, game, seat)
        if problem is not None:
            raise WrongSeat(problem)
    for spec in set(specs.values()):
        rollout = getattr(agent_maker(spec, game.id)(0), "rollout", None)
        if not isinstance(rollout, str) or rollout in EVERY_SEAT_ROLLOUTS:
            continue
        for seat in game.seats:  # a rollout plays every seat, whoever searches
            problem = seat_problem(rollout, game, seat)
            if problem is not None:
                raise WrongSeat(f"{spec!r}: its rollouts play every seat with {rollout!r}, but "
                                f"{problem}; rollout={LINEUP} plays each seat with the game's "
                                f"own agent for it")


def seating_text(game: Game) -> str:
    """'seats: a, b; sides: x (a, b)' for messages; the sides only where the game has any
    beyond one per seat."""
    text = f"seats: {', '.join(game.seats)}"
    if any(members != (side,) for side, members in game.sides.items()):
        text += "; sides: " + ", ".join(f"{side} ({', '.join(members)})"
                                        for side, members in game.sides.items())
    return text


def assign(game: Game, named: Mapping[str, str], everyone: str | None = None,
           base: Mapping[str, str] | None = None) -> dict[str, str]:
    """seat -> agent spec. `named` gives specs by seat or by side; a seat's own spec wins
    over its side's, a side's over `everyone` (a spec for every seat), and that over `base`
    (what the seats had before: a default, or the specs two configurations share). Seats
    that none of them names are left out (a person plays them). UnknownSeat names the valid
    seats and sides."""
    unknown = [name for name in named if name not in game.seats and name not in game.sides]
    if unknown:
        raise UnknownSeat(f"{unknown[0]!r} is neither a seat nor a side of {game.id}; "
                          f"{seating_text(game)}")
    specs = dict(base or {})
    if everyone is not None:
        specs.update(dict.fromkeys(game.seats, everyone))
    for side, members in game.sides.items():
        if side in named:
            specs.update(dict.fromkeys(members, named[side]))
    for seat in game.seats:  # last, so a seat's own spec wins; in the game's seat order
        if seat in named:
            specs[seat] = named[seat]
    return {seat: specs[seat] for seat in game.seats if seat in specs}


def seat_agents(state: GameState, specs: Mapping[str, str]) -> dict[str, Agent]:
    """seat -> its agent, for the seats given a spec, seeded from the game's seed. WrongSeat
    for an agent given a seat it does not play (check_seating)."""
    check_seating(state.game, specs)
    return {
        seat: agent_maker(specs[seat], state.game.id)(derive_seed(state.seed, 1 + number))
        for number, seat in enumerate(state.game.seats)
        if seat in specs
    }


def catch_up(state: GameState, agents: Mapping[str, Agent], actions: Sequence[str],
             apply: Callable[[GameState, str], None] | None = None) -> dict[str, int]:
    """Apply `actions` to `state`, asking each seat's agent at its decisions so that its memory
    and its dice are where they were. Returns the seats whose agent now chose otherwise, each
    with the index of the first such move (its code or parameters changed); the kept move is
    applied all the same. IllegalAction or GameOver if a move cannot be applied. `apply`
    applies each move instead of `GameState.apply` (an UndoStack's, to record them)."""
    differed: dict[str, int] = {}
    for index, action_id in enumerate(actions):
        decision = state.decision
        if decision is None:
            raise GameOver(f"the game ended before move {index + 1} ({action_id!r})")
        agent = agents.get(decision.seat)
        if agent is not None and agent.act(observe(state)) != action_id:
            differed.setdefault(decision.seat, index)
        if apply is None:
            state.apply(action_id)
        else:
            apply(state, action_id)
    return differed


class LineupAgent:
    """The game's own agents as one: each decision goes to the agent of the seat deciding
    (GameSpec.lineup, by seat or side; random for a seat it leaves out). What a search plays
    its rollouts with where one agent cannot play every seat (`mcts:rollout=lineup`)."""

    def __init__(self, game: Game, seed: int) -> None:
        specs = assign(game, game.spec.lineup, everyone="random")
        self.agents = {seat: agent_maker(spec, game.id)(derive_seed(seed, 1 + number))
                       for number, (seat, spec) in enumerate(specs.items())}

    def act(self, obs: Observation) -> str:
        return self.agents[obs.decision.seat].act(obs)
