"""Every game's kernel, where it uses one, gives what the Python rules give: `deadtable sim`'s
random games, the mcts agent's choices and statistics, and the OpenSpiel binding's play. (Each
game's own kernel tests compare the two decision by decision; these check the places that use
a kernel.) Runs for every registered game that has a kernel built."""

from __future__ import annotations

import pytest

from deadtable import registry
from deadtable.agents import observe
from deadtable.agents.mcts import MCTSAgent
from deadtable.sim.bench import positions
from deadtable.sim.run import RunawayGame, play_one, simulate

KERNEL_GAMES = [g for g in registry.game_ids() if registry.load(g).kernel is not None]

pytestmark = pytest.mark.skipif(not KERNEL_GAMES, reason="no game has a kernel built here")


@pytest.mark.parametrize("game_id", KERNEL_GAMES)
@pytest.mark.parametrize("sync", [False, True])
def test_random_games_are_the_python_rules_games(game_id: str, sync: bool) -> None:
    _plays_alike(game_id, "random", 300, 11, sync)


def _plays_alike(game_id: str, agent: str, games: int, seed: int, sync: bool) -> None:
    """play_one gives the same games, kernel on and off, with `agent` in every seat."""
    game = registry.load(game_id)
    python = game.python_rules()
    agents = dict.fromkeys(game.seats, agent)
    for index in range(games):
        fast = play_one(game, seed, agents, index, sync_dice=sync)
        slow = play_one(python, seed, agents, index, sync_dice=sync)
        assert repr(fast) == repr(slow), f"game {index}"  # repr: the same types too


@pytest.mark.parametrize("game_id", KERNEL_GAMES)
def test_a_runaway_game_is_refused_alike(game_id: str) -> None:
    game = registry.load(game_id)
    agents = dict.fromkeys(game.seats, "random")
    for rules in (game, game.python_rules()):
        with pytest.raises(RunawayGame, match="did not end within 2 steps"):
            play_one(rules, 1, agents, 0, max_steps=2)


@pytest.mark.parametrize("game_id", KERNEL_GAMES)
def test_a_batch_is_the_same_with_the_kernel_off(game_id: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    fast = simulate(game_id, None, 200, 5, "random", 1)
    monkeypatch.setenv("DEADTABLE_KERNEL", "0")
    assert registry.load(game_id).kernel is None
    slow = simulate(game_id, None, 200, 5, "random", 1)
    for key in ("outcomes", "causes", "mean_steps", "mean_score", "length_histogram"):
        assert fast[key] == slow[key], key


@pytest.mark.parametrize("game_id", KERNEL_GAMES)
@pytest.mark.parametrize("settings", [{"iterations": 30}, {"iterations": 12, "paired": True},
                                      {"iterations": 20, "calls": 200}])
def test_mcts_with_random_rollouts_searches_alike(game_id: str,
                                                  settings: dict[str, object]) -> None:
    _searches_alike(game_id, settings, count=4, seed=3)


def _searches_alike(game_id: str, settings: dict[str, object], count: int, seed: int) -> None:
    """The mcts agent chooses alike, after as many iterations and forward-model calls, with
    the kernel on and off, from `count` positions of random play."""
    game = registry.load(game_id)
    for position in positions(game.python_rules(), count, seed):
        choices = []
        for rules in (game, game.python_rules()):
            state = rules.from_json(position.to_json())
            agent = MCTSAgent(7, **settings)  # type: ignore[arg-type]
            choices.append((agent.act(observe(state)), agent.last_iterations, agent.last_calls))
        assert choices[0] == choices[1]


AGENT_GAMES = [g for g in KERNEL_GAMES if "heuristic" in (registry.load(g).kernel.agents or ())]


@pytest.mark.parametrize("game_id", AGENT_GAMES)
@pytest.mark.parametrize("settings", [
    {"iterations": 6, "rollout": "heuristic"},
    {"iterations": 8, "rollout": "heuristic", "paired": True, "margin": 1.0},
    {"iterations": 8, "rollout": "heuristic", "paired": True, "sync": True, "batch": 4,
     "tolerance": 0.05},
])
def test_mcts_with_the_games_own_rollouts_searches_alike(game_id: str,
                                                         settings: dict[str, object]) -> None:
    """The kernel's twin of the game's agent plays the rollouts as the Python agent would."""
    _searches_alike(game_id, settings, count=3, seed=5)


@pytest.mark.parametrize("game_id", AGENT_GAMES)
@pytest.mark.parametrize("sync", [False, True])
def test_the_games_own_agent_plays_the_python_rules_games(game_id: str, sync: bool) -> None:
    """sim's games of the game's heuristic, played by its twin in the kernel."""
    _plays_alike(game_id, "heuristic", 120, 13, sync)
    game = registry.load(game_id)
    agents = dict.fromkeys(game.seats, "heuristic")
    with pytest.raises(RunawayGame, match="did not end within 3 steps"):
        play_one(game, 13, agents, 0, max_steps=3)
