"""The study scripts in scripts/ run, and their shared world player is sound."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import deadtable
from deadtable.agents import make_agent, observe
from deadtable.engine.dice import Dice

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
sys.path.insert(0, str(SCRIPTS))

from paired_worlds import paired_wins  # noqa: E402


def test_paired_wins_plays_every_action_in_the_same_worlds_and_repeats_itself() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    obs = observe(state)
    player = make_agent("heuristic", seed=1, game="one-against-the-dead")
    first = paired_wins(obs, player, Dice(3), worlds=4, sync=True)
    assert set(first) == set(obs.decision.ids)
    assert all(len(v) == 4 and set(v) <= {0.0, 1.0} for v in first.values())
    assert paired_wins(obs, player, Dice(3), worlds=4, sync=True) == first


def test_sync_variance_prints_both_ways() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "sync_variance.py"), "one-against-the-dead",
         "--games", "1", "--worlds", "3", "--every", "4"],
        capture_output=True, text=True, check=True, timeout=300)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["dice"] for line in lines] == ["as dealt", "synchronised"]
    assert all(line["comparisons"] > 0 and line["mean_variance"] >= 0 for line in lines)


def test_switch_quality_judges_each_switch_on_fresh_worlds() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "switch_quality.py"), "one-against-the-dead",
         "--games", "2", "--worlds", "4", "--agent",
         "mcts:iterations=16,batch=8,rollout=heuristic,paired=true,margin=1"],
        capture_output=True, text=True, check=True, timeout=300)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    switches = [line for line in lines if "chosen" in line]
    assert switches and all(line["chosen"] != line["preferred"] for line in switches)
    assert all(-1 <= line["gain"] <= 1 and line["se"] >= 0 for line in switches)
    assert lines[-1]["switches"] == len(switches)


def test_cw_pick_order_compares_the_moved_card_on_the_same_seeds() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "cw_pick_order.py"), "rope-and-launcher", "0",
         "-o", "difficulty=easy", "-n", "6"],
        capture_output=True, text=True, check=True, timeout=300)
    line = json.loads(done.stdout)
    assert line["picks"][0] == "rope-and-launcher" and line["games"] == 6
    assert line["picks"].count("rope-and-launcher") == 1
    assert line["difference"] == (line["wins_moved"] - line["wins_as_it_is"]) / 6
    assert line["only_moved"] <= line["wins_moved"] and 0 <= line["mcnemar_p"] <= 1


def test_agent_memory_plays_kept_and_fresh_agents_on_the_same_seeds() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "agent_memory.py"), "one-against-the-dead",
         "heuristic", "-n", "30"],
        capture_output=True, text=True, check=True, timeout=300)
    line = json.loads(done.stdout)
    assert line["games"] == 30 and line["agent"] == "heuristic"
    assert line["difference"] == (line["wins_kept"] - line["wins_fresh"]) / 30
    assert line["only_kept"] <= line["wins_kept"] and line["only_fresh"] <= line["wins_fresh"]
    low, high = line["ci95"]
    assert low <= line["difference"] <= high


def test_l4d_table_draws_the_table_from_cells_run_apart(tmp_path: Path) -> None:
    def cell(wins: int, games: int, causes: dict[str, int]) -> dict[str, object]:
        rate = wins / games
        return {"games": games, "loss_causes": causes,
                "sides": {"survivors": {"win_rate": rate, "ci95": [rate / 2, (1 + rate) / 2]}}}

    (tmp_path / "a.json").write_text(json.dumps({"easy/1": cell(3, 4, {"x": 1})}))
    down = "no survivor left standing (last down: "
    (tmp_path / "b.json").write_text(json.dumps({"expert/1": cell(0, 4, {
        f"{down}Hunter)": 2, f"{down}SPITTER: Acid Vomit)": 1, "overrun": 1})}))
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "l4d_table.py"), "--load", str(tmp_path / "a.json"),
         str(tmp_path / "b.json")], capture_output=True, text=True, check=True, timeout=60)
    lines = done.stdout.splitlines()
    assert lines[0] == "| chapter | easy | expert |"
    assert lines[2] == "| 1 | 75% [38, 88] | 0% [0, 50] |"
    assert "| 1 | expert | 4 | 4 | Hunter 2, Spitter (Acid Vomit) 1, overrun 1 |" in lines


def test_l4d_table_pools_one_cell_run_on_two_seeds(tmp_path: Path) -> None:
    def cell(wins: int, games: int, seed: int, causes: dict[str, int]) -> dict[str, object]:
        return {"games": games, "seed": seed, "loss_causes": causes,
                "sides": {"survivors": {"win_rate": wins / games, "ci95": [0.0, 1.0]}}}

    (tmp_path / "a.json").write_text(json.dumps({
        "easy/1": cell(3, 4, 1, {"overrun": 1}), "easy/2": cell(1, 2, 1, {"overrun": 1})}))
    (tmp_path / "b.json").write_text(json.dumps({"easy/1": cell(5, 6, 2, {"overrun": 1})}))
    argv = [sys.executable, str(SCRIPTS / "l4d_table.py"), "--load", str(tmp_path / "a.json"),
            str(tmp_path / "b.json")]
    lines = subprocess.run(argv, capture_output=True, text=True, check=True,
                           timeout=60).stdout.splitlines()
    from deadtable.sim.stats import wilson

    low, high = wilson(8, 10)  # 3 of 4 and 5 of 6: 8 of 10, its interval drawn again
    assert lines[2] == f"| 1 | 80% [{100 * low:.0f}, {100 * high:.0f}] |"
    low, high = wilson(9, 12)  # both chapters of the difficulty together
    assert lines[4] == f"| 1-2 pooled | 75% [{100 * low:.0f}, {100 * high:.0f}] of 12 |"
    assert "| 1 | easy | 10 | 2 | overrun 2 |" in lines
    (tmp_path / "c.json").write_text(json.dumps({"easy/1": cell(2, 4, 1, {})}))
    done = subprocess.run([*argv[:-1], str(tmp_path / "c.json")], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "easy/1 is loaded twice with the same seed" in done.stderr


def test_l4d_table_resumes_with_the_cells_its_json_holds(tmp_path: Path) -> None:
    kept = {"games": 8, "loss_causes": {"overrun": 2},
            "sides": {"survivors": {"win_rate": 0.75, "ci95": [0.4, 0.93]}}}
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"easy/1": kept}))
    done = subprocess.run(  # every cell asked for is kept: nothing is played again
        [sys.executable, str(SCRIPTS / "l4d_table.py"), "--agent", "mcts", "--json", str(path),
         "--resume", "--chapter", "1", "--difficulty", "easy"],
        capture_output=True, text=True, check=True, timeout=60)
    assert "| 1 | 75% [40, 93] |" in done.stdout.splitlines()
    assert "$ deadtable" not in done.stderr
    assert json.loads(path.read_text()) == {"easy/1": kept}


def test_l4d_table_pools_the_pairs_of_compare_stores(tmp_path: Path) -> None:
    import sqlite3

    paths = []
    for name, pairs in (("a.db", [("win", "win"), ("win", "loss")]),
                        ("b.db", [("loss", "win"), ("loss", "loss"), ("win", None)])):
        path = tmp_path / name
        with sqlite3.connect(path) as store:
            store.execute("CREATE TABLE games (batch, config, idx, outcome)")
            for idx, outcomes in enumerate(pairs):
                for config, outcome in enumerate(outcomes):
                    if outcome is not None:  # an unfinished pair is left out
                        store.execute("INSERT INTO games VALUES (1, ?, ?, ?)",
                                      (config, idx, f"{outcome}:survivors"))
        paths.append(str(path))
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "l4d_table.py"), "--versus", "mcts", "--pool", *paths],
        capture_output=True, text=True, check=True, timeout=60)
    line = done.stdout.strip()
    assert line.startswith("mcts: 2 of 4, 50% [") and "| heuristic: 2 of 4, 50% [" in line
    assert "mcts - heuristic +0.000 [" in line and "only mcts 1, only heuristic 1" in line


def test_l4d_director_speed_times_the_directors_decisions_and_look_aheads() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "l4d_director_speed.py"), "--games", "1", "--seed", "3"],
        capture_output=True, text=True, check=True, timeout=300)
    measured = json.loads(done.stdout)
    assert measured["chapters"] == 1 and measured["chapters_per_second"] > 0
    assert measured["director_decisions"] > measured["look_aheads"] > 0
    assert 0 < measured["director_share_of_cpu"] < 1
    assert measured["look_aheads_per_second"] < measured["director_decisions_per_second"]


def test_l4d_look_ahead_regret_compares_both_ways_on_the_same_positions() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "l4d_look_ahead_regret.py"), "--chapters", "1",
         "--seed", "11", "--truth", "10", "--repeats", "2"],
        capture_output=True, text=True, check=True, timeout=300)
    measured = json.loads(done.stdout)
    assert measured["positions"] >= measured["contested"] > 0
    for way in ("shared", "fresh"):
        assert 0 <= measured[way]["best_picked"] <= 1
        assert measured[way]["mean_regret"] >= 0
    difference = measured["fresh"]["mean_regret"] - measured["shared"]["mean_regret"]
    assert abs(measured["regret_fresh_less_shared"] - difference) < 1e-9
