"""The PettingZoo AEC binding: PettingZoo's own api_test and seed_test, on the two-seat race
game and on One Against the Dead as a one-agent AEC env."""

from __future__ import annotations

import pytest

from tests.extras import need

need("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
np = need("numpy", reason="the rl extra (numpy) is not installed")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from deadtable.envs.aec import DeadtableAEC, env  # noqa: E402
from deadtable.envs.common import IllegalEnvAction  # noqa: E402

TWO = {"players": 2, "target": 12}
# PettingZoo's advice that does not fit deadtable: seats keep the game's names ("red", not
# "player_0"), and observations are Classic-style dicts.
ADVICE = [
    "ignore:.*probably should be gymnasium.spaces.box",
    "ignore:.*agents to be named in the format",
    "ignore:Observation is not a NumPy array",
]


@pytest.mark.filterwarnings(*ADVICE)
def test_api_test_passes_on_two_seats(race_rl: str) -> None:
    api_test(env(race_rl, game_options=TWO), num_cycles=200)


@pytest.mark.filterwarnings(*ADVICE)
def test_seed_test_passes_on_two_seats(race_rl: str) -> None:
    seed_test(lambda: env(race_rl, game_options=TWO), num_cycles=200)


@pytest.mark.filterwarnings(*ADVICE)
@pytest.mark.parametrize("game_id", ["one-against-the-dead", "chainsaw-warrior"])
def test_api_and_seed_tests_pass_on_the_solo_games(game_id: str) -> None:
    api_test(env(game_id), num_cycles=300)
    seed_test(lambda: env(game_id), num_cycles=300)


def play(e, seed: int) -> dict[str, float]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            e.step(None)
            continue
        others = [a for a in e.agents if a != agent]
        for other in others:
            assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_the_winner_gets_one_and_the_loser_minus_one(race_rl: str) -> None:
    e = DeadtableAEC(race_rl, game_options=TWO)
    for seed in range(20):
        totals = play(e, seed)
        results = e.state.outcome.results
        assert totals == {s: {"win": 1.0, "loss": -1.0}[r] for s, r in results.items()}
        assert sorted(totals.values()) == [-1.0, 1.0]
        assert e.agents == []


def test_the_deciding_seat_is_selected(race_rl: str) -> None:
    e = DeadtableAEC(race_rl, game_options=TWO)
    e.reset(seed=1)
    assert e.agent_selection == "red"
    e.step(0)  # walk
    assert e.agent_selection == "blue" == e.state.decision.seat
    assert e.observe("blue")["action_mask"].tolist() == [1, 1]
    assert e.observe("red")["action_mask"].tolist() == [0, 0]


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    e = DeadtableAEC("one-against-the-dead")
    e.reset(seed=2)
    before = e.state.to_json()
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalEnvAction, match="is not legal"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.state.to_json() == before


def test_the_same_seed_plays_the_same_game(race_rl: str) -> None:
    a, b = DeadtableAEC(race_rl, game_options=TWO), DeadtableAEC(race_rl, game_options=TWO)
    play(a, 7)
    play(b, 7)
    assert a.state.to_json() == b.state.to_json()


def test_pettingzoos_render_test_passes() -> None:
    from pettingzoo.test import render_test

    from deadtable.envs.aec import env as aec_env

    def make(render_mode: str | None = None) -> object:
        return aec_env("one-against-the-dead", render_mode=render_mode)

    # rgb_array (with the video extra) is among the modes when CairoSVG is installed
    render_test(make)


def test_the_final_observation_mask_is_all_ones_and_infos_hold_integers() -> None:
    from deadtable.envs.aec import env as aec_env

    e = aec_env("one-against-the-dead")
    e.reset(seed=3)
    for _agent in e.agent_iter():
        obs, _, termination, truncation, info = e.last()
        if termination or truncation:
            assert obs["action_mask"].all() and info["legal_actions"] == []
            e.step(None)
            continue
        assert info["legal_actions"] == list(np.flatnonzero(obs["action_mask"]))
        e.step(info["legal_actions"][0])
