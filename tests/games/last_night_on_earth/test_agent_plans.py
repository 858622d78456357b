"""The hero heuristic's scenario plans (agent.py) on scripted positions of the test town:
Save the Townsfolk (each hero fetches a different townsperson, an escort walks to the Center of
Town) and Burn 'Em Out (search while Gasoline or Fire lacks, a Gasoline to a pit building, Fire
to a space outside it, scenario cards kept at the item limits)."""

from __future__ import annotations

from deadtable.agents.base import observe
from deadtable.games.last_night_on_earth import agent
from deadtable.games.last_night_on_earth.agent import HeuristicAgent
from tests.games.last_night_on_earth.table import at, give, hero_turn, put, table

DINER = ("0,0", "1,0", "2,0", "0,1", "1,1", "2,1")


def heroes_act(state):
    return HeuristicAgent(seed=1).act(observe(state))


def burn_table(tmp_path):
    """Burn 'Em Out with one pit to burn, in the Diner (whose door opens below 1,1)."""
    state = table(tmp_path, scenario="burn-em-out")
    pit = at(state, "0,1")
    state.pits, state.targets, state.gas = [pit], [pit], []
    return state


def test_each_hero_fetches_a_different_townsperson_the_nearest_pairs_first(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {"Townsperson 1": at(state, "1,3"), "Townsperson 2": at(state, "6,3")}
    put(state, "Becky", "1,4")  # a step from Townsperson 1
    put(state, "Sally", "5,3")  # a step from Townsperson 2; Johnny and Jenny at 3,3
    assert agent.townsfolk_claims(state) == {"Becky": at(state, "1,3"),
                                             "Sally": at(state, "6,3")}
    assert agent.rescue_goals(state, state.heroes["Johnny"]) == []
    state.escort["Sally"] = "Townsperson 2"  # taken along: no longer waiting
    assert agent.townsfolk_claims(state) == {"Becky": at(state, "1,3")}


def test_a_hero_on_a_townsperson_takes_it_along(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {"Townsperson 1": at(state, "1,3")}
    put(state, "Becky", "1,3")
    hero_turn(state, "Becky")
    assert heroes_act(state) == "escort:Townsperson 1"


def test_an_escort_walks_to_the_center_of_town_instead_of_searching(tmp_path):
    state = table(tmp_path, scenario="save-the-townsfolk")
    state.folk = {"Townsperson 1": at(state, "1,1")}
    put(state, "Becky", "1,1")  # in the Diner, where she could search
    state.escort["Becky"] = "Townsperson 1"
    assert agent.rescue_goals(state, state.heroes["Becky"]) == list(state.town.center_of_town)
    assert not agent.wants_search(state, state.heroes["Becky"])
    hero_turn(state, "Becky")
    assert "search" in state.decision.ids and heroes_act(state) == "move"


def test_heroes_search_while_the_team_lacks_gasoline_or_fire(tmp_path):
    state = burn_table(tmp_path)
    give(state, "Becky", "Pump Shotgun", "Revolver", "Baseball Bat")  # armed as ever needed
    becky = put(state, "Becky", "1,0")
    assert agent.burn_lacks(state) and agent.wants_search(state, becky)
    give(state, "Sally", "Gasoline", "Torch")
    assert not agent.burn_lacks(state) and not agent.wants_search(state, becky)


def test_a_gasoline_goes_to_the_pit_building_and_is_poured_inside_it(tmp_path):
    state = burn_table(tmp_path)
    give(state, "Becky", "Gasoline")
    goals = agent.burn_goals(state, state.heroes["Becky"])
    assert set(goals) == {at(state, n) for n in DINER + ("1,2",)}  # 1,2: a step from the door
    put(state, "Becky", "1,2")
    hero_turn(state, "Becky")
    assert f"gas:{at(state, '1,2')}" in state.decision.ids  # outdoors: burns nothing
    assert heroes_act(state) == f"gas:{at(state, '1,1')}"


def test_fire_goes_to_a_space_outside_the_soaked_building_and_lights_the_gas(tmp_path):
    state = burn_table(tmp_path)
    state.gas = [at(state, "1,1")]
    give(state, "Becky", "Torch")
    assert agent.burn_goals(state, state.heroes["Becky"]) == [at(state, "1,2")]
    put(state, "Becky", "1,2")
    hero_turn(state, "Becky")
    choice = heroes_act(state)
    assert choice == f"light:{at(state, '1,1')}"
    state.apply(choice)
    assert state.targets == [] and state.outcome.results["heroes"] == "win"
    assert state.heroes["Becky"].wounds == 0  # lit from outside the Diner


def test_no_second_gasoline_on_a_building_already_soaked(tmp_path):
    state = burn_table(tmp_path)
    state.gas = [at(state, "0,0")]
    give(state, "Becky", "Gasoline")
    becky = put(state, "Becky", "1,1")
    assert agent.unsoaked(state) == set()
    assert not agent.useful(state, becky, f"gas:{at(state, '1,1')}")


def test_scenario_cards_are_kept_before_weapons_at_the_item_limits(tmp_path):
    state = burn_table(tmp_path)
    worth = {card: agent._worth(state, card) for card in
             ("Gasoline", "Lighter", "Pump Shotgun", "First Aid Kit")}
    assert worth["Gasoline"] == worth["Lighter"] > worth["Pump Shotgun"] > worth["First Aid Kit"]
    truck = table(tmp_path, scenario="escape-in-the-truck")
    assert agent._worth(truck, "Keys") > agent._worth(truck, "Pump Shotgun")


def test_heroes_search_while_the_team_lacks_the_keys_or_a_gasoline_to_escape(tmp_path):
    state = table(tmp_path, scenario="escape-in-the-truck")
    give(state, "Becky", "Pump Shotgun", "Revolver", "Baseball Bat")
    becky = put(state, "Becky", "1,0")
    assert agent.scenario_lacks(state) and agent.wants_search(state, becky)
    give(state, "Sally", "Keys", "Gasoline")
    assert not agent.scenario_lacks(state) and not agent.wants_search(state, becky)
    assert agent.scenario_goals(state, becky, armed=True) == [state.town.truck]
