"""The Zombie turn in its order: the Sun track, drawing, the Zombie cards of the turn, the spawn
roll, moving (walls ignored; Zombie Hunger with diagonals, walls not blocking), fights and new
zombies on the spawning pits."""

from __future__ import annotations

from tests.games.last_night_on_earth.table import (
    at,
    give,
    hero_turn,
    put,
    script,
    table,
    texts,
    zombie,
    zombie_cards,
    zombie_turn,
)


def move_ids(state, z):
    return sorted(i for i in state.decision.ids if i.startswith(f"move:{z}:"))


def test_zombie_hunger_pulls_a_zombie_diagonally_through_a_wall(tmp_path):
    state = table(tmp_path)
    put(state, "Becky", "2,1")  # inside the Diner, walled off from 3,2
    for hero in ("Johnny", "Sally", "Jenny"):
        put(state, hero, "7,4")
    z = zombie(state, "3,2")
    zombie_turn(state, "move", order=[z])
    assert state.decision.ids == [f"move:{z}:{at(state, '2,1')}"]
    state.apply(state.decision.ids[0])
    assert state.zombies[z] == at(state, "2,1")


def test_zombies_ignore_walls_and_windows(tmp_path):
    state = table(tmp_path)
    z = zombie(state, "3,1")  # a wall between 3,1 and 2,1
    zombie_turn(state, "move", order=[z])
    assert f"move:{z}:{at(state, '2,1')}" in state.decision.ids
    assert f"stay:{z}" in state.decision.ids


def test_a_zombie_in_a_heros_space_stays(tmp_path):
    state = table(tmp_path)
    z = zombie(state, "3,3")
    other = zombie(state, "6,0")
    zombie_turn(state, "move", order=[z, other])
    assert all(i.endswith(other) or f":{other}:" in i for i in state.decision.ids)


def test_the_spawn_roll_must_beat_the_zombies_on_the_board(tmp_path):
    state = table(tmp_path)
    for _ in range(7):
        zombie(state, "6,0")
    script(state, 3, 4)  # 7 is not more than 7
    zombie_turn(state, "spawn")
    assert "none rise" in texts(state, 30)[-1] or any("none rise" in t for t in texts(state, 30))
    assert len(state.zombies) == 7


def test_a_successful_spawn_places_two_zombies_on_pits(tmp_path):
    state = table(tmp_path)
    zombie(state, "6,0")
    script(state, 1, 1)  # 2 is more than 1
    zombie_turn(state, "spawn")
    while state.decision.seat == "zombies" and not state.decision.ids[0].startswith("pit:"):
        state.apply(next(i for i in state.decision.ids if i.startswith(("stay", "move"))))
    assert state.decision.ids == [f"pit:{at(state, '5,3')}"]
    state.apply(state.decision.ids[0])
    state.apply(state.decision.ids[0])
    assert len(state.zombies) == 3


def test_the_sun_track_running_out_ends_the_game(tmp_path):
    state = table(tmp_path)
    state.turn = 15
    zombie_turn(state, "sun")
    assert state.outcome is not None
    assert state.outcome.results == {"zombies": "win", "heroes": "loss"}
    assert state.outcome.cause == "the Sun track ran out"


def test_the_zombies_draw_up_to_four(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Shamble")
    zombie_turn(state, "draw")
    assert len(state.zombie_hand) == 4
    assert "The zombies draw 3 cards." in texts(state, 10)


def test_one_card_drawn_is_one_card_in_the_log_and_on_the_screen(tmp_path):
    from deadtable.games.last_night_on_earth.render import status_text

    state = table(tmp_path)
    zombie_cards(state, "Shamble", "Shamble", "Shamble")
    zombie_turn(state, "draw")
    assert "The zombies draw 1 card." in texts(state, 10)
    state.zombie_hand.cards[1:] = []
    assert "Zombie hand: 1 card · Discards:" in str(status_text(state.view("heroes")))


def test_shamble_moves_a_zombie_a_die_roll_of_spaces(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Shamble")
    z = zombie(state, "7,3")
    zombie_turn(state, "move", order=[z])
    script(state, 3)
    state.apply(f"shamble:{z}")
    for name in ("7,4", "6,4", "5,4"):
        state.apply(f"move:{z}:{at(state, name)}")
    assert state.zombies[z] == at(state, "5,4")
    assert not state.decision.ids[0].startswith(f"move:{z}")


def test_a_shambling_zombies_reach_ends_at_a_hero_and_a_far_square_takes_a_step(tmp_path):
    from deadtable.ui import choose

    state = table(tmp_path)
    zombie_cards(state, "Shamble")
    z = zombie(state, "7,3")
    put(state, "Becky", "5,3")
    zombie_turn(state, "move", order=[z])
    assert state.view("zombies")["moving"] is None  # one step: no area to show
    script(state, 3)
    state.apply(f"shamble:{z}")
    moving = state.view("zombies")["moving"]
    assert moving["mover"] == "Zombie 1" and moving["zombie"] == z and moving["left"] == 3
    reach = moving["reach"]
    assert reach["7,0"] == [3, "7,2"] and reach["5,3"] == [2, "6,3"]
    assert "4,3" not in reach  # Becky's square ends the move
    assert "5,2" not in reach  # next to Becky on 6,2, Zombie Hunger takes it into her square
    assert sorted(reach) == ["5,3", "6,1", "6,2", "6,3", "6,4", "6,5", "7,0", "7,1", "7,2",
                             "7,4", "7,5"]
    view = state.view("zombies")
    assert view["toward"]["7,0"] == "7,2"
    named = choose.with_space_names(state.decision, state.board.names)
    chosen = choose.choose(named, "7,0", toward=view["toward"])
    assert chosen is not None and chosen.action == f"move:{z}:{at(state, '7,2')}"


def test_oh_the_horror_draws_three_and_discards_down_next_turn(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Oh the Horror!", "Shamble", "Shamble", "Shamble")
    zombie_turn(state, "cards")
    state.apply("play:Oh the Horror!")
    assert len(state.zombie_hand) == 6 and state.overdrawn
    zombie_turn(state, "draw")
    assert state.decision.ids[0].startswith("discard:")
    state.apply(state.decision.ids[0])
    state.apply(state.decision.ids[0])
    assert len(state.zombie_hand) == 4 and not state.overdrawn


def test_a_town_overrun_that_empties_the_hero_deck_beats_the_heroes(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "A Town Overrun")
    state.hero_deck.cards = state.hero_deck.cards[:10]
    zombie_turn(state, "cards")
    state.apply("play:A Town Overrun")
    assert state.outcome is not None and state.outcome.results["zombies"] == "win"
    assert len(state.hero_discard) == 10


def test_heavy_rain_slows_heroes_starting_outside(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Heavy Rain")
    zombie_turn(state, "cards")
    state.apply("play:Heavy Rain")
    assert state.in_play == ["Heavy Rain"]
    state.stack = state.stack[:1]
    hero_turn(state, "Becky")
    script(state, 1)
    state.apply("move")
    assert "Becky rolls 1: moves up to 1 space (Heavy Rain leaves at least 1)." in texts(
        state, 3)
    assert state.log[-1].cite == "Base game: Hero turn, move; Zombie card: Heavy Rain"
    state.apply("stop")
    state.stack = state.stack[:1]
    hero_turn(state, "Johnny")
    script(state, 4)
    state.apply("move")
    assert "Johnny rolls 4: moves up to 3 spaces (-1 Heavy Rain, starting outside)." in texts(
        state, 3)


def test_cornered_gives_zombies_two_dice_and_heroes_the_ties(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Cornered")
    zombie_turn(state, "cards")
    state.apply("play:Cornered")
    assert state.cornered
    z = zombie(state, "3,3")
    state.stack = state.stack[:1]
    hero_turn(state, "Becky", step="fight")
    script(state, 5, 1, 1, 5, 2)  # zombie 5, 1, 1; Becky 5, 2: a tie, hers
    state.apply("roll")
    assert state.heroes["Becky"].wounds == 0 and z in state.zombies


def test_surprise_attack_puts_a_zombie_on_a_hero_inside(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Surprise Attack")
    put(state, "Sally", "1,0")
    zombie_turn(state, "cards")
    assert [i for i in state.decision.ids if i.startswith("surprise:")] == ["surprise:Sally"]
    labels = {a.id: a.label for a in state.decision.actions}
    assert labels["surprise:Sally"] == ("Surprise Attack on Sally: a zombie from the pool on "
                                        "1,0 (Diner)")
    state.apply("surprise:Sally")
    assert list(state.zombies.values()) == [at(state, "1,0")]


def test_the_heroes_choose_who_fights_a_zombie_in_a_shared_space(tmp_path):
    state = table(tmp_path)
    z = zombie(state, "3,3")
    zombie_turn(state, "fights")
    assert sorted(state.decision.ids) == sorted(f"pair:{z}:{h}" for h in state.heroes)
    state.apply(f"pair:{z}:Sally")
    assert state.stack[-1].KIND == "fight" and state.stack[-1].hero == "Sally"


def test_trip_makes_a_hero_reroll_the_movement_die(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Trip!")
    hero_turn(state, "Becky")
    script(state, 6)
    state.apply("move")
    assert state.decision.seat == "zombies" and state.decision.ids == ["play:Trip!", "pass"]
    assert state.decision.prompt == "Becky moves up to 6: play a card?"
    script(state, 2)
    state.apply("play:Trip!")
    assert state.stack[-1].moves_left == 2 and "Trip!" in state.zombie_discard
    assert texts(state, 2) == ["Trip!: Becky re-rolls the movement die.",
                               "Becky rolls 2: moves up to 2 spaces."]


def test_a_movement_roll_says_what_the_hero_sheet_adds(tmp_path):
    state = table(tmp_path, heroes="Becky,Billy,Sally,Jenny")
    hero_turn(state, "Billy")
    script(state, 1)
    state.apply("move")
    assert state.stack[-1].moves_left == 2
    assert "Billy rolls 1: moves up to 2 spaces (+1 Billy's movement)." in texts(state, 3)


def test_resilient_discards_the_gun_that_killed(tmp_path):
    state = table(tmp_path)
    give(state, "Becky", "Revolver")
    zombie_cards(state, "Resilient")
    z = zombie(state, "3,1")
    hero_turn(state, "Becky")
    script(state, 5)
    state.apply(f"shoot:Revolver:{z}")
    assert z not in state.zombies
    state.apply("play:Resilient")
    assert "Revolver" not in state.heroes["Becky"].items and "Revolver" in state.hero_discard


def test_theres_too_many_spawns_d6_taking_zombies_from_the_board(tmp_path):
    state = table(tmp_path)
    for _ in range(13):
        zombie(state, "7,3")
    zombie_cards(state, "There's Too Many!")
    zombie_turn(state, "end-cards")
    script(state, 3)
    state.apply("play:There's Too Many!")
    assert texts(state, 1) == ["There's Too Many!: the D6 rolls 3: 3 new zombies spawn."]
    pit = at(state, "5,3")
    assert state.decision.ids == [f"pit:{pit}"]  # one left in the pool
    state.apply(f"pit:{pit}")
    assert state.decision.ids[0].startswith("take:")  # then from the board
    state.apply(f"take:zombie-1:{pit}")
    state.apply(f"take:zombie-2:{pit}")
    assert len(state.zombies) == 14
    assert sum(1 for s in state.zombies.values() if s == pit) == 3


def test_relentless_advance_moves_d6_zombies_a_space_now(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Relentless Advance")
    a, b = zombie(state, "7,1"), zombie(state, "7,4")
    zombie_turn(state, "cards")
    script(state, 2)
    state.apply("play:Relentless Advance")
    state.apply(f"advance:{a}:{at(state, '7,2')}")
    assert not any(i.startswith(f"advance:{a}:") for i in state.decision.ids)  # once each
    state.apply(f"advance:{b}:{at(state, '6,4')}")
    assert state.zombies == {a: at(state, "7,2"), b: at(state, "6,4")}
    assert state.stack[-1].advance == 0


def test_relentless_advance_with_no_zombie_able_to_move_goes_on(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Relentless Advance", "Shamble")
    zombie(state, "3,3")  # in the heroes' space: it cannot move
    zombie_turn(state, "cards")
    script(state, 4)
    state.apply("play:Relentless Advance")
    assert state.stack[-1].step == "cards" and state.decision.ids == ["done"]
