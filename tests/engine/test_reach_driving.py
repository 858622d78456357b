"""The reach of a vehicle (Psycho Raiders 10.1, 10.2, 10.4): the driver's vehicle steps are read
as the vehicle's moves (`view.move_of`), so the reach, the page's far taps and `go` drive it
hex by hex on the game's own rules; a step that rolls ends a route."""

from __future__ import annotations

from deadtable.engine.decisions import Action
from deadtable.engine.reach import not_plain
from deadtable.engine.undo import ROLLED, revealed
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from deadtable.games.psycho_raiders.view import move_of
from tests.engine.test_reach import reach
from tests.games.psycho_raiders.table import new, on_the_road, put, script, take_turn

PICKUP = "Pickup Truck"
SHARP = "10,23"  # a sharp turn on the road north of the pickup at 10,25 (the map's marker)


def driving(mode: str) -> PsychoRaidersState:
    """The campers' pickup on the road at 10,25, Randy at the wheel, its speed announced."""
    state = on_the_road()
    take_turn(state, "randy")
    state.apply(f"drive:{mode}")
    return state


def terrain(state: PsychoRaidersState, name: str) -> str:
    return state.board.terrain[state.board.space(name)]


def test_the_reader_names_the_vehicle_for_its_steps_and_reads_nothing_else_of_driving() -> None:
    state = driving("safe")
    step = state.decision.get("car:11,24")
    assert step is not None and move_of(state, step) == (PICKUP, "10,25", "11,24")
    for other in ("drive:safe", "escape-road", "drop:ginger", "pick:ginger", "turn-roll:keep"):
        verb = other.partition(":")[0]
        assert move_of(state, Action(other, other, {"verb": verb})) is None


def test_no_vehicle_reach_before_its_speed_is_announced() -> None:
    state = on_the_road()
    take_turn(state, "randy")
    assert list(reach(state, "campers")) == ["Randy"]  # getting out: one step, not plain


def test_safe_speed_on_the_road_reaches_its_speed_in_hexes_and_takes_sharp_turns() -> None:
    state = driving("safe")  # the pickup's Safe Speed: 4
    before = state.to_json()
    routes = reach(state, "campers")
    assert sorted(routes) == [PICKUP, "Randy"]
    pickup = routes[PICKUP]
    assert max(len(r.steps) for r in pickup.values()) == 4
    assert all(terrain(state, s) == "road" for s in pickup)  # 10.1: Safe Speed keeps the road
    north = pickup["11,21"]  # through the sharp turn: at Safe Speed no roll (10.2)
    assert north.spaces == ("11,24", SHARP, "11,22", "11,21") and north.start == "10,25"
    assert north.steps == tuple(f"car:{s}" for s in north.spaces)
    # Randy himself only gets out (more than the move is logged): never past one step
    assert {len(r.steps) for r in routes["Randy"].values()} == {1}
    assert state.to_json() == before


def test_a_sharp_turn_at_high_speed_rolls_and_ends_a_route() -> None:
    state = driving("high")  # High Speed 9: only the sharp turn stops the search north
    pickup = reach(state, "campers")[PICKUP]
    assert pickup[SHARP].spaces == ("11,24", SHARP)
    assert all(SHARP not in r.spaces[:-1] for r in pickup.values())
    assert "11,22" not in pickup  # beyond the turn: the Dangerous Turns roll comes first
    assert max(len(r.steps) for r in pickup.values()) > 4  # south, no turn: farther than Safe
    onto = state.clone()
    onto.apply("car:11,24")
    rolled = onto.clone()
    script(rolled, 1)  # Dangerous Turns 1: it holds the road
    rolled.apply(f"car:{SHARP}")
    assert revealed(onto, rolled, "campers") == ROLLED
    assert not_plain(onto, rolled, "campers") == (  # the roll's result, not just that it rolled
        f"The Pickup Truck moves to {SHARP}. A sharp turn at High Speed: Dangerous Turns 1: "
        "The vehicle holds the road.")
    assert not_plain(state, onto, "campers") is None


def test_off_road_speed_crosses_grass_three_hexes() -> None:
    state = driving("off_road")  # Off-Road Speed 3, anywhere a vehicle may go (10.1)
    pickup = reach(state, "campers")[PICKUP]
    assert max(len(r.steps) for r in pickup.values()) == 3
    assert any(terrain(state, s) != "road" for s in pickup)
    assert all(state.board.coords[state.board.space(s)] is not None for s in pickup)


def test_a_friend_on_the_way_is_driven_past_the_pick_up_is_its_own_choice() -> None:
    state = on_the_road()
    put(state, "dawn", "11,24")  # out of the pickup, on the road ahead
    take_turn(state, "randy")
    state.apply("drive:safe")
    pickup = reach(state, "campers")[PICKUP]
    assert pickup["11,22"].spaces == ("11,24", SHARP, "11,22")  # 10.5: room beside a friend
    there = state.clone()
    there.apply("car:11,24")
    assert not_plain(state, there, "campers") is None  # the step picks no one up by itself
    assert "pick:dawn" in there.decision.ids  # 10.4: a choice at the hex, not a step


def test_the_raiders_van_is_driven_by_the_raiders_seat_only() -> None:
    state = new()
    for key in ("randy", "ginger", "dawn"):
        take_turn(state, key)
        state.apply("end")
    take_turn(state, "spud")  # in the van at 10,31
    state.apply("drive:high")  # the van's High Speed: 10
    routes = reach(state, "raiders")
    van = routes["Van"]
    assert van[SHARP].spaces[-1] == SHARP and len(van[SHARP].steps) == 8
    assert all(SHARP not in r.spaces[:-1] for r in van.values())
    assert reach(state, "campers") == {}


def test_from_the_second_turn_road_trap_asks_the_raiders_after_each_road_hex() -> None:
    state = on_the_road()
    state.round = 2  # 16.2: Road Trap may be declared from the second turn
    take_turn(state, "randy")
    state.apply("drive:safe")
    pickup = reach(state, "campers")[PICKUP]
    assert {len(r.steps) for r in pickup.values()} == {1}  # the raiders decide after each hex
    step = state.clone()
    step.apply("car:11,24")
    assert step.decision.seat == "raiders" and "let-pass" in step.decision.ids
