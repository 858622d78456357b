"""`mcts:rollout=lineup` (each seat's own agent plays the rollouts) and `evaluate=true` (a
rollout cut short is scored by the game's evaluation, GameSpec.evaluate)."""

from __future__ import annotations

import pytest

import deadtable
from deadtable.agents import make_agent, observe
from deadtable.agents.random_agent import RandomAgent
from deadtable.agents.seating import LineupAgent
from deadtable.games.left_4_dead import evaluation
from deadtable.games.left_4_dead.agent_director import DirectorAgent
from deadtable.games.left_4_dead.agent_survivors import HeuristicAgent


def test_the_lineup_gives_each_seat_the_games_own_agent() -> None:
    agents = LineupAgent(deadtable.load("left-4-dead"), seed=1).agents
    assert isinstance(agents["survivors"], HeuristicAgent)
    assert isinstance(agents["infected"], DirectorAgent)


def test_a_game_without_a_lineup_plays_its_seats_at_random() -> None:
    agents = LineupAgent(deadtable.load("one-against-the-dead"), seed=1).agents
    assert all(isinstance(agent, RandomAgent) for agent in agents.values())


def test_the_lineup_answers_for_whoever_decides() -> None:
    state = deadtable.load("left-4-dead").new(seed=2)
    lineup = LineupAgent(state.game, seed=3)
    seen = set()
    for _ in range(200):
        decision = state.decision
        if decision is None:
            break
        seen.add(decision.seat)
        state.apply(lineup.act(observe(state)))
    assert seen == {"survivors", "infected"}


def test_evaluate_needs_a_game_that_evaluates() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    agent = make_agent("mcts:iterations=2,evaluate=true", seed=1)
    with pytest.raises(ValueError, match="no evaluation of unfinished games"):
        agent.act(observe(state))


def test_rollouts_cut_short_are_scored_by_the_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    state = deadtable.load("left-4-dead").new(seed=5)
    while state.decision is not None and len(state.decision.actions) < 2:
        state.apply(state.decision.actions[0].id)
    calls = []
    real = evaluation.evaluate

    def spy(world):  # type: ignore[no-untyped-def]
        calls.append(world)
        return real(world)

    monkeypatch.setattr(evaluation, "evaluate", spy)
    agent = make_agent("mcts:tuned=false,paired=true,rollout=lineup,evaluate=true,iterations=2,"
                       "depth=3",
                       seed=1, game="left-4-dead")
    assert agent.act(observe(state)) in state.decision.ids  # type: ignore[union-attr]
    assert calls, "no rollout was scored by the evaluation"
    assert all(world is not state for world in calls)  # sampled worlds, never the live game
