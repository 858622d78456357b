"""KITTING OUT: spend the Equipment Allowance by drawing from the top of a face-down pile per
type: the player chooses the type, never the card. At most one Gun and one Heavy Weapon at any
time, and thirteen items in all; the Laser-lance is free and always taken."""

from __future__ import annotations

from collections.abc import Mapping

from deadtable.engine.cards import Pile
from deadtable.engine.decisions import Action

MAX_ITEMS = 13
ONE_AT_A_TIME = ("gun", "heavy-weapon")  # "a maximum of one gun and one heavy weapon"


def can_take(
    kind: str,
    carried_kinds: list[str],
    allowance: int,
    costs: Mapping[str, int],
    piles: Mapping[str, Pile],
) -> bool:
    """May one more card of this type be drawn now?"""
    if len(carried_kinds) >= MAX_ITEMS or not piles[kind]:
        return False
    if kind in ONE_AT_A_TIME and kind in carried_kinds:
        return False
    return costs[kind] <= allowance


def kit_actions(
    carried_kinds: list[str],
    allowance: int,
    costs: Mapping[str, int],
    piles: Mapping[str, Pile],
) -> list[Action]:
    """The legal draws, then "done" (you may always stop spending)."""
    actions = [
        Action(f"draw:{kind}", f"Draw a {kind.replace('-', ' ')} ({costs[kind]} points)")
        for kind in sorted(piles)
        if can_take(kind, carried_kinds, allowance, costs, piles)
    ]
    actions.append(Action("done", f"Enter the house ({allowance} points unspent)"
                          if allowance else "Enter the house"))
    return actions


def draw(kind: str, piles: Mapping[str, Pile]) -> str:
    """The top card of that type's face-down pile."""
    return piles[kind].draw()
