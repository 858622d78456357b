"""The rolls of FIGHTING CREATURES and TESTING REFLEXES, as the rulebook states them.

Each returns what was rolled as well as the result, so that the event log (and a golden test)
can follow the dice."""

from __future__ import annotations

from typing import NamedTuple

from deadtable.engine.dice import Dice


class Check(NamedTuple):
    roll: int  # the dice alone
    total: int  # with modifiers
    passed: bool


def reflex_test(dice: Dice, reflexes: int, modifier: int = 0) -> Check:
    """Roll two dice (plus any modifier the card gives); succeed at or under Reflexes."""
    roll = dice.total(2)
    return Check(roll, roll + modifier, roll + modifier <= reflexes)


def aimed_shot(dice: Dice, to_hit: int, marksmanship: int, modifier: int = 0) -> Check:
    """Roll two dice, add Marksmanship; hit at or over the weapon's number."""
    roll = dice.total(2)
    total = roll + marksmanship + modifier
    return Check(roll, total, total >= to_hit)


class Round(NamedTuple):
    creature: int  # its 2d6 + its HtH
    warrior: int  # your 2d6 + your HtH
    result: str  # "win", "lose" or "draw", for you


def hth_round(dice: Dice, creature_hth: int, warrior_hth: int) -> Round:
    """Making a Hand-to-Hand Attack: the creature rolls first, then you; equal is a draw."""
    creature = dice.total(2) + creature_hth
    warrior = dice.total(2) + warrior_hth
    result = "draw" if creature == warrior else ("win" if warrior > creature else "lose")
    return Round(creature, warrior, result)


def escape(dice: Dice, rating: int) -> Check:
    """Escaping: one die at or over the creature's Escape Rating."""
    roll = dice.d6()
    return Check(roll, roll, roll >= rating)
