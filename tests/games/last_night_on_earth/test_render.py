"""The town in the terminal: it fits in 80 columns, shows walls, doors and windows, the
heroes by initial and the zombies, and each seat's own cards only."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType

from deadtable import registry
from deadtable.render import render_view

GAME = "last-night-on-earth"


def text_of(renderable: RenderableType, width: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def test_the_table_fits_in_80_columns_and_shows_each_seat_its_own_cards():
    state = registry.load(GAME, heroes="Sheriff Anderson,Becky,Father Joseph,Jenny").new(seed=4)
    heroes = text_of(render_view(GAME, state.view("heroes")), 80)
    zombies = text_of(render_view(GAME, state.view("zombies")), 80)
    assert max(len(line) for line in heroes.splitlines()) <= 80
    assert "|" in heroes and "/" in heroes and ":" in heroes  # walls, doors, windows
    joseph = [line for line in heroes.splitlines() if "Father Joseph" in line]
    assert joseph and "Faith" in joseph[0]  # his hand, shown to the heroes
    joseph = [line for line in zombies.splitlines() if "Father Joseph" in line]
    assert joseph and "Faith" not in joseph[0] and "1 cards" in joseph[0]
    assert "Your Zombie hand" in zombies and "Your Zombie hand" not in heroes


def test_the_town_is_numbered_and_each_hero_has_a_letter_of_its_own():
    state = registry.load(GAME, heroes="Sally,Sheriff Anderson,Johnny,Jenny").new(seed=4)
    text = text_of(render_view(GAME, state.view("heroes"), state.decision), 80)
    lines = text.splitlines()
    header = next(line for line in lines if " 0  1  2" in line)
    assert "19" in header  # x across the top
    assert any(line.startswith("│19 ") for line in lines)  # y down the side
    # the heroes' table: a mark, then the name
    marks = {line.split()[1]: line.split()[0].lstrip("│") for line in lines
             if line.startswith("│") and line[1:2].isupper() and line[2:3] == " "
             and line.split()[1] in ("Sally", "Sheriff", "Johnny", "Jenny")}
    assert marks == {"Sally": "S", "Sheriff": "A", "Johnny": "J", "Jenny": "E"}
    assert "Sun track" in text and "turn 1 of" in text and "the zombies' turn" in text


def test_help_reads_the_cards_the_seat_holds_and_no_others():
    from deadtable.games.last_night_on_earth.help import help as lnoe_help

    state = registry.load(GAME).new(seed=3)
    options = dict(state.game.options)
    zombies = state.view("zombies")
    hand = zombies["zombie_hand"]["cards"]
    shown = dict(lnoe_help(options, zombies, state.decision))
    assert hand and all(f"{card}:" in shown["Your cards"] for card in hand)
    heroes = dict(lnoe_help(options, state.view("heroes"), state.decision))
    assert not any(f"{card}:" in heroes.get("Your cards", "") for card in hand
                   if card not in str(state.view("heroes")["heroes"]))
    (title, text), = lnoe_help(options, zombies, state.decision, "sally")
    assert title == "Sally" and "Resourceful" in text
    assert lnoe_help(options, zombies, state.decision, "no such thing") == []
