"""The scenarios beyond Die, Zombies, Die! and the Manor House: Escape in the Truck (the Keys,
a Gasoline, 2 heroes at the truck), Burn 'Em Out (pits in buildings, gas and fire) and Save the
Townsfolk (tokens taken along, saved in the Center of Town, killed by zombies)."""

from __future__ import annotations

from deadtable.games.last_night_on_earth import scenario
from deadtable.games.last_night_on_earth.heroturn import HeroTurn
from deadtable.games.last_night_on_earth.townsfolk import place_townsfolk
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

DINER = ("0,0", "1,0", "2,0", "0,1", "1,1", "2,1")


def end_hero_turn(state):
    """Every hero has acted: the Hero turn ends (the zombies' attacks, the objectives)."""
    state.stack = state.stack[:1]
    push(state, HeroTurn(step="choose", acted=list(state.heroes)))


def test_escape_in_the_truck_needs_two_heroes_the_keys_and_a_gasoline(tmp_path):
    state = table(tmp_path, scenario="escape-in-the-truck")
    assert state.hero_deck.cards.count("Gasoline") == 2  # shuffled in for the scenario
    give(state, "Becky", "Keys")
    give(state, "Sally", "Gasoline")
    put(state, "Becky", "6,4")
    end_hero_turn(state)
    assert state.outcome is None  # one hero at the truck is not enough
    put(state, "Sally", "6,4")
    end_hero_turn(state)
    assert state.outcome is not None and state.outcome.results["heroes"] == "win"


def test_escape_in_the_truck_without_the_gasoline_goes_on(tmp_path):
    state = table(tmp_path, scenario="escape-in-the-truck")
    give(state, "Becky", "Keys")
    put(state, "Becky", "6,4")
    put(state, "Sally", "6,4")
    end_hero_turn(state)
    assert state.outcome is None


def test_a_town_without_a_truck_refuses_the_truck_scenario(tmp_path):
    from deadtable import registry
    from tests.games.last_night_on_earth.table import TOWN

    path = tmp_path / "no-truck.toml"
    path.write_text(TOWN.replace('kind = "truck"', 'kind = "note"'))
    try:
        registry.load("last-night-on-earth", town=str(path), scenario="escape-in-the-truck")
    except ValueError as error:
        assert "no truck marker" in str(error)
    else:
        raise AssertionError("a town without a truck was accepted")


def test_gasoline_puts_a_gas_marker_on_the_heros_space_or_a_step_away(tmp_path):
    state = table(tmp_path, scenario="burn-em-out")
    give(state, "Becky", "Gasoline")
    put(state, "Becky", "2,0")  # in the Diner: a window to the right, not a step
    hero_turn(state, "Becky")
    gas = sorted(i for i in state.decision.ids if i.startswith("gas:"))
    assert gas == sorted(f"gas:{at(state, n)}" for n in ("2,0", "1,0", "2,1"))
    assert not any(i.startswith("light:") for i in state.decision.ids)  # no Fire
    state.apply(f"gas:{at(state, '1,0')}")
    assert state.gas == [at(state, "1,0")] and "Gasoline" in state.hero_discard
    assert state.view("zombies")["gas"] == ["1,0"]


def test_lighting_the_gas_in_a_building_burns_everyone_there_and_its_pit(tmp_path):
    state = table(tmp_path, scenario="burn-em-out")
    diner_pit, other_pit = at(state, "0,1"), at(state, "5,3")
    state.pits, state.targets = [diner_pit, other_pit], [diner_pit, other_pit]
    state.gas = [at(state, "1,1")]
    give(state, "Becky", "Torch")
    put(state, "Becky", "1,2")  # outside the Diner's door
    put(state, "Sally", "2,1")  # inside
    z = zombie(state, "0,0")
    outside = zombie(state, "3,2")
    hero_turn(state, "Becky")
    state.apply(f"light:{at(state, '1,1')}")
    assert z not in state.zombies and outside in state.zombies
    assert state.pits == [other_pit] and state.targets == [other_pit] and state.gas == []
    assert state.heroes["Sally"].wounds == 1 and state.heroes["Becky"].wounds == 0
    assert "the Diner burns." in " ".join(texts(state))
    assert not any(i.startswith("light:") for i in state.decision.ids)  # one a turn


def test_burning_both_set_up_pits_wins_burn_em_out(tmp_path):
    state = table(tmp_path, scenario="burn-em-out")
    diner_pit = at(state, "0,1")
    state.pits, state.targets = [diner_pit], [diner_pit]
    state.gas = [at(state, "1,1")]
    give(state, "Becky", "Torch")
    put(state, "Becky", "1,2")
    hero_turn(state, "Becky")
    state.apply(f"light:{at(state, '1,1')}")
    assert state.outcome is not None and state.outcome.results["heroes"] == "win"


def test_burn_em_out_puts_its_pits_in_random_buildings_not_a_heros_start(tmp_path):
    state = table(tmp_path, scenario="burn-em-out", heroes="Becky,Johnny,Sally,Jake Cartwright")
    script(state, 5, 6, 1, 3, 1, 2, 2, 4)  # choice faces re-rolled; the Diner; the Diner again
    scenario.burn_setup(state)  # (re-rolled: one pit a building); the Bank
    diner = {at(state, n) for n in DINER}
    assert len(state.pits) == 2 and state.pits[0] in diner
    assert state.pits[1] == at(state, "7,0") and state.targets == state.pits


def test_townsfolk_start_in_random_buildings_without_a_pit(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {}
    state.pits = [at(state, "7,0")]  # a pit in the Bank
    script(state, *[2, 1, 4, 1] * 6)  # the Bank each time re-rolled: the Gym
    place_townsfolk(state)
    assert sorted(state.folk) == [f"Townsperson {i}" for i in range(1, 7)]
    assert set(state.folk.values()) == {at(state, "0,5")}


def test_a_hero_takes_a_townsperson_to_the_center_of_town(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {"Townsperson 1": at(state, "1,3")}
    put(state, "Becky", "1,3")
    hero_turn(state, "Becky")
    state.apply("escort:Townsperson 1")
    script(state, 3)
    state.apply("move")
    state.apply(f"step:{at(state, '2,3')}")
    assert state.folk["Townsperson 1"] == at(state, "2,3")
    state.apply(f"step:{at(state, '3,3')}")
    assert state.saved == 1 and "Townsperson 1" not in state.folk and not state.escort


def test_four_townsfolk_saved_win_the_game(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk, state.saved = {"Townsperson 4": at(state, "2,3")}, 3
    put(state, "Becky", "2,3")
    hero_turn(state, "Becky")
    state.apply("escort:Townsperson 4")
    script(state, 2)
    state.apply("move")
    state.apply(f"step:{at(state, '3,3')}")
    assert state.outcome is not None and state.outcome.results["heroes"] == "win"


def test_a_townsperson_attacks_an_adjacent_zombie_once_a_turn(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {"Townsperson 1": at(state, "1,3")}
    a, b = zombie(state, "1,4"), zombie(state, "2,3")
    hero_turn(state, "Becky")
    assert sorted(i for i in state.decision.ids if i.startswith("folk:")) == [
        f"folk:Townsperson 1:{a}", f"folk:Townsperson 1:{b}"]
    script(state, 5)
    state.apply(f"folk:Townsperson 1:{a}")
    assert a not in state.zombies and state.kills == 1
    assert not any(i.startswith("folk:") for i in state.decision.ids)


def test_a_zombie_kills_a_townsperson_alone_on_5_or_6(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {"Townsperson 1": at(state, "1,3"), "Townsperson 2": at(state, "6,3")}
    zombie(state, "1,3")
    zombie(state, "6,3")
    script(state, 4, 6)  # the first misses, the second kills
    end_hero_turn(state)
    assert state.folk == {"Townsperson 1": at(state, "1,3")} and state.folk_lost == 1


def test_three_townsfolk_killed_lose_the_game(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {"Townsperson 1": at(state, "1,3"), "Townsperson 2": at(state, "6,3")}
    state.folk_lost = 2
    zombie(state, "1,3")
    zombie(state, "6,3")
    script(state, 5)  # the first attack ends the game: the second zombie does not attack
    end_hero_turn(state)
    assert state.outcome is not None and state.outcome.results["zombies"] == "win"
    assert state.outcome.cause == "3 townsfolk killed" and state.folk_lost == 3


def test_just_a_scratch_saves_a_townsperson(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {"Townsperson 1": at(state, "1,3")}
    zombie(state, "1,3")
    give(state, "Sally", "Just a Scratch")
    script(state, 6)
    end_hero_turn(state)
    assert state.decision.ids == ["scratch:Sally", "take"]
    state.apply("scratch:Sally")
    assert "Townsperson 1" in state.folk and "Just a Scratch" in state.hero_discard


def test_a_hero_killed_leaves_his_townsperson_where_he_fell(tmp_path):
    from deadtable.games.last_night_on_earth.wounds import kill_hero

    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {"Townsperson 1": at(state, "1,3")}
    state.escort = {"Becky": "Townsperson 1"}
    put(state, "Becky", "1,3")
    kill_hero(state, state.heroes["Becky"])
    assert state.escort == {} and state.folk == {"Townsperson 1": at(state, "1,3")}


def test_a_townsperson_left_is_not_taken_again_that_turn(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {"Townsperson 1": at(state, "3,3")}
    hero_turn(state, "Becky")
    state.apply("escort:Townsperson 1")
    state.apply("leave:Townsperson 1")
    assert state.escort == {} and not any(i.startswith("escort:") for i in state.decision.ids)


def test_burn_em_out_shuffles_in_two_gasoline_and_two_lighters(tmp_path):
    state = table(tmp_path, scenario="burn-em-out")
    assert state.hero_deck.cards.count("Gasoline") == 2
    assert state.hero_deck.cards.count("Lighter") == 2
    give(state, "Becky", "Lighter")
    state.gas = [at(state, "3,3")]
    hero_turn(state, "Becky")
    assert f"light:{at(state, '3,3')}" in state.decision.ids  # the Lighter is Fire


def test_every_seat_reads_the_scenarios_goal_in_words():
    from deadtable.games.last_night_on_earth import SPEC

    burn = SPEC.bind(scenario="burn-em-out").new(seed=1)
    assert burn.view("zombies")["objective"][:2] == [
        "The heroes win by burning the spawning pits.",
        "The zombies win by killing 4 heroes or when the Sun track runs out."]
    manor = SPEC.bind(scenario="defend-the-manor-house").new(seed=1).view("heroes")["objective"]
    assert manor[:2] == ["The heroes win by holding out till the Sun track runs out.",
                         "The zombies win by killing 4 heroes."]  # dawn is the heroes' here
    assert SPEC.bind().new(seed=1).view("heroes")["objective"][0] == \
        "The heroes win by killing 15 zombies."
