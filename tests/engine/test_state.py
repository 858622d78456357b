"""The GameState contract, tested on a throwaway game: "race to 10".

One or two racers take turns. On a turn a racer rolls a d6 ("roll"), rolls two ("double") or
passes ("pass"); whoever reaches the target first wins. A turn limit ends every game: then the
highest score wins, a tie is a draw (a lone racer who runs out of turns loses).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deadtable.engine.decisions import Action, Decision, GameOver, IllegalAction
from deadtable.engine.dice import Dice, ScriptedDiceError
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import BadOption, Option, OptionSet
from deadtable.engine.state import GameState, Outcome


class RaceState(GameState):
    __slots__ = ("scores", "turn", "turns_left")

    scores: dict[str, int]
    turn: int
    turns_left: int

    def _decide(self) -> Decision:
        seat = self.game.seats[self.turn]
        return Decision.of(
            seat,
            f"{seat} has {self.scores[seat]} of {self.options['target']}",
            [
                Action("roll", "Roll a die"),
                Action("double", "Roll two dice"),
                Action("pass", "Pass"),
            ],
        )

    def _apply(self, action_id: str) -> None:
        seats = self.game.seats
        seat = seats[self.turn]
        if action_id in ("roll", "double"):
            # Change the state before rolling, so a failed scripted roll has something to undo.
            self.event(f"{seat} rolls")
            self.scores[seat] += self.dice.total(2 if action_id == "double" else 1, 6)
            if self.scores[seat] >= self.options["target"]:
                self.finish(Outcome({s: "win" if s == seat else "loss" for s in seats}, "reached"))
                return
        else:
            self.event(f"{seat} passes")
        self.turn = (self.turn + 1) % len(seats)
        self.turns_left -= 1
        if self.turns_left == 0:
            best = max(self.scores.values())
            leaders = [s for s in seats if self.scores[s] == best]
            if len(seats) == 1:
                results = {seats[0]: "loss"}
            elif len(leaders) == 1:
                results = {s: "win" if s in leaders else "loss" for s in seats}
            else:
                results = {s: "draw" for s in seats}
            self.finish(Outcome(results, "out of turns", scores=dict(self.scores)))

    def _view(self, seat: str) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "to_play": self.game.seats[self.turn],
            "turns_left": self.turns_left,
        }

    def _data(self) -> dict[str, Any]:
        return {"scores": dict(self.scores), "turn": self.turn, "turns_left": self.turns_left}

    def _load(self, data: dict[str, Any]) -> None:
        self.scores = dict(data["scores"])
        self.turn = data["turn"]
        self.turns_left = data["turns_left"]

    def _copy_into(self, other: Any) -> None:
        other.scores = dict(self.scores)
        other.turn = self.turn
        other.turns_left = self.turns_left


def start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> GameState:
    state = RaceState(game, seed, dice, setup)
    head_start = setup.get("head_start", [0] * len(game.seats))
    state.scores = dict(zip(game.seats, head_start, strict=True))
    state.turn = 0
    state.turns_left = game.options["turns"]
    state.event("The race begins.")
    return state


RACE = GameSpec(
    id="race",
    name="Race to 10",
    version="1",
    summary="Roll or pass; first to the target wins.",
    seats=lambda options: ("p1", "p2")[: options["players"]],
    options=OptionSet(
        [
            Option("players", 2, "how many racers", choices=(1, 2)),
            Option("target", 10, "the score that wins", minimum=1, maximum=100),
            Option("turns", 40, "turns before the race is called", minimum=1),
        ]
    ),
    state_class=RaceState,
    start=start,
    setup_keys=("head_start",),
)


@pytest.fixture
def game() -> Game:
    return RACE.bind()


# -- the game and its options ----------------------------------------------------------------------
def test_bind_resolves_options_and_seats():
    game = RACE.bind()
    assert game.options == {"players": 2, "target": 10, "turns": 40}
    assert game.seats == ("p1", "p2")
    assert game.id == "race" and game.version == "1"
    assert RACE.bind(players=1).seats == ("p1",)
    assert repr(RACE.bind(target=5)) == "Game('race', {'players': 2, 'target': 5, 'turns': 40})"
    with pytest.raises(BadOption, match="unknown option 'speed'"):
        RACE.bind(speed=3)


def test_new_starts_at_the_first_decision(game):
    state = game.new(seed=1)
    assert state.decision is not None
    assert state.decision.seat == "p1"
    assert state.decision.ids == ["roll", "double", "pass"]
    assert state.outcome is None
    assert [e.text for e in state.log] == ["The race begins."]
    assert state.history == []
    assert state.setup == {"dice": []}
    assert state.options is game.options


def test_new_records_the_set_up(game):
    state = game.new(seed=3, dice=(4, 5), head_start=(2, 0))
    assert state.setup == {"dice": [4, 5], "head_start": [2, 0]}
    assert state.scores == {"p1": 2, "p2": 0}
    json.dumps(state.setup)


def test_new_rejects_unknown_set_up(game):
    with pytest.raises(
        TypeError, match=r"race new\(\) got unknown set-up \['deck'\]; valid: head_start"
    ):
        game.new(seed=1, deck=["AS"])


def test_new_without_a_seed_picks_one(game):
    a, b = game.new(), game.new()
    assert isinstance(a.seed, int) and a.seed >= 0
    assert a.seed != b.seed


def test_same_seed_same_game():
    game = RACE.bind(target=100)
    a, b = game.new(seed=11), game.new(seed=11)
    for state in (a, b):
        state.apply_all(["roll", "double", "roll", "pass", "double"])
    assert a.to_json() == b.to_json()
    assert a == b


# -- playing ---------------------------------------------------------------------------------------
def test_scripted_race_to_the_end(game):
    state = game.new(seed=0, dice=[6, 1, 2, 4])
    state.apply("roll")  # p1: 6
    assert state.decision.seat == "p2"
    state.apply("roll")  # p2: 1
    state.apply("double")  # p1: 6 + 2 + 4 = 12
    assert state.scores == {"p1": 12, "p2": 1}
    assert state.outcome == Outcome({"p1": "win", "p2": "loss"}, "reached")
    assert state.outcome.label == "win:p1"
    assert state.decision is None
    assert state.history == ["roll", "roll", "double"]
    assert state.log[-1].text == "Game over: reached."
    assert state.dice.script == []


def test_apply_after_the_end_raises_game_over_and_changes_nothing(game):
    state = game.new(seed=0, dice=[6, 1, 6])
    state.apply_all(["roll", "roll", "roll"])
    assert state.outcome is not None
    before = state.to_json()
    with pytest.raises(GameOver, match="the game is over \\(reached\\); 'roll' cannot be applied"):
        state.apply("roll")
    with pytest.raises(GameOver):
        state.apply("no-such-action")
    assert state.to_json() == before


def test_turn_limit_ends_the_game_as_a_draw_or_a_loss():
    state = RACE.bind(turns=4).new(seed=0)
    state.apply_all(["pass"] * 4)
    assert state.outcome == Outcome(
        {"p1": "draw", "p2": "draw"}, "out of turns", {"p1": 0, "p2": 0}
    )
    assert state.outcome.label == "draw"
    alone = RACE.bind(players=1, turns=2).new(seed=0)
    alone.apply_all(["pass", "pass"])
    assert alone.outcome is not None and alone.outcome.label == "loss"


def test_decision_is_none_iff_there_is_an_outcome(game):
    state = game.new(seed=5)
    steps = 0
    while state.decision is not None:
        assert state.outcome is None
        state.apply("roll")
        steps += 1
    assert state.outcome is not None
    assert steps < 40


def test_illegal_action_raises_and_changes_nothing(game):
    state = game.new(seed=2, dice=[3])
    state.apply("pass")
    before = state.to_json()
    decision = state.decision
    with pytest.raises(IllegalAction) as caught:
        state.apply("fly")
    assert caught.value.action_id == "fly"
    assert caught.value.legal == ["roll", "double", "pass"]
    assert "'fly' is not a legal action for p2 now" in str(caught.value)
    assert "legal actions: roll, double, pass" in str(caught.value)
    assert state.to_json() == before
    assert state.decision == decision
    assert decision is not None and decision.get("roll") is not None  # its ids by index now
    with pytest.raises(IllegalAction):
        state.apply("fly")
    assert state.to_json() == before
    state.apply("roll")  # the script is intact: the illegal action consumed nothing
    assert state.scores["p2"] == 3


@pytest.mark.parametrize("bad", [7, 0])
def test_scripted_die_that_does_not_fit_changes_nothing(game, bad):
    state = game.new(seed=4, dice=[5, bad])
    state.apply("roll")  # p1: 5
    before = state.to_json()
    with pytest.raises(ScriptedDiceError):
        state.apply("roll")  # p2 would roll the bad value, after logging "p2 rolls"
    assert state.to_json() == before
    assert state.log[-1].text == "p1 rolls"
    assert state.history == ["roll"]
    assert state.decision is not None and state.decision.seat == "p2"
    assert state.dice.script == [bad]


def test_failed_double_roll_puts_back_the_die_it_used(game):
    state = game.new(seed=4, dice=[2, 9])
    before = state.to_json()
    with pytest.raises(ScriptedDiceError):
        state.apply("double")  # the first die takes 2, the second cannot show 9
    assert state.to_json() == before
    assert state.dice.to_data()["script"] == [2, 9]
    assert state.dice.rolls == 0


def test_unscripted_apply_makes_no_backup(monkeypatch):
    state = RACE.bind(target=100).new(seed=4)

    def no_clone(self):
        raise AssertionError("apply cloned the state without scripted dice")

    monkeypatch.setattr(RaceState, "clone", no_clone)
    state.apply_all(["roll", "pass", "double"])
    assert len(state.history) == 3


# -- copies ----------------------------------------------------------------------------------------
def test_clone_is_isolated():
    state = RACE.bind(target=100).new(seed=9, dice=[1, 2, 3])
    state.apply("roll")
    before = state.to_json()
    twin = state.clone()
    assert twin == state and twin.to_json() == before
    assert twin.dice is not state.dice
    twin.apply_all(["roll", "double", "pass"])
    assert state.to_json() == before
    snapshot = twin.to_json()
    state.apply_all(["double", "roll"])
    assert twin.to_json() == snapshot


def test_clone_plays_on_identically():
    state = RACE.bind(target=100).new(seed=21)
    state.apply_all(["roll", "pass"])
    twin = state.clone()
    for s in (state, twin):
        s.apply_all(["double", "roll", "roll"])
    assert twin.to_json() == state.to_json()


def test_clone_of_a_finished_game(game):
    state = game.new(seed=0, dice=[6, 1, 6])
    state.apply_all(["roll", "roll", "roll"])
    twin = state.clone()
    assert twin.outcome == state.outcome and twin.decision is None


# -- plain data ------------------------------------------------------------------------------------
def test_json_round_trip():
    game = RACE.bind(target=100)
    state = game.new(seed=13, dice=[2], head_start=[1, 3])
    state.apply_all(["roll", "double"])
    text = state.to_json()
    again = game.from_json(text)
    assert again.to_json() == text
    assert again == state
    assert isinstance(again, RaceState)
    assert again.decision == state.decision
    for s in (state, again):
        s.apply_all(["roll", "pass", "double"])
    assert again.to_json() == state.to_json()


def test_json_form(game):
    state = game.new(seed=13)
    data = json.loads(state.to_json())
    assert set(data) == {
        "game",
        "version",
        "options",
        "seed",
        "setup",
        "dice",
        "log",
        "history",
        "outcome",
        "state",
    }
    assert data["game"] == "race" and data["version"] == "1" and data["seed"] == 13
    assert data["state"] == {"scores": {"p1": 0, "p2": 0}, "turn": 0, "turns_left": 40}
    assert json.loads(state.to_json(indent=2)) == data


def test_json_round_trip_of_a_finished_game(game):
    state = game.new(seed=0, dice=[6, 1, 6])
    state.apply_all(["roll", "roll", "roll"])
    again = game.from_json(state.to_json())
    assert again.outcome == state.outcome
    assert again.decision is None
    assert again.to_json() == state.to_json()


def test_from_json_rejects_another_game_or_other_options(game):
    text = game.new(seed=1).to_json()
    other = GameSpec(**{**RACE.__dict__, "id": "other-race"}).bind()
    with pytest.raises(ValueError, match="this is a saved 'race' game, not 'other-race'"):
        other.from_json(text)
    with pytest.raises(ValueError, match="load the game with the saved options"):
        RACE.bind(target=20).from_json(text)


def test_equality(game):
    assert game.new(seed=1) == game.new(seed=1)
    assert game.new(seed=1) != game.new(seed=2)
    assert game.new(seed=1) != "state"
    with pytest.raises(TypeError):
        hash(game.new(seed=1))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**64 - 1),
    st.lists(st.sampled_from(["roll", "double", "pass"]), max_size=60),
    st.sampled_from([1, 2]),
)
def test_any_play_round_trips_and_clones(seed, actions, players):
    game = RACE.bind(players=players)
    state = game.new(seed=seed)
    for action in actions:
        if state.decision is None:
            break
        state.apply(action)
        text = state.to_json()
        assert game.from_json(text).to_json() == text
        assert state.clone().to_json() == text
        assert (state.decision is None) == (state.outcome is not None)


# -- views -----------------------------------------------------------------------------------------
def test_view_rejects_unknown_seats(game):
    state = game.new(seed=1)
    with pytest.raises(ValueError, match="unknown seat 'p3'; seats of race: p1, p2"):
        state.view("p3")
    with pytest.raises(ValueError, match="unknown seat 'p2'; seats of race: p1"):
        RACE.bind(players=1).new(seed=1).view("p2")


def test_view_has_the_game_the_seat_the_log_and_the_outcome(game):
    state = game.new(seed=0, dice=[6, 1, 6])
    view = state.view("p2")
    assert view == {
        "game": "race",
        "seat": "p2",
        "scores": {"p1": 0, "p2": 0},
        "to_play": "p1",
        "turns_left": 40,
        "log": [{"text": "The race begins.", "why": ""}],
        "outcome": None,
    }
    state.apply_all(["roll", "roll", "roll"])
    view = state.view("p1")
    assert view["outcome"] == {
        "results": {"p1": "win", "p2": "loss"},
        "cause": "reached",
        "scores": {},
    }
    json.dumps(view)
    before = list(state.log)
    view["log"].append({"text": "tampered", "why": ""})
    assert state.log == before


# -- outcomes --------------------------------------------------------------------------------------
def test_outcome_results_are_checked():
    with pytest.raises(ValueError, match="result for 'p1' is 'won'; must be one of"):
        Outcome({"p1": "won"}, "reached")


def test_outcome_labels_and_data():
    assert Outcome({"p1": "win"}, "x").label == "win"
    assert Outcome({"p1": "draw"}, "x").label == "draw"
    assert Outcome({"p1": "loss", "p2": "loss"}, "x").label == "draw"
    assert Outcome({"b": "win", "a": "win", "c": "loss"}, "x").label == "win:a+b"
    outcome = Outcome({"p1": "win", "p2": "loss"}, "reached", {"p1": 11.0})
    assert Outcome.from_data(json.loads(json.dumps(outcome.to_data()))) == outcome
