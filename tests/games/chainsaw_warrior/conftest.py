"""Scripted games of Chainsaw Warrior: a given warrior and kit, stacked decks, scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import deadtable
from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

# The Example of Play's warrior: "Endurance 15, Wounds 14, Hand-to-Hand (including +1 for
# Strength skill) 11, Reflexes 9 and Marksmanship +1".
EXAMPLE_WARRIOR = {"endurance": 15, "wounds": 14, "hth": 11, "reflexes": 9, "marksmanship": 1,
                   "skill": "strength"}


STOP = "dump-2"  # asks what you take from it: play waits there, rolling nothing


def start(
    deck: Sequence[str] = (),
    dice: Sequence[int] = (),
    deck_two: Sequence[str] = ("darkness",),
    warrior: dict[str, Any] | None = None,
    kit: Sequence[str] = (),
    wandering: Sequence[str] | None = None,
    seed: int = 0,
    then: Sequence[str] = (STOP,),
    **options: Any,
) -> ChainsawWarriorState:
    """A game that enters the house at once: `deck` is Deck One from the top, `dice` the rolls
    in order, `kit` the equipment beside the free Laser-lance. The cards `then` come next:
    by default Dump 2, whose question stops play without a roll once `deck` is done."""
    setup: dict[str, Any] = {"deck_one": [*deck, *then], "deck_two": list(deck_two),
                             "warrior": dict(EXAMPLE_WARRIOR, **(warrior or {})),
                             "kit": list(kit)}
    if wandering is not None:
        setup["wandering"] = list(wandering)
    state = deadtable.load("chainsaw-warrior", **options).new(seed=seed, dice=list(dice), **setup)
    assert isinstance(state, ChainsawWarriorState)
    return state


def play(state: ChainsawWarriorState, *actions: str) -> ChainsawWarriorState:
    for action in actions:
        state.apply(action)
    return state


def used_all_dice(state: ChainsawWarriorState) -> bool:
    return not state.dice.script


def item_uses(state: ChainsawWarriorState, item: str) -> int | None:
    return next(c.uses for c in state.items if c.item == item)


def carries(state: ChainsawWarriorState, item: str) -> bool:
    return any(c.item == item for c in state.items)


@pytest.fixture
def game() -> Any:
    return deadtable.load("chainsaw-warrior")
