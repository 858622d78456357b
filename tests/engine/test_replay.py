"""Replays, tested on a throwaway game: "countdown".

A shared counter starts at 20. Two players take turns to lower it, by a d6 roll ("roll") or by
exactly one ("step"); whoever brings it to zero or below wins. Every action lowers the counter,
so every game ends.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deadtable
from deadtable import registry
from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import Option, OptionSet
from deadtable.engine.replay import Replay, ReplayMismatch, digest
from deadtable.engine.state import GameState, Outcome


class CountdownState(GameState):
    __slots__ = ("counter", "turn")

    counter: int
    turn: int

    def _decide(self) -> Decision:
        seat = self.game.seats[self.turn]
        return Decision.of(
            seat,
            f"the counter is at {self.counter}",
            [Action("roll", "Lower it by a d6"), Action("step", "Lower it by one")],
        )

    def _apply(self, action_id: str) -> None:
        seat = self.game.seats[self.turn]
        self.counter -= self.dice.d6() if action_id == "roll" else 1
        self.event(f"{seat} brings the counter to {self.counter}")
        if self.counter <= 0:
            self.finish(
                Outcome({s: "win" if s == seat else "loss" for s in self.game.seats}, "zero")
            )
        self.turn = 1 - self.turn

    def _view(self, seat: str) -> dict[str, Any]:
        return {"counter": self.counter}

    def _data(self) -> dict[str, Any]:
        return {"counter": self.counter, "turn": self.turn}

    def _load(self, data: dict[str, Any]) -> None:
        self.counter = data["counter"]
        self.turn = data["turn"]

    def _copy_into(self, other: Any) -> None:
        other.counter = self.counter
        other.turn = self.turn


def start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> GameState:
    state = CountdownState(game, seed, dice, setup)
    state.counter = setup.get("counter", game.options["start"])
    state.turn = 0
    return state


COUNTDOWN = GameSpec(
    id="countdown",
    name="Countdown",
    version="3",
    summary="Lower the counter to zero first.",
    seats=lambda options: ("north", "south"),
    options=OptionSet([Option("start", 20, "where the counter starts", minimum=1)]),
    state_class=CountdownState,
    start=start,
    setup_keys=("counter",),
)


def played(game: Game, seed: int, choices: int = 0, **new: Any) -> GameState:
    """A game played to its end, choosing actions with dice of their own."""
    state = game.new(seed=seed, **new)
    picker = Dice(seed ^ choices)
    while state.decision is not None:
        state.apply(picker.choice(state.decision.ids))
    return state


def test_replay_round_trip_reproduces_the_game():
    game = COUNTDOWN.bind()
    state = played(game, seed=77)
    text = Replay.of(state).to_json()
    again = Replay.from_json(text).run(game)
    assert again.to_json() == state.to_json()
    assert again.outcome == state.outcome
    assert digest(again) == digest(state)


def test_replay_records_what_it_needs():
    game = COUNTDOWN.bind(start=12)
    state = played(game, seed=5, dice=[6, 6], counter=15)
    replay = Replay.of(state, player="tester", agent={"name": "random"})
    assert replay.game == "countdown" and replay.version == "3"
    assert replay.options == {"start": 12}
    assert replay.seed == 5
    assert replay.setup == {"dice": [6, 6], "counter": 15}
    assert replay.actions == state.history
    assert replay.outcome == state.outcome.to_data()
    assert replay.final == digest(state)
    assert replay.meta == {"player": "tester", "agent": {"name": "random"}}
    data = json.loads(replay.to_json())
    assert data["meta"] == replay.meta
    assert Replay.from_json(replay.to_json()) == replay
    assert Replay.from_json(replay.to_json()).run(game).to_json() == state.to_json()


def test_replay_of_scripted_dice_and_set_up():
    game = COUNTDOWN.bind()
    state = game.new(seed=1, dice=[6, 6], counter=14)
    state.apply_all(["roll", "roll", "step", "step"])  # 8, 2, 1, 0
    assert state.outcome is not None and state.outcome.results["south"] == "win"
    again = Replay.from_json(Replay.of(state).to_json()).run(game)
    assert again.to_json() == state.to_json()


def test_replay_of_an_unfinished_game():
    game = COUNTDOWN.bind()
    state = game.new(seed=8)
    state.apply_all(["step", "roll"])
    replay = Replay.from_json(Replay.of(state).to_json())
    assert replay.outcome is None
    again = replay.run(game)
    assert again.to_json() == state.to_json()
    assert again.decision == state.decision


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32), st.integers(1, 60))
def test_any_game_replays(seed, choices, start_at):
    game = COUNTDOWN.bind(start=start_at)
    state = played(game, seed, choices)
    assert Replay.from_json(Replay.of(state).to_json()).run(game).to_json() == state.to_json()


def test_version_mismatch():
    game = COUNTDOWN.bind()
    replay = Replay.from_json(Replay.of(played(game, seed=3)).to_json())
    newer = dataclasses.replace(COUNTDOWN, version="4").bind()
    with pytest.raises(
        ReplayMismatch, match="recorded with countdown version 3; this is version 4"
    ):
        replay.run(newer)


def test_game_mismatch():
    replay = Replay.of(played(COUNTDOWN.bind(), seed=3))
    other = dataclasses.replace(COUNTDOWN, id="count-up").bind()
    with pytest.raises(ReplayMismatch, match="replay is of 'countdown', not 'count-up'"):
        replay.run(other)


def test_replay_mismatch_is_a_value_error():
    assert issubclass(ReplayMismatch, ValueError)


def test_an_action_that_no_longer_fits_names_its_place():
    game = COUNTDOWN.bind()
    state = game.new(seed=2)
    state.apply_all(["step", "step", "step"])
    replay = Replay.of(state)
    replay.actions[1] = "fly"
    with pytest.raises(ReplayMismatch, match=r"action 2 \('fly'\) failed: 'fly' is not a legal"):
        replay.run(game)


def test_a_different_end_is_caught():
    game = COUNTDOWN.bind()
    replay = Replay.of(played(game, seed=4))
    replay.final = "0" * 16
    with pytest.raises(ReplayMismatch, match="ended in a different state"):
        replay.run(game)


def test_other_options_give_a_different_end():
    replay = Replay.of(played(COUNTDOWN.bind(start=30), seed=4))
    with pytest.raises(ReplayMismatch):
        replay.run(COUNTDOWN.bind(start=31))


def test_without_a_digest_the_end_is_not_checked():
    game = COUNTDOWN.bind()
    state = game.new(seed=6)
    state.apply("step")
    replay = Replay.of(state)
    replay.final = None
    assert replay.run(game).to_json() == state.to_json()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a replay file"),
        ("this is not json", "not a replay file"),
        ("{", "not a replay file"),
        ("42", "not a replay file: it needs an object with game, version, options"),
        ("[1, 2]", "not a replay file: it needs an object with game"),
        ('"game version options seed setup actions"', "not a replay file"),
        ("null", "not a replay file"),
        ("{}", "replay file lacks game, version, options, seed, setup, actions; it needs game"),
        (
            '{"game": "countdown", "version": "3"}',
            "replay file lacks options, seed, setup, actions",
        ),
        (
            '{"game": "x", "version": "1", "options": {}, "seed": 1, "setup": {}}',
            "replay file lacks actions; it needs game, version, options, seed, setup, actions",
        ),
    ],
)
def test_garbage_is_a_value_error_naming_what_is_missing(text, message):
    with pytest.raises(ValueError) as caught:
        Replay.from_json(text)
    assert message in str(caught.value)


def test_from_json_ignores_unknown_keys():
    data = json.loads(Replay.of(played(COUNTDOWN.bind(), seed=9)).to_json())
    data["comment"] = "from a later version"
    replay = Replay.from_json(json.dumps(data))
    assert not hasattr(replay, "comment")
    replay.run(COUNTDOWN.bind())


def test_digest_is_a_short_stable_hash():
    state = COUNTDOWN.bind().new(seed=10)
    assert digest(state) == digest(state.clone()) == digest(COUNTDOWN.bind().new(seed=10))
    assert len(digest(state)) == 16 and int(digest(state), 16) >= 0
    state.apply("step")
    assert digest(state) != digest(COUNTDOWN.bind().new(seed=10))


# -- through the registry ----------------------------------------------------------------------
@pytest.fixture
def registered(monkeypatch):
    """Countdown as the only registered game, for this test only."""
    monkeypatch.setattr(registry, "_MODULES", {"countdown": "not.imported"})
    monkeypatch.setattr(registry, "_loaded", {"countdown": COUNTDOWN})


def test_deadtable_replay_loads_the_recorded_game_and_options(registered):
    state = played(deadtable.load("countdown", start=9), seed=12)
    replay = Replay.from_json(Replay.of(state).to_json())
    assert deadtable.replay(replay).to_json() == state.to_json()


def test_registry_lists_and_rejects(registered):
    assert registry.game_ids() == ["countdown"]
    assert registry.spec("countdown") is COUNTDOWN
    with pytest.raises(registry.UnknownGame, match="unknown game 'chess'; registered games: count"):
        registry.load("chess")


def test_games_still_lists_after_a_game_module_is_imported(registered):
    importlib.import_module("deadtable.games")
    assert deadtable.games()[0]["seats"] == ["north", "south"]
    # and the subpackage is still reachable through it
    assert deadtable.games.one_against_the_dead.SPEC.id == "one-against-the-dead"
