"""WEAPONS, SURVIVORS & PROVISIONS: what face cards, Aces and the Joker bring, carrying and
exchanging weapons (the "no greater weapon" rule), rescuing, and sharing provisions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from deadtable.engine.dice import Dice
from deadtable.games.one_against_the_dead.finds import carried, free_actions
from deadtable.games.one_against_the_dead.rules import rank
from deadtable.games.one_against_the_dead.state import OneAgainstTheDeadState, Survivor, Weapon
from deadtable.games.one_against_the_dead.turn import settle
from tests.games.one_against_the_dead.conftest import city, ids, new, play
from tests.logs import texts

# A row whose cards each match the card to their left (4C after the 2C by suit, 4S after the
# 4C by number), so walking along it makes no zombies.
QUIET_ROW = ("4C", "4S", "6S", "7S", "8S", "9S")
# Clubs around the 2 of clubs: the first turn makes no zombies and rolls no die.
QUIET = ("3C", "5C", "6C")

BAT = Weapon("bat", None)
FACE = {"bat": "JD", "chainsaw": "QD", "shotgun": "KD"}


def first_turn(
    draws: Sequence[str], dice: Sequence[int] = (), **options: Any
) -> OneAgainstTheDeadState:
    """A new game stopped at the first card to place (up, down or left of the 2 of clubs)."""
    state = new(city(row=QUIET_ROW, draws=draws), dice=dice, **options)
    assert state.phase == "place" and state.dice.rolls == 0
    return state


def at_rest(**options: Any) -> OneAgainstTheDeadState:
    """A game at its first move decision: 3C above, 5C below, 6C left, no zombies, no rolls."""
    state = first_turn(QUIET, **options)
    play(state, "place:up", "place:down")
    assert state.phase == "move" and state.zombies == 0 and state.dice.rolls == 0
    return state


def rearm(
    state: OneAgainstTheDeadState,
    mine: Weapon | None,
    survivor: Survivor | None,
    on_map: str | None = None,
    charge: int | None = None,
) -> OneAgainstTheDeadState:
    """Set what you and your survivor carry, and lay a weapon on the face card above you."""
    state.weapon = mine
    state.survivor = survivor
    state.map_weapons = {}
    if on_map is not None:
        state.grid[(0, 1)] = FACE[on_map]
        state.map_weapons[(0, 1)] = Weapon(on_map, None if on_map == "bat" else charge or 3)
    settle(state)
    return state


def exchanges(state: OneAgainstTheDeadState) -> set[str]:
    return {a for a in ids(state) if not a.startswith("move:")}


def weapon_rank(state: OneAgainstTheDeadState, weapon: Weapon | None) -> int:
    return rank(state.rules, None if weapon is None else weapon.kind)


# -- weapons on face cards -------------------------------------------------------------------
def test_a_jack_places_a_bat_and_rolls_no_die() -> None:
    state = first_turn(["JD", "3C", "5C"])
    play(state, "place:up")
    assert state.map_weapons == {(0, 1): Weapon("bat", None)}
    assert state.dice.rolls == 0
    shown = [c for c in state.view("player")["cards"] if c["card"] == "JD"]
    assert shown[0]["weapon"] == {"kind": "bat", "charge": None}


@pytest.mark.parametrize("roll", [1, 4, 6])
def test_a_queen_places_a_chainsaw_whose_fuel_is_the_die(roll: int) -> None:
    state = first_turn(["QH", "3C", "5C"], dice=[roll])
    play(state, "place:left")
    assert state.map_weapons == {(-1, 0): Weapon("chainsaw", roll)}
    assert state.dice.rolls == 1


@pytest.mark.parametrize("roll", [2, 6])
def test_a_king_places_a_shotgun_whose_shots_are_the_die(roll: int) -> None:
    state = first_turn(["KS", "3C", "5C"], dice=[roll])
    play(state, "place:down")
    assert state.map_weapons == {(0, -1): Weapon("shotgun", roll)}
    assert state.dice.rolls == 1


@pytest.mark.parametrize("kind", ["bat", "chainsaw", "shotgun"])
def test_a_weapon_you_carry_is_not_placed_on_a_new_face_card(kind: str) -> None:
    state = first_turn([FACE[kind], "3C", "5C"], dice=[5])
    state.weapon = Weapon(kind, None if kind == "bat" else 2)
    play(state, "place:up")
    assert state.map_weapons == {}
    assert state.dice.rolls == 0  # no charge die rolled for a weapon that is not there
    assert state.weapon == Weapon(kind, None if kind == "bat" else 2)


@pytest.mark.parametrize(("mine", "his"), [("chainsaw", "bat"), ("shotgun", "chainsaw")])
def test_a_weapon_your_survivor_carries_is_not_placed_either(mine: str, his: str) -> None:
    state = first_turn([FACE[his], "3C", "5C"], dice=[5])
    state.weapon = Weapon(mine, 3)
    state.survivor = Survivor(4, 4, Weapon(his, None if his == "bat" else 2))
    play(state, "place:up")
    assert state.map_weapons == {}
    assert state.dice.rolls == 0


def test_other_kinds_of_weapon_are_still_placed_while_you_carry_one() -> None:
    state = first_turn(["QD", "3C", "5C"], dice=[5])
    state.weapon = BAT
    play(state, "place:up")
    assert state.map_weapons == {(0, 1): Weapon("chainsaw", 5)}


@pytest.mark.parametrize(("first", "second", "dice", "weapon"), [
    ("QD", "QH", [4], Weapon("chainsaw", 4)),
    ("KD", "KH", [2], Weapon("shotgun", 2)),
    ("JD", "JH", [], BAT),
])
def test_an_unclaimed_weapon_moves_to_a_new_face_card_of_its_type_keeping_its_charge(
    first: str, second: str, dice: list[int], weapon: Weapon
) -> None:
    # The 7C below the 4C matches it and the 3C beside it by suit: no zombies.
    state = first_turn([first, "3C", "5C", second, "7C"], dice=dice)
    play(state, "place:up", "place:down")
    assert state.map_weapons == {(0, 1): weapon}
    play(state, "move:right", "place:up")  # the second face card goes above the 4C
    assert state.map_weapons == {(1, 1): weapon}  # moved, not a second one
    assert state.dice.rolls == len(dice)  # no new charge rolled
    assert any("moves to" in line for line in texts(state))


def test_a_different_face_card_does_not_move_an_unclaimed_weapon() -> None:
    state = first_turn(["JD", "QD", "3C", "KH", "4D"], dice=[3, 5])
    play(state, "place:up", "place:down")
    play(state, "move:right", "place:up")
    assert state.map_weapons == {
        (0, 1): BAT, (0, -1): Weapon("chainsaw", 3), (1, 1): Weapon("shotgun", 5)
    }


# -- taking and carrying weapons -------------------------------------------------------------
def test_you_take_a_weapon_only_from_an_orthogonally_adjacent_card() -> None:
    # JD above the start; later 4D and 7C above and below the 4C, all matching: no zombies.
    state = first_turn(["JD", "3C", "5C", "4D", "7C"])
    play(state, "place:up", "place:down")
    assert "take:bat" in ids(state)
    play(state, "move:right", "place:up")
    assert state.phase == "move" and state.pos == (1, 0)
    assert "take:bat" not in ids(state)  # the jack is diagonal to the 4C
    assert sorted(ids(state)) == ["move:down", "move:left", "move:right", "move:up"]
    play(state, "move:left")  # back next to the jack
    assert "take:bat" in ids(state)
    play(state, "take:bat")
    assert state.weapon == BAT and state.map_weapons == {}


def test_a_weapon_two_cards_away_cannot_be_taken() -> None:
    state = at_rest()
    state.grid[(-2, 0)] = "KH"
    state.map_weapons = {(-2, 0): Weapon("shotgun", 4)}
    settle(state)
    assert free_actions(state) == []
    assert not any(a.startswith("take") for a in ids(state))


def test_taking_a_weapon_drops_yours_back_to_the_pool_and_it_can_be_placed_again() -> None:
    # A bat above, a chainsaw below; later a Jack above the 4C and a 4D below it.
    state = first_turn(["JD", "QD", "3C", "JH", "4D"], dice=[3])
    play(state, "place:up", "place:down")
    assert {"take:bat", "take:chainsaw"} <= set(ids(state))
    play(state, "take:bat")
    assert state.weapon == BAT
    assert state.map_weapons == {(0, -1): Weapon("chainsaw", 3)}
    play(state, "take:chainsaw")
    # One weapon at a time: the bat is dropped, not kept, and not left on the map.
    assert state.weapon == Weapon("chainsaw", 3)
    assert state.map_weapons == {}
    assert carried(state) == {"chainsaw"}
    play(state, "move:right", "place:up")
    assert state.map_weapons == {(1, 1): BAT}  # back in the pool, so the new Jack gets it
    assert state.dice.rolls == 1


def test_you_carry_only_one_weapon() -> None:
    state = rearm(at_rest(), BAT, None, on_map="shotgun", charge=4)
    assert exchanges(state) == {"take:shotgun"}
    play(state, "take:shotgun")
    assert state.weapon == Weapon("shotgun", 4)
    assert carried(state) == {"shotgun"}
    assert state.map_weapons == {}
    assert exchanges(state) == set()  # nothing to pick the bat back up from


# -- survivors --------------------------------------------------------------------------------
@pytest.mark.parametrize(("die", "rolls", "life"), [
    ("d6", [4], 4), ("d6", [1], 1), ("2d6", [3, 5], 8), ("2d6", [6, 6], 12), ("d6+3", [2], 5),
])
def test_an_ace_places_a_survivor_whose_life_is_the_die(
    die: str, rolls: list[int], life: int
) -> None:
    state = first_turn(["AD", "3C", "5C"], dice=rolls, survivor_life=die)
    play(state, "place:up")
    assert state.map_survivor is not None
    where, survivor = state.map_survivor
    assert where == (0, 1)
    assert (survivor.life, survivor.life_max, survivor.weapon) == (life, life, None)
    assert state.survivor is None  # not with you until rescued
    assert state.dice.rolls == len(rolls)
    shown = [c for c in state.view("player")["cards"] if c["card"] == "AD"]
    assert shown[0]["survivor"] == {"life": life}


def test_an_unrescued_survivor_moves_to_a_newly_revealed_ace() -> None:
    state = first_turn(["AD", "3C", "5C", "AH", "7C"], dice=[5, 2])
    play(state, "place:up", "place:down")
    assert "rescue" in ids(state)
    play(state, "move:right", "place:up")  # the AH goes above the 4C
    assert state.map_survivor is not None
    where, survivor = state.map_survivor
    assert where == (1, 1)
    assert (survivor.life, survivor.life_max) == (5, 5)
    assert state.dice.rolls == 1  # the same survivor, no new life rolled
    assert [c.get("survivor") for c in state.view("player")["cards"] if c["card"] == "AD"] == [
        None
    ]


def test_no_survivor_is_placed_while_one_is_with_you() -> None:
    state = first_turn(["AD", "3C", "5C"], dice=[5])
    state.survivor = Survivor(3, 4)
    play(state, "place:up")
    assert state.map_survivor is None
    assert state.dice.rolls == 0
    assert (state.survivor.life, state.survivor.life_max) == (3, 4)


def test_you_rescue_a_survivor_only_from_an_adjacent_card_and_he_moves_with_you() -> None:
    state = first_turn(["AD", "3C", "5C", "4D", "7C"], dice=[5])
    play(state, "place:up", "place:down")
    play(state, "move:right", "place:up")
    assert state.pos == (1, 0)
    assert "rescue" not in ids(state)  # the Ace is diagonal now
    play(state, "move:left")
    assert "rescue" in ids(state)
    play(state, "rescue")
    assert state.survivor is not None and state.survivor.life == 5
    assert state.map_survivor is None
    assert "rescue" not in ids(state)
    play(state, "move:right")
    assert state.pos == (1, 0)
    assert state.survivor is not None and state.survivor.life == 5  # still with you
    seen = state.view("player")
    assert seen["survivor"] == {"life": 5, "life_max": 5, "weapon": None}
    assert not any("survivor" in c for c in seen["cards"])


# -- the weapon-rank rule: Fists < Bat < Chainsaw < Shotgun -----------------------------------
def w(kind: str | None) -> Weapon | None:
    if kind is None:
        return None
    return Weapon(kind, None if kind == "bat" else 3)


RANK_CASES = [
    # (your weapon, survivor's weapon or "none" for no survivor, weapon on the map, offered)
    (None, "none", "bat", {"take:bat"}),
    ("chainsaw", "none", "bat", {"take:bat"}),
    (None, None, "bat", {"take:bat"}),  # the survivor may not get a bat while you have Fists
    ("bat", None, "shotgun", {"take:shotgun", "take:shotgun:give"}),
    ("shotgun", None, "bat", {"take:bat", "arm:bat"}),
    ("shotgun", "chainsaw", "bat", {"arm:bat", "take-survivor-weapon"}),  # no take: bat < his
    ("shotgun", "bat", "chainsaw", {"take:chainsaw", "arm:chainsaw", "take-survivor-weapon"}),
    ("chainsaw", "bat", "shotgun", {"take:shotgun", "take:shotgun:give", "take-survivor-weapon"}),
    ("chainsaw", "bat", None, {"take-survivor-weapon"}),  # a swap would give him the better
    ("bat", None, None, set()),
    ("chainsaw", None, "bat", {"take:bat", "arm:bat"}),
]


@pytest.mark.parametrize(("mine", "his", "on_map", "offered"), RANK_CASES)
def test_exchanges_are_offered_only_when_the_survivor_never_outguns_you(
    mine: str | None, his: str | None, on_map: str | None, offered: set[str]
) -> None:
    survivor = None if his == "none" else Survivor(4, 4, w(his))
    state = rearm(at_rest(), w(mine), survivor, on_map)
    assert state.phase == "move"
    assert exchanges(state) == offered
    for action in offered:  # and every one of them keeps the rule
        after = state.clone()
        play(after, action)
        if after.survivor is not None:
            assert weapon_rank(after, after.survivor.weapon) <= weapon_rank(after, after.weapon)


def test_a_swap_is_offered_when_it_puts_the_better_weapon_in_your_hands() -> None:
    state = rearm(at_rest(), BAT, Survivor(4, 4, Weapon("shotgun", 2)))
    assert exchanges(state) == {"swap", "take-survivor-weapon"}
    play(state, "swap")
    assert state.weapon == Weapon("shotgun", 2)
    assert state.survivor is not None and state.survivor.weapon == BAT


def test_take_and_give_hands_your_old_weapon_to_the_survivor() -> None:
    state = rearm(at_rest(), Weapon("chainsaw", 2), Survivor(4, 4, BAT), "shotgun", charge=5)
    play(state, "take:shotgun:give")
    assert state.weapon == Weapon("shotgun", 5)
    assert state.survivor is not None and state.survivor.weapon == Weapon("chainsaw", 2)
    assert state.map_weapons == {}  # his bat went back to the pool, not onto the map
    assert carried(state) == {"shotgun", "chainsaw"}


def test_arming_the_survivor_keeps_your_weapon() -> None:
    state = rearm(at_rest(), Weapon("shotgun", 2), Survivor(4, 4), "chainsaw", charge=6)
    play(state, "arm:chainsaw")
    assert state.weapon == Weapon("shotgun", 2)
    assert state.survivor is not None and state.survivor.weapon == Weapon("chainsaw", 6)
    assert state.map_weapons == {}


def test_taking_the_survivors_weapon_drops_yours_and_leaves_him_his_fists() -> None:
    state = rearm(at_rest(), Weapon("shotgun", 1), Survivor(4, 4, Weapon("chainsaw", 4)))
    play(state, "take-survivor-weapon")
    assert state.weapon == Weapon("chainsaw", 4)
    assert state.survivor is not None and state.survivor.weapon is None
    assert state.map_weapons == {} and carried(state) == {"chainsaw"}


def test_when_your_weapon_runs_out_the_survivor_does_not_keep_a_better_one() -> None:
    state = rearm(at_rest(), Weapon("chainsaw", 1), Survivor(4, 4, BAT))
    state.zombies = 1
    state.phase = "combat"
    state.dice = Dice(0, [1])
    settle(state)
    play(state, "fight:weapon")  # your last fuel kills the one zombie (no share to choose)
    assert state.survivor is not None
    assert weapon_rank(state, state.survivor.weapon) <= weapon_rank(state, state.weapon)
    assert state.weapon == BAT and state.survivor.weapon is None  # you take his bat (designed)


# -- no exchanges in the middle of combat -----------------------------------------------------
def test_exchanges_come_before_combat_but_not_in_the_middle_of_it() -> None:
    state = rearm(at_rest(), Weapon("chainsaw", 3), Survivor(4, 4, BAT), "shotgun", charge=2)
    state.zombies = 16  # a 10-die, a 5-die and a 1-die
    state.phase = "combat"
    state.dice = Dice(0, [1, 1, 1])
    settle(state)
    assert set(ids(state)) == {
        "take:shotgun", "take:shotgun:give", "take-survivor-weapon", "fight:weapon", "fight:fists"
    }
    play(state, "fight:weapon")
    assert state.phase == "share"
    assert all(a.startswith("share:") for a in ids(state))  # no exchange now
    play(state, "share:0.1.1")
    assert state.phase == "survivor-weapon"
    assert ids(state) == ["survivor:weapon", "survivor:fists"]  # he cannot get your chainsaw
    play(state, "survivor:weapon")
    assert state.zombies == 0 and state.kills == 16
    assert state.weapon == Weapon("chainsaw", 2)
    # The combat is over: exchanges are offered again with your move.
    assert state.phase == "move"
    assert {"take:shotgun", "take:shotgun:give", "take-survivor-weapon"} <= set(ids(state))


def test_exchanges_are_offered_with_your_move() -> None:
    state = rearm(at_rest(), None, None, "bat")
    assert state.phase == "move"
    assert set(ids(state)) == {"move:right", "move:down", "move:left", "take:bat"}


# -- provisions -------------------------------------------------------------------------------
@pytest.mark.parametrize(("life", "roll", "after"), [(5, 4, 9), (9, 5, 12), (12, 6, 12)])
def test_the_joker_heals_you_by_a_d6_never_above_your_starting_life(
    life: int, roll: int, after: int
) -> None:
    state = first_turn(["joker", "3C", "5C"], dice=[roll])
    state.life = life
    play(state, "place:up")
    assert state.life == after
    assert state.life_max == 12
    assert state.provisions == 0
    assert state.dice.rolls == 1
    assert ids(state)[0].startswith("place:")  # the turn goes on


def test_provisions_are_shared_with_the_survivor_up_to_his_starting_life() -> None:
    state = first_turn(["joker", "3C", "5C"], dice=[5])
    state.life = 8
    state.survivor = Survivor(2, 6)
    play(state, "place:up")
    assert state.provisions == 5
    assert ids(state) == [f"provisions:{n}" for n in (4, 3, 2, 1, 0)]  # his room is 4
    play(state, "provisions:3")
    assert state.survivor is not None and state.survivor.life == 5
    assert state.life == 10
    assert state.provisions == 0
    assert ids(state)[0].startswith("place:")


def test_provisions_given_to_the_survivor_stop_at_his_starting_life() -> None:
    state = first_turn(["joker", "3C", "5C"], dice=[6])
    state.life = 6
    state.survivor = Survivor(5, 6)
    play(state, "place:up")
    assert ids(state) == ["provisions:1", "provisions:0"]
    play(state, "provisions:1")
    assert state.survivor is not None and state.survivor.life == 6
    assert state.life == 11


@pytest.mark.parametrize(("life", "his", "roll", "after", "his_after"), [
    (12, (1, 4), 6, 12, 4),  # you are full: all to him, capped
    (3, (4, 4), 2, 5, 4),  # he is full: all to you
])
def test_when_only_one_of_you_can_eat_there_is_no_choice(
    life: int, his: tuple[int, int], roll: int, after: int, his_after: int
) -> None:
    state = first_turn(["joker", "3C", "5C"], dice=[roll])
    state.life = life
    state.survivor = Survivor(*his)
    play(state, "place:up")
    assert state.provisions == 0
    assert ids(state)[0].startswith("place:")
    assert state.life == after
    assert state.survivor is not None and state.survivor.life == his_after


def test_provisions_cannot_be_stored() -> None:
    state = first_turn(["joker", "3C", "5C"], dice=[6, 6])
    state.life = 10
    play(state, "place:up")  # 6 provisions, only 2 can be eaten
    assert state.life == 12 and state.provisions == 0
    assert state.view("player")["provisions"] == 0
    state.zombies = 10  # zombies catch up with you: the 10-die rolls a 6 and lives
    play(state, "place:down")
    assert state.life == 10  # the 4 left over were not kept for later
    assert state.phase == "move" and state.provisions == 0
