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
