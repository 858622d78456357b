"""Decisions and actions: stable ids, lookups, and the errors a player reads."""

from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deadtable.engine.decisions import (
    Action,
    ActionList,
    Decision,
    GameOver,
    IllegalAction,
)
from deadtable.engine.dice import Dice


def move_decision() -> Decision:
    return Decision.of(
        "survivor",
        "Where do you go?",
        [
            Action("move:left", "Move left"),
            Action("move:right", "Move right"),
            Action("wait", "Wait"),
        ],
    )


def test_ids_lookups_and_order():
    decision = move_decision()
    assert decision.ids == ["move:left", "move:right", "wait"]
    assert "wait" in decision and "fly" not in decision and 3 not in decision
    assert decision.get("move:right") == Action("move:right", "Move right")
    assert decision.get("fly") is None
    assert decision.actions[0].label == "Move left"
    assert len(decision) == 3 and [decision.id_at(n) for n in range(3)] == decision.ids
    decision.ids.append("fly")  # a copy: the decision's own ids stay as they are
    assert len(decision) == 3 and "fly" not in decision
    with pytest.raises(IndexError):
        decision.id_at(3)


def test_of_takes_any_iterable():
    decision = Decision.of("p1", "Go?", (Action(f"a{i}", f"A {i}") for i in range(3)))
    assert decision.ids == ["a0", "a1", "a2"]
    assert isinstance(decision.actions, tuple)


def test_duplicate_ids_are_rejected():
    with pytest.raises(ValueError, match=r"duplicate action ids in decision: \['a', 'b', 'a'\]"):
        Decision.of("p1", "Pick", [Action("a", "A"), Action("b", "B"), Action("a", "A again")])


def test_a_decision_needs_an_action():
    with pytest.raises(ValueError, match="at least one legal action"):
        Decision.of("p1", "Pick", [])


@given(st.lists(st.text(min_size=1, max_size=5), min_size=1, max_size=20))
def test_duplicates_rejected_iff_present(ids):
    actions = [Action(i, f"label {i}") for i in ids]
    if len(set(ids)) == len(ids):
        assert Decision.of("p1", "Pick", actions).ids == ids
    else:
        with pytest.raises(ValueError, match="duplicate"):
            Decision.of("p1", "Pick", actions)


def test_data_form():
    assert move_decision().to_data() == {
        "seat": "survivor",
        "prompt": "Where do you go?",
        "actions": [
            {"id": "move:left", "label": "Move left"},
            {"id": "move:right", "label": "Move right"},
            {"id": "wait", "label": "Wait"},
        ],
    }
    assert Action("x", "X").to_data() == {"id": "x", "label": "X"}


def test_decisions_and_actions_are_frozen_values():
    decision = move_decision()
    with pytest.raises(dataclasses.FrozenInstanceError):
        decision.seat = "zombie"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        decision.actions[0].id = "x"  # type: ignore[misc]
    assert decision == move_decision()
    assert hash(decision) == hash(move_decision())
    assert hash(Action("a", "A")) == hash(Action("a", "A"))


def test_illegal_action_names_the_action_seat_prompt_and_legal_ids():
    error = IllegalAction("fly", move_decision())
    text = str(error)
    assert "'fly'" in text
    assert "survivor" in text and "Where do you go?" in text
    assert "legal actions: move:left, move:right, wait" in text
    assert error.action_id == "fly"
    assert error.legal == ["move:left", "move:right", "wait"]
    assert isinstance(error, ValueError)


def test_illegal_action_shortens_long_lists():
    decision = Decision.of("p1", "Pick", [Action(f"a{i}", "x") for i in range(50)])
    text = str(IllegalAction("nope", decision))
    assert "a39" in text and "a40" not in text and text.endswith(" ...")
    assert len(IllegalAction("nope", decision).legal) == 50


def test_game_over_is_a_runtime_error():
    assert issubclass(GameOver, RuntimeError)


def test_a_label_given_as_a_function_is_built_only_when_read():
    calls: list[int] = []

    def label() -> str:
        calls.append(1)
        return "Move Bill to 7,3"

    action = Action("move:bill:7,3", label, {"verb": "move", "figure": "bill", "space": "7,3"})
    decision = Decision.of("survivors", "Move whom where?", [action])
    assert decision.ids == ["move:bill:7,3"] and "move:bill:7,3" in decision
    assert calls == []  # deciding, looking up and applying never format a label
    assert action.label == "Move Bill to 7,3" and action.label == "Move Bill to 7,3"
    assert calls == [1]  # built once, then kept


def test_arguments_travel_with_the_action_as_data():
    action = Action("attack:bill:z3", "Bill attacks zombie 3",
                    {"verb": "attack", "figure": "bill", "target": "z3"})
    assert action.to_data() == {"id": "attack:bill:z3", "label": "Bill attacks zombie 3",
                                "args": {"verb": "attack", "figure": "bill", "target": "z3"}}
    assert action != Action("attack:bill:z3", "Bill attacks zombie 3")
    assert action == Action("attack:bill:z3", lambda: "Bill attacks zombie 3",
                            {"verb": "attack", "figure": "bill", "target": "z3"})
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.args = {}  # type: ignore[misc]


def test_actions_copy_and_pickle_with_their_label_built():
    import copy
    import pickle

    action = Action("move:bill:7,3", lambda: "Move Bill to 7,3", {"space": "7,3"})
    assert copy.deepcopy(action) is action and copy.copy(action) is action
    again = pickle.loads(pickle.dumps(action))
    assert again == action and again.label == "Move Bill to 7,3"


def _counted(made: list[int], ids: list[str]) -> ActionList:
    def build() -> list[Action]:
        made.append(1)
        return [Action(i, f"label {i}", {"n": n}) for n, i in enumerate(ids)]

    return ActionList(ids, build)


def test_an_action_list_makes_its_actions_only_when_read():
    made: list[int] = []
    moves = _counted(made, ["move:1", "move:2"])
    listed = [Action("first", "First")] + moves + [Action("stop", "Stop")]
    listed.append(Action("end", "End"))
    decision = Decision.of("p1", "Where?", listed)
    assert decision.ids == ["first", "move:1", "move:2", "stop", "end"]
    assert "move:2" in decision and "move:3" not in decision and len(listed) == 5
    assert len(decision) == 5 and decision.id_at(2) == "move:2" and decision.id_at(-1) == "end"
    assert made == []  # ids, membership, length and id_at build nothing
    assert decision.get("move:2") == Action("move:2", "label move:2", {"n": 1})
    assert [a.id for a in decision.actions] == decision.ids and made == [1]
    assert decision.actions is decision.actions and made == [1]  # made once
    assert decision == Decision.of("p1", "Where?", list(listed))  # as if made at once


def test_a_lazy_decision_whose_actions_differ_from_its_ids_is_an_error():
    wrong = ActionList(["a", "b"], lambda: [Action("a", "A"), Action("c", "C")])
    decision = Decision.of("p1", "Pick", wrong)
    with pytest.raises(ValueError, match=r"actions \['a', 'c'\] built for ids \['a', 'b'\]"):
        decision.actions  # noqa: B018
    with pytest.raises(ValueError, match="duplicate"):
        Decision.lazy("p1", "Pick", ["a", "a"], list)
    with pytest.raises(ValueError, match="need the build"):
        ActionList(["a"])


def test_a_lazy_decision_travels_and_copies_made():
    import copy
    import pickle

    made: list[int] = []
    decision = Decision.of("p1", "Pick", _counted(made, ["x", "y"]))
    assert copy.deepcopy(decision) is decision and made == []
    again = pickle.loads(pickle.dumps(decision))
    assert again == decision and again.ids == ["x", "y"] and made == [1]


def test_membership_and_get_agree_in_any_order_and_equal_decisions_hash_alike():
    """A decision asks `in` of a set made with its duplicate check, and `get` turns it into
    an index by id the first time: either order answers alike, and an equal decision
    hashes alike whichever it has."""
    for first_get in (True, False):
        decision = move_decision()
        if first_get:
            assert decision.get("wait") == Action("wait", "Wait")
        assert "move:left" in decision and "fly" not in decision
        assert decision.get("move:right") == Action("move:right", "Move right")
        assert decision.get("fly") is None and "wait" in decision
        assert decision == move_decision() and hash(decision) == hash(move_decision())
    lazy = Decision.lazy("p1", "Pick", ["b", "a"], lambda: [Action("b", "B"), Action("a", "A")])
    assert "a" in lazy and lazy.get("a") == Action("a", "A") and lazy.id_at(0) == "b"
    with pytest.raises(ValueError, match=r"duplicate action ids in decision: \['b', 'a', 'b'\]"):
        Decision.lazy("p1", "Pick", ["b", "a", "b"], list)


def test_a_decision_copies_as_itself():
    decision = move_decision()
    assert copy.copy(decision) is decision and copy.deepcopy(decision) is decision


def test_random_id_draws_as_dice_choice_over_the_ids():
    decision = Decision.of("p1", "Pick", [Action(f"a{i}", f"A {i}") for i in range(7)])
    by_choice, by_decision = Dice(12), Dice(12)
    for _ in range(50):
        assert decision.random_id(by_decision) == by_choice.choice(decision.ids)
    assert by_decision.state == by_choice.state
