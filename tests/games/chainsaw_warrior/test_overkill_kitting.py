"""The Overkill options for Kitting Out I, II and III, Advanced Training, and Dum-Dum Bullets
drawn without a gun.

Each game starts with Kitting Out (no kit given); after it the conftest's stop card (Dump 2)
waits in the house. One box is 30 seconds."""

from __future__ import annotations

from typing import Any

import pytest

import deadtable
from deadtable.engine.dice import Dice
from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState
from tests.extras import need
from tests.games.chainsaw_warrior.conftest import (
    EXAMPLE_WARRIOR,
    STOP,
    carries,
    play,
    start,
    used_all_dice,
)

ALL = {"kitting-out-1": True, "kitting-out-2": True, "kitting-out-3": True,
       "advanced-training": True, "advanced-equipment": True}


def kitting(dice: list[int], piles: dict[str, list[str]] | None = None,
            warrior: dict[str, Any] | None = EXAMPLE_WARRIOR, **options: Any
            ) -> ChainsawWarriorState:
    """A game that starts with Kitting Out; without `warrior` the warrior is created too."""
    setup: dict[str, Any] = {"deck_one": [STOP], "deck_two": ["darkness"], "piles": piles or {}}
    if warrior is not None:
        setup["warrior"] = warrior
    state = deadtable.load("chainsaw-warrior", **options).new(seed=0, dice=dice, **setup)
    assert isinstance(state, ChainsawWarriorState)
    return state


def items(state: ChainsawWarriorState) -> list[str]:
    return [c.item for c in state.items]


# -- Kitting Out I ----------------------------------------------------------------------------
def test_kitting_out_1_a_spare_clip_for_two_points_at_the_start() -> None:
    """Kitting Out I: "When kitting out at the beginning of the game, you may spend two points
    of your Equipment Allowance on a Spare Clip for a piece of equipment which you have already
    drawn, including the Laser Lance." Only for limited uses that are not One Use Only; one
    clip per item."""
    state = kitting([6], piles={"gun": ["sub-machine-gun"], "device": ["acid"],
                                "clothing": ["helmet"]}, **{"kitting-out-1": True})
    assert state.ctx["points"] == 8
    assert "clip:0" in state.decision.ids  # the Laser-lance, before anything is drawn
    play(state, "draw:gun", "draw:device", "draw:clothing")
    assert items(state) == ["laser-lance", "sub-machine-gun", "acid", "helmet"]
    ids = state.decision.ids
    assert "clip:0" in ids and "clip:1" in ids
    assert "clip:2" not in ids and "clip:3" not in ids  # One Use Only; no uses at all
    assert not any(i.startswith("refill:") for i in ids)  # fresh items: nothing to refill
    play(state, "clip:0")
    assert state.items[0].clip and state.ctx["points"] == 2
    assert "clip:0" not in state.decision.ids and "clip:1" in state.decision.ids
    play(state, "clip:1")  # nothing left to spend: straight in (past Dump 2, which has
    assert state.items[1].clip and state.phase != "kit"  # nothing left to give)
    assert state.time >= 1


def test_without_kitting_out_1_no_clip_at_the_start() -> None:
    state = kitting([6])
    assert not any(i.startswith("clip:") for i in state.decision.ids)


def test_kitting_out_1_needs_two_points() -> None:
    state = kitting([1], piles={"device": ["torch"]}, **{"kitting-out-1": True})
    assert "clip:0" in state.decision.ids
    play(state, "draw:device", "draw:device")  # 3 points: 1 left
    assert "clip:0" not in state.decision.ids


# -- Kitting Out II ---------------------------------------------------------------------------
def test_kitting_out_2_two_points_to_choose_the_cards() -> None:
    """Kitting Out II: "At the start of the game, you may spend two points of your Equipment
    Allowance so that you can choose which equipment cards to take with you into the building
    instead of drawing them at random.\""""
    state = kitting([6], **{"kitting-out-2": True})
    assert "choose" in state.decision.ids and state.ctx["points"] == 8
    play(state, "choose")
    assert state.ctx["points"] == 6 and state.ctx["chosen"]
    ids = state.decision.ids
    assert "choose" not in ids and not any(i.startswith("draw:") for i in ids)
    picks = [i for i in ids if i.startswith("pick:")]
    every_card = sorted(f"pick:{c}" for pile in state.piles.values() for c in pile.cards)
    assert sorted(picks) == every_card  # any card of any pile, costs allowing
    # listed by pile, then by name: nothing of a pile's hidden order shows
    assert picks == [f"pick:{c}" for p in sorted(state.piles) for c in sorted(state.piles[p].cards)]
    play(state, "pick:man-to-man-rockets")
    assert carries(state, "man-to-man-rockets") and state.ctx["points"] == 3
    assert "man-to-man-rockets" not in state.piles["heavy-weapon"]


def test_kitting_out_2_costs_by_back_one_gun_and_one_heavy_weapon() -> None:
    """"you may only ever have a maximum of one gun and one heavy weapon"; the Flare Gun has a
    Gun back (2 points) but is a Device, so it may be chosen beside your gun."""
    state = kitting([6], **{"kitting-out-2": True})
    play(state, "choose", "pick:blaster")
    assert state.ctx["points"] == 4
    ids = state.decision.ids
    assert "pick:sub-machine-gun" not in ids and "pick:automatic-rifle" not in ids
    assert "pick:flare-gun" in ids
    play(state, "pick:flare-gun")
    assert state.ctx["points"] == 2
    assert "pick:dynamite" not in state.decision.ids  # 3 points: too dear now
    play(state, "pick:helmet", "pick:knife")
    assert items(state) == ["laser-lance", "blaster", "flare-gun", "helmet", "knife"]
    assert state.phase == "dump"


def test_kitting_out_2_is_not_offered_without_the_option_or_points_to_spend() -> None:
    assert "choose" not in kitting([6]).decision.ids
    state = kitting([1], piles={"device": ["torch"]}, **{"kitting-out-2": True})
    assert "choose" in state.decision.ids  # 3 points: 2 to choose, 1 for a card
    play(state, "draw:device")
    assert "choose" not in state.decision.ids  # 2 points would leave nothing to spend


def test_medium_difficulty_may_use_kitting_out_2_at_its_cost() -> None:
    """Extra Training I: "Kitting Out: May use Kitting Out II\""""
    state = kitting([2, 5], difficulty="medium")
    assert state.ctx["points"] == 7 and "choose" in state.decision.ids
    play(state, "choose")
    assert state.ctx["points"] == 5
    state = kitting([2, 5], **{"extra-training-1": True})
    assert "choose" in state.decision.ids


def test_easy_difficulty_chooses_for_free() -> None:
    """Extra Training II: "Kitting Out: Must use Kitting Out II": the cards are chosen from
    the start, and the choice costs nothing."""
    for options in ({"difficulty": "easy"}, {"extra-training-2": True},
                    {"difficulty": "easy", "kitting-out-2": True}):
        state = kitting([1, 3, 2], **options)
        ids = state.decision.ids
        assert state.ctx["points"] == 7 and "choose" not in ids
        assert "pick:chainsaw" in ids and not any(i.startswith("draw:") for i in ids)


def test_kitting_out_2_is_only_for_the_start_of_the_game() -> None:
    """"At the start of the game": outside the building the cards are drawn again."""
    state = start(["chasm"], [1, 1, 6], kit=["teleport-implant"], **{"kitting-out-2": True})
    assert state.phase == "kit" and state.ctx["refit"]
    ids = state.decision.ids
    assert "choose" not in ids and "draw:gun" in ids and not any(i.startswith("pick:")
                                                                 for i in ids)


# -- Kitting Out III --------------------------------------------------------------------------
@pytest.mark.parametrize(("roll", "extra"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_kitting_out_3_waiting_costs_ten_minutes_for_half_a_die(roll: int, extra: int) -> None:
    """Kitting Out III: "you kit out in the usual manner and then immediately move the Time
    Marker onto the ten minute box of the Digital Timer. Then roll a die and divide the number
    rolled by two (rounding fractions up). The final result (from 1 to 3) is the number of
    extra Equipment Allowance gained. You may then spend these on more equipment.\""""
    state = kitting([1, roll], piles={"device": ["torch", "heat-detector"],
                                      "clothing": ["helmet", "steel-gloves"]},
                    **{"kitting-out-3": True})
    play(state, "draw:device", "draw:clothing", "draw:device")  # all 3 points spent
    assert state.phase == "wait-kit" and state.decision.ids == ["wait", "enter"]
    assert state.time == 0
    play(state, "wait")
    assert state.time == 20 and used_all_dice(state)  # 10:00
    assert state.phase == "kit" and state.ctx["points"] == extra
    assert state.warrior.equipment_allowance == 3 + extra
    play(state, "done")  # no second wait: into the house, the clock running on from 10:00
    assert state.phase == "dump" and state.time == 21


def test_kitting_out_3_unspent_points_are_kept_for_later() -> None:
    state = kitting([1, 6], piles={"heavy-weapon": ["dynamite"]}, **{"kitting-out-3": True})
    play(state, "done", "wait")
    assert state.ctx["points"] == 3 + 3 and "draw:heavy-weapon" in state.decision.ids


def test_kitting_out_3_entering_at_once_costs_nothing() -> None:
    state = kitting([1], **{"kitting-out-3": True})
    play(state, "done")
    assert state.phase == "wait-kit"
    play(state, "enter")
    assert state.phase == "dump" and state.time == 1 and used_all_dice(state)


def test_kitting_out_3_is_asked_even_with_nothing_to_buy() -> None:
    """The kit question with one answer is not asked; the wait question still is."""
    state = start(["chasm"], [1, 1, 1], kit=["teleport-implant"], **{"kitting-out-3": True})
    assert state.phase == "kit" and "wait" not in state.decision.ids  # outside: not offered
    assert kitting([1], **{"kitting-out-3": True, "kitting-out-2": True}).phase == "kit"


def test_kitting_out_3_keeps_the_choice_of_kitting_out_2() -> None:
    state = kitting([6, 4], **{"kitting-out-2": True, "kitting-out-3": True})
    play(state, "choose", "pick:chainsaw", "done", "wait")
    assert state.ctx["points"] == 5 + 2 and "pick:knife" in state.decision.ids


# -- Advanced Training ------------------------------------------------------------------------
TRAINING = {"advanced-training": True}


def test_advanced_training_starts_at_the_basic_values() -> None:
    """Advanced Training: "Instead of rolling for your Attributes, you may distribute 24 points
    amongst your Attributes", each from its Basic value. Marksman 1 is the table's -2 (A-05)."""
    state = kitting([], warrior=None, **TRAINING)
    assert state.phase == "train" and state.ctx["left"] == 24
    w = state.warrior
    assert (w.endurance, w.wounds, w.max_wounds, w.hth, w.marksmanship, w.reflexes,
            w.equipment_allowance) == (4, 8, 8, 7, -2, 6, 3)
    ids = state.decision.ids
    assert [i for i in ids if i.count(":") == 1] == [
        "train:endurance", "train:wounds", "train:hth", "train:marksman", "train:reflexes",
        "train:equipment"]
    assert "train:endurance:20" in ids and "train:endurance:21" not in ids
    assert "train:hth:5" in ids and "train:hth:6" not in ids


def test_advanced_training_spends_the_24_points_then_rolls_the_skill_and_kits_out() -> None:
    """The skill is still rolled, after the attributes (its die is the only one here), and the
    Equipment attribute is the allowance."""
    state = kitting([4], warrior=None, **TRAINING)  # skill 4: Strength
    play(state, "train:endurance:10", "train:wounds:6", "train:hth:3", "train:marksman:2",
         "train:reflexes", "train:reflexes")
    assert state.phase == "train" and state.ctx["left"] == 1
    assert state.decision.ids == ["train:endurance", "train:wounds", "train:hth",
                                  "train:marksman", "train:reflexes", "train:equipment"]
    play(state, "train:equipment")
    w = state.warrior
    assert (w.endurance, w.wounds, w.max_wounds, w.hth, w.marksmanship, w.reflexes) == (
        14, 14, 14, 10 + 1, 0, 8)  # Marksman 3 is the table's 0; Strength: +1 HtH
    assert w.skill == "strength" and used_all_dice(state)
    assert state.phase == "kit" and state.ctx["points"] == 4 == w.equipment_allowance


def test_advanced_training_one_point_at_a_time_up_to_the_maximum() -> None:
    """"a maximum number it can be raised to with these 24 points": HtH 12, Marksman 6."""
    state = kitting([1], warrior=None, **TRAINING)  # skill 1: Marksmanship
    for _ in range(5):
        play(state, "train:hth")
    assert state.warrior.hth == 12
    assert not any(i.startswith("train:hth") for i in state.decision.ids)
    for _ in range(5):
        play(state, "train:marksman")
    assert state.warrior.marksmanship == 2  # Marksman 6: +2
    play(state, "train:equipment:5", "train:reflexes:5")
    assert state.ctx["left"] == 4 and "train:wounds:5" not in state.decision.ids
    play(state, "train:wounds:4")
    assert state.warrior.marksmanship == 3  # the Marksmanship skill: +1 above the table
    assert (state.warrior.reflexes, state.warrior.wounds, state.warrior.endurance) == (11, 12, 4)
    assert state.phase == "kit" and state.ctx["points"] == 8


def test_without_advanced_training_the_attributes_are_rolled() -> None:
    state = kitting([1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 1], warrior=None)
    assert state.phase == "kit" and state.warrior.endurance == 4 and used_all_dice(state)


def test_a_given_warrior_is_not_trained() -> None:
    state = kitting([2], **TRAINING)
    assert state.phase == "kit" and state.ctx["points"] == 4


def test_advanced_training_survives_a_save() -> None:
    game = deadtable.load("chainsaw-warrior", **TRAINING)
    state = kitting([], warrior=None, **TRAINING)
    play(state, "train:wounds:3")
    again = game.from_json(state.to_json())
    assert again.decision.ids == state.decision.ids and again.warrior.wounds == 11


# -- Dum-Dum Bullets at kitting ---------------------------------------------------------------
ADVANCED = {"advanced-equipment": True}


def test_dum_dums_without_a_gun_may_be_put_back_for_another_card() -> None:
    """Dum-Dum Bullets: "If the warrior does not have a gun they may discard this card and
    choose another": it goes under its pile and its point comes back."""
    state = kitting([1], piles={"device": ["dum-dum-bullets", "torch"]}, **ADVANCED)
    play(state, "draw:device")
    assert state.phase == "dum-dums" and state.decision.ids == ["put-back", "keep"]
    play(state, "put-back")
    assert not carries(state, "dum-dum-bullets") and state.ctx["points"] == 3
    assert state.piles["device"].cards[-1] == "dum-dum-bullets"
    play(state, "draw:device")
    assert carries(state, "torch")


def test_dum_dums_may_be_kept_and_with_a_gun_nothing_is_asked() -> None:
    state = kitting([1], piles={"device": ["dum-dum-bullets"]}, **ADVANCED)
    play(state, "draw:device", "keep")
    assert carries(state, "dum-dum-bullets") and state.ctx["points"] == 2
    state = kitting([3], piles={"gun": ["blaster"], "device": ["dum-dum-bullets"]}, **ADVANCED)
    play(state, "draw:gun", "draw:device")
    assert state.phase == "kit" and carries(state, "dum-dum-bullets")


# -- every option at once, and the research encoding -------------------------------------------
def test_random_games_with_every_kitting_option_use_only_encoded_actions() -> None:
    need("numpy", reason="the rl extra (numpy) is not installed")
    from deadtable.envs.encodings import encoding_for

    for options in (ALL, {**ALL, "difficulty": "easy"}, {**ALL, "difficulty": "medium"}):
        game = deadtable.load("chainsaw-warrior", **options)
        known = set(encoding_for(game).actions)
        for seed in range(4):
            state = game.new(seed=seed)
            pick = Dice(seed + 7)
            steps = 0
            while state.decision is not None and steps < 3000:
                ids = state.decision.ids
                assert set(ids) <= known, set(ids) - known
                state.apply(pick.choice(ids))
                steps += 1
