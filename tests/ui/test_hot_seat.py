"""`deadtable play` with several human seats at one terminal (hot-seat): each person sees only
their own seat, behind a "pass to" screen, and `--save`/`continue` keep working."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

import deadtable
from deadtable.engine.replay import Replay
from deadtable.ui.cli import app
from tests.sim.sides_game import CARDS, secrets_of

runner = CliRunner()
PASS = re.compile(r"Pass to (\S+)")


def run(*args: str, input: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.stderr
    return result.exit_code, result.stdout


def final_hands(saved: Path) -> dict[str, set[str]]:
    """Every card each seat held by the end of the kept game (a hand only grows)."""
    state = deadtable.replay(Replay.from_json(saved.read_text()))
    return {seat: secrets_of(state, seat) for seat in state.game.seats}


def screens(out: str) -> list[tuple[str | None, str]]:
    """The output cut at each pass screen: (the seat passed to, what was shown until the
    next pass screen); the first part, before any pass screen, belongs to nobody."""
    parts: list[tuple[str | None, str]] = []
    seat: str | None = None
    start = 0
    for found in PASS.finditer(out):
        parts.append((seat, out[start:found.start()]))
        seat, start = found.group(1), found.start()
    parts.append((seat, out[start:]))
    return parts


def assert_each_screen_shows_only_its_seats_cards(out: str, hands: dict[str, set[str]]) -> None:
    for seat, text in screens(out):
        shown = {card for card in CARDS if card in text}
        allowed = set() if seat is None else hands[seat]
        assert shown <= allowed, f"{sorted(shown - allowed)} shown to {seat}:\n{text}"


def test_four_people_at_one_terminal_each_see_only_their_own_hand(
        night_watch: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    code, out = run("play", night_watch, "--seed", "5", "--save", str(saved),
                    input="\n1\n" * 4 + "\n2\n" * 4)
    assert code == 0
    assert "Game over" in out
    passed_to = PASS.findall(out)
    assert passed_to == ["hero-1", "hero-2", "zombie-1", "zombie-2"] * 2
    hands = final_hands(saved)
    assert_each_screen_shows_only_its_seats_cards(out, hands)
    for seat, text in screens(out)[1:]:  # and each does see its own
        assert seat is not None and any(card in text for card in hands[seat])


def test_agents_play_between_two_people_and_show_only_public_events(
        night_watch: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    code, out = run("play", night_watch, "--seed", "8", "-a", "zombies=random",
                    "--save", str(saved), input="\n1\n" * 4)
    assert code == 0 and "Game over" in out
    assert PASS.findall(out) == ["hero-1", "hero-2", "hero-1", "hero-2"]
    assert re.search(r"zombie-1 (draws a card|stands)\.", out)
    assert re.search(r"zombie-2 (draws a card|stands)\.", out)
    assert_each_screen_shows_only_its_seats_cards(out, final_hands(saved))


def test_one_person_against_agents_gets_no_pass_screen(night_watch: str) -> None:
    code, out = run("play", night_watch, "--seed", "8", "-a", "zombies=random",
                    "-a", "hero-2=first", input="1\n1\n")
    assert code == 0 and "Game over" in out
    assert PASS.findall(out) == []


def test_quitting_at_a_pass_screen_keeps_the_game_and_continue_goes_on(
        night_watch: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    code, out = run("play", night_watch, "--seed", "3", "-a", "zombie-2=first",
                    "--save", str(saved), input="\n1\n\n2\nq\n")
    assert code == 0
    assert "Quit after 2 actions." in out
    kept = Replay.from_json(saved.read_text())
    assert kept.actions == ["draw", "stand"] and kept.meta["agents"] == {"zombie-2": "first"}
    code, out = run("continue", str(saved), input="\n1\n" + "\n2\n" * 3)
    assert code == 0, out
    assert "continued after 2 actions" in out and "Game over" in out
    assert PASS.findall(out) == ["zombie-1", "hero-1", "hero-2", "zombie-1"]
    assert_each_screen_shows_only_its_seats_cards(out, final_hands(saved))
    assert Replay.from_json(saved.read_text()).outcome is not None


def test_human_leaves_a_seat_to_a_person_among_agents(night_watch: str) -> None:
    code, out = run("play", night_watch, "--seed", "8", "-o", "rounds=1", "-a", "random",
                    "-a", "hero-2=human", input="2\n")
    assert code == 0 and "Game over" in out
    assert out.count("hero-2: Your hand:") == 1 and "hero-1: Your hand:" not in out
    assert PASS.findall(out) == [], "one person: no pass screen"
