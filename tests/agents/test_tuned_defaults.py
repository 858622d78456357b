"""A game's own defaults for the generic agents (register_defaults): `mcts` by its plain name is
the configuration measured strongest in that game (docs/analysis.md, "The agents ranked"),
the spec's own parameters win over them, and `tuned=false` gives the generic agent back."""

from __future__ import annotations

import inspect

import pytest

import deadtable
from deadtable.agents import MCTSAgent, agent_maker, register_defaults
from deadtable.agents.seating import seat_agents
from deadtable.games import chainsaw_warrior, left_4_dead, one_against_the_dead

PARAMETERS = list(inspect.signature(MCTSAgent).parameters)[1:]  # after the seed

# The settings of the planned comparisons that beat the heuristic, copied from their commands
# in docs/analysis.md (One Against the Dead: runs 5 and 6; Chainsaw Warrior: Kitting Out by
# sequential halving), so that a change of the defaults must change this test too.
MEASURED = {
    "one-against-the-dead":
        "iterations=96,batch=16,rollout=heuristic,paired=true,margin=2,tolerance=0.04",
    "chainsaw-warrior":
        "iterations=64,rollout=heuristic,paired=true,margin=2,sync=true,halving=12,final=256,"
        "narrowest=13",
    "left-4-dead":
        "paired=true,rollout=lineup,evaluate=true,focus=true,iterations=6,batch=2,depth=30,"
        "tolerance=0.005,margin=1,sync=true",
}


def settings(spec: str, game: str) -> dict[str, object]:
    deadtable.load(game)  # registers the game's agents and defaults
    agent = agent_maker(spec, game)(1)
    return {name: getattr(agent, name) for name in PARAMETERS}


@pytest.mark.parametrize("game", sorted(MEASURED))
def test_mcts_by_its_plain_name_is_the_measured_configuration(game: str) -> None:
    assert settings("mcts", game) == settings(f"mcts:tuned=false,{MEASURED[game]}", game)
    assert settings("mcts", game) != settings("mcts:tuned=false", game)


def test_each_games_module_names_the_defaults_it_registers() -> None:
    assert one_against_the_dead.MCTS_DEFAULTS == MEASURED["one-against-the-dead"]
    assert chainsaw_warrior.MCTS_DEFAULTS == MEASURED["chainsaw-warrior"]
    assert left_4_dead.MCTS_DEFAULTS == MEASURED["left-4-dead"]


def test_the_terminal_and_the_browser_seat_the_tuned_agent_by_its_plain_name() -> None:
    # both seat their agents through seating.seat_agents (cli.py's play, web/app.py's games)
    state = deadtable.load("one-against-the-dead").new(seed=1)
    agent = seat_agents(state, {"player": "mcts"})["player"]
    assert isinstance(agent, MCTSAgent)
    assert (agent.iterations, agent.rollout, agent.batch) == (96, "heuristic", 16)


def test_left_4_dead_searches_only_where_its_game_says() -> None:
    tuned = settings("mcts", "left-4-dead")
    assert (tuned["focus"], tuned["rollout"], tuned["depth"]) == (True, "lineup", 30)
    assert settings("mcts:tuned=false", "left-4-dead")["focus"] is False


def test_a_specs_own_parameters_win_over_the_games_defaults() -> None:
    game = "one-against-the-dead"
    cheap = settings("mcts:iterations=50", game)
    assert cheap == {**settings("mcts", game), "iterations": 50, "final": 50}
    plain = settings("mcts:tuned=false,iterations=50", game)
    assert (plain["iterations"], plain["rollout"], plain["paired"]) == (50, "random", False)


def test_without_a_game_the_generic_defaults_hold() -> None:
    agent = agent_maker("mcts")(1)
    assert isinstance(agent, MCTSAgent)
    assert (agent.iterations, agent.rollout, agent.paired) == (200, "random", False)


def test_a_clash_with_a_default_the_person_never_wrote_says_where_it_comes_from() -> None:
    deadtable.load("chainsaw-warrior")
    with pytest.raises(ValueError, match="chainsaw-warrior's defaults for mcts are .*tuned=false"):
        agent_maker("mcts:rollout=random", "chainsaw-warrior")  # refused when checked
    assert isinstance(agent_maker("mcts:tuned=false,rollout=random", "chainsaw-warrior")(1),
                      MCTSAgent)


def test_defaults_with_a_typo_are_refused_when_registered() -> None:
    with pytest.raises(ValueError, match="has no parameter 'iteratons'"):
        register_defaults("mcts", "iteratons=5", game="no-such-game")
    with pytest.raises(ValueError, match="no tunable agent 'cleverest'"):
        register_defaults("cleverest", "iterations=5", game="no-such-game")
    with pytest.raises(ValueError, match="no tunable agent 'random' for every game; valid: mcts"):
        register_defaults("random", "", game="no-such-game")


def test_only_a_tunable_agent_takes_tuned() -> None:
    with pytest.raises(ValueError, match="no parameter 'tuned'; valid parameters: none"):
        agent_maker("random:tuned=false", "one-against-the-dead")
    assert isinstance(agent_maker("mcts:tuned=false")(1), MCTSAgent)  # with or without a game
