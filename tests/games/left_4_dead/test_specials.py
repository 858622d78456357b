"""The special infected's powers with scripted dice (rulebook: THE INFECTED, SPECIAL INFECTED).

Positions are built on the chapter-1 map (tests/games/left_4_dead/table.py): Main Street's
rows 5-9 are level-0 asphalt, with water at 6,7 7,7 6,8, the bus (level 2) at 2-4,8 and rubble
at 9-10,5-6. A combat die is a d6: 1-3 a skull, 4-5 a shield, 6 blank.
"""

from __future__ import annotations

import pytest

from deadtable.games.left_4_dead import combat, endofround, horde, items, survivors
from tests.games.left_4_dead.table import (
    args,
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


# -- Boomer --------------------------------------------------------------------------------
def test_projectile_vomit_hits_on_11_not_10() -> None:
    state = table({"boomer-1": "3,6", "bill": "5,6", "zoey": "3,4", "francis": "1,6",
                   "louis": "20,7"})
    turn(state, "boomer-1")
    assert "move:" + str(space(state, "4,6")) in ids(state)
    state.apply("stay")
    actions = ids(state)
    assert "vomit:all" in actions and "vomit:bill" in actions and "vomit:louis" not in actions
    assert args(state, "vomit:all")["targets"] == ["bill", "francis", "zoey"]
    script(state, 11, 10, 20)  # bill 11, francis 10, zoey 20
    state.apply("vomit:all")
    assert "vomit" in state.figures["bill"].markers
    assert "vomit" not in state.figures["francis"].markers
    assert "vomit" in state.figures["zoey"].markers
    assert not in_special_turn(state)  # instead of attacking: the turn is over
    assert len(events(state, "BOOMER: Projectile Vomit")) == 3


def test_projectile_vomit_range_sight_and_levels() -> None:
    # Boomer on the apartments roof (level 6): a survivor on the street (level 0) is more than
    # 5 levels below its base; one on the level-3 wing is not.
    state = table({"boomer-1": "10,2", "bill": "10,4", "zoey": "10,3"})
    turn(state, "boomer-1")
    state.apply("stay")
    assert args(state, "vomit:all")["targets"] == ["zoey"]
    # four spaces away: out of range
    state = table({"boomer-1": "2,6", "bill": "6,6"})
    turn(state, "boomer-1")
    state.apply("stay")
    assert "vomit" not in verbs(state)


def test_one_target_alone_and_the_vomit_minus_one() -> None:
    state = table({"boomer-1": "3,6", "bill": "5,6", "zoey": "3,4"})
    turn(state, "boomer-1")
    state.apply("stay")
    script(state, 15)
    state.apply("vomit:zoey")
    zoey = state.figures["zoey"]
    assert "vomit" in zoey.markers and "vomit" not in state.figures["bill"].markers
    assert [combat.reduced(state, zoey, s) for s in ("move", "range", "attack", "defense")] \
        == [4, 5, 2, 3]


def test_bile_explosion_and_markers_go_at_end_of_round() -> None:
    state = table({"boomer-1": "3,6", "bill": "4,6", "zoey": "2,5", "francis": "5,6"})
    boomer = state.figures["boomer-1"]
    combat.wound(state, boomer, 2, state.figures["francis"])
    assert "boomer-1" not in state.figures
    assert "vomit" in state.figures["bill"].markers and "vomit" in state.figures["zoey"].markers
    assert "vomit" not in state.figures["francis"].markers  # two spaces away
    assert events(state, "BOOMER: Bile Explosion")
    endofround.end_of_round(state)
    assert not any("vomit" in f.markers for f in state.figures.values())


def test_vomited_survivors_draw_the_horde() -> None:
    state = table({"zombie-1": "3,6", "bill": "4,6", "zoey": "2,6", "francis": "9,9"})
    state.figures["zombie-1"].kind = "zombies-of-morindan"
    state.figures["francis"].markers["vomit"] = "boomer-9"
    assert horde.lure_sources(state) == [space(state, "9,9")]
    state.figures["francis"].markers.clear()
    state.figures["zoey"].markers["vomit"] = "boomer-9"
    frame = horde.HordeTurn(step="attack")
    assert [t.id for _, t in horde.attackers(state, frame)] == ["zoey"]


# -- Smoker ----------------------------------------------------------------------------------
def test_tongue_snare_on_14_not_13() -> None:
    state = table({"smoker-1": "1,6", "bill": "8,6"})
    turn(state, "smoker-1")
    state.apply("stay")
    assert "tongue:bill" in ids(state)
    script(state, 13)
    state.apply("tongue:bill")
    assert at(state, "bill") == "8,6" and "tongue" not in state.figures["bill"].markers
    assert not in_special_turn(state)

    state = table({"smoker-1": "1,6", "bill": "8,6"})
    turn(state, "smoker-1")
    state.apply("stay")
    script(state, 14)
    state.apply("tongue:bill")
    bill = state.figures["bill"]
    assert bill.markers["tongue"] == "smoker-1"
    assert at(state, "bill") == "2,6"  # next to the Smoker, the free space nearest where it was
    assert survivors.captured(state, bill)
    assert not survivors.may_act(state, bill)


def test_tongue_snare_range_8_and_size() -> None:
    state = table({"smoker-1": "0,4", "bill": "9,4", "zoey": "8,4"})
    turn(state, "smoker-1")
    state.apply("stay")
    assert "tongue:zoey" in ids(state) and "tongue:bill" not in ids(state)  # 8 and 9 away


def test_snared_survivor_holds_the_smoker_and_is_freed_when_it_dies() -> None:
    state = table({"smoker-1": "3,6", "bill": "4,6"})
    state.figures["bill"].markers["tongue"] = "smoker-1"
    turn(state, "smoker-1")
    # can't move, must attack the snared figure: no move, no "end", no other power
    assert ids(state) == ["attack:bill"]
    script(state, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK)
    state.apply("attack:bill")
    combat.wound(state, state.figures["smoker-1"], 3, state.figures["bill"])
    assert "tongue" not in state.figures["bill"].markers
    assert survivors.may_act(state, state.figures["bill"])


def test_choking_smoke() -> None:
    state = table({"smoker-1": "3,6", "bill": "4,6", "zoey": "5,6"})
    combat.wound(state, state.figures["smoker-1"], 3, None)
    assert [(e.kind, e.space) for e in state.effects] == [("smoke", space(state, "3,6"))]
    bill, zoey = state.figures["bill"], state.figures["zoey"]
    assert [combat.reduced(state, bill, s) for s in ("move", "range", "attack", "defense")] \
        == [5, 5, 2, 3]
    assert combat.reduced(state, zoey, "attack") == 3  # two spaces away
    endofround.lasting_effects(state)
    assert combat.reduced(state, bill, "attack") == 3


# -- Spitter ---------------------------------------------------------------------------------
def test_acid_vomit() -> None:
    state = table({"spitter-1": "1,6", "bill": "5,6", "zoey": "6,6", "francis": "8,6"})
    turn(state, "spitter-1")
    state.apply("stay")
    assert f"acid:{space(state, '5,6')}" in ids(state)
    assert f"acid:{space(state, '9,6')}" not in ids(state)  # 8 spaces away
    script(state, SKULL, SHIELD)  # bill then zoey; francis is two spaces off
    state.apply(f"acid:{space(state, '5,6')}")
    assert state.figures["bill"].wounds == 1 and state.figures["zoey"].wounds == 0
    assert state.figures["francis"].wounds == 0
    assert [(e.kind, e.side) for e in state.effects] == [("acid", "infected")]
    assert not in_special_turn(state)
    # entering the acid later: one die
    francis = state.figures["francis"]
    script(state, SKULL)
    francis.space = space(state, "5,5")
    items.entered(state, francis, francis.space)
    assert francis.wounds == 1
    endofround.lasting_effects(state)
    assert not state.effects


def test_acid_explosion() -> None:
    state = table({"spitter-1": "3,6", "bill": "4,6", "zoey": "2,6", "francis": "5,6"})
    script(state, SKULL, BLANK)
    combat.wound(state, state.figures["spitter-1"], 2, None)
    assert (state.figures["bill"].wounds, state.figures["zoey"].wounds) == (1, 0)
    assert state.figures["francis"].wounds == 0
    assert [e.kind for e in state.effects] == ["acid-explosion"]
    francis = state.figures["francis"]
    script(state, SKULL)
    francis.space = space(state, "3,7")  # next to where the Spitter burst
    items.entered(state, francis, francis.space)
    assert francis.wounds == 1


@pytest.mark.parametrize("kind", ["boomer", "smoker", "spitter"])
def test_instead_of_attacking_powers_need_the_attack(kind: str) -> None:
    state = table({f"{kind}-1": "3,6", "bill": "4,6", "zoey": "5,6"})
    state.figures["bill"].markers["pinned"] = "hunter-9"
    turn(state, f"{kind}-1")
    state.apply("stay")
    script(state, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK)
    state.apply("attack:bill")
    assert not in_special_turn(state)  # one attack or one power, not both
