"""FIGHTING CREATURES, steps 1 to 9: the Aimed Shot and its Reflex test, Hand-to-Hand rounds,
the Extra Wound table, Lucky Shots, escaping, Multiple Opponents and venom."""

from __future__ import annotations

from typing import Any

import pytest

from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState
from tests.games.chainsaw_warrior.conftest import carries, item_uses, play, start, used_all_dice
from tests.logs import texts

ZOMBIE = "zombie-1"  # a room Zombie, Attack 8


def test_a_failed_reflex_test_means_hand_to_hand_and_no_shot_is_used() -> None:
    # "If you roll higher than it the creature jumps you before you can fire"
    state = start([ZOMBIE], [5, 5, 1, 1, 6, 6], kit=["blaster"])
    play(state, "shoot:blaster:zombie-1")
    assert item_uses(state, "blaster") == 16
    assert any("jumps you before you can fire" in line for line in texts(state))
    # then HtH: it scores 2+8 = 10, you 12+11 = 23: killed
    assert state.fight is None and used_all_dice(state)


def test_the_blaster_example_needs_an_eight_with_marksmanship_minus_one() -> None:
    # "You are carrying a Blaster and have a Marksmanship of -1. The card says a 7 is needed;
    # taking your poor aim into account you need to roll an 8 or more"
    state = start([ZOMBIE], [1, 1, 3, 4, 3, 3, 1, 2], kit=["blaster"], warrior={"marksmanship": -1})
    assert "needs 8" in state.decision.get("shoot:blaster:zombie-1").label
    play(state, "shoot:blaster:zombie-1")
    assert item_uses(state, "blaster") == 15  # "Remember, again, to reduce your shots left"
    assert state.fight is not None and state.fight.opponents == [ZOMBIE]  # a 7 misses
    hit = start([ZOMBIE], [1, 1, 4, 4], kit=["blaster"], warrior={"marksmanship": -1})
    play(hit, "shoot:blaster:zombie-1")
    assert hit.fight is None and "zombie-1" in hit.discards[0]


def test_a_creature_not_on_the_weapon_card_cannot_be_shot() -> None:
    # The Knife lists only Zombies and Chaos Agents.
    state = start(["mutant-thing-1"], [1], kit=["knife"])
    shots = state.decision.ids if state.phase == "shoot" else []
    assert not any(a.startswith("shoot:knife") for a in shots)


def test_a_drawn_round_changes_nothing_and_thirty_seconds_pass() -> None:
    # HtH: it 3+3+8 = 14, you 1+2+11 = 14: a draw
    state = start([ZOMBIE], [3, 3, 1, 2], kit=[])
    play(state, "hth")
    assert state.warrior.wounds == 14 and state.fight is not None
    assert state.phase == "lucky"
    time = state.time
    play(state, "no")
    assert state.time == time + 1  # "add 30 seconds to the Time Track and return to 6"
    assert state.phase == "escape"  # after the first full round you may escape


def test_winning_a_round_kills_the_creature() -> None:
    state = start([ZOMBIE], [1, 1, 6, 6])
    play(state, "hth")
    assert state.fight is None and state.warrior.wounds == 14


def lost_round(table: tuple[int, int], more: tuple[int, ...] = (),
               **kw: Any) -> ChainsawWarriorState:
    """Lose a round to a Zombie (it 6+6+8 = 20, you 1+1+11 = 13), then the Extra Wound roll."""
    return start([ZOMBIE], [6, 6, 1, 1, *table, *more], kit=[], **kw)


def test_losing_a_round_to_a_zombie_wounds_and_infects() -> None:
    state = lost_round((3, 2))
    play(state, "hth")
    assert state.warrior.wounds == 13
    # "If the creature which hurt you is a Zombie you are now infected"
    assert state.warrior.infected


def test_extra_wound_two_is_a_narrow_miss_without_venom() -> None:
    state = lost_round((1, 1))
    play(state, "hth")
    assert state.warrior.wounds == 14 and not state.warrior.infected


def test_the_helmet_stops_zombie_venom() -> None:
    state = start([ZOMBIE], [6, 6, 1, 1, 3, 2], kit=["helmet"])
    play(state, "hth")
    assert state.warrior.wounds == 13 and not state.warrior.infected


@pytest.mark.parametrize(("table", "next_hth", "no_escape", "lucky_bonus"), [
    ((1, 2), 2, False, 0),  # 3: "+2 to your HtH next round only"
    ((1, 3), 0, False, 1),  # 4: "If trying for a Lucky Shot add 1 to the die roll"
    ((2, 3), 0, False, 0),  # 5-6: no extra effects
    ((3, 4), 0, True, 0),  # 7: "May not try an escape next round"
    ((5, 6), 0, False, 0),  # 11: "Take 1 extra wound. No lucky shot this round."
    ((6, 6), 0, False, 0),  # 12: "Reduce your Marksmanship by 1 permanently."
])
def test_the_extra_wound_table(table: tuple[int, int], next_hth: int, no_escape: bool,
                               lucky_bonus: int) -> None:
    state = lost_round(table)
    play(state, "hth")
    if sum(table) >= 11:  # no Lucky Shot: 30 seconds, then the escape question
        assert state.phase == "escape"
        assert state.warrior.wounds == (12 if sum(table) == 11 else 13)
        assert state.warrior.marksmanship == (0 if sum(table) == 12 else 1)
        return
    fight = state.fight
    assert fight is not None and state.phase == "lucky"
    assert (fight.next_hth, fight.no_escape, fight.lucky_bonus) == (
        next_hth, no_escape, lucky_bonus)
    assert state.warrior.wounds == 13


@pytest.mark.parametrize(("total", "mod"), [(8, -1), (9, -2), (10, -3)])
def test_extra_wound_eight_to_ten(total: int, mod: int) -> None:
    # "-N HtH next round only. No lucky shot this round or escape in the next": straight into
    # round 2 (no Lucky Shot question, no escape question), fought at HtH 11 + N.
    table = (4, total - 4)
    state = lost_round(table, (1, 1, 1, 1))
    play(state, "hth")
    assert (f"Round 2 against the Zombie: it scores 10, you {13 + mod} (its 2 + HtH 8; "
            f"your 2 + HtH {11 + mod}).") in texts(state)


def test_extra_wound_modifiers_last_one_round() -> None:
    # 10: -3 HtH next round. Round 2: it 1+1+8 = 10, you 1+1+11-3 = 10: a draw (it would be a
    # win without the -3); round 3 is back to normal: 1+1+8 against 1+2+11 wins.
    state = lost_round((5, 5), (1, 1, 1, 1, 1, 1, 1, 2))
    play(state, "hth")
    assert state.phase != "escape"  # "no ... escape in the next"
    assert state.fight is not None and state.fight.rounds == 2  # round 2 drew
    play(state, "no", "fight")
    assert state.fight is None and used_all_dice(state)


# -- the Lucky Shot (A-01) ------------------------------------------------------------------------
def lucky(roll: int, more: tuple[int, ...] = (), **options: Any) -> ChainsawWarriorState:
    """A drawn round against a Zombie, then a Lucky Shot with the Blaster."""
    state = start([ZOMBIE], [3, 3, 1, 2, roll, *more], kit=["blaster"], **options)
    play(state, "hth", "lucky:blaster:zombie-1")
    return state


def test_lucky_one_shoots_yourself_for_a_die_of_wounds() -> None:
    state = lucky(1, (4,))
    assert state.warrior.wounds == 10 and item_uses(state, "blaster") == 15
    one = lucky(1, (), **{"lucky-one": "1", "lucky-ammo": "456"})
    assert one.warrior.wounds == 13 and item_uses(one, "blaster") == 16


def test_lucky_two_smashes_the_weapon() -> None:
    state = lucky(2)
    assert not carries(state, "blaster")


def test_lucky_three_loses_another_wound_and_no_shot() -> None:
    state = lucky(3)
    assert state.warrior.wounds == 13 and item_uses(state, "blaster") == 16


def test_lucky_four_misses_and_uses_a_shot() -> None:
    state = lucky(4)
    assert state.fight is not None and item_uses(state, "blaster") == 15


def test_lucky_five_tests_to_hit_without_marksmanship() -> None:
    # "5 or more: Test as normal to see if you hit (but do not test Reflexes)"; "Your
    # Marksmanship modifier never affects the Lucky Shot rolls" (A-35): 3+3 = 6 < 7 misses,
    # though with Marksmanship +1 it would hit.
    assert lucky(5, (3, 3)).fight is not None
    assert lucky(5, (3, 4)).fight is None
    assert lucky(5, (3, 3), **{"lucky-marksmanship": True}).fight is None


def test_lucky_six_kills() -> None:
    state = lucky(6)
    assert state.fight is None and item_uses(state, "blaster") == 15


def test_extra_wound_four_adds_one_to_the_lucky_shot() -> None:
    # lost round, table 4, then a Lucky 5 +1 = 6: killed without a to-hit roll
    state = start([ZOMBIE], [6, 6, 1, 1, 1, 3, 5], kit=["blaster"])
    play(state, "hth", "lucky:blaster:zombie-1")
    assert state.fight is None and used_all_dice(state)


def test_no_lucky_shot_with_a_weapon_that_does_not_list_the_creature() -> None:
    state = start(["mutant-thing-1"], [1, 3, 3, 1, 2], kit=["knife"])  # radiation 1, a draw
    play(state, *(["hth"] if state.phase == "shoot" else []))
    assert not any(a.startswith("lucky:knife") for a in state.decision.ids)


# -- escaping -------------------------------------------------------------------------------------
def drawn_then(more: tuple[int, ...], card: str = ZOMBIE, **kw: Any) -> ChainsawWarriorState:
    """A drawn first round (it 3+3+8, you 1+2+11), no Lucky Shot, then `more`."""
    state = start([card], [3, 3, 1, 2, *more], kit=[], **kw)
    play(state, *(["hth"] if state.phase == "shoot" else []), "no")
    return state


def test_a_successful_escape_costs_a_die_of_boxes_and_ends_the_turn() -> None:
    state = drawn_then((2, 4))  # Zombie: "2 or more"; then 4 boxes
    time = state.time
    play(state, "escape")
    # four boxes, then the next turn's Time Phase
    assert state.fight is None and state.time == time + 4 + 1
    assert any("you get away" in line for line in texts(state))


def test_a_failed_escape_deals_the_creatures_most_and_the_extra_wound_table() -> None:
    # Rat Pack 1 (Attack 5, 2 wounds): "3 or more". It 5+4+5 = 14, you 1+2+11 = 14: a draw;
    # escape 2 fails: "Take the maximum number of wounds the creature could deliver you", then
    # the Extra Wound table (2+3: nothing more), "and then proceed to 6": it 6+6+5 = 17, you
    # 1+1+11 = 13, bitten again for 2 (table 2+3).
    state = start(["rat-pack-1"], [5, 4, 1, 2, 2, 2, 3, 6, 6, 1, 1, 2, 3], kit=[])
    play(state, "hth", "no", "escape")
    assert state.warrior.wounds == 14 - 2 - 2
    assert used_all_dice(state)


def test_no_escape_before_the_first_full_round_nor_from_no_escape_opponents() -> None:
    state = drawn_then((), card="chaos-agent-6")  # Agent 6: "you cannot escape"
    assert state.phase != "escape"


def test_the_meat_machine_failed_escape_costs_its_full_three() -> None:
    # it 1+1+12 = 14, you 1+2+11 = 14: a draw; escape 5 < 6 fails: 3 wounds; table 2+3
    state = start(["meat-machine"], [1, 1, 1, 2, 5, 2, 3], kit=[])
    play(state, "hth", "no", "escape")
    assert state.warrior.wounds == 11


# -- multiple opponents and venom -----------------------------------------------------------------
def test_ambush_venom_checks_for_every_zombie_before_the_fight() -> None:
    # "If, as a result of the Ambush trap, you meet 5 Zombies, you should make five infection
    # checks before beginning combat!" Ambush: 5 Zombies; checks 5, 6, 1, 2, 4: two spread.
    wz = [f"wandering-zombie-{i}" for i in range(1, 24)]
    state = start(["ambush-1"], [5, 5, 6, 1, 2, 4], kit=[], wandering=wz,
                  warrior={"infected": True})
    assert state.fight is not None and len(state.fight.opponents) == 5
    assert state.warrior.venom == 2 and used_all_dice(state)
    # "you may then make an Aimed Shot at one without Testing Reflexes"
    assert state.phase == "shoot"
    clean = start(["ambush-1"], [5], kit=[], wandering=wz)
    assert clean.warrior.venom == 0 and used_all_dice(clean)  # not infected: no checks


def test_venom_check_on_meeting_a_zombie_when_infected() -> None:
    # First bitten (table 5) by zombie-1, kill it next round; zombie-2: the check (6) spreads it.
    state = start([ZOMBIE, "zombie-2"], [6, 6, 1, 1, 2, 3, 1, 1, 6, 6, 6], kit=[])
    play(state, "hth", "no", "fight")
    assert state.warrior.infected and state.warrior.venom == 1
    assert any("Venom check against the Zombie: 6" in line for line in texts(state))


def test_multiple_opponents_one_aimed_shot_then_hth_in_your_order() -> None:
    state = start(["chaos-agent-9"], [1, 1, 6, 6], kit=["blaster"],
                  wandering=["wandering-zombie-1", "wandering-zombie-20"])
    assert state.time == 1 + 2  # the turn's 30 seconds and "Add one minute"
    # "Testing Reflexes to get an Aimed Shot at one of the Zombies": not at the Agent
    assert not any("chaos-agent-9" in a for a in state.decision.ids if a.startswith("shoot:"))
    play(state, "shoot:blaster:wandering-zombie-20")  # reflex 2, to-hit 12: killed
    assert state.fight is not None
    assert sorted(state.fight.opponents) == ["chaos-agent-9", "wandering-zombie-1"]
    assert state.phase == "order"  # "in an order decided by yourself"
    assert "shoot" not in state.decision.ids


@pytest.mark.parametrize(("card", "hth", "rating"), [
    ("zombie-1", 8, 2), ("rat-pack-2", 6, 3), ("chaos-agent-2", 9, 4),
    ("mutant-thing-1", 9, 5), ("meat-machine", 12, 6),
])
def test_each_escape_rating(card: str, hth: int, rating: int) -> None:
    # "Zombie 2 or more, Rat Pack 3, Chaos Agent 4, Mutant 5, Meat Machine 6": a drawn first
    # round (it s + hth, you s + hth - 11 + 11), then the rating on one die gets you away.
    mutant = [1] if card.startswith("mutant") else []  # its radiation first
    it = max(2, 13 - hth)  # its two dice; yours make the same total at HtH 11
    me = it + hth - 11
    dice = [*mutant, 1, it - 1, 1, me - 1, rating, 1]
    state = start([card], dice, kit=[])
    if state.phase == "shoot":
        play(state, "hth")
    play(state, "no")
    assert state.decision is not None
    assert f"({rating} or more on one die)" in state.decision.get("escape").label
    play(state, "escape")
    assert state.fight is None and used_all_dice(state)
