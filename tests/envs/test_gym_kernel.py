"""The Gym env over One Against the Dead's kernel and compiled encoder plays the same
episodes as over the Python rules: observations, masks, rewards and infos, step by step."""

from __future__ import annotations

import pytest

from tests.extras import need

gym = need("gymnasium", reason="the rl extra (gymnasium) is not installed")
np = need("numpy", reason="the rl extra (numpy) is not installed")
need("deadtable.games.one_against_the_dead.kernel._oatd",
     "One Against the Dead's kernel is not built (pip install -e . with a C compiler)")

import deadtable.envs  # noqa: E402, F401
from deadtable.envs import gym_id  # noqa: E402

ENV_ID = gym_id("one-against-the-dead")


def episode(env: object, seed: int) -> list[tuple[object, ...]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    record = [(obs["observation"].tobytes(), obs["action_mask"].tobytes(), info["legal_ids"])]
    done = False
    while not done:
        action = int(rng.choice(info["legal_actions"]))
        obs, reward, done, _, info = env.step(action)
        record.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward,
                       info["legal_actions"], info.get("outcome")))
    return record


@pytest.mark.parametrize("options", [{}, {"row": 3, "share-by": "dice"}])
def test_kernel_and_python_envs_play_the_same_episodes(
        options: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    fast = gym.make(ENV_ID, game_options=options)
    assert fast.unwrapped.fast
    monkeypatch.setenv("DEADTABLE_KERNEL", "0")
    slow = gym.make(ENV_ID, game_options=options)
    assert not slow.unwrapped.fast
    for seed in range(25):
        assert episode(fast, seed) == episode(slow, seed)
    assert fast.unwrapped.state == slow.unwrapped.state  # the Python state, replayed


def test_an_illegal_action_over_the_kernel_names_the_prompt_and_changes_nothing() -> None:
    env = gym.make(ENV_ID)
    obs, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(deadtable.envs.common.IllegalEnvAction, match=r"now \(.+\); legal"):
        env.step(illegal)
    assert env.unwrapped.state.history == []
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
