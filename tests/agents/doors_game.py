"""A throwaway game with many actions, for searches over wide decisions: pick one of
`doors` doors; the door named by the `good` option wins, every other loses (or, with
`good=-1`, every door loses)."""

from __future__ import annotations

from typing import Any

import pytest

from deadtable import registry
from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import Option, OptionSet
from deadtable.engine.state import GameState, Outcome

GAME_ID = "doors"
MODULE = __name__


class DoorsState(GameState):
    __slots__ = ()

    def _decide(self) -> Decision:
        return Decision.of("player", "Which door?",
                           [Action(f"door-{n}", f"Door {n}") for n in range(self.options["doors"])])

    def _apply(self, action_id: str) -> None:
        self.dice.d6()  # a roll, so that sampled worlds have dice to differ in
        won = action_id == f"door-{self.options['good']}"
        self.finish(Outcome({"player": "win" if won else "loss"}, "door"))

    def _view(self, seat: str) -> dict[str, Any]:
        return {}

    def _data(self) -> dict[str, Any]:
        return {}

    def _load(self, data: dict[str, Any]) -> None:
        pass

    def _copy_into(self, other: Any) -> None:
        pass


def start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> GameState:
    return DoorsState(game, seed, dice, setup)


SPEC = GameSpec(
    id=GAME_ID,
    name="Doors",
    version="1",
    summary="Pick the one good door.",
    seats=lambda options: ("player",),
    options=OptionSet([
        Option("doors", 16, "how many doors", minimum=2, maximum=1000),
        Option("good", 5, "the winning door (-1: none)", minimum=-1, maximum=999),
    ]),
    state_class=DoorsState,
    start=start,
)


class FirstDoor:
    """A rollout agent that always prefers door 0."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, obs: object) -> str:
        return "door-0"


@pytest.fixture
def doors(monkeypatch: pytest.MonkeyPatch) -> str:
    """Make the doors the only registered game, and `first-door` an agent, for one test."""
    from deadtable.agents import base

    monkeypatch.setattr(registry, "_MODULES", {GAME_ID: MODULE})
    monkeypatch.setattr(registry, "_loaded", {})
    monkeypatch.setitem(base._FACTORIES, "first-door", FirstDoor)
    return GAME_ID
