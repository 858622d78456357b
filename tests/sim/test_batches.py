"""Batches: the same outcomes on any back end, resumed from the store, compared on seeds."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deadtable.sim import Config, compare, make_config, run_batch, simulate
from deadtable.sim.store import Store
from tests.extras import need

ROOT = Path(__file__).resolve().parents[2]
VARIES = ("seconds", "games_per_second", "resumed")


def same_batch(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in VARIES}


def test_scores_sum_the_same_in_any_grouping(race: str) -> None:
    # Scores are floats: only merging chunks in their order makes sums agree bit for bit.
    args = dict(game_id=race, options={"players": 2, "target": 13}, games=150, seed=5,
                agents="random")
    one = simulate(**args)
    two = simulate(**args, workers=2)
    small = simulate(**args, chunk=1)
    assert one["mean_score"] == two["mean_score"]
    assert one["mean_score"]["red"] > 0
    assert same_batch(one) == same_batch(two)
    assert one["outcomes"] == small["outcomes"] and one["causes"] == small["causes"]


def test_interrupting_returns_what_was_measured(race: str) -> None:
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done >= 40:
            raise KeyboardInterrupt

    result = simulate(race, {"target": 9}, games=200, seed=3, chunk=10, progress=progress)
    assert result["interrupted"] is True
    assert result["games"] == 40 and result["requested"] == 200
    assert sum(result["outcomes"].values()) == 40
    assert seen[0] == 0 and seen[-1] == 40


def test_a_batch_in_the_store_is_not_played_twice(race: str, tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    first = simulate(race, {"target": 9}, games=120, seed=3, db=db, records=True)
    calls = []
    again = simulate(race, {"target": 9}, games=120, seed=3, db=db, records=True,
                     progress=lambda done, total: calls.append(done))
    assert again["resumed"] == 120 and calls == [120]
    assert same_batch(first) == same_batch(again)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (120,)
        rows = conn.execute("SELECT outcome, COUNT(*) FROM games GROUP BY outcome").fetchall()
        assert dict(rows) == first["outcomes"]
        (options,) = conn.execute("SELECT options FROM game_records LIMIT 1").fetchone()
        assert json.loads(options) == {"target": 9, "players": 1}
        assert conn.execute("SELECT COUNT(*) FROM batches").fetchone() == (1,)
    other = simulate(race, {"target": 9}, games=120, seed=4, db=db)  # another batch
    assert other["resumed"] == 0
    batches = Store(db).batches()
    assert [b["seed"] for b in batches] == [3, 4]
    assert all(b["finished"] and b["played"] == 120 for b in batches)
    with pytest.raises(ValueError, match="no such batch to resume"):
        simulate(race, {"target": 9}, games=120, seed=5, db=db, resume=True)


def _begin(race: str, db: str) -> dict:
    """Play 40 of a batch's 200 games into `db`, then stop as Ctrl-C would."""

    def stop(done: int, total: int) -> None:
        if done >= 40:
            raise KeyboardInterrupt

    return simulate(race, {"target": 9}, games=200, seed=3, chunk=10, db=db, progress=stop)


def _chunks(db: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0])


def test_a_batch_resumes_only_on_code_that_plays_its_games_the_same(
        race: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.sim import race_game

    db = str(tmp_path / "runs.db")
    assert _begin(race, db)["interrupted"] and _chunks(db) == 4
    store = Store(db)
    ((first, *_),) = store.witnesses(1, 1)
    store.close()
    assert first[0] == 0 and first[3] >= 1  # (index, label, cause, steps): game 0
    real = race_game.RaceState._apply

    def no_dice(self: race_game.RaceState, action_id: str) -> None:
        real(self, "walk")  # a rule changed: a roll runs one step

    monkeypatch.setattr(race_game.RaceState, "_apply", no_dice)
    with pytest.raises(ValueError, match=(
            r"this code plays game 0 of the kept batch \(player=random; "
            r"target=9, players=1\) differently from the code that began it: it was")):
        simulate(race, {"target": 9}, games=200, seed=3, chunk=10, db=db)
    assert _chunks(db) == 4, "nothing was played into the batch"
    monkeypatch.setattr(race_game.RaceState, "_apply", real)
    whole = simulate(race, {"target": 9}, games=200, seed=3, chunk=10, db=db)
    assert whole["resumed"] == 40 and whole["games"] == 200
    assert same_batch(whole) == same_batch(simulate(race, {"target": 9}, games=200, seed=3,
                                                    chunk=10))


def test_chunks_kept_before_witnesses_resume_unchecked(
        race: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.sim import race_game

    db = str(tmp_path / "old.db")
    _begin(race, db)
    with sqlite3.connect(db) as conn:
        for number, text in conn.execute("SELECT number, data FROM chunks").fetchall():
            data = json.loads(text)
            data.pop("witnesses")
            conn.execute("UPDATE chunks SET data = ? WHERE number = ?",
                         (json.dumps(data), number))
    store = Store(db)
    assert store.witnesses(1, 1) == [[]]
    store.close()
    real = race_game.RaceState._apply
    monkeypatch.setattr(race_game.RaceState, "_apply", lambda self, a: real(self, "walk"))
    assert simulate(race, {"target": 9}, games=200, seed=3, chunk=10, db=db)["resumed"] == 40


def _cli(*args: str) -> list[str]:
    # The race game is registered for the child process by hand, as the fixture does here.
    code = ("import sys; from deadtable import registry; "
            "registry._MODULES['race'] = 'tests.sim.race_game'; "
            "from deadtable.ui.cli import main; sys.argv = ['deadtable', *sys.argv[1:]]; main()")
    return [sys.executable, "-c", code, *args]


def test_a_killed_batch_resumes_from_the_store_to_the_same_totals(
    race: str, tmp_path: Path
) -> None:
    db = tmp_path / "killed.db"
    args = ["sim", "race", "-n", "400", "--seed", "11", "-o", "target=25", "-a",
            "mcts:iterations=4", "--db", str(db), "--records", "--quiet", "--json"]
    child = subprocess.Popen(_cli(*args), cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    kept = 0
    try:
        while time.monotonic() < deadline and child.poll() is None:
            if db.exists():
                try:
                    with sqlite3.connect(db) as conn:
                        kept = conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
                except sqlite3.OperationalError:
                    kept = 0  # the tables are being made
            if kept >= 10:
                break
            time.sleep(0.02)
        assert child.poll() is None, "the batch finished before it could be killed"
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait()
    with sqlite3.connect(db) as conn:
        kept = conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
        (finished,) = conn.execute("SELECT finished FROM batches").fetchone()
    assert 10 <= kept < 100 and finished is None

    resumed = subprocess.run(_cli(*args, "--resume"), cwd=ROOT, capture_output=True, text=True,
                             check=True)
    after = json.loads(resumed.stdout)
    assert after["resumed"] == kept * 4 and after["interrupted"] is False
    whole = simulate(race, {"target": 25}, games=400, seed=11, agents="mcts:iterations=4")
    assert same_batch(after) == same_batch(whole)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*), COUNT(DISTINCT idx) FROM games").fetchone() == (
            400, 400)


@pytest.mark.ray
def test_ray_gives_the_same_outcomes_as_one_process(race: str, tmp_path: Path) -> None:
    need("ray", reason="Ray is not installed (pip install 'deadtable[ray]')")
    args = dict(game_id=race, options={"target": 12, "players": 2}, games=240, seed=2024,
                agents="random")
    local = simulate(**args)
    # Ray in a process of its own (tests/sim/ray_batches.py): a Ray that aborts its driver
    # takes that process down, not this pytest-xdist worker, and the failure shows why.
    command = [sys.executable, "-m", "tests.sim.ray_batches", str(tmp_path / "ray.db"),
               json.dumps(args)]
    try:
        child = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired as stuck:
        pytest.fail(f"the Ray batches took over 300 s; their stderr ends:\n{stuck.stderr!r}")
    lines = child.stdout.splitlines()
    assert child.returncode == 0 and lines, (
        f"the Ray batches' process exited with {child.returncode}; its stderr ends:\n"
        f"{child.stderr[-4000:]}")
    played = json.loads(lines[-1])
    on_ray, cut, rest = played["on_ray"], played["cut"], played["rest"]
    assert same_batch(on_ray) == same_batch(local)
    assert sum(local["outcomes"].values()) == 240
    assert cut["interrupted"] is True and 60 <= cut["games"] < 240
    assert sum(cut["outcomes"].values()) == cut["games"]
    assert rest["resumed"] == cut["games"], "every chunk measured before Ctrl-C was kept"
    assert rest["interrupted"] is False and same_batch(rest) == same_batch(local)
    # ray.cancel on a task whose reply is arriving aborts the driver (deadtable/sim/run.py)
    assert played["cancels"] == 0, "a stopped Ray batch cancelled its tasks"


def test_compare_on_identical_configs_finds_no_difference(race: str) -> None:
    config = make_config(race, {"target": 10}, "random")
    result = compare(race, config, config, games=200, seed=8)
    assert result["difference"] == 0.0
    assert result["pairs"]["only_a"] == result["pairs"]["only_b"] == 0
    assert result["p_value"] == 1.0
    lo, hi = result["ci95"]
    assert lo < 0 < hi and lo == pytest.approx(-hi, abs=1e-9)
    assert result["a"]["outcomes"] == result["b"]["outcomes"]


def test_compare_pairs_the_same_seeds(race: str) -> None:
    walker = make_config(race, {"target": 6}, "first")  # always lands on 6
    gambler = make_config(race, {"target": 6}, "random")
    result = compare(race, walker, gambler, games=150, seed=1)
    pairs = result["pairs"]
    assert pairs["only_b"] == pairs["neither"] == 0  # the walker never loses
    assert pairs["both"] == result["b"]["rates"]["win"]["count"]
    assert result["difference"] == pytest.approx(pairs["only_a"] / 150)
    assert result["ci95"][0] > 0 and result["p_value"] < 1e-6
    alone = simulate(race, {"target": 6}, games=150, seed=1, agents="random")
    assert alone["outcomes"] == result["b"]["outcomes"]  # the same seeds as a plain batch


def test_compare_options_on_the_same_agents(race: str) -> None:
    near = Config({"target": 2, "players": 1}, {"player": "random"})
    far = Config({"target": 30, "players": 1}, {"player": "random"})
    result = compare(race, near, far, games=100, seed=2)
    assert result["a"]["options"]["target"] == 2 and result["b"]["options"]["target"] == 30
    assert result["a"]["length"]["mean"] < result["b"]["length"]["mean"]


def test_run_batch_refuses_bad_settings(race: str) -> None:
    config = make_config(race, {}, "random")
    with pytest.raises(ValueError, match="valid backends: process, ray"):
        run_batch(race, [config], 10, 0, backend="dask")
    with pytest.raises(ValueError, match="chunk must be at least 1"):
        run_batch(race, [config], 10, 0, chunk=0)
