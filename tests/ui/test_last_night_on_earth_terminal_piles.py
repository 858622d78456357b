"""The discard piles and the fight before in the terminal: the status says each pile's count
and top card and `help discards` lists each pile whole, the newest first, with every card's
text; while a fight is under way the screen marks it in progress and keeps the last finished
fight under it, and `help fight` says both."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from deadtable import registry
from deadtable.games.last_night_on_earth.render import render
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.ui import commands
from tests.games.last_night_on_earth.table import again, fight, hero_turn, script, table, zombie
from tests.games.last_night_on_earth.test_discards import fought


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
        assert ("Discards: Hero 2 (top Revolver) · Zombie 1 (top Braaains!) (help discards)"
                in shown), seat
    fresh = registry.load("last-night-on-earth").new(seed=4)
    assert "Discards: Hero 0 · Zombie 0 (help discards)" in " ".join(
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


def next_fight(tmp_path) -> tuple[LastNightState, dict[str, Any]]:
    """Becky kills Zombie 1, then her fight with Zombie 2 begins: (the state, the first
    fight's entry)."""
    state = table(tmp_path)
    fight(state, "Becky", zombie(state, "3,3"))
    script(state, 2, 5, 5)
    state.apply("roll")
    first = state.view("heroes")["last_fight"]
    again(state)
    zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")
    return state, first


def test_a_fight_in_progress_is_marked_over_the_last_finished_one(tmp_path) -> None:
    state, first = next_fight(tmp_path)
    view = state.view("heroes")
    view["unseen"] = 0  # every screen while the fight is under way, not only the first
    shown = " ".join(screen(view, state).split())
    assert "Fight in progress: Becky against Zombie 2 on 3,3, no result yet" in shown
    assert "Last fight: Becky against Zombie 1 on 3,3 (finished)" in shown
    assert first["result"] in shown
    assert shown.index("Fight in progress") < shown.index("Last fight")
    text = said(state, "help fight")
    assert "Fight in progress: Becky against Zombie 2 on 3,3, no result yet; the last one " \
        "finished:" in " ".join(text.split())
    assert "Last fight: Becky against Zombie 1 on 3,3" in text and first["result"] in text
    script(state, 4, 3, 1)
    state.apply("roll")  # Zombie 2 wins: its fight is now the last one
    after = state.view("heroes")
    after["unseen"] = 0
    shown = " ".join(screen(after, state).split())
    assert "Fight in progress" not in shown and "Last fight" not in shown  # help fight has it
    assert "Last fight: Becky against Zombie 2 on 3,3" in said(state, "help fight")


def test_the_screen_in_a_fight_fits_a_50_line_terminal(tmp_path) -> None:
    state, _ = next_fight(tmp_path)
    state.hero_discard.put_on_top("Revolver")
    view = state.view("heroes")
    view["unseen"] = len(view["log"])
    assert len(screen(view, state, width=80).splitlines()) <= 48
