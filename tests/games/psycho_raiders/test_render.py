"""The terminal table: Crucible drawn in 80 columns, each seat sees its own real token marked,
no other seat's."""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text

from deadtable.games.psycho_raiders.render import CrucibleMap, offered, render
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from deadtable.render import odd_r
from tests.games.psycho_raiders.table import (
    ginger_turn,
    new,
    park_everyone,
    put,
    quiet_hex,
    take_turn,
)


def shown(view: dict) -> str:  # type: ignore[type-arg]
    console = Console(width=160, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_the_table_marks_only_the_seat_s_own_real_token() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "ginger", spot)
    take_turn(state, "ginger")
    state.apply(f"hide:{state.board.name(spot)}:new")
    mine, theirs = shown(state.view("campers")), shown(state.view("raiders"))
    assert "(you)" in mine and "(you)" not in theirs
    assert "Ginger" in theirs and "hidden" in theirs


def cell_of(view: dict, space: str) -> Text:  # type: ignore[type-arg]
    q, r = next((q, r) for name, q, r, _ in view["map"]["hexes"] if name == space)
    cells, _ = CrucibleMap(view).cells()
    return cells[odd_r(q, r)][0]


def ink(text: Text) -> tuple[object, ...]:
    style = Style.parse(str(text.style))
    return style.color, style.bold, style.reverse, style.underline, style.dim


def hidden_ginger() -> tuple[PsychoRaidersState, str, str]:
    """Ginger hidden with a new token on her hex, then her real token moved a step away."""
    state, name = ginger_turn()
    state.apply(f"hide:{name}:keep")  # token 1 stays real; token 2 is the decoy
    step = next(a.id for a in state.decision.actions if a.id.startswith("move:1:"))
    state.apply(step)
    return state, name, step.split(":")[2]


def test_the_map_fits_80_columns_and_draws_every_row() -> None:
    state = new()
    console = Console(width=80, record=True, color_system=None)
    console.print(render(state.view("raiders"), state.decision))
    lines = console.export_text().splitlines()
    assert all(len(line) <= 80 for line in lines)
    rows = {int(line.split()[1]) for line in lines if line[2:5].strip().isdigit()}
    assert rows == set(range(32))  # the whole of Crucible, north (row 0) to south
    assert any(" OS " in line for line in lines)  # the Old Store's footprint


def test_hide_tokens_are_alike_for_the_raiders_and_the_real_one_marked_for_its_seat() -> None:
    state, decoy, real = hidden_ginger()
    mine, theirs = state.view("campers"), state.view("raiders")
    assert cell_of(theirs, real).plain == "G1" and cell_of(theirs, decoy).plain == "G2"
    assert not any(span.style and "reverse" in str(span.style)
                   for space in (real, decoy) for span in cell_of(theirs, space).spans)
    assert ink(cell_of(theirs, real)) == ink(cell_of(theirs, decoy))  # the terrain aside
    assert "reverse" in str(cell_of(mine, real).style)
    assert "reverse" not in str(cell_of(mine, decoy).style)


def test_the_spaces_a_decision_offers_are_yellow() -> None:
    state, _ = ginger_turn()
    decision = state.decision
    view = state.view("campers")
    spaces = offered(decision)
    assert any("," in s for s in spaces)  # steps onto hexes (named "col,row")
    cells, _ = CrucibleMap(view, spaces).cells()
    yellow = {place for place, (text, _) in cells.items() if "yellow3" in str(text.style)}
    assert len(yellow) == len([s for s in spaces if "," in s])


def test_a_narrow_terminal_crops_the_map_around_the_seat_s_pieces() -> None:
    state = new()
    console = Console(width=40, record=True, color_system=None)
    console.print(CrucibleMap(state.view("raiders")))
    text = console.export_text()
    assert "cropped: columns" in text and all(len(line) <= 40 for line in text.splitlines())


def test_the_log_cites_5_3_for_a_raider_s_turn_and_5_2_for_a_camper_s() -> None:
    state, _ = ginger_turn()
    state.apply("end")
    for key in ("dawn", "randy"):
        take_turn(state, key)
        state.apply("end")
    take_turn(state, "spud")
    whys = {e.text: e.shown().get("why") for e in state.log if e.text.endswith("'s turn.")}
    assert whys["Ginger's turn."] == "5.2 Campers/Town Folk Actions"
    assert whys["Spud's turn."] == "5.3 Raiders/Sinister Townspeople Actions"
