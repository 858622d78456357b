"""The OpenSpiel binding: pyspiel.load_game, random_sim_test, an OpenSpiel algorithm."""

from __future__ import annotations

import json

import pytest

import deadtable
from tests.extras import need

pyspiel = need(
    "pyspiel", reason="the rl extra (open_spiel) is not installed: pip install 'deadtable[rl]'")
np = need("numpy", reason="the rl extra (numpy) is not installed")

from open_spiel.python.algorithms import mcts  # noqa: E402

import deadtable.envs.openspiel as binding  # noqa: E402
from deadtable.envs.encodings import encoding_for  # noqa: E402

NAME = "deadtable_one_against_the_dead"


def test_importing_registers_the_games() -> None:
    assert {NAME, "deadtable_chainsaw_warrior"} <= set(binding.REGISTERED)
    assert NAME in pyspiel.registered_names()
    kind = pyspiel.load_game(NAME).get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.provides_information_state_string and kind.provides_observation_string
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor


def test_random_sim_test_passes() -> None:
    game = pyspiel.load_game(NAME, {"rng_seed": 3})
    pyspiel.random_sim_test(game, num_sims=8, serialize=False, verbose=False)


def test_random_sim_test_passes_on_chainsaw_warrior() -> None:
    game = pyspiel.load_game("deadtable_chainsaw_warrior", {"rng_seed": 3})
    actions = len(encoding_for(deadtable.load("chainsaw-warrior")).actions)
    assert game.num_players() == 1 and game.num_distinct_actions() == actions
    pyspiel.random_sim_test(game, num_sims=4, serialize=False, verbose=False)


def test_random_sim_test_passes_with_options() -> None:
    game = pyspiel.load_game(NAME, {"rng_seed": 4, "row": 3, "final_battle": "survive",
                                    "share_by": "dice"})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_the_game_describes_itself() -> None:
    game = pyspiel.load_game(NAME, {"row": 3})
    assert game.num_players() == 1 and game.num_distinct_actions() == 91
    assert game.observation_tensor_shape() == [2506]
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.new_initial_state().native.life == 6  # the option reached the game
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game(NAME, {"no_such_option": 1})


def test_states_show_the_seats_view() -> None:
    game = pyspiel.load_game(NAME, {"rng_seed": 1})
    state = game.new_initial_state()
    native = state.native
    legal = state.legal_actions()
    assert legal == sorted(legal)
    assert {state.action_to_string(0, a) for a in legal} == set(native.decision.ids)
    encoding = encoding_for(native.game)
    np.testing.assert_array_equal(
        np.asarray(state.observation_tensor(0), np.float32), encoding.encode(native.view("player"))
    )
    observation = json.loads(state.observation_string(0))
    info = json.loads(state.information_state_string(0))
    assert "log" not in observation and "log" not in info
    assert len(info["recall"]) == 32 and {**info, "recall": None} == {**observation,
                                                                      "recall": None}
    assert observation["position"] == [0, 0]


def test_a_clone_is_independent_and_plays_on_the_same() -> None:
    game = pyspiel.load_game(NAME, {"rng_seed": 2})
    state = game.new_initial_state()
    clone = state.clone()
    assert str(clone) == str(state)
    action = state.legal_actions()[-1]
    before = str(state)
    clone.apply_action(action)
    assert str(state) == before
    state.apply_action(action)
    assert str(state) == str(clone) and state.history() == clone.history()


def test_rng_seed_fixes_the_deals() -> None:
    a = pyspiel.load_game(NAME, {"rng_seed": 9})
    b = pyspiel.load_game(NAME, {"rng_seed": 9})
    c = pyspiel.load_game(NAME, {"rng_seed": 10})
    first = [str(a.new_initial_state()) for _ in range(3)]
    assert first == [str(b.new_initial_state()) for _ in range(3)]
    assert len(set(first)) == 3
    assert str(c.new_initial_state()) != first[0]


def test_returns_at_the_end_follow_the_outcome() -> None:
    game = pyspiel.load_game(NAME, {"rng_seed": 5})
    rng = np.random.default_rng(0)
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert state.returns() == [0.0]
            state.apply_action(int(rng.choice(state.legal_actions())))
        result = state.native.outcome.results["player"]
        assert state.returns() == [{"win": 1.0, "draw": 0.0, "loss": -1.0}[result]]
        assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_mcts_bot_plays_a_game() -> None:
    game = pyspiel.load_game(NAME, {"rng_seed": 6, "row": 3})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2.0, 20, evaluator, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 0 and state.returns()[0] in (-1.0, 1.0)


def test_two_seats_pass_random_sim_test(race_rl: str) -> None:
    name = binding.register_game(race_rl, {"players": 2}, name="deadtable_race_two_seats")
    game = pyspiel.load_game(name, {"rng_seed": 1, "players": 2, "target": 15})
    assert game.num_players() == 2
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)
    state = game.new_initial_state()
    assert state.current_player() == 0
    state.apply_action(0)
    assert state.current_player() == 1


def test_a_state_serializes_and_plays_on_the_same() -> None:
    """state.serialize() / game.deserialize_state() round-trip (for pyspiel's
    serialize_game_and_state see test_openspiel_tools.py)."""
    game = pyspiel.load_game(NAME, {"rng_seed": 8})
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    while not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply_action(action)
        again.apply_action(action)
    assert str(again) == str(state) and again.returns() == state.returns()


def test_a_bad_option_value_is_refused_with_the_games_own_message() -> None:
    from deadtable.engine.options import BadOption

    with pytest.raises(BadOption, match="'row': 100 is not accepted"):
        pyspiel.load_game(NAME, {"row": 100})
