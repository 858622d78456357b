import json
import platform
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deadtable.engine.replay import Replay
from deadtable.ui.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def usage_error(code: int, stderr: str, message: str) -> None:
    assert code == 2
    assert message in stderr
    assert "Traceback" not in stderr
    assert len(stderr.strip().splitlines()) == 1


# -- games ----------------------------------------------------------------------------------------
def test_games_json_lists_the_registered_games(race: str) -> None:
    code, out, _ = run("games", "--json")
    assert code == 0
    (game,) = json.loads(out)
    assert (game["id"], game["seats"]) == ("race", ["player"])
    assert {o["name"] for o in game["options"]} == {"target", "players"}


def test_games_table_shows_id_and_name(race: str) -> None:
    code, out, _ = run("games")
    assert code == 0
    assert "race" in out and "Race to the Target" in out


# -- new ------------------------------------------------------------------------------------------
def test_new_json_has_the_decision_and_the_deciding_seats_view(race: str) -> None:
    code, out, _ = run("new", race, "--seed", "5", "--option", "players=2", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"game", "seed", "options", "decision", "view"}
    assert (data["game"], data["seed"]) == ("race", 5)
    assert data["options"] == {"target": 10, "players": 2}
    assert data["decision"]["seat"] == "red"
    assert data["decision"]["actions"][0] == {"id": "walk", "label": "Walk one step"}
    assert data["view"]["seat"] == "red"
    assert data["view"]["positions"] == {"red": 0, "blue": 0}
    assert run("new", race, "--seed", "5", "-o", "players=2", "--json")[1] == out


def test_new_without_a_seed_picks_one_and_says_which(race: str) -> None:
    seed = json.loads(run("new", race, "--json")[1])["seed"]
    assert isinstance(seed, int) and seed >= 0


def test_new_renders_the_view_and_numbered_actions(race: str) -> None:
    code, out, _ = run("new", race, "--seed", "1", "-o", "target=7")
    assert code == 0
    assert "You are on 0 of 7" in out
    assert "1. Walk one step" in out and "2. Roll a d6" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("new", "chess", "--json"), "unknown game 'chess'; registered games: race"),
        (
            ("new", "race", "-o", "speed=3"),
            "unknown option 'speed'; valid options: players, target",
        ),
        (("new", "race", "-o", "target=far"), "'far' is not a whole number"),
        (("new", "race", "-o", "target=0"), "from 1 to 1000"),
        (("new", "race", "-o", "target"), "must be written NAME=VALUE"),
        (("play", "race", "-o", "speed=3"), "valid options: players, target"),
        (("sim", "race", "-n", "3", "-o", "speed=3"), "valid options: players, target"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(
    race: str, args: tuple[str, ...], message: str
) -> None:
    code, _, err = run(*args)
    usage_error(code, err, message)


# -- play -----------------------------------------------------------------------------------------
def test_play_with_piped_answers_finishes_a_game(race: str) -> None:
    code, out, _ = run("play", race, "--seed", "1", "-o", "target=3", input="1\n1\n1\n")
    assert code == 0
    assert "Game over: win (reached)" in out
    assert "Scores: player 3" in out


def test_play_accepts_action_ids_and_re_asks_after_bad_input(race: str) -> None:
    code, out, _ = run("play", race, "-o", "target=2", input="walk\n7\nrun\n\nwalk\n")
    assert code == 0
    assert "'7' is not an action here: type a number from 1 to 2" in out
    assert "'run' is not an action here" in out
    assert "Enter alone takes only a single choice, and there are 2: type a number" in out
    assert "Game over: win" in out


def test_play_quits_on_q_or_end_of_input(race: str) -> None:
    code, out, _ = run("play", race, "-o", "target=5", input="1\nq\n1\n")
    assert code == 0
    assert "Quit after 1 actions." in out
    code, out, _ = run("play", race, "-o", "target=5", input="1\n1\n")
    assert code == 0
    assert "Quit after 2 actions." in out


def test_play_with_agents_on_every_seat_needs_no_input(race: str) -> None:
    code, out, _ = run("play", race, "-o", "players=2", "-o", "target=4", "--agent", "first")
    assert code == 0
    # In a game of several seats an agent's move shows as the public events it makes (its
    # action's label is written for its own seat and may name a secret).
    assert "red moves 1 to 1" in out and "blue moves 1 to 1" in out
    assert "Walk one step" not in out
    assert "Game over: win:red (reached): red win, blue loss" in out


def test_play_mixes_a_human_and_an_agent(race: str) -> None:
    code, out, _ = run(
        "play", race, "-o", "players=2", "-o", "target=3", "-a", "blue=first", input="1\n1\n1\n"
    )
    assert code == 0
    assert out.count("red: You are on") == 3  # asked only for red's moves
    assert "blue moves 1 to 1" in out  # blue's move, as its public event
    assert "Game over: win:red" in out


def test_play_agents_are_seeded_from_the_game_seed(race: str) -> None:
    args = ("play", race, "--seed", "9", "-o", "target=30", "-a", "random")
    first, second = run(*args), run(*args)
    assert first[0] == 0 and first[1] == second[1]
    assert "Game over" in first[1]


@pytest.mark.parametrize(
    ("agent", "message"),
    [
        ("cleverest", "unknown agent 'cleverest'; valid agents: first, mcts, random"),
        ("green=random", "--agent: 'green' is neither a seat nor a side of race; seats: player"),
        ("player=random:depth=2", "no parameter 'depth'"),
    ],
)
def test_play_refuses_bad_agents(race: str, agent: str, message: str) -> None:
    code, _, err = run("play", race, "--agent", agent)
    usage_error(code, err, message)


# -- play --save and replay -----------------------------------------------------------------------
def test_a_saved_play_replays(race: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    answers = "2\n2\n1\n1\n1\n1\n1\n1\n1\n1\n"
    code, out, _ = run("play", race, "--seed", "4", "--save", str(saved), input=answers)
    assert code == 0
    replay = Replay.from_json(saved.read_text())
    assert (replay.game, replay.seed) == ("race", 4)
    assert replay.actions[:2] == ["roll", "roll"]
    code, out, _ = run("replay", str(saved), "--json")
    assert code == 0
    report = json.loads(out)
    assert set(report) == {"ok", "game", "version", "seed", "actions", "finished", "outcome"}
    assert report["ok"] is True
    assert report["actions"] == len(replay.actions)
    assert report["outcome"] == replay.outcome
    code, out, _ = run("replay", str(saved))
    assert code == 0 and out.startswith("ok: race")


def test_quitting_still_saves_a_replay(race: str, tmp_path: Path) -> None:
    saved = tmp_path / "partial.json"
    code, _, _ = run("play", race, "--save", str(saved), input="1\n1\nq\n")
    assert code == 0
    assert Replay.from_json(saved.read_text()).actions == ["walk", "walk"]
    code, out, _ = run("replay", str(saved), "--json")
    assert code == 0
    assert json.loads(out)["finished"] is False


# -- play --save and continue -----------------------------------------------------------------
def test_a_game_continued_is_the_game_played_straight_through(race: str, tmp_path: Path) -> None:
    """Quit, continue, quit, continue: the same moves, the agent's (random, so seeded and
    caught up) included, as one sitting with the same answers."""
    args = ("-o", "players=2", "-o", "target=12", "-a", "blue=random")
    whole = tmp_path / "whole.json"
    code, out, _ = run("play", race, "--seed", "3", *args, "--save", str(whole),
                       input="2\n" * 30)
    assert code == 0 and "Game over" in out
    straight = Replay.from_json(whole.read_text())
    kept = tmp_path / "kept.json"
    code, out, _ = run("play", race, "--seed", "3", *args, "--save", str(kept), input="2\nq\n")
    assert code == 0
    assert f"Kept in {kept}: `deadtable continue {kept}` goes on." in out
    assert Replay.from_json(kept.read_text()).outcome is None
    code, out, _ = run("continue", str(kept), input="2\n2\nq\n")
    assert code == 0 and "continued after" in out and "chooses differently" not in out
    code, out, _ = run("continue", str(kept), input="2\n" * 30)
    assert code == 0 and "Game over" in out
    again = Replay.from_json(kept.read_text())
    assert again.actions == straight.actions
    assert again.outcome == straight.outcome and again.final == straight.final
    assert again.meta == {"agents": {"blue": "random"}}


def test_save_keeps_the_game_after_each_of_your_moves(race: str, tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    run("play", race, "--seed", "1", "-o", "target=9", "--save", str(kept), input="1\n1\n1\n")
    assert Replay.from_json(kept.read_text()).actions == ["walk"] * 3  # end of input: quit


def test_continue_to_another_file_leaves_the_first(race: str, tmp_path: Path) -> None:
    kept, other = tmp_path / "kept.json", tmp_path / "other.json"
    run("play", race, "--seed", "1", "-o", "target=9", "--save", str(kept), input="1\nq\n")
    before = kept.read_text()
    code, _, _ = run("continue", str(kept), "--save", str(other), input="1\nq\n")
    assert code == 0
    assert kept.read_text() == before
    assert Replay.from_json(other.read_text()).actions == ["walk", "walk"]


def test_continue_says_when_an_agent_now_plays_otherwise(race: str, tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    run("play", race, "--seed", "5", "-o", "players=2", "-o", "target=30", "-a", "blue=first",
        "--save", str(kept), input="1\n1\nq\n")
    data = json.loads(kept.read_text())
    assert data["actions"][1] == "walk"  # blue's first move, the first agent's
    data["actions"][1] = "roll"  # as if the agent had changed since
    data.pop("final")
    kept.write_text(json.dumps(data))
    code, out, _ = run("continue", str(kept), input="q\n")
    assert code == 0
    assert "blue's agent now chooses differently from the kept game (first at move 2)" in out
    assert Replay.from_json(kept.read_text()).actions[:4] == data["actions"][:4]


def test_continue_refuses_a_finished_game(race: str, tmp_path: Path) -> None:
    kept = tmp_path / "done.json"
    run("play", race, "--seed", "1", "-o", "target=2", "--save", str(kept), input="1\n1\n")
    code, _, err = run("continue", str(kept))
    usage_error(code, err, "that game is over (reached); `deadtable replay")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"meta": {"agents": {"green": "random"}}}, "are not seat -> agent for seats player"),
        ({"meta": {"agents": {"player": "cleverest"}}}, "unknown agent 'cleverest'"),
        ({"actions": ["walk", "fly"]}, "a kept move cannot be played: 'fly' is not a legal action"),
        ({"actions": "walk"}, "actions must be a list of action ids"),
        ({"seed": "one"}, "seed must be an integer"),
        ({"version": "0"}, "replay was recorded with race version 0"),
    ],
)
def test_continue_refuses_a_bad_file(
    race: str, tmp_path: Path, change: dict[str, object], message: str
) -> None:
    kept = tmp_path / "kept.json"
    run("play", race, "--seed", "1", "-o", "target=9", "--save", str(kept), input="1\nq\n")
    data = json.loads(kept.read_text())
    data.update(change)
    kept.write_text(json.dumps(data))
    before = kept.read_text()
    code, _, err = run("continue", str(kept))
    usage_error(code, err, message)
    assert kept.read_text() == before


def test_a_tampered_replay_exits_1(race: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run("play", race, "--seed", "2", "-a", "first", "--save", str(saved))
    data = json.loads(saved.read_text())
    data["actions"][0] = "roll"  # a different game, which cannot end as recorded
    saved.write_text(json.dumps(data))
    code, _, err = run("replay", str(saved))
    assert code == 1
    assert "does not reproduce" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not a replay file"),
        ('{"game": "race"}', "replay file lacks version"),
        ("[1, 2]", "not a replay file"),
        (
            '{"game": "chess", "version": "1", "options": {}, "seed": 1, "setup": {},'
            ' "actions": []}',
            "unknown game 'chess'",
        ),
    ],
)
def test_bad_replay_files_exit_2(race: str, tmp_path: Path, content: str, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    code, _, err = run("replay", str(bad))
    usage_error(code, err, message)


def test_a_missing_replay_file_exits_2(race: str, tmp_path: Path) -> None:
    code, _, err = run("replay", str(tmp_path / "nowhere.json"))
    usage_error(code, err, "cannot read")


# -- sim ------------------------------------------------------------------------------------------
def sim_json(*args: str) -> dict:
    code, out, err = run("sim", *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_sim_json_is_the_simulate_result(race: str) -> None:
    result = sim_json(race, "--games", "40", "--seed", "8", "-o", "target=4", "--agent", "first")
    assert {
        "game", "games", "seed", "agents", "options", "outcomes", "win_rate", "ci95",
        "mean_steps", "seconds", "games_per_second",
    } <= set(result)  # fmt: skip
    assert result["outcomes"] == {"win": 40}
    assert result["agents"] == {"player": "first"}
    assert result["mean_steps"] == 4


def test_sim_gives_the_same_outcomes_with_more_workers(race: str) -> None:
    args = (race, "-n", "120", "--seed", "77", "-o", "target=15")
    one, two = sim_json(*args), sim_json(*args, "--workers", "2")
    for key in ("outcomes", "causes", "win_rate", "ci95", "mean_steps", "mean_score"):
        assert one[key] == two[key]
    assert one["agents"] == {"player": "random"}  # the default


def test_sim_agents_per_seat(race: str) -> None:
    result = sim_json(race, "-n", "5", "-o", "players=2", "-a", "random", "-a", "red=first")
    assert result["agents"] == {"red": "first", "blue": "random"}


def test_sim_table_shows_shares_and_the_win_rate(race: str) -> None:
    code, out, _ = run("sim", race, "-n", "20", "--seed", "1", "-o", "target=3", "-a", "first")
    assert code == 0
    assert "100.0%" in out
    assert "win rate (player): 100.00%  95% CI 83.89% to 100.00%" in out


def test_sim_reports_a_runaway_game(race: str) -> None:
    code, _, err = run("sim", race, "-n", "3", "-a", "first", "--max-steps", "2")
    assert code == 1
    assert "did not end within 2 steps" in err and "Traceback" not in err


def test_sim_needs_at_least_one_game(race: str) -> None:
    code, _, err = run("sim", race, "-n", "0")
    assert code == 2 and "Traceback" not in err


def test_main_is_a_working_entry_point() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", "from deadtable.ui.cli import main; main()", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    for command in ("games", "new", "play", "sim", "replay"):
        assert command in done.stdout


def test_bench_measures_a_real_game() -> None:
    code, out, _ = run("bench", "one-against-the-dead", "--games", "20", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["game"] == "one-against-the-dead" and result["games"] == 20
    for key in ("games_per_second", "steps_per_second", "clone_us", "deepcopy_us",
                "to_json_us", "from_json_us"):
        assert result[key] > 0, key
    assert result["clone_speedup"] == pytest.approx(result["deepcopy_us"] / result["clone_us"])
    allocation = result["allocation"]
    assert allocation["steps"] > 20 and allocation["games"] == 20
    # Every step keeps at least its action id in the history; a peak is never below what stays.
    assert 0 < allocation["kept_bytes_per_step"] <= allocation["transient_bytes_per_step"]
    # The interpreter that ran it: builds of one version differ by a fifth in speed.
    assert result["python"]["version"] == platform.python_version()
    assert result["python"]["executable"] == sys.executable


def test_bench_refuses_an_unknown_game() -> None:
    code, _, err = run("bench", "chess", "--games", "5")
    assert code == 2 and "unknown game 'chess'" in err


def test_command_help_is_reflowed_paragraphs() -> None:
    """Rich keeps a help text's line breaks; the docstrings' own must not reach it."""
    helps = {command.name: command.help or "" for command in app.registered_commands}
    assert {"play", "continue", "sim", "compare", "bench", "replay"} <= set(helps)
    for name, text in helps.items():
        for paragraph in text.split("\n\n"):
            assert "\n" not in paragraph and "  " not in paragraph, name
    assert helps["sim"].startswith("Play many games with agents and count the outcomes.\n\n")


def test_chainsaw_warriors_end_reads_as_a_result_not_as_scores() -> None:
    code, out, _ = run("play", "chainsaw-warrior", "--seed", "3", "--agent", "warrior=heuristic")
    assert code == 0 and "Game over: loss (radiation)" in out
    assert "Mission failed: radiation kills you, 26 minutes into the hour." in out
    assert "Scores: minutes" not in out
