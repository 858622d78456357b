"""`deadtable sim` and `deadtable compare` from the command line: store, plot, progress."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deadtable.ui.cli import app
from tests.extras import need

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_sim_keeps_batch_and_games_in_the_store(race: str, tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    code, out, err = run("sim", race, "-n", "50", "--seed", "3", "--db", str(db), "--records",
                         "--json")
    assert code == 0, err
    result = json.loads(out)
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT idx, outcome, steps FROM games ORDER BY idx").fetchall()
    assert [r[0] for r in rows] == list(range(50))
    assert sum(r[2] for r in rows) == result["mean_steps"] * 50
    code, out, err = run("sim", race, "-n", "50", "--seed", "3", "--db", str(db), "--records",
                         "--resume", "--json")
    assert code == 0, err
    assert json.loads(out)["resumed"] == 50


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--db", "x.db"), "--db and --resume need --seed"),
        (("--seed", "1", "--records"), "--resume and --records need --db FILE"),
        (("--seed", "1", "--backend", "dask"), "valid backends: process, ray"),
        (("--seed", "1", "--address", "1.2.3.4:6379"), "--address is for --backend ray"),
        (("--seed", "1", "--db", "nowhere.db", "--resume"), "no results store at nowhere.db"),
    ],
)
def test_sim_refuses_inconsistent_store_and_backend_flags(
    race: str, args: tuple[str, ...], message: str
) -> None:
    code, _, err = run("sim", race, "-n", "5", *args)
    assert code == 2 and message in err and "Traceback" not in err


def test_sim_shows_a_progress_bar_unless_quiet_or_json(race: str) -> None:
    code, out, err = run("sim", race, "-n", "30", "--seed", "1")
    assert code == 0 and "30/30" in err and "games/s" in err
    assert "win rate (player)" in out and "game length: mean" in out
    code, out, err = run("sim", race, "-n", "30", "--seed", "1", "--quiet")
    assert code == 0 and "30/30" not in err
    code, out, err = run("sim", race, "-n", "30", "--seed", "1", "--json")
    assert code == 0 and err == "" and json.loads(out)["games"] == 30


def test_sim_and_compare_draw_plots(race: str, tmp_path: Path) -> None:
    need("matplotlib", reason="matplotlib is not installed ('deadtable[plot]')")
    picture = tmp_path / "sim.png"
    code, _, err = run("sim", race, "-n", "40", "--seed", "2", "--plot", str(picture), "-q")
    assert code == 0, err
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 5000
    both = tmp_path / "compare.png"
    code, _, err = run("compare", race, "--a", "first", "--b", "random", "-n", "40",
                       "--seed", "2", "--plot", str(both), "-q")
    assert code == 0, err
    assert both.read_bytes()[:4] == b"\x89PNG"


def test_compare_reads_agents_seats_and_options(race: str) -> None:
    code, out, err = run("compare", race, "--a", "first target=6", "--b", "random target=6",
                         "-n", "60", "--seed", "4", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["a"]["agents"] == {"player": "first"}
    assert result["b"]["options"]["target"] == 6
    assert result["a"]["rates"]["win"]["rate"] == 1.0
    assert result["difference"] > 0 and result["ci95"][0] > 0
    code, out, err = run("compare", race, "-o", "players=2", "--a", "red=first",
                         "--b", "random", "-n", "20", "--seed", "4", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["a"]["agents"] == {"red": "first", "blue": "random"}
    code, out, _ = run("compare", race, "--a", "first", "--b", "first", "-n", "30", "--seed", "9")
    assert code == 0
    assert "win rate A - B: +0.0000" in out and "p = 1" in out


def test_compare_refuses_a_bad_config(race: str) -> None:
    code, _, err = run("compare", race, "--a", "target=0", "--b", "random", "-n", "5")
    assert code == 2 and "--a 'target=0'" in err
    code, _, err = run("compare", race, "--a", "random", "--b", "nobody", "-n", "5")
    assert code == 2 and "unknown agent 'nobody'" in err


def test_compare_gives_a_seat_its_agent_where_an_option_has_the_seats_name() -> None:
    # Left 4 Dead's seat `survivors` is also its option naming the four survivors who play
    code, out, err = run("compare", "left-4-dead", "--agent", "infected=random",
                         "--a", "survivors=random survivors=Coach,Ellis,Nick,Rochelle",
                         "--b", "survivors=random", "-n", "1", "--seed", "3", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["a"]["agents"] == {"survivors": "random", "infected": "random"}
    assert result["a"]["options"]["survivors"] == "Coach,Ellis,Nick,Rochelle"
    assert result["b"]["options"]["survivors"] == "Bill,Francis,Louis,Zoey"  # the default


def test_a_search_whose_rollouts_are_the_games_own_agents_is_accepted() -> None:
    from deadtable.ui.cli import _check_agent

    _check_agent("mcts:tuned=false,paired=true,rollout=lineup", "left-4-dead")
    with pytest.raises(ValueError, match="rollout=nobody: unknown agent 'nobody'"):
        _check_agent("mcts:tuned=false,rollout=nobody", "left-4-dead")
