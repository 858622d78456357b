"""The terminal table: each seat sees its own real token marked, no other seat's."""

from __future__ import annotations

from rich.console import Console

from deadtable.games.psycho_raiders.render import render
from tests.games.psycho_raiders.table import new, park_everyone, put, quiet_hex


def shown(view: dict) -> str:  # type: ignore[type-arg]
    console = Console(width=160, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_the_table_marks_only_the_seat_s_own_real_token() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "ginger", spot)
    state.apply("turn:ginger")
    state.apply(f"hide:{state.board.name(spot)}:new")
    mine, theirs = shown(state.view("campers")), shown(state.view("raiders"))
    assert "(you)" in mine and "(you)" not in theirs
    assert "Ginger" in theirs and "hidden" in theirs
