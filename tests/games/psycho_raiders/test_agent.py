"""The heuristic agents play whole games, for every seat and for 2 to 13 players; the raiders
hunt: the van races for the road's exit north, a raider seeks hide tokens and appears on
one about to escape."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from deadtable.agents.base import Observation
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState
from deadtable.games.psycho_raiders import SPEC
from deadtable.games.psycho_raiders.abilities import SIDE_OF_KIND
from deadtable.games.psycho_raiders.agent import (
    SPREAD,
    HeuristicAgent,
    _die,
    apart,
    bluff_step,
    by_road,
    dash,
    drive_on,
    outruns,
    road_step,
    wary,
)
from deadtable.games.psycho_raiders.bearings import away, road_ahead, road_path, row_of
from deadtable.games.psycho_raiders.events import Hazard
from deadtable.games.psycho_raiders.geometry import distance
from deadtable.games.psycho_raiders.grip import (
    beside_vehicle,
    break_free,
    friend_near,
    grab_now,
    grab_reroll,
    grab_worth,
    keep_hold,
    likely_kill,
)
from deadtable.games.psycho_raiders.hiding import lit
from deadtable.games.psycho_raiders.hunt import (
    aboard,
    assignment,
    break_in,
    chase,
    drop_ahead,
    escaping,
    hit_car,
    keeps_the_wheel,
    lead,
    next_up,
    pounce,
    quarry,
    racing,
    ram_racer,
    road_exit,
    threat,
    to_exit,
    trap_now,
    van_way,
)
from deadtable.games.psycho_raiders.racer import RacerAgent, nearer
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from tests.games.psycho_raiders.table import (
    drive_to,
    ginger_turn,
    new,
    park_everyone,
    put,
    raider_on_camper,
    script,
    spud_beside_hidden_ginger,
    take_turn,
)


def observe(state: GameState, seat: str) -> Observation:
    decision = state.decision
    assert decision is not None

    def sample(dice: Dice) -> GameState:
        copy = state.clone()
        copy.determinize(seat, dice)
        return copy

    return Observation(seat, decision, state.game, lambda: state.view(seat), sample)


@pytest.mark.parametrize("players", [2, 13])
def test_heuristic_plays_every_seat_to_the_end(players: int) -> None:
    game = SPEC.bind(players=players, **{"max-turns": 8})
    state = game.new(seed=players)
    agents = {seat: HeuristicAgent(i) for i, seat in enumerate(game.seats)}
    while state.outcome is None:
        decision = state.decision
        assert decision is not None
        state.apply(agents[decision.seat].act(observe(state, decision.seat)))
    assert state.outcome is not None


def test_heuristic_campers_drive_north() -> None:
    game = SPEC.bind(players=2, events="none")
    state = game.new(seed=5)
    agent = HeuristicAgent(1)
    while state.decision is not None and state.decision.seat == "raiders":
        state.apply(state.decision.ids[0])  # the Sinister Sheet's ranking
    assert state.board.name(state.vehicles["Van"]) == "10,31"  # 32 road hexes from the exit
    before = drive_to(state, "Pickup Truck", "12,7")  # 7: ahead of the van in the race
    assert drive_on(state, state.chars["randy"])
    while state.decision is not None and state.decision.seat == "campers":
        state.apply(agent.act(observe(state, "campers")))
    row = state.board.offset(state.vehicles["Pickup Truck"])
    assert row is not None and row[1] < (state.board.offset(before) or (0, 99))[1]


def test_heuristic_raider_walks_onto_the_hide_tokens_and_seeks() -> None:
    state, spot = spud_beside_hidden_ginger()
    agent = HeuristicAgent(1)
    state.apply(agent.act(observe(state, "raiders")))
    assert state.chars["spud"].tokens[1] == spot  # onto the tokens (10.6: to seek there)
    choice = agent.act(observe(state, "raiders"))
    assert choice.startswith("seek:ginger:")


def test_heuristic_van_races_along_the_road_to_its_exit_north() -> None:
    game = SPEC.bind(players=2, events="none")
    state = game.new(seed=5)
    agents = {seat: HeuristicAgent(n) for n, seat in enumerate(game.seats)}
    exit_hex = road_exit(state)
    assert exit_hex is not None
    before = to_exit(state, state.vehicles["Van"])
    while state.round < 3 and state.decision is not None:
        seat = state.decision.seat
        state.apply(agents[seat].act(observe(state, seat)))
    assert state.round == 3 and to_exit(state, state.vehicles["Van"]) <= before - 10


def test_raiders_ride_the_van_until_it_is_ahead_of_every_camper_token() -> None:
    state = new()  # the van on V, the campers in the pickup
    assert aboard(state)  # nobody on foot yet: race north
    put(state, "ginger", "10,19")
    assert aboard(state)  # the van (row 31) behind her
    state.vehicles["Van"] = state.board.space("14,10")  # on the road, 9 rows north of her
    assert not aboard(state)  # ahead: get out and cut the edge off
    state.vehicles["Van"] = state.board.space("3,27")  # in the woods, far off the road
    put(state, "ginger", "10,5")
    assert not aboard(state)  # on foot they outrun a van stuck off the road


def test_raider_pounces_on_the_token_nearest_the_edge_before_a_camper_in_sight() -> None:
    state, spot = spud_beside_hidden_ginger()
    ginger = state.chars["ginger"]
    here = state.chars["spud"].tokens[1]
    row = state.board.offset(here)[1]  # type: ignore[index]
    ginger.tokens = {1: spot, 2: state.board.space(f"{state.board.offset(spot)[0]},{row + 3}")}  # type: ignore[index]
    put(state, "dawn", ginger.tokens[2])  # in plain sight, further from the edge
    frame = state.stack[-1]
    pick = pounce(state, state.chars["spud"], frame, state.decision.ids)
    assert pick is not None and pick[0] == row_of(state, spot)  # the token nearer escaping
    assert row_of(state, spot) < row_of(state, ginger.tokens[2])


def test_raiders_guess_the_token_of_fewer_as_the_likelier_real() -> None:
    state, spot = spud_beside_hidden_ginger()
    ginger = state.chars["ginger"]
    one, two = threat(state, spot, ginger), threat(state, spot, state.chars["spud"])
    assert len(ginger.tokens) == 2 and len(state.chars["spud"].tokens) == 1
    assert one[0] == two[0] and two < one  # same row: the lone token ranks first


def test_raiders_head_where_a_token_will_be_not_where_it_is() -> None:
    state = new()
    park_everyone(state)
    put(state, "dawn", "17,20")  # Speed 6: her next walk north ends on row 14
    dawn = state.chars["dawn"]
    assert state.board.name(lead(state, dawn.tokens[1], dawn)) == "17,14"
    put(state, "dawn", "17,3")  # near the edge: she may reach row 0
    assert state.board.name(lead(state, dawn.tokens[1], dawn)) == "17,0"
    put(state, "dawn", "13,9")  # row 3 of her column is the Old Store (13-14,3-4)
    assert state.board.name(lead(state, dawn.tokens[1], dawn)) == "13,5"  # before it


def test_raiders_share_the_tokens_out_the_nearest_the_edge_first() -> None:
    state = new()
    park_everyone(state)
    put(state, "ginger", "18,8")  # hidden, two tokens: one near the edge, one far south
    ginger = state.chars["ginger"]
    ginger.hidden = True
    ginger.tokens = {1: state.board.space("18,8"), 2: state.board.space("18,26")}
    for key, where in (("spud", "14,22"), ("beau", "14,5"), ("fluke", "1,20"),
                       ("torch", "2,21")):
        put(state, key, where)
    for key in ("randy", "dawn"):
        state.chars[key].tokens = {}  # off the map: only Ginger's tokens to hunt
    plan = assignment(state)
    assert plan["beau"][0] == ginger.tokens[1]  # the nearest raider to the pressing token
    assert plan["spud"][0] == ginger.tokens[2]  # the next takes the other token
    assert {plan["fluke"][0], plan["torch"][0]} <= set(ginger.tokens.values())  # spares
    spot = chase(state, state.chars["spud"])
    assert spot == lead(state, ginger.tokens[2], ginger)


def test_campers_drive_only_from_the_road() -> None:
    state = new()  # the campers in the pickup on P, at the end of the camp's track
    randy = state.chars["randy"]
    assert state.board.name(state.vehicles["Pickup Truck"]) == "3,29"
    assert by_road(state, randy)  # the track joins the road north
    state.vehicles["Pickup Truck"] = state.board.space("2,29")  # the camp's long grass
    assert not by_road(state, randy)  # off-road a camper walks faster


def test_campers_leave_the_pickup_that_cannot_beat_the_van_to_the_exit() -> None:
    state = new()  # at the camp: 37 road hexes and the step off at Safe Speed 4, 10 turns;
    randy = state.chars["randy"]  # the van (High Speed 10) within 5 hexes of the exit in 3
    assert by_road(state, randy) and not outruns(state, "Pickup Truck")
    take_turn(state, "randy")
    assert "drive:safe" in state.decision.ids
    assert HeuristicAgent(1).act(observe(state, "campers")) == "move:1:3,28"  # out, north
    for key in ("spud", "beau", "fluke", "torch"):
        put(state, key, "20,20")  # nobody in the van: it stays where it is
    assert outruns(state, "Pickup Truck") and drive_on(state, randy)
    assert HeuristicAgent(1).act(observe(state, "campers")) == "drive:safe"


def test_campers_get_out_where_the_van_guards_the_exit() -> None:
    state = new()
    drive_to(state, "Van", "11,2")  # 6.1: no escape by road within 5 hexes of it
    drive_to(state, "Pickup Truck", "13,9")  # on the road, 9 hexes from the exit
    assert not drive_on(state, state.chars["randy"])
    take_turn(state, "randy")
    assert HeuristicAgent(1).act(observe(state, "campers")) == "move:1:13,8"  # out, north
    state.cars["Van"]["wrecked"] = True  # a wreck guards nothing
    assert drive_on(state, state.chars["randy"])


def test_campers_stop_rather_than_drive_back_where_raiders_block_the_road() -> None:
    state = new()
    state.cars["Van"]["wrecked"] = True
    drive_to(state, "Pickup Truck", "11,1")  # a hex from the road's exit at 11,0
    put(state, "spud", "11,0")  # 10.5: no driving onto an enemy outside a vehicle
    randy = state.chars["randy"]
    assert not drive_on(state, randy)
    take_turn(state, "randy")
    assert HeuristicAgent(1).act(observe(state, "campers")) == "move:1:12,0"  # round him
    state.apply("drive:safe")  # driven anyway: every hex it may take is further away
    cars = [i for i in state.decision.ids if i.startswith("car:")]
    assert cars and road_step(state, randy, cars) is None
    assert not HeuristicAgent(1).act(observe(state, "campers")).startswith("car:")


def test_campers_on_the_roads_exit_drive_off_it() -> None:
    state = new()
    state.cars["Van"]["wrecked"] = True  # 6.1: no raiders' vehicle within 5 hexes
    drive_to(state, "Pickup Truck", "11,0")  # the exit: no road hex nearer, the edge is
    assert drive_on(state, state.chars["randy"])
    take_turn(state, "randy")
    agent = HeuristicAgent(1)
    state.apply(agent.act(observe(state, "campers")))
    assert agent.act(observe(state, "campers")) == "escape-road"


@pytest.mark.parametrize(("at", "step"), [("14,14", "car:13,13"), ("16,14", "car:15,14")])
def test_a_campers_vehicle_keeps_to_the_road_out_never_the_farm_roads_dead_end(
        at: str, step: str) -> None:
    state = new()
    state.cars["Van"]["wrecked"] = True
    drive_to(state, "Pickup Truck", at)  # the farm road runs east from 14,14 to 17,14
    take_turn(state, "randy")
    assert HeuristicAgent(1).act(observe(state, "campers")) == "drive:safe"
    state.apply("drive:safe")
    assert "car:15,14" in state.decision.ids or "car:17,14" in state.decision.ids
    assert HeuristicAgent(1).act(observe(state, "campers")) == step


def test_camper_decoys_walk_north_like_the_real_one() -> None:
    state = new()
    park_everyone(state)
    put(state, "ginger", "18,8")  # 8 rows from the edge, in the dark
    take_turn(state, "ginger")
    state.apply("hide:18,8:keep")  # token 1 stays real, the new token 2 is a decoy
    decoys = [i for i in state.decision.ids if i.startswith("move:2:")]
    step = bluff_step(state, state.chars["ginger"], decoys)
    assert step is not None
    here = state.chars["ginger"].tokens[2]
    there = state.board.space(step.split(":", 2)[2])
    assert row_of(state, there) == row_of(state, here) - 1 and not lit(state, there)


def test_heuristic_raider_appears_on_a_token_about_to_escape() -> None:
    state, name = ginger_turn()
    state.apply(f"hide:{name}:new")
    state.chars["ginger"].tokens = {1: state.board.space("3,27"), 2: state.board.space("12,2")}
    state.forget_looks()  # tokens set by hand
    state.apply("end")
    for key in ("dawn", "randy"):
        take_turn(state, key)
        state.apply("end")
    put(state, "spud", "20,20")
    take_turn(state, "spud")
    assert quarry(state, state.chars["spud"]) == state.board.space("12,2")  # row 2
    agent = HeuristicAgent(1)
    state.apply(agent.act(observe(state, "raiders")))
    assert state.abilities_used == ["raider:appear-anywhere"]
    assert distance(state.board, state.chars["spud"].tokens[1], state.board.space("12,2")) == 1
    state.apply(agent.act(observe(state, "raiders")))  # onto the token, and seeks it
    assert agent.act(observe(state, "raiders")) == "seek:ginger:2"


@pytest.mark.parametrize(("van", "pickup", "step", "trap"), [
    ("10,31", "10,29", "car:11,28", False),  # the van comes within 5 of the exit first anyway
    ("10,31", "10,25", "car:11,24", True),  # the pickup, 2 turns at High, gets off before
    ("11,1", "10,25", "car:11,24", False),  # the van guards the exit: no escape by road
    ("10,23", "13,13", "car:13,12", True),  # stopped here, it is a turn late for the exit
    ("10,31", "13,13", "car:13,12", False),  # stopped or not, it gets off before the van
    ("", "11,3", "car:11,2", True),  # the van wrecked, the pickup off this turn: last chance
    ("", "11,1", "car:11,0", True),  # on the exit itself, the step off left
    ("", "13,13", "car:13,12", False),  # the van wrecked, the exit two turns off: kept
])
def test_heuristic_raiders_road_trap_a_pickup_only_when_it_stops_an_escape(
        van: str, pickup: str, step: str, trap: bool) -> None:
    state = new()
    if van:
        drive_to(state, "Van", van)  # the raiders aboard it
    else:
        state.cars["Van"]["wrecked"] = True
    drive_to(state, "Pickup Truck", pickup)  # on the road
    take_turn(state, "randy")
    state.apply("drive:high")
    state.round = 2  # no Road Trap on the first turn (16.2)
    state.apply(step)
    assert state.decision.ids == ["road-trap", "let-pass"]
    assert trap_now(state, "Pickup Truck") is trap
    assert HeuristicAgent(1).act(observe(state, "raiders")) == ("road-trap" if trap
                                                                 else "let-pass")


def test_heuristic_raiders_road_trap_no_pickup_a_raider_stops_on_the_road() -> None:
    state = new()
    state.cars["Van"]["wrecked"] = True
    drive_to(state, "Pickup Truck", "11,4")
    put(state, "spud", "11,1")  # 10.5: it stops before him anyway
    state.apply("turn:randy")
    state.apply("drive:high")
    state.round = 2
    state.apply("car:11,3")
    assert not trap_now(state, "Pickup Truck")


def raiders_turn(state: PsychoRaidersState, key: str) -> None:
    """End the campers' turns (each still in the pickup), then start `key`'s."""
    for camper in ("randy", "ginger", "dawn"):
        take_turn(state, camper)
        state.apply("end")
    while state.decision is not None and state.decision.ids == ["no-reveal"]:
        state.apply("no-reveal")
    take_turn(state, key)


def test_raiders_block_only_a_campers_vehicle_that_would_beat_the_van_out() -> None:
    state = new()
    drive_to(state, "Pickup Truck", "12,7")  # 8 road hexes and the step off: one turn
    assert racing(state) == [("Pickup Truck", state.board.space("12,7"))]
    assert escaping(state, racing(state)) == racing(state)  # the van (on V) 3 turns off
    drive_to(state, "Pickup Truck", "10,25")  # 4 turns: the van (3) gets there first
    assert escaping(state, racing(state)) == []
    drive_to(state, "Van", "11,2")  # guarding the exit: none escapes
    drive_to(state, "Pickup Truck", "12,7")
    assert escaping(state, racing(state)) == []
    for key in ("randy", "ginger", "dawn"):
        put(state, key, "12,7")  # nobody aboard the pickup: nothing races
    assert racing(state) == []


def test_a_raider_on_foot_stands_on_the_road_ahead_of_an_escaping_pickup() -> None:
    state = new()
    state.cars["Van"]["wrecked"] = True  # nothing else stops the pickup
    drive_to(state, "Pickup Truck", "12,7")
    for key in ("beau", "fluke", "torch"):
        put(state, key, "20,28")
    put(state, "spud", "9,4")
    raiders_turn(state, "spud")
    agent = HeuristicAgent(1)
    path = road_path(state.board, state.vehicles["Pickup Truck"])
    while (choice := agent.act(observe(state, "raiders"))).startswith("move:"):
        state.apply(choice)
    assert state.chars["spud"].tokens[1] == path[0]  # the road hex next to the pickup
    assert not nearer(state, state.chars["randy"], "Pickup Truck")  # 10.5: it cannot go on
    assert choice == "hit-car:Pickup Truck:Spiked Chain"  # his 10 against its 6 (15.2)


def test_a_raider_holding_the_road_shoots_the_pickup_when_he_outguns_it() -> None:
    state = new()
    state.cars["Van"]["wrecked"] = True
    drive_to(state, "Pickup Truck", "12,7")
    for key in ("spud", "beau", "torch"):
        put(state, key, "20,28")
    put(state, "fluke", "12,6")  # on its road, the hex ahead of it
    raiders_turn(state, "fluke")
    choice = HeuristicAgent(1).act(observe(state, "raiders"))
    assert choice.startswith("hit-car:Pickup Truck:")
    assert hit_car(state, state.chars["fluke"], state.decision.ids, racing(state)) == choice
    state.cars["Pickup Truck"]["strength"] = 9  # a blow that loses hurts him: he holds
    assert HeuristicAgent(1).act(observe(state, "raiders")) == "end"


def test_the_van_drops_its_strongest_rider_on_the_road_ahead_of_an_escaping_pickup() -> None:
    state = new()
    drive_to(state, "Pickup Truck", "10,27")
    drive_to(state, "Van", "10,25")  # ahead on its road, but slowed to a crawl (15.3)
    for mode in ("high", "safe", "off_road"):
        state.cars["Van"][mode] = 2
    raiders_turn(state, "spud")
    agent = HeuristicAgent(1)
    assert agent.act(observe(state, "raiders")) == "drive:high"
    state.apply("drive:high")
    assert drop_ahead(state, state.decision.ids, escaping(state, racing(state))) \
        == "drop:fluke"  # Fluke's Shotgun 9 in close combat (Beau's Machete 9, Torch's 8)
    assert agent.act(observe(state, "raiders")) == "drop:fluke"
    state.apply("drop:fluke")
    assert agent.act(observe(state, "raiders")).startswith("car:")  # one is enough there


def test_the_vans_driver_finds_the_road_round_the_gas_station_and_keeps_the_wheel() -> None:
    state = new()
    drive_to(state, "Pickup Truck", "12,21")  # racing out, the campers aboard
    drive_to(state, "Van", "9,20")  # skidded off the road (10.2)
    board = state.board
    assert van_way(state, board.space("10,20")) < van_way(state, board.space("9,20")) \
        < van_way(state, board.space("8,19"))  # back east to the road, not north-west
    assert to_exit(state, board.space("8,19")) < to_exit(state, board.space("9,20"))
    raiders_turn(state, "spud")
    agent = HeuristicAgent(1)
    assert agent.act(observe(state, "raiders")) == "drive:off_road"
    state.apply("drive:off_road")
    for _ in range(3):  # Off-Road Speed 3
        step = agent.act(observe(state, "raiders"))
        assert step.startswith("car:")
        before = van_way(state, state.vehicles["Van"])
        state.apply(step)
        assert van_way(state, state.vehicles["Van"]) < before
    assert agent.act(observe(state, "raiders")) == "end"  # at the wheel, to drive on


def test_the_van_rams_an_escaping_pickup_beside_it() -> None:
    ids = ["car:11,5", "ram:car=Pickup Truck", "end"]
    state = new()
    drive_to(state, "Pickup Truck", "12,7")
    assert ram_racer(state, ids, [("Pickup Truck", state.vehicles["Pickup Truck"])]) \
        == "ram:car=Pickup Truck"  # the van's Strength 8 against its 6
    state.cars["Pickup Truck"]["strength"] = 8
    assert ram_racer(state, ids, [("Pickup Truck", state.vehicles["Pickup Truck"])]) is None


def test_raiders_lead_a_pickup_on_the_road_by_its_high_speed() -> None:
    state = new()
    drive_to(state, "Pickup Truck", "12,21")
    randy = state.chars["randy"]
    ahead = lead(state, state.vehicles["Pickup Truck"], randy)
    assert ahead == road_path(state.board, state.vehicles["Pickup Truck"])[8]  # High 9


def test_road_path_follows_the_road_out_and_is_empty_off_it() -> None:
    state = new()
    board = state.board
    assert [board.name(s) for s in road_path(board, board.space("12,7"))] == [
        "12,6", "11,5", "11,4", "11,3", "11,2", "11,1", "11,0"]
    assert road_path(board, board.space("11,0")) == []
    assert road_path(board, board.space("9,20")) == []  # grass


def test_heuristic_reads_the_die_a_re_roll_is_asked_about_in_a_hazard_too() -> None:
    assert _die(Hazard(step="reroll", char="dawn", effect="Fire", strength=3, die=2)) == 2
    assert _die(Hazard(step="reroll", char="dawn", effect="Fire", strength=3, die=5)) == 5


def test_the_vans_driver_keeps_the_wheel_until_it_guards_the_road_exit() -> None:
    state = new()
    driving, riding = SimpleNamespace(driving="Van"), SimpleNamespace(driving="")
    assert keeps_the_wheel(state, driving, [])  # the van on V, far from the exit
    assert keeps_the_wheel(state, riding, ["drive:high", "end"])  # about to drive it
    assert not keeps_the_wheel(state, riding, ["end"])  # a rider: free to get out
    state.vehicles["Van"] = state.board.space("11,1")  # by the exit (6.1: no escape by road)
    assert not keeps_the_wheel(state, driving, [])


def test_the_vans_occupants_take_their_turns_first() -> None:
    state = new()
    put(state, "spud", "5,5")  # Spud on foot; Beau, Fluke and Torch still in the van
    assert next_up(state, ["turn:spud", "turn:beau"]) == "turn:beau"
    state.chars["beau"].vehicle = None
    assert next_up(state, ["turn:spud", "turn:beau"]) is None  # nobody aboard: any order


def test_a_camper_steps_north_away_from_the_hunters() -> None:
    state = new()
    park_everyone(state)
    put(state, "ginger", "18,8")
    put(state, "spud", "21,6")  # north-east of her, in sight: she cannot hide
    ginger = state.chars["ginger"]
    assert wary(state, ginger, "17,7") > wary(state, ginger, "18,7")  # both one row north
    take_turn(state, "ginger")
    assert HeuristicAgent(1).act(observe(state, "campers")) == "move:1:17,7"


def test_a_campers_decoys_fan_out_from_its_other_tokens() -> None:
    state, name = ginger_turn()
    state.apply(f"hide:{name}:keep")  # token 1 real, token 2 a decoy on the same hex
    ginger = state.chars["ginger"]
    here = ginger.tokens[1]
    assert apart(state, ginger, 2, here) == 0
    far = next(s for s in range(state.board.size) if state.board.offset(s) is not None
               and distance(state.board, here, s) == SPREAD + 1)
    assert apart(state, ginger, 2, far) == SPREAD  # fanned out enough: one raider, one token


def test_a_campers_decoy_fans_out_beyond_a_raiders_walk() -> None:
    """Two equally northern steps for the decoy, 4 and 5 hexes from the real token: it takes
    the farther (SPREAD 4 called both enough; wider won the campers more games, 12.3)."""
    state = new()
    park_everyone(state)
    put(state, "ginger", "18,8")
    state.apply("turn:ginger")
    state.apply("hide:18,8:new")  # token 2 real, token 1 a decoy on the same hex
    ginger = state.chars["ginger"]
    ginger.tokens[2] = state.board.space("14,8")  # the real token, 4 columns west
    state.forget_looks()
    assert [apart(state, ginger, 1, state.board.space(n)) for n in ("17,7", "18,7")] == [4, 5]
    decoys = [i for i in state.decision.ids if i.startswith("move:1:")]
    assert bluff_step(state, ginger, decoys) == "move:1:18,7"


def test_a_room_is_as_far_as_its_doors_and_windows_not_its_walls() -> None:
    state = new()
    garage, outside = state.board.space("Gas Station: Garage"), state.board.space("10,14")
    assert state.board.feature(outside, garage) == "wall"
    assert distance(state.board, outside, garage) == 1  # the rules' distance (range, screams)
    assert away(state, outside, garage) > 1  # a walk round to a door
    assert away(state, state.board.space("9,15"), garage) == 1  # its locked west door
    assert row_of(state, garage) == 16  # left by the doors on rows 15 and 17, not the wall on 14


def test_a_raider_breaks_into_the_building_his_quarry_is_in() -> None:
    state = new()
    park_everyone(state)
    put(state, "ginger", "Gas Station: Garage")
    for key in ("ginger", "dawn", "randy"):
        take_turn(state, key)
        state.apply("end")
    put(state, "spud", "9,15")  # outside the garage's locked door (11.1)
    take_turn(state, "spud")
    agent = HeuristicAgent(1)
    choice = agent.act(observe(state, "raiders"))
    while choice == "walkie":  # 8.2 first, not an action
        state.apply(choice)
        choice = agent.act(observe(state, "raiders"))
    assert choice == "open:Gas Station: Garage"
    assert break_in(state, ["open:Gas Station: Garage"], state.board.space("9,15")) is None


def test_a_raider_with_nothing_in_reach_walks_to_meet_his_token() -> None:
    state = new()
    park_everyone(state)
    put(state, "dawn", "16,22")  # in plain sight, far south of Spud: nobody near the edge
    for key in ("ginger", "randy"):
        state.chars[key].tokens = {}
    take_turn(state, "dawn")
    state.apply("end")  # the campers' phase over: Ginger and Randy are off the map
    for key, where in (("spud", "16,5"), ("beau", "1,27"), ("fluke", "1,29"), ("torch", "1,31")):
        put(state, key, where)
    take_turn(state, "spud")
    meet = lead(state, state.chars["dawn"].tokens[1], state.chars["dawn"])
    assert assignment(state)["spud"][0] == state.chars["dawn"].tokens[1]
    choice = HeuristicAgent(1).act(observe(state, "raiders"))
    while choice == "walkie":
        state.apply(choice)
        choice = HeuristicAgent(1).act(observe(state, "raiders"))
    assert choice.startswith("move:1:")  # no waiting by the edge (it lost games at dawn)
    there = state.board.space(choice.split(":", 2)[2])
    assert away(state, there, meet) < away(state, state.board.space("16,5"), meet)


@pytest.mark.parametrize(("spent", "choice"), [(False, "adrenaline:1:3"), (True, "will:1")])
def test_a_hidden_camper_dashes_off_the_edge_with_adrenaline_or_will(spent: bool,
                                                                    choice: str) -> None:
    state = new()
    park_everyone(state)
    put(state, "dawn", "18,8")  # 8 rows and the step off: 9 hexes, her Speed 6
    if spent:  # the campers' one ability gone (5.23): Will, a point at a time (10.34)
        state.abilities_used.append(f"{SIDE_OF_KIND['camper']}:dodge")
    take_turn(state, "dawn")
    state.apply("hide:18,8:keep")
    assert HeuristicAgent(1).act(observe(state, "campers")) == choice


def test_a_hidden_camper_far_from_the_edge_keeps_her_adrenaline_and_will() -> None:
    state = new()
    park_everyone(state)
    put(state, "dawn", "18,20")  # 21 hexes: no boost makes it this turn
    take_turn(state, "dawn")
    state.apply("hide:18,20:keep")
    ids = state.decision.ids
    assert "will:1" in ids and "adrenaline:1:5" in ids
    assert dash(state, state.stack[-1], state.chars["dawn"], 1, ids) is None
    assert not HeuristicAgent(1).act(observe(state, "campers")).startswith(("will", "adren"))


def spud_on_randy(name: str) -> PsychoRaidersState:
    """Spud (Strength 7) and Randy (Strength 5, 13 stats in all) on the hex called `name`,
    at the start of Spud's turn."""
    return raider_on_camper("spud", "randy", name)


def test_raider_grabs_a_camper_a_walk_from_the_north_edge_it_cannot_kill() -> None:
    state = spud_on_randy("20,3")  # Randy (Speed 4) walks off the edge next turn
    spud, randy = state.chars["spud"], state.chars["randy"]
    assert not likely_kill(state, spud, randy)  # 13 stats; even dice fall short
    assert grab_worth(state, spud, randy)
    assert HeuristicAgent(1).act(observe(state, "raiders")) == "grab:randy"
    randy.strength = 7  # as strong as Spud: a grab slips more often than not (13.1: higher)
    assert not grab_worth(state, spud, randy)
    randy.strength, randy.speed, randy.will = 1, 1, 1  # one blow drains him: attack
    assert likely_kill(state, spud, randy) and not grab_worth(state, spud, randy)
    assert grab_now(state, spud, state.decision.ids) is None  # type: ignore[union-attr]


def test_raider_attacks_a_camper_far_from_the_edge_with_no_friend_or_vehicle_near() -> None:
    state = spud_on_randy("20,10")
    spud, randy = state.chars["spud"], state.chars["randy"]
    here = randy.tokens[1]
    assert not beside_vehicle(state, randy, here) and not friend_near(state, spud, here)
    assert not grab_worth(state, spud, randy)
    assert HeuristicAgent(1).act(observe(state, "raiders")) == "attack:randy"


def test_raider_grabs_when_a_friend_can_attack_or_a_vehicle_is_beside() -> None:
    state = spud_on_randy("20,10")
    spud, randy = state.chars["spud"], state.chars["randy"]
    put(state, "beau", "20,14")  # Speed 5: he walks to Randy and attacks him unarmed (13.1)
    assert friend_near(state, spud, randy.tokens[1]) and grab_worth(state, spud, randy)
    park_everyone(state)
    put(state, "randy", "20,10")
    put(state, "spud", "20,10")
    assert not grab_worth(state, spud, randy)
    state.vehicles["Pickup Truck"] = state.board.space("20,11")  # the campers' own: he'd drive
    assert beside_vehicle(state, randy, randy.tokens[1]) and grab_worth(state, spud, randy)
    state.vehicles["Pickup Truck"] = state.board.space("1,31")
    state.vehicles["Van"] = state.board.space("20,11")  # the raiders' van: not his to drive
    assert not beside_vehicle(state, randy, randy.tokens[1])


def test_a_raider_holding_a_camper_never_moves_and_a_held_camper_escapes_first() -> None:
    state = spud_on_randy("20,10")
    randy = state.chars["randy"]
    randy.grabbed_by = "spud"
    ids = state.decision.ids  # type: ignore[union-attr]
    assert any(i.startswith("move:") for i in ids)
    kept = keep_hold(state, state.chars["spud"], ids)
    assert kept and not any(i.startswith(("move:", "appear:")) for i in kept)
    assert not HeuristicAgent(1).act(observe(state, "raiders")).startswith("move:")
    assert lead(state, randy.tokens[1], randy) == randy.tokens[1]  # held, he stays (13.1)
    randy.grabbed_by = None
    assert keep_hold(state, state.chars["spud"], ids) == ids
    assert break_free(["end", "escape", "search"]) == "escape"
    assert break_free(["end", "search"]) is None


def test_held_camper_picks_escape_on_its_turn_and_rerolls_a_low_die() -> None:
    state = new()
    park_everyone(state)
    put(state, "randy", "20,10")
    put(state, "spud", "20,10")
    state.chars["randy"].grabbed_by = "spud"
    take_turn(state, "randy")
    ids = state.decision.ids  # type: ignore[union-attr]
    assert "escape" in ids and not any(i.startswith("move:") for i in ids)
    assert HeuristicAgent(1).act(observe(state, "campers")) == "escape"
    low = SimpleNamespace(step="a-reroll", mine=2, theirs=6)
    high = SimpleNamespace(step="d-reroll", mine=1, theirs=5)
    assert grab_reroll(low, ["keep", "reroll"]) == "reroll"
    assert grab_reroll(high, ["keep", "reroll"]) == "keep"


def test_the_racer_is_a_campers_agent_of_the_game() -> None:
    from deadtable.agents.base import agent_maker

    assert isinstance(agent_maker("racer", "psycho-raiders")(1), RacerAgent)


def test_the_racer_drives_the_pickup_up_the_road_at_high_speed_its_riders_aboard() -> None:
    state = new()  # the campers in the pickup at the camp, 37 road hexes from the exit
    agent = RacerAgent(1)
    state.apply("turn:ginger")
    assert agent.act(observe(state, "campers")) == "drive:high"
    state.apply("drive:high")
    ahead = road_ahead(state.board)
    while (choice := agent.act(observe(state, "campers"))).startswith("car:"):
        before = ahead[state.vehicles["Pickup Truck"]]
        state.apply(choice)
        assert ahead[state.vehicles["Pickup Truck"]] == before - 1  # the road, nearer each hex
    assert choice == "end" and ahead[state.vehicles["Pickup Truck"]] == 37 - 9  # High 9
    state.apply("end")
    state.apply("turn:randy")
    assert agent.act(observe(state, "campers")) == "end"  # rides on: it drove this turn


def test_the_racer_rerolls_a_dangerous_turn_that_skids() -> None:
    state = new()
    drive_to(state, "Pickup Truck", "11,24")  # the sharp turn at 10,23 next
    state.apply("turn:dawn")
    agent = RacerAgent(1)
    state.apply(agent.act(observe(state, "campers")))
    script(state, 5)  # 10.2: skids off-road 2 hexes
    state.apply("car:10,23")
    assert state.decision.ids == ["turn-roll:keep", "turn-roll:reroll"]
    assert agent.act(observe(state, "campers")) == "turn-roll:reroll"


def test_the_racer_drives_off_by_road() -> None:
    state = new()
    state.cars["Van"]["wrecked"] = True  # 6.1: no raiders' vehicle within 5 hexes
    drive_to(state, "Pickup Truck", "11,2")
    state.apply("turn:randy")
    agent = RacerAgent(1)
    for _ in range(3):
        state.apply(agent.act(observe(state, "campers")))  # High, 11,1, 11,0
    assert agent.act(observe(state, "campers")) == "escape-road"


def test_the_racer_steps_out_on_an_exit_the_van_guards() -> None:
    state = new()
    drive_to(state, "Van", "11,3")  # 6.1: no escape by road within 5 hexes of it
    drive_to(state, "Pickup Truck", "11,0")
    state.apply("turn:randy")
    choice = RacerAgent(1).act(observe(state, "campers"))
    assert choice.startswith("move:1:")  # out, to hide and leave by the edge (6.1)
    assert row_of(state, state.board.space(choice.split(":", 2)[2])) == 0


def test_the_racer_gets_out_where_a_raider_it_would_not_beat_blocks_the_road() -> None:
    state = new()
    state.cars["Van"]["wrecked"] = True
    drive_to(state, "Pickup Truck", "12,7")
    put(state, "spud", "12,6")  # 10.5; his Spiked Chain 10 against the pickup's 6 (15.22)
    state.apply("turn:randy")
    assert RacerAgent(1).act(observe(state, "campers")).startswith("move:1:")


def test_the_racer_plays_the_campers_only() -> None:
    from deadtable.agents.seating import WrongSeat, check_seating

    game = SPEC.bind(players=2)
    check_seating(game, {"campers": "racer", "raiders": "heuristic"})
    with pytest.raises(WrongSeat):
        check_seating(game, {"raiders": "racer"})
