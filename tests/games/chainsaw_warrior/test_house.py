"""REFERENCE SECTION: HOUSE CARDS besides the traps and creatures: Clear and Empty areas with
their Wandering Zombie check, the Dumps, the First Aid Kit, the Secret Passage (and Missing
Darkness), and the Climbing skill's Elevators.

After the stacked Deck One the conftest's stop card (Dump 2) is turned; its question waits
without a die rolled. One box is 30 seconds."""

from __future__ import annotations

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
# Thirteen pieces of equipment with the Laser-lance.
TWELVE = ["helmet", "steel-gloves", "rad-fibre-jumpsuit", "infra-red-goggles", "body-armour",
          "torch", "heat-detector", "metal-detector", "sonic-amplifier", "geiger-counter",
          "lock-pick-set", "wire-cutters"]
WOUNDED = {"wounds": 8, "max_wounds": 14}


def stopped(state: ChainsawWarriorState) -> bool:
    return state.phase == "dump" and state.ctx["card"] == STOP


def logged(state: ChainsawWarriorState, text: str) -> bool:
    return any(text in line for line in texts(state))


def paused(deck: list[str], dice: list[int], **kw: object) -> ChainsawWarriorState:
    """Stopped at a first Locked Door (nothing to retrace: no effect) to set the board up."""
    state = start(["locked-door-1", *deck], dice, **kw)  # type: ignore[arg-type]
    assert state.phase == "door"
    return state


# -- Clear and Empty -------------------------------------------------------------------------------
def test_clear_and_empty_areas_roll_for_a_wandering_zombie_and_one_to_five_is_nothing() -> None:
    """Clear: "Don't forget, though, to roll a die to check for Wandering Zombies before
    continuing." Wandering Zombies: "If you roll between 1 and 5 nothing untoward happens\""""
    state = start(["clear-1", "empty-1", "empty-20"], [5, 1, 4])
    assert stopped(state) and used_all_dice(state) and state.time == 4
    assert state.discards[0].cards == [STOP, "empty-20", "empty-1", "clear-1"]
    assert logged(state, "Wandering Zombie check: 5, nothing comes")


def test_clear_cards_are_stairs_and_balconies_and_empty_ones_rooms_corridors_elevators() -> None:
    """"Certain stairways and balcony areas are empty"; "Empty Rooms, Corridors & Elevators\""""
    data = start().data
    assert {c.back for c in data.house.values() if c.kind == "clear"} == {"stairs", "balcony"}
    assert {c.back for c in data.house.values() if c.kind == "empty"} == {
        "room", "corridor", "elevator"}


def test_a_six_brings_a_wandering_zombie_which_goes_back_into_its_deck_reshuffled() -> None:
    """"If you roll a 6, however, a Wandering Zombie turns up to do battle. Flip over the first
    card on the face-down Wandering Zombie pack. ... Once the Zombie has (hopefully) been dealt
    with, return it to the pile and shuffle thoroughly.\""""
    state = start(["empty-1"], [6, 3, 3, 3, 3], wandering=WZ)  # Reflexes 6; 6 + 1 hits
    assert state.phase == "shoot" and state.fight is not None
    assert state.fight.opponents == [WZ[0]] and state.wandering.cards == WZ[1:]
    play(state, f"shoot:laser-lance:{WZ[0]}")
    assert state.fight is None and stopped(state) and used_all_dice(state)
    assert sorted(state.wandering.cards) == sorted(WZ)
    assert state.wandering.cards != WZ[1:] + WZ[:1]  # shuffled, not just put at the bottom
    assert WZ[0] not in state.discards[0]


def test_the_ultra_violet_emitter_means_no_wandering_zombie_checks() -> None:
    """Ultra-Violet Emitter: "you need never check for Wandering Zombies\""""
    state = start(["clear-1", "empty-1"], [], kit=["ultra-violet-emitter"])
    assert stopped(state) and used_all_dice(state) and state.time == 3


# -- Dumps ---------------------------------------------------------------------------------------
def test_dump_1_offers_a_random_clothing_card_or_a_spare_clip() -> None:
    """"Dump 1: Take a random Clothing card to add to your equipment, or a refill or Spare Clip
    for one item you already have." The Laser-lance is full: no refill for it."""
    state = start(["dump-1"], [])
    assert state.phase == "dump" and state.decision.ids == ["take", "clip:0", "leave"]
    top = state.piles["clothing"].cards[0]
    play(state, "take")
    assert carries(state, top) and top not in state.piles["clothing"]
    assert stopped(state)


def test_a_dump_refills_a_used_item_or_gives_it_a_spare_clip() -> None:
    """Limited Use Items: "If you find a Dump before you have used all of your ammunition you
    may refill the weapon, or instead you may take along a completely fresh set of uses for the
    item. Take a Spare Clip counter and keep it alongside the card.\""""
    state = start(["net-1", "dump-3"], [])
    play(state, "cut:laser-lance")  # a charge spent cutting the Net
    assert state.decision.ids == ["take", "refill:0", "clip:0", "leave"]
    play(state, "refill:0")
    assert item_uses(state, "laser-lance") == 6 and not state.items[0].clip
    clip = start(["net-1", "dump-3"], [])
    play(clip, "cut:laser-lance", "clip:0")
    assert item_uses(clip, "laser-lance") == 5 and clip.items[0].clip


def test_dump_2_offers_no_gun_to_a_warrior_who_carries_one() -> None:
    """"Dump 2: Similar to Dump 1, except that you may take a random Gun card"; "you may only
    ever have a maximum of one gun and one heavy weapon at any one time\""""
    unarmed = start(["dump-2"], [], then=())
    assert "take" in unarmed.decision.ids
    top = unarmed.piles["gun"].cards[0]
    play(unarmed, "take")
    assert carries(unarmed, top)
    armed = start(["dump-2"], [], kit=["blaster"], then=())
    assert armed.decision.ids == ["clip:0", "clip:1", "leave"]


def test_dump_3_offers_a_device_and_nothing_for_one_use_only_items() -> None:
    """"Dump 3: As Dump 1, except that the items on offer are a random Device"; "Equipment
    marked as being for One Use Only may not be recharged at a Dump.\""""
    state = start(["dump-3"], [], kit=["acid", "rope-and-launcher"], then=())
    assert state.decision.ids == ["take", "clip:0", "clip:2", "leave"]
    top = state.piles["device"].cards[0]
    play(state, "take")
    assert carries(state, top)


def test_a_dump_with_nothing_to_take_is_discarded() -> None:
    """"If you can't take either of the items offered discard the card.\""""
    state = paused(["dump-2"], [], kit=["blaster"], then=())
    for carried in state.items:
        carried.clip = True
    play(state, "retrace")
    assert logged(state, "Dump 2: nothing you can take")
    assert state.phase == "shoot" and state.fight is not None  # on into Deck Two: Darkness
    assert "dump-2" in state.discards[0]


# -- First Aid Kit ------------------------------------------------------------------------------
def test_the_first_aid_kit_is_taken_into_your_equipment() -> None:
    """"Take this item and add it to your equipment\""""
    state = start(["first-aid-kit-2"], [])
    assert carries(state, "first-aid-kit-2") and "first-aid-kit-2" not in state.discards[0]
    assert stopped(state) and used_all_dice(state)


def test_with_thirteen_items_you_leave_one_behind_or_the_kit() -> None:
    """"(unless of course you already have 13 items, in which case you must leave one item
    behind)\""""
    state = start(["first-aid-kit-2"], [], kit=TWELVE)
    assert state.phase == "full"
    assert state.decision.ids == [*(f"drop:{i}" for i in range(13)), "leave-kit"]
    play(state, "drop:1")  # the Helmet
    assert carries(state, "first-aid-kit-2") and not carries(state, "helmet")
    assert len(state.items) == 13 and "helmet" not in state.piles["clothing"]
    kept = start(["first-aid-kit-2"], [], kit=TWELVE)
    play(kept, "leave-kit")
    assert not carries(kept, "first-aid-kit-2") and "first-aid-kit-2" in kept.discards[0]
    assert len(kept.items) == 13


def test_the_thirteen_without_the_laser_lance_when_it_does_not_count() -> None:
    """A-36: option lance-counts off: the free Laser-lance is not one of the 13."""
    state = start(["first-aid-kit-2"], [], kit=TWELVE, **{"lance-counts": False})
    assert carries(state, "first-aid-kit-2") and len(state.items) == 14 and stopped(state)


def test_healing_with_the_kit_takes_thirty_seconds_a_check_and_a_die_of_wounds() -> None:
    """"When you are in an empty or clear area you may use this to heal your Wounds. Add 30
    seconds to the time and check for a Wandering Zombie as usual. If one does not appear, roll
    1 die, recover that many wounds and discard the kit to the current discard pile.\""""
    state = start(["first-aid-kit-2", "empty-1"], [3, 4, 2], warrior=WOUNDED)
    assert state.phase == "free" and "heal:first-aid-kit-2" in state.decision.ids
    assert state.time == 1
    play(state, "heal:first-aid-kit-2")
    assert state.warrior.wounds == 12 and not carries(state, "first-aid-kit-2")
    assert state.discards[0].cards == [STOP, "empty-1", "first-aid-kit-2"]
    assert state.time == 1 + 1 + 1 + 1 and stopped(state) and used_all_dice(state)


def test_healing_never_goes_above_the_initial_wounds() -> None:
    """"your Wound allowance can never exceed this initial score\""""
    state = start(["first-aid-kit-2"], [1, 6], warrior={"wounds": 12, "max_wounds": 14})
    play(state, "heal:first-aid-kit-2")
    assert state.warrior.wounds == 14 and used_all_dice(state)


def test_a_zombie_before_healing_is_fought_then_another_box_and_another_check() -> None:
    """"If a Zombie turns up, though, you must postpone your healing and fight it off. Once it
    is defeated you should move the Time marker on another box and start again, but don't
    forget to check for another Wandering Zombie!\""""
    state = start(["first-aid-kit-2"], [6, 3, 3, 3, 3, 2, 5], warrior=WOUNDED, wandering=WZ)
    play(state, "heal:first-aid-kit-2")
    assert state.phase == "shoot" and state.time == 2 and state.warrior.wounds == 8
    play(state, f"shoot:laser-lance:{WZ[0]}")
    assert state.warrior.wounds == 13
    assert state.time == 1 + 1 + 1 + 1  # the kit's turn, two boxes of healing, the next turn
    assert stopped(state) and used_all_dice(state)


def test_the_kit_goes_to_the_discard_pile_of_the_deck_in_use() -> None:
    """"... discard the kit to the current discard pile\""""
    state = start(["first-aid-kit-2"], [1, 2, 3], deck_two=["clear-1", "darkness"],
                  warrior=WOUNDED, then=())
    play(state, "explore")  # keep it for now; Deck Two begins
    assert state.current == 1 and state.phase == "free"
    play(state, "heal:first-aid-kit-2")
    assert "first-aid-kit-2" in state.discards[1] and not state.discards[0]
    assert state.warrior.wounds == 11


def test_the_kit_may_be_used_where_a_creature_was_just_killed() -> None:
    """"you may use the kit in the same room you have just killed the Mutant in\""""
    state = start(["first-aid-kit-2", "zombie-1"], [3, 3, 3, 3], warrior=WOUNDED)
    play(state, "explore", "shoot:laser-lance:zombie-1")
    assert state.phase == "free" and "heal:first-aid-kit-2" in state.decision.ids


def test_the_magnetic_field_room_is_no_place_to_heal() -> None:
    """Magnetic Field: "the room with this trap in is not empty\""""
    state = start(["first-aid-kit-2", "magnetic-field-1"], [1, 1], warrior=WOUNDED)
    play(state, "explore")
    assert stopped(state) and used_all_dice(state)  # no pause after the Field


# -- Secret Passage -----------------------------------------------------------------------------
def test_the_secret_passage_skips_up_to_two_dice_of_cards_without_time_or_encounters() -> None:
    """"Roll 2 dice. You may immediately discard up to that number of cards without any
    additional time loss. ... There are no encounters for any of these cards.\""""
    skipped = ["rad-canister-1", "zombie-1", "mines-1"]
    state = start(["secret-passage-2", *skipped, "clear-1"], [2, 1, 4])
    assert state.phase == "passage" and state.decision.ids == ["skip", "stop"]
    assert "3 more" in state.decision.prompt and state.time == 1
    play(state, "skip", "skip", "skip")
    assert state.discards[0].cards == [STOP, "clear-1", *skipped[::-1], "secret-passage-2"]
    assert state.warrior.radiation == 0 and state.warrior.wounds == 14
    assert state.time == 3 and stopped(state) and used_all_dice(state)


def test_you_may_leave_the_passage_before_any_card() -> None:
    """"Turn over each card in turn; you may stop at any time, deciding before the next card
    is revealed.\""""
    state = start(["secret-passage-2", "clear-1", "rad-canister-1"], [6, 6, 2])
    play(state, "skip")
    assert state.phase == "passage" and state.decks[0].cards[0] == "rad-canister-1"
    play(state, "stop")
    assert state.warrior.radiation == 5  # the canister is met: 2 + 3
    assert state.time == 3 and stopped(state) and used_all_dice(state)


def test_skipping_darkness_reshuffles_deck_two_and_starts_it_again() -> None:
    """Secret Passage: "If Darkness is skipped in this way you must follow the rules in the
    section headed Missing Darkness"; Missing Darkness: "If one such discard turns out to be
    Darkness, stop what you are doing, reshuffle the second deck and start it again.\""""
    state = start(["secret-passage-2", "clear-1"], [6, 6], warrior={"skill": "climbing"},
                  deck_two=["empty-20", "darkness", "empty-21", "empty-22"], then=())
    play(state, "skip", "skip", "skip")  # clear-1, then on into Deck Two: empty-20, Darkness
    assert logged(state, "Missing Darkness")
    assert state.current == 1 and not state.discards[1]
    assert sorted(state.decks[1].cards + ([] if state.phase == "climb" else ["darkness"])) == [
        "darkness", "empty-20", "empty-21", "empty-22"]
    assert state.phase in ("climb", "shoot") and used_all_dice(state)


def test_the_passage_stops_at_the_end_of_deck_one_without_skip_across_decks() -> None:
    """A-37, option skip-across-decks off: the passage ends with Deck One."""
    state = start(["secret-passage-2", "clear-1"], [6, 6], then=(),
                  deck_two=["locked-door-1", "darkness"], **{"skip-across-decks": False})
    play(state, "skip")
    assert state.phase == "door" and state.current == 1
    assert state.discards[1].cards == ["locked-door-1"]


# -- Climbing an Elevator ----------------------------------------------------------------------
def test_a_climber_decides_about_an_elevator_before_its_card_is_turned() -> None:
    """Climbing: "When using this skill to treat an Elevator area as Clear you must decide
    whether or not to do so before turning the card over.\""""
    state = start(["zombie-12"], [], warrior={"skill": "climbing"})
    assert state.phase == "climb" and state.decision.ids == ["climb", "enter"]
    assert state.decks[0].cards[0] == "zombie-12" and not state.discards[0]
    play(state, "climb")  # no Wandering Zombie check, no fight with what was there
    assert state.fight is None and "zombie-12" in state.discards[0]
    assert stopped(state) and used_all_dice(state) and state.time == 2
    entered = start(["empty-20"], [2], warrior={"skill": "climbing"})
    play(entered, "enter")  # the cabin: an Empty elevator, with its check
    assert stopped(entered) and used_all_dice(entered)


def test_a_first_aid_kit_climbed_past_is_not_taken() -> None:
    """"If the card turns out to be the First Aid Kit, you may not take it.\""""
    state = start(["first-aid-kit-1"], [], warrior={"skill": "climbing"})
    play(state, "climb")
    assert not carries(state, "first-aid-kit-1") and "first-aid-kit-1" in state.discards[0]
    assert stopped(state)


def test_without_climbing_an_elevator_is_just_turned() -> None:
    state = start(["empty-20"], [3])
    assert stopped(state) and used_all_dice(state)
