"""CREATING YOUR WARRIOR, with scripted dice and checked against the dice maths."""

from __future__ import annotations

import math

import pytest

from deadtable.engine.dice import Dice
from deadtable.games.chainsaw_warrior.warrior import ROLLS, create, roll_allowance

# The rulebook's Marksmanship table: 1 -> -2, 2 -> -1, 3 or 4 -> 0, 5 -> +1, 6 -> +2.
MARKSMANSHIP = {1: -2, 2: -1, 3: 0, 4: 0, 5: 1, 6: 2}


def warrior_from(*rolls: int):  # type: ignore[no-untyped-def]
    dice = Dice(0, rolls)
    warrior, _ = create(dice, MARKSMANSHIP)
    assert dice.script == [], "every scripted roll is used"
    return warrior


def test_attributes_are_rolled_in_the_rulebooks_order() -> None:
    # Endurance 4d6 = 3+4+5+6; Wounds 2d6+6 = 2+6+6; HtH d6+6; Reflexes d6+5; Marksmanship d6;
    # skill d6 = 5 (Climbing: no change to the numbers).
    w = warrior_from(3, 4, 5, 6, 2, 6, 5, 4, 6, 5)
    assert (w.endurance, w.wounds, w.max_wounds, w.hth, w.reflexes, w.marksmanship) == (
        18, 14, 14, 11, 9, 2
    )
    assert w.skill == "climbing"
    assert (w.radiation, w.venom, w.infected) == (0, 0, False)


@pytest.mark.parametrize(("roll", "modifier"), sorted(MARKSMANSHIP.items()))
def test_each_row_of_the_marksmanship_table(roll: int, modifier: int) -> None:
    assert warrior_from(1, 1, 1, 1, 1, 1, 1, 1, roll, 5).marksmanship == modifier


def test_marksmanship_skill_adds_one() -> None:
    assert warrior_from(1, 1, 1, 1, 1, 1, 1, 1, 6, 1).marksmanship == 3  # +2 box to +3 box
    assert warrior_from(1, 1, 1, 1, 1, 1, 1, 1, 2, 1).marksmanship == 0  # -1 box to 0 box


def test_endurance_skill_adds_a_die_to_endurance() -> None:
    # "you roll a 4 to take your Endurance from 13 to 17"
    w = warrior_from(3, 3, 3, 4, 1, 1, 1, 1, 3, 2, 4)
    assert w.endurance == 17 and w.skill == "endurance"


def test_agility_adds_one_reflexes_and_strength_one_hth() -> None:
    agile = warrior_from(1, 1, 1, 1, 1, 1, 1, 4, 3, 3)
    assert agile.skill == "agility" and agile.reflexes == 10
    strong = warrior_from(1, 1, 1, 1, 1, 1, 4, 1, 3, 4)
    assert strong.skill == "strength" and strong.hth == 11


def test_hiding_and_climbing_change_no_number() -> None:
    for roll, skill in ((5, "climbing"), (6, "hiding")):
        w = warrior_from(1, 1, 1, 1, 1, 1, 1, 1, 3, roll)
        assert w.skill == skill
        assert (w.endurance, w.hth, w.reflexes, w.marksmanship) == (4, 7, 6, 0)


def test_reflexes_never_below_six() -> None:
    w = warrior_from(1, 1, 1, 1, 1, 1, 1, 1, 3, 5)
    assert w.reflexes == 6


def test_equipment_allowance_is_one_die_plus_two() -> None:
    w = warrior_from(1, 1, 1, 1, 1, 1, 1, 1, 3, 5)
    assert roll_allowance(Dice(0, [2]), w) == 4  # "a roll of 2 gives you 4 equipment points"
    assert w.equipment_allowance == 4


def test_warriors_match_the_dice_maths() -> None:
    """Means and spreads of 20000 warriors within 5 standard errors of the exact values."""
    n = 20000
    dice = Dice(12345)
    sums = {"endurance": 0.0, "wounds": 0.0, "hth": 0.0, "reflexes": 0.0}
    skills: dict[str, int] = {}
    for _ in range(n):
        w, _ = create(dice, MARKSMANSHIP)
        skills[w.skill] = skills.get(w.skill, 0) + 1
        for k in sums:
            sums[k] += getattr(w, k)
        assert 4 <= w.endurance <= 30 and 8 <= w.wounds <= 18 and 7 <= w.hth <= 13
        assert 6 <= w.reflexes <= 12 and -2 <= w.marksmanship <= 3
    # Exact means including the skill: Endurance 4*3.5 + 3.5/6; HtH 9.5 + 1/6; Reflexes 8.5 + 1/6.
    exact = {"endurance": 14 + 3.5 / 6, "wounds": 13.0, "hth": 9.5 + 1 / 6,
             "reflexes": 8.5 + 1 / 6}
    spread = {"endurance": math.sqrt(4 * 35 / 12 + 35 / 12), "wounds": math.sqrt(2 * 35 / 12),
              "hth": 1.8, "reflexes": 1.8}  # upper bounds on the standard deviations
    for k in sums:
        assert abs(sums[k] / n - exact[k]) < 5 * spread[k] / math.sqrt(n), k
    for count in skills.values():  # each skill 1/6 of the time
        assert abs(count / n - 1 / 6) < 5 * math.sqrt((1 / 6) * (5 / 6) / n)


@pytest.mark.parametrize("level", ["medium", "easy"])
def test_easier_levels_roll_better_warriors(level: str) -> None:
    hard = Dice(7)
    easy = Dice(7)
    total_hard = total_easy = 0
    for _ in range(2000):
        total_hard += create(hard, MARKSMANSHIP, ROLLS["hard"])[0].endurance
        total_easy += create(easy, MARKSMANSHIP, ROLLS[level])[0].endurance
    assert total_easy > total_hard
