"""The discard piles and the fight before in the terminal: the status says each pile's count
and top card and `help discards` lists each pile whole, the newest first, with every card's
text; while a fight is under way the screen marks it in progress and keeps the last finished
fight under it, and `help fight` says both."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from deadtable import registry
from deadtable.games.last_night_on_earth.render import FIGHT_LINES, TOWN_LINES, render
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.ui import commands
from tests.games.last_night_on_earth.table import fight, give, script, table, zombie
from tests.games.last_night_on_earth.test_discards import fought
from tests.games.last_night_on_earth.test_last_fight import next_fight


def screen(view: dict[str, Any], state: LastNightState, width: int = 110) -> str:
    console = Console(file=io.StringIO(), width=width, record=True)
    console.print(render(view, state.decision))
    return console.export_text()


def said(state: LastNightState, command: str) -> str:
    out = io.StringIO()
    assert commands.run(Console(file=out, width=200), state, state.decision, command)
    return out.getvalue()


def test_the_status_gives_each_piles_count_and_top_card(tmp_path) -> None:
    state = fought(tmp_path)
    state.hero_discard.put_on_top("Revolver")
    for seat in ("heroes", "zombies"):
        shown = " ".join(screen(state.view(seat), state).split())
        assert "Discards: Hero 2 (top Revolver) · Zombie 1 (top Braaains!)" in shown, seat
    fresh = registry.load("last-night-on-earth").new(seed=4)
    assert "Discards: Hero 0 · Zombie 0 " in " ".join(
        screen(fresh.view("heroes"), fresh).split())


def test_help_discards_lists_each_pile_newest_first_with_the_texts(tmp_path) -> None:
    state = fought(tmp_path)
    state.hero_discard.put_on_top("Revolver")
    text = said(state, "help discards")
    cards = state.data.cards
    assert "Hero discard pile: 2 cards, the newest first" in text
    assert f"1. Revolver: {cards['Revolver'].text}" in text
    assert f"2. Faith: {cards['Faith'].text}" in text
    assert text.index("1. Revolver") < text.index("2. Faith") < text.index("Zombie discard")
    assert "Zombie discard pile: 1 card ─" in text  # one card: no order to tell
    assert f"1. Braaains!: {cards['Braaains!'].text}" in text
    # the hands are not in it, and `help discard` and `help piles` say the same
    assert "Recovery" not in text and "Uuuurrrggghh!" not in text
    assert said(state, "help discard") == said(state, "help piles") == text
    assert "help discards: both discard piles" in said(state, "help")


def test_help_discards_says_an_empty_pile_is_empty(tmp_path) -> None:
    state = table(tmp_path)
    fight(state, "Becky", zombie(state, "3,3"))
    text = said(state, "help discards")
    assert "Hero discard pile: 0 cards" in text and "Zombie discard pile: 0 cards" in text
    assert text.count("empty") == 2


def test_a_fight_in_progress_is_marked_over_the_last_finished_one(tmp_path) -> None:
    state, first = next_fight(tmp_path)
    view = state.view("heroes")
    view["unseen"] = 0  # every screen while the fight is under way, not only the first
    shown = " ".join(screen(view, state).split())
    assert "Fight: Becky against Zombie 2 on 3,3 (in progress, no dice yet)" in shown
    assert "Last fight: Becky against Zombie 1 on 3,3 (finished)" in shown
    assert first["result"] in shown
    assert shown.index("(in progress") < shown.index("Last fight")
    text = said(state, "help fight")
    assert "Fight: Becky against Zombie 2 on 3,3 (in progress, no dice yet); the last one " \
        "finished:" in " ".join(text.split())
    assert "Last fight: Becky against Zombie 1 on 3,3" in text and first["result"] in text
    give(state, "Sally", "Recovery")  # a card in a hand: the heroes are asked to re-roll
    script(state, 4, 3, 1)
    state.apply("roll")  # the dice are on the table, the fight still under way
    rolled = state.view("heroes")
    rolled["unseen"] = 0
    shown = " ".join(screen(rolled, state).split())
    assert "Fight: Becky 3 1 against Zombie 2 4 (in progress)" in shown
    assert "Last fight: Becky against Zombie 1 on 3,3 (finished)" in shown
    state.apply("done")  # no re-roll: Zombie 2 wins, its fight is now the last one
    after = state.view("heroes")
    after["unseen"] = 0
    shown = " ".join(screen(after, state).split())
    assert "(in progress" not in shown and "Last fight" not in shown  # help fight has it
    assert "Last fight: Becky against Zombie 2 on 3,3" in said(state, "help fight")


def test_every_screen_of_whole_games_fits_a_50_line_terminal() -> None:
    """The heroes' every screen at 80 columns, in games of the heroes taking their last choice
    against the zombie agent: with the discards and the last fight kept through the next fight
    (the town giving up FIGHT_LINES for it) no screen is taller than main's before them (its
    worst: 50 lines, Save the Townsfolk seed 7, of 4089 screens over 40 games; here too)."""
    from deadtable.agents import agent_maker, observe

    fights = 0
    for scenario, seed in (("save-the-townsfolk", 4), ("save-the-townsfolk", 7),
                           ("die-zombies-die", 7)):
        state = registry.load("last-night-on-earth", scenario=scenario).new(seed=seed)
        zombies = agent_maker("zombie", "last-night-on-earth")(seed)
        seen = 0
        for _ in range(600):
            if state.outcome is not None:
                break
            if state.decision.seat != "heroes":
                state.apply(zombies.act(observe(state)))
                continue
            view = state.view("heroes")
            view["unseen"], seen = len(view["log"]) - seen, len(view["log"])
            fights += bool(view["fight"] and view["last_fight"])
            rows = screen(view, state, width=80).splitlines()
            assert len(rows) <= 50, (scenario, seed, len(rows))
            if "Last fight:" in "".join(rows):  # the town's rows (after the numbers across)
                town = next(i for i, row in enumerate(rows)
                            if row.startswith(("│Not shown", "│|- wall"))) - 2
                assert town <= TOWN_LINES - FIGHT_LINES, (scenario, seed, town)
            state.apply(state.decision.actions[-1].id)
    assert fights > 10  # the last fight kept on the screen through the next one, many times
