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
    assert joseph and "Faith" not in joseph[0] and "1 card" in joseph[0]
    assert "Your Zombie hand" in zombies and "Your Zombie hand" not in heroes


def test_the_town_is_numbered_and_each_hero_has_a_letter_of_its_own():
    state = registry.load(GAME, heroes="Sally,Sheriff Anderson,Johnny,Jenny").new(seed=4)
    text = text_of(render_view(GAME, state.view("heroes"), state.decision), 80)
    lines = text.splitlines()
    header = next(line for line in lines if " 0  1  2" in line)
    assert "19" in header  # x across the top
    rows = [int(line[1:4]) for line in lines if line[1:4].strip().isdigit()]
    assert rows and rows == list(range(rows[0], rows[-1] + 1))  # y down the side
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
    assert shown["The scenario"].startswith(
        "Die, Zombies, Die!: The heroes win by killing 15 zombies. The zombies win by killing "
        "4 heroes or when the Sun track runs out. Turn 1 of 15")  # how each side wins
    (title, text), = lnoe_help(options, zombies, state.decision, "sally")
    assert title == "Sally" and "Resourceful" in text
    assert lnoe_help(options, zombies, state.decision, "no such thing") == []
    both = [title for title, _ in lnoe_help(options, zombies, state.decision, "my god")]
    assert both == ["My God, He's a Zombie (zombie card: response)",
                    "My God, They've Taken the… (zombie card: stays-in-play)"]


def test_the_end_in_words_names_the_winning_side_whatever_the_hero_seats():
    from deadtable.engine.state import Outcome
    from deadtable.games.last_night_on_earth.render import outcome_text

    two = Outcome({"heroes-1": "win", "heroes-2": "win", "zombies": "loss"},
                  "the heroes killed 15 zombies", {"kills": 15, "heroes_killed": 1, "turn": 9})
    assert outcome_text(two) == ("The heroes win: the heroes killed 15 zombies. 15 zombies "
                                 "killed, 1 hero killed, on turn 9.")
    dawn = Outcome({"heroes": "loss", "zombies": "win"}, "the Sun track ran out",
                   {"kills": 1, "heroes_killed": 2, "turn": 16})
    assert outcome_text(dawn).startswith("The zombies win: the Sun track ran out. 1 zombie ")


def plain_at(text: str, x: int, y: int) -> str:
    """The two characters the terminal town draws for square x,y."""
    row = next(line.removeprefix("│") for line in text.splitlines()
               if line.removeprefix("│")[:3] == f"{y:>2} ")
    return row[3 + 3 * x: 5 + 3 * x]


def style_at(town, x: int, y: int) -> str:  # noqa: ANN001
    """The style the terminal town gives square x,y."""
    offset = 0
    for line in town.plain.split("\n"):
        if line[:3] == f"{y:>2} ":
            offset += 3 + 3 * x
            return " ".join(str(s.style) for s in town.spans if s.start <= offset < s.end)
        offset += len(line) + 1
    raise AssertionError(f"row {y} is not drawn")


def test_the_scenario_state_is_drawn_on_the_town_and_told_in_the_status():
    from deadtable.games.last_night_on_earth.render import town_text

    state = registry.load(GAME, scenario="save-the-townsfolk").new(seed=4)
    square = state.board.space
    state.gas = {square("9,9")}
    building = sorted(state.town.buildings)[0]
    state.in_play += [f"Lights Out ({building})"]
    view = state.view("heroes")
    (token, where), *_ = view["townsfolk"].items()
    hero = view["heroes"][0]["name"]
    state.escort = {hero: token}
    view = state.view("heroes")
    view["moving"] = None
    text = text_of(render_view(GAME, view), 80)
    assert f"Townsfolk (t): {token.split()[-1]} on {where} with {hero}" in text
    assert "Gas (g) on 9,9" in text and "0 saved, 0 lost" in text
    town, _ = town_text(view, set(), set(view["town"]["buildings"][building]))
    x, y = map(int, where.split(","))
    drawn = text_of(town, 80)
    assert "t" in plain_at(drawn, x, y)
    dark = view["town"]["buildings"][building][0]
    if not any(s == dark for s in list(view["townsfolk"].values()) + view["gas"]):
        assert "~" in plain_at(drawn, *map(int, dark.split(",")))
    assert "~ lights out" in text_of(render_view(GAME, view), 80)


def test_pits_to_burn_and_gas_are_marked_where_they_are():
    state = registry.load(GAME, scenario="burn-em-out").new(seed=4)
    state.zombies.clear()
    gassed, other = state.view("heroes")["pits_to_burn"]
    state.gas = {state.board.space(gassed)}
    view = state.view("heroes")
    text = text_of(render_view(GAME, view), 80)
    assert f"Pits to burn (P!): {gassed}, {other}" in text
    assert "P! to burn" in " ".join(text.replace("│", " ").split())
    assert plain_at(text, *map(int, other.split(","))) == "P!"
    assert plain_at(text, *map(int, gassed.split(","))) == "g+"  # gas on a pit (shaded red)
    state.targets.remove(state.board.space(other))
    burning = [line for line in text_of(render_view(GAME, state.view("heroes")), 80)
               .splitlines() if "Pits to burn" in line]
    assert burning and other not in burning[0] and gassed in burning[0]


def test_the_truck_is_marked_and_told_in_escape_in_the_truck():
    state = registry.load(GAME, scenario="escape-in-the-truck").new(seed=4)
    view = state.view("heroes")
    truck = view["truck"]
    assert truck == state.board.names[state.town.truck]
    text = text_of(render_view(GAME, view), 80)
    assert f"The truck (T) waits at {truck}" in text and "T the truck" in text
    assert "T" in plain_at(text, *map(int, truck.split(",")))
    assert "truck" not in registry.load(GAME).new(seed=4).view("heroes")  # only its scenario


def test_the_screen_fits_a_50_line_terminal_and_tells_what_the_crop_leaves_out():
    for scenario in ("die-zombies-die", "save-the-townsfolk", "burn-em-out"):
        state = registry.load(GAME, scenario=scenario).new(seed=4)
        for seat in ("heroes", "zombies"):
            text = text_of(render_view(GAME, state.view(seat), state.decision), 80)
            assert len(text.splitlines()) <= 48, (scenario, seat)
            left_out = next(line for line in text.splitlines() if "Not shown: row" in line)
            assert left_out
    view = state.view("heroes")
    many = dict(view, unseen=len(view["log"]))  # every event new: the log keeps to 3
    text = text_of(render_view(GAME, many, state.decision), 80)
    assert len(text.splitlines()) <= 48 and f"log: 3 of {len(view['log'])} (type log" in text
    drawn = {z["space"] for z in view["zombies"]}
    text = text_of(render_view(GAME, view), 80)
    rows = {int(line[1:4]) for line in text.splitlines() if line[1:4].strip().isdigit()}
    for space in drawn:
        if int(space.split(",")[1]) not in rows:
            assert space in next(line for line in text.splitlines() if "Not shown" in line)


def test_the_whole_area_a_hero_may_still_reach_is_marked_and_each_square_has_a_first_step(
        tmp_path):
    from deadtable.games.last_night_on_earth.heroturn import HeroAct
    from deadtable.games.last_night_on_earth.render import REACH, town_text

    from .table import at, push, put, table, zombie

    state = table(tmp_path)
    put(state, "Becky", "3,0")
    zombie(state, "4,0")
    push(state, HeroAct("Becky", step="moving", moves_left=2))
    assert {a.args["space"] for a in state.decision.actions if a.args.get("space") is not None} \
        == {at(state, "4,0"), at(state, "3,1")}
    # 2,0 is behind the Diner's window and 2,1 behind its wall; the zombie on 4,0 ends a move
    # there, so 5,0 (two steps through it) is out of reach
    assert state.view("heroes")["moving"]["reach"] == {
        "4,0": [1, "4,0"], "3,1": [1, "3,1"], "4,1": [2, "3,1"], "3,2": [2, "3,1"]}
    view = state.view("heroes")
    town, _ = town_text(view, {"4,0", "3,1"})
    assert "reverse" in style_at(town, 3, 1) and REACH not in style_at(town, 3, 1)  # a step
    assert REACH in style_at(town, 4, 1) and "reverse" not in style_at(town, 4, 1)  # within reach
    assert REACH not in style_at(town, 5, 0) + style_at(town, 5, 1)
    text = text_of(render_view(GAME, view, state.decision), 80)
    assert "underlined: reach" in text


def test_help_in_a_heroes_turn_says_why_a_search_may_be_missing(tmp_path):
    from deadtable.games.last_night_on_earth.help import help as lnoe_help
    from tests.games.last_night_on_earth.table import at, hero_turn, table, zombie

    state = table(tmp_path)
    state.heroes["Becky"].space = at(state, "1,0")  # in the Diner
    hero_turn(state, "Becky")
    assert "search" in state.decision.ids
    zombie(state, "1,0")
    hero_turn(state, "Becky")
    assert "search" not in state.decision.ids  # a zombie shares her square
    moment = dict(lnoe_help(dict(state.game.options), state.view("heroes"), state.decision))
    assert "not with a zombie in its square" in moment["This moment: Becky's turn"]
