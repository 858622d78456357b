"""CREATING YOUR WARRIOR: attributes, skill, and the Time, Radiation and Venom markers.

The rolls are dice expressions so that the Overkill difficulty levels (Extra Training I and II,
which roll more dice and keep the best) are data, not code: see ROLLS.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from deadtable.engine.dice import Dice

SKILLS = ("marksmanship", "endurance", "agility", "strength", "climbing", "hiding")
REFLEXES_FLOOR = 6  # "Your Reflexes can never fall beneath 6."

# Attribute rolls per difficulty. "hard" is the rulebook's own; "medium" and "easy" are the
# Overkill options Extra Training I and II (digital-version options by Auroch Digital).
ROLLS: dict[str, dict[str, str]] = {
    "hard": {
        "endurance": "4d6", "wounds": "2d6+6", "hth": "d6+6", "reflexes": "d6+5",
        "marksmanship": "d6", "equipment": "d6+2",
    },
    "medium": {
        "endurance": "3d6+6", "wounds": "2d6+6", "hth": "2d6kh1+6", "reflexes": "2d6kh1+5",
        "marksmanship": "2d6kh1", "equipment": "2d6kh1+2",
    },
    "easy": {
        "endurance": "d6+18", "wounds": "d6+12", "hth": "3d6kh1+6", "reflexes": "3d6kh1+5",
        "marksmanship": "3d6kh1", "equipment": "3d6kh1+4",
    },
}


@dataclass(slots=True)
class Warrior:
    """The warrior's tracks on the board."""

    endurance: int
    wounds: int
    max_wounds: int  # the initial Wound score: healing never goes above it
    hth: int
    reflexes: int
    marksmanship: int
    skill: str
    equipment_allowance: int
    radiation: int  # the Radiation marker on the Endurance track
    venom: int  # the Venom marker on the Endurance track
    infected: bool  # the Venom marker turned the right way up

    def copy(self) -> Warrior:
        return replace(self)

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Warrior:
        return cls(**data)


def create(
    dice: Dice,
    marksmanship_by_roll: Mapping[int, int],
    rolls: Mapping[str, str] = ROLLS["hard"],
) -> tuple[Warrior, list[str]]:
    """Roll a warrior in the rulebook's order; return him and what happened, for the log.

    `marksmanship_by_roll` is the Marksmanship table (die roll -> modifier). The skill is
    rolled last, on one die, and applied at once.
    """
    log = []
    endurance = dice.parse_and_roll(rolls["endurance"])
    wounds = dice.parse_and_roll(rolls["wounds"])
    hth = dice.parse_and_roll(rolls["hth"])
    reflexes = max(REFLEXES_FLOOR, dice.parse_and_roll(rolls["reflexes"]))
    roll = dice.parse_and_roll(rolls["marksmanship"])
    marksmanship = marksmanship_by_roll[roll]
    log.append(
        f"Endurance {endurance}, Wounds {wounds}, HtH {hth}, Reflexes {reflexes}, "
        f"Marksmanship {marksmanship:+d} (rolled {roll})."
    )
    warrior = Warrior(
        endurance=endurance, wounds=wounds, max_wounds=wounds, hth=hth, reflexes=reflexes,
        marksmanship=marksmanship, skill="", equipment_allowance=0,
        radiation=0, venom=0, infected=False,
    )
    log += roll_skill(dice, warrior)
    return warrior, log


def roll_skill(dice: Dice, warrior: Warrior) -> list[str]:
    """Skills: one die, applied at once (an Endurance skill rolls one more die)."""
    log = []
    skill = warrior.skill = SKILLS[dice.d6() - 1]
    if skill == "marksmanship":
        warrior.marksmanship += 1
    elif skill == "endurance":
        extra = dice.d6()
        warrior.endurance += extra
        log.append(f"Endurance skill: +{extra} Endurance.")
    elif skill == "agility":
        warrior.reflexes += 1
    elif skill == "strength":
        warrior.hth += 1
    log.append(f"Skill: {skill}.")
    return log


def roll_allowance(dice: Dice, warrior: Warrior, rolls: Mapping[str, str] = ROLLS["hard"]) -> int:
    """Kitting Out: the Equipment Allowance, one die plus two."""
    warrior.equipment_allowance = dice.parse_and_roll(rolls["equipment"])
    return warrior.equipment_allowance
