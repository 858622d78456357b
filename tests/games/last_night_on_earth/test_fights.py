"""Fights (reference/last-night-on-earth.md, "Fight"): the zombie's 1 die against the hero's 2,
highest die against highest die, ties to the zombie, a hero win with doubles kills; combat
bonuses, the zombies' Fight cards (one a turn) and the heroes' answers."""

from __future__ import annotations

from tests.games.last_night_on_earth.table import (
    again,
    fight,
    give,
    hero_turn,
    put,
    script,
    table,
    texts,
    zombie,
    zombie_cards,
)


def test_the_higher_die_wins_and_a_tie_goes_to_the_zombie(tmp_path):
    state = table(tmp_path)
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 5, 5, 2)  # zombie 5; Becky 5 and 2: a tie
    state.apply("roll")
    assert state.heroes["Becky"].wounds == 1
    assert z in state.zombies
    assert "Zombie 1 wins the fight (5 against 5: ties go to the zombie)." in texts(state, 40)


def test_a_hero_win_fends_the_zombie_off_and_doubles_kill_it(tmp_path):
    state = table(tmp_path)
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 3, 6, 2)
    state.apply("roll")
    assert z in state.zombies and state.heroes["Becky"].wounds == 0
    other = zombie(state, "3,3")
    again(state)
    fight(state, "Becky", other)
    script(state, 3, 4, 4)  # doubles, and 4 beats 3
    state.apply("roll")
    assert other not in state.zombies and state.kills == 1


def test_doubles_that_lose_do_not_kill(tmp_path):
    state = table(tmp_path)
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 5, 2, 2)
    state.apply("roll")
    assert z in state.zombies and state.heroes["Becky"].wounds == 1


def test_a_baseball_bat_adds_a_die_and_breaks_on_1_or_2(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Baseball Bat")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    state.apply("use:Baseball Bat")
    script(state, 4, 1, 2, 5, 2)  # zombie 4; Becky 1, 2, 5; the Bat's break check 2
    state.apply("roll")
    assert z in state.zombies  # 5 beats 4, no doubles: fended off
    assert "Baseball Bat" not in state.heroes["Becky"].items
    assert "Baseball Bat" in state.hero_discard


def test_the_crowbar_wins_ties(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Crowbar")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    state.apply("use:Crowbar")
    script(state, 5, 5, 1, 6)  # a tie at 5; the Crowbar holds on 6
    state.apply("roll")
    assert state.heroes["Becky"].wounds == 0
    assert "Crowbar" in state.heroes["Becky"].items


def test_the_meat_cleaver_kills_on_a_6(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Meat Cleaver")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    state.apply("use:Meat Cleaver")
    script(state, 4, 6, 1)
    state.apply("roll")
    assert z not in state.zombies


def test_the_chainsaw_kills_what_it_beats_and_is_lost_with_a_fight(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Chainsaw")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    state.apply("use:Chainsaw")
    script(state, 4, 5, 1, 2)  # three dice with the Chainsaw
    state.apply("roll")
    assert z not in state.zombies
    other = zombie(state, "3,3")
    again(state)
    fight(state, "Becky", other)
    state.apply("use:Chainsaw")
    script(state, 6, 5, 1, 2)
    state.apply("roll")
    assert "Chainsaw" not in state.heroes["Becky"].items
    assert state.heroes["Becky"].wounds == 1


def test_uuuurrrggghh_rolls_two_more_zombie_dice(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Uuuurrrggghh!", "Braaains!")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 2, 5, 1)
    state.apply("roll")
    assert state.decision is not None and state.decision.seat == "zombies"
    script(state, 6, 1)
    state.apply("play:Uuuurrrggghh!")
    assert state.heroes["Becky"].wounds == 1
    assert "Uuuurrrggghh!" in state.zombie_discard


def test_one_fight_card_a_turn(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Uuuurrrggghh!", "Braaains!")
    zombie(state, "3,3")
    zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")  # she fights both, one after the other
    script(state, 2, 5, 1)
    state.apply("roll")
    script(state, 1, 1)
    state.apply("play:Uuuurrrggghh!")
    script(state, 2, 5, 1)
    state.apply("roll")  # the second fight: no Fight card is offered, the fight resolves
    log = [e.text for e in state.log]
    assert log.count(
        "Becky wins the fight (5 against 2) and fends Zombie 2 off (no doubles to kill it).") == 1
    assert not any("Braaains" in line for line in log)


def test_braaains_adds_one_to_the_zombies_highest_die(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Braaains!")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 4, 5, 1)
    state.apply("roll")
    state.apply("play:Braaains!")  # 5 against 5: the zombie's tie
    assert state.heroes["Becky"].wounds == 1


def test_undead_hate_the_living_rerolls_the_dice_the_zombies_pick(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Undead Hate the Living")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 4, 6, 1)
    state.apply("roll")
    assert {"hate:0", "hate:1", "hate:0,1", "pass"} <= set(state.decision.ids)
    script(state, 2)
    state.apply("hate:0")  # the 6 becomes a 2: 2 and 1 against 4
    assert state.heroes["Becky"].wounds == 1


def test_get_back_you_devils_kills_a_beaten_zombie(tmp_path):
    state = table(tmp_path)
    give(state, "Johnny", "Get Back You Devils")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 3, 5, 1)
    state.apply("roll")
    state.apply("done")  # no re-roll (asked: Johnny holds a card)
    assert state.decision.seat == "heroes"
    state.apply("devils:Johnny")
    assert z not in state.zombies
    assert "Get Back You Devils" in state.hero_discard


def test_faith_adds_a_die_and_stays_on_a_holy_hero(tmp_path):
    state = table(tmp_path, heroes="Becky,Johnny,Sally,Father Joseph")
    give(state, "Becky", "Faith", "Faith")
    z = zombie(state, "3,3")
    fight(state, "Father Joseph", z)
    state.apply("faith:Becky")
    assert state.heroes["Father Joseph"].kept_faith
    script(state, 6, 1, 2, 3)  # three dice
    state.apply("roll")
    assert "Fight dice: Zombie 1 [6], Father Joseph [1, 2, 3]." in texts(state, 40)
    assert state.heroes["Father Joseph"].kept_faith  # it remains in play


def test_jake_rolls_an_extra_die_alone(tmp_path):
    state = table(tmp_path, heroes="Becky,Johnny,Sally,Jake Cartwright")
    put(state, "Jake Cartwright", "6,3")
    z = zombie(state, "6,3")
    fight(state, "Jake Cartwright", z)
    script(state, 6, 1, 2, 3)
    state.apply("roll")
    assert "Fight dice: Zombie 1 [6], Jake Cartwright [1, 2, 3]." in texts(state, 40)


def test_the_fight_card_question_is_asked_whenever_the_zombies_hold_a_card(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Shamble")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 2, 5, 1)
    state.apply("roll")
    assert state.decision.seat == "zombies" and state.decision.ids == ["pass"]


def test_father_joseph_prays_a_zombie_card_away_for_a_wound(tmp_path):
    state = table(tmp_path, heroes="Becky,Johnny,Sally,Father Joseph")
    zombie_cards(state, "Uuuurrrggghh!")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 2, 5, 1)
    state.apply("roll")
    state.apply("play:Uuuurrrggghh!")
    assert sorted(state.decision.ids) == ["let-be", "pray"]
    script(state, 4)
    state.apply("pray")
    assert state.heroes["Father Joseph"].wounds == 1
    assert state.heroes["Becky"].wounds == 0  # 5 against 2: the extra dice never came
    assert "Uuuurrrggghh!" in state.zombie_discard


def test_a_failed_prayer_lets_the_card_take_effect(tmp_path):
    state = table(tmp_path, heroes="Becky,Johnny,Sally,Father Joseph")
    zombie_cards(state, "Braaains!")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 4, 5, 1)
    state.apply("roll")
    state.apply("play:Braaains!")
    script(state, 3)
    state.apply("pray")
    assert state.heroes["Father Joseph"].wounds == 1 and state.heroes["Becky"].wounds == 1


def test_father_joseph_does_not_pray_with_his_last_wound(tmp_path):
    state = table(tmp_path, heroes="Becky,Johnny,Sally,Father Joseph")
    state.heroes["Father Joseph"].wounds = 2
    zombie_cards(state, "Braaains!")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 4, 5, 1)
    state.apply("roll")
    state.apply("play:Braaains!")
    assert state.heroes["Becky"].wounds == 1


def test_the_welding_torch_rerolls_one_die_again_and_again(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Welding Torch")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 5, 1, 2)
    state.apply("roll")
    script(state, 3, 4)  # the 1 becomes a 3; the torch holds on 4
    state.apply("weld:0")
    script(state, 6, 5)
    state.apply("weld:0")  # the 3 becomes a 6; holds on 5
    state.apply("done")
    assert z in state.zombies and state.heroes["Becky"].wounds == 0
    assert "Welding Torch" in state.heroes["Becky"].items


def test_the_pitchfork_rerolls_any_dice_once_and_breaks_only_on_1_with_the_torch(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Pitchfork", "Torch")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 5, 1, 2)
    state.apply("roll")
    script(state, 6, 6, 2)  # both re-rolled: doubles 6; the break check 2 holds with the Torch
    state.apply("fork:0,1")
    assert not any(i.startswith("fork:") for i in state.decision.ids)  # once a fight
    state.apply("done")
    assert z not in state.zombies and "Pitchfork" in state.heroes["Becky"].items


def test_the_torch_makes_the_zombie_reroll(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Torch")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 6, 4, 2)
    state.apply("roll")
    script(state, 1)
    state.apply("torch")
    assert state.heroes["Becky"].wounds == 0 and "Torch" in state.hero_discard


def test_the_fire_axe_cancels_a_fight_card(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Fire Axe")
    zombie_cards(state, "Braaains!")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 4, 5, 1)
    state.apply("roll")
    state.apply("play:Braaains!")
    assert sorted(state.decision.ids) == ["axe", "let-be"]
    script(state, 3)  # the axe breaks on 1-3
    state.apply("axe")
    assert state.heroes["Becky"].wounds == 0  # 5 against 4
    assert "Fire Axe" in state.hero_discard and "Braaains!" in state.zombie_discard


def test_loss_of_faith_cancels_a_faith(tmp_path):
    state = table(tmp_path)
    give(state, "Sally", "Faith")
    zombie_cards(state, "Loss of Faith")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    state.apply("faith:Sally")
    assert state.decision.seat == "zombies"
    state.apply("play:Loss of Faith")
    assert state.heroes["Becky"].faith == 0
    assert "Faith" in state.hero_discard and "Loss of Faith" in state.zombie_discard


def test_loss_of_faith_forces_a_break_check_again(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Crowbar")
    zombie_cards(state, "Loss of Faith")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    state.apply("use:Crowbar")
    script(state, 2, 5, 1, 6)  # Becky wins; the Crowbar holds on 6
    state.apply("roll")
    state.apply("pass")  # no Fight card (the zombies hold one card)
    script(state, 1)
    state.apply("play:Loss of Faith")  # re-rolled: 1, it breaks
    assert "Crowbar" not in state.heroes["Becky"].items


def test_a_cancelled_loss_of_faith_lets_the_faith_stand(tmp_path):
    state = table(tmp_path)
    give(state, "Sally", "Faith", "Principal Gomez")
    zombie_cards(state, "Loss of Faith")
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    state.apply("faith:Sally")
    state.apply("play:Loss of Faith")
    state.apply("cancel:Sally:Principal Gomez")
    assert state.heroes["Becky"].faith == 1


def test_the_result_says_why_the_zombie_died(tmp_path):
    state = table(tmp_path)
    z = zombie(state, "3,3")
    fight(state, "Becky", z)
    script(state, 3, 4, 4)  # zombie 3; Becky 4 and 4: doubles
    state.apply("roll")
    assert z not in state.zombies
    assert "Becky wins the fight (4 against 3) and kills Zombie 1 (doubles)." in texts(state, 40)
