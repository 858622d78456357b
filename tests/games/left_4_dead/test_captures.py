"""Charger, Hunter and Jockey: the powers that move and seize survivors (Pummel, Pin Down, Go
For A Ride), with scripted dice. Positions: tests/games/left_4_dead/table.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.games.left_4_dead import combat, endofround, items, powers, survivors
from deadtable.games.left_4_dead.powers import common
from deadtable.games.left_4_dead.state import Effect
from tests.games.left_4_dead.table import (
    at,
    events,
    ids,
    in_special_turn,
    script,
    space,
    table,
    turn,
    verbs,
)

BLANK, SHIELD, SKULL = 6, 4, 1
CHAPTER_1 = Path(__file__).parents[3] / "deadtable/games/left_4_dead/data/maps/chapter-1.toml"


# -- Charger: Barreling Charge ---------------------------------------------------------------
def test_charge_runs_straight_and_counts_climbing() -> None:
    state = table({"charger-1": "1,8"})
    turn(state, "charger-1")
    charges = [i for i in ids(state) if i.startswith("charge:E:")]
    # E of 1,8: the bus (level 2: 1 + 2 to climb), 3,8, 4,8, then 5,8 is the 6th space spent;
    # the water at 6,8 would be a 7th
    assert charges == ["charge:E:1", "charge:E:2", "charge:E:3", "charge:E:4"]
    state.apply("charge:E:4")
    assert at(state, "charger-1") == "5,8"
    assert events(state, "CHARGER: Barreling Charge")


def test_charge_stops_in_water() -> None:
    state = table({"charger-1": "4,7"})
    turn(state, "charger-1")
    assert "charge:E:2" in ids(state) and "charge:E:3" not in ids(state)


def test_charge_through_a_survivor_then_pummel() -> None:
    state = table({"charger-1": "0,6", "bill": "2,6"})
    turn(state, "charger-1")
    assert "charge:E:2" not in ids(state)  # cannot end on Bill
    # leaving Bill between 3,6 and 4,6: his leaving-engagement die (a shield), then the d20 (5)
    script(state, SHIELD, 5)
    state.apply("charge:E:4")
    assert at(state, "charger-1") == "4,6" and at(state, "bill") == "2,6"
    assert ids(state) == ["pummel:bill"]
    state.apply("pummel:bill")
    bill = state.figures["bill"]
    assert at(state, "bill") == "3,6"  # next to the Charger, nearest where he stood
    assert bill.markers["grabbed"] == "charger-1"
    assert survivors.captured(state, bill) and not survivors.may_act(state, bill)
    assert ids(state) == ["attack:bill"]  # must attack him, cannot end without
    script(state, *[BLANK] * 8)
    state.apply("attack:bill")
    assert not in_special_turn(state)
    # next turn: it can't move while next to him
    state.figures["charger-1"].acted = False
    turn(state, "charger-1")
    assert ids(state) == ["attack:bill"]
    # destroyed: the marker goes
    combat.wound(state, state.figures["charger-1"], 4, bill)
    assert "grabbed" not in bill.markers and survivors.may_act(state, bill)


def test_charge_leaves_engagements_11_moves_17_wounds() -> None:
    state = table({"charger-1": "3,6", "bill": "3,5", "zoey": "2,6", "francis": "2,7"})
    turn(state, "charger-1")
    # charging east leaves Francis and Zoey behind at the first step and Bill (still next to
    # 4,6) at the second: for each, its leaving-engagement die on the Charger, then the d20
    script(state, SHIELD, 17, SHIELD, 11, SHIELD, 10)
    state.apply("charge:E:3")
    bill, zoey, francis = (state.figures[n] for n in ("bill", "zoey", "francis"))
    assert at(state, "charger-1") == "6,6"
    assert (bill.wounds, zoey.wounds, francis.wounds) == (0, 0, 1)
    assert at(state, "bill") == "3,5"  # 10: nothing
    assert at(state, "zoey") != "2,6" and at(state, "francis") != "2,7"  # shoved one space
    assert state.dice.script == []
    assert "pummel" not in verbs(state)  # it moved through nobody


def test_charger_takes_the_leaving_engagement_wound() -> None:
    state = table({"charger-1": "3,6", "bill": "2,6"})
    turn(state, "charger-1")
    script(state, SKULL, 3)
    state.apply("charge:E:2")
    assert state.figures["charger-1"].wounds == 1


# -- Hunter: Hunter Pounce and Pin Down ------------------------------------------------------
def test_pounce_over_water_and_figures_two_more_dice_and_pin() -> None:
    state = table({"hunter-1": "4,7", "zoey": "5,7", "bill": "9,7"})
    turn(state, "hunter-1")
    landing = space(state, "8,7")
    assert f"pounce:{landing}" in ids(state)  # over Zoey and the water
    assert f"pounce:{space(state, '10,7')}" not in ids(state)  # 6 spaces
    assert f"pounce:{space(state, '9,7')}" not in ids(state)  # Bill stands there
    state.apply(f"pounce:{landing}")
    assert at(state, "hunter-1") == "8,7"
    assert ids(state) == ["attack:bill", "end"]
    script(state, *[SKULL] * 6, *[BLANK] * 4)  # Attack 4 + 2 after a pounce; Defense 4
    state.apply("attack:bill")
    bill = state.figures["bill"]
    assert any("6 dice roll 6 skull(s)" in e for e in events(state, "HUNTER"))
    assert bill.down  # 6 wounds: incapacitated, and an incapacitated figure is not pinned
    assert "pinned" not in bill.markers


def test_pin_down_holds_until_the_hunter_leaves() -> None:
    state = table({"hunter-1": "3,6", "bill": "6,6"})
    turn(state, "hunter-1")
    state.apply(f"pounce:{space(state, '5,6')}")
    script(state, *[BLANK] * 6, *[BLANK] * 4)
    state.apply("attack:bill")
    bill = state.figures["bill"]
    assert bill.markers["pinned"] == "hunter-1" and not survivors.may_act(state, bill)
    hunter = state.figures["hunter-1"]
    hunter.acted = False
    turn(state, "hunter-1")
    assert ids(state) == ["attack:bill"]  # can't move, must attack him
    script(state, *[BLANK] * 8)
    state.apply("attack:bill")
    # a Beat Down (or anything) moves the Hunter away: the marker goes at the next check
    hunter.space = space(state, "1,6")
    common.sweep(state)
    assert "pinned" not in bill.markers and survivors.may_act(state, bill)


def test_no_bonus_or_pin_without_a_pounce() -> None:
    state = table({"hunter-1": "3,6", "bill": "5,6"})
    turn(state, "hunter-1")
    state.apply(f"move:{space(state, '4,6')}")
    script(state, *[BLANK] * 4, *[BLANK] * 4)
    state.apply("attack:bill")
    assert any("4 dice roll" in e for e in events(state, "HUNTER"))
    assert "pinned" not in state.figures["bill"].markers


def test_pounce_leaps_the_floodwall_a_walk_cannot() -> None:
    state = table({"hunter-1": "13,5"})
    turn(state, "hunter-1")
    assert f"pounce:{space(state, '16,5')}" in ids(state)
    assert f"move:{space(state, '16,5')}" not in ids(state)


def test_pounce_away_from_an_engagement_takes_the_attack() -> None:
    state = table({"hunter-1": "3,6", "bill": "4,6"})
    turn(state, "hunter-1")
    script(state, SKULL)
    state.apply(f"pounce:{space(state, '0,6')}")
    assert state.figures["hunter-1"].wounds == 1
    assert any("leaves an engagement" in e for e in events(state))


def test_pounce_into_water_puts_out_burning_burning_wounds_after_the_turn() -> None:
    state = table({"hunter-1": "4,7", "bill": "20,7"})
    hunter = state.figures["hunter-1"]
    hunter.markers["burn"] = "molotov-cocktail"
    turn(state, "hunter-1")
    state.apply("stay")
    assert hunter.wounds == 1  # Burning: a wound after each of its turns
    assert events(state, "Infected Rules: Burning")
    hunter.acted = False
    turn(state, "hunter-1")
    state.apply(f"pounce:{space(state, '7,7')}")
    assert "burn" not in hunter.markers and hunter.wounds == 1


# -- Jockey: Latch On and Go For A Ride ------------------------------------------------------
def test_latch_on_8_not_7() -> None:
    state = table({"jockey-1": "1,6", "bill": "4,6"})
    turn(state, "jockey-1")
    assert ids(state) == ["latch:bill", "go-on"]
    script(state, 7)
    state.apply("latch:bill")
    assert at(state, "jockey-1") == "1,6" and "ridden" not in state.figures["bill"].markers
    assert "move" in verbs(state)

    state = table({"jockey-1": "1,6", "bill": "4,6", "zoey": "5,6"})
    turn(state, "jockey-1")
    assert "latch:zoey" not in ids(state)  # 4 spaces away
    script(state, 8)
    state.apply("latch:bill")
    assert at(state, "jockey-1") == "3,6"  # next to Bill, nearest where the Jockey was
    bill = state.figures["bill"]
    assert bill.markers["ridden"] == "jockey-1" and survivors.captured(state, bill)
    # it latched on this turn: it did not begin next to its rider, so its Move is whole
    assert powers.move_budget(state, state.figures["jockey-1"]) == 6


def test_go_for_a_ride() -> None:
    state = table({"jockey-1": "3,6", "bill": "4,6"})
    state.figures["bill"].markers["ridden"] = "jockey-1"
    jockey = state.figures["jockey-1"]
    turn(state, "jockey-1")
    assert "latch" not in verbs(state)  # one rider at a time
    assert powers.move_budget(state, jockey) == 3  # Move 6 - 3
    assert f"move:{space(state, '0,6')}" in ids(state)
    assert f"move:{space(state, '7,6')}" not in ids(state)  # 4 spaces
    script(state, SHIELD)  # Bill's leaving-engagement die on the Jockey
    state.apply(f"move:{space(state, '0,6')}")
    assert at(state, "bill") == "1,6"  # dragged along, next to the Jockey
    bill = state.figures["bill"]
    assert bill.wounds == 0 and survivors.captured(state, bill)
    assert ids(state) == ["attack:bill"]  # must attack its rider
    script(state, *[BLANK] * 7)
    state.apply("attack:bill")
    assert bill.markers["ridden"] == "jockey-1"


def test_jockey_ending_its_turn_apart_releases() -> None:
    state = table({"jockey-1": "3,6", "bill": "8,6"})
    state.figures["bill"].markers["ridden"] = "jockey-1"  # Bill was moved off the Jockey
    turn(state, "jockey-1")
    assert powers.move_budget(state, state.figures["jockey-1"]) == 6
    state.apply(f"move:{space(state, '1,6')}")
    assert at(state, "bill") == "8,6"  # not next to it before the move: not dragged
    assert "ridden" not in state.figures["bill"].markers


def test_jockey_destroyed_releases() -> None:
    state = table({"jockey-1": "3,6", "bill": "4,6"})
    bill = state.figures["bill"]
    bill.markers["ridden"] = "jockey-1"
    assert not survivors.may_act(state, bill)
    combat.wound(state, state.figures["jockey-1"], 3, bill)
    assert "ridden" not in bill.markers and survivors.may_act(state, bill)


def test_a_survivor_turn_that_moves_a_captor_away_frees_the_figure() -> None:
    state = table({"hunter-1": "3,6", "bill": "4,6", "zoey": "8,6"})
    bill = state.figures["bill"]
    bill.markers["pinned"] = "hunter-1"
    state.figures["hunter-1"].space = space(state, "1,6")  # shoved away during Zoey's turn
    survivors.begin_turn(state, "zoey")
    state._decision = None
    state.settle()
    while state.stack and state.stack[-1].KIND == "survivor-turn":
        state.apply("stop" if "stop" in ids(state) else "end" if "end" in ids(state)
                    else "go-on")
    assert "pinned" not in bill.markers


def test_incendiary_burning_ends_with_the_round_a_molotov_s_does_not() -> None:
    state = table({"hunter-1": "4,7", "smoker-1": "9,9"})
    hunter, smoker = state.figures["hunter-1"], state.figures["smoker-1"]
    items.ignite(state, hunter, "incendiary-ammo")
    items.ignite(state, smoker, "molotov-cocktail")
    state.effects.append(Effect("incendiary-ammo", -1, "survivors"))
    endofround.lasting_effects(state)
    assert "burn" not in hunter.markers and smoker.markers["burn"] == "molotov-cocktail"


def test_no_figure_stands_in_a_tree_of_an_imported_map(tmp_path: Path) -> None:
    # chapter 1 with a 10-level tree (engine/board/hsc.py's reading of a Virtualscape tree) at
    # 17,5, east of the floodwall: the Hunter's leap of 10 levels reaches its top, yet no
    # figure may stand in an obstacle's hex (HeroScape)
    text = CHAPTER_1.read_text().replace('r = "rock"', 'r = "rock"\nt = "tree"')
    row = next(line for line in text.splitlines() if line.endswith("# 5"))
    cells = row.split('"')[1].split(" ")
    cells[1 + 17] = "t10"  # the row is odd: it starts with a space
    text = text.replace(row, row.replace(row.split('"')[1], " ".join(cells)))
    path = tmp_path / "wooded.toml"
    path.write_text(text)
    for wooded in (False, True):
        state = table({"hunter-1": "13,5"}, **({"map": str(path)} if wooded else {}))
        tree = space(state, "17,5")
        assert state.board.level[tree] == (10 if wooded else 0)
        turn(state, "hunter-1")
        assert (f"pounce:{tree}" in ids(state)) is not wooded
        assert (tree in state.blocked_spaces()) is wooded


def test_only_a_survivor_is_ever_held() -> None:
    # the capture markers' sweep and a Jockey's riders look among the survivors alone
    state = table({"bill": "3,5", "smoker-1": "3,6", "zombie-1": "4,6"})
    smoker, zombie = state.figures["smoker-1"], state.figures["zombie-1"]
    with pytest.raises(ValueError, match="holds a survivor"):
        common.hold(state, smoker, zombie, "tongue")
    assert zombie.markers == {}
    common.hold(state, smoker, state.figures["bill"], "tongue")
    assert state.figures["bill"].markers["tongue"] == "smoker-1"
