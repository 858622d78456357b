"""The words a person may type at the terminal besides an action (ui/commands.py): `log`,
`help`, `sight` and `range`; and the board's log showing every event since the seat's last
decision (issue 18, "Terminal"; issue 17, the terminal's line-of-sight ruler)."""

import io
import tomllib
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from deadtable import registry
from deadtable.games.left_4_dead.ruler import ruler
from deadtable.render import log_panel
from deadtable.ui import cli, commands
from deadtable.ui.cli import app

runner = CliRunner()
GAMES = Path(registry.__file__).parent / "games"


def play(*args: str, input: str) -> str:
    result = runner.invoke(app, ["play", *args], input=input)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return " ".join(result.stdout.split())  # words, whatever the terminal width wrapped


# -- log --------------------------------------------------------------------------------------
def test_log_shows_every_event_with_its_why_and_log_n_the_last_n() -> None:
    game = registry.load("one-against-the-dead")
    state = game.new(seed=3)
    state.apply(state.decision.actions[0].id)
    events = state.view("player")["log"]
    out = play("one-against-the-dead", "--seed", "3",
               input=f"{state.history[0]}\nlog\nlog 2\nlog two\nq\n")
    assert f"log: all {len(events)} events" in out
    for event in events:
        assert f"{event['text']} · {event['why']}" in out
    assert f"log: 2 of {len(events)} events" in out
    assert "log 'two': give a number of lines, e.g. `log 20`" in out
    assert "Quit after 1 actions." in out  # the commands changed nothing


def test_the_board_shows_every_event_since_the_seats_last_decision(
        race: str, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[dict[str, Any]] = []
    real = cli.render_view

    def spy(game_id: str, view: dict[str, Any], decision: Any = None) -> Any:
        shown.append(view)
        return real(game_id, view, decision)

    monkeypatch.setattr(cli, "render_view", spy)
    runner.invoke(app, ["play", race, "-o", "players=2", "-o", "target=30", "-a", "blue=first"],
                  input="2\n2\n2\nq\n")
    asked = [v for v in shown if "unseen" in v]
    assert len(asked) == 4
    assert asked[0]["unseen"] == len(asked[0]["log"])  # the first time: all of it
    for before, now in zip(asked, asked[1:], strict=False):
        # red's roll and blue's move since red last decided, however many lines they made
        assert now["unseen"] == len(now["log"]) - len(before["log"]) >= 2


def test_a_log_panel_grows_to_every_unseen_event_and_says_when_it_is_cut() -> None:
    log = [{"text": f"event {n}", "why": "RULES"} for n in range(30)]

    def drawn(view: dict[str, Any]) -> str:
        buffer = io.StringIO()
        Console(file=buffer, width=100).print(log_panel(view, 8))
        return buffer.getvalue()

    tail = drawn({"log": log})
    assert "event 22" in tail and "event 21" not in tail and "8 of 30 (type log for all)" in tail
    unseen = drawn({"log": log, "unseen": 25})
    assert "event 5 " in unseen and "event 4 " not in unseen and "25 of 30" in unseen
    assert "event 0 " in drawn({"log": log, "unseen": 30})


# -- help -------------------------------------------------------------------------------------
def test_help_tells_the_moment_the_weapons_with_this_games_powers_and_the_options() -> None:
    out = play("one-against-the-dead", "--seed", "3", "-o", "weapon-powers=4-5-6",
               input="help\nhelp shotgun\nhelp rocket\nq\n")
    assert "Now: " in out and "Placing: each card drawn goes into an open space" in out
    assert "Baseball Bat (a Jack): power 4" in out and "Shotgun (a King): power 6" in out
    assert "weapon-powers = 4-5-6: Bat-Chainsaw-Shotgun powers" in out
    assert "max-turns = 200: moves before the helicopter leaves" in out
    assert "log: the whole log" in out and "sight A B" not in out  # no ruler in this game
    assert out.count("Shotgun (a King): power 6") == 2  # help shotgun: that weapon alone
    assert "no help on 'rocket'" in out


def test_chainsaw_warrior_help_has_every_equipment_card_in_the_rulebooks_words() -> None:
    folder = GAMES / "chainsaw_warrior" / "data"
    cards = tomllib.loads((folder / "cards.toml").read_text())["equipment"]
    words = tomllib.loads((folder / "help.toml").read_text())["equipment"]
    assert set(words) == set(cards)
    out = play("chainsaw-warrior", "--seed", "2", input="help\nhelp knife\nhelp c.a.t.s.\nq\n")
    assert "Kitting Out: train your ratings" in out
    assert "Laser-lance (special; 6 uses; to hit zombie 6" in out  # carried from the start
    assert "Knife (" in out and words["knife"][:60] in out
    assert "gives a +2 bonus to your Marksmanship" in out  # C.A.T.S., whole card


def test_left_4_dead_help_names_items_infected_and_figures() -> None:
    folder = GAMES / "left_4_dead" / "data"
    items = tomllib.loads((folder / "items.toml").read_text())["item"]
    entries = tomllib.loads((folder / "help.toml").read_text())["entries"]
    assert set(items) <= set(entries)  # every item has its rulebook text
    out = play("left-4-dead", "--seed", "1", input="help\nhelp hunter\nhelp bill\nq\n")
    assert "The safe room's weapons" in out or "In the safe room" in out
    assert "Health Kit, carried by Bill, Francis, Louis, Zoey" in out
    assert "HUNTER POUNCE: Instead of his normal move" in out
    assert "Bill (The Survivors) at 1,1: Life 5 (0 wounds), Move 5, Range 6" in out
    assert "Carries: Health Kit" in out


# -- sight and range --------------------------------------------------------------------------
def test_sight_answers_as_the_browsers_ruler_does_by_figure_or_space() -> None:
    state = registry.load("left-4-dead").new(seed=1)
    bill = next(f for f in state.view("survivors")["figures"] if f["name"] == "Bill")
    wall = ruler(state, bill["space"], "7,3")
    assert not wall["clear"]  # the safe room's wall, on an edge
    near = ruler(state, bill["space"], "2,2")
    out = play("left-4-dead", "--seed", "1",
               input="sight bill 7,3\nsight 1,1 2,2\nsight bill\nsight bill nowhere\nq\n")
    a, b = wall["blocked_at"]
    assert (f"blocked between {a} and {b}: {wall['reason']} (Bill ({bill['space']}) to 7,3, "
            f"{wall['distance']} spaces away)") in out
    assert near["clear"] and f"clear: 1,1 sees 2,2, {near['distance']} space" in out
    assert "sight needs two places" in out
    # between a survivor and a zombie, whether it may attack or why not, in the rules' words
    zombie = next(f for f in state.view("survivors")["figures"] if f["side"] == "infected")
    answer = ruler(state, bill["space"], zombie["space"])["attack"]
    told = play("left-4-dead", "--seed", "1", input=f"sight bill {zombie['space']}\nq\n")
    said = answer["text"] if answer["may"] else f"not a target: {answer['text']}"
    assert f"; {said} ({answer['cite']})" in " ".join(told.split())
    assert "'nowhere' is neither a space on this map (such as 7,3) nor a figure on it" in out


def test_range_lists_the_enemies_with_distance_and_sight() -> None:
    state = registry.load("left-4-dead").new(seed=1)
    view = state.view("survivors")
    zoey = next(f for f in view["figures"] if f["name"] == "Zoey")
    zombies = [f for f in view["figures"] if f["side"] == "infected" and f["space"]]
    out = play("left-4-dead", "--seed", "1", input="range zoey\nrange\nq\n")
    assert f"Zoey: range {zoey['range']}, at {zoey['space']}" in out
    for z in zombies:
        answer = ruler(state, zoey["space"], z["space"])
        assert f"{z['name']} at {z['space']}: {answer['distance']} away" in out
    assert "range needs a figure: `range bill`" in out


def test_commands_list_the_ruler_only_for_a_game_that_has_one() -> None:
    l4d = registry.load("left-4-dead").new(seed=1)
    oatd = registry.load("one-against-the-dead").new(seed=1)
    assert "sight A B" in commands.usage(l4d) and "range FIGURE" in commands.usage(l4d)
    assert commands.usage(oatd) == "log, help"
    console = Console(file=io.StringIO())
    assert not commands.run(console, oatd, oatd.decision, "sight a b")  # not a command here


def test_the_end_shows_every_event_the_last_move_resolved(
        race: str, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[dict[str, Any]] = []
    real = cli.render_view

    def spy(game_id: str, view: dict[str, Any], decision: Any = None) -> Any:
        shown.append(dict(view))
        return real(game_id, view, decision)

    monkeypatch.setattr(cli, "render_view", spy)
    result = runner.invoke(app, ["play", race, "--seed", "1", "-o", "target=3"],
                           input="1\n1\n1\n")
    assert "Game over" in result.stdout
    last_asked, final = shown[-2], shown[-1]
    assert final["unseen"] == len(final["log"]) - len(last_asked["log"]) > 0
