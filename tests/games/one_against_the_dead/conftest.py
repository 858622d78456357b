"""Helpers to stack the deck and script the dice for One Against the Dead tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import deadtable
from deadtable.games.one_against_the_dead.state import OneAgainstTheDeadState

GAME = "one-against-the-dead"
# A quiet city: the row's face-down cards from left (x=1) to right (x=6), all spades, none
# matching the start card's suit so they make zombies, and all numbers.
ROW = ("4C", "5S", "6S", "7S", "8S", "9S")


def city(
    helicopter: str = "10H",
    row: Sequence[str] = ROW,
    start: str = "2C",
    draws: Sequence[str] = (),
) -> list[str]:
    """The top of the deck for a chosen city: SETUP deals the helicopter first, then the
    face-down blocks right to left, then the start card; the draws come after."""
    return [helicopter, *reversed(list(row)), start, *draws]


def new(
    deck: Sequence[str] = (), dice: Sequence[int] = (), seed: int = 0, **options: Any
) -> OneAgainstTheDeadState:
    state = deadtable.load(GAME, **options).new(seed=seed, dice=dice, deck=list(deck))
    assert isinstance(state, OneAgainstTheDeadState)
    return state


def play(state: OneAgainstTheDeadState, *actions: str) -> OneAgainstTheDeadState:
    for action in actions:
        state.apply(action)
    return state


def ids(state: OneAgainstTheDeadState) -> list[str]:
    decision = state.decision
    assert decision is not None, f"the game is over: {state.outcome}"
    return decision.ids


def script(state: OneAgainstTheDeadState, *rolls: int) -> None:
    """Script the next die rolls of a state already in play."""
    state.dice.script = list(reversed(rolls))


def combat_scene(
    zombies: int, weapon: Any = None, survivor: Any = None, **options: Any
) -> OneAgainstTheDeadState:
    """You stand on the start card with `zombies` zombies, about to fight."""
    state = new(city(draws=["3D", "4D", "5D"]), **options)
    play(state, "place:up", "place:down")
    state.map_weapons.clear()
    state.map_survivor = None
    state.weapon = weapon
    state.survivor = survivor
    state.zombies = zombies
    state.kills = 0
    state.life = state.life_max
    state.phase = "combat"
    state._decision = None
    return state
