"""`deadtable replay FILE --watch`: a kept game, one decision at a time (issue 18)."""

import json
from pathlib import Path

from typer.testing import CliRunner

from deadtable.ui.cli import app

runner = CliRunner()


def kept(race: str, tmp_path: Path, *answers: str) -> Path:
    file = tmp_path / "game.json"
    result = runner.invoke(app, ["play", race, "--seed", "4", "-o", "target=4", "--save",
                                 str(file)], input="".join(f"{a}\n" for a in answers))
    assert result.exit_code == 0
    return file


def test_watch_steps_one_decision_at_a_time_and_q_stops(race: str, tmp_path: Path) -> None:
    file = kept(race, tmp_path, "1", "1", "1", "1")
    result = runner.invoke(app, ["replay", str(file), "--watch"], input="\n\nq\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "[1/4] player: " in out and "-> Walk one step" in out
    assert "[2/4]" in out and "[3/4]" in out and "[4/4]" not in out
    assert "You are on 2 of 4" in out  # the board as it was at the third decision
    assert "Stopped after 2 of 4 decisions." in out


def test_watch_without_input_or_with_a_delay_plays_to_the_end(race: str, tmp_path: Path) -> None:
    file = kept(race, tmp_path, "1", "1", "1", "1")
    for args, given in (([], ""), (["--delay", "0"], None)):
        result = runner.invoke(app, ["replay", str(file), "--watch", *args], input=given)
        assert result.exit_code == 0, result.output
        assert "[4/4]" in result.stdout and "Game over: win (reached)" in result.stdout


def test_watch_an_unfinished_game_says_how_to_go_on(race: str, tmp_path: Path) -> None:
    file = kept(race, tmp_path, "1", "q")
    result = runner.invoke(app, ["replay", str(file), "--watch"], input="")
    assert result.exit_code == 0
    assert f"unfinished: `deadtable continue {file}` goes on" in " ".join(result.stdout.split())


def test_watch_checks_the_game_as_replay_does(race: str, tmp_path: Path) -> None:
    file = kept(race, tmp_path, "1", "1", "1", "1")
    data = json.loads(file.read_text())
    data["actions"][1] = "fly"
    file.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(file), "--watch"], input="")
    assert result.exit_code == 1
    assert "move 2 ('fly') is not a legal action there" in result.stderr


def test_delay_needs_watch(race: str, tmp_path: Path) -> None:
    file = kept(race, tmp_path, "1", "q")
    result = runner.invoke(app, ["replay", str(file), "--delay", "1"])
    assert result.exit_code == 2 and "--delay is for --watch" in result.stderr
