"""The heuristic raiders go round a building to the camper waiting under its wall, and break
into a vehicle with campers inside to attack them (11.1, 15.1): scripted positions, the
raiders' choice checked."""

from __future__ import annotations

from deadtable.games.psycho_raiders.agent import HeuristicAgent
from deadtable.games.psycho_raiders.bearings import away, shut, walk
from deadtable.games.psycho_raiders.hunt import break_into_car, inside_cars, lead, pounce
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from tests.games.psycho_raiders.table import drive_to, new, park_everyone, put, take_turn
from tests.games.psycho_raiders.test_agent import observe

PICKUP = "Pickup Truck"


def choose(state: PsychoRaidersState, agent: HeuristicAgent) -> str:
    """The raiders' next choice, past the walkie-talkie (8.2: not an action)."""
    choice = agent.act(observe(state, "raiders"))
    while choice == "walkie":
        state.apply(choice)
        choice = agent.act(observe(state, "raiders"))
    return choice


def randy_under_the_station(raider: str = "spud") -> PsychoRaidersState:
    """Randy alone, in plain sight on 16,10 under the Sheriff's Station's south wall (its
    footprint on 15-16,8 and 15-17,9), the campers' phase over; `raider` on 16,7 north of
    it, the other raiders far off, at the start of `raider`'s turn."""
    state = new()
    park_everyone(state)
    put(state, "randy", "16,10")
    for key in ("ginger", "dawn"):
        state.chars[key].tokens = {}
    take_turn(state, "randy")
    state.apply("end")
    put(state, raider, "16,7")
    take_turn(state, raider)
    return state


def test_a_walk_goes_round_a_building_where_hexes_go_through_it() -> None:
    state = randy_under_the_station()
    north, south = state.board.space("16,7"), state.board.space("16,10")
    assert away(state, north, south) == 3  # straight through the station
    assert walk(state, north, south) > 3  # round it, outdoors (not in by a locked window)
    assert walk(state, north, north) == 0


def test_a_campers_lead_stops_under_a_wall_not_beyond_it() -> None:
    state = randy_under_the_station()
    randy = state.chars["randy"]
    # the lead is the hex under the wall, not 16,6 beyond the station, where the raiders
    # waited for him till dawn. (The campers' heuristic now walks round the building,
    # bearings.north; a lead along that walk measured worse against the racer and stays
    # unbuilt: docs "Campers round buildings".)
    assert lead(state, randy.tokens[1], randy) == randy.tokens[1]
    put(state, "randy", "16,14")  # open ground north of him: his Speed's rows north
    assert state.board.name(lead(state, randy.tokens[1], randy)) == f"16,{14 - randy.speed}"


def test_a_raider_north_of_a_building_walks_round_it_to_the_camper_under_its_wall() -> None:
    state = randy_under_the_station()
    agent = HeuristicAgent(1)
    spud, randy = state.chars["spud"], state.chars["randy"]
    first = start = walk(state, spud.tokens[1], randy.tokens[1])
    choice = choose(state, agent)
    # before: he stepped north to 16,6, the lead beyond the station, and waited there
    assert choice.startswith("move:1:")
    while choice.startswith("move:1:"):
        state.apply(choice)
        assert walk(state, spud.tokens[1], randy.tokens[1]) < start  # every step round it
        start = walk(state, spud.tokens[1], randy.tokens[1])
        choice = choose(state, agent)
    assert first - start == spud.speed  # his whole walk spent going round


def campers_in_the_parked_pickup(raider: str, where: str, opened: bool = False
                                 ) -> PsychoRaidersState:
    """The pickup parked on 18,18 (grass off the road north: not racing), the campers inside,
    their phase over; `raider` on `where`, the others far off, at the start of his turn.
    `opened`: broken into before (11.1: it stays open)."""
    state = new()
    park_everyone(state)
    if opened:
        state.cars[PICKUP]["open_to"].append("all")
    drive_to(state, PICKUP, "18,18")
    for key in ("randy", "ginger", "dawn"):
        state.chars[key].vehicle = PICKUP
        state.chars[key].tokens = {1: state.board.space("18,18")}
    for key in ("randy", "ginger", "dawn"):
        take_turn(state, key)
        state.apply("end")
    while state.decision is not None and state.decision.ids == ["no-reveal"]:
        state.apply("no-reveal")
    put(state, raider, where)
    take_turn(state, raider)
    return state


def test_a_raider_on_a_locked_vehicle_with_campers_inside_breaks_in() -> None:
    state = campers_in_the_parked_pickup("fluke", "18,18")
    ids = state.decision.ids
    assert f"open:vehicle={PICKUP}" in ids  # 11.1: the campers' pickup is locked to him
    assert not any(i.startswith("attack:") for i in ids)  # 15.1: not till it is open
    assert inside_cars(state, state.chars["fluke"])  # three aboard, a seat free (4)
    choice = choose(state, HeuristicAgent(1))
    assert choice == f"open:vehicle={PICKUP}"  # before: he walked off or searched


def test_a_raider_on_an_open_vehicle_gets_in_and_attacks_those_inside() -> None:
    state = campers_in_the_parked_pickup("fluke", "18,18", opened=True)
    choice = choose(state, HeuristicAgent(1))
    assert choice.startswith("attack:")  # 15.1: into the pickup, at one inside
    assert state.chars[choice.split(":")[1]].vehicle == PICKUP
    assert break_into_car(state, state.chars["fluke"], state.decision.ids) is None


def test_a_raider_in_reach_of_a_vehicle_with_campers_inside_walks_to_it() -> None:
    state = campers_in_the_parked_pickup("fluke", "15,18")
    fluke = state.chars["fluke"]
    pickup = state.vehicles[PICKUP]
    agent = HeuristicAgent(1)
    choice = choose(state, agent)
    assert choice.startswith("move:1:")
    while choice.startswith("move:1:"):
        before = walk(state, fluke.tokens[1], pickup)
        state.apply(choice)
        assert walk(state, fluke.tokens[1], pickup) < before
        choice = choose(state, agent)
    assert fluke.tokens[1] == pickup
    assert choice == f"open:vehicle={PICKUP}"


def test_no_break_in_where_nobody_sits_or_the_vehicle_is_full() -> None:
    state = campers_in_the_parked_pickup("fluke", "15,18")
    fluke = state.chars["fluke"]
    assert pounce(state, fluke, state.stack[-1], state.decision.ids) is not None
    state.chars["torch"].vehicle = PICKUP  # a fourth aboard: the pickup is full (10.5)
    state.chars["torch"].tokens = {1: state.vehicles[PICKUP]}
    assert inside_cars(state, fluke) == []
    state.chars["torch"].vehicle = None
    put(state, "torch", "1,31")
    for key in ("randy", "ginger", "dawn"):
        put(state, key, "1,26")  # everyone out: nobody inside to attack
    assert inside_cars(state, fluke) == []


def test_the_raiders_let_a_pickup_the_van_will_beat_to_the_exit_come_on() -> None:
    state = new()
    drive_to(state, PICKUP, "10,25")  # on the road north: 4 turns out, the van (3) first
    for key in ("spud", "torch"):
        put(state, key, "20,28")  # Beau drives the van on
    put(state, "fluke", "10,25")
    fluke = state.chars["fluke"]
    assert inside_cars(state, fluke) == []  # racing, not escaping: let on to the guarded exit
    drive_to(state, "Van", "11,2")  # the van guards the exit: the campers there are prey
    assert [s for s, _ in inside_cars(state, fluke)] == [state.vehicles[PICKUP]]
    drive_to(state, "Van", "10,31")
    drive_to(state, PICKUP, "12,7")  # escaping (one turn out): prey too
    put(state, "fluke", "12,7")
    assert [s for s, _ in inside_cars(state, fluke)] == [state.vehicles[PICKUP]]


def test_the_terrains_no_piece_enters_are_the_terrain_tables_worked_out_once() -> None:
    state = new()
    terrain = state.rules.tables.terrain
    plain = frozenset(name for name, kind in terrain.items() if not kind.enter)
    assert plain and shut(state) == plain
    assert shut(state) is shut(state)  # kept, not made again for every target weighed
