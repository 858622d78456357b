"""Agents: programs that play a seat. make_agent("random", seed) -> Agent; see base.py."""

from deadtable.agents.base import (
    Agent,
    AgentFactory,
    FirstAgent,
    Observation,
    agent_maker,
    agent_names,
    agents_for,
    decision_of,
    make_agent,
    observe,
    plays,
    register_agent,
    register_defaults,
    seat_problem,
    seats_played,
    tuned_defaults,
)
from deadtable.agents.mcts import MCTSAgent
from deadtable.agents.random_agent import RandomAgent

register_agent("random", RandomAgent)
register_agent("first", FirstAgent)
register_agent("mcts", MCTSAgent, tunable=True)  # a game may set its defaults

__all__ = [
    "Agent",
    "AgentFactory",
    "FirstAgent",
    "MCTSAgent",
    "Observation",
    "RandomAgent",
    "agent_maker",
    "agent_names",
    "agents_for",
    "decision_of",
    "make_agent",
    "observe",
    "plays",
    "register_agent",
    "register_defaults",
    "seat_problem",
    "seats_played",
    "tuned_defaults",
]
