"""Simulation at scale: many seeded games played by agents, counted and summarised."""

from deadtable.sim.run import (
    DEFAULT_MAX_STEPS,
    Config,
    RunawayGame,
    assign_agents,
    compare,
    make_config,
    play_one,
    run_batch,
    simulate,
)
from deadtable.sim.stats import Pairs, Played, Tally, mcnemar, newcombe_paired, wilson

__all__ = [
    "DEFAULT_MAX_STEPS",
    "Config",
    "Pairs",
    "Played",
    "RunawayGame",
    "Tally",
    "assign_agents",
    "compare",
    "make_config",
    "mcnemar",
    "newcombe_paired",
    "play_one",
    "run_batch",
    "simulate",
    "wilson",
]
