"""Batches with synchronised dice (`--sync-dice`): fair, reproducible, kept apart in the store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import deadtable
from deadtable.sim import compare, make_config, play_one, simulate
from deadtable.ui.cli import app

GAME = "one-against-the-dead"  # it marks every move
VARIES = ("seconds", "games_per_second", "resumed")


def _same(left: dict, right: dict) -> None:
    for key in VARIES:
        left.pop(key), right.pop(key)
    assert left == right


def test_a_synchronised_game_is_played_on_other_dice_the_same_way_every_time() -> None:
    game = deadtable.load(GAME)
    agents = {"player": "heuristic"}
    plain = [play_one(game, 7, agents, i) for i in range(12)]
    synced = [play_one(game, 7, agents, i, sync_dice=True) for i in range(12)]
    assert synced == [play_one(game, 7, agents, i, sync_dice=True) for i in range(12)]
    assert synced != plain  # the same games dealt, other rolls from the first move on


def test_synchronised_outcomes_do_not_depend_on_the_workers() -> None:
    one = simulate(GAME, games=24, seed=4, agents="heuristic", sync_dice=True)
    two = simulate(GAME, games=24, seed=4, agents="heuristic", workers=2, sync_dice=True)
    assert one["sync_dice"] is True
    _same(one, two)


def test_a_synchronised_batch_never_resumes_a_plain_one(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    simulate(GAME, games=10, seed=2, agents="random", db=db)
    with pytest.raises(ValueError, match="--sync-dice must all be the same"):
        simulate(GAME, games=10, seed=2, agents="random", db=db, resume=True, sync_dice=True)
    first = simulate(GAME, games=10, seed=2, agents="random", db=db, sync_dice=True)
    again = simulate(GAME, games=10, seed=2, agents="random", db=db, resume=True,
                     sync_dice=True)
    assert first["resumed"] == 0 and again["resumed"] == 10
    _same(first, again)


def test_compare_with_synchronised_dice_from_the_command_line() -> None:
    result = CliRunner().invoke(app, ["compare", GAME, "--a", "heuristic", "--b", "first",
                                      "-n", "12", "--seed", "3", "--sync-dice", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["sync_dice"] is True
    direct = compare(GAME, make_config(GAME, None, "heuristic"), make_config(GAME, None, "first"),
                     games=12, seed=3, sync_dice=True)
    assert data["pairs"] == direct["pairs"]
    table = CliRunner().invoke(app, ["compare", GAME, "--a", "heuristic", "--b", "first",
                                     "-n", "4", "--seed", "3", "--sync-dice", "-q"])
    assert "synchronised dice" in table.stdout


def test_sim_says_when_its_dice_were_synchronised() -> None:
    shown = CliRunner().invoke(app, ["sim", GAME, "-n", "3", "--seed", "1", "--sync-dice", "-q"])
    assert shown.exit_code == 0, shown.stderr
    assert "synchronised dice" in shown.stdout
    plain = CliRunner().invoke(app, ["sim", GAME, "-n", "3", "--seed", "1", "-q"])
    assert "synchronised" not in plain.stdout
