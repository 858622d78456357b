"""REFERENCE SECTION: EQUIPMENT: each item's own effect, with scripted dice, and its edge
cases in the reference text."""

from __future__ import annotations

from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState
from tests.games.chainsaw_warrior.conftest import carries, item_uses, play, start, used_all_dice
from tests.logs import texts

NIGHT = 60  # boxes: 30 minutes
LOSE_TO_ZOMBIE = [6, 6, 1, 1]  # it 12+8 = 20, you 2+11 = 13
DRAW_WITH_ZOMBIE = [3, 3, 1, 2]  # 14 all


def at_free_area(state: ChainsawWarriorState, action: str) -> ChainsawWarriorState:
    assert state.phase == "free" and action in state.decision
    return play(state, action)


# -- protection -----------------------------------------------------------------------------------
def test_body_armour_takes_a_wound_on_five_or_six_and_loses_a_use() -> None:
    # "Every time you take a wound (including those from the Extra Wound table, etc) roll 1
    # die. On a roll of 1-4 you must take the wound as usual. On a 5 or 6 ... you are unharmed."
    state = start(["zombie-1"], [*LOSE_TO_ZOMBIE, 2, 3, 5], kit=["body-armour"])
    play(state, "hth")
    assert state.warrior.wounds == 14 and item_uses(state, "body-armour") == 3
    worn = start(["zombie-1"], [*LOSE_TO_ZOMBIE, 2, 3, 4], kit=["body-armour"])
    play(worn, "hth")
    assert worn.warrior.wounds == 13 and item_uses(worn, "body-armour") == 4


def test_anti_rad_capsules_negate_one_exposure_after_the_roll() -> None:
    state = start(["mutant-thing-1"], [5], kit=["anti-rad-capsules"])
    assert state.phase == "anti-rad" and state.warrior.radiation == 5
    play(state, "anti-rad")
    assert state.warrior.radiation == 0 and not carries(state, "anti-rad-capsules")
    kept = start(["mutant-thing-1"], [1], kit=["anti-rad-capsules"])
    play(kept, "keep")  # "you may save the capsules for later use"
    assert kept.warrior.radiation == 1 and carries(kept, "anti-rad-capsules")


def test_anti_rad_capsules_cannot_undo_a_fatal_dose() -> None:
    # "If exposure to radiation kills you, you may not then take the capsules"
    state = start(["mutant-thing-1"], [4], kit=["anti-rad-capsules"],
                  warrior={"endurance": 6, "radiation": 2})
    assert state.outcome is not None and state.outcome.cause == "radiation"


# -- shooting -------------------------------------------------------------------------------------
def fitted(weapon: str = "blaster", deck: list[str] | None = None, dice: list[int] | None = None,
           kit: list[str] | None = None) -> ChainsawWarriorState:
    state = start(deck or ["zombie-1"], dice or [], kit=kit or [weapon, "c-a-t-s"])
    return at_free_area(state, f"fit-cats:{weapon}")


def test_cats_adds_two_to_marksmanship_and_one_to_lucky_shots_with_its_weapon() -> None:
    state = fitted()  # then straight on: the Zombie
    # Blaster 7 against a Zombie, Marksmanship +1, C.A.T.S. +2: needs 4
    assert "needs 4" in state.decision.get("shoot:blaster:zombie-1").label
    assert "needs 5" in state.decision.get("shoot:laser-lance:zombie-1").label  # not fitted
    lucky = fitted(dice=[*DRAW_WITH_ZOMBIE, 5])  # a Lucky 5 +1 = 6: killed, no to-hit roll
    play(lucky, "hth", "lucky:blaster:zombie-1")
    assert lucky.fight is None and used_all_dice(lucky)


def test_cats_is_tested_for_breakage_on_its_own_and_goes_with_its_weapon() -> None:
    # Mines: Reflex test 6+6 (+2) fails; 1+1 = 2 wounds; breakage: lance 1, blaster 1, CATS 6
    state = fitted(deck=["mines-1"], dice=[6, 6, 1, 1, 1, 6])
    assert carries(state, "blaster") and not carries(state, "c-a-t-s")
    # the blaster breaks (6), the C.A.T.S. survives its own roll (1) but goes with it
    gone = fitted(deck=["mines-1"], dice=[6, 6, 1, 1, 6, 1])
    assert not carries(gone, "blaster") and not carries(gone, "c-a-t-s")
    assert any("goes with its weapon" in line for line in texts(gone))


def test_dum_dum_bullets_add_two_and_use_their_own_supply() -> None:
    state = start(["zombie-1"], [1, 1, 2, 2], kit=["blaster", "dum-dum-bullets"],
                  warrior={"marksmanship": -1})
    label = state.decision.get("shoot:blaster:zombie-1:dum-dum").label
    assert "needs 6" in label  # 7 + 1 - 2
    play(state, "shoot:blaster:zombie-1:dum-dum")  # 2+2 -1 +2 = 5 < 7? no: 4+1 = 5 misses
    assert item_uses(state, "dum-dum-bullets") == 5 and item_uses(state, "blaster") == 16


def test_the_knife_is_lost_on_a_miss_unless_you_win_the_fight() -> None:
    # Thrown at Marksmanship -1: Zombie 7. Reflex 2, throw 2+2+1-1 = 4: a miss. Then a draw,
    # and you run (escape 2, 1 box): the Knife stays behind.
    state = start(["zombie-1"], [1, 1, 2, 2, *DRAW_WITH_ZOMBIE, 2, 1], kit=["knife"])
    play(state, "shoot:knife:zombie-1")
    assert state.fight is not None and state.fight.knife_dropped
    play(state, "no", "escape")
    assert not carries(state, "knife")
    # the same miss, then you kill it hand-to-hand: "kill your opponent ... to retrieve it"
    won = start(["zombie-1"], [1, 1, 2, 2, 1, 1, 6, 6], kit=["knife"])
    play(won, "shoot:knife:zombie-1")
    assert carries(won, "knife") and any("pick up your Knife" in line for line in texts(won))


def test_a_lucky_shot_of_one_drops_the_knife_under_either_ammunition_reading() -> None:
    # "If the knife is used and a 1 is rolled, you still drop it and must leave it behind
    # unless you go on to defeat the creature": with lucky-ammo=456 too. A drawn round (14
    # all, the Knife's +1 counted), then its Lucky Shot rolls 1 (and a die of 2 wounds).
    for ammo in ("1456", "456"):
        state = start(["zombie-1"], [3, 3, 1, 1, 1, 2], kit=["knife"],
                      **{"lucky-ammo": ammo})
        play(state, "hth", "lucky:knife:zombie-1")
        assert state.fight is not None and state.fight.knife_dropped, ammo
        assert state.warrior.wounds == 14 - 2


def test_the_tdd_spares_the_reflex_test_for_the_laser_lance() -> None:
    state = start([], [3, 3], then=(), kit=["t-d-d"], **{"advanced-equipment": True})
    play(state, "shoot:laser-lance:darkness")  # no Reflex test: 3+3+1 = 7 kills Darkness
    assert state.outcome is not None and state.outcome.label == "win"


# -- hand-to-hand weapons -------------------------------------------------------------------------
def test_a_name_with_its_own_full_stop_ends_a_sentence_once() -> None:
    state = start([], [], kit=["c-n-e-s", "c-a-t-s"], then=())
    assert "Your kit: Laser-lance, C.N.E.S., C.A.T.S." in texts(state)
    assert not [line for line in texts(state) if line.endswith("..")]


def test_cnes_destroys_the_opponent_for_a_die_of_wounds() -> None:
    state = start(["zombie-1"], [4], kit=["c-n-e-s"])
    play(state, "hth")
    assert state.phase == "step-6"
    play(state, "cnes")
    assert state.fight is None and state.warrior.wounds == 10


def test_the_poison_needle_kills_after_half_a_die_of_rounds() -> None:
    # needle 3 -> 2 rounds; two drawn rounds and the Zombie dies
    state = start(["zombie-1"], [3, *DRAW_WITH_ZOMBIE, *DRAW_WITH_ZOMBIE],
                  kit=["poison-coated-metal-needle"])
    play(state, "hth", "needle", "no", "fight")
    assert state.fight is None and used_all_dice(state)
    assert any("The poison works" in line for line in texts(state))


def test_throw_nets_defeat_one_but_not_the_meat_machine() -> None:
    state = start(["zombie-1"], [], kit=["throw-nets"])
    play(state, "hth", "throw-net")
    assert state.fight is None and item_uses(state, "throw-nets") == 1
    meat = start(["meat-machine"], [], kit=["throw-nets"])
    play(meat, "hth")
    assert meat.phase != "step-6"


def test_time_grenades_send_a_deck_one_creature_into_deck_two() -> None:
    # "if you are currently in deck 1 shuffle it into deck 2"
    state = start(["zombie-1"], [], kit=["time-grenades"])
    play(state, "hth", "grenade")
    assert "zombie-1" in state.decks[1] and "zombie-1" not in state.discards[0]


def test_time_grenades_in_deck_two_go_to_the_deck_one_discards() -> None:
    state = start([], [], deck_two=["zombie-1", "darkness"], then=(), kit=["time-grenades"])
    play(state, "hth", "grenade")
    assert "zombie-1" in state.discards[0] and "zombie-1" not in state.decks[1]


def test_flash_bombs_at_night_bonus_or_escape() -> None:
    # +3 for the combat: it 3+3+8 = 14, you 1+2+11+3-1 (night, no goggles) = 16: a win
    state = start(["zombie-1"], [3, 3, 1, 2], kit=["flash-bombs"], time=NIGHT)
    play(state, "hth", "flash:bonus")
    assert state.fight is None and item_uses(state, "flash-bombs") == 2
    # escape: a round (a draw at night: it 13, you 13), then away at the second round's start
    run = start(["zombie-1"], [2, 3, 1, 2, 2], kit=["flash-bombs"], time=NIGHT)
    play(run, "hth", "flash:escape", "no")
    assert run.fight is None and any("Flash Bomb blinds" in line for line in texts(run))
    day = start(["zombie-1"], [], kit=["flash-bombs"])
    play(day, "hth")
    assert day.phase != "step-6"  # "can only be used at night"


def test_the_torch_at_night_cancels_the_penalty_and_adds_one_against_zombies() -> None:
    # it 3+3+8 = 14; you 1+1+11 -1 (night) +1 (no penalty) +1 (Zombie) = 14: a draw
    state = start(["zombie-1"], [3, 3, 1, 1], kit=["torch"], time=NIGHT)
    play(state, "hth")
    assert ("Round 1 against the Zombie: it scores 14, you 14 (its 6 + HtH 8; your 2 + HtH "
            "12).") in texts(state)


def test_the_holographic_imagizer_escapes_once_or_adds_one_to_a_lucky_shot() -> None:
    state = start(["zombie-1"], [*DRAW_WITH_ZOMBIE, 1], kit=["holographic-imagizer"],
                  **{"advanced-equipment": True})
    play(state, "hth", "no", "imagizer")
    assert state.fight is None and not carries(state, "holographic-imagizer")
    lucky = start(["zombie-1"], [*DRAW_WITH_ZOMBIE, 5], kit=["holographic-imagizer"],
                  **{"advanced-equipment": True})
    play(lucky, "hth", "lucky:laser-lance:zombie-1:imagizer")
    assert lucky.fight is None  # 5 + 1 = 6: killed


def test_the_x_oskeleton_costs_a_reflex_and_turns_minus_two_in_the_field() -> None:
    state = start(["zombie-1"], [5, 4, 1, 1, 6, 6], kit=["x-oskeleton", "blaster"])
    play(state, "shoot:blaster:zombie-1")  # 9 against Reflexes 9 - 1 = 8: jumped
    assert "Reflex test 9 against 8: the Zombie jumps you before you can fire." in texts(state)


def test_the_x_oskeleton_never_takes_reflexes_beneath_six() -> None:
    # "Your Reflexes can never fall beneath 6": Reflexes 6 with the X-oskeleton stay 6, so a
    # Reflex test of 6 passes (against 5 it would fail); the Blaster then hits the Zombie.
    state = start(["zombie-1"], [3, 3, 6, 6], kit=["x-oskeleton", "blaster"],
                  warrior={"reflexes": 6})
    play(state, "shoot:blaster:zombie-1")
    assert "Reflex test 6 against 6: passed." in texts(state) and state.fight is None


def test_the_x_oskeleton_is_never_left_behind_for_a_first_aid_kit() -> None:
    # "The Xoskeleton may not be removed once the character has entered the building": with
    # 13 items, a First Aid Kit offers to leave any other item, never the X-oskeleton.
    kit = ["x-oskeleton", "helmet", "steel-gloves", "rad-fibre-jumpsuit", "infra-red-goggles",
           "body-armour", "torch", "heat-detector", "metal-detector", "sonic-amplifier",
           "geiger-counter", "lock-pick-set"]
    state = start(["first-aid-kit-2"], [], kit=kit)
    assert state.phase == "full"
    at = next(i for i, c in enumerate(state.items) if c.item == "x-oskeleton")
    assert f"drop:{at}" not in state.decision.ids
    assert len(state.decision.ids) == 13 and "leave-kit" in state.decision.ids


def test_the_chameleon_suit_hides_without_the_skill() -> None:
    state = start(["zombie-1"], [6], kit=["chameleon-suit"])
    assert state.phase == "hide"
    play(state, "hide")
    assert state.fight is None


def test_smash_adds_three_for_five_minutes_then_a_die_of_wounds() -> None:
    # Twelve Clear areas, each with its Wandering Zombie check (1s); the drug wears off as
    # the tenth box passes, before that area's check: "one die of wounds" (3).
    deck = [f"clear-{i}" for i in range(1, 13)]
    state = start(deck, [1] * 9 + [3] + [1] * 3, kit=["smash"], **{"advanced-equipment": True})
    at_free_area(state, "smash")
    assert state.smash_until == 10
    assert state.warrior.wounds == 11 and used_all_dice(state)
    assert any("The Smash wears off" in line for line in texts(state))


def test_smash_adds_three_to_hth() -> None:
    # it 3+3+8 = 14, you 1+2+11+3 = 17: a win
    state = start(["clear-1", "zombie-1"], [1, 3, 3, 1, 2], kit=["smash"],
                  **{"advanced-equipment": True})
    at_free_area(state, "smash")
    play(state, "hth")
    assert ("Round 1 against the Zombie: it scores 14, you 17 (its 6 + HtH 8; your 3 + HtH "
            "14).") in texts(state)


def test_the_remote_camera_looks_ahead_but_not_through_a_secret_passage() -> None:
    # "Roll 2 dice and look at that many cards"; "should you find a Secret Passage card while
    # using the Camera, you can not then use it to look down the first few passage cards"
    deck = ["dump-2", "empty-2", "secret-passage-1", "empty-3", "empty-4"]
    state = start(deck, [5, 5], then=(), kit=["remote-camera"])
    at_free_area(state, "camera")
    assert "The Remote Camera looks 10 cards ahead: Dump 2, Empty, Secret Passage." in texts(state)
    assert state.phase == "dump"  # the camera's 30 seconds, then the next turn: the Dump
    assert state.view("warrior")["camera"] == ["Empty", "Secret Passage"]
    assert state.time == 2 and not carries(state, "remote-camera")


def test_the_remote_camera_inside_a_passage_looks_down_it() -> None:
    deck = ["secret-passage-1", "empty-1", "zombie-1", "empty-2"]
    state = start(deck, [1, 1, 1, 2], kit=["remote-camera"])  # passage 2; camera 3
    at_free_area(state, "explore")
    assert state.phase == "passage" and "camera" in state.decision
    play(state, "camera")
    assert state.view("warrior")["camera"] == ["Empty", "Zombie", "Empty"]
    play(state, "skip")
    assert state.view("warrior")["camera"] == ["Zombie", "Empty"]


# -- the house ------------------------------------------------------------------------------------
def test_the_geiger_counter_avoids_a_radioactive_card() -> None:
    # "Shuffle the discard pile, take 5 cards from it and shuffle them back into the current
    # pack. Discard the radioactive card" - with no discards it "is simply discarded".
    state = start(["mutant-thing-1"], [], kit=["geiger-counter"])
    assert state.phase == "geiger"
    play(state, "avoid")
    assert state.warrior.radiation == 0 and "mutant-thing-1" in state.discards[0]
    faced = start(["rad-canister-1"], [2], kit=["geiger-counter"])
    play(faced, "face")
    assert faced.warrior.radiation == 5


def test_the_rope_bypasses_areas_after_a_balcony() -> None:
    # "After an encounter on a balcony you can use the Rope to bypass certain areas. Add 30
    # seconds to the time, roll one die ..." clear-9 is a balcony (check 1); the Rope: 2.
    state = start(["clear-9", "zombie-1", "zombie-2"], [1, 2], kit=["rope-and-launcher"])
    play(state, "rope")  # then on into the next area: Dump 2
    assert ["dump-2", "zombie-2", "zombie-1"] == state.discards[0].cards[:3]
    assert state.fight is None and item_uses(state, "rope-and-launcher") == 2


def test_the_rope_is_not_offered_again_once_past_the_balcony() -> None:
    # After the bypass the balcony is behind you: the free area offers the Remote Camera but
    # not the Rope a second time (two uses are left).
    state = start(["clear-9", "zombie-1", "zombie-2"], [1, 2],
                  kit=["rope-and-launcher", "remote-camera"])
    play(state, "explore")  # the balcony (check 1)
    assert "rope" in state.decision.ids
    play(state, "rope")
    assert state.phase == "free" and item_uses(state, "rope-and-launcher") == 2
    assert "camera" in state.decision.ids and "rope" not in state.decision.ids


def test_dynamite_blasts_a_short_cut_and_the_noise_may_bring_a_zombie() -> None:
    # "use one charge to blow a hole in a wall ... Roll one die and discard that many cards
    # ... one appears on a 4, 5 or 6". 2 cards skipped; a 4 brings a Wandering Zombie.
    state = start(["zombie-1", "zombie-2", "empty-1"], [2, 4], kit=["dynamite"],
                  wandering=["wandering-zombie-1"])
    play(state, "dynamite")
    assert item_uses(state, "dynamite") == 3
    assert state.fight is not None and state.fight.opponents == ["wandering-zombie-1"]


def test_the_flare_gun_at_night_lights_areas_as_clear() -> None:
    # "roll one die and treat that many cards as being Clear ... no need to roll for
    # Wandering Zombies"; "If one of the cards turns out to be a Trap ... the flare goes out"
    state = start(["zombie-1", "empty-1", "mines-1"], [3, 6, 6, 1, 1, 1], kit=["flare-gun"],
                  time=NIGHT)
    play(state, "flare")
    assert state.warrior.wounds == 14 - 2 and "The flare goes out." in texts(state)
    assert "zombie-1" in state.discards[0]


def test_the_tdd_never_misses_darkness_in_a_secret_passage() -> None:
    # "If the Darkness card is one of those discarded when moving through the passage you may
    # stop and fight."  Passage 1+1; skip: Darkness.
    state = start(["secret-passage-1"], [1, 1], then=(), deck_two=["darkness", "empty-1"],
                  kit=["t-d-d"], **{"advanced-equipment": True})
    play(state, "skip")
    assert state.fight is not None and state.fight.opponents == ["darkness"]


def test_cats_helps_smash_a_door_with_its_gun() -> None:
    # Blaster door 10, Marksmanship +1, C.A.T.S. +2: 3+4 = 7 + 3 = 10 opens it.
    state = fitted(deck=["locked-door-1"], dice=[3, 4, 1])
    play(state, "smash:blaster")
    assert any("You smash the door" in line for line in texts(state))


def test_the_hth_bonuses_count_one_weapon_and_the_rest() -> None:
    # Stun-Nux +2 (not with the Knife's +1: "you may only use one"), the REAPER -1, the
    # Chainsaw +3. Each round: it 3+3+8 = 14, you 1+1+11 + the bonuses.
    adv = {"advanced-equipment": True}
    nux = start(["zombie-1"], [3, 3, 1, 1], kit=["stun-nux", "knife"], **adv)
    play(nux, "hth")
    assert ("Round 1 against the Zombie: it scores 14, you 15 (its 6 + HtH 8; your 2 + HtH "
            "13).") in texts(nux)
    reaper = start(["zombie-1"], [3, 3, 1, 1], kit=["r-e-a-p-e-r", "chainsaw"], **adv)
    play(reaper, "hth")
    assert ("Round 1 against the Zombie: it scores 14, you 15 (its 6 + HtH 8; your 2 + HtH "
            "13).") in texts(reaper)


def test_the_combat_shotgun_and_the_heat_detector() -> None:
    # Combat Shotgun against a Rat Pack: 5 (designed), Marksmanship +1: needs 4; the Heat
    # Detector: "you don't need to test reflexes to shoot Rats or Chaos Agents".
    state = start(["rat-pack-1"], [2, 2], kit=["combat-shotgun", "heat-detector"],
                  **{"advanced-equipment": True})
    assert "needs 4" in state.decision.get("shoot:combat-shotgun:rat-pack-1").label
    play(state, "shoot:combat-shotgun:rat-pack-1")
    assert state.fight is None and used_all_dice(state)


def test_the_medi_kit_heals_a_die_in_a_free_area() -> None:
    # "add 30 seconds to the time and check for a Wandering Zombie as usual. If one does not
    # appear, roll 1 die, recover that many wounds and discard the kit."
    # Before the first card: the check (1), the heal (5); then the Clear stairs' check (2).
    state = start(["clear-1"], [1, 5, 2], kit=["medi-kit"],
                  warrior={"wounds": 8, "max_wounds": 14})
    at_free_area(state, "heal:medi-kit")
    assert state.warrior.wounds == 13 and not carries(state, "medi-kit")
