"""The Gymnasium env across processes: an AsyncVectorEnv with an illegal action, and
pickling an env, a Game and a GameState (what checkpoints and process pools do)."""

from __future__ import annotations

import pickle

import pytest

from tests.extras import need

gym = need("gymnasium", reason="the rl extra (gymnasium) is not installed")
np = need("numpy", reason="the rl extra (numpy) is not installed")

import deadtable  # noqa: E402
from deadtable import registry  # noqa: E402
from deadtable.envs import gym_id  # noqa: E402
from deadtable.envs.common import IllegalEnvAction  # noqa: E402

ENV_ID = gym_id("one-against-the-dead")


def vector(illegal_action: str) -> object:
    return gym.vector.AsyncVectorEnv(
        [lambda: gym.make(ENV_ID, illegal_action=illegal_action) for _ in range(2)])


def an_illegal_action(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.filterwarnings("ignore::UserWarning")  # gymnasium logs the worker's traceback
def test_an_illegal_action_in_a_worker_raises_the_packages_error_and_closes_cleanly() -> None:
    envs = vector("raise")
    try:
        obs, _ = envs.reset(seed=3)
        masks = obs["action_mask"]
        actions = np.array([an_illegal_action(masks[0]), int(np.flatnonzero(masks[1])[0])])
        with pytest.raises(IllegalEnvAction, match=r"is not legal .* legal actions: \d+="):
            envs.step(actions)
    finally:
        envs.close()
    assert envs.closed


def test_with_illegal_action_lose_the_vector_env_plays_on() -> None:
    envs = vector("lose")
    try:
        obs, _ = envs.reset(seed=4)
        masks = obs["action_mask"]
        actions = np.array([an_illegal_action(masks[0]), int(np.flatnonzero(masks[1])[0])])
        obs, rewards, terminated, _, infos = envs.step(actions)
        assert rewards[0] == -1.0 and terminated[0] and not terminated[1]
        assert "is not legal" in infos["error"][0]
        obs, *_ = envs.step(np.array([0, int(np.flatnonzero(obs["action_mask"][1])[0])]))
        assert obs["action_mask"][0].any()  # env 0 was reset (next-step autoreset)
    finally:
        envs.close()


@pytest.mark.parametrize(("game_id", "encoding"), [
    ("one-against-the-dead", {}), ("chainsaw-warrior", {}), ("chainsaw-warrior", {"aim": "slot"}),
])
def test_an_env_pickles_mid_game_and_plays_on_the_same(game_id: str,
                                                       encoding: dict[str, str]) -> None:
    env = gym.make(gym_id(game_id), encoding_options=encoding)
    env.reset(seed=5)
    for _ in range(3):
        env.step(env.action_space.sample())
    copy = pickle.loads(pickle.dumps(env))
    assert copy.unwrapped.state == env.unwrapped.state
    env.action_space.seed(1)
    copy.action_space.seed(1)
    for _ in range(5):
        action = env.action_space.sample()
        assert copy.action_space.sample() == action
        a, b = env.step(action), copy.step(action)
        np.testing.assert_array_equal(a[0]["observation"], b[0]["observation"])
        if a[2]:
            break


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_games_and_states_pickle(game_id: str) -> None:
    game = deadtable.load(game_id)
    pickle.dumps(game.spec)  # no lambdas in a GameSpec
    state = game.new(seed=7)
    for _ in range(5):
        if state.outcome is not None:
            break
        state.apply(state.decision.ids[-1])
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.decision == state.decision
    assert pickle.loads(pickle.dumps(game)).options == game.options
    assert pickle.loads(pickle.dumps(game.python_rules())).kernel is None
