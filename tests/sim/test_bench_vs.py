"""`deadtable bench --vs openspiel` runs and reports its fields (speed itself is never asserted)."""

from __future__ import annotations

import json

import pytest

from tests.extras import need

need("pyspiel", reason="the rl extra (open_spiel) is not installed")

from typer.testing import CliRunner  # noqa: E402

from deadtable.sim.bench_vs import bench_vs  # noqa: E402
from deadtable.ui.cli import app  # noqa: E402

runner = CliRunner()


def test_bench_vs_openspiel_reports_both_paths_and_their_ratios() -> None:
    result = runner.invoke(app, ["bench", "one-against-the-dead", "--vs", "openspiel",
                                 "--games", "4", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["game"], data["vs"], data["games"]) == ("one-against-the-dead", "openspiel", 4)
    for path in ("native", "openspiel"):
        assert data[path]["games_per_second"] > 0 and data[path]["steps_per_second"] > 0
        assert data[path]["steps"] >= 4
    ratio = data["native"]["games_per_second"] / data["openspiel"]["games_per_second"]
    assert data["games_ratio"] == pytest.approx(ratio)
    assert data["native_us_per_step"] == pytest.approx(1e6 / data["native"]["steps_per_second"])
    assert "binding_us_per_step" in data
    mcts = data["mcts"]
    assert mcts["iterations"] == 100 and mcts["positions"] == 6
    assert mcts["native_iterations_per_second"] > 0 < mcts["openspiel_iterations_per_second"]
    assert data["clone"]["native_us"] > 0 < data["clone"]["openspiel_us"]
    assert data["clone"]["python_us"] > 0
    if data["kernel"]:  # the kernel plays natively; the Python rules' own rate is given too
        assert data["native_python_rules"]["games_per_second"] > 0
        assert data["clone"]["native_us"] == data["clone"]["kernel_us"]
    else:
        assert data["native_python_rules"] is None


def test_bench_vs_prints_a_table() -> None:
    result = runner.invoke(app, ["bench", "one-against-the-dead", "--vs", "openspiel",
                                 "--games", "2"])
    assert result.exit_code == 0, result.stderr
    assert "native" in result.stdout and "openspiel" in result.stdout and "×" in result.stdout


def test_bench_vs_refuses_an_unknown_framework_or_game() -> None:
    result = runner.invoke(app, ["bench", "--vs", "chess"])
    assert result.exit_code == 2 and "valid frameworks: openspiel, gym" in result.stderr
    result = runner.invoke(app, ["bench", "nogame", "--vs", "openspiel"])
    assert result.exit_code == 2 and "unknown game 'nogame'" in result.stderr


def test_a_game_with_no_encoding_is_refused_clearly(race: str) -> None:
    result = runner.invoke(app, ["bench", race, "--vs", "openspiel", "--games", "2"])
    assert result.exit_code == 2 and "has no RL encoding" in result.stderr


def test_the_mcts_comparison_uses_the_same_positions() -> None:
    data = bench_vs("one-against-the-dead", games=2, mcts_iterations=5, mcts_positions=2)
    assert data["mcts"]["positions"] == 2 and data["mcts"]["iterations"] == 5


def test_bench_vs_gym_reports_the_env_cartpole_and_the_ratio() -> None:
    result = runner.invoke(app, ["bench", "one-against-the-dead", "--vs", "gym", "--games", "2",
                                 "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["game"], data["vs"], data["env"]) == (
        "one-against-the-dead", "gym", "deadtable/OneAgainstTheDead-v1")
    for path in ("gym", "gym_python_rules", "cartpole"):
        assert data[path]["steps"] > 0 and data[path]["steps_per_second"] > 0
    rate = data["gym"]["steps_per_second"]
    assert data["ratio_to_cartpole"] == pytest.approx(rate / data["cartpole"]["steps_per_second"])
    table = runner.invoke(app, ["bench", "one-against-the-dead", "--vs", "gym", "--games", "1"])
    assert table.exit_code == 0 and "CartPole-v1" in table.stdout


def test_bench_vs_gym_refuses_a_game_without_a_gym_env() -> None:
    result = runner.invoke(app, ["bench", "psycho-raiders", "--vs", "gym", "--games", "1"])
    assert result.exit_code == 2 and "psycho-raiders has no Gymnasium env" in result.stderr


def test_bench_vs_gym_runs_left_4_dead_survivors_against_the_director() -> None:
    result = runner.invoke(app, ["bench", "left-4-dead", "--vs", "gym", "--games", "1",
                                 "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["env"] == "deadtable/Left4Dead-v1" and data["kernel"] is False
    assert "gym_python_rules" not in data and data["kernel_speedup"] is None
    assert data["gym"]["steps"] > 0 and data["gym"]["steps_per_second"] > 0


def test_bench_vs_gym_runs_a_solo_game_given_an_encoding_at_run_time(race: str) -> None:
    from deadtable.envs import encodings
    from tests.envs.race_encoding import make_race_encoding

    encodings.register(race, make_race_encoding)
    try:
        result = runner.invoke(app, ["bench", race, "--vs", "gym", "--games", "1", "--json"])
    finally:
        encodings.unregister(race)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["kernel"] is False
