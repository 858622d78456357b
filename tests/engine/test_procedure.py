"""Procedures as frames: automatic steps run until a decision, reaction windows, and a state
that clones and saves in the middle of an attack."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.game import GameSpec
from deadtable.engine.options import OptionSet
from deadtable.engine.procedure import Frame, Frames, Handler, ProcedureState, StuckProcedure
from deadtable.engine.state import Outcome

SEATS = ("red", "blue")


@dataclass(slots=True)
class Round(Frame):
    KIND = "round"
    step: str = "start"
    number: int = 0


@dataclass(slots=True)
class Turn(Frame):
    KIND = "turn"
    seat: str
    step: str = "choose"


@dataclass(slots=True)
class Attack(Frame):
    KIND = "attack"
    seat: str
    target: str
    step: str = "roll"
    rolls: list[int] = field(default_factory=list)
    tags: dict[tuple[int, int], str] = field(default_factory=dict)  # non-string keys save too


class RoundHandler(Handler["DuelState", Round]):
    def run(self, state: DuelState, frame: Round) -> None:
        if frame.step == "start":
            frame.number += 1
            frame.step = "turns"
            for seat in reversed(SEATS):
                state.push(Turn(seat))
        elif frame.step == "turns":
            if frame.number == 3:
                leader = max(SEATS, key=lambda s: state.hits[s])
                other = SEATS[1 - SEATS.index(leader)]
                state.finish(Outcome({leader: "win", other: "loss"}, "three rounds"))
                return
            frame.step = "start"


class TurnHandler(Handler["DuelState", Turn]):
    def decide(self, state: DuelState, frame: Turn) -> Decision | None:
        return Decision.of(frame.seat, "Attack or rest?",
                           [Action("attack", "Attack"), Action("rest", "Rest")])

    def apply(self, state: DuelState, frame: Turn, action_id: str) -> None:
        state.pop()
        if action_id == "attack":
            state.push(Attack(frame.seat, SEATS[1 - SEATS.index(frame.seat)]))


class AttackHandler(Handler["DuelState", Attack]):
    def decide(self, state: DuelState, frame: Attack) -> Decision | None:
        if frame.step == "react":  # the defender's window: another seat decides mid-turn
            return Decision.of(frame.target, "Dodge?", [Action("dodge", "Dodge"),
                                                        Action("take", "Take it")])
        return None

    def run(self, state: DuelState, frame: Attack) -> None:
        frame.rolls.append(state.dice.d6())
        frame.tags[(len(frame.rolls), frame.rolls[-1])] = "rolled"
        frame.step = "react"

    def apply(self, state: DuelState, frame: Attack, action_id: str) -> None:
        if action_id == "take" or state.dice.d6() <= 3:
            state.hits[frame.seat] += 1
        state.pop()


class DuelState(ProcedureState):
    __slots__ = ("hits",)
    FRAMES = Frames(Round, Turn, Attack)
    HANDLERS: dict[str, Handler[Any, Any]] = {
        "round": RoundHandler(), "turn": TurnHandler(), "attack": AttackHandler()}

    hits: dict[str, int]

    def _view(self, seat: str) -> dict[str, Any]:
        return {"hits": dict(self.hits), "frames": [f.KIND for f in self.stack]}

    def _data(self) -> dict[str, Any]:
        return {"hits": dict(self.hits), "stack": self._stack_data()}

    def _load(self, data: dict[str, Any]) -> None:
        self.hits = dict(data["hits"])
        self._load_stack(data["stack"])

    def _copy_into(self, other: Any) -> None:
        other.hits = dict(self.hits)
        self._copy_stack(other)


def start(game: Any, seed: int, dice: Dice, setup: dict[str, Any]) -> DuelState:
    state = DuelState(game, seed, dice, setup)
    state.hits = {s: 0 for s in SEATS}
    state.stack = [Round()]
    state.settle()
    return state


SPEC = GameSpec(id="duel", name="Duel", version="1", summary="a test of procedures",
                seats=lambda options: SEATS, options=OptionSet([]), state_class=DuelState,
                start=start)


def test_automatic_steps_run_until_a_seat_decides():
    state = SPEC.bind().new(seed=1)
    assert state.decision is not None and state.decision.seat == "red"
    assert [f.KIND for f in state.stack] == ["round", "turn", "turn"]


def test_a_reaction_window_hands_the_decision_to_another_seat_mid_turn():
    state = SPEC.bind().new(seed=1, dice=[5])
    state.apply("attack")
    decision = state.decision
    assert decision is not None and decision.seat == "blue" and decision.ids == ["dodge", "take"]
    top = state.stack[-1]
    assert isinstance(top, Attack) and top.rolls == [5] and top.step == "react"


def test_a_state_clones_and_saves_inside_an_attack():
    game = SPEC.bind()
    state = game.new(seed=3)
    state.apply("attack")
    copy = state.clone()
    saved = game.from_json(state.to_json())
    assert saved == state and copy == state
    copy.apply("take")
    assert copy.hits["red"] == 1 and state.hits["red"] == 0  # the original is untouched
    assert isinstance(state.stack[-1], Attack) and len(state.stack[-1].rolls) == 1
    saved_top = saved.stack[-1]
    assert isinstance(saved_top, Attack) and saved_top.tags == state.stack[-1].tags
    saved.apply("take")
    assert saved == copy  # the saved game goes on exactly as the live one


def test_whole_games_end_and_replay_alike():
    game = SPEC.bind()
    for seed in range(20):
        state = game.new(seed=seed)
        steps = 0
        while state.decision is not None:
            state.apply(state.decision.ids[steps % 2])
            steps += 1
        assert state.outcome is not None and state.outcome.cause == "three rounds"
        again = game.new(seed=seed)
        again.apply_all(state.history)
        assert again == state


def test_a_step_that_changes_nothing_is_caught():
    class Lazy(Handler[DuelState, Round]):
        def run(self, state: DuelState, frame: Round) -> None:
            pass

    class LazyState(DuelState):
        __slots__ = ()
        HANDLERS = {**DuelState.HANDLERS, "round": Lazy()}

    state = LazyState.__new__(LazyState)
    state.hits = {}
    state.stack = [Round()]
    state.outcome = None
    with pytest.raises(StuckProcedure, match="round at step 'start' changed nothing"):
        state.settle()


def test_steps_that_never_lead_to_a_decision_are_stopped_after_the_most_allowed():
    runs: list[str] = []

    class Restless(Handler[DuelState, Round]):  # changes its step each time, forever
        def run(self, state: DuelState, frame: Round) -> None:
            runs.append(frame.step)
            frame.step = "b" if frame.step == "a" else "a"

    class RestlessState(DuelState):
        __slots__ = ()
        HANDLERS = {**DuelState.HANDLERS, "round": Restless()}
        MAX_AUTOMATIC_STEPS = 7

    state = RestlessState.__new__(RestlessState)
    state.hits = {}
    state.stack = [Round(step="a")]
    state.outcome = None
    with pytest.raises(StuckProcedure, match="more than 7 steps without a decision"):
        state.settle()
    assert runs == ["a", "b", "a", "b", "a", "b", "a"]  # the seven allowed, no more


def test_frames_must_be_dataclasses_with_a_step_and_unique_kinds():
    class NoStep(Frame):
        KIND = "x"

    with pytest.raises(TypeError, match="NoStep must be a dataclass with a 'step' field"):
        Frames(NoStep)
    with pytest.raises(ValueError, match="two frame kinds are named 'round'"):
        Frames(Round, Round)
    with pytest.raises(ValueError, match="unknown frame kind 'dance'"):
        Frames(Round).from_data({"kind": "dance", "step": "x"})
