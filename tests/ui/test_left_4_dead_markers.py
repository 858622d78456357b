"""Every marker on an army card and every lasting effect shows in the terminal: on the map (the
figure's glyph on the marker's colour, the effect's glyph on its space), in the key under the
map, and in words in the survivors' panel, the infected line and the effects line. And `range`
answers for an infected figure as for a survivor."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.style import Style

from deadtable.engine.decisions import Action, Decision
from deadtable.games.left_4_dead.render import (
    CARD_MARKS,
    EFFECT_UNDER,
    HexMap,
    effect_glyph,
    legend,
)
from deadtable.games.left_4_dead.ruler import ruler
from deadtable.games.left_4_dead.state import Effect, Left4DeadState
from deadtable.render import render_view
from deadtable.ui import commands
from tests.games.left_4_dead.positions import at, empty, infected, put, small_map

GAME = "left-4-dead"


def shown(view: dict[str, Any], width: int = 120) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(render_view(GAME, view))
    return " ".join(out.getvalue().replace("│", " ").split())  # one line, wraps undone


def cell_style(view: dict[str, Any], space: str) -> tuple[str, Style, Style]:
    """(glyph, glyph's style, level digit's style) of a space on the terminal map."""
    cells, _ = HexMap(view).cells()
    for name, q, r, *_ in view["map"]["spaces"]:
        if name == space:
            text, _ = cells[(q + (r - (r & 1)) // 2, r)]
            return text.plain[0], text.get_style_at_offset(Console(), 0), \
                text.get_style_at_offset(Console(), 1)
    raise AssertionError(space)


@pytest.fixture
def lane(tmp_path: Path) -> Left4DeadState:
    state = empty(map=small_map(tmp_path))
    put(state, "bill", "2,1")
    put(state, "zoey", "3,2")
    return state


# The markers an infected places on a survivor: its key, the infected, the words each side shows.
PLACED = [("pinned", "hunter", "pinned by Hunter 1", "pinning Bill"),
          ("grabbed", "charger", "grabbed by Charger 1", "grabbing Bill"),
          ("ridden", "jockey", "ridden by Jockey 1", "riding Bill"),
          ("tongue", "smoker", "tongue of Smoker 1", "tongue on Bill"),
          ("vomit", "boomer", "vomit of Boomer 1", "vomited on Bill"),
          ("mud", "mud-man", "mud of Mud Man 1", "mud on Bill")]


@pytest.mark.parametrize(("key", "kind", "survivor_words", "captor_words"), PLACED)
def test_a_marker_an_infected_placed_shows_on_both_figures(
        lane: Left4DeadState, key: str, kind: str, survivor_words: str,
        captor_words: str) -> None:
    plain = lane.view("survivors")
    _, plain_style, _ = cell_style(plain, "2,1")
    captor = infected(lane, kind, "3,1")
    lane.figures["bill"].markers[key] = captor.id
    view = lane.view("survivors")
    text = shown(view)
    assert f"B Bill 2,1 L0 ♥♥♥♥♥ 0/5 {survivor_words}" in text
    assert f"[{captor_words}]" in text
    glyph, style, _ = cell_style(view, "2,1")
    wanted, words = next((s, w) for k, s, w in CARD_MARKS if k == key)
    assert glyph == "B" and style.bgcolor == Style.parse(wanted).bgcolor != plain_style.bgcolor
    assert f"B {words}" in legend(view).plain  # the key names the colour, with the figure
    assert words not in legend(plain).plain


def test_a_burning_special_is_drawn_burning_and_said_so(lane: Left4DeadState) -> None:
    hunter = infected(lane, "hunter", "5,2")
    hunter.markers["burn"] = "molotov-cocktail"
    hunter.wounds = 1
    view = lane.view("survivors")
    text = shown(view)
    assert "h Hunter 1 5,2 1/" in text and "[burning (molotov cocktail)]" in text
    glyph, style, _ = cell_style(view, "5,2")
    assert glyph == "h" and style.bgcolor == Style.parse("on dark_orange3").bgcolor
    assert "h burning" in legend(view).plain


def test_the_witchs_risen_and_adrenaline_markers_are_said(lane: Left4DeadState) -> None:
    witch = infected(lane, "witch", "6,0")
    witch.markers["disturbed-by"] = "bill"
    zombie = infected(lane, "zombies-of-morindan", "6,1")
    zombie.markers["risen"] = 1
    lane.figures["zoey"].markers["adrenaline"] = 1
    text = shown(lane.view("survivors"))
    assert "[disturbed by Bill]" in text
    assert "1 zombie (1 risen this turn)" in text
    assert "adrenaline (round 1)" in text


def test_incapped_markers_wounds_and_set_aside_wounds(lane: Left4DeadState) -> None:
    bill, zoey = lane.figures["bill"], lane.figures["zoey"]
    bill.incaps, bill.wounds, bill.down = 2, 3, True
    zoey.set_aside, zoey.wounds = 2, 1
    text = shown(lane.view("survivors"))
    assert "B Bill 2,1 L0 ♥♥··· 3/5 DOWN, 2 incapped markers" in text
    assert "Z Zoey 3,2 L0 ♥♥♥♥· 1/5 2 wounds set aside" in text


def test_ammo_and_fuel_markers(lane: Left4DeadState) -> None:
    bill, zoey = lane.figures["bill"], lane.figures["zoey"]
    bill.items["weapon"], bill.ammo["grenade-launcher"] = "grenade-launcher", 2
    zoey.items["weapon"], zoey.ammo["portable-hmg"] = "portable-hmg", 3
    zoey.items["secondary"], zoey.ammo["chainsaw"] = "chainsaw", 1
    text = shown(lane.view("survivors"))
    assert "grenade launcher (2 ammo)" in text
    assert "portable hmg (3 ammo)" in text and "chainsaw (1 fuel)" in text


EFFECTS = [("molotov-cocktail", "^", "fire (molotov cocktail) on 6,2 and next to it"),
           ("gas-can", "^", "fire (gas can) on 6,2 and next to it"),
           ("acid", "~", "acid on 6,2 and next to it"),
           ("acid-explosion", "~", "acid (acid explosion) on 6,2 and next to it"),
           ("bile-bomb", "@", "bile bomb on 6,2"),
           ("pipe-bomb", "&", "pipe bomb (explodes) on 6,2 and next to it"),
           ("smoke", "%", "smoke on 6,2 and next to it")]


@pytest.mark.parametrize(("kind", "glyph", "words"), EFFECTS)
def test_an_effect_on_a_space(lane: Left4DeadState, kind: str, glyph: str, words: str) -> None:
    side = "infected" if kind in ("acid", "acid-explosion", "smoke") else "survivors"
    lane.effects.append(Effect(kind, at(lane, "6,2"), side))
    view = lane.view("survivors")
    assert cell_style(view, "6,2")[0] == glyph
    assert f"{glyph} {effect_glyph(kind)[2]}" in legend(view).plain
    assert f"Effects: {glyph} {words}" in shown(view)


def test_an_effect_under_a_figure_colours_its_level_digit(lane: Left4DeadState) -> None:
    lane.effects.append(Effect("acid", at(lane, "3,2"), "infected"))
    glyph, _, digit = cell_style(lane.view("survivors"), "3,2")
    assert glyph == "Z" and digit.bgcolor == Style.parse(f"on {EFFECT_UNDER['acid']}").bgcolor


@pytest.mark.parametrize(("kind", "said"), [("explosive-ammo", "EXPLOSIVE AMMO"),
                                            ("incendiary-ammo", "INCENDIARY AMMO")])
def test_deployed_ammo_is_in_the_status_line(lane: Left4DeadState, kind: str, said: str) -> None:
    lane.effects.append(Effect(kind, -1, "survivors"))
    text = shown(lane.view("survivors"))
    assert f"{said} (every survivor, this round)" in text
    assert f"{kind.replace('-', ' ')}: every survivor has it to the end of the round" in text


def test_range_answers_for_an_infected_figure(lane: Left4DeadState) -> None:
    """`range hunter`: the hunter's range and each survivor's distance and sight from it."""
    infected(lane, "hunter", "6,1")
    decision = Decision("survivors", "?", (Action("x", "x", {}),))
    out = io.StringIO()
    commands.run(Console(file=out, width=120, color_system=None), lane, decision, "range hunter")
    said = out.getvalue()
    hunter = next(f for f in lane.view("survivors")["figures"] if f["name"] == "Hunter 1")
    assert f"Hunter 1: range {hunter['range']}, at 6,1" in said
    for name, space in (("Bill", "2,1"), ("Zoey", "3,2")):
        answer = ruler(lane, "6,1", space)
        assert f"{name} at {space}: {answer['distance']} away" in said
    assert "Zombie" not in said  # only the other side's figures


def test_every_mark_at_once_fits_80_columns(lane: Left4DeadState) -> None:
    bill, zoey = lane.figures["bill"], lane.figures["zoey"]
    hunter = infected(lane, "hunter", "4,1")
    boomer = infected(lane, "boomer", "4,3")
    bill.markers.update(pinned=hunter.id, vomit=boomer.id)
    bill.incaps, zoey.set_aside = 1, 2
    hunter.markers["burn"] = "molotov-cocktail"
    zoey.items["secondary"], zoey.ammo["chainsaw"] = "chainsaw", 2
    for kind, space in (("molotov-cocktail", "6,2"), ("acid", "7,2"), ("bile-bomb", "8,1"),
                        ("pipe-bomb", "5,0"), ("smoke", "4,2")):
        lane.effects.append(Effect(kind, at(lane, space), "survivors"))
    lane.effects.append(Effect("incendiary-ammo", -1, "survivors"))
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(render_view(GAME, lane.view("survivors")))
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 80
    text = " ".join(out.getvalue().replace("│", " ").split())
    # The survivors' cells wrap inside their columns (the words are checked at 120 above).
    for words in ("[burning (molotov cocktail)]", "[pinning Bill]", "INCENDIARY AMMO",
                  "bile bomb on 8,1", "2 wounds set aside"):
        assert words in text
