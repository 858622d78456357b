"""scripts/baselines.py: its command line, its held-out games and its curve work without
torch; its MaskablePPO training runs where the baselines extra is installed."""

from __future__ import annotations

import json
import sys
from functools import partial
from pathlib import Path

import numpy as np
import pytest

import deadtable
from tests.extras import need

need("gymnasium", "the rl extra is not installed: pip install -e '.[rl]'", extra="rl")

from typer.testing import CliRunner  # noqa: E402

from deadtable.engine.dice import derive_seed  # noqa: E402
from deadtable.envs.encodings import encoding_for  # noqa: E402
from deadtable.envs.gym_env import DeadtableEnv  # noqa: E402
from deadtable.sim.run import simulate  # noqa: E402
from deadtable.sim.stats import wilson  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import baselines  # noqa: E402

runner = CliRunner()


def lowest(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """A policy: the lowest legal integer of each game."""
    assert observations.shape[0] == masks.shape[0] and masks.dtype == bool
    return masks.argmax(axis=1)


@pytest.mark.parametrize("game_id, options, games", [
    ("one-against-the-dead", {}, 12),
    ("chainsaw-warrior", {"difficulty": "easy"}, 2),
])
def test_a_policy_plays_the_held_out_games_deadtable_sim_plays(
        game_id: str, options: dict[str, str], games: int) -> None:
    game = deadtable.load(game_id, **options)
    seeds = baselines.held_out_seeds(7, games)
    assert seeds == [derive_seed(7, i) for i in range(games)]
    won = baselines.evaluate_policy(game, seeds, lowest)
    # the same policy on sim's game i, by the Python rules
    encoding = encoding_for(game)
    expected = []
    for seed in seeds:
        state = game.new(seed=seed)
        while (decision := state.decision) is not None:
            view = partial(state.view, decision.seat)
            state.apply(encoding.action_id(encoding.legal_indices(decision, view)[0], view))
        assert state.outcome is not None
        expected.append(state.outcome.results[game.seats[0]] == "win")
    assert won == expected


def test_the_agents_play_what_deadtable_sim_counts() -> None:
    game = deadtable.load("one-against-the-dead")
    won = baselines.evaluate_agent(game, "heuristic", 5, 40)
    summary = simulate(game.id, game.options, 40, 5, {"player": "heuristic"})
    assert sum(won) == summary["outcomes"]["win"] and 0 < sum(won) < 40


def test_training_never_deals_a_held_out_game() -> None:
    game = deadtable.load("one-against-the-dead")
    first = baselines.TrainingGames(DeadtableEnv(game.id), set(), seed=3)
    drawn = [first.reset()[1]["game_seed"] for _ in range(3)]
    assert first.reset(seed=3)[1]["game_seed"] == drawn[0]  # reseeding repeats the deals
    avoiding = baselines.TrainingGames(DeadtableEnv(game.id), {drawn[0]}, seed=3)
    obs, info = avoiding.reset()
    assert info["game_seed"] == drawn[1] and obs.shape == avoiding.observation_space.shape
    assert avoiding.action_masks().dtype == bool and avoiding.action_masks().any()


def test_the_curve_is_written_with_wilson_intervals_and_drawn(tmp_path: Path) -> None:
    need("matplotlib", "the plot extra is not installed: pip install -e '.[plot]'", extra="plot")
    game = deadtable.load("chainsaw-warrior", difficulty="easy")
    points = [baselines.Point.of(0, [False] * 9 + [True]), baselines.Point.of(512, [True] * 7)]
    assert points[0].win_rate == 0.1 and points[0].ci95 == wilson(1, 10)
    base = {"random": baselines.Point.of(0, [False] * 10),
            "heuristic": baselines.Point.of(0, [True] * 3 + [False] * 7)}
    record = baselines.curve_record(game, points, base, {"train_cpu_seconds": 60.0})
    assert record["label"] == "chainsaw-warrior difficulty=easy"
    hard = deadtable.load("chainsaw-warrior", difficulty="hard")  # the default, named
    assert baselines.label(hard) == "chainsaw-warrior"
    assert baselines.label(hard, ["difficulty"]) == "chainsaw-warrior difficulty=hard"
    baselines.write(record, tmp_path / "cw")
    data = json.loads((tmp_path / "cw.json").read_text())
    assert [p["timesteps"] for p in data["curve"]] == [0, 512]
    assert data["baselines"]["random"]["ci95"] == list(wilson(0, 10))
    (tmp_path / "cw.png").unlink()
    done = runner.invoke(baselines.app, ["plot", str(tmp_path / "cw.json")])
    assert done.exit_code == 0 and (tmp_path / "cw.png").stat().st_size > 1000
    done = runner.invoke(baselines.app, ["table", str(tmp_path / "cw.json")])
    assert done.exit_code == 0
    assert "| chainsaw-warrior difficulty=easy | 7 | 512 | 1.0 | 100.0% [64.6%, 100.0%] | " \
        "0.0% [0.0%, 27.8%] | 30.0% [10.8%, 60.3%] |" in done.output


@pytest.mark.parametrize("args, says", [
    (["train", "no-such-game", "--out", "x"], "no-such-game"),
    (["train", "chainsaw-warrior", "-o", "difficulty=nightmare", "--out", "x"], "difficulty"),
    (["train", "one-against-the-dead", "--out", "x", "--timesteps", "0"], "timesteps"),
    (["train", "one-against-the-dead"], "--out"),
])
def test_bad_arguments_say_what_is_wrong_without_a_traceback(args: list[str], says: str) -> None:
    done = runner.invoke(baselines.app, args)
    assert done.exit_code == 2 and says in done.output
    assert "Traceback" not in done.output


def test_training_without_the_extra_says_what_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)  # as if not installed
    done = runner.invoke(baselines.app, ["train", "one-against-the-dead", "--out",
                                         str(tmp_path / "x"), "--eval-games", "2"])
    assert done.exit_code == 1 and "pip install -e '.[rl,baselines]'" in done.output
    assert not list(tmp_path.iterdir())


def test_maskable_ppo_trains_and_is_evaluated_at_each_checkpoint(tmp_path: Path) -> None:
    need("sb3_contrib", "the baselines extra is not installed: pip install -e "
         "'.[rl,baselines]'", extra="baselines")
    need("matplotlib", "the plot extra is not installed", extra="plot")
    done = runner.invoke(baselines.app, [
        "train", "one-against-the-dead", "--out", str(tmp_path / "oatd"), "--timesteps", "128",
        "--checkpoints", "2", "--eval-games", "6", "--n-envs", "1", "--n-steps", "64",
        "--batch-size", "32", "--n-epochs", "1"])
    assert done.exit_code == 0, done.output
    data = json.loads((tmp_path / "oatd.json").read_text())
    assert [p["timesteps"] for p in data["curve"]] == [0, 64, 128]
    assert all(p["games"] == 6 for p in data["curve"])
    game = deadtable.load("one-against-the-dead")
    assert data["baselines"]["heuristic"]["wins"] == sum(
        baselines.evaluate_agent(game, "heuristic", baselines.EVAL_SEED, 6))
    assert data["versions"]["torch"] != "not installed" and data["training_games"] > 0
    assert data["finished"] and data["settings"]["timesteps"] == 128
    assert (tmp_path / "oatd.png").exists()


@pytest.mark.parametrize("command", ["plot", "table"])
def test_a_file_that_is_not_a_curve_is_refused_plainly(command: str, tmp_path: Path) -> None:
    (tmp_path / "other.json").write_text('{"game": "one-against-the-dead"}')
    done = runner.invoke(baselines.app, [command, str(tmp_path / "other.json")])
    assert done.exit_code == 2 and "not a curve written by `train`" in done.output
    assert "Traceback" not in done.output and not (tmp_path / "other.png").exists()
