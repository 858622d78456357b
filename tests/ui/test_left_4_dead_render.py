"""Left 4 Dead in the terminal: the map, the legend, the survivors' panel and the log fit in 80
columns (the map cropped around the survivors when it must be), the whole map shows in a wide
terminal, and the spaces a decision offers are marked."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console, RenderableType

from deadtable import registry
from deadtable.engine.state import GameState
from deadtable.games.left_4_dead.render import figure_letter
from deadtable.render import game_renderer, render_view

GAME = "left-4-dead"


def text_of(renderable: RenderableType, width: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


@pytest.fixture(scope="module")
def state() -> GameState:
    return registry.load(GAME).new(seed=5)


@pytest.fixture(scope="module")
def view(state: GameState) -> dict[str, Any]:
    return state.view("survivors")


def test_the_game_names_its_renderer() -> None:
    game_renderer.cache_clear()
    assert game_renderer(GAME) is not None


def test_the_table_fits_in_80_columns(view: dict[str, Any]) -> None:
    shown = text_of(render_view(GAME, view), 80)
    lines = shown.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "Round 0" in shown and "Now: the safe room's weapons" in shown
    # The map: a column header, one line per row with its number, survivors by initial.
    rows = 1 + max(r for _, _, r, _, _ in view["map"]["spaces"])
    numbered = [line for line in lines if line[1:4].strip().isdigit()]
    assert len(numbered) >= rows
    survivors = [f for f in view["figures"] if f["side"] == "survivors"]
    assert {figure_letter(f) for f in survivors} == {"B", "F", "L", "Z"}
    assert "B1" in shown  # Bill stands on a level-1 space in the safe room
    assert "Key:" in shown and "safe room" in shown and "hero closet" in shown
    # The survivors' panel: each name, wounds against Life, what they carry.
    assert "Survivors" in shown
    for figure in survivors:
        assert figure["name"] in shown
    assert "0/5" in shown and "health kit" in shown
    assert "log" in shown and "Survivor Rules: Safe Rooms" in shown


def test_the_whole_map_shows_in_a_wide_terminal_and_is_cropped_in_a_narrow_one(
        view: dict[str, Any]) -> None:
    wide = text_of(render_view(GAME, view), 130)
    assert "cropped: columns" not in wide
    narrow = text_of(render_view(GAME, view), 50)
    assert "cropped: columns 0-" in narrow
    assert max(len(line) for line in narrow.splitlines()) <= 50
    assert "B1" in narrow  # the window keeps the survivors in sight


def test_the_spaces_a_decision_offers_are_marked(state: GameState) -> None:
    game = state.clone()
    while (decision := game.decision) is not None and not any(
            a.args and a.args.get("space") for a in decision.actions):
        game.apply(decision.actions[0].id)
    assert decision is not None
    out = io.StringIO()
    Console(file=out, width=100, force_terminal=True, color_system="truecolor").print(
        render_view(GAME, game.view(decision.seat), decision))
    assert "a space you may choose" in out.getvalue()
    plain = text_of(render_view(GAME, game.view(decision.seat)), 100)
    assert "a space you may choose" not in plain


def test_a_destroyed_survivor_is_called_destroyed_not_ok() -> None:
    """A survivor off the map, in no closet and not escaped, was destroyed: its card says so."""
    from deadtable.games.left_4_dead.render import survivors_table

    state = registry.load(GAME).new(seed=5)
    bill = next(f for f in state.figures.values() if f.side == "survivors")
    before = state.view("survivors")
    assert not any(f["destroyed"] for f in before["figures"] if f["side"] == "survivors")
    bill.space = None
    after = state.view("survivors")
    card = next(f for f in after["figures"] if f["id"] == bill.id)
    assert card["destroyed"] and not card["closet"]
    row = next(line for line in text_of(survivors_table(after), 120).splitlines()
               if card["name"] in line)
    assert "destroyed" in row and " ok" not in row
