"""What a user who types the wrong thing (or presses Ctrl-C) gets: one clear line, never a
traceback, and nothing changed (issue 18, "Command line")."""

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deadtable.agents import base as agents
from deadtable.engine.options import Option, OptionSet
from deadtable.engine.replay import Replay
from deadtable.ui.cli import app
from tests.sim import race_game

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def refused(args: tuple[str, ...], message: str, input: str | None = None) -> str:
    code, out, err = run(*args, input=input)
    assert code == 2, (out, err)
    assert message in err
    assert "Traceback" not in err + out
    assert len(err.strip().splitlines()) == 1
    return out


# -- agents, seeds, options -----------------------------------------------------------------------
def test_an_agent_whose_own_checks_fail_is_refused_before_the_game(race: str) -> None:
    out = refused(("play", race, "--agent", "player=mcts:iterations=0"),
                  "--agent 'mcts:iterations=0': mcts: iterations must be at least 1, got 0")
    assert "You are on" not in out  # no game was started


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:iterations=abc", "'abc' is not a whole number, e.g. mcts:iterations="),
        ("mcts:iterations=-5", "iterations must be at least 1"),
        ("mcts:calls=-1", "calls must be 0 (no limit) or more"),
        ("mcts:rollout=nonsense", "rollout=nonsense: unknown agent 'nonsense'; valid agents:"),
        ("mcts:rollout=first:x", "rollout=first:x: agent parameter 'x' must be written k=v"),
    ],
)
def test_bad_agent_parameters_say_what_would_be_right(race: str, spec: str, message: str) -> None:
    refused(("sim", race, "-n", "1", "--agent", spec), message)


@pytest.mark.parametrize("seed", ["-1", str(2**64)])
@pytest.mark.parametrize("command", [("new",), ("play",), ("sim", "-n", "1")])
def test_seeds_outside_64_bits_are_refused(race: str, command: tuple[str, ...],
                                           seed: str) -> None:
    code, _, err = run(command[0], race, *command[1:], "--seed", seed)
    assert code == 2
    assert f"{seed} is not a seed: give a whole number from 0 to {2**64 - 1}" in " ".join(
        err.replace("│", " ").split())


def test_the_largest_seed_is_a_seed(race: str) -> None:
    code, out, _ = run("new", race, "--seed", str(2**64 - 1), "--json")
    assert code == 0 and json.loads(out)["seed"] == 2**64 - 1


def test_a_bare_switch_is_on_and_option_errors_show_an_example(race: str,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    options = OptionSet([*race_game.SPEC.options, Option("fog", False, "a switch")])
    monkeypatch.setattr(race_game, "SPEC", replace(race_game.SPEC, options=options))
    code, out, _ = run("new", race, "--option", "fog", "--json")
    assert code == 0 and json.loads(out)["options"]["fog"] is True
    refused(("new", race, "-o", "target"), "must be written NAME=VALUE, e.g. target=10")
    refused(("new", race, "-o", "fog=perhaps"), "'perhaps' is not true or false, e.g. fog=true")


# -- --json ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("new", "chess", "--json"), "unknown game 'chess'"),
        (("new", "RACE", "--seed", "-3", "--json"), "-3 is not a seed"),
        (("sim", "RACE", "--json"), "Missing option '--games'"),
        (("replay", "/no/such/file.json", "--json"), "cannot read /no/such/file.json"),
    ],
)
def test_with_json_an_error_is_a_json_object_on_stderr(race: str, args: tuple[str, ...],
                                                       message: str) -> None:
    code, out, err = run(*(race if a == "RACE" else a for a in args))
    assert code == 2 and out == ""
    error = json.loads(err)
    assert message in error["error"] and error["exit_code"] == 2


# -- files checked before any work ----------------------------------------------------------------
@pytest.mark.parametrize(("name", "message"), [
    ("plot.txt", "cannot draw a .txt file; give a name ending in one of"),
    ("plot", "cannot draw a file without a suffix"),
    ("missing/plot.png", "there is no directory"),
])
def test_a_plot_that_cannot_be_drawn_is_refused_before_the_batch(race: str, tmp_path: Path,
                                                                  name: str, message: str) -> None:
    pytest.importorskip("matplotlib")
    code, out, err = run("sim", race, "-n", "5", "--json", "--plot", str(tmp_path / name))
    assert code == 2 and message in json.loads(err)["error"]
    assert out == ""  # refused before it played: no result was printed
    refused(("compare", race, "--a", "random", "--b", "first", "-n", "2",
             "--plot", str(tmp_path / name)), message)


def test_play_save_into_a_missing_directory_is_refused_first(race: str, tmp_path: Path) -> None:
    out = refused(("play", race, "--save", str(tmp_path / "nope" / "game.json")),
                  "there is no directory")
    assert "You are on" not in out
    refused(("play", race, "--save", str(tmp_path)), "that is a directory")


def test_play_save_refuses_to_replace_an_unfinished_game(race: str, tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    run("play", race, "-o", "target=9", "--save", str(kept), input="1\nq\n")
    before = kept.read_text()
    refused(("play", race, "--save", str(kept), "--seed", "2"),
            f"--save {kept}: it keeps an unfinished game; `deadtable continue {kept}` goes on")
    assert kept.read_text() == before
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    refused(("play", race, "--save", str(other)), "that file exists and is not a deadtable game")
    assert other.read_text() == "my notes\n"
    finished = tmp_path / "done.json"
    run("play", race, "-o", "target=2", "--save", str(finished), input="1\n1\n")
    code, out, _ = run("play", race, "-o", "target=2", "--save", str(finished), input="1\n1\n")
    assert code == 0 and "Game over" in out  # a finished game may be written over


def test_continue_checks_the_saved_digest(race: str, tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    run("play", race, "--seed", "1", "-o", "target=30", "--save", str(kept), input="1\n2\nq\n")
    data = json.loads(kept.read_text())
    data["final"] = "0" * 16
    kept.write_text(json.dumps(data))
    code, _, err = run("continue", str(kept), input="q\n")
    assert code == 1
    assert "the kept game does not reproduce" in err and "Traceback" not in err


# -- serve --db -----------------------------------------------------------------------------------
def _other_programs_db(path: Path) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (name TEXT)")
    return path


def test_a_db_the_server_made_is_its_own(tmp_path: Path) -> None:
    """Every table the store's schema makes counts as the server's: a file it made, with a
    standing answer kept (its latest table), is taken back after a restart, not refused as
    another program's (the check once listed the tables by hand and missed it)."""
    pytest.importorskip("fastapi")
    from deadtable.ui.checks import db_problem
    from deadtable.ui.web.store import Store

    db = tmp_path / "games.sqlite"
    Store(db).close()
    with sqlite3.connect(db) as conn:
        made = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "standing" in made and db_problem(db) is None


@pytest.mark.parametrize(("make", "message"), [
    (lambda d: d / "missing" / "games.sqlite", "there is no directory"),
    (lambda d: d, "that is a directory"),
    (lambda d: (d / "junk.sqlite", (d / "junk.sqlite").write_text("not sqlite" * 50))[0],
     "not an SQLite database the server can read"),
    (lambda d: _other_programs_db(d / "photos.sqlite"), "another program's SQLite file (its "
                                                          "tables: photos)"),
])
def test_serve_refuses_a_db_it_cannot_use(tmp_path: Path, make, message: str) -> None:
    pytest.importorskip("fastapi")
    db = make(tmp_path)
    refused(("serve", "--db", str(db), "--port", "1"), message)
    if db.name == "photos.sqlite":
        with sqlite3.connect(db) as conn:  # left as it was: no server tables added to it
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        assert tables == {"photos"}


# -- Ctrl-C ---------------------------------------------------------------------------------------
class _Interrupted:
    """An agent that is interrupted (Ctrl-C) while it thinks, on its second move."""

    def __init__(self, seed: int) -> None:
        self.moves = 0

    def act(self, obs: object) -> str:
        self.moves += 1
        if self.moves == 2:
            raise KeyboardInterrupt
        return "walk"


def test_ctrl_c_while_an_agent_thinks_keeps_the_save(race: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(agents._FACTORIES, "interrupted", _Interrupted)
    kept = tmp_path / "kept.json"
    code, out, _ = run("play", race, "-o", "players=2", "-o", "target=30", "-a",
                       "blue=interrupted", "--save", str(kept), input="1\n1\n1\n")
    assert code == 130
    assert "Interrupted while blue's agent was thinking." in out
    assert f"`deadtable continue {kept}` goes on" in out
    assert Replay.from_json(kept.read_text()).actions == ["walk"] * 3  # red, blue, red


# -- data files and result stores -----------------------------------------------------------------
def test_a_data_option_naming_a_directory_or_a_binary_file_is_refused(tmp_path: Path) -> None:
    refused(("new", "one-against-the-dead", "-o", f"data={tmp_path}"),
            f"{tmp_path}: cannot be read as a data file (Is a directory); give a TOML file")
    binary = tmp_path / "rules.toml"
    binary.write_bytes(bytes(range(256)))
    refused(("new", "one-against-the-dead", "-o", f"data={binary}"),
            "cannot be read as a data file (not a text file)")


@pytest.mark.parametrize(("where", "message"), [
    ("missing/runs.sqlite", "there is no directory"), ("", "that is a directory"),
])
def test_sim_db_in_no_place_is_refused_before_the_batch(race: str, tmp_path: Path, where: str,
                                                         message: str) -> None:
    out = refused(("sim", race, "-n", "3", "--seed", "1", "--db", str(tmp_path / where)),
                  message)
    assert "win rate" not in out
