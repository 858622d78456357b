"""The Hero turn: the heroes' order, moving (walls and windows stop heroes, doors do not, a
zombie's space ends the move), searching, exchanging, ranged attacks with range and line of
sight, the fight phase, item limits, wounds and death, the heroes' abilities and cards."""

from __future__ import annotations

from deadtable.games.last_night_on_earth.heroturn import HeroTurn
from tests.games.last_night_on_earth.table import (
    at,
    give,
    hero_turn,
    push,
    put,
    script,
    table,
    texts,
    zombie,
)


def test_the_heroes_choose_their_order(tmp_path):
    state = table(tmp_path)
    push(state, HeroTurn())
    assert sorted(state.decision.ids) == sorted(f"hero:{h}" for h in state.heroes)
    state.apply("hero:Sally")
    assert state.stack[-1].hero == "Sally"


def test_moving_walls_and_windows_stop_heroes_and_doors_do_not(tmp_path):
    state = table(tmp_path)
    put(state, "Becky", "1,2")
    hero_turn(state, "Becky")
    script(state, 6)
    state.apply("move")
    steps = {i for i in state.decision.ids if i.startswith("step:")}
    assert f"step:{at(state, '1,1')}" in steps  # through the door
    state.apply(f"step:{at(state, '1,1')}")
    steps = {i for i in state.decision.ids if i.startswith("step:")}
    assert f"step:{at(state, '1,2')}" in steps and f"step:{at(state, '2,1')}" in steps
    state.apply(f"step:{at(state, '2,1')}")
    steps = {i for i in state.decision.ids if i.startswith("step:")}
    assert f"step:{at(state, '3,1')}" not in steps  # a wall
    state.apply(f"step:{at(state, '2,0')}")
    steps = {i for i in state.decision.ids if i.startswith("step:")}
    assert f"step:{at(state, '3,0')}" not in steps  # a window


def test_a_zombies_space_ends_the_move(tmp_path):
    state = table(tmp_path)
    zombie(state, "5,3")
    hero_turn(state, "Becky")
    script(state, 6)
    state.apply("move")
    state.apply(f"step:{at(state, '4,3')}")
    state.apply(f"step:{at(state, '5,3')}")
    assert state.decision.prompt == "Becky's turn"  # back to her turn, the move over
    assert "move" not in state.decision.ids


def test_johnny_blitzes_through_a_space_he_clears(tmp_path):
    state = table(tmp_path)
    z = zombie(state, "4,3")
    hero_turn(state, "Johnny")
    script(state, 3)
    state.apply("move")
    state.apply(f"step:{at(state, '4,3')}")
    script(state, 2, 5, 5)  # doubles: the zombie dies
    state.apply("roll")
    assert z not in state.zombies
    assert f"step:{at(state, '5,3')}" in state.decision.ids  # 1 space left


def test_searching_draws_a_hero_card_inside_a_building_only(tmp_path):
    state = table(tmp_path)
    hero_turn(state, "Becky")
    assert "search" not in state.decision.ids  # outside
    state.stack = state.stack[:1]
    put(state, "Becky", "1,0")
    state.hero_deck.put_on_top("Revolver")
    state.hero_deck.cards.pop(state.hero_deck.cards.index("Revolver", 1))
    hero_turn(state, "Becky")
    state.apply("search")
    assert state.heroes["Becky"].items == ["Revolver"]
    assert "move" not in state.decision.ids


def test_no_search_with_a_zombie_in_the_space(tmp_path):
    state = table(tmp_path)
    put(state, "Becky", "1,0")
    zombie(state, "1,0")
    hero_turn(state, "Becky")
    assert "search" not in state.decision.ids


def test_sally_keeps_one_of_two_cards(tmp_path):
    state = table(tmp_path)
    put(state, "Sally", "1,0")
    for card in ("Recovery", "Crowbar"):
        state.hero_deck.remove(card)
        state.hero_deck.put_on_top(card)
    hero_turn(state, "Sally")
    state.apply("search")
    # Sally's player chooses which to keep (Resourceful), either one
    assert sorted(state.decision.ids) == ["keep-card:Crowbar", "keep-card:Recovery"]
    choice = state.clone()
    state.apply("keep-card:Crowbar")
    assert state.heroes["Sally"].items == ["Crowbar"] and state.heroes["Sally"].hand == []
    assert state.hero_deck.cards[-1] == "Recovery"
    assert state.decision.prompt == "Sally's turn"
    choice.apply("keep-card:Recovery")
    assert choice.heroes["Sally"].hand == ["Recovery"] and choice.heroes["Sally"].items == []
    assert choice.hero_deck.cards[-1] == "Crowbar"


def test_a_revolver_kills_on_4_and_runs_dry_on_1_ammo_first(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Revolver", "Ammo")
    z = zombie(state, "3,0")
    hero_turn(state, "Becky")
    assert f"shoot:Revolver:{z}" in state.decision.ids  # 3 away in a straight street
    script(state, 1)
    state.apply(f"shoot:Revolver:{z}")
    assert z in state.zombies
    assert "Becky fires the Revolver at Zombie 1: 1, a miss (hits on 4+)." in texts(state, 3)
    assert state.heroes["Becky"].items == ["Revolver"]  # the Ammo went instead
    assert not any(i.startswith("shoot:") for i in state.decision.ids)  # one attack a turn


def test_a_revolver_hit_kills(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Revolver")
    z = zombie(state, "3,1")
    hero_turn(state, "Becky")
    script(state, 4)
    state.apply(f"shoot:Revolver:{z}")
    assert z not in state.zombies and state.kills == 1
    assert "Becky fires the Revolver at Zombie 1: 4, a hit (hits on 4+)." in texts(state, 3)


def test_walls_block_the_line_of_sight_and_range_counts(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Revolver")
    put(state, "Becky", "4,1")
    inside = zombie(state, "1,1")  # 3 away, behind the Diner's wall
    far = zombie(state, "7,4")  # 6 away
    hero_turn(state, "Becky")
    assert f"shoot:Revolver:{inside}" not in state.decision.ids
    assert f"shoot:Revolver:{far}" not in state.decision.ids


def test_the_shotgun_rolls_for_every_zombie_in_the_space(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Pump Shotgun")
    a, b, c = zombie(state, "3,2"), zombie(state, "3,2"), zombie(state, "3,2")
    hero_turn(state, "Becky")
    script(state, 3, 2, 6, 5)  # hit, miss, hit; then the ammo roll 5
    state.apply(f"shoot:Pump Shotgun:{at(state, '3,2')}")
    assert list(state.zombies) == [b]
    assert "Shotgun roll 2 for Zombie 2: a miss (hits on 3+)." in texts(state, 6)
    assert "Pump Shotgun" in state.heroes["Becky"].items
    del a, c


def test_the_signal_flare_burns_on_2_and_is_spent(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Signal Flare")
    z = zombie(state, "3,5")
    hero_turn(state, "Becky")
    script(state, 2)
    state.apply(f"shoot:Signal Flare:{z}")
    assert z not in state.zombies and state.heroes["Becky"].items == []


def test_items_pass_between_heroes_in_a_space(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Crowbar", "Recovery")
    hero_turn(state, "Becky")
    state.apply("give:Crowbar:Johnny")
    state.apply("give:Recovery:Sally")
    assert state.heroes["Johnny"].items == ["Crowbar"]
    assert state.heroes["Sally"].hand == ["Recovery"]
    assert "move" not in state.decision.ids  # the move phase is over


def test_a_fifth_item_or_third_weapon_is_discarded(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Revolver", "Crowbar")
    put(state, "Becky", "1,0")
    state.hero_deck.put_on_top("Baseball Bat")
    state.hero_deck.cards.pop(state.hero_deck.cards.index("Baseball Bat", 1))
    hero_turn(state, "Becky")
    state.apply("search")
    assert sorted(state.decision.ids) == ["discard:Baseball Bat", "discard:Crowbar",
                                          "discard:Revolver"]
    state.apply("discard:Crowbar")
    assert sorted(state.heroes["Becky"].items) == ["Baseball Bat", "Revolver"]


def test_the_fight_phase_fights_every_zombie_in_the_space(tmp_path):
    state = table(tmp_path)
    zombie(state, "3,3")
    zombie(state, "3,3")
    hero_turn(state, "Becky")
    state.apply("end")
    script(state, 6, 1, 2, 6, 1, 2)
    state.apply("roll")
    state.apply("roll")
    assert state.heroes["Becky"].wounds == 2


def test_a_killed_hero_rises_as_a_zombie_hero(tmp_path):
    state = table(tmp_path, heroes="Sally,Becky,Johnny,Jenny")
    give(state, "Sally", "Crowbar")
    state.heroes["Sally"].wounds = 1  # of 2
    z = zombie(state, "3,3")
    hero_turn(state, "Sally", step="fight")
    script(state, 6, 1, 2)
    state.apply("roll")
    sally = state.heroes["Sally"]
    assert sally.dead and state.heroes_killed == 1 and "Crowbar" in state.hero_discard
    assert state.zombies["zombie-sally"] == at(state, "3,3")
    assert "Sally rises as a Zombie Hero." in texts(state, 30)
    del z


def test_no_zombie_hero_without_the_option(tmp_path):
    state = table(tmp_path, **{"zombie-heroes": False})
    state.heroes["Becky"].wounds = 2
    zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")
    script(state, 6, 1, 2)
    state.apply("roll")
    assert state.heroes["Becky"].dead and "zombie-becky" not in state.zombies


def test_four_heroes_killed_win_for_the_zombies(tmp_path):
    state = table(tmp_path)
    for name in ("Becky", "Johnny", "Sally"):
        state.heroes[name].dead = True
    state.heroes_killed = 3
    state.heroes["Jenny"].wounds = 1
    zombie(state, "3,3")
    hero_turn(state, "Jenny", step="fight")
    script(state, 6, 1, 2)
    state.apply("roll")
    assert state.outcome is not None and state.outcome.results["zombies"] == "win"


def test_killing_fifteen_zombies_wins_die_zombies_die(tmp_path):
    state = table(tmp_path)
    state.kills = 14
    zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")
    script(state, 1, 5, 5)
    state.apply("roll")
    assert state.outcome is not None and state.outcome.results["heroes"] == "win"


def test_just_a_scratch_prevents_a_wound(tmp_path):
    state = table(tmp_path)
    give(state, "Johnny", "Just a Scratch")
    zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")
    script(state, 6, 1, 2)
    state.apply("roll")
    state.apply("done")  # no re-roll (asked: Johnny holds a card)
    assert "scratch:Johnny" in state.decision.ids
    state.apply("scratch:Johnny")
    assert state.heroes["Becky"].wounds == 0 and "Just a Scratch" in state.hero_discard


def test_youth_heals_a_student_on_4_with_no_zombie_near(tmp_path):
    state = table(tmp_path)
    state.heroes["Johnny"].wounds = 1
    script(state, 4)
    hero_turn(state, "Johnny", step="start")
    assert state.heroes["Johnny"].wounds == 0
    state.stack = state.stack[:1]
    state.heroes["Johnny"].wounds = 1
    script(state, 3)
    hero_turn(state, "Johnny", step="start")
    assert state.heroes["Johnny"].wounds == 1


def test_becky_nurses_instead_of_searching(tmp_path):
    state = table(tmp_path)
    state.heroes["Sally"].wounds = 1
    hero_turn(state, "Becky")
    state.apply("nurse:Sally")
    assert state.heroes["Sally"].wounds == 0 and "move" not in state.decision.ids


def test_the_sheriff_takes_his_revolver_back(tmp_path):
    state = table(tmp_path, heroes="Sheriff Anderson,Becky,Johnny,Sally")
    state.hero_deck.remove("Revolver")
    state.hero_discard.put_on_top("Revolver")
    hero_turn(state, "Sheriff Anderson")
    state.apply("recover")
    assert state.heroes["Sheriff Anderson"].items == ["Revolver"]


def test_jenny_may_reroll_her_movement(tmp_path):
    state = table(tmp_path, heroes="Jenny,Becky,Johnny,Sally")
    hero_turn(state, "Jenny")
    script(state, 1, 5)
    state.apply("move")
    assert sorted(state.decision.ids) == ["keep", "reroll"]
    state.apply("reroll")
    assert state.stack[-1].moves_left == 5
    assert texts(state, 2) == ["Sure-Footed: Jenny re-rolls the movement die.",
                               "Jenny rolls 5: moves up to 5 spaces."]


def test_recovery_and_the_first_aid_kit_heal(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Recovery", "First Aid Kit")
    state.heroes["Sally"].wounds = 1
    state.heroes["Johnny"].wounds = 2
    put(state, "Johnny", "4,3")  # adjacent
    hero_turn(state, "Becky")
    state.apply("recovery:Sally")
    state.apply("aid:Johnny")
    assert state.heroes["Sally"].wounds == 0 and state.heroes["Johnny"].wounds == 0


def test_keys_in_a_building_draw_two(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Keys")
    put(state, "Becky", "1,0")
    top = state.hero_deck.cards[:2]
    hero_turn(state, "Becky")
    state.apply("keys")
    assert sorted(state.heroes["Becky"].items + state.heroes["Becky"].hand) == sorted(top)


def test_the_wound_question_is_asked_whenever_a_hand_holds_a_card(tmp_path):
    # Asked only when Just a Scratch is held, the question would tell the zombies so.
    state = table(tmp_path)
    give(state, "Johnny", "Recovery")
    zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")
    script(state, 6, 1, 2)
    state.apply("roll")
    assert state.decision.ids == ["done"]  # no re-roll to make, yet asked
    state.apply("done")
    assert state.decision.ids == ["take"]
    state.apply("take")
    assert state.heroes["Becky"].wounds == 1


def test_at_last_cancels_a_card_in_play_at_the_start_of_the_hero_turn(tmp_path):
    state = table(tmp_path)
    state.in_play.append("Heavy Rain")
    give(state, "Sally", "At Last…")
    push(state, HeroTurn())
    assert "at-last:Sally:Heavy Rain" in state.decision.ids
    state.apply("at-last:Sally:Heavy Rain")
    assert state.in_play == [] and "Heavy Rain" in state.zombie_discard


def test_doc_brody_heals_fully_and_goes_back_in_the_deck_for_becky(tmp_path):
    state = table(tmp_path)
    give(state, "Sally", "Doc Brody, Country Physician")
    state.heroes["Becky"].wounds = 2
    hero_turn(state, "Sally")
    deck = len(state.hero_deck)
    state.apply("brody:Becky")
    assert state.heroes["Becky"].wounds == 0
    assert len(state.hero_deck) == deck + 1 and "Doc Brody, Country Physician" in state.hero_deck


def test_jeb_adds_a_die_and_gomez_cancels_a_zombie_card(tmp_path):
    state = table(tmp_path)
    give(state, "Sally", "Jeb, the Grease Monkey", "Principal Gomez")
    hero_turn(state, "Sally")
    state.apply("jeb:Becky")
    assert state.heroes["Becky"].faith == 1
    from tests.games.last_night_on_earth.table import zombie_cards, zombie_turn

    zombie_cards(state, "Cornered")
    zombie_turn(state, "cards")
    state.apply("play:Cornered")
    state.apply("cancel:Sally:Principal Gomez")
    assert not state.cornered and "Cornered" in state.zombie_discard


def test_principal_gomez_makes_the_zombie_reroll(tmp_path):
    state = table(tmp_path)
    give(state, "Sally", "Principal Gomez")
    zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")
    script(state, 6, 4, 2)
    state.apply("roll")
    script(state, 1)
    state.apply("gomez:Sally")
    state.apply("done")
    assert state.heroes["Becky"].wounds == 0


def test_mr_hyde_cancels_a_students_fight_or_moves_a_die(tmp_path):
    state = table(tmp_path)
    give(state, "Sally", "Mr. Hyde, the Shop Teacher")
    z = zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")  # Becky is no Student: no cancelling
    assert not any(i.startswith("no-fight:") for i in state.decision.ids)
    script(state, 5, 5, 1)
    state.apply("roll")
    state.apply("adjust:Sally:Mr. Hyde, the Shop Teacher:hero:0:+1")
    state.apply("done")
    assert state.heroes["Becky"].wounds == 0 and z in state.zombies


def test_deputy_taylor_cancels_a_fight_of_a_strange_hero(tmp_path):
    state = table(tmp_path, heroes="Jake Cartwright,Becky,Johnny,Sally")
    give(state, "Becky", "Deputy Taylor")
    z = zombie(state, "3,3")
    hero_turn(state, "Jake Cartwright", step="fight")
    state.apply("no-fight:Becky:Deputy Taylor")
    assert z in state.zombies and state.heroes["Jake Cartwright"].wounds == 0
    assert "Jake Cartwright's fight with Zombie 1 is cancelled." in " ".join(texts(state, 5))


def test_deputy_taylor_shuffles_discards_back(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Deputy Taylor")
    for card in ("Revolver", "Crowbar"):
        state.hero_deck.remove(card)
        state.hero_discard.put_on_top(card)
    hero_turn(state, "Becky")
    state.apply("taylor")
    state.apply("back:Revolver")
    state.apply("back:Crowbar")
    state.apply("stop")
    assert "Revolver" in state.hero_deck and "Crowbar" in state.hero_deck
    assert list(state.hero_discard.cards) == ["Deputy Taylor"]


def test_farmer_sty_holds_a_zombie_back(tmp_path):
    from tests.games.last_night_on_earth.table import zombie_turn

    state = table(tmp_path)
    give(state, "Sally", "Farmer Sty")
    z = zombie(state, "4,4")
    script(state, 1, 1)
    zombie_turn(state, "spawn")
    assert f"sty:Sally:{z}" in state.decision.ids
    state.apply(f"sty:Sally:{z}")
    assert state.zombies[z] == at(state, "4,4")
    assert not any(i.startswith(f"move:{z}") for i in state.decision.ids)
