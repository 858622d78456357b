"""Fights with vehicles and walls (14.9's vehicle flank, A-41, 15.2, 15.5, 15.6), dice
scripted."""

from __future__ import annotations

from deadtable.games.psycho_raiders.state import PsychoRaidersState
from tests.games.psycho_raiders.table import new, park_everyone, put, quiet_hex, script, take_turn


def drain(state: PsychoRaidersState, prefix: str) -> dict[str, int]:
    """Take every damage decision starting with `prefix`: who took how many points."""
    taken: dict[str, int] = {}
    while state.decision is not None and state.decision.ids[0].startswith(prefix):
        who = state.decision.prompt.split(":")[0]
        taken[who] = taken.get(who, 0) + 1
        state.apply(state.decision.ids[0])
    return taken


def _flanked_spud(**options: str) -> PsychoRaidersState:
    """Ginger and Dawn flank Spud and lose by 7 (Ginger adds 1 Will)."""
    state = new(**options)
    park_everyone(state)
    spot = quiet_hex(state)
    for key in ("ginger", "dawn", "spud"):
        put(state, key, spot)
    take_turn(state, "ginger")
    script(state, 2, 6)  # Ginger (Fists 3) and Dawn (Fists 3): 2 + 6 = 8; Spud 6 + 10 = 16
    state.apply("flank:spud:dawn")
    state.apply("weapon:Fists")
    state.apply("weapon:Spiked Chain")
    state.apply("keep")
    state.apply("keep")
    state.apply("will:1")  # Ginger adds 1: 9 against 16, 7 damage to split
    state.apply("will:0")
    return state


def test_a41_the_damaged_side_chooses_who_takes_the_odd_point() -> None:
    state = _flanked_spud()  # flank-odd = chooses, the default
    assert state.decision.ids == ["odd:c:ginger", "odd:c:dawn"]
    assert state.decision.seat == "campers"
    state.apply("odd:c:dawn")
    assert drain(state, "lose:") == {"Dawn": 4, "Ginger": 3}
    assert any(e.cite == "14.9 Flank Attacking and Defending" and "Dawn 4, Ginger 3" in e.text
               for e in state.log)


def test_a41_fought_gives_the_odd_point_to_the_one_the_fight_was_between() -> None:
    state = _flanked_spud(**{"flank-odd": "fought"})
    assert drain(state, "lose:") == {"Ginger": 4, "Dawn": 3}


def pickup_beside(*keys: str) -> tuple[PsychoRaidersState, int]:
    """Randy alone in the pickup on the road (10,25), `keys` on a grass hex next to it."""
    state = new()
    park_everyone(state)
    pickup = state.vehicles["Pickup Truck"] = state.board.space("10,25")
    put(state, "randy", pickup)
    for key in ("ginger", "dawn"):
        put(state, key, quiet_hex(state))
    state.chars["randy"].vehicle = "Pickup Truck"
    beside = next(n for n in state.board.neighbours[pickup]
                  if state.board.terrain[n] == "grassland")
    for key in keys:
        put(state, key, beside)
    return state, beside


def test_14_9_a_vehicle_flanks_and_a41_splits_over_the_vehicle_and_the_friend() -> None:
    state, _ = pickup_beside("spud", "dawn")
    take_turn(state, "randy")
    state.apply("drive:safe")
    assert "ram:spud:dawn" in state.decision.ids
    # the pickup 2 + 6 and Dawn's Fists 3 = 11; Spud 6 + Spiked Chain 3 + 7 = 16
    script(state, 2, 6)
    state.apply("ram:spud:dawn")
    state.apply("keep")
    state.apply("keep")
    state.apply("will:0")
    state.apply("will:0")
    assert state.decision.prompt.startswith("5 damage split over the Pickup Truck and Dawn")
    state.apply("odd:c:dawn")
    assert drain(state, "lose:") == {"Dawn": 3}
    assert state.decision.ids[0].startswith("car-lose:")
    state.apply("car-lose:strength")
    state.apply("car-lose:strength")
    assert state.cars["Pickup Truck"]["strength"] == 4


def wall_beside(state: PsychoRaidersState) -> tuple[int, int]:
    """A barn wall (strength 3): the hex outside it and the room inside."""
    (a, b) = next(e for e, f in state.board.features.items()
                  if f == "wall" and state.board.edge(*e).get("strength") == 3
                  and any(state.board.terrain[s] == "grassland" for s in e))
    return (a, b) if state.board.coords[a] is not None else (b, a)


def test_15_5_a_vehicle_crashes_into_a_wall_and_14_52_the_driver_s_natural_1() -> None:
    state = new()
    park_everyone(state)
    outside, room = wall_beside(state)
    put(state, "randy", outside)
    state.vehicles["Pickup Truck"] = outside
    state.chars["randy"].vehicle = "Pickup Truck"
    take_turn(state, "randy")
    state.apply("drive:off_road")
    name = state.board.name(room)
    # the pickup 1 + 6 = 7 (a natural 1: the table's 3, 1 damage to Randy); the wall 1 + 3
    script(state, 1, 1, 3)
    state.apply(f"ram:wall={name}")
    state.apply("keep")  # Randy keeps the 1
    state.apply("keep")  # and the Natural 1 Table's 3
    state.apply("lose:will")
    state.apply("will:0")
    assert state.wall_damage[tuple(sorted((outside, room)))] == 3
    assert any(e.cite == "15.5 Attacking Locations" and "demolished" in e.text
               for e in state.log)
    assert any(e.cite == "14.52 Rolling a Natural 1" and "Randy" in e.text for e in state.log)
    assert state.chars["randy"].will == 3


def raiders_turn(state: PsychoRaidersState, key: str) -> None:
    for camper in ("randy", "ginger", "dawn"):
        take_turn(state, camper)
        state.apply("end")
    take_turn(state, key)


def test_15_6_fire_takes_a_wall_down_and_sets_the_location_alight() -> None:
    state = new()
    park_everyone(state)
    outside, room = wall_beside(state)
    put(state, "torch", outside)
    raiders_turn(state, "torch")
    script(state, 6, 2)  # Torch 6 + Flamethrower 8 = 14 against 2 + 3: 9
    state.apply(f"wall:{state.board.name(room)}=Flamethrower")
    state.apply("keep")
    state.apply("will:0")
    assert room in state.burning
    assert state.chars["torch"].shots["Flamethrower"] == 3
    assert state.view("campers")["burning"] == [state.board.name(room)]


def burning_barn() -> tuple[PsychoRaidersState, int, int]:
    """A barn room alight, its wall to the hex outside demolished."""
    state = new()
    park_everyone(state)
    outside, room = wall_beside(state)
    state.opened.append(tuple(sorted((outside, room))))
    state.burning.append(room)
    return state, outside, room


def test_15_6_entering_a_burning_location_hurts_without_setting_alight() -> None:
    state, outside, room = burning_barn()
    put(state, "randy", outside)
    take_turn(state, "randy")
    script(state, 4)  # Damage Table 4: 1 damage
    state.apply(f"move:1:{state.board.name(room)}")
    state.apply("keep")
    state.apply("lose:will")
    randy = state.chars["randy"]
    assert randy.will == 3 and not randy.on_fire


def test_rain_puts_out_burning_locations() -> None:
    from deadtable.games.psycho_raiders.events import apply_event

    state = new()
    state.burning.append(wall_beside(state)[1])
    apply_event(state, "weather", {}, "Rain", None)
    assert state.burning == []


def test_15_6_a_vehicle_burnt_to_strength_0_is_engulfed_and_hurts_those_inside() -> None:
    state, _ = pickup_beside("torch")
    raiders_turn(state, "torch")
    # Torch 6 + 8 = 14; the pickup 2 + 6 = 8: 6 damage, all to Strength
    script(state, 6, 2, 1)
    state.apply("hit-car:Pickup Truck:Flamethrower")
    state.apply("keep")  # Torch
    state.apply("keep")  # Randy rolls for the pickup he sits in
    state.apply("will:0")
    state.apply("will:0")
    for _ in range(6):
        state.apply("car-lose:strength")
    assert state.cars["Pickup Truck"]["on_fire"]
    assert state.decision.prompt == "Randy rolled 1 on the Damage Table"  # 15.6
    state.apply("keep")
    pickup = next(v for v in state.view("campers")["vehicles"] if v["name"] == "Pickup Truck")
    assert pickup["on_fire"]


def through(state: PsychoRaidersState) -> None:
    """Keep every roll and add no Will until the fight asks something else."""
    while state.decision is not None and ({"keep", "will:0"} & set(state.decision.ids)):
        state.apply("keep" if "keep" in state.decision.ids else "will:0")


def test_15_1_campers_get_into_the_van_to_attack_and_flank() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    state.vehicles["Van"] = spot
    for key in ("beau", "randy", "ginger"):
        put(state, key, spot)
    state.chars["beau"].vehicle = "Van"
    take_turn(state, "randy")
    assert not any(a.startswith("attack:beau") for a in state.decision.ids)  # locked (11.1)
    state.cars["Van"]["open_to"].append("all")  # broken into, say
    state._decision = None
    assert {"attack:beau", "flank:beau:ginger"} <= set(state.decision.ids)
    script(state, 6, 1, 5)  # Randy and Ginger 6 + 7 + 3 = 16; Beau 1 + 9 (table: 5)
    state.apply("flank:beau:ginger")
    assert state.chars["randy"].vehicle == state.chars["ginger"].vehicle == "Van"
    assert any(e.cite == "15.1 Attacking Inside Vehicle" for e in state.log)
    state.apply("weapon:Tire Iron")
    state.apply("weapon:Machete")
    through(state)
    assert state.decision.prompt.startswith("Beau: 6 damage left")


def test_15_6_a_flamethrower_in_a_vehicle_burns_everyone_else_inside_and_the_vehicle() -> None:
    state, _ = pickup_beside()
    pickup = state.vehicles["Pickup Truck"]
    put(state, "ginger", pickup)
    state.chars["ginger"].vehicle = "Pickup Truck"
    put(state, "torch", pickup)
    state.cars["Pickup Truck"]["open_to"].append("all")
    raiders_turn(state, "torch")
    # Torch 6 + 8 = 14 against Randy 2 + 5 and Ginger's 3 beside him (14.9) = 10: 4 split;
    # then the pickup's Damage Table 6 (3 damage) and Ginger's, not in the fight's pair, 5
    script(state, 6, 2, 6, 5)
    state.apply("attack:randy")
    state.apply("weapon:Flamethrower")
    state.apply("weapon:personal")
    through(state)
    assert drain(state, "lose:") == {"Randy": 2, "Ginger": 2}
    assert state.chars["torch"].vehicle == "Pickup Truck"
    assert state.decision.prompt == "Ginger rolled 5 on the Damage Table"
    state.apply("keep")
    assert drain(state, "lose:") == {"Ginger": 2}
    assert drain(state, "car-lose:") == {"The Pickup Truck": 3}
    assert any("Flames fill the Pickup Truck: Damage Table 6" in e.text for e in state.log)


def test_15_6_a_character_in_a_burning_location_must_get_out() -> None:
    state, outside, room = burning_barn()
    put(state, "randy", room)
    script(state, 1)  # the Damage Table at the start of his turn: unhurt
    take_turn(state, "randy")
    state.apply("keep")
    assert "end" not in state.decision.ids
    state.apply(f"move:1:{state.board.name(outside)}")
    assert "end" in state.decision.ids
