"""The terminal's `undo` command: Left 4 Dead's survivors take back a figure's move and its
turn, one step at a time; the initiative roll stops them with the reason; the save forgets
what was undone. One Against the Dead refuses at its first decision and says why."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from deadtable import registry
from deadtable.engine.replay import Replay
from deadtable.ui.cli import app

runner = CliRunner()
WEAPONS = "1\n1\n1\n1\n"  # Left 4 Dead, seed 1: each survivor takes the first weapon offered


def play(*args: str, answers: str) -> str:
    result = runner.invoke(app, ["play", *args], input=answers)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_undo_walks_back_the_survivors_moves_and_the_save_forgets_them(tmp_path: Path) -> None:
    saved = tmp_path / "l4d.json"
    out = play("left-4-dead", "--seed", "1", "--save", str(saved),
               answers=WEAPONS + "undo\nturn:bill\n1\nundo\nundo\nundo\nq\n")
    assert "cannot undo: the dice were rolled" in out  # the initiative roll after the weapons
    assert out.count("undo: take back your last decision") >= 3
    first, second = (out.index("Undone: Move Bill to"), out.index("Undone: Bill takes a turn"))
    assert first < second
    assert out.rindex("cannot undo: the dice were rolled") > second
    replay = Replay.from_json(saved.read_text())
    assert len(replay.actions) == 4 and all(a.startswith("take") for a in replay.actions)
    assert replay.run(registry.load("left-4-dead")).decision is not None


def test_undo_at_the_first_decision_says_there_is_nothing_to_undo() -> None:
    out = play("one-against-the-dead", "--seed", "1", answers="undo\nq\n")
    assert "cannot undo: no decision has been made yet" in out
    assert "undo: take back your last decision" not in out


def test_a_continued_game_undoes_what_was_decided_before_it_was_kept(tmp_path: Path) -> None:
    saved = tmp_path / "l4d.json"
    play("left-4-dead", "--seed", "1", "--save", str(saved), answers=WEAPONS + "turn:bill\nq\n")
    assert Replay.from_json(saved.read_text()).actions[-1] == "turn:bill"
    result = runner.invoke(app, ["continue", str(saved)], input="undo\nq\n")
    assert result.exit_code == 0, result.output
    assert "Undone: Bill takes a turn" in result.stdout
    assert len(Replay.from_json(saved.read_text()).actions) == 4


def test_hot_seat_players_undo_only_their_own_decisions() -> None:
    out = play("left-4-dead", "--seed", "1", "--agent", "infected=human",
               answers="\n" + WEAPONS + "end-turn\n\nundo\nq\n")
    assert "Pass to infected" in out
    assert "cannot undo: survivors has decided since" in out
    assert "Undone" not in out
