"""Sides in batches: per-side counts and rates, agents per side, merging, stores and resume."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deadtable.sim import Config, compare, make_config, simulate
from deadtable.sim.stats import Played, Tally, wilson
from deadtable.ui.cli import app

runner = CliRunner()
VARIES = ("seconds", "games_per_second", "resumed")
SIDES = {"heroes": ("hero-1", "hero-2"), "zombies": ("zombie-1", "zombie-2")}


def same_batch(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in VARIES}


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


# -- counting ----------------------------------------------------------------------------------
def test_sim_reports_each_side_and_each_seat_of_a_side_with_wilson_intervals(
        night_watch: str) -> None:
    result = simulate(night_watch, None, games=300, seed=4, agents="random")
    sides = result["sides"]
    assert list(sides) == ["heroes", "zombies"]
    heroes, zombies = sides["heroes"], sides["zombies"]
    assert heroes["seats"] == ["hero-1", "hero-2"] and heroes["games"] == 300
    wins, draws, losses = (heroes["outcomes"][k] for k in ("win", "draw", "loss"))
    assert wins + draws + losses == 300 and min(wins, draws, losses) > 0
    assert heroes["win_rate"] == wins / 300
    assert heroes["ci95"] == list(wilson(wins, 300))
    assert heroes["rates"]["loss"] == {"count": losses, "rate": losses / 300,
                                       "ci95": list(wilson(losses, 300))}
    # One side's wins are the other's losses in a two-sided game; draws are shared.
    assert zombies["outcomes"] == {"win": losses, "draw": draws, "loss": wins}
    assert set(heroes["by_seat"]) == {"hero-1", "hero-2"}
    assert heroes["by_seat"]["hero-2"]["outcomes"] == heroes["outcomes"]
    # The first seat's rates, as before, are its side's.
    assert result["rates"]["win"]["count"] == wins


def test_a_game_without_sides_reports_one_side_per_seat(race: str) -> None:
    result = simulate(race, {"players": 2, "target": 12}, games=100, seed=2)
    assert list(result["sides"]) == ["red", "blue"]
    assert result["sides"]["red"]["seats"] == ["red"] and "by_seat" not in result["sides"]["red"]
    assert result["sides"]["red"]["outcomes"]["win"] == result["rates"]["win"]["count"]


def test_per_side_counts_are_the_same_on_one_or_two_workers_and_in_any_chunks(
        night_watch: str) -> None:
    args = dict(game_id=night_watch, options={"players": 3}, games=240, seed=9,
                agents={"heroes": "first", "zombies": "random"})
    one = simulate(**args)
    two = simulate(**args, workers=2)
    small = simulate(**args, chunk=1)
    assert same_batch(one) == same_batch(two)
    assert one["sides"] == small["sides"]


def played(results: dict[str, str]) -> Played:
    return Played("x", 3, results, {}, "cause")


def test_tallies_merge_side_counts_to_the_same_in_any_grouping() -> None:
    games = [played({"hero-1": r, "hero-2": r, "zombie-1": o, "zombie-2": o})
             for r, o in [("win", "loss"), ("draw", "draw"), ("loss", "win"), ("win", "loss")]]
    whole = Tally("hero-1", sides=SIDES)
    for game in games:
        whole.add(game)
    parts = [Tally("hero-1", sides=SIDES) for _ in games]
    for part, game in zip(parts, games, strict=True):
        part.add(game)
    merged = Tally("hero-1", sides=SIDES)
    for part in reversed(parts):  # any order, any grouping
        merged.merge(part)
    assert merged == whole
    assert whole.side_counts == {"heroes": [2, 1, 1], "zombies": [1, 1, 2]}
    assert Tally.from_data(json.loads(json.dumps(whole.to_data()))) == whole


def test_a_tally_refuses_a_side_whose_seats_differ() -> None:
    tally = Tally("hero-1", sides=SIDES)
    with pytest.raises(ValueError, match="the seats of side 'heroes' do not share a result"):
        tally.add(played({"hero-1": "win", "hero-2": "loss", "zombie-1": "loss",
                          "zombie-2": "loss"}))


def test_a_tally_kept_before_sides_were_counted_gets_what_can_be_known() -> None:
    solo = Tally("player", games=10, wins=6, draws=1).to_data()
    for key in ("sides", "side_counts"):
        solo.pop(key)
    loaded = Tally.from_data(solo, {"player": ("player",)})
    assert loaded.sides_summary()["player"]["outcomes"] == {"win": 6, "draw": 1, "loss": 3}
    # Several sides: the first seat's side is known exactly (its seats share its results);
    # the others were not counted, and their `games` says so.
    old = Tally("hero-1", games=10, wins=4, draws=2).to_data()
    for key in ("sides", "side_counts"):
        old.pop(key)
    summary = Tally.from_data(old, SIDES).sides_summary()
    assert summary["heroes"]["outcomes"] == {"win": 4, "draw": 2, "loss": 4}
    assert summary["zombies"]["games"] == 0


# -- agents per seat and per side ----------------------------------------------------------------
def test_agents_by_side_with_a_seat_of_its_own(night_watch: str) -> None:
    config = make_config(night_watch, None, {"zombie-2": "first", "zombies": "random",
                                             "heroes": "first"})
    assert config.agents == {"hero-1": "first", "hero-2": "first", "zombie-1": "random",
                             "zombie-2": "first"}


@pytest.mark.parametrize("order", [("zombies=first", "zombie-2=random"),
                                   ("zombie-2=random", "zombies=first")])
def test_the_command_line_gives_a_seats_own_agent_over_its_sides_in_any_order(
        night_watch: str, order: tuple[str, str]) -> None:
    code, out, err = run("sim", night_watch, "-n", "10", "--seed", "1", "--json",
                         "-a", "random", "-a", order[0], "-a", order[1])
    assert code == 0, err
    assert json.loads(out)["agents"] == {"hero-1": "random", "hero-2": "random",
                                         "zombie-1": "first", "zombie-2": "random"}


@pytest.mark.parametrize("command", [("sim", "-n", "5"), ("play",)])
def test_an_unknown_seat_or_side_lists_the_valid_ones(night_watch: str,
                                                      command: tuple[str, ...]) -> None:
    code, _, err = run(command[0], night_watch, *command[1:], "-a", "ghouls=random")
    assert code == 2 and "Traceback" not in err
    assert err.strip() == (
        "deadtable: --agent: 'ghouls' is neither a seat nor a side of night-watch; seats: "
        "hero-1, hero-2, zombie-1, zombie-2; sides: heroes (hero-1, hero-2), zombies "
        "(zombie-1, zombie-2)")


def test_compare_configs_take_agents_by_side(night_watch: str) -> None:
    code, out, err = run("compare", night_watch, "-n", "40", "--seed", "2", "--json",
                         "-a", "zombies=first", "--a", "heroes=first hero-2=random",
                         "--b", "random")
    assert code == 0, err
    result = json.loads(out)
    assert result["a"]["agents"] == {"hero-1": "first", "hero-2": "random",
                                     "zombie-1": "first", "zombie-2": "first"}
    # A bare agent in a CONFIG plays every seat, over what the two configurations share.
    assert set(result["b"]["agents"].values()) == {"random"}
    assert list(result["a"]["sides"]) == ["heroes", "zombies"]
    assert result["a"]["sides"]["heroes"]["games"] == 40
    code, _, err = run("compare", night_watch, "-n", "4", "--a", "ghouls=first", "--b", "random")
    assert code == 2 and err.startswith("deadtable: --a: 'ghouls' is neither a seat nor a side")


def test_compare_counts_each_configurations_sides(night_watch: str) -> None:
    a = Config({"players": 4, "rounds": 2}, dict.fromkeys(
        ("hero-1", "hero-2", "zombie-1", "zombie-2"), "random"))
    b = Config({"players": 4, "rounds": 2}, {**a.agents, "hero-1": "first", "hero-2": "first"})
    result = compare(night_watch, a, b, games=60, seed=1, workers=2)
    for name in "ab":
        sides = result[name]["sides"]
        assert sides["heroes"]["outcomes"]["win"] == sides["zombies"]["outcomes"]["loss"]
        assert sides["heroes"]["games"] == 60


# -- text, stores and resume ---------------------------------------------------------------------
def test_the_sim_table_has_a_row_per_side(night_watch: str) -> None:
    code, out, err = run("sim", night_watch, "-n", "30", "--seed", "1", "--quiet")
    assert code == 0, err
    table = out[out.index("Each side's results"):]
    assert "│ heroes" in table and "│ zombies" in table


def test_a_batch_with_sides_resumes_from_the_store_with_the_same_counts(
        night_watch: str, tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    args = ("sim", night_watch, "-n", "80", "--seed", "6", "-a", "heroes=first", "--db", str(db),
            "--json")
    code, out, err = run(*args)
    assert code == 0, err
    first = json.loads(out)
    code, out, err = run(*args, "--resume")
    assert code == 0, err
    again = json.loads(out)
    assert again["resumed"] == 80 and again["sides"] == first["sides"]
    with sqlite3.connect(db) as conn:
        (configs,) = conn.execute("SELECT configs FROM batches").fetchone()
    # Stored configurations name an agent per seat, as before sides existed.
    assert json.loads(configs)[0]["agents"] == {"hero-1": "first", "hero-2": "first",
                                                "zombie-1": "random", "zombie-2": "random"}


def test_the_games_listing_gives_each_games_sides(night_watch: str) -> None:
    code, out, _ = run("games", "--json")
    assert code == 0
    (game,) = json.loads(out)
    assert game["sides"] == {"heroes": ["hero-1", "hero-2"], "zombies": ["zombie-1", "zombie-2"]}
    code, out, _ = run("games")
    assert code == 0 and "heroes: hero-1," in out and "zombies:" in out  # seats by side
