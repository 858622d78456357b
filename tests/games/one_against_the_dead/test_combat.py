"""COMBAT, BATTLE and DAMAGE, with every die scripted."""

from __future__ import annotations

import pytest

from deadtable.games.one_against_the_dead.state import Survivor, Weapon
from tests.games.one_against_the_dead.conftest import combat_scene, ids, play, script
from tests.logs import texts


def test_rulebook_battle_example_bat_and_survivor_with_fists_against_sixteen() -> None:
    # "You use your baseball bat against the 10-zombie die, which rolls a 3 and dies. The
    # Survivor uses his Fists of Fury against the 5-zombie die, which rolls a 3 and lives,
    # and the 1-zombie die, which rolls a 2 and dies." "you would not suffer any damage,
    # while the Survivor would suffer one point."
    state = combat_scene(16, weapon=Weapon("bat", None), survivor=Survivor(4, 4))
    script(state, 3, 3, 2)  # your 10-die, then his 5-die and 1-die
    play(state, "fight:weapon", "share:0.1.1")
    assert state.life == 12
    assert state.survivor is not None and state.survivor.life == 3
    assert state.zombies == 5  # the 5-die lives and stays with you
    assert state.kills == 11
    # the log tells each die's roll against each fighter's power, as the example does
    assert texts(state)[-2:] == [
        "You fight 10 zombies with the bat (power 3: a die dies on 3 or less): the 10-zombie die "
        "rolls 3 and dies. 10 killed, 0 left; you take 0 damage.",
        "Your survivor fights 6 zombies with his fists (power 2: a die dies on 2 or less): the "
        "5-zombie die rolls 3 and lives; the 1-zombie die rolls 2 and dies. 1 killed, 5 left; "
        "he takes 1 damage."]


def test_the_survivor_fights_as_many_zombies_as_you_or_fewer_counted_in_zombies() -> None:
    # 16 = 10 + 5 + 1: you must fight at least the 10-die (A-54, zombie count).
    state = combat_scene(16, survivor=Survivor(4, 4))
    play(state, "fight:fists")
    assert sorted(ids(state)) == ["share:0.0.0", "share:0.0.1", "share:0.1.0", "share:0.1.1"]


def test_share_by_dice_is_an_option() -> None:
    state = combat_scene(16, survivor=Survivor(4, 4), share_by="dice")
    play(state, "fight:fists")
    # With three dice, the survivor may take at most one of them, the 10-die included.
    assert sorted(ids(state)) == ["share:0.0.0", "share:0.0.1", "share:0.1.0", "share:1.0.0"]


def test_you_must_fight_all_zombies_and_fists_are_always_available() -> None:
    state = combat_scene(12, weapon=Weapon("shotgun", 3))
    assert ids(state) == ["fight:weapon", "fight:fists"]
    script(state, 2, 3, 3)  # fists (power 2): the 10-die dies, both 1-dice live
    play(state, "fight:fists")
    assert state.weapon == Weapon("shotgun", 3)  # not used, not decremented
    assert state.zombies == 2 and state.life == 12  # 2 left: no damage (rounded down)


@pytest.mark.parametrize(("table", "roll", "dies"), [
    ("3-4-5", 5, True), ("3-4-5", 6, False), ("3-4-6", 6, True), ("4-5-6", 6, True),
])
def test_a_die_dies_on_a_roll_at_or_under_the_weapon_power(
    table: str, roll: int, dies: bool
) -> None:
    state = combat_scene(10, weapon=Weapon("shotgun", 2), weapon_powers=table)
    script(state, roll)
    play(state, "fight:weapon")
    assert state.zombies == (0 if dies else 10)
    assert state.life == (12 if dies else 10)  # ten left: two damage


def test_bat_power_follows_the_table() -> None:
    for table, roll, left in (("3-4-5", 4, 10), ("4-5-6", 4, 0)):
        state = combat_scene(10, weapon=Weapon("bat", None), weapon_powers=table)
        script(state, roll)
        play(state, "fight:weapon")
        assert state.zombies == left, table
        assert state.weapon == Weapon("bat", None)  # the bat never runs out


def test_chainsaw_fuel_goes_down_once_per_fight_and_at_zero_returns_to_the_pool() -> None:
    state = combat_scene(5, weapon=Weapon("chainsaw", 2))
    script(state, 6)
    play(state, "fight:weapon")
    assert state.weapon == Weapon("chainsaw", 1)
    assert state.zombies == 5 and state.life == 11  # five left: one damage
    state.phase, state._decision = "combat", None
    script(state, 1)
    play(state, "fight:weapon")
    assert state.weapon is None and state.zombies == 0
    assert "chainsaw is spent" in " ".join(texts(state))


def test_a_survivor_with_a_weapon_chooses_whether_to_use_it() -> None:
    state = combat_scene(
        16, weapon=Weapon("shotgun", 4), survivor=Survivor(6, 6, Weapon("chainsaw", 3))
    )
    play(state, "fight:weapon", "share:0.1.1")
    assert ids(state) == ["survivor:weapon", "survivor:fists"]
    script(state, 6, 4, 4)  # your 10-die lives; his chainsaw (power 4) kills both of his
    play(state, "survivor:weapon")
    assert state.survivor is not None and state.survivor.weapon == Weapon("chainsaw", 2)
    assert state.weapon == Weapon("shotgun", 3)
    assert state.zombies == 10 and state.life == 10 and state.survivor.life == 6


def test_damage_is_one_per_five_zombies_left_rounded_down_per_pile() -> None:
    state = combat_scene(29, survivor=Survivor(6, 6))  # 10 + 10 + 5 + 4 ones
    play(state, "fight:fists")
    script(state, 6, 6, 6, 6, 6, 6, 6)  # every die lives
    play(state, "share:0.1.4")  # he fights 5 + 4 ones (9), you fight 10 + 10 (20)
    assert state.life == 12 - 4 and state.survivor is not None and state.survivor.life == 5


def test_a_survivor_killed_is_removed_and_his_weapon_returns_to_the_pool() -> None:
    state = combat_scene(
        20, weapon=Weapon("shotgun", 3), survivor=Survivor(1, 4, Weapon("bat", None))
    )
    play(state, "fight:weapon", "share:1.0.0")
    script(state, 1, 6)  # your 10-die dies; his lives: 2 damage kills him, none spills to you
    play(state, "survivor:weapon")
    assert state.survivor is None and state.life == 12
    assert state.zombies == 10


def test_you_die_when_your_life_reaches_zero() -> None:
    state = combat_scene(59)
    state.life = 11
    script(state, *[6] * 10)
    play(state, "fight:fists")  # 59 left: 11 damage
    assert state.outcome is not None
    assert state.outcome.results == {"player": "loss"} and state.outcome.cause == "killed"
    assert state.life == 0


def test_the_view_and_the_board_show_the_weapons_powers() -> None:
    from rich.console import Console

    from deadtable.games.one_against_the_dead.render import render

    state = combat_scene(3, weapon=Weapon("bat", None), **{"weapon-powers": "3-4-6"})
    view = state.view("player")
    assert view["powers"] == {"fists": 2, "bat": 3, "chainsaw": 4, "shotgun": 6}
    console = Console(width=120, record=True, color_system=None)
    console.print(render(view))
    shown = console.export_text()
    assert "Weapon bat, power 3" in shown
    assert "fists 2, bat 3, chainsaw 4, shotgun 6" in shown
