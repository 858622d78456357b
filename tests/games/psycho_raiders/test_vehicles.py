"""Vehicles (10.1, 10.2, 10.4, 11.1, 11.2, 11.21) and escaping by road (6.1), dice scripted."""

from __future__ import annotations

from tests.games.psycho_raiders.table import new as at_camp
from tests.games.psycho_raiders.table import on_the_road as new
from tests.games.psycho_raiders.table import park_everyone, put, script, take_turn


def test_10_1_safe_speed_carries_the_passengers_and_10_4_drop_off() -> None:
    state = new()
    take_turn(state, "randy")
    state.apply("drive:safe")  # the pickup's Safe Speed is 4
    for hex_ in ("11,24", "10,23", "11,22", "11,21"):  # a sharp turn at 10,23: no roll
        state.apply(f"car:{hex_}")
    assert state.vehicles["Pickup Truck"] == state.board.space("11,21")
    assert state.space_of(state.chars["ginger"]) == state.board.space("11,21")
    assert not any(a.startswith("car:") for a in state.decision.ids)  # 4 hexes spent
    # Randy (Speed 4) gets out: the vehicle's 4 hexes are spent from his walk (10.4)
    assert not any(a.startswith("move:") for a in state.decision.ids)


def test_10_2_dangerous_turn_skids_off_road_and_the_driver_may_reroll() -> None:
    state = new()
    take_turn(state, "randy")
    state.apply("drive:high")
    state.apply("car:11,24")
    script(state, 4, 5)  # 4: off-road 1 hex; Randy re-rolls: 5, off-road 2 hexes
    state.apply("car:10,23")
    state.apply("turn-roll:reroll")
    pickup = state.vehicles["Pickup Truck"]
    assert state.board.terrain[pickup] in ("grassland", "long grass")
    assert state.chars["randy"].will == 3
    assert not any(a.startswith(("car:", "move:")) for a in state.decision.ids)


def test_10_2_the_log_says_each_roll_its_weather_and_what_it_means() -> None:
    """Rain adds 1 to Dangerous Turns rolls (D66 44-46): the line says the die, the change
    and the total, so a player can check it against the table; a re-roll says its row too
    (a kept road logs nothing else, so the line is all the player learns)."""
    state = new()
    state.weather = "Rain"
    state.apply("turn:randy")
    state.apply("drive:high")
    state.apply("car:11,24")
    script(state, 3, 2)  # 3 +1 = 4: off-road 1 hex; Randy re-rolls: 2 +1 = 3, holds the road
    state.apply("car:10,23")
    assert state.log[-1].text == ("A sharp turn at High Speed: Dangerous Turns 3 +1 for Rain = 4: "
                                  "Skids off-road 1 hex in its direction of travel, onto grass; "
                                  "its move ends.")
    state.apply("turn-roll:reroll")
    assert state.log[-1].text == ("Randy spends 1 Will and re-rolls: 2 +1 for Rain = 3: "
                                  "The vehicle holds the road.")
    assert state.vehicles["Pickup Truck"] == state.board.space("10,23")


def test_10_2_a_flip_wrecks_the_vehicle_and_hurts_everyone_inside() -> None:
    state = new()
    take_turn(state, "randy")
    state.apply("drive:high")
    state.apply("car:11,24")
    script(state, 6, 3, 1, 1)  # flip (kept: no re-roll offered on a 6? it is: keep it)
    state.apply("car:10,23")
    state.apply("turn-roll:keep")
    assert state.cars["Pickup Truck"]["wrecked"]
    assert all(state.chars[k].vehicle is None for k in ("randy", "ginger", "dawn"))
    for _ in range(3):  # Dawn's 1, Ginger's 1, Randy's 3: each may re-roll (4.51)
        state.apply("keep")
    state.apply("lose:will")  # Randy's 3 on the Damage Table: 1 damage
    assert state.chars["randy"].will == 3


def test_11_1_and_11_2_break_into_and_hotwire_a_townsperson_s_car() -> None:
    state = new()
    park_everyone(state)
    fixer = state.vehicles["Fixer-Upper"]
    put(state, "dawn", fixer)
    take_turn(state, "randy")
    state.apply("end")
    take_turn(state, "ginger")
    state.apply("end")
    take_turn(state, "dawn")
    assert "board:Fixer-Upper" not in state.decision.ids
    script(state, 3)  # 3: a vehicle's door gives
    state.apply("open:vehicle=Fixer-Upper")
    state.apply("keep")
    state.apply("board:Fixer-Upper")
    assert not any(a.startswith(("drive:", "hotwire:")) for a in state.decision.ids)
    state.apply("end")
    for key in ("spud", "beau", "fluke", "torch"):
        take_turn(state, key)
        state.apply("end")
    take_turn(state, "randy")
    state.apply("end")
    take_turn(state, "ginger")
    state.apply("end")
    take_turn(state, "dawn")
    script(state, 5)
    state.apply("hotwire:Fixer-Upper")
    state.apply("keep")
    assert any(a.startswith("drive:") for a in state.decision.ids)


def test_6_1_escape_by_road_needs_5_hexes_from_the_raiders() -> None:
    state = new()
    park_everyone(state)
    edge = state.board.space("11,0")
    state.vehicles["Pickup Truck"] = edge
    put(state, "randy", edge)
    state.chars["randy"].vehicle = "Pickup Truck"
    state.vehicles["Van"] = state.board.space("11,3")
    take_turn(state, "randy")
    state.apply("drive:safe")
    assert "escape-road" not in state.decision.ids
    state.vehicles["Van"] = state.board.space("11,6")
    state._decision = None
    state.apply("escape-road")
    assert state.outcome is not None and state.outcome.results["campers"] == "win"


def test_15_22_ramming_after_a_straight_line_and_15_3_vehicle_damage() -> None:
    state = new()
    park_everyone(state)
    put(state, "spud", "11,20")  # a raider in the road ahead of the pickup
    take_turn(state, "randy")
    put(state, "randy", "10,25")
    state.chars["randy"].vehicle = "Pickup Truck"
    state._decision = None
    state.apply("drive:safe")
    state.apply("car:11,24")
    # from 10,25 to 11,20 is no straight line: no +2
    state.vehicles["Pickup Truck"] = state.board.space("11,21")
    state.chars["randy"].tokens = {1: state.board.space("11,21")}
    state._decision = None
    script(state, 2, 6)  # pickup 2 + 6 = 8; Spud 6 + Crude Mace 3 + 7 = 16
    state.apply("ram:spud")
    assert any(e.cite == "15.22 Ramming" and "+2" not in e.text for e in state.log)
    state.apply("keep")  # Randy's 2 for the pickup (4.51)
    state.apply("keep")  # Spud's 6
    state.apply("will:0")  # Randy drives: he is behind, adds first
    state.apply("will:0")  # Spud
    for _ in range(8):
        decision = state.decision
        assert decision is not None
        if "car-lose:speed" not in decision.ids:
            break
        state.apply("car-lose:speed")
    car = state.cars["Pickup Truck"]
    assert car["strength"] == 6 and not car["wrecked"]
    assert (car["high"], car["safe"], car["off_road"]) == (1, 0, 0)


def test_15_2_a_character_attacks_a_vehicle_and_15_4_it_is_totalled() -> None:
    state = new()
    park_everyone(state)
    tractor = state.vehicles["Tractor"]
    state.cars["Tractor"].update(high=0, safe=0, off_road=0, strength=1)
    state.cars["Tractor"]["open_to"] = ["raiders"]
    put(state, "randy", tractor)
    take_turn(state, "randy")
    script(state, 6, 1)  # Randy 6 + 2 + 5 = 13 against 1 + 1 = 2
    from deadtable.games.psycho_raiders import crashes

    crashes.start_hit(state, state.chars["randy"], "Tractor:Tire Iron")
    state.settle()
    state.apply("keep")  # Randy's 6; the tractor's 1 is nobody's natural 1 (no driver)
    state.apply("will:0")  # Randy is ahead; the tractor has no driver: Randy alone decides
    state.apply("car-lose:strength")
    assert state.cars["Tractor"]["wrecked"]


def test_10_4_a_passenger_dropped_off_walks_what_the_ride_left_it() -> None:
    from deadtable.games.psycho_raiders.turn import left

    state = new()
    take_turn(state, "randy")
    state.apply("drive:safe")
    state.apply("car:11,24")
    assert "drop:randy" not in state.decision.ids  # the driver gets out by moving
    state.apply("drop:ginger")
    state.apply("car:10,23")
    ginger, dawn = state.chars["ginger"], state.chars["dawn"]
    assert ginger.vehicle is None and state.space_of(ginger) == state.board.space("11,24")
    assert any(e.cite == "10.4 Cars Dropping Off/Pickup" and "drops Ginger" in e.text
               for e in state.log)
    state.apply("end")
    take_turn(state, "ginger")
    assert left(state, state.top, ginger, 1) == 5 - 1  # one hex in the pickup
    state.apply("end")
    take_turn(state, "dawn")
    assert left(state, state.top, dawn, 1) == 6 - 2  # two, and still aboard


def test_10_4_the_driver_picks_up_a_friend_and_10_5_drives_onto_friends_only() -> None:
    state = new()
    put(state, "dawn", "11,24")
    put(state, "spud", "11,22")
    take_turn(state, "randy")
    state.apply("drive:safe")
    state.apply("car:11,24")  # one friend outside: room beside the vehicle (10.5)
    state.apply("pick:dawn")
    assert state.chars["dawn"].vehicle == "Pickup Truck"
    state.apply("car:10,23")
    assert "car:11,22" not in state.decision.ids  # Spud is there: ram him or go round
    assert "ram:spud" in state.decision.ids


def test_16_2_road_trap_stops_a_vehicle_on_the_road_but_not_on_the_first_turn() -> None:
    state = new()
    take_turn(state, "randy")
    state.apply("drive:safe")
    state.apply("car:11,24")
    assert state.decision.seat == "campers"  # turn 1: no Road Trap
    state.round = 2
    state.apply("car:10,23")
    assert state.decision.seat == "raiders" and state.decision.ids == ["road-trap", "let-pass"]
    state.apply("road-trap")
    assert state.decision.seat == "campers"
    assert not any(a.startswith(("car:", "drive:")) for a in state.decision.ids)
    assert "raider:road-trap" in state.abilities_used
    assert any(e.cite == "16.2 Raider Abilities" for e in state.log)


def test_10_34_will_is_not_offered_to_a_passenger_it_would_leave_without_speed() -> None:
    """10.4: the hexes a passenger rode are spent from its walk. The pickup drives 6 hexes
    from the camp: Ginger (Speed 5) is 1 past her Speed, so 1 Will (10.34) would still leave
    her none and is not offered; Dawn (Speed 6) has none left, and 1 Will would buy a step."""
    state = at_camp()
    take_turn(state, "randy")
    state.apply("drive:high")
    for hex_ in ("4,29", "5,29", "6,29", "7,29", "8,29", "9,29"):
        state.apply(f"car:{hex_}")
    state.apply("end")
    take_turn(state, "ginger")
    assert "will:1" not in state.decision.ids
    state.apply("end")
    take_turn(state, "dawn")
    assert "will:1" in state.decision.ids
    assert not any(i.startswith("move:") for i in state.decision.ids)
