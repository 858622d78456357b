"""GameState.public_view: the spectator's view, safe by default for every game."""

from __future__ import annotations

from typing import Any

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import OptionSet
from deadtable.engine.state import SPECTATOR, GameState, Outcome


class HandsState(GameState):
    """Two seats, each with a secret hand; a game that says nothing about its public view."""

    __slots__ = ("hands", "turn")

    hands: dict[str, list[str]]
    turn: int

    def _decide(self) -> Decision:
        seat = ("north", "south")[self.turn]
        return Decision.of(seat, "play or stop", [Action("play", "Play"), Action("stop", "Stop")])

    def _apply(self, action_id: str) -> None:
        seat = ("north", "south")[self.turn]
        if action_id == "stop":
            self.finish(Outcome({"north": "draw", "south": "draw"}, "stopped"))
            return
        card = self.hands[seat].pop()
        self.event(f"{seat} plays a card.")
        self.turn = 1 - self.turn
        del card

    def _view(self, seat: str) -> dict[str, Any]:
        return {"hand": list(self.hands[seat])}

    def _data(self) -> dict[str, Any]:
        return {"hands": {k: list(v) for k, v in self.hands.items()}, "turn": self.turn}

    def _load(self, data: dict[str, Any]) -> None:
        self.hands = {k: list(v) for k, v in data["hands"].items()}
        self.turn = data["turn"]

    def _copy_into(self, other: Any) -> None:
        other.hands = {k: list(v) for k, v in self.hands.items()}
        other.turn = self.turn


class OpenHandsState(HandsState):
    __slots__ = ()

    def _public_view(self) -> dict[str, Any]:
        return {"cards_left": {seat: len(hand) for seat, hand in self.hands.items()}}


def start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> GameState:
    state = game.spec.state_class(game, seed, dice, setup)
    state.hands = {"north": ["secret-n1", "secret-n2"], "south": ["secret-s1", "secret-s2"]}
    state.turn = 0
    return state


def game_of(state_class: type[GameState]) -> Game:
    spec = GameSpec(id="hands", name="Hands", version="1", summary="test",
                    seats=lambda options: ("north", "south"), options=OptionSet([]),
                    state_class=state_class, start=start)
    return spec.bind()


def test_by_default_a_spectator_sees_who_decides_the_log_and_the_outcome_only() -> None:
    state = game_of(HandsState).new(seed=1)
    state.apply("play")
    assert state.public_view() == {"game": "hands", "seat": SPECTATOR, "to_move": "south",
                                   "log": [{"text": "north plays a card.", "why": ""}],
                                   "outcome": None}
    assert "secret" not in str(state.public_view())
    state.apply("stop")
    view = state.public_view()
    assert view["to_move"] is None
    assert view["outcome"] == {"results": {"north": "draw", "south": "draw"},
                               "cause": "stopped", "scores": {}}


def test_a_game_may_show_spectators_more() -> None:
    state = game_of(OpenHandsState).new(seed=1)
    state.apply("play")
    view = state.public_view()
    assert view["cards_left"] == {"north": 1, "south": 2}
    assert list(view) == ["game", "seat", "cards_left", "to_move", "log", "outcome"]


def test_a_solo_game_shows_spectators_what_its_player_sees() -> None:
    import deadtable

    state = deadtable.load("one-against-the-dead").new(seed=3)
    public, player = state.public_view(), state.view("player")
    assert public.pop("seat") == SPECTATOR and player.pop("seat") == "player"
    assert public.pop("to_move") == "player"
    assert public == player
