"""OVERKILL OPTIONS (all optional), each a named option: the ones played in fights and in the
house (the kitting-out and training ones are in test_overkill_kitting.py)."""

from __future__ import annotations

import pytest

import deadtable
from deadtable.games.chainsaw_warrior.rules import Rules
from tests.games.chainsaw_warrior.conftest import item_uses, play, start, used_all_dice
from tests.logs import texts

LOSE = [6, 6, 1, 1]  # a lost round against a Zombie (20 against 13)
DRAW = [3, 3, 1, 2]  # a drawn round against a Zombie (14 all)


def test_every_overkill_option_is_named_and_off_by_default() -> None:
    spec = deadtable.load("chainsaw-warrior").spec
    names = {o.name for o in spec.options}
    for name in ("advanced-equipment", "advanced-training", "extra-training-1",
                 "extra-training-2", "determination", "frenzy", "escaping-alternative",
                 "kitting-out-1", "kitting-out-2", "kitting-out-3", "rapid-fire", "sprinting",
                 "wandering-zombie-delays", "difficulty"):
        assert name in names
    assert not Rules.from_options(deadtable.load("chainsaw-warrior").options).overkill


def test_extra_training_is_the_medium_and_easy_difficulty() -> None:
    options = dict(deadtable.load("chainsaw-warrior", **{"extra-training-1": True}).options)
    assert Rules.from_options(options).difficulty == "medium"
    options = dict(deadtable.load("chainsaw-warrior", **{"extra-training-2": True}).options)
    assert Rules.from_options(options).difficulty == "easy"


def test_advanced_equipment_joins_the_piles_only_with_the_option() -> None:
    plain = deadtable.load("chainsaw-warrior").new(seed=1)
    advanced = deadtable.load("chainsaw-warrior", **{"advanced-equipment": True}).new(seed=1)
    assert "combat-shotgun" not in plain.piles["gun"]  # type: ignore[attr-defined]
    assert "combat-shotgun" in advanced.piles["gun"]  # type: ignore[attr-defined]
    assert "x-oskeleton" in advanced.piles["clothing"]  # type: ignore[attr-defined]


# -- Rapid Fire -----------------------------------------------------------------------------------
def test_rapid_fire_deducts_the_burst_at_once_and_rolls_each_shot() -> None:
    # The rulebook's example: "You decide to fire off five shots ... Your first roll is a 6
    # (miss) but your second roll is a 12 ... the other three are still used up". Meat
    # Machine with the SMG: 11, Marksmanship +1 (Metal Detector: no Reflex test).
    state = start(["meat-machine"], [3, 3, 6, 6, 5, 6, 5, 5, 6, 6],
                  kit=["sub-machine-gun", "metal-detector"], **{"rapid-fire": True})
    play(state, "shoot:sub-machine-gun:meat-machine")
    assert state.phase == "burst" and "burst:6" in state.decision
    play(state, "burst:5")
    assert item_uses(state, "sub-machine-gun") == 5 and state.fight is None
    assert used_all_dice(state)


# -- Frenzy ---------------------------------------------------------------------------------------
def test_frenzy_plus_three_double_damage_and_endurance() -> None:
    # Lost (table 2+3: 1 wound); berserk: round 2 at HtH 14 and Endurance 15 -> 14; lost
    # again (6+6+8 against 1+1+14): double damage, 2 wounds.
    state = start(["zombie-1"], [*LOSE, 2, 3, 6, 6, 1, 1, 2, 3], frenzy=True)
    play(state, "hth", "no", "fight")
    assert state.phase == "frenzy"
    play(state, "berserk")
    assert ("Round 2 against the Zombie: it scores 20, you 16 (its 12 + HtH 8; "
            "your 2 + HtH 14).") in texts(state)
    assert state.warrior.endurance == 14 and state.warrior.wounds == 11


def test_frenzy_is_automatic_on_an_extra_wound_of_eleven_or_twelve() -> None:
    state = start(["zombie-1"], [*LOSE, 5, 6, 1, 1, 6, 6], frenzy=True)
    play(state, "hth", "fight")  # no Lucky Shot after an 11
    assert "You go berserk!" in texts(state) and state.fight is None


# -- Escaping (alternative) -----------------------------------------------------------------------
def test_the_alternative_escape_costs_only_thirty_seconds() -> None:
    # a draw, then a failed escape (a 1 needs 2): no wounds, 30 s, and the choice again
    state = start(["zombie-1"], [*DRAW, 1, 2, 1], **{"escaping-alternative": True})
    play(state, "hth", "no")
    time = state.time
    play(state, "escape")
    assert state.warrior.wounds == 14 and state.time == time + 1 and state.phase == "escape"
    play(state, "escape")  # a 2: away, and a die of boxes (1)
    assert state.fight is None


# -- Wandering Zombie Delays ----------------------------------------------------------------------
def test_wandering_zombie_delays_cost_thirty_seconds_before_the_fight() -> None:
    plain = start(["clear-1"], [6])
    delayed = start(["clear-1"], [6], **{"wandering-zombie-delays": True})
    assert delayed.time == plain.time + 1 and delayed.phase == "shoot"


# -- Sprinting ------------------------------------------------------------------------------------
def test_sprinting_through_clear_and_empty_costs_nothing() -> None:
    # "you do not check for Wandering Zombies ... and you do not move the Timer"
    state = start(["clear-1", "empty-11"], [], sprinting=True)
    assert state.phase == "sprint"
    play(state, "sprint", "sprint")
    assert state.time == 1 and used_all_dice(state)  # only the Dump's turn took time


def test_sprinting_into_a_creature_no_aimed_shot_and_minus_one() -> None:
    state = start(["zombie-7"], [3, 3, 1, 2], kit=["blaster"], sprinting=True)  # a corridor
    play(state, "sprint")
    # no shot question; the first round at HtH 10: 14 against 13, lost? no: 1+2+10 = 13
    assert ("Round 1 against the Zombie: it scores 14, you 13 (its 6 + HtH 8; "
            "your 3 + HtH 10).") in texts(state)


def test_sprinting_into_traps_suffers_the_worst() -> None:
    # Mines: "Take 6 wounds and check for breakage" (the Laser-lance's breakage roll: 1)
    mines = start(["mines-1"], [1], sprinting=True)
    play(mines, "sprint")
    assert mines.warrior.wounds == 8 and used_all_dice(mines)
    cave = start(["ceiling-cave-in-1"], [1, 1], sprinting=True, kit=["sonic-amplifier"])
    # Cave-in: "Lose 6 minutes, take 1 wound and check for breakage. The Sonic Amplifier will
    # not protect you from this trap."
    play(cave, "sprint")
    assert cave.warrior.wounds == 13 and cave.time == 1 + 12 + 1
    wire = start(["wire-1"], [1, 1, 1, 1, 1, 1], sprinting=True)
    play(wire, "sprint")  # "lose 3 minutes" with a check every 30 seconds
    assert wire.time == 1 + 6 + 1


def test_sprinting_into_mines_the_metal_detector_does_not_help() -> None:
    # "If the card is a trap, you automatically fail ... and suffer the worst possible
    # results": the Metal Detector's minute round them is no help at a sprint (breakage: 1, 1).
    state = start(["mines-1"], [1, 1], sprinting=True, kit=["metal-detector"])
    play(state, "sprint")
    assert state.warrior.wounds == 8 and used_all_dice(state)
    walked = start(["mines-1"], [], sprinting=True, kit=["metal-detector"])
    play(walked, "walk")
    assert walked.warrior.wounds == 14 and "Metal Detector" in " ".join(texts(walked))


def test_sprinting_past_a_secret_passage_discards_it() -> None:
    state = start(["secret-passage-2"], [], sprinting=True)
    play(state, "sprint")
    assert "You run right past the Secret Passage." in texts(state)


# -- Determination --------------------------------------------------------------------------------
def test_determination_counts_defeats_and_goes_with_a_victory() -> None:
    # Rad Canister (4+3 radiation): beaten, a counter; then a Zombie killed (HtH +1):
    # it 6+6+8 = 20, you 4+4+11+1 = 20 -> a draw with the counter (19 without it)...
    state = start(["rad-canister-1", "zombie-1"], [4, 6, 6, 4, 4], determination=True)
    assert state.determination == 1
    play(state, "hth")
    assert ("Round 1 against the Zombie: it scores 20, you 20 (its 12 + HtH 8; "
            "your 8 + HtH 12).") in texts(state)


@pytest.mark.parametrize("name", ["determination", "frenzy", "sprinting", "rapid-fire"])
def test_random_games_run_with_each_option(name: str) -> None:
    from deadtable.sim.run import simulate

    result = simulate("chainsaw-warrior", {name: True}, games=20, seed=3, agents="random")
    assert sum(result["outcomes"].values()) == 20
