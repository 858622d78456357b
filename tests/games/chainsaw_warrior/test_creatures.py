"""The creatures of the REFERENCE SECTION: every Chaos Agent's power, the Meat Machine, Rat
Packs, the Mutant Thing, Darkness and the Slime; and Hiding."""

from __future__ import annotations

from typing import Any

import pytest

from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState
from tests.games.chainsaw_warrior.conftest import carries, item_uses, play, start, used_all_dice
from tests.logs import texts

LOSE = [6, 6, 1, 1]  # a round you lose against any creature of Attack 5 or more at HtH 11


# -- Chaos Agents ---------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", [1, 2, 3, 8])
def test_agents_1_2_3_and_8_allow_no_aimed_shot(agent: int) -> None:
    # "Agents 1 and 2 are so quick they will not allow you to fire a shot"; Agent 3 "is as
    # quick as Agents 1 & 2"; Agent 8: "go straight into Hand-to-Hand combat"
    dice = ([1] if agent == 8 else []) + [1, 1, 6, 6]  # (Agent 8's knife misses) then a win
    state = start([f"chaos-agent-{agent}"], dice, kit=["blaster"])
    assert state.fight is None and used_all_dice(state)
    assert item_uses(state, "blaster") == 16
    assert f"Chaos Agent {agent} is killed." in " ".join(texts(state)).replace("The Chaos", "Chaos")


def test_agent_3_takes_an_item_instead_of_a_wound() -> None:
    # "Every time he wounds you, lose an item of equipment instead (your choice)"
    state = start(["chaos-agent-3"], [*LOSE, 2, 3], kit=["blaster", "helmet"])
    assert state.phase == "agent-3"
    play(state, "lose:1")
    assert not carries(state, "blaster") and state.warrior.wounds == 14


def test_agent_4_knocks_you_out_for_three_dice_of_minutes() -> None:
    # "If you lose a round of combat you don't take a wound. Instead you must roll 3 dice and
    # immediately lose that many minutes! When you awake discard the Agent card"
    state = start(["chaos-agent-4"], [*LOSE, 1, 2, 3])
    play(state, "hth")
    assert state.warrior.wounds == 14 and state.fight is None
    assert state.time == 1 + 12 + 1  # the turn, six minutes, the next turn


def test_agent_5_infects_even_through_the_helmet() -> None:
    # "you're now infected with zombie venom ... The Helmet will not stop you"
    state = start(["chaos-agent-5"], [*LOSE, 2, 3], kit=["helmet"])
    play(state, "hth")
    assert state.warrior.infected and state.warrior.wounds == 13


def test_agent_6_minus_three_to_shoot_and_to_hth_and_no_escape() -> None:
    # "you must subtract 3 from your die roll, and when fighting HtH you must reduce your HtH
    # rating by 3 as well ... you cannot escape". Laser-lance against Agents: 7, Marksmanship
    # +1, -3: needs 9. Reflexes 2, shot 4+4 = 8: a miss. Round: it 1+1+10 = 12, you 1+1+11-3 =
    # 10: lost (table 2+3).
    state = start(["chaos-agent-6"], [1, 1, 4, 4, 1, 1, 1, 1, 2, 3, 1, 1, 1, 1])
    assert "needs 9" in state.decision.get("shoot:laser-lance:chaos-agent-6").label
    play(state, "shoot:laser-lance:chaos-agent-6")
    assert state.warrior.wounds == 13
    play(state, "no")
    assert state.phase != "escape"  # no escape question: straight into round 2
    assert any("Round 2" in line for line in texts(state))


def test_agent_7_explodes_unless_shot_first() -> None:
    # "Roll one die and take that many wounds, and roll a die for every piece of equipment you
    # have. On a roll of 5 or 6 that piece is destroyed". No shot: 4 wounds; lance 5 (gone),
    # blaster 4 (kept).
    state = start(["chaos-agent-7"], [4, 5, 4], kit=["blaster"])
    play(state, "hth")
    assert state.warrior.wounds == 10
    assert not carries(state, "laser-lance") and carries(state, "blaster")
    # shot first (-1 to the roll): Blaster 8 against Agents, +1 -1: 4+4 = 8 kills him
    shot = start(["chaos-agent-7"], [1, 1, 4, 4], kit=["blaster"])
    play(shot, "shoot:blaster:chaos-agent-7")
    assert shot.warrior.wounds == 14 and shot.fight is None


def test_agent_8_throws_a_knife_on_five_or_six() -> None:
    state = start(["chaos-agent-8"], [5, 1, 1, 6, 6])
    assert state.warrior.wounds == 13 and state.fight is None


# -- the Meat Machine ----------------------------------------------------------------------------
def test_the_meat_machine_wound_table_and_permanent_loss() -> None:
    # wound roll 5: 3 wounds; Extra Wound 2+3; then "a permanent reduction of one point from
    # either your Reflexes or your HtH rating! You must choose which"
    state = start(["meat-machine"], [6, 6, 1, 1, 5, 2, 3])
    play(state, "hth")
    assert state.warrior.wounds == 11 and state.phase == "meat-machine"
    play(state, "reflexes")
    assert state.warrior.reflexes == 8


@pytest.mark.parametrize(("roll", "wounds"), [(1, 1), (2, 1), (3, 2), (4, 2), (6, 3)])
def test_the_meat_machine_wound_rolls(roll: int, wounds: int) -> None:
    state = start(["meat-machine"], [6, 6, 1, 1, roll, 2, 3])
    play(state, "hth")
    assert state.warrior.wounds == 14 - wounds


def test_the_meat_machine_losses_stop_at_the_minimums() -> None:
    # Reflexes at 6 (its floor): the loss must come off HtH, without a question.
    state = start(["meat-machine"], [6, 6, 1, 1, 1, 2, 3], warrior={"reflexes": 6})
    play(state, "hth")
    assert state.warrior.hth == 10 and state.warrior.reflexes == 6
    assert state.phase != "meat-machine"
    both = start(["meat-machine"], [6, 6, 1, 1, 1, 2, 3], warrior={"reflexes": 6, "hth": 7})
    play(both, "hth")
    assert (both.warrior.hth, both.warrior.reflexes) == (7, 6)  # "further reductions ignored"


def test_the_metal_detector_spares_the_reflex_test_against_the_meat_machine() -> None:
    state = start(["meat-machine"], [6, 6], kit=["metal-detector"])  # shot 12
    play(state, "shoot:laser-lance:meat-machine")
    assert state.fight is None and used_all_dice(state)


# -- Rat Packs and Mutants -------------------------------------------------------------------------
def test_a_rat_pack_bites_for_its_card_s_wounds_and_steel_gloves_cut_that_to_one() -> None:
    state = start(["rat-pack-3"], [*LOSE, 2, 3])  # the room pack of 3 wounds
    play(state, "hth")
    assert state.warrior.wounds == 11
    gloved = start(["rat-pack-3"], [6, 6, 1, 1, 2, 3], kit=["steel-gloves"])
    play(gloved, "hth")
    assert gloved.warrior.wounds == 13


def test_a_contaminated_rat_pack_adds_a_die_of_radiation() -> None:
    state = start(["contaminated-rat-pack-1"], [*LOSE, 2, 3, 4])
    play(state, "hth")
    assert state.warrior.wounds == 13 and state.warrior.radiation == 4


def test_a_mutant_irradiates_before_anything_else() -> None:
    # "Before you engage in combat or do anything else you should roll one die and advance
    # the Radiation marker that many boxes!"
    state = start(["mutant-thing-1"], [5])
    assert state.warrior.radiation == 5 and state.phase == "shoot"
    suit = start(["mutant-thing-1"], [5], kit=["rad-fibre-jumpsuit"])
    assert suit.warrior.radiation == 4  # "you may reduce the amount by one point"


def test_radiation_reaching_endurance_kills() -> None:
    state = start(["mutant-thing-1"], [3], warrior={"endurance": 10, "radiation": 7})
    assert state.outcome is not None
    assert (state.outcome.label, state.outcome.cause) == ("loss", "radiation")


def test_venom_reaching_endurance_makes_you_a_zombie() -> None:
    state = start(["zombie-1"], [6], warrior={"endurance": 10, "venom": 9, "infected": True})
    assert state.outcome is not None
    assert (state.outcome.label, state.outcome.cause) == ("loss", "venom")


def test_wounds_reaching_zero_kill() -> None:
    state = start(["zombie-1"], [*LOSE, 2, 3], warrior={"wounds": 1})
    play(state, "hth")
    assert state.outcome is not None
    assert (state.outcome.label, state.outcome.cause) == ("loss", "wounds")


# -- Darkness -------------------------------------------------------------------------------------
def darkness(dice: list[int], **kw: Any) -> ChainsawWarriorState:
    """Deck One is done: the first card is Darkness."""
    return start([], dice, then=(), **kw)


def test_darkness_shot_with_the_laser_lance_is_a_win() -> None:
    # Laser-lance against Darkness 7, Marksmanship +1: 3+3 kills it.
    state = darkness([2, 2, 3, 3], kit=["blaster"])
    assert not any(a.startswith("shoot:blaster") for a in state.decision.ids)
    play(state, "shoot:laser-lance:darkness")
    assert state.outcome is not None
    assert (state.outcome.label, state.outcome.cause) == ("win", "darkness-destroyed")


def test_darkness_is_invulnerable_hand_to_hand_hits_for_two_and_spreads_venom() -> None:
    # Round 1 won: no effect. Lucky none; 30 s; not infected: no check. Round 2 lost: 2 wounds
    # (table 2+3). Round 3... "If Darkness wounds you, take 2 wounds instead of one."
    state = darkness([1, 1, 6, 6, 6, 6, 1, 1, 2, 3])
    play(state, "hth")
    assert any("cannot be hurt" in line for line in texts(state))
    play(state, "no")
    assert state.warrior.wounds == 12
    assert state.phase == "lucky"  # never an escape question: "inescapable"
    infected = darkness([1, 1, 6, 6, 4], warrior={"infected": True})
    play(infected, "hth", "no")
    # "for every 30 seconds spent in its company roll one die; on a roll of 4, 5 or 6 advance
    # the Venom marker by one space"
    assert infected.warrior.venom == 1


def test_a_lucky_shot_with_the_laser_lance_kills_darkness() -> None:
    state = darkness([2, 1, 1, 1, 2, 3, 6])  # it 15, you 13: lost (table 5); Lucky Shot 6
    play(state, "hth", "lucky:laser-lance:darkness")
    assert state.outcome is not None and state.outcome.label == "win"


def test_the_implosion_waistcoat_is_a_draw() -> None:
    state = darkness([], kit=["implosion-waistcoat"])
    play(state, "implode")
    assert state.outcome is not None
    assert (state.outcome.label, state.outcome.cause) == ("draw", "implosion")


# -- the Slime ------------------------------------------------------------------------------------
def test_the_slime_burnt_on_seven_or_more_else_the_mission_is_over() -> None:
    # "roll 2 dice and adjust it for Marksmanship. If you score 7 or more you've singed it"
    state = start(["slime-1"], [3, 3])
    assert state.outcome is None and item_uses(state, "laser-lance") == 5
    lost = start(["slime-1"], [2, 3])
    assert lost.outcome is not None and lost.outcome.cause == "slime"


def test_the_slime_asks_which_weapon_when_several_will_do() -> None:
    state = start(["slime-1"], [3, 3], kit=["flamethrower"])
    assert state.phase == "slime"
    play(state, "use:flamethrower")
    assert item_uses(state, "flamethrower") == 5 and item_uses(state, "laser-lance") == 6


def test_the_flare_gun_burns_the_slime_only_at_night() -> None:
    # The Flare Gun "can only be used at night" (Equipment cards take precedence over House
    # cards): by day only the Laser-lance burns the Slime, and nothing is asked.
    day = start(["slime-1"], [3, 3], kit=["flare-gun"])
    assert day.outcome is None and day.phase != "slime"
    assert item_uses(day, "flare-gun") == 2 and item_uses(day, "laser-lance") == 5
    night = play(start(["slime-1"], [3, 3], kit=["flare-gun"], time=60), "explore")
    assert night.phase == "slime" and "use:flare-gun" in night.decision.ids
    play(night, "use:flare-gun")
    assert item_uses(night, "flare-gun") == 1 and item_uses(night, "laser-lance") == 6


def test_the_slime_with_nothing_to_burn_it_is_the_end() -> None:
    # A Lunatic takes the Laser-lance (the only thing to grab); leaving the building, 2 cards
    # to go (1+1): the first is the Slime. "Not having any useful weaponry brings the same
    # result."
    state = start(["lunatic-1", "slime-1"], [1, 1])
    assert state.outcome is not None and state.outcome.cause == "slime"


# -- Hiding ---------------------------------------------------------------------------------------
def test_hiding_on_a_six_discards_the_creature() -> None:
    state = start(["zombie-1"], [6], warrior={"skill": "hiding"})
    assert state.phase == "hide"
    play(state, "hide")
    assert state.fight is None and state.warrior.wounds == 14


def test_hiding_does_not_stop_radiation_or_venom() -> None:
    # "If the creature was a mutant you must still take their radiation damage"
    state = start(["mutant-thing-1"], [4], warrior={"skill": "hiding"})
    assert state.warrior.radiation == 4 and state.phase == "hide"
    # "If the creature you are hiding from is a Zombie and you are venom infected, you must
    # still make a Corruption check even if you manage to hide."
    zombie = start(["zombie-1"], [5, 6], warrior={"skill": "hiding", "infected": True})
    play(zombie, "hide")
    assert zombie.warrior.venom == 1 and zombie.fight is None


def test_a_failed_hide_means_the_fight_goes_on() -> None:
    state = start(["zombie-1"], [5], warrior={"skill": "hiding"})
    play(state, "hide")
    assert state.phase == "shoot"
