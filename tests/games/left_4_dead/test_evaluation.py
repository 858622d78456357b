"""The survivors' standing in an unfinished chapter (evaluation.py), what `mcts:evaluate=true`
scores a rollout cut short with."""

from __future__ import annotations

from deadtable.games.left_4_dead.evaluation import ALONE_COST, Threats, evaluate
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.positions import infected, place_team


def team(lane: Left4DeadState, where: str) -> None:
    place_team(lane, bill=where, francis=where, louis=where, zoey=where)


def test_values_are_complements_in_the_unit_interval(lane: Left4DeadState) -> None:
    team(lane, "1,2")
    value = evaluate(lane)
    assert 0.0 < value["survivors"] < 1.0
    assert value["survivors"] + value["infected"] == 1.0


def test_closer_to_the_safe_room_is_better(lane: Left4DeadState) -> None:
    team(lane, "0,2")
    far = evaluate(lane)["survivors"]
    team(lane, "8,2")
    assert evaluate(lane)["survivors"] > far


def test_wounds_incapacitation_and_destruction_each_cost(lane: Left4DeadState) -> None:
    team(lane, "3,2")
    whole = evaluate(lane)["survivors"]
    lane.figures["bill"].wounds = 1
    hurt = evaluate(lane)["survivors"]
    lane.figures["bill"].down = True
    lane.figures["bill"].incaps = 1
    down = evaluate(lane)["survivors"]
    lane.figures["bill"].space = None
    gone = evaluate(lane)["survivors"]
    assert whole > hurt > down > gone


def test_a_held_survivor_is_worth_less(lane: Left4DeadState) -> None:
    team(lane, "3,2")
    free = evaluate(lane)["survivors"]
    hunter = infected(lane, "hunter", "4,2")
    lane.figures["zoey"].markers["pinned"] = hunter.id
    assert evaluate(lane)["survivors"] < free


def test_nobody_standing_is_worth_little(lane: Left4DeadState) -> None:
    team(lane, "3,2")
    for figure in lane.survivors():
        figure.down = True
    assert evaluate(lane)["survivors"] <= 0.3


def test_standing_next_to_the_infected_costs(lane: Left4DeadState) -> None:
    team(lane, "3,2")
    clear = evaluate(lane)["survivors"]
    infected(lane, "zombies-of-morindan", "4,2")
    one = evaluate(lane)["survivors"]
    infected(lane, "zombies-of-morindan", "3,1")
    assert clear > one > evaluate(lane)["survivors"]


def test_standing_alone_costs_while_a_captor_is_free(lane: Left4DeadState) -> None:
    place_team(lane, bill="2,2", francis="2,3", louis="3,2", zoey="7,3")
    zoey = lane.figures["zoey"]
    infected(lane, "boomer", "9,0")
    assert Threats(lane).cost(lane, zoey) == 0.0  # no captor: standing alone costs nothing
    before = evaluate(lane)["survivors"]
    hunter = infected(lane, "hunter", "9,0")
    assert Threats(lane).cost(lane, zoey) == ALONE_COST
    assert evaluate(lane)["survivors"] < before
    assert Threats(lane).cost(lane, lane.figures["bill"]) == 0.0  # teammates near
    lane.figures["bill"].markers["pinned"] = hunter.id  # the Hunter is busy: nobody is prey
    assert Threats(lane).cost(lane, zoey) == 0.0
