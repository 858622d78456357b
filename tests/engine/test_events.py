"""Events: each says why (its cite) and who may read it; saves keep both; old saves load."""

from __future__ import annotations

import copy
import hashlib
import json
import pickle
from typing import Any

import pytest

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.events import Event
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import OptionSet
from deadtable.engine.replay import Replay, digest
from deadtable.engine.state import GameState, Outcome

SEATS = ("north", "south", "east")


class DrawState(GameState):
    """Each seat in turn draws a card into its hidden hand; north and south are partners and
    see each other's draws; east plays alone."""

    __slots__ = ("hands", "turn")

    hands: dict[str, list[int]]
    turn: int

    def _decide(self) -> Decision:
        return Decision.of(SEATS[self.turn], "draw or stop",
                           [Action("draw", "Draw"), Action("stop", "Stop")])

    def _apply(self, action_id: str) -> None:
        seat = SEATS[self.turn]
        if action_id == "stop":
            self.finish(Outcome(dict.fromkeys(SEATS, "draw"), "stopped"), cite="Rules: stopping")
            return
        card = self.dice.d6()
        self.hands[seat].append(card)
        self.event(f"{seat} draws a card.", cite="Rules: drawing")
        partners = ("north", "south") if seat != "east" else "east"
        self.event(f"{seat} draws the {card}.", cite="Rules: drawing", to=partners)
        self.turn = (self.turn + 1) % len(SEATS)

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


def start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> GameState:
    state = game.spec.state_class(game, seed, dice, setup)
    assert isinstance(state, DrawState)
    state.hands = {seat: [] for seat in SEATS}
    state.turn = 0
    state.event("The cards are shuffled.", cite="Rules: setup")
    return state


SPEC = GameSpec(id="draw", name="Draw", version="1", summary="test", seats=lambda o: SEATS,
                options=OptionSet([]), state_class=DrawState, start=start)


@pytest.fixture
def played() -> GameState:
    state = SPEC.bind().new(seed=5, dice=[3, 6, 1])
    state.apply_all(["draw", "draw", "draw"])  # north 3, south 6, east 1
    return state


def texts(view: dict[str, Any]) -> list[str]:
    return [event["text"] for event in view["log"]]


def test_private_events_reach_only_their_seats(played: GameState) -> None:
    public = ["The cards are shuffled.", "north draws a card.", "south draws a card.",
              "east draws a card."]
    partners = ["The cards are shuffled.", "north draws a card.", "north draws the 3.",
                "south draws a card.", "south draws the 6.", "east draws a card."]
    assert texts(played.view("north")) == texts(played.view("south")) == partners
    assert texts(played.view("east")) == [*public[:3], "east draws a card.", "east draws the 1."]
    assert texts(played.public_view()) == public
    for seat in SEATS:
        assert "the 1" not in json.dumps(played.view(seat)) or seat == "east"
    assert "draws the" not in json.dumps(played.public_view())


def test_a_view_shows_each_event_with_its_why(played: GameState) -> None:
    assert played.view("east")["log"][-1] == {"text": "east draws the 1.",
                                              "why": "Rules: drawing"}
    played.apply("stop")
    assert played.public_view()["log"][-1] == {"text": "Game over: stopped.",
                                               "why": "Rules: stopping"}


def test_the_json_round_trip_keeps_each_events_cite_and_audience(played: GameState) -> None:
    data = played.to_data()
    assert data["log"][2] == {"text": "north draws the 3.", "cite": "Rules: drawing",
                              "seats": ["north", "south"]}
    assert data["log"][0] == {"text": "The cards are shuffled.", "cite": "Rules: setup"}
    again = played.game.from_json(played.to_json())
    assert again.log == played.log
    assert again.log[2] == Event("north draws the 3.", "Rules: drawing", ("north", "south"))
    for seat in SEATS:
        assert again.view(seat) == played.view(seat)
    assert played.clone().log == played.log


def test_a_seat_given_alone_is_an_audience_of_one() -> None:
    state = SPEC.bind().new(seed=1)
    state.event("Only east knows.", cite="Rules: secrets", to="east")
    assert state.log[-1].seats == ("east",)
    assert "Only east knows." in texts(state.view("east"))
    assert "Only east knows." not in texts(state.view("north"))


def old_form(state: GameState) -> dict[str, Any]:
    """The state as saves made before events had cites and audiences wrote it."""
    data = state.to_data()
    data["log"] = [event.text for event in state.log if event.seats is None]
    return data


def test_old_saves_with_plain_string_logs_load() -> None:
    state = SPEC.bind().new(seed=2)
    data = old_form(state)
    loaded = state.game.from_json(json.dumps(data))
    assert loaded.log == [Event("The cards are shuffled.")]  # public, no cite recorded
    assert loaded.public_view()["log"] == [{"text": "The cards are shuffled.", "why": ""}]
    loaded.apply("draw")  # and play on
    assert loaded.log[-1].cite == "Rules: drawing"


def test_replays_recorded_before_events_had_cites_still_check() -> None:
    """A replay's `final` digest was the hash of the state's JSON with the log as strings;
    the digest keeps that form, so old replay files (play --save) still check."""
    state = SPEC.bind().new(seed=3)
    state.apply_all(["draw", "draw", "stop"])
    public_only = [e for e in state.log if e.seats is None]
    text = json.dumps({**state.to_data(), "log": [e.text for e in state.log]}, sort_keys=True)
    assert digest(state) == hashlib.sha256(text.encode()).hexdigest()[:16]
    assert len(public_only) < len(state.log)  # private texts count too: a change of play
    replay = Replay.of(state)
    assert replay.run(SPEC.bind()).to_json() == state.to_json()


def test_event_data_round_trip() -> None:
    for event in (Event("a"), Event("b", "Rules: b"), Event("c", "Rules: c", ("north",))):
        assert Event.from_data(json.loads(json.dumps(event.to_data()))) == event
    assert Event.from_data("plain") == Event("plain")
    assert Event("x", seats=("north",)).readable_by("north")
    assert not Event("x", seats=("north",)).readable_by("south")
    assert not Event("x", seats=("north",)).readable_by(None)
    assert Event("x").readable_by(None)


def test_an_event_is_an_immutable_value_as_a_frozen_dataclass_was():
    """Event stores its slots plainly (a game logs about one a step) and reads them through
    read-only fields (tests/engine/test_fields.py): equal, hashed, shown, copied and pickled
    by value."""
    event = Event("Bill moves.", "MOVEMENT", ("north",))
    assert (event.text, event.cite, event.seats) == ("Bill moves.", "MOVEMENT", ("north",))
    assert event == Event(text="Bill moves.", cite="MOVEMENT", seats=("north",))
    assert hash(event) == hash(Event("Bill moves.", "MOVEMENT", ("north",)))
    assert event != Event("Bill moves.", "MOVEMENT") and event != ("Bill moves.", "MOVEMENT")
    assert Event("x") == Event("x", "", None) and len({Event("x"), Event("x", "")}) == 1
    assert repr(event) == "Event(text='Bill moves.', cite='MOVEMENT', seats=('north',))"
    for again in (copy.copy(event), copy.deepcopy(event), pickle.loads(pickle.dumps(event))):
        assert again == event
    match event:
        case Event(text, cite, seats):
            assert (text, cite, seats) == ("Bill moves.", "MOVEMENT", ("north",))
    assert event.readable_by("north") and not event.readable_by("south")
    assert not event.readable_by(None) and Event("x").readable_by(None)
