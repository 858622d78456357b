"""Simulation at scale: many seeded games played by agents, counted and summarised."""

from deadtable.sim.run import DEFAULT_MAX_STEPS, RunawayGame, assign_agents, play_one, simulate
from deadtable.sim.stats import Played, Tally, wilson

__all__ = [
    "DEFAULT_MAX_STEPS",
    "Played",
    "RunawayGame",
    "Tally",
    "assign_agents",
    "play_one",
    "simulate",
    "wilson",
]
