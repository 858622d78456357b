"""The Gym env over a game's kernel and compiled encoder (One Against the Dead's, Chainsaw
Warrior's) plays the same episodes as over the Python rules: observations, masks, rewards and
infos, step by step."""

from __future__ import annotations

import pytest

from tests.extras import need

gym = need("gymnasium", reason="the rl extra (gymnasium) is not installed")
np = need("numpy", reason="the rl extra (numpy) is not installed")

import deadtable.envs  # noqa: E402, F401
from deadtable.envs import gym_id  # noqa: E402

KERNELS = {"one-against-the-dead": "deadtable.games.one_against_the_dead.kernel._oatd",
           "chainsaw-warrior": "deadtable.games.chainsaw_warrior.kernel._cw"}


def built(game_id: str) -> str:
    """The game's env id, once its kernel is found built (else the test is skipped)."""
    need(KERNELS[game_id], f"{game_id}'s kernel is not built (pip install -e . with a C "
                           f"compiler)")
    return gym_id(game_id)


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


@pytest.mark.parametrize(("game_id", "options"), [
    ("one-against-the-dead", {}), ("one-against-the-dead", {"row": 3, "share-by": "dice"}),
    ("chainsaw-warrior", {}),
    ("chainsaw-warrior", {"difficulty": "easy", "sprinting": True, "rapid-fire": True}),
])
def test_kernel_and_python_envs_play_the_same_episodes(
        game_id: str, options: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    env_id = built(game_id)
    fast = gym.make(env_id, game_options=options)
    assert fast.unwrapped.fast
    monkeypatch.setenv("DEADTABLE_KERNEL", "0")
    slow = gym.make(env_id, game_options=options)
    assert not slow.unwrapped.fast
    for seed in range(25):
        assert episode(fast, seed) == episode(slow, seed)
    assert fast.unwrapped.state == slow.unwrapped.state  # the Python state, replayed


@pytest.mark.parametrize("game_id", KERNELS)
def test_an_illegal_action_over_the_kernel_names_the_prompt_and_changes_nothing(
        game_id: str) -> None:
    env = gym.make(built(game_id))
    obs, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(deadtable.envs.common.IllegalEnvAction, match=r"now \(.+\); legal"):
        env.step(illegal)
    assert env.unwrapped.state.history == []
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_aiming_at_slots_over_the_kernel_plays_the_same_episodes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """aim="slot": the integers are named from the kernel's fight (the encoder's
    names_view), the observation written by the compiled encoder, with no Python state."""
    env_id = built("chainsaw-warrior")
    slot = {"aim": "slot"}
    fast = gym.make(env_id, encoding_options=slot)
    slow = gym.make(env_id, encoding_options=slot, kernel=False)
    assert fast.unwrapped.fast and not slow.unwrapped.fast
    names = fast.unwrapped.encoding.actions
    aimed = 0  # steps where an integer aimed at a slot was legal
    for seed in range(25):
        record = episode(fast, seed)
        assert fast.unwrapped._play._state is None  # never built
        assert record == episode(slow, seed)
        aimed += sum(any("@" in names[i] for i in step[3]) for step in record[1:])
    assert aimed > 20
    assert fast.unwrapped.state == slow.unwrapped.state
