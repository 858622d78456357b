"""ESCAPING THE BUILDING and KITTING OUT.

After the stacked Deck One the conftest's stop card (Dump 2) waits without a die rolled. One
box is 30 seconds; a "minute" is two boxes (A-08)."""

from __future__ import annotations

from typing import Any

import pytest

import deadtable
from deadtable.games.chainsaw_warrior.house import next_deck
from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState
from tests.games.chainsaw_warrior.conftest import (
    EXAMPLE_WARRIOR,
    STOP,
    carries,
    item_uses,
    play,
    start,
    used_all_dice,
)
from tests.logs import texts

ELEVEN = ["helmet", "steel-gloves", "rad-fibre-jumpsuit", "body-armour", "torch",
          "heat-detector", "metal-detector", "sonic-amplifier", "geiger-counter",
          "lock-pick-set", "wire-cutters"]


def logged(state: ChainsawWarriorState, text: str) -> bool:
    return any(text in line for line in texts(state))


def house_cards(state: ChainsawWarriorState) -> list[str]:
    return sorted(c for pile in (*state.decks, *state.discards) for c in pile.cards)


# Mines, failed (6+6 + 2), 2 wounds (1 + 1), then the breakage dice: the Laser-lance first.
MINES_SMASH_THE_LANCE = [6, 6, 1, 6]


# -- Escaping the Building ----------------------------------------------------------------------
def test_a_smashed_laser_lance_means_finding_the_way_out_through_2d6_cards() -> None:
    """"If you have your Laser-lance stolen or smashed ... you will have to leave the building.
    However, unless you are equipped with a Teleport Implant you will first have to find the
    way out. Roll 2 dice. That number of cards must be revealed and encountered before you are
    out of the building.\""""
    state = start(["mines-1", "clear-1", "rad-canister-1", "locked-door-2"],
                  [*MINES_SMASH_THE_LANCE, 1, 2, 4, 2], then=())
    # out: 2d6 = 1 + 2 = 3 cards: the Clear (check 4), the Rad Canister (2 + 3), a door
    assert not carries(state, "laser-lance")
    assert logged(state, "You must find the way out: 3 cards")
    assert state.warrior.radiation == 5  # encountered, not skipped
    assert state.phase == "door"  # the third card, still to be dealt with
    assert state.exiting == 1 and state.left_building == 0 and used_all_dice(state)


def test_outside_a_die_of_minutes_a_die_of_wounds_and_a_new_allowance_with_a_new_lance() -> None:
    """"Once you are free of the building you must do the following. First roll one die and add
    that many minutes (that many boxes) to the Time Track. You may recover one die roll of
    wounds, and gain a further Equipment Allowance equal to the roll of one die. One of these
    points must be spent on a new Laser-lance.\""""
    # the lance smashed (13 wounds left); 2d6 = 2; two Clears (checks 1, 1); outside: 3
    # minutes, heal 6 (capped at 14), allowance 4 (3 after the lance)
    state = start(["mines-1", "clear-1", "clear-2"], [*MINES_SMASH_THE_LANCE, 1, 1, 1, 1, 3, 6, 4],
                  then=())
    assert state.phase == "kit" and state.ctx == {"points": 3, "refit": True}
    assert state.time == 3 + 6  # three turns, then 3 minutes
    assert state.warrior.wounds == 14 and state.left_building == 1 and state.exiting == 0
    assert state.items[0].item == "laser-lance" and item_uses(state, "laser-lance") == 6
    assert logged(state, "One point buys a new Laser-lance")
    # "you may spend 2 points on a refill or spare clip for any item"
    assert "clip:0" in state.decision.ids and "refill:0" not in state.decision.ids
    assert "2 points" in state.decision.get("clip:0").label
    assert used_all_dice(state)


def test_leaving_costs_a_die_of_boxes_with_the_escape_time_option() -> None:
    """A-08: "that many minutes (that many boxes)": option escape-time=boxes reads boxes."""
    state = start(["mines-1", "clear-1", "clear-2"], [*MINES_SMASH_THE_LANCE, 1, 1, 1, 1, 3, 6, 4],
                  then=(), **{"escape-time": "boxes"})
    assert state.time == 3 + 3 and state.phase == "kit"


def test_the_decks_are_dealt_anew_and_you_start_from_deck_one_again() -> None:
    """"Gather up all the House cards and form a new pair of decks just as you did at the start
    of the game. If you had reached the second deck you may start at the top of that;
    otherwise you must start from the beginning again.\""""
    deck = ["mines-1", "clear-1", "clear-2", "empty-1", "empty-2"]
    state = start(deck, [*MINES_SMASH_THE_LANCE, 1, 1, 1, 1, 3, 6, 4], then=(),
                  deck_two=["empty-3", "darkness"])
    assert state.current == 0 and not state.discards[0] and not state.discards[1]
    assert house_cards(state) == sorted([*deck, "empty-3", "darkness"])
    assert "darkness" not in state.decks[0] and "darkness" in state.decks[1]
    assert len(state.decks[0]) == 3 and len(state.decks[1]) == 4  # 6 cards split, + Darkness


def test_having_reached_deck_two_you_start_at_its_top() -> None:
    state = start(["clear-1"], [1, *MINES_SMASH_THE_LANCE, 1, 1, 1, 1, 3, 6, 4], then=(),
                  deck_two=["mines-1", "clear-2", "clear-3", "empty-1", "empty-2", "darkness"])
    assert state.phase == "kit" and state.current == 1
    assert next_deck(state) == 1  # Deck One is not played again
    assert "darkness" in state.decks[1] and len(state.decks[1]) == 4
    # the new Deck One is set aside face down: its cards are not shown as discards
    assert len(state.decks[0]) == 3 and state.view("warrior")["discards"] == [[], []]
    assert logged(state, "You had reached Deck Two: you start at its top")


def test_a_carried_or_destroyed_first_aid_kit_is_not_dealt_back_into_the_house() -> None:
    """Mines: "On a 6 that item is damaged beyond repair and must be removed from the game."
    A First Aid Kit (a House card) broken so stays out when the decks are dealt anew."""
    # the kit is taken; Mines fail (6+6), 2 wounds, breakage: lance 6, kit 6; 2d6 = 2; two
    # Clears; outside 1 minute, heal 1, allowance 3
    state = start(["first-aid-kit-2", "mines-1", "clear-1", "clear-2"],
                  [6, 6, 1, 6, 6, 1, 1, 1, 1, 1, 1, 3], then=())
    assert state.phase == "kit" and not carries(state, "first-aid-kit-2")
    assert "first-aid-kit-2" not in house_cards(state)
    assert house_cards(state) == sorted(["mines-1", "clear-1", "clear-2", "darkness"])
    carried = start(["first-aid-kit-2", "mines-1", "clear-1", "clear-2"],
                    [6, 6, 1, 6, 1, 1, 1, 1, 1, 1, 1, 3], then=())
    assert carries(carried, "first-aid-kit-2")
    assert "first-aid-kit-2" not in house_cards(carried)


def test_a_spent_laser_lance_lets_you_choose_to_leave() -> None:
    """"... or it runs out of ammunition and you are unable to find any more ... you will have
    to leave the building": while you may still hope for a Dump, leaving is your choice."""
    state = start(["locked-door-1", "clear-1"], [1, 2, 3])
    state.items[0].uses = 0
    play(state, "retrace")
    assert state.phase == "free" and state.decision.ids == ["explore", "leave"]
    play(state, "leave")
    assert logged(state, "You must find the way out: 3 cards")
    assert state.exiting == 2 and state.phase == "dump" and used_all_dice(state)


def test_the_chasm_keeps_your_laser_lance_and_a_spare_clip_costs_two_points() -> None:
    """Chasm: "When you escape the building as a result of coming across the Chasm card, you
    need not spend an Equipment Allowance point (indeed, you should not) if you still have a
    Laser-lance. However, 2 points may be spent on a Spare Clip for it.\""""
    state = start(["locked-door-1", "chasm", "clear-1", "clear-2"],
                  [1, 1, 1, 1, 2, 1, 2], then=())
    state.items[0].uses = 3
    play(state, "retrace")  # the Chasm: 2d6 = 2; two Clears; outside 2 minutes, heal 1, 2 points
    assert state.phase == "kit" and state.ctx["points"] == 2
    assert item_uses(state, "laser-lance") == 3  # the same lance
    assert not logged(state, "One point buys a new Laser-lance")
    assert {"refill:0", "clip:0"} <= set(state.decision.ids)
    play(state, "clip:0")
    assert state.items[0].clip and state.phase != "kit"  # nothing left to spend: in you go
    assert "chasm" in state.removed and "chasm" not in house_cards(state)
    assert used_all_dice(state)


def test_the_teleport_implant_leaves_the_building_at_once() -> None:
    """Teleport Implant: "If your mission is placed in jeopardy by the loss or breakage of your
    Laser-lance, or the Chasm house card, you can immediately leave the building.\""""
    # Mines: lance 6, implant 1; outside: 1 minute, heal 1, allowance 3 (2 after the lance)
    state = start(["mines-1", "clear-1"], [6, 6, 1, 6, 1, 1, 1, 3], kit=["teleport-implant"])
    assert logged(state, "The Teleport Implant takes you out of the building")
    assert state.phase == "kit" and state.ctx["points"] == 2
    assert not carries(state, "teleport-implant")  # one use only
    assert state.time == 1 + 2 and state.left_building == 1 and used_all_dice(state)
    chasm = start(["chasm"], [1, 1, 2], kit=["teleport-implant"])
    assert chasm.phase == "kit" and chasm.ctx["points"] == 2 and chasm.time == 1 + 2


def test_the_teleport_implant_is_electric_and_dead_in_a_magnetic_field() -> None:
    """Magnetic Field: "From now until then you may not use any item powered by electricity":
    the Implant (electric in our data) cannot take you out, so you find the way out on foot."""
    state = start(["magnetic-field-1", "mines-1"], [6, 6, 6, 6, 1, 6, 1, 1, 1],
                  kit=["teleport-implant"])
    assert carries(state, "teleport-implant") and not carries(state, "laser-lance")
    assert logged(state, "You must find the way out: 2 cards")
    assert state.exiting == 2 and state.phase == "dump" and used_all_dice(state)


# -- Kitting Out --------------------------------------------------------------------------------
def kitting(dice: list[int], piles: dict[str, list[str]] | None = None,
            **options: Any) -> ChainsawWarriorState:
    """A game that starts with Kitting Out (no kit given)."""
    state = deadtable.load("chainsaw-warrior", **options).new(
        seed=0, dice=dice, deck_one=[STOP], deck_two=["darkness"], warrior=EXAMPLE_WARRIOR,
        piles=piles or {})
    assert isinstance(state, ChainsawWarriorState)
    return state


def test_the_allowance_is_one_die_plus_two_and_the_laser_lance_is_free() -> None:
    """"Equipment Allowance: ... rolling one die and adding 2"; the Laser-lance "doesn't cost
    you any of your Equipment Allowance\""""
    state = kitting([4])
    assert state.phase == "kit" and state.ctx["points"] == 6 and used_all_dice(state)
    assert [c.item for c in state.items] == ["laser-lance"]
    assert state.decision.ids == ["draw:clothing", "draw:device", "draw:gun",
                                  "draw:heavy-weapon", "draw:hth-weapon", "done"]


@pytest.mark.parametrize(("difficulty", "dice", "points"), [
    ("hard", [5], 7), ("medium", [2, 5], 7), ("easy", [1, 3, 2], 7), ("easy", [1, 1, 1], 5)])
def test_the_difficulty_option_rolls_the_allowance(difficulty: str, dice: list[int],
                                                   points: int) -> None:
    """Extra Training I: "Equipment 2D6 (pick highest) +2"; II: "3D6 (pick highest) +4\""""
    state = kitting(dice, difficulty=difficulty)
    assert state.ctx["points"] == points and used_all_dice(state)


def test_costs_by_card_back_one_gun_one_heavy_weapon() -> None:
    """"Clothing 1, Devices 1, Gun 2, Hvy Weapon 3"; "you may only ever have a maximum of one
    gun and one heavy weapon at any one time\""""
    state = kitting([6], piles={"gun": ["blaster"], "heavy-weapon": ["flamethrower"],
                                "device": ["torch"], "hth-weapon": ["knife"],
                                "clothing": ["helmet"]})
    assert state.ctx["points"] == 8
    play(state, "draw:gun")
    assert state.ctx["points"] == 6 and "draw:gun" not in state.decision.ids
    play(state, "draw:heavy-weapon")
    assert state.ctx["points"] == 3 and "draw:heavy-weapon" not in state.decision.ids
    play(state, "draw:device", "draw:hth-weapon")  # 1 each (HtH Weapon: 1, A-02)
    assert state.ctx["points"] == 1
    assert "draw:clothing" in state.decision.ids
    play(state, "draw:clothing")  # nothing left: into the house
    assert [c.item for c in state.items] == ["laser-lance", "blaster", "flamethrower", "torch",
                                             "knife", "helmet"]
    assert state.phase == "dump" and state.time == 1


def test_items_are_drawn_at_random_from_the_top_of_the_piles_by_their_backs() -> None:
    """"you must pick them at random from the top of the face-down piles"; "the card backs
    determine what Deck an item belongs in, not what type of equipment it is": the Flare Gun
    (a Device with a Gun back) costs 2 and is not your one Gun."""
    state = kitting([6], piles={"gun": ["flare-gun", "sub-machine-gun"]})
    play(state, "draw:gun")
    assert carries(state, "flare-gun") and state.ctx["points"] == 6
    assert "draw:gun" in state.decision.ids
    play(state, "draw:gun")
    assert carries(state, "sub-machine-gun") and "draw:gun" not in state.decision.ids
    seeded = kitting([6])
    top = seeded.piles["device"].cards[0]
    play(seeded, "draw:device")
    assert carries(seeded, top) and top not in seeded.piles["device"]


def test_an_unspent_allowance_may_be_kept() -> None:
    """"You may choose as many items as you wish, up to your Equipment Allowance.\""""
    state = kitting([1])
    play(state, "done")
    assert [c.item for c in state.items] == ["laser-lance"] and state.phase == "dump"


def test_never_more_than_thirteen_items() -> None:
    """"you may never have more than 13 pieces of equipment in total": outside, with the
    Laser-lance and 11 others after the Teleport Implant is spent, one draw is left."""
    state = start(["chasm"], [1, 1, 6], kit=[*ELEVEN, "teleport-implant"])
    assert state.phase == "kit" and state.ctx["points"] == 6 and len(state.items) == 12
    assert "draw:device" in state.decision.ids
    play(state, "draw:device")
    assert len(state.items) == 13
    assert not any(a.startswith("draw:") for a in state.decision.ids)
    assert "clip:0" in state.decision.ids


def test_one_point_is_worded_as_one_point() -> None:
    state = deadtable.load("chainsaw-warrior").new(seed=1, warrior=EXAMPLE_WARRIOR)
    assert state.phase == "kit"
    state.ctx["points"] = 1
    state._decision = None  # asked again with one point left
    decision = state.decision
    assert decision is not None and decision.prompt == "Kitting out: 1 Equipment point to spend."
    assert decision.get("done").label == "Enter the house (1 point unspent)"
