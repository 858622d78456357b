"""The PettingZoo env over a solo game's kernel and compiled encoder plays the same episodes
as over the Python rules (kernel=False): observations, masks, rewards, infos, the final
state."""

from __future__ import annotations

from typing import Any

import pytest

from tests.envs.test_gym_kernel import KERNELS, built
from tests.extras import need

need("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
np = need("numpy", reason="the rl extra (numpy) is not installed")

from deadtable.envs.aec import DeadtableAEC  # noqa: E402
from deadtable.envs.common import IllegalEnvAction  # noqa: E402


def episode(e: DeadtableAEC, seed: int) -> list[tuple[Any, ...]]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    record: list[tuple[Any, ...]] = []
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        record.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(),
                       reward, termination, truncation, info))
        if termination or truncation:
            e.step(None)
            continue
        e.step(int(rng.choice(info["legal_actions"])))
    return record


@pytest.mark.parametrize(("game_id", "options", "encoding"), [
    ("one-against-the-dead", {}, {}), ("chainsaw-warrior", {}, {}),
    ("chainsaw-warrior", {"difficulty": "easy", "frenzy": True, "lucky-ammo": "456"}, {}),
    ("chainsaw-warrior", {}, {"aim": "slot"}),
])
def test_kernel_and_python_aec_envs_play_the_same_episodes(
        game_id: str, options: dict[str, Any], encoding: dict[str, Any]) -> None:
    built(game_id)
    fast = DeadtableAEC(game_id, game_options=options, encoding_options=encoding)
    slow = DeadtableAEC(game_id, game_options=options, encoding_options=encoding, kernel=False)
    assert fast.fast and not slow.fast
    for seed in range(20):
        assert episode(fast, seed) == episode(slow, seed)
        assert fast.state == slow.state  # the Python state, replayed over the kernel


@pytest.mark.parametrize("game_id", KERNELS)
def test_an_illegal_action_over_the_kernel_names_the_prompt_and_changes_nothing(
        game_id: str) -> None:
    built(game_id)
    e = DeadtableAEC(game_id)
    e.reset(seed=3)
    assert e.fast
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalEnvAction, match=r"now \(.+\); legal"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.state.history == []
    e.step(int(np.flatnonzero(mask)[0]))
    assert len(e.state.history) == 1

