"""The Zombie cards that change a building and remain in play: My God, They've Taken the…
(taken over: filled with zombies, no hero enters or searches), Lights Out (a hero stepping in
stops) and New Spawning Pit; At Last… cancels each."""

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
    zombie_cards,
    zombie_turn,
)

MY_GOD = "My God, They've Taken the…"


def test_my_god_fills_a_random_building_and_its_zombies_stay_put(tmp_path):
    state = table(tmp_path)
    put(state, "Becky", "1,1")
    zombie_cards(state, MY_GOD)
    zombie_turn(state, "cards")
    script(state, 1, 4, 1, 1)  # the NW corner, building roll 4: the Diner; spawn roll 2
    state.apply(f"play:{MY_GOD}")
    assert state.in_play == [f"{MY_GOD} (Diner)"]
    diner = {at(state, n) for n in ("0,0", "1,0", "2,0", "0,1", "2,1")}
    assert set(state.zombies.values()) == diner  # every space but Becky's
    log = texts(state, 40)
    assert "Random building: the NW corner, 4: the Diner." in log
    # the turn has run on: the new zombies next to Becky did not move into her space
    assert state.stack[-1].KIND != "zombie-turn" and not any(" moves to " in t for t in log)


def test_my_god_rerolls_a_building_already_taken(tmp_path):
    state = table(tmp_path)
    state.in_play.append(f"{MY_GOD} (Bank)")
    zombie_cards(state, MY_GOD)
    zombie_turn(state, "cards")
    script(state, 2, 3, 3, 1)  # NE: the Bank, taken; again: SE, the Church
    state.apply(f"play:{MY_GOD}")
    assert f"{MY_GOD} (Church)" in state.in_play
    assert list(state.zombies.values()) == [at(state, "7,5")]


def test_no_hero_enters_or_searches_a_building_taken_over(tmp_path):
    state = table(tmp_path)
    state.in_play.append(f"{MY_GOD} (Diner)")
    put(state, "Becky", "1,2")  # below the Diner's door
    put(state, "Sally", "1,1")  # inside it
    hero_turn(state, "Becky")
    script(state, 3)
    state.apply("move")
    assert f"step:{at(state, '1,1')}" not in state.decision.ids
    state.stack = state.stack[:1]
    hero_turn(state, "Sally")
    assert "search" not in state.decision.ids
    script(state, 3)
    state.apply("move")
    assert f"step:{at(state, '1,0')}" in state.decision.ids  # inside, she moves about


def test_the_heroes_choose_the_corner_on_a_five(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "New Spawning Pit")
    zombie_turn(state, "cards")
    script(state, 5)
    state.apply("play:New Spawning Pit")
    assert state.decision.seat == "heroes"
    assert state.decision.ids == ["corner:NE", "corner:NW", "corner:SE", "corner:SW"]
    labels = {a.id: a.label for a in state.decision.actions}
    assert labels["corner:SW"] == "The SW corner: Gym 1-6"  # what the D6 may pick there
    script(state, 6)
    state.apply("corner:SW")
    assert state.decision.seat == "zombies" and state.decision.ids == [
        f"pit-at:{at(state, '0,5')}"]


def test_new_spawning_pit_gives_the_zombies_a_new_pit(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "New Spawning Pit")
    zombie_turn(state, "cards")
    script(state, 1, 2, 6, 6)  # the Diner; then a spawn roll of 12: two new zombies
    state.apply("play:New Spawning Pit")
    pit = at(state, "0,1")
    state.apply(f"pit-at:{pit}")
    assert state.pits == [at(state, "5,3"), pit]
    assert state.in_play == ["New Spawning Pit (0,1)"]
    assert "0,1" in state.view("heroes")["town"]["spawning_pits"]
    assert state.decision.ids == [f"pit:{pit}", f"pit:{at(state, '5,3')}"]


def test_lights_out_ends_the_move_of_a_hero_stepping_in(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Lights Out")
    zombie_turn(state, "cards")
    state.apply("play:Lights Out")
    assert state.decision.ids == ["building:Bank", "building:Church", "building:Diner",
                                  "building:Gym"]
    state.apply("building:Diner")
    assert state.in_play == ["Lights Out (Diner)"]
    put(state, "Becky", "1,2")
    state.stack = state.stack[:1]
    hero_turn(state, "Becky")
    script(state, 5)
    state.apply("move")
    state.apply(f"step:{at(state, '1,1')}")
    assert state.stack[-1].moves_left == 0
    assert "the move ends" in texts(state, 1)[0]


def test_a_torch_ignores_lights_out(tmp_path):
    state = table(tmp_path)
    state.in_play.append("Lights Out (Diner)")
    give(state, "Becky", "Torch")
    put(state, "Becky", "1,2")
    hero_turn(state, "Becky")
    script(state, 5)
    state.apply("move")
    state.apply(f"step:{at(state, '1,1')}")
    assert state.stack[-1].moves_left == 4


def test_at_last_cancels_one_building_card(tmp_path):
    state = table(tmp_path)
    pit = at(state, "0,1")
    state.pits.append(pit)
    state.in_play += ["New Spawning Pit (0,1)", "Lights Out (Gym)"]
    give(state, "Becky", "At Last…")
    state.stack = state.stack[:1]
    push(state, HeroTurn(step="at-last"))
    state.apply("at-last:Becky:New Spawning Pit (0,1)")
    assert state.in_play == ["Lights Out (Gym)"] and pit not in state.pits
    assert "New Spawning Pit" in state.zombie_discard


def test_a_zombie_on_a_taken_building_space_stays_and_no_zombie_is_doubled(tmp_path):
    state = table(tmp_path)
    z = zombie(state, "0,0")
    zombie_cards(state, MY_GOD)
    zombie_turn(state, "cards")
    script(state, 1, 1)
    state.apply(f"play:{MY_GOD}")
    assert sum(1 for s in state.zombies.values() if s == at(state, "0,0")) == 1
    assert z not in state.stack[-1].held and len(state.stack[-1].held) == 5


def test_a_corner_choice_names_what_each_face_of_the_d6_picks():
    from deadtable import registry
    from deadtable.games.last_night_on_earth.buildingcards import corner_label, faces

    state = registry.load("last-night-on-earth").new(seed=7)
    assert corner_label(state, "NW") == "The NW corner: Church 1-2, Police Station 3-4, " \
        "Graveyard 5-6"
    assert faces((1, 2, 3, 5)) == "1-3, 5"
