"""A person's standing answers at the terminal (`auto`, ui/standing_cli.py) are kept in the save
beside the moves, and `continue` puts them back; a save whose answers make no sense for the
game is refused with what is wrong, and nothing is played."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from deadtable.engine.replay import Replay
from deadtable.ui.cli import app

runner = CliRunner()
PR = "psycho-raiders"


def run(*args: str, input: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def kept_game(tmp_path: Path) -> Path:
    """The raiders, a person, answer the sinister reveal "not now" until they say otherwise,
    then quit: the campers are the heuristic's."""
    saved = tmp_path / "game.json"
    code, out = run("play", PR, "--seed", "3", "-a", "campers=heuristic", "--save", str(saved),
                    input="auto reveal said\nq\n")
    assert code == 0, out
    assert "Now Sinister reveal: 'not now' until I say otherwise." in out
    return saved


def test_a_save_keeps_the_standing_answers_and_continue_puts_them_back(tmp_path: Path) -> None:
    saved = kept_game(tmp_path)
    meta = Replay.from_json(saved.read_text()).meta
    assert meta["agents"] == {"campers": "heuristic"}
    assert meta["standing"] == {"raiders": {"reveal": {"until": "said", "round": 0}}}
    code, out = run("continue", str(saved), input="auto\nq\n")
    assert code == 0, out
    assert " * auto reveal said: Sinister reveal: 'not now' until I say otherwise" in out
    assert " * auto road-trap off: Road Trap: ask me each time" in out
    assert Replay.from_json(saved.read_text()).meta["standing"] == meta["standing"]


def test_a_save_without_standing_answers_has_none(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    code, out = run("play", PR, "--seed", "3", "-a", "campers=heuristic", "--save", str(saved),
                    input="q\n")
    assert code == 0, out
    assert "standing" not in Replay.from_json(saved.read_text()).meta


def test_continue_refuses_standing_answers_that_make_no_sense(tmp_path: Path) -> None:
    saved = kept_game(tmp_path)
    data = json.loads(saved.read_text())
    for standing, said in [
        ({"campers": {"reveal": {"until": "said", "round": 1}}},
         "seat 'campers' answers no question in advance here (people who may: raiders)"),
        ({"raiders": {"dodge": {"until": "said", "round": 1}}},
         "raiders has no question 'dodge' to answer in advance; its questions: road-trap, "
         "reveal"),
        ({"raiders": {"reveal": {"until": "always", "round": 1}}},
         "a standing answer lasts"),
        ({"raiders": {"reveal": "said"}}, "the answer of raiders to reveal must be"),
        ("said", "standing answers must be seat -> question -> answer"),
    ]:
        data["meta"]["standing"] = standing
        saved.write_text(json.dumps(data))
        code, out = run("continue", str(saved), input="q\n")
        assert code != 0 and said in out and "Traceback" not in out, out
        assert json.loads(saved.read_text()) == data  # nothing played, nothing kept
