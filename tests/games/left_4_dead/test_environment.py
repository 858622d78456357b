"""ENVIRONMENTAL ITEMS: the mounted guns, the gas can, fireworks and tanks lit by a survivor, Car
Alarms and Metal Detectors, with scripted dice, on the test lane with the map's markers added."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from deadtable.games.left_4_dead import endofround, environment, items
from deadtable.games.left_4_dead.agent import HeuristicAgent
from deadtable.games.left_4_dead.state import Left4DeadState
from deadtable.render import render_view
from tests.games.left_4_dead.positions import (
    SMALL_MAP,
    ZOMBIE,
    at,
    choose,
    empty,
    ids,
    infected,
    last_events,
    place_team,
    put,
    script,
    survivor_turn,
)

ENVIRONMENT = """
[[zone]]
name = "car"
kind = "car"
spaces = ["6,3", "7,3"]

[[marker]]
kind = "metal-detector"
at = "3,2"

[[marker]]
kind = "minigun"
at = "2,3"

[[marker]]
kind = "heavy-machine-gun"
at = "8,3"

[[marker]]
kind = "gas-can"
at = "5,1"

[[marker]]
kind = "fireworks"
at = "8,2"

[[marker]]
kind = "propane-tank"
at = "4,0"

[[marker]]
kind = "oxygen-tank"
at = "6,1"
"""


@pytest.fixture
def lane(tmp_path: Path) -> Left4DeadState:
    path = tmp_path / "lane.toml"
    path.write_text(SMALL_MAP + ENVIRONMENT)
    return empty(map=str(path))


def zombies(state: Left4DeadState) -> int:
    return sum(1 for f in state.infected() if f.kind == ZOMBIE)


def light(state: Left4DeadState, kind: str, space: str) -> str:
    return f"light:{kind}:{at(state, space)}"


# -- mounted guns ----------------------------------------------------------------------------
def test_a_survivor_on_the_minigun_attacks_4_times_each_skull_two_hits(lane):
    put(lane, "bill", "2,3")
    charger = infected(lane, "charger", "6,2")  # Life 4, Defense 4
    survivor_turn(lane, "bill", step="attack")
    assert f"attack:minigun:{charger.id}" in ids(lane)
    script(lane, 1, 6, 6, 6, 6, 6)  # 2 dice: one skull, two hits; 4 defense dice: no shield
    lane.apply(f"attack:minigun:{charger.id}")
    assert charger.wounds == 2
    assert ids(lane) == [f"attack:minigun:{charger.id}", "end"]  # the gun again: 3 more
    for _ in range(3):
        if charger.id not in lane.figures:
            break
        script(lane, 6, 6, 6, 6, 6, 6)
        lane.apply(f"attack:minigun:{charger.id}")
    assert not ids(lane)  # four attacks and the turn is over
    assert any("ENVIRONMENTAL ITEMS: MINIGUN" == e.cite for e in lane.log)


def test_the_heavy_machine_gun_is_fired_only_from_its_space(lane):
    put(lane, "bill", "7,2")  # next to the gun, not on it
    zombie = infected(lane, ZOMBIE, "3,3")
    survivor_turn(lane, "bill", step="attack")
    assert f"attack:heavy-machine-gun:{zombie.id}" not in ids(lane)
    assert f"attack:card:{zombie.id}" in ids(lane)


def test_a_mounted_gun_is_a_special_attack_that_height_does_not_modify(lane):
    put(lane, "bill", "2,3")  # level 0
    zombie = infected(lane, ZOMBIE, "5,0")  # level 2: a normal attack gives it +1 defense die
    survivor_turn(lane, "bill", step="attack")
    script(lane, 6, 6, 6, 6, 6)
    lane.apply(f"attack:minigun:{zombie.id}")
    assert "2 dice roll 0 skull(s), 3 dice roll 0 shield(s)" in " ".join(last_events(lane, 2))
    script(lane, 6, 6, 6, 6, 6, 6, 6)
    lane.apply(f"attack:minigun:{zombie.id}")
    assert ids(lane)[0] == f"attack:minigun:{zombie.id}"  # its own attacks are not mixed in


# -- gas can, fireworks, tanks ---------------------------------------------------------------
def test_a_lit_gas_can_hits_every_figure_around_common_squads_with_2_fewer_defense(lane):
    put(lane, "bill", "1,1")
    zombie = infected(lane, ZOMBIE, "5,2")  # Defense 3, 1 die against the gas can
    boomer = infected(lane, "boomer", "6,0")  # a special: its whole Defense 2, and it burns
    hazmat = infected(lane, "hazmat", "6,1")  # not affected by gas cans
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 1, 6, 6, 6)  # 2 dice once: 2 skulls; zombie 1 die, boomer 2 dice
    lane.apply(light(lane, "gas-can", "5,1"))
    text = " ".join(last_events(lane, 6))
    assert f"{zombie.id.title().replace('-', ' ')} rolls 1 defense dice" in text
    assert "Boomer 1 rolls 2 defense dice" in text
    assert zombie.id not in lane.figures and boomer.id not in lane.figures
    assert hazmat.wounds == 0
    assert any(e.kind == "gas-can" for e in lane.effects)
    assert ("gas-can", at(lane, "5,1")) not in environment.lying(lane)  # lit once, gone


def test_a_gas_can_burns_a_special_and_its_fire_attacks_who_enters_until_the_round_ends(lane):
    put(lane, "bill", "1,1")
    smoker = infected(lane, "smoker", "5,1")  # Life 3: survives one skull
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 6, 6, 6, 6)  # 1 skull; 3 defense dice, no shield
    lane.apply(light(lane, "gas-can", "5,1"))
    assert smoker.markers.get("burn") == "gas-can"
    walker = infected(lane, ZOMBIE, "3,3")
    script(lane, 1, 6, 6)  # the fire: 2 dice, 1 skull; Defense 3 - 2 = 1 die, no shield
    walker.space = at(lane, "5,2")  # next to the gas can's space
    items.entered(lane, walker, at(lane, "5,2"))
    assert walker.id not in lane.figures
    assert "moves into the fire" in " ".join(last_events(lane, 3))
    endofround.lasting_effects(lane)
    assert not lane.effects  # removed at the end of the round


def test_fireworks_are_lit_only_within_the_survivors_range_and_sight(lane):
    put(lane, "bill", "1,2")  # 7 spaces from the fireworks; Range 6
    infected(lane, ZOMBIE, "4,2")
    survivor_turn(lane, "bill", step="attack")
    assert light(lane, "fireworks", "8,2") not in ids(lane)
    assert light(lane, "gas-can", "5,1") in ids(lane)


def test_a_propane_tank_explodes_at_once_with_no_defense_and_spares_workers(lane):
    put(lane, "bill", "1,0")
    riot = infected(lane, "riot-control", "4,0")  # on the tank's space: sight to it is clear
    worker = infected(lane, "worker", "5,0")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 6)  # 2 dice: one skull; no defense dice at all
    lane.apply(light(lane, "propane-tank", "4,0"))
    assert riot.id not in lane.figures and worker.id in lane.figures
    assert "rolls 0 defense dice" in " ".join(last_events(lane, 3))
    assert light(lane, "propane-tank", "4,0") not in (ids(lane) or [])


def test_an_oxygen_tank_explodes_at_the_end_of_the_round_with_no_defense(lane):
    put(lane, "bill", "1,1")
    survivor_turn(lane, "bill", step="attack")
    infected(lane, ZOMBIE, "4,2")  # something to be in the lane
    lane.apply(light(lane, "oxygen-tank", "6,1"))
    zombie = infected(lane, ZOMBIE, "7,1")  # came next to it later in the round
    worker = infected(lane, "worker", "5,1")
    script(lane, 1, 6)
    endofround.lasting_effects(lane)
    assert zombie.id not in lane.figures and worker.id in lane.figures
    assert any(e.cite == "ENVIRONMENTAL ITEMS: OXYGEN TANK" and "explodes" in e.text
               for e in lane.log)


# -- Car Alarms and Metal Detectors -----------------------------------------------------------
def test_ending_a_move_on_a_car_sets_off_its_alarm_once(lane):
    put(lane, "bill", "5,2")
    survivor_turn(lane, "bill")
    before = zombies(lane)
    lane.apply(f"move:{at(lane, '6,3')}")
    lane.apply("stop")
    assert zombies(lane) == before + 3 + lane.modifier  # normal: 3 + 1
    assert environment.alarms_due(lane) == 1
    assert not environment.armed_cars(lane)
    assert any(e.cite == environment.CAR_CITE for e in lane.log)


def test_attacking_a_figure_next_to_a_car_sets_off_the_alarm(lane):
    put(lane, "bill", "1,3")
    zombie = infected(lane, ZOMBIE, "5,3")  # next to the car's 6,3
    survivor_turn(lane, "bill", step="attack")
    script(lane, 6, 6, 6, 6, 6, 6)
    lane.apply(f"attack:card:{zombie.id}")
    assert environment.alarms_due(lane) == 1


def test_attacking_far_from_a_car_leaves_the_alarm_armed(lane):
    put(lane, "bill", "1,1")
    zombie = infected(lane, ZOMBIE, "3,1")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 6, 6, 6, 6, 6, 6)
    lane.apply(f"attack:card:{zombie.id}")
    assert environment.alarms_due(lane) == 0 and environment.armed_cars(lane)


def test_moving_through_a_metal_detector_sets_it_off(lane):
    put(lane, "bill", "2,2")
    survivor_turn(lane, "bill")
    before = zombies(lane)
    lane.apply(f"move:{at(lane, '4,2')}")  # the straight way runs through 3,2
    assert zombies(lane) == before + 4
    assert not environment.lying(lane, (environment.DETECTOR,))
    assert any(e.cite == environment.DETECTOR_CITE for e in lane.log)


def test_an_alarm_places_its_zombies_again_at_the_end_of_the_round(lane):
    put(lane, "bill", "5,2")
    survivor_turn(lane, "bill")
    lane.apply(f"move:{at(lane, '6,3')}")
    lane.apply("stop")
    lane.stack.clear()
    before = zombies(lane)
    script(lane, 1, 1)  # Spawning Zombies 1 + 1: 2 zombies; Spawning Specials: a Boomer
    endofround.end_of_round(lane)
    assert zombies(lane) == before + 2 + 4
    assert "The alarm's second wave: 4 zombies." in [e.text for e in lane.log]
    assert environment.alarms_due(lane) == 0  # once


# -- the survivors' heuristic ---------------------------------------------------------------
def heuristic(state: Left4DeadState) -> str:
    return choose(HeuristicAgent(seed=1), state)


def test_the_heuristic_lights_a_gas_can_where_the_infected_crowd_round_it(lane):
    place_team(lane, bill="1,1", francis="0,2", louis="1,2", zoey="0,3")
    for space in ("5,2", "6,0", "6,2", "6,1"):
        infected(lane, ZOMBIE, space)
    survivor_turn(lane, "bill", step="attack")
    assert heuristic(lane) == light(lane, "gas-can", "5,1")


def test_the_heuristic_fires_the_mounted_gun_it_stands_on(lane):
    place_team(lane, bill="2,3", francis="0,2", louis="1,2", zoey="0,3")
    zombie = infected(lane, ZOMBIE, "4,2")
    survivor_turn(lane, "bill", step="attack")
    assert heuristic(lane) == f"attack:minigun:{zombie.id}"


def test_the_heuristic_does_not_set_off_a_car_alarm_for_one_zombie(lane):
    place_team(lane, bill="1,3", francis="0,2", louis="1,2", zoey="0,3")
    zombie = infected(lane, ZOMBIE, "5,3")  # next to the car
    survivor_turn(lane, "bill", step="attack")
    assert f"attack:card:{zombie.id}" in ids(lane)
    assert heuristic(lane) == "end"


# -- what the seats see ----------------------------------------------------------------------
def test_the_view_and_the_terminal_show_what_is_still_in_place(lane):
    put(lane, "bill", "1,1")
    view = lane.view("survivors")
    kinds = {e["kind"] for e in view["environment"]}
    assert kinds == {"minigun", "heavy-machine-gun", "gas-can", "fireworks", "propane-tank",
                     "oxygen-tank", "car", "metal-detector"}
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(render_view("left-4-dead", view))
    text = out.getvalue()
    assert "car alarm" in text and "Environment:" in text and "Gas Can 5,1" in text
    lane.spent.append(environment.key("gas-can", at(lane, "5,1")))
    assert "gas-can" not in {e["kind"] for e in lane.view("survivors")["environment"]}
    clone = lane.clone()
    assert clone.spent == lane.spent and clone.spent is not lane.spent


def test_what_is_spent_and_the_due_wave_survive_a_save_and_the_status_line_says_so(lane):
    put(lane, "bill", "5,2")
    survivor_turn(lane, "bill")
    lane.apply(f"move:{at(lane, '6,3')}")
    lane.apply("stop")
    loaded = lane.game.from_json(lane.to_json())
    assert isinstance(loaded, Left4DeadState)
    assert loaded.spent == ["car@car"] and environment.alarms_due(loaded) == 1
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(
        render_view("left-4-dead", loaded.view("infected")))
    assert "ALARM: 1 wave(s) of zombies again at the end of the round" in out.getvalue()
