"""The board games through the three bindings, each passing its library's own checker:
Gymnasium's check_env (Left 4 Dead's survivors against the director), PettingZoo's
api_test (every seat of the three games; Psycho Raiders with 2 and 5 players) and
OpenSpiel's random_sim_test. Games are shortened by their own options (max-rounds,
max-turns) so that a checker plays them to their end in seconds."""

from __future__ import annotations

import pytest

from tests.extras import need

np = need("numpy", reason="the rl extra (numpy) is not installed")
gym = need("gymnasium", reason="the rl extra (gymnasium) is not installed")
pyspiel = need("pyspiel", reason="the rl extra (open_spiel) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import deadtable.envs  # noqa: E402
import deadtable.envs.openspiel as binding  # noqa: E402
from deadtable.envs.aec import env as aec_env  # noqa: E402
from deadtable.envs.gym_env import DeadtableEnv  # noqa: E402

ADVICE = ("ignore:.*(player_0|Box|not a numpy|np.random|sampling).*",)
SHORT_L4D = {"max-rounds": 2}


def test_left_4_dead_has_a_gym_env_for_the_survivors() -> None:
    assert "deadtable/Left4Dead-v1" in deadtable.envs.GYM_ENVS
    env = gym.make("deadtable/Left4Dead-v1", game_options=SHORT_L4D)
    raw = env.unwrapped
    assert raw.seat == "survivors" and raw.opponents == {"infected": "director"}
    obs, info = env.reset(seed=3)
    assert info["legal_ids"] and all(raw.state.decision.seat == "survivors" for _ in [0])
    steps, done = 0, False
    while not done:
        obs, reward, done, truncated, info = env.step(env.action_space.sample())
        assert not truncated
        steps += 1
        if not done:
            assert raw.state.decision.seat == "survivors"  # the director played between
    assert reward in (-1.0, 0.0, 1.0) and steps > 5


def test_gym_check_env_passes_on_left_4_dead() -> None:
    env = DeadtableEnv("left-4-dead", game_options=SHORT_L4D, illegal_action="lose")
    check_env(env, skip_render_check=True)


def test_a_gym_env_replays_its_game_seed() -> None:
    a = DeadtableEnv("left-4-dead", game_options=SHORT_L4D)
    b = DeadtableEnv("left-4-dead", game_options=SHORT_L4D)
    for env in (a, b):
        env.reset(options={"game_seed": 11})
        env.action_space.seed(5)
    for _ in range(30):
        action = a.action_space.sample()
        assert b.action_space.sample() == action
        oa, *_ = a.step(action)
        ob, *_ = b.step(action)
        np.testing.assert_array_equal(oa["observation"], ob["observation"])
        if a._over:
            break


def test_gym_seats_and_opponents_are_checked_clearly() -> None:
    with pytest.raises(ValueError, match="seat 'zombies' is not a seat of left-4-dead"):
        DeadtableEnv("left-4-dead", seat="zombies")
    with pytest.raises(ValueError, match="psycho-raiders has 2 seats .*seat=\\.\\.\\."):
        DeadtableEnv("psycho-raiders")
    with pytest.raises(ValueError, match="seat 'raiders' has no default agent"):
        DeadtableEnv("psycho-raiders", seat="campers")
    env = DeadtableEnv("psycho-raiders", seat="campers", opponents={"raiders": "random"},
                       game_options={"max-turns": 2})
    env.reset(seed=1)
    assert env.state.decision.seat == "campers"


@pytest.mark.filterwarnings(*ADVICE)
@pytest.mark.parametrize("game_id,options", [
    ("left-4-dead", SHORT_L4D), ("last-night-on-earth", {}),
    ("psycho-raiders", {"players": 2, "max-turns": 3}),
    ("psycho-raiders", {"players": 5, "max-turns": 2}),
])
def test_pettingzoo_api_test_passes(game_id, options) -> None:
    api_test(aec_env(game_id, game_options=options), num_cycles=150)


@pytest.mark.parametrize("game_id,params", [
    ("left-4-dead", {"max_rounds": 2}), ("last-night-on-earth", {}),
])
def test_openspiel_random_sim_test_passes(game_id, params) -> None:
    game = pyspiel.load_game(binding.short_name(game_id), dict(params, rng_seed=3))
    assert game.num_players() == 2
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("players", [2, 5])
def test_openspiel_random_sim_test_passes_on_psycho_raiders(players) -> None:
    name = binding.register_game("psycho-raiders", {"players": players},
                                 name=f"deadtable_psycho_raiders_{players}p")
    game = pyspiel.load_game(name, {"players": players, "max_turns": 2, "rng_seed": 1})
    assert game.num_players() == players
    assert game.observation_tensor_shape() == [deadtable.envs.encoding_for(
        deadtable.load("psycho-raiders", players=players)).size]
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
