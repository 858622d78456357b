"""`mcts:focus=true`: the search compares only the actions the game names (GameSpec.focus),
and plays its rollout agent's choice where the game names fewer than two."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import deadtable
from deadtable.agents import MCTSAgent, Observation, make_agent, observe
from deadtable.engine.state import GameState
from deadtable.games.left_4_dead import agent_focus

FOCUSED = "mcts:tuned=false,paired=true,rollout=lineup,evaluate=true,focus=true,depth=5"


def a_survivors_choice(seed: int = 5) -> GameState:
    state = deadtable.load("left-4-dead").new(seed=seed)
    while state.decision is not None and (state.decision.seat != "survivors"
                                          or len(state.decision.ids) < 3):
        state.apply(state.decision.ids[0])
    return state


def test_focus_needs_a_paired_search_with_an_agent_rollout() -> None:
    with pytest.raises(ValueError, match="focus needs paired=true and an agent rollout"):
        make_agent("mcts:focus=true,rollout=heuristic", seed=1)
    with pytest.raises(ValueError, match="focus needs paired=true"):
        make_agent("mcts:focus=true,paired=true", seed=1)


def test_focus_needs_a_game_that_names_what_to_search() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    agent = make_agent("mcts:paired=true,rollout=heuristic,focus=true,iterations=2", seed=1,
                       game="one-against-the-dead")
    with pytest.raises(ValueError, match="does not say which actions are worth a search"):
        agent.act(observe(state))


def test_where_the_game_names_nothing_the_rollout_agents_choice_is_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(agent_focus, "focus", lambda state, ids, preferred: [])
    state = a_survivors_choice()
    agent = make_agent(FOCUSED, seed=1, game="left-4-dead")
    assert isinstance(agent, MCTSAgent)
    assert agent.act(observe(state)) == agent.last_preferred
    assert agent.last_iterations == 0


def test_only_the_named_actions_are_played(monkeypatch: pytest.MonkeyPatch) -> None:
    state = a_survivors_choice()
    assert state.decision is not None
    ids = state.decision.ids
    named: list[str] = []

    def two(world: GameState, legal: list[str], preferred: str) -> list[str]:
        named[:] = [preferred, next(i for i in legal if i != preferred)]
        return named

    monkeypatch.setattr(agent_focus, "focus", two)
    played: set[str] = set()
    real = MCTSAgent._play_worlds

    def spy(self: MCTSAgent, obs: Observation, actions: list[str], *rest: object) -> int:
        played.update(actions)
        return real(self, obs, actions, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(MCTSAgent, "_play_worlds", spy)
    agent = make_agent(FOCUSED + ",iterations=2", seed=1, game="left-4-dead")
    assert agent.act(observe(state)) in named
    assert played and played <= set(named) and len(ids) > len(named)


def scripted(agent: MCTSAgent, monkeypatch: pytest.MonkeyPatch,
             worlds: dict[str, list[float]]) -> list[int]:
    """Each action scores the given value in each world, in order; the batches played."""
    feeds: dict[str, Iterator[float]] = {a: iter(v) for a, v in worlds.items()}
    batches: list[int] = []

    def play(self: MCTSAgent, obs: Observation, actions: list[str],
             rewards: dict[str, list[float]], count: int) -> int:
        for action in actions:
            rewards[action].extend(next(feeds[action]) for _ in range(count))
        batches.append(count)
        return count

    monkeypatch.setattr(MCTSAgent, "_play_worlds", play)
    return batches


def focused(spec: str) -> MCTSAgent:
    agent = make_agent(FOCUSED + "," + spec, seed=1, game="left-4-dead")
    assert isinstance(agent, MCTSAgent)
    agent._spent = 0  # as act() starts each search
    return agent


def test_an_action_tied_in_every_world_leaves_after_one_batch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    agent = focused("iterations=8,batch=2")
    batches = scripted(agent, monkeypatch, {"a": [0.5] * 8, "b": [0.5] * 8})
    assert agent._focused(observe(a_survivors_choice()), "a", ["a", "b"]) == "a"
    assert batches == [2]


def test_the_best_clear_gain_above_the_tolerance_is_taken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    agent = focused("iterations=4,batch=2,tolerance=0.01,margin=1")
    scripted(agent, monkeypatch, {"a": [0.5] * 4, "b": [0.52, 0.53, 0.52, 0.53],
                                  "c": [0.505, 0.506, 0.505, 0.506]})
    assert agent._focused(observe(a_survivors_choice()), "a", ["a", "b", "c"]) == "b"


def test_a_gain_below_the_tolerance_or_within_its_noise_keeps_the_agents_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    agent = focused("iterations=4,batch=2,tolerance=0.01,margin=1")
    scripted(agent, monkeypatch, {"a": [0.5] * 4, "c": [0.505, 0.506, 0.505, 0.506]})
    assert agent._focused(observe(a_survivors_choice()), "a", ["a", "c"]) == "a"
    agent = focused("iterations=4,batch=2,tolerance=0.01,margin=1")
    scripted(agent, monkeypatch, {"a": [0.5] * 4, "d": [0.9, 0.1, 0.9, 0.2]})
    assert agent._focused(observe(a_survivors_choice()), "a", ["a", "d"]) == "a"
