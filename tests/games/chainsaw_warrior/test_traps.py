"""REFERENCE SECTION: HOUSE CARDS, the traps, each with the items its card names.

Every scripted game stacks Deck One; after it the conftest's stop card (Dump 2) is turned, and
its question waits without a die rolled, which ends the script. One box is 30 seconds."""

from __future__ import annotations

import pytest

from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState
from tests.games.chainsaw_warrior.conftest import (
    STOP,
    carries,
    item_uses,
    play,
    start,
    used_all_dice,
)
from tests.logs import texts

WZ = [f"wandering-zombie-{n}" for n in range(1, 24)]


def stopped(state: ChainsawWarriorState) -> bool:
    """Play waits at the conftest's stop card (Dump 2), turned after the stacked deck."""
    return state.phase == "dump" and state.ctx["card"] == STOP


def logged(state: ChainsawWarriorState, text: str) -> bool:
    return any(text in line for line in texts(state))


def paused(deck: list[str], dice: list[int], **kw: object) -> ChainsawWarriorState:
    """A game stopped at a first Locked Door (nothing to retrace, so it has no effect) so that
    a test can set the board up; `resume` carries on with `deck` (time is then 1 box)."""
    state = start(["locked-door-1", *deck], dice, **kw)  # type: ignore[arg-type]
    assert state.phase == "door"
    return state


def resume(state: ChainsawWarriorState) -> ChainsawWarriorState:
    return play(state, "retrace")


# -- Ambush ------------------------------------------------------------------------------------
def test_ambush_draws_a_die_of_zombies_and_one_aimed_shot_needs_no_reflex_test() -> None:
    """"Roll 1 die and draw that many Wandering Zombies from the WZ pile. ... you may then make
    an Aimed Shot at one without Testing Reflexes if you wish. Each Zombie must be fought in
    turn.\""""
    state = start(["ambush-1"], [3, 3, 3], wandering=WZ)  # 3 Zombies; the shot 3+3+1 = 7
    assert state.fight is not None and state.fight.opponents == WZ[:3]
    assert state.wandering.cards == WZ[3:]
    assert {f"shoot:laser-lance:{z}" for z in WZ[:3]} <= set(state.decision.ids)
    play(state, f"shoot:laser-lance:{WZ[1]}")
    assert logged(state, "No Reflex test needed: the Ambush lets you")
    assert state.fight.opponents == [WZ[0], WZ[2]]
    assert state.phase == "order"  # the rest are fought hand-to-hand, in your order
    assert item_uses(state, "laser-lance") == 5 and used_all_dice(state)


def test_opponents_that_share_a_title_are_told_apart() -> None:
    # Three "Wandering Zombie" targets: each choice names its Zombie by its place in the fight,
    # as the board does, and the order question adds their HtH.
    state = start(["ambush-1"], [3, 3, 3], wandering=["wandering-zombie-1",
                                                      "wandering-zombie-6",
                                                      "wandering-zombie-20"])
    shots = [a.label for a in state.decision.actions if a.id.startswith("shoot:")]
    assert shots == [f"Shoot with the Laser-lance at the Wandering Zombie {n} (needs 5)"
                     for n in (1, 2, 3)]
    fight = state.view("warrior")["fight"]
    assert [(o["name"], o["hth"]) for o in fight["opponents"]] == [
        ("Wandering Zombie 1", 7), ("Wandering Zombie 2", 8), ("Wandering Zombie 3", 9)]
    play(state, "shoot:laser-lance:wandering-zombie-6")
    assert [a.label for a in state.decision.actions] == [
        "Fight the Wandering Zombie 1 (HtH 7)", "Fight the Wandering Zombie 2 (HtH 9)"]


def test_ambush_makes_one_venom_check_per_zombie_before_combat() -> None:
    """"If, as a result of the Ambush trap, you meet 5 Zombies, you should make five infection
    checks before beginning combat!\""""
    state = paused(["ambush-1"], [2, 5, 6, 4], wandering=WZ)
    state.warrior.infected = True
    resume(state)
    # 2 Zombies, venom checks 5 and 6: two boxes of venom; the third roll (4) is not a check
    assert state.warrior.venom == 2
    assert state.phase == "shoot" and state.dice.script == [4]


def test_ambush_with_the_ultra_violet_emitter_is_treated_as_clear() -> None:
    """Ultra-Violet Emitter: "you need never check for Wandering Zombies, and other cards which
    rely on them, such as Ambush, can be treated as Clear.\""""
    state = start(["ambush-1"], [], kit=["ultra-violet-emitter"], wandering=WZ)
    assert stopped(state) and used_all_dice(state)
    assert state.wandering.cards == WZ


# -- Ceiling Cave-In -----------------------------------------------------------------------------
def test_cave_in_passed_reflex_test_leaps_to_safety() -> None:
    """"Test your Reflexes. If you succeed you manage to leap to safety.\""""
    state = start(["ceiling-cave-in-1"], [4, 5], kit=["torch"])  # 9 against Reflexes 9
    assert stopped(state) and used_all_dice(state)
    assert state.warrior.wounds == 14 and state.time == 2 and carries(state, "torch")


def test_cave_in_failed_costs_minutes_a_wound_and_a_breakage_roll_per_item() -> None:
    """"Roll one die and lose that many minutes, and take 1 wound. Also, roll 1 die for every
    item of equipment you have. A roll of 6 means that the item was caught in the fall and
    damaged beyond repair; discard that card.\""""
    # Reflexes 5+5 = 10 fails; 3 minutes; breakage: lance 2, torch 6, helmet 1
    state = start(["ceiling-cave-in-1"], [5, 5, 3, 2, 6, 1], kit=["torch", "helmet"])
    assert state.warrior.wounds == 13
    assert [c.item for c in state.items] == ["laser-lance", "helmet"]
    assert "torch" not in state.piles["device"]  # removed from the game
    assert state.time == 1 + 6 + 1  # the turn, 3 minutes, then Darkness's turn
    assert stopped(state) and used_all_dice(state)


def test_cave_in_is_avoided_with_the_sonic_amplifier_for_a_minute() -> None:
    """Sonic Amplifier: "You may also avoid the Cave-in Trap; simply add 1 minute to the time
    and discard the trap card.\""""
    state = start(["ceiling-cave-in-1"], [], kit=["sonic-amplifier"])
    assert stopped(state) and used_all_dice(state)
    assert state.time == 1 + 2 + 1 and state.warrior.wounds == 14
    assert "ceiling-cave-in-1" in state.discards[0]


# -- Chasm ---------------------------------------------------------------------------------------
def test_chasm_with_climbing_is_clear_without_a_wandering_zombie_roll() -> None:
    """Climbing: "If you ever encounter the Chasm card, you can ignore its effects (but still
    add 30 seconds to the time as usual). The Chasm is treated as though it were a Clear card,
    though you don't need to roll for a Wandering Zombie.\""""
    state = start(["chasm"], [], warrior={"skill": "climbing"})
    assert stopped(state) and used_all_dice(state)
    assert state.time == 2 and "chasm" in state.discards[0] and not state.removed
    assert state.left_building == 0 and state.exiting == 0


def test_chasm_is_crossed_with_the_rope_and_launcher() -> None:
    """Chasm: "Unless you have a Rope Launcher or the Climbing skill you will have to retrace
    your steps"; Rope and Launcher: "This handy device can be used to get you past the Chasm
    card.\""""
    state = start(["chasm"], [], kit=["rope-and-launcher"])
    assert logged(state, "you cross it with the Rope and Launcher")
    if state.phase == "free":  # the Rope's own balcony bypass may be offered next: go on
        play(state, "explore")
    assert stopped(state) and used_all_dice(state)
    assert item_uses(state, "rope-and-launcher") == 2
    assert not state.removed and state.exiting == 0


def test_chasm_without_rope_or_climbing_is_removed_and_you_must_leave() -> None:
    """"Remove this card from the game and see Escaping the Building.\""""
    state = start(["chasm"], [1, 1])  # 2d6 = 2 cards to the way out; the first is the stop
    assert state.removed == ["chasm"] and "chasm" not in state.discards[0]
    assert state.exiting == 2 and stopped(state) and used_all_dice(state)


# -- Locked Door ---------------------------------------------------------------------------------
def test_locked_door_has_no_effect_with_the_lock_pick_set() -> None:
    """Lock-Pick Set: "Locked doors have no effect while this set is in your possession.\""""
    state = start(["locked-door-1"], [], kit=["lock-pick-set"])
    assert stopped(state) and used_all_dice(state) and state.time == 2


def test_locked_door_offers_each_weapon_with_a_door_rating_acid_and_retracing() -> None:
    """"you must either shoot or smash the door open, or find another route. ... On each
    weapon's card there is a rating for smashing a door.\""""
    state = start(["locked-door-1"], [], kit=["chainsaw", "acid", "man-to-man-rockets",
                                              "knife", "helmet"])
    assert state.phase == "door"
    assert state.decision.ids == ["smash:laser-lance", "smash:chainsaw",
                                  "smash:man-to-man-rockets", "acid", "retrace"]
    assert "8+" in state.decision.get("smash:chainsaw").label
    assert "4+" in state.decision.get("smash:man-to-man-rockets").label


def test_smashing_with_the_chainsaw_needs_eight_on_two_dice_then_a_zombie_check() -> None:
    """Chainsaw: "It can also make short work of locked doors on a roll of 8 or more on two
    dice. When using the Chainsaw to demolish Locked Doors, you should make the usual Wandering
    Zombies test.\""""
    state = start(["locked-door-1"], [4, 4, 5], kit=["chainsaw"])
    play(state, "smash:chainsaw")
    assert logged(state, "You smash the door with the Chainsaw: 8")
    assert logged(state, "Wandering Zombie check: 5")
    assert stopped(state) and used_all_dice(state)
    assert state.time == 2  # a door smashed first time costs no extra time


def test_a_failed_smash_adds_thirty_seconds_a_zombie_check_and_you_choose_again() -> None:
    """"If you fail add 30 seconds, check for a Wandering Zombie, and either try again or
    retrace your steps." The Chainsaw is a HtH weapon: Marksmanship (+1) does not help."""
    state = start(["locked-door-1"], [4, 3, 2], kit=["chainsaw"])
    play(state, "smash:chainsaw")  # 7: fails, though 7 + 1 would be 8
    assert logged(state, "You fail to smash the door with the Chainsaw: 7")
    assert state.time == 2 and state.phase == "door" and used_all_dice(state)
    assert state.decision.ids == ["smash:laser-lance", "smash:chainsaw", "retrace"]


def test_a_zombie_drawn_by_a_failed_smash_is_fought_and_then_the_door_asks_again() -> None:
    # 2+2 fails; the check is a 6: a Zombie; shot with the lance: Reflexes 3+3, hit 3+3+1.
    state = start(["locked-door-1"], [2, 2, 6, 3, 3, 3, 3], kit=["chainsaw"], wandering=WZ)
    play(state, "smash:chainsaw")
    assert state.phase == "shoot" and state.fight is not None
    assert state.fight.opponents == [WZ[0]]
    play(state, f"shoot:laser-lance:{WZ[0]}")
    assert state.fight is None and state.phase == "door" and used_all_dice(state)
    assert sorted(state.wandering.cards) == sorted(WZ)  # "return it to the pile and shuffle"


def test_shooting_weapons_smash_doors_with_marksmanship_and_use_a_shot() -> None:
    """Man-to-Man Rockets: "You may use a Man-to-Man Rocket to demolish a Locked Door and
    succeed in doing so if you can roll a 4 or above (taking Marksmanship modifiers into
    account)"; Locked Door: "Don't forget to cross off the shots you use.\""""
    state = start(["locked-door-1"], [3, 2, 1, 3, 3, 1], kit=["man-to-man-rockets"],
                  warrior={"marksmanship": -2})
    play(state, "smash:man-to-man-rockets")  # 5 - 2 = 3: fails; zombie check 1
    assert item_uses(state, "man-to-man-rockets") == 3 and state.phase == "door"
    play(state, "smash:man-to-man-rockets")  # 6 - 2 = 4: the door is down; check 1
    assert item_uses(state, "man-to-man-rockets") == 2
    assert stopped(state) and used_all_dice(state) and state.time == 3


def test_acid_burns_through_the_door_silently() -> None:
    """Acid: "It can be used to burn through a Locked Door ... There is no need to roll for a
    Wandering Zombie if you use Acid." (Locked Door: "a check is not made if you use Acid,
    which is silent.")"""
    state = start(["locked-door-1"], [], kit=["acid"])
    play(state, "acid")
    assert not carries(state, "acid")  # once only
    assert stopped(state) and used_all_dice(state) and state.time == 2


ELEVATORS = ["empty-20", "empty-21", "empty-22", "empty-23", "empty-24", "empty-25", "zombie-12"]


def climbing_past(deck: list[str], **kw: object) -> ChainsawWarriorState:
    """A climber meets elevators: each asks "climb?" before it is turned, rolling nothing, so
    play stops at whatever elevator comes up next after a retrace."""
    state = start(deck, [], warrior={"skill": "climbing"}, then=(), **kw)  # type: ignore[arg-type]
    while state.phase == "climb":
        play(state, "climb")
    return state


def test_retracing_steps_puts_five_discards_back_and_the_door_stays_discarded() -> None:
    """"To retrace your steps you must shuffle the discard pile of the current pack and deal
    off the first five without looking at them. Add these five to the current pack and shuffle
    it. ... the Locked Door card itself is not shuffled back into the House Deck. Instead it is
    placed on the Discard pile.\""""
    state = climbing_past([*ELEVATORS, "locked-door-1"])
    assert state.phase == "door" and state.discards[0].cards[1:] == ELEVATORS[::-1]
    play(state, "retrace")
    assert state.phase == "climb"  # the next card is one of the five, not yet turned
    discards, deck = state.discards[0].cards, state.decks[0].cards
    assert discards[0] == "locked-door-1" and len(discards) == 3
    assert len(deck) == 5 and sorted(deck + discards[1:]) == sorted(ELEVATORS)
    assert logged(state, "You retrace your steps: 5 cards go back into the deck")
    assert used_all_dice(state)


def test_retracing_with_fewer_than_five_discards_shuffles_them_all_back() -> None:
    """"If there are fewer than five cards currently on the Discard pile, the few cards that
    are there are shuffled back into the current House Deck.\""""
    state = climbing_past([*ELEVATORS[:3], "locked-door-1", "empty-24"])
    play(state, "retrace")
    assert state.phase == "climb"
    assert state.discards[0].cards == ["locked-door-1"]
    assert sorted(state.decks[0].cards) == sorted([*ELEVATORS[:3], "empty-24"])


def test_retracing_with_no_discards_the_door_has_no_effect_and_is_discarded() -> None:
    """"If there are no discards, then the Locked Door card has no effect and is merely
    discarded.\""""
    state = start(["locked-door-1", "empty-1"], [2])
    play(state, "retrace")
    assert state.discards[0].cards == [STOP, "empty-1", "locked-door-1"]
    assert logged(state, "the Locked Door has no effect")
    assert stopped(state) and used_all_dice(state)


def test_a_second_door_may_shuffle_the_first_back_into_the_deck() -> None:
    """The door is "placed on the Discard pile (to be possibly shuffled back into the House
    Deck should you retrace steps from a second Locked Door later on)"."""
    state = climbing_past(["locked-door-1", "locked-door-2", "empty-20"])
    play(state, "retrace")  # nothing to retrace: door 1 discarded
    assert state.phase == "door" and state.ctx["card"] == "locked-door-2"
    play(state, "retrace")
    assert logged(state, "You retrace your steps: 1 card goes back into the deck")
    # door 1 is back in the deck (or, shuffled to the top, already turned and asking again)
    if state.phase == "door":
        assert state.ctx["card"] == "locked-door-1"
        assert state.discards[0].cards == ["locked-door-1", "locked-door-2"]
    else:
        assert state.phase == "climb" and "locked-door-1" in state.decks[0]
        assert state.discards[0].cards == ["locked-door-2"]


def test_retracing_in_deck_two_uses_deck_twos_discard_pile() -> None:
    state = climbing_past(["empty-20"], deck_two=["empty-21", "locked-door-1", "darkness"])
    assert state.current == 1 and state.phase == "door"
    play(state, "retrace")
    assert state.discards[0].cards == ["empty-20"]
    assert state.discards[1].cards[-1] == "locked-door-1"
    assert "empty-21" not in state.discards[1]


# -- Lunatic ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_the_lunatic_grabs_one_random_item_but_never_clothing(seed: int) -> None:
    """"He may grab anything except an item of Clothing; select an item at random and remove
    it from the game.\""""
    kit = ["helmet", "steel-gloves", "torch", "knife", "blaster"]
    state = start(["lunatic-1", "clear-1"], [1], kit=kit, seed=seed)
    left = [c.item for c in state.items]
    assert "helmet" in left and "steel-gloves" in left
    gone = [i for i in ["laser-lance", *kit] if i not in left]
    assert len(gone) == 1
    assert not any(gone[0] in pile for pile in state.piles.values())


def test_the_heat_detector_negates_the_lunatic() -> None:
    """Heat Detector: "the Lunatic card is negated: just discard it.\""""
    state = start(["lunatic-1"], [], kit=["heat-detector", "knife"])
    assert [c.item for c in state.items] == ["laser-lance", "heat-detector", "knife"]
    assert stopped(state) and "lunatic-1" in state.discards[0]


def test_the_lunatic_can_steal_the_laser_lance_and_you_must_leave() -> None:
    """Escaping the Building: "If you have your Laser-lance stolen ... you will have to leave
    the building." With nothing else but clothing, the lance is what he grabs."""
    state = start(["lunatic-1"], [1, 1], kit=["helmet"])  # 2d6 = 2 cards to the way out
    assert not carries(state, "laser-lance") and carries(state, "helmet")
    assert logged(state, "Laser-lance is snatched by a Lunatic")
    assert logged(state, "you must leave the building")
    assert state.exiting == 2 and stopped(state) and used_all_dice(state)


# -- Magnetic Field --------------------------------------------------------------------------------
def test_the_magnetic_field_disables_electric_items_until_its_marker() -> None:
    """"Roll 2 dice and place a blank marker that many minutes ahead of the Time marker on the
    Time Track. From now until then you may not use any item powered by electricity." The
    Sonic Amplifier (electric) then cannot avoid the Cave-in: the Reflex test is rolled."""
    state = start(["magnetic-field-1", "ceiling-cave-in-1"], [1, 1, 3, 3],
                  kit=["sonic-amplifier"])
    assert state.field_until == 1 + 4  # 2 minutes from box 1
    assert logged(state, "Ceiling Cave-In: Reflex test 6")
    assert not logged(state, "the Sonic Amplifier warns you")
    assert state.phase == "free" and "wait" in state.decision.ids and used_all_dice(state)


def test_the_field_room_is_not_free_and_you_may_wait_elsewhere_rolling_for_zombies() -> None:
    """"You could wait in an empty room for the time to run out ..., but don't forget to roll
    for Wandering Zombies, and that the room with this trap in is not empty." The Ultra-Violet
    Emitter (electric) stops working meanwhile, then works again at the marker."""
    state = start(["magnetic-field-1", "empty-1", "clear-1"], [1, 1, 2, 1, 1],
                  kit=["ultra-violet-emitter"])
    # no pause in the Field's room: straight on to the empty room (its check rolled: 2)
    assert state.phase == "free" and state.time == 2 and state.field_until == 5
    assert "wait" in state.decision.ids
    assert any(i["id"] == "ultra-violet-emitter" and i["disabled"]
               for i in state.view("warrior")["items"])
    play(state, "wait", "wait")  # boxes 3 and 4, a check each (1, 1)
    assert state.time == 4 and state.phase == "free"
    play(state, "wait")  # box 5: the marker is reached; the Emitter works: no check
    assert logged(state, "Magnetic Field's effect wears off")
    assert stopped(state) and used_all_dice(state) and state.time == 7


# -- Mines -----------------------------------------------------------------------------------------
def test_mines_reflex_test_adds_two() -> None:
    """"Test your Reflexes, adding 2 to the die roll. If you succeed you manage to leap out of
    the way without suffering any damage.\""""
    state = start(["mines-1"], [4, 3])  # 7 + 2 = 9 against 9
    assert state.warrior.wounds == 14 and stopped(state) and used_all_dice(state)


def test_mines_failed_deal_a_die_plus_one_wounds_and_break_items_on_a_six() -> None:
    """"If not, roll one die, add 1 and take that many wounds. Then roll one die for each item
    of equipment you own. On a 6 that item is damaged beyond repair.\""""
    state = start(["mines-1"], [4, 4, 3, 1, 6, 5], kit=["helmet", "torch"])  # 8 + 2 fails
    assert state.warrior.wounds == 14 - 4
    assert [c.item for c in state.items] == ["laser-lance", "torch"]
    assert stopped(state) and used_all_dice(state)


def test_mines_are_avoided_with_the_metal_detector_for_a_minute() -> None:
    """Metal Detector: "you won't get caught in Wire or Mine traps; simply add 1 minute to the
    time and keep moving.\""""
    state = start(["mines-1"], [], kit=["metal-detector"])
    assert stopped(state) and used_all_dice(state) and state.time == 1 + 2 + 1


# -- Net -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cutter", ["wire-cutters", "chainsaw", "knife"])
def test_the_net_is_cut_in_thirty_seconds(cutter: str) -> None:
    """"If you have a Wire-cutter, Chainsaw, Acid, Laser-lance, or Knife you may cut yourself
    out and lose only 30 seconds.\""""
    state = start(["net-1"], [], kit=[cutter])
    assert stopped(state) and used_all_dice(state)
    assert state.time == 1 + 1 + 1 and item_uses(state, "laser-lance") == 6


def test_cutting_the_net_with_a_limited_item_uses_one_use_and_is_your_choice() -> None:
    """"... lose only 30 seconds (and one use if the weapon has limited uses)"; "you may"."""
    state = start(["net-1"], [], kit=["acid"])
    assert state.phase == "net"
    assert state.decision.ids == ["cut:laser-lance", "cut:acid", "struggle"]
    play(state, "cut:laser-lance")
    assert item_uses(state, "laser-lance") == 5 and carries(state, "acid")
    assert stopped(state) and state.time == 3
    acid = start(["net-1"], [], kit=["acid"])
    play(acid, "cut:acid")
    assert not carries(acid, "acid") and item_uses(acid, "laser-lance") == 6


def test_struggling_out_of_the_net_takes_a_die_of_minutes_with_a_check_each_minute() -> None:
    """"If not, you must roll one die and lose that many minutes as you struggle free. Check
    for a Wandering Zombie every minute.\""""
    state = start(["net-1"], [3, 1, 2, 5])
    assert state.phase == "net"  # the Laser-lance could cut it; you need not spend a charge
    play(state, "struggle")
    assert state.time == 1 + 6 + 1 and item_uses(state, "laser-lance") == 6
    assert stopped(state) and used_all_dice(state)


def test_a_zombie_in_the_net_may_be_shot_only_with_a_gun_and_fights_at_plus_three() -> None:
    """"If one turns up you can only shoot it with a Gun (you may not use a Heavy Weapon). If
    the combat proceeds to HtH, the Zombie fights with an extra 3 points added to its attack
    rating.\""""
    state = start(["net-1"], [1, 6, 1, 1, 1, 1], kit=["sub-machine-gun", "man-to-man-rockets"],
                  wandering=WZ)
    play(state, "struggle")
    assert state.phase == "shoot"
    assert state.decision.ids == [f"shoot:sub-machine-gun:{WZ[0]}", "hth"]
    play(state, "hth")
    # it: 1+1 + 7 + 3 = 12; you: 1+1 + 11 = 13
    assert logged(state, "it scores 12, you 13")
    assert state.fight is None and used_all_dice(state)


# -- Rad Canister ---------------------------------------------------------------------------------
def test_the_rad_canister_gives_a_die_plus_three_radiation() -> None:
    """"Roll one die and add 3 to the result, and lose that many points of radiation
    damage.\""""
    state = start(["rad-canister-1"], [4])
    assert state.warrior.radiation == 7 and stopped(state) and used_all_dice(state)


def test_the_rad_fibre_jumpsuit_takes_one_point_off() -> None:
    """Rad Fibre Jumpsuit: "Whenever you roll for radiation damage you may reduce the amount by
    one point.\""""
    state = start(["rad-canister-1"], [4], kit=["rad-fibre-jumpsuit"])
    assert state.warrior.radiation == 6


def test_the_rad_canister_can_kill() -> None:
    """"If the Radiation marker reaches your Endurance counter you are dead.\""""
    state = start(["rad-canister-1"], [3], warrior={"endurance": 6})
    assert state.outcome is not None and state.outcome.cause == "radiation"
    assert state.outcome.results == {"warrior": "loss"}


# -- Spiked Pit ----------------------------------------------------------------------------------
def test_spiked_pit_reflex_test_adds_one() -> None:
    """"Test your Reflexes, adding one to your die roll. If you make it you manage to leap
    across the pit.\""""
    state = start(["spiked-pit-1"], [4, 4])  # 8 + 1 = 9 against 9
    assert state.warrior.wounds == 14 and state.time == 2 and stopped(state)


def test_spiked_pit_failed_half_a_die_of_wounds_rounded_up_then_a_die_of_minutes() -> None:
    """"Roll one die and halve the result, rounding fractions up; take that many wounds. Then
    roll one die and move the Time marker that many minutes along the Time Track.\""""
    state = start(["spiked-pit-1"], [5, 4, 3, 4])
    assert state.warrior.wounds == 14 - 2
    assert state.time == 1 + 8 + 1 and stopped(state) and used_all_dice(state)


def test_spiked_pit_with_climbing_costs_no_time_to_climb_out() -> None:
    """Climbing: "If you fall into a Spiked Pit, you may well be injured, but needn't spend any
    time climbing out again.\""""
    state = start(["spiked-pit-1"], [5, 4, 5], warrior={"skill": "climbing"})
    assert state.warrior.wounds == 14 - 3
    assert state.time == 2 and stopped(state) and used_all_dice(state)


# -- Weak Floorboards ------------------------------------------------------------------------------
def test_weak_floorboards_cost_a_die_of_minutes_with_a_check_every_minute() -> None:
    """"If you fail, you fall a short way and will have to pull yourself out. Roll one die and
    lose that many minutes. Roll for a Wandering Zombie every minute.\""""
    passed = start(["weak-floorboards-1"], [3, 6])
    assert passed.time == 2 and stopped(passed) and used_all_dice(passed)
    state = start(["weak-floorboards-1"], [5, 5, 3, 1, 2, 3])
    assert state.time == 1 + 6 + 1 and stopped(state) and used_all_dice(state)


def test_a_zombie_at_the_floorboards_is_shot_without_a_reflex_test() -> None:
    """"If one turns up you may make an Aimed Shot without having to Test Reflexes\""""
    state = start(["weak-floorboards-1"], [5, 5, 1, 6, 3, 3], wandering=WZ)
    assert state.phase == "shoot" and state.time == 1 + 2
    play(state, f"shoot:laser-lance:{WZ[0]}")
    assert logged(state, "No Reflex test needed: the Weak Floorboards let you")
    assert state.fight is None and used_all_dice(state)


def test_a_zombie_at_the_floorboards_is_fought_at_hth_minus_one() -> None:
    """"... but in HtH combat you must temporarily reduce your rating by one.\""""
    state = start(["weak-floorboards-1"], [5, 5, 1, 6, 1, 1, 1, 1], wandering=WZ)
    play(state, "hth")
    assert logged(state, "it scores 9, you 12")  # 2 + 7; 2 + 11 - 1
    assert state.fight is None and used_all_dice(state)


# -- Wire ------------------------------------------------------------------------------------------
def test_wire_cutters_let_you_through_with_no_trouble() -> None:
    """"Unless you have some Wire-cutters, which will let you proceed with no trouble\""""
    state = start(["wire-1"], [], kit=["wire-cutters"])
    assert state.time == 2 and stopped(state) and used_all_dice(state)


def test_wire_takes_a_die_of_boxes_with_a_check_every_thirty_seconds() -> None:
    """"roll one die and move the marker that many boxes along the Time Track as you struggle
    through the tangles. Test every 30 seconds for a Wandering Zombie.\""""
    state = start(["wire-1"], [3, 1, 2, 3])
    assert state.time == 1 + 3 + 1 and stopped(state) and used_all_dice(state)


def test_a_zombie_in_the_wire_gives_plus_one_to_aim_and_no_escape() -> None:
    """"If one arrives you may add 1 to your Marksmanship for any Aimed Shots, but you may not
    escape from combat.\""""
    # 1 box; a Zombie; HtH round 1 a draw (3+3+7 = 1+1+11); round 2 won (1+1+7 < 3+3+11)
    state = start(["wire-1"], [1, 6, 3, 3, 1, 1, 1, 1, 3, 3], wandering=WZ)
    label = state.decision.get(f"shoot:laser-lance:{WZ[0]}").label
    assert "needs 4" in label  # 6 - Marksmanship 1 - 1
    play(state, "hth")
    assert state.phase == "lucky"
    play(state, "no")  # 30 seconds; no escape question: straight into round 2
    assert state.fight is None and used_all_dice(state)
    assert stopped(state)


def test_the_metal_detector_avoids_the_wire_for_a_minute() -> None:
    """Metal Detector: "you won't get caught in Wire or Mine traps; simply add 1 minute\""""
    state = start(["wire-1"], [], kit=["metal-detector", "acid"])
    assert state.time == 1 + 2 + 1 and carries(state, "acid") and stopped(state)


def test_acid_may_burn_through_the_wire_or_be_kept() -> None:
    """Acid: "It can be used to burn through a Locked Door or a Wire trap.\""""
    state = start(["wire-1"], [], kit=["acid"])
    assert state.phase == "wire" and state.decision.ids == ["acid", "struggle"]
    play(state, "acid")
    assert not carries(state, "acid") and state.time == 2 and stopped(state)
    kept = start(["wire-1"], [2, 1, 1], kit=["acid"])
    play(kept, "struggle")
    assert carries(kept, "acid") and kept.time == 1 + 2 + 1 and used_all_dice(kept)
