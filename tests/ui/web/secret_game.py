"""A two-seat test game with secrets, for checking that each seat sees only its own.

Each seat is dealt a secret word from a hidden pool; on your turn you pass or guess that the
other seat's word is long. Four passes in a row end the game in a draw; a guess ends it, won
if the other's word has more than five letters. A seat's view shows its own word only; the
public view (the engine's default) shows no word at all.
"""

from __future__ import annotations

from typing import Any

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import OptionSet
from deadtable.engine.state import GameState, Outcome

GAME_ID = "secret"
SEATS = ("red", "blue")
# Long and unusual, so a test can search every response for them without false alarms.
WORDS = tuple(f"{w}-{n}" for w in ("quokka", "axolotl", "narwhal", "pangolin", "okapi")
              for n in ("zeta", "ypsilon"))


class SecretState(GameState):
    __slots__ = ("words", "pool", "turn", "passes")

    words: dict[str, str]
    pool: list[str]
    turn: int
    passes: int

    def _decide(self) -> Decision:
        seat = SEATS[self.turn]
        return Decision.of(seat, f"{seat}: your word is {self.words[seat]}; pass or guess", [
            Action("pass", "Pass"), Action("guess", "Guess the other word is long")])

    def _apply(self, action_id: str) -> None:
        seat = SEATS[self.turn]
        other = SEATS[1 - self.turn]
        if action_id == "guess":
            won = len(self.words[other]) > 12
            results = {seat: "win" if won else "loss", other: "loss" if won else "win"}
            self.event(f"{seat} guesses.")
            self.finish(Outcome(results, "guessed"))
            return
        self.passes += 1
        self.event(f"{seat} passes.")
        if self.passes >= 4:
            self.finish(Outcome(dict.fromkeys(SEATS, "draw"), "passed"))
        self.turn = 1 - self.turn

    def _view(self, seat: str) -> dict[str, Any]:
        return {"my_word": self.words[seat], "pool_left": len(self.pool), "passes": self.passes}

    def _data(self) -> dict[str, Any]:
        return {"words": dict(self.words), "pool": list(self.pool), "turn": self.turn,
                "passes": self.passes}

    def _load(self, data: dict[str, Any]) -> None:
        self.words = dict(data["words"])
        self.pool = list(data["pool"])
        self.turn = data["turn"]
        self.passes = data["passes"]

    def _copy_into(self, other: Any) -> None:
        other.words = dict(self.words)
        other.pool = list(self.pool)
        other.turn = self.turn
        other.passes = self.passes


def start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> GameState:
    state = SecretState(game, seed, dice, setup)
    pool = list(WORDS)
    dice.shuffle(pool)
    state.words = {seat: pool.pop() for seat in SEATS}
    state.pool = pool
    state.turn = 0
    state.passes = 0
    state.event("Each seat is dealt a secret word.")
    return state


SPEC = GameSpec(
    id=GAME_ID,
    name="Secret Words",
    version="1",
    summary="Two seats, each with a secret word: a test game for hidden information.",
    seats=lambda options: SEATS,
    options=OptionSet([]),
    state_class=SecretState,
    start=start,
)
