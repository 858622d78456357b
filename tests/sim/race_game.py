"""A throwaway game for testing agents, simulation and the CLI before a real game exists.

Race to the target: on your turn walk one step or roll a d6 and run that far. Land exactly on
the target to win; overshoot it and you are bust. One seat ("player") or two ("red", "blue").
"""

from __future__ import annotations

from typing import Any

import pytest

from deadtable import registry
from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import Option, OptionSet
from deadtable.engine.state import GameState, Outcome

GAME_ID = "race"
MODULE = __name__  # registered by module path, so worker processes can import it too


def seats(options: dict[str, Any]) -> tuple[str, ...]:
    return ("player",) if options["players"] == 1 else ("red", "blue")


class RaceState(GameState):
    __slots__ = ("positions", "turn")

    def _decide(self) -> Decision:
        seat = self.game.seats[self.turn]
        return Decision.of(
            seat,
            f"You are on {self.positions[seat]} of {self.options['target']}",
            [Action("walk", "Walk one step"), Action("roll", "Roll a d6 and run that far")],
        )

    def _apply(self, action_id: str) -> None:
        seats_ = self.game.seats
        seat = seats_[self.turn]
        step = 1 if action_id == "walk" else self.dice.d6()
        self.positions[seat] += step
        self.event(f"{seat} moves {step} to {self.positions[seat]}")
        target = self.options["target"]
        if self.positions[seat] >= target:
            won = self.positions[seat] == target
            results = {s: ("win" if (s == seat) == won else "loss") for s in seats_}
            scores = {s: float(p) for s, p in self.positions.items()}
            self.finish(Outcome(results, "reached" if won else "bust", scores))
        else:
            self.turn = (self.turn + 1) % len(seats_)

    def _view(self, seat: str) -> dict[str, Any]:
        return {"positions": dict(self.positions), "target": self.options["target"]}

    def _data(self) -> dict[str, Any]:
        return {"positions": dict(self.positions), "turn": self.turn}

    def _load(self, data: dict[str, Any]) -> None:
        self.positions = dict(data["positions"])
        self.turn = data["turn"]

    def _copy_into(self, other: Any) -> None:
        other.positions = dict(self.positions)
        other.turn = self.turn


def start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> GameState:
    state = RaceState(game, seed, dice, setup)
    state.positions = dict.fromkeys(game.seats, 0)
    state.turn = 0
    return state


SPEC = GameSpec(
    id=GAME_ID,
    name="Race to the Target",
    version="1",
    summary="Walk or roll to land exactly on the target.",
    seats=seats,
    options=OptionSet(
        [
            Option("target", 10, "the square to land on", minimum=1, maximum=1000),
            Option("players", 1, "how many seats", choices=(1, 2)),
        ]
    ),
    state_class=RaceState,
    start=start,
)


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> str:
    """Make the race the only registered game, for one test. Returns its id."""
    monkeypatch.setattr(registry, "_MODULES", {GAME_ID: MODULE})
    monkeypatch.setattr(registry, "_loaded", {})
    return GAME_ID
