"""The contract every registered game keeps, checked by random legal play.

For every registered game (see conftest.py for the cases), on many seeds, random legal play to
the end must never crash and must keep, along the way:

- a decision exactly while there is no outcome; its seat is one of the game's seats; its action
  ids are unique non-empty strings with non-empty labels;
- the JSON round trip (and the reloaded state plays on exactly like the original);
- clones isolated both ways;
- an illegal action raises IllegalAction (GameOver once finished) and changes nothing;
- views for every seat that json.dumps, hold no key named deck_order, dice, seed or script,
  change nothing, and do not depend on the hidden RNG state;
- at the end: an outcome with win/loss/draw for every seat, and a replay that reproduces it;
- every event of the log cites the rule that produced it, and is read by the game's seats only;
- termination within STEP_CAP steps, under random play and under fixed policies.

The bottom of this module checks the suite itself on throwaway games registered with
monkeypatch, including broken ones the suite must reject.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest

from deadtable import registry
from deadtable.engine.cards import Pile, Visibility
from deadtable.engine.decisions import Action, Decision, GameOver, IllegalAction
from deadtable.engine.dice import Dice, derive_seed
from deadtable.engine.events import Event
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import Option, OptionSet
from deadtable.engine.replay import Replay, ReplayMismatch
from deadtable.engine.state import RESULTS, GameState, Outcome

STEP_CAP = 20_000  # a game still running after this many actions fails
FULL_STEPS = 50  # every one of the first FULL_STEPS states gets every check...
STRIDE = 7  # ...then every STRIDE-th state (and the final one)
CLONE_STEPS = 3  # random actions played on a clone to see that the original does not move
FORBIDDEN_KEYS = frozenset({"deck_order", "dice", "seed", "script"})
ILLEGAL = "no-such-action"
MASK = (1 << 64) - 1


# -- the checks ------------------------------------------------------------------------------------
def check_spec(game: Game) -> None:
    spec = game.spec
    for name in ("id", "name", "version", "summary"):
        value = getattr(spec, name)
        assert isinstance(value, str) and value.strip(), f"spec.{name} is {value!r}"
    seats = game.seats
    assert isinstance(seats, tuple) and seats, f"seats must be a non-empty tuple, not {seats!r}"
    assert all(isinstance(s, str) and s for s in seats), f"seats must be non-empty strings: {seats}"
    assert len(set(seats)) == len(seats), f"duplicate seats: {seats}"
    assert ILLEGAL not in seats
    json.dumps(spec.options.describe())
    json.dumps(game.options)
    assert spec.bind(**game.options).options == game.options


def check_decision(game: Game, state: GameState) -> None:
    decision = state.decision
    assert (decision is None) == (state.outcome is not None), (
        f"decision {decision} with outcome {state.outcome}: exactly one of them must be None"
    )
    if decision is None:
        return
    assert decision == state.decision, "asking for the decision twice gave different decisions"
    assert decision.seat in game.seats, f"decision seat {decision.seat!r} not in {game.seats}"
    assert isinstance(decision.prompt, str)
    ids = [a.id for a in decision.actions]
    assert ids, "a decision with no actions"
    assert len(set(ids)) == len(ids), f"duplicate action ids: {ids}"
    for action in decision.actions:
        assert isinstance(action.id, str) and action.id, f"bad action id {action.id!r}"
        assert isinstance(action.label, str) and action.label.strip(), (
            f"action {action.id!r} has label {action.label!r}"
        )


def decision_ids(state: GameState) -> list[str] | None:
    return None if state.decision is None else state.decision.ids


def check_round_trip(game: Game, state: GameState) -> GameState:
    """The JSON round trip holds; returns the reloaded state."""
    text = state.to_json()
    assert state.to_json() == text, "to_json is not stable"
    loaded = game.from_json(text)
    assert loaded.to_json() == text, "from_json(to_json()) changed the state"
    assert decision_ids(loaded) == decision_ids(state), "the reloaded state decides differently"
    if state.decision is not None:
        assert loaded.decision is not None and loaded.decision.seat == state.decision.seat
    assert loaded.outcome == state.outcome
    assert state.to_json() == text, "asking for the decision changed the state"
    return loaded


def forbidden_keys(value: Any, path: str = "view") -> list[str]:
    """Where keys that name hidden things occur in a nested view."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key in FORBIDDEN_KEYS:
                found.append(f"{path}[{key!r}]")
            found.extend(forbidden_keys(item, f"{path}[{key!r}]"))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found.extend(forbidden_keys(item, f"{path}[{i}]"))
    return found


def check_views(game: Game, state: GameState) -> None:
    before = state.to_json()
    other_luck = state.clone()
    other_luck.dice.state = (state.dice.state ^ 0x5DEECE66D_2545F491) & MASK
    assert other_luck.dice.state != state.dice.state
    for seat in game.seats:
        view = state.view(seat)
        try:
            text = json.dumps(view, sort_keys=True)
        except (TypeError, ValueError) as error:
            pytest.fail(f"the view for {seat!r} is not JSON: {error}")
        hidden = forbidden_keys(view)
        assert not hidden, f"the view for {seat!r} shows hidden things at {', '.join(hidden)}"
        assert json.dumps(other_luck.view(seat), sort_keys=True) == text, (
            f"the view for {seat!r} depends on the dice's hidden state"
        )
        assert json.dumps(state.view(seat), sort_keys=True) == text, "views are not stable"
        guess = state.clone()
        guess.determinize(seat, Dice(len(text)))  # what a searching agent plays on
        assert json.dumps(guess.view(seat), sort_keys=True) == text, (
            f"determinizing for {seat!r} changed what {seat!r} can see"
        )
        # The seat deciding knows its own choices; another seat's may rest on what this one
        # cannot see (a raider's walkie-talkie, on who is sinister), and a guess may change them.
        if guess.decision is not None and guess.decision.seat == seat:
            assert guess.decision.ids == state.decision.ids, "determinizing changed the choices"  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        state.view(ILLEGAL)
    assert state.to_json() == before, "a view changed the state"


def check_illegal(state: GameState) -> None:
    before = state.to_json()
    if state.decision is None:
        with pytest.raises(GameOver):
            state.apply(ILLEGAL)
    elif ILLEGAL not in state.decision:
        with pytest.raises(IllegalAction):
            state.apply(ILLEGAL)
    assert state.to_json() == before, "a rejected action changed the state"


def check_clone(state: GameState, picker: Dice) -> None:
    before = state.to_json()
    twin = state.clone()
    assert twin is not state and twin.to_json() == before, "a clone differs from its original"
    ids_before = decision_ids(state)
    for _ in range(CLONE_STEPS):
        if twin.decision is None:
            break
        twin.apply(picker.choice(twin.decision.ids))
    assert state.to_json() == before, "playing on a clone changed the original"
    assert decision_ids(state) == ids_before


def check_outcome(game: Game, state: GameState) -> None:
    outcome = state.outcome
    assert outcome is not None and state.decision is None
    assert set(outcome.results) == set(game.seats), (
        f"the outcome covers {sorted(outcome.results)}, the seats are {sorted(game.seats)}"
    )
    for seat, result in outcome.results.items():
        assert result in RESULTS, f"{seat}: {result!r}"
    assert isinstance(outcome.cause, str) and outcome.cause
    json.dumps(outcome.to_data())
    assert Outcome.from_data(json.loads(json.dumps(outcome.to_data()))) == outcome


def check_events(game: Game, state: GameState) -> None:
    """Every event says why (a rulebook cite) and names only the game's seats as readers."""
    for number, event in enumerate(state.log):
        assert isinstance(event, Event), f"log entry {number} is {event!r}, not an Event"
        assert event.cite.strip(), f"event {number} ({event.text!r}) cites no rule"
        if event.seats is not None:
            assert event.seats and set(event.seats) <= set(game.seats), (
                f"event {number} ({event.text!r}) is for {event.seats}; seats: {game.seats}"
            )


def check_replay(game: Game, state: GameState) -> None:
    text = Replay.of(state).to_json()
    again = Replay.from_json(text).run(game)
    assert again.to_json() == state.to_json(), "the replay did not reproduce the game"


def play_random(game: Game, seed: int, step_cap: int = STEP_CAP) -> GameState:
    """Random legal play from game.new(seed) to the end, checking everything on the way."""
    state = game.new(seed=seed)
    picker = Dice(derive_seed(seed, 1))  # chooses the actions; the game has its own dice
    clone_picker = Dice(derive_seed(seed, 2))
    snapshot: tuple[GameState, str] | None = None
    step = 0
    while True:
        check_decision(game, state)
        full = step < FULL_STEPS or step % STRIDE == 0 or state.decision is None
        loaded = None
        if full:
            if snapshot is not None:
                assert snapshot[0].to_json() == snapshot[1], "playing on an original moved a clone"
            snapshot = (state.clone(), state.to_json())
            loaded = check_round_trip(game, state)
            check_views(game, state)
            check_illegal(state)
            check_clone(state, clone_picker)
        decision = state.decision
        if decision is None:
            break
        if step >= step_cap:
            pytest.fail(f"{game.id} seed {seed}: no end after {step_cap} steps")
        action = picker.choice(decision.ids)
        state.apply(action)
        if loaded is not None:
            loaded.apply(action)
            assert loaded.to_json() == state.to_json(), (
                f"step {step} ({action!r}): a reloaded state played on differently"
            )
        step += 1
    check_outcome(game, state)
    check_events(game, state)
    check_replay(game, state)
    return state


Policy = Callable[[Decision], str]


def play_policy(game: Game, seed: int, policy: Policy, step_cap: int = STEP_CAP) -> GameState:
    state = game.new(seed=seed)
    steps = 0
    while state.decision is not None:
        if steps >= step_cap:
            pytest.fail(f"{game.id} seed {seed}: no end after {step_cap} steps of a fixed policy")
        state.apply(policy(state.decision))
        steps += 1
    check_outcome(game, state)
    check_events(game, state)
    return state


POLICIES: dict[str, Policy] = {
    "first": lambda d: d.actions[0].id,
    "last": lambda d: d.actions[-1].id,
}


# -- the suite, on every registered game -----------------------------------------------------------
def test_spec(game: Game) -> None:
    check_spec(game)
    a, b = game.new(seed=123), game.new(seed=123)
    assert a.to_json() == b.to_json(), "the same seed gave different games"
    assert a.setup.get("dice") == []
    check_decision(game, a)


def test_random_play(game: Game, seed: int) -> None:
    play_random(game, seed)


def test_saves_whose_log_is_plain_strings_load(game: Game) -> None:
    """Games saved before events had cites and audiences kept the public texts only."""
    state = game.new(seed=5)
    picker = Dice(5)
    for _ in range(30):
        if state.decision is None:
            break
        state.apply(picker.choice(state.decision.ids))
    data = state.to_data()
    data["log"] = [event.text for event in state.log if event.seats is None]
    loaded = game.from_json(json.dumps(data))
    assert [e.text for e in loaded.log] == data["log"]
    assert decision_ids(loaded) == decision_ids(state)
    for seat in game.seats:
        assert {**loaded.view(seat), "log": None} == {**state.view(seat), "log": None}


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_terminates_under_fixed_policies(game: Game, case: Any, policy: str) -> None:
    for seed in case.seeds[:2]:
        play_policy(game, seed, POLICIES[policy])


# -- the suite's own tests: a throwaway game -------------------------------------------------------
class ToyState(GameState):
    """Toy race: roll a die, draw a card from a hidden deck, or pass; first to the target wins."""

    __slots__ = ("scores", "turn", "turns_left", "deck", "discards")

    scores: dict[str, int]
    turn: int
    turns_left: int
    deck: Pile
    discards: Pile

    def _decide(self) -> Decision:
        seat = self.game.seats[self.turn]
        actions = [Action("roll", f"Roll a {self.options['die']}")]
        if self.deck:
            actions.append(Action("draw", "Draw a card"))
        actions.append(Action("pass", "Pass"))
        return Decision.of(seat, f"{seat}, your turn", actions)

    def _apply(self, action_id: str) -> None:
        seats = self.game.seats
        seat = seats[self.turn]
        if action_id == "roll":
            value = self.dice.roll(int(self.options["die"][1:]))
            if value == 1 and self.options["sudden-death"]:
                self.finish(Outcome({s: "loss" if s == seat else "win" for s in seats}, "a one"),
                            cite="Toy race: sudden death")
                return
            self.scores[seat] += value
        elif action_id == "draw":
            card = self.deck.draw()
            self.discards.put_on_top(card)
            self.scores[seat] += int(card)
        self.event(f"{seat}: {action_id}", cite="Toy race: a turn")
        if self.scores[seat] >= self.options["target"]:
            self.finish(Outcome({s: "win" if s == seat else "loss" for s in seats}, "reached"),
                        cite="Toy race: the end")
            return
        self.turn = (self.turn + 1) % len(seats)
        self.turns_left -= 1
        if self.turns_left == 0:
            self.finish(Outcome({s: "draw" for s in seats}, "out of turns"),
                        cite="Toy race: the end")

    def _view(self, seat: str) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "to_play": self.game.seats[self.turn],
            "turns_left": self.turns_left,
            "piles": [self.deck.view(seat), self.discards.view(seat)],
        }

    def _data(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "turn": self.turn,
            "turns_left": self.turns_left,
            "deck": self.deck.to_data(),
            "discards": self.discards.to_data(),
        }

    def _load(self, data: dict[str, Any]) -> None:
        self.scores = dict(data["scores"])
        self.turn = data["turn"]
        self.turns_left = data["turns_left"]
        self.deck = Pile.from_data(data["deck"])
        self.discards = Pile.from_data(data["discards"])

    def _copy_into(self, other: Any) -> None:
        other.scores = dict(self.scores)
        other.turn = self.turn
        other.turns_left = self.turns_left
        other.deck = self.deck.clone()
        other.discards = self.discards.clone()


def toy_start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> GameState:
    state = game.spec.state_class(game, seed, dice, setup)
    assert isinstance(state, ToyState)
    state.scores = dict.fromkeys(game.seats, 0)
    state.turn = 0
    state.turns_left = 30
    state.deck = Pile("deck", [str(v) for v in (1, 2, 3, 4, 5) * 2], Visibility.HIDDEN)
    state.deck.shuffle(dice)
    state.discards = Pile("discards", [], Visibility.TOP)
    state.event("The race begins.", cite="Toy race: setup")
    return state


TOY = GameSpec(
    id="toy-race",
    name="Toy race",
    version="1",
    summary="Roll, draw or pass; first to the target wins.",
    seats=lambda options: tuple(f"p{i + 1}" for i in range(options["players"])),
    options=OptionSet(
        [
            Option("players", 2, "racers", choices=(1, 2, 3)),
            Option("target", 15, "score to win", minimum=1),
            Option("die", "d6", "the die rolled", choices=("d6", "d8")),
            Option("sudden-death", False, "a roll of 1 loses"),
        ]
    ),
    state_class=ToyState,
    start=toy_start,
)


def toy(state_class: type[ToyState] = ToyState, **options: Any) -> Game:
    return dataclasses.replace(TOY, state_class=state_class).bind(**options)


@pytest.fixture
def register(monkeypatch):
    """Register specs for one test only: register(spec, ...) replaces the whole registry."""

    def put(*specs: GameSpec, broken: dict[str, str] | None = None) -> None:
        modules = {s.id: f"not.imported.{s.id}" for s in specs}
        modules.update(broken or {})
        monkeypatch.setattr(registry, "_MODULES", modules)
        monkeypatch.setattr(registry, "_loaded", {s.id: s for s in specs})

    return put


def test_suite_builds_cases_for_every_option_choice(register, cases_for):
    register(TOY)
    cases = cases_for(seeds=10, variant_seeds=3)
    assert [c.id for c in cases] == [
        "toy-race",
        "toy-race:players=1",
        "toy-race:players=3",
        "toy-race:die=d8",
        "toy-race:sudden-death=True",
    ]
    assert cases[0].seeds == tuple(range(10))
    assert all(len(c.seeds) == 3 for c in cases[1:])
    assert len({s for c in cases for s in c.seeds}) == 10 + 4 * 3
    assert cases[3].bind().options["die"] == "d8"


def test_suite_passes_a_good_game(register, cases_for):
    register(TOY)
    for case in cases_for(seeds=12, variant_seeds=4):
        game = case.bind()
        check_spec(game)
        for seed in case.seeds:
            play_random(game, seed)
        for policy in POLICIES.values():
            play_policy(game, case.seeds[0], policy)


def test_suite_reports_a_registered_game_that_cannot_load(register, cases_for):
    register(TOY, broken={"ghost": "deadtable.games.no_such_game_here"})
    cases = cases_for(seeds=2)
    ghost = [c for c in cases if c.game_id == "ghost"]
    assert len(ghost) == 1 and ghost[0].id == "ghost:unloadable"
    assert "ModuleNotFoundError" in (ghost[0].error or "")
    with pytest.raises(pytest.fail.Exception, match="'ghost' cannot be loaded"):
        ghost[0].bind()


@pytest.mark.parametrize("key", sorted(FORBIDDEN_KEYS))
def test_suite_rejects_a_view_that_names_hidden_things(key):
    class Leaky(ToyState):
        __slots__ = ()

        def _view(self, seat: str) -> dict[str, Any]:
            return {**super()._view(seat), "extra": [{"nested": {key: 1}}]}

    with pytest.raises(AssertionError, match="shows hidden things"):
        play_random(toy(Leaky), seed=1)


def test_suite_rejects_a_view_that_depends_on_the_rng():
    class Peeking(ToyState):
        __slots__ = ()

        def _view(self, seat: str) -> dict[str, Any]:
            return {**super()._view(seat), "omen": self.dice.state % 1000}

    with pytest.raises(AssertionError, match="depends on the dice's hidden state"):
        play_random(toy(Peeking), seed=1)


def test_suite_rejects_a_view_that_is_not_json():
    class Unjsonable(ToyState):
        __slots__ = ()

        def _view(self, seat: str) -> dict[str, Any]:
            return {**super()._view(seat), "pile": self.deck}

    with pytest.raises(pytest.fail.Exception, match="is not JSON"):
        play_random(toy(Unjsonable), seed=1)


def test_suite_rejects_state_left_out_of_the_json():
    class Forgetful(ToyState):
        __slots__ = ()

        def _load(self, data: dict[str, Any]) -> None:
            super()._load(data)
            self.turns_left = 30  # forgets how far the race has gone

    with pytest.raises(AssertionError, match="changed the state"):
        play_random(toy(Forgetful), seed=1)


def test_suite_rejects_clones_that_share_data():
    class Sharing(ToyState):
        __slots__ = ()

        def _copy_into(self, other: Any) -> None:
            super()._copy_into(other)
            other.scores = self.scores

    with pytest.raises(AssertionError, match="clone"):
        play_random(toy(Sharing, target=100), seed=1)


def test_suite_rejects_a_game_that_never_ends():
    class Endless(ToyState):
        __slots__ = ()

        def _apply(self, action_id: str) -> None:
            self.turn = (self.turn + 1) % len(self.game.seats)

    with pytest.raises(pytest.fail.Exception, match="no end after 300 steps"):
        play_random(toy(Endless), seed=1, step_cap=300)
    with pytest.raises(pytest.fail.Exception, match="no end after 300 steps of a fixed policy"):
        play_policy(toy(Endless), 1, POLICIES["first"], step_cap=300)


def test_suite_rejects_an_outcome_that_forgets_a_seat():
    class Forgetting(ToyState):
        __slots__ = ()

        def finish(self, outcome: Outcome, cite: str = "") -> None:
            winners = {s: r for s, r in outcome.results.items() if r == "win"}
            super().finish(Outcome(winners or {"p1": "draw"}, outcome.cause), cite)

    with pytest.raises(AssertionError, match="the outcome covers"):
        play_random(toy(Forgetting, players=3), seed=1)


def test_suite_rejects_an_event_that_cites_no_rule():
    class Uncited(ToyState):
        __slots__ = ()

        def _apply(self, action_id: str) -> None:
            super()._apply(action_id)
            self.event("Something happens.")

    with pytest.raises(AssertionError, match=r"\('Something happens.'\) cites no rule"):
        play_random(toy(Uncited), seed=1)


def test_suite_rejects_an_event_for_a_seat_the_game_has_not():
    class Misaddressed(ToyState):
        __slots__ = ()

        def _apply(self, action_id: str) -> None:
            super()._apply(action_id)
            self.event("A secret.", cite="Toy race: secrets", to="p9")

    with pytest.raises(AssertionError, match=r"is for \('p9',\)"):
        play_random(toy(Misaddressed), seed=1)


def test_suite_rejects_empty_labels():
    class Mute(ToyState):
        __slots__ = ()

        def _decide(self) -> Decision:
            decision = super()._decide()
            return Decision.of(decision.seat, "", [Action(a.id, "") for a in decision.actions])

    with pytest.raises(AssertionError, match="has label ''"):
        play_random(toy(Mute), seed=1)


def test_suite_rejects_a_game_that_ignores_its_seed():
    luck = itertools.count()

    class Lawless(ToyState):
        __slots__ = ()

        def _apply(self, action_id: str) -> None:
            super()._apply(action_id)
            if self.outcome is None:
                self.scores[self.game.seats[0]] += next(luck) % 2  # luck from outside the dice

    with pytest.raises((AssertionError, ReplayMismatch)):
        play_random(toy(Lawless, target=100), seed=1)


def test_suite_rejects_a_game_that_mutates_on_a_rejected_action():
    class Sloppy(ToyState):
        __slots__ = ()

        def apply(self, action_id: str) -> None:
            self.event(f"someone tried {action_id}")
            super().apply(action_id)

    with pytest.raises(AssertionError, match="a rejected action changed the state"):
        play_random(toy(Sloppy), seed=1)
