"""Vehicles (10.1, 10.2, 10.4, 11.1, 11.2, 11.21) and escaping by road (6.1).

A vehicle's sheet (data/vehicles.toml) gives its three speeds, strength and capacity; its
state here is plain data: the speeds and strength left, who may get in without breaking a
door (11.1: "Cars not belonging to characters are considered locked"), who may drive it
(its owners, by keys passed within 2 hexes, 11.21, or a hotwire, 11.2), and whether it is
wrecked. The character whose turn it is drives a vehicle it sits in, once a turn: it
announces High, Safe or Off-Road Speed (10.1), then moves a hex at a time, its passengers with
it; at High Speed each sharp turn rolls on the Dangerous Turns Table (10.2)."""

from __future__ import annotations

from functools import cache
from typing import Any

from deadtable.engine.decisions import Action
from deadtable.games.psycho_raiders import abilities, rerolls
from deadtable.games.psycho_raiders.geometry import distance
from deadtable.games.psycho_raiders.geometry import row as distance_row
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.state import CAMPERS, RAIDERS, Character, PsychoRaidersState

DRIVE = "10.1 Vehicle Movement"
TURNS = "10.2 Dangerous Turns"
RIDE = "10.4 Cars Dropping Off/Pickup"
BREAK_IN = "11.1 Opening Locked Doors"
HOTWIRE = "11.2 Hotwire Car"
KEYS = "11.21 Gaining Permission to Use"
ESCAPE = "6.1 Short game"
VERBS = ("board", "drive", "car", "turn-roll", "hotwire", "keys", "escape-road", "drop",
         "pick")
FREE = ("board", "drive", "car", "turn-roll", "keys", "escape-road", "drop",
        "pick")  # not actions (10)
MODES = ("high", "safe", "off_road")


def new_car(state: PsychoRaidersState, name: str) -> dict[str, Any]:
    sheet = state.rules.vehicles[name]
    owner = sheet.owner.lower()
    return {"high": sheet.high, "safe": sheet.safe, "off_road": sheet.off_road,
            "strength": sheet.strength, "open_to": [owner], "drivers": [owner],
            "wrecked": False, "ruined": False, "moved": 0, "driven_by": owner}


def may(state: PsychoRaidersState, char: Character, names: list[str]) -> bool:
    """Whether a list of owners (a side, a character, "all") includes the character."""
    side = state.side_of(char)
    return ("all" in names or char.key in names or side in names
            or (side == CAMPERS and "campers" in names) or (side == RAIDERS and "raiders" in names))


def aboard(state: PsychoRaidersState, name: str) -> list[Character]:
    return [c for c in state.chars.values() if c.vehicle == name and state.active(c)]


def offers(state: PsychoRaidersState, frame: Any, char: Character,
           seen: Glance | None = None) -> list[Action]:
    """Boarding, breaking in, hotwiring, driving, a dangerous turn's re-roll, dropping off
    and picking up, keys; `seen` is the decision's Glance if taken."""
    here = state.space_of(char) if seen is None else seen.here
    if here is None or char.hidden or char.grabbed_by is not None:
        return []
    if not frame.turn_roll and here not in state.vehicles.values():
        # whether it owns a vehicle, kept in the look (a call less each step)
        owns = None if seen is None else seen.kept.get("owns")
        if owns is None:
            owns = char.key in owners(state)
            if seen is not None:
                seen.kept["owns"] = owns
        if not owns:
            return []  # no vehicle here, and no keys to give (the common case, answered fast)
    found: list[Action] = []
    if frame.turn_roll:
        return [Action("turn-roll:keep", f"Keep the Dangerous Turns roll of {frame.turn_roll}",
                       {"verb": "turn-roll"}),
                Action("turn-roll:reroll", "Re-roll it for 1 Will (10.2)",
                       {"verb": "turn-roll"})] if char.will > 0 else []
    for name, space in state.vehicles.items():
        car = state.cars[name]
        if space != here or car["wrecked"]:
            continue
        if car.get("on_fire") and char.vehicle != name:
            continue  # 15.6: a burning vehicle is vacated, not boarded (a reading)
        if char.vehicle is None:
            full = len(aboard(state, name)) >= state.rules.vehicles[name].capacity
            if may(state, char, car["open_to"]) and not full:
                found.append(Action(f"board:{name}", f"Get into the {name} (10.4)",
                                    {"verb": "board", "vehicle": name}))
            elif not full and not frame.acted:
                found.append(Action(f"open:vehicle={name}", f"Break into the {name} (11.1)",
                                    {"verb": "open", "vehicle": name}))
        elif char.vehicle == name:
            drivable = may(state, char, car["drivers"])
            if not drivable and not car["ruined"] and not frame.acted:
                found.append(Action(f"hotwire:{name}", f"Hotwire the {name} (11.2)",
                                    {"verb": "hotwire", "vehicle": name}))
            if (drivable and frame.driving == "" and car["moved"] != state.round
                    and not car.get("on_fire")):
                found += [Action(f"drive:{mode}", f"Drive the {name} at "
                                 f"{mode.replace('_', '-').title()} Speed (up to "
                                 f"{car[mode] - frame.spent.get(min(char.tokens), 0)})",
                                 {"verb": "drive", "mode": mode})
                          for mode in modes(state, name)
                          if car[mode] - frame.spent.get(min(char.tokens), 0) > 0]
            if frame.driving == name:
                found += _steps(state, frame, name)
                found += _riders(state, char, name)
    # kept by space in a look: only the character's tokens move while it lasts
    found += (_keys(state, char) if seen is None
              else seen.keep(("keys", here), _keys, state, char, seen))
    return found


def modes(state: PsychoRaidersState, name: str) -> list[str]:
    """10.1: High or Safe only from a road; Off-Road anywhere."""
    on_road = state.board.terrain[state.vehicles[name]] == "road"
    return list(MODES) if on_road else ["off_road"]


def _ground_ok(state: PsychoRaidersState, space: int, mode: str) -> bool:
    terrain = state.rules.tables.terrain[state.board.terrain[space]]
    if state.board.coords[space] is None or terrain.vehicle == "never":
        return False
    return terrain.vehicle == "road" if mode != "off_road" else True


def _steps(state: PsychoRaidersState, frame: Any, name: str) -> list[Action]:
    car = state.cars[name]
    left = car[frame.mode] - frame.car_spent
    if left <= 0:
        return []
    here = state.vehicles[name]
    found = []
    for there in state.board.neighbours[here]:
        if not _ground_ok(state, there, frame.mode):
            continue
        if not room_for_car(state, state.chars[frame.char], there):
            continue
        label = state.board.name(there)
        found.append(Action(f"car:{label}", f"Drive the {name} to {label}",
                            {"verb": "car", "space": label}))
    north = set(state.board.zone("North edge").spaces)
    if here in north and state.board.terrain[here] == "road" and _may_escape(state, name):
        found.append(Action("escape-road", f"Drive the {name} off the north edge by road (6.1)",
                            {"verb": "escape-road"}))
    return found


def room_for_car(state: PsychoRaidersState, driver: Character, there: int) -> bool:
    """10.5: a vehicle drives onto a space holding at most one other vehicle and no one
    outside, or one friendly piece outside (a hide token counts, 12.13) and no vehicle; an
    enemy piece it may only ram from the next hex (15.21)."""
    cars_there = sum(1 for s in state.vehicles.values() if s == there)
    side = state.side_of(driver)
    friends = 0
    for other in state.chars.values():
        if not state.active(other) or other.vehicle is not None:
            continue
        for space in other.tokens.values():
            if space == there:
                if state.side_of(other) != side:
                    return False
                friends += 1
    if friends:
        return cars_there == 0 and friends == 1
    return cars_there < 2


def _riders(state: PsychoRaidersState, driver: Character, name: str) -> list[Action]:
    """10.4: during its move the vehicle drops off a passenger on the hex it is on, or
    picks up a friend standing there."""
    from deadtable.games.psycho_raiders.movement import room_for

    here = state.vehicles[name]
    found = []
    riders = aboard(state, name)
    for rider in riders:
        if rider is not driver and room_for(state, rider, here, fighting=False):
            found.append(Action(f"drop:{rider.key}", f"Drop {rider.name} off here (10.4)",
                                {"verb": "drop", "character": rider.key}))
    if len(riders) < state.rules.vehicles[name].capacity:
        for other in state.chars.values():
            if (state.active(other) and other.vehicle is None and not other.hidden
                    and other.grabbed_by is None and state.space_of(other) == here
                    and state.side_of(other) == state.side_of(driver)
                    and may(state, other, state.cars[name]["open_to"])):
                found.append(Action(f"pick:{other.key}", f"Pick {other.name} up (10.4)",
                                    {"verb": "pick", "character": other.key}))
    return found


CARRIED = "carried:"  # state.bonus key: hexes a character rode this turn (10.4)


def carried(state: PsychoRaidersState, char: Character) -> int:
    """Hexes the character has been carried this turn as a passenger: spent from its walk
    when it moves on its own turn (10.4)."""
    return state.bonus.get(CARRIED + char.key, 0)


def _may_escape(state: PsychoRaidersState, name: str) -> bool:
    """6.1: campers in a vehicle on the road at least 5 hexes from the raiders' vehicles."""
    riders = aboard(state, name)
    if not any(state.side_of(c) == CAMPERS for c in riders):
        return False
    here = state.vehicles[name]
    for other, space in state.vehicles.items():
        car = state.cars[other]
        if other == name or car["wrecked"]:
            continue
        raiders = other == "Van" or car["driven_by"] == RAIDERS
        d = distance(state.board, here, space)
        if raiders and d is not None and d < 5:
            return False
    return True


_OWNERS: dict[int, tuple[object, dict[str, str], frozenset[str]]] = {}


def _owned(state: PsychoRaidersState) -> tuple[object, dict[str, str], frozenset[str]]:
    sheets = state.rules.vehicles
    kept = _OWNERS.get(id(sheets))
    if kept is None or kept[0] is not sheets:
        each = {n: v.owner.lower() for n, v in sheets.items()}
        kept = _OWNERS[id(sheets)] = (sheets, each, frozenset(each.values()))
    return kept


def owner_of(state: PsychoRaidersState) -> dict[str, str]:
    """Each vehicle's owner named on its sheet, in lower case (a character's key, or a
    side): one table per set of sheets."""
    return _owned(state)[1]


def owners(state: PsychoRaidersState) -> frozenset[str]:
    """The owners named on the vehicle sheets, in lower case (characters' keys, or a side):
    one set per set of sheets."""
    return _owned(state)[2]


def _keys(state: PsychoRaidersState, char: Character,
          seen: Glance | None = None) -> list[Action]:
    """11.21: an owner passes its keys to a friend within 2 hexes, not through obstacles;
    `seen` is the decision's Glance if taken."""
    found: list[Action] = []
    here = state.space_of(char) if seen is None else seen.here
    if here is None:
        return found
    owner = owner_of(state)
    side = state.side_of(char)
    friend: bool | None = None  # a friend to give keys to: the same for every vehicle
    for name, car in state.cars.items():
        if owner[name] != char.key or car["wrecked"] or side in car["drivers"]:
            continue
        if friend is None:
            friend = _friend_near(state, char, here, side, seen)
        if friend:
            found.append(_keys_action(name))
    return found


def _friend_near(state: PsychoRaidersState, char: Character, here: int, side: str,
                 seen: Glance | None) -> bool:
    """11.21: an unhidden friend in play within the keys' distance and in sight."""
    from deadtable.games.psycho_raiders.hiding import sees

    reach = state.rules.numbers["keys_distance"]
    away = distance_row(state.board, here)
    for other in state.chars.values() if seen is None else seen.friends:
        if other is char or other.hidden:
            continue  # the cheap tests first: where it is comes next
        if seen is None and (not state.active(other) or state.side_of(other) != side):
            continue  # (a look's friends are in play, on the character's side)
        there = state.space_of(other)
        if there is None:
            continue
        d = away[there]
        if d is not None and d <= reach and (d == 0 or sees(state, here, there)):
            return True
    return False


@cache
def _keys_action(name: str) -> Action:
    return Action(f"keys:{name}", f"Give the keys of the {name} to your side (11.21)",
                  {"verb": "keys", "vehicle": name})


def apply(state: PsychoRaidersState, frame: Any, char: Character, verb: str, rest: str) -> None:
    if verb == "board":
        char.vehicle = rest
        state.event(f"{char.name} gets into the {rest}.", RIDE)
        frame.car_spent = max(frame.car_spent, frame.spent.get(min(char.tokens), 0))
    elif verb == "drive":
        frame.driving = char.vehicle or ""
        frame.mode = rest
        frame.car_spent = frame.spent.get(min(char.tokens), 0)  # 10.4: the driver's walk
        frame.car_from = state.vehicles[frame.driving]
        state.cars[frame.driving]["moved"] = state.round
        state.cars[frame.driving]["driven_by"] = state.side_of(char)
        state.event(f"{char.name} drives the {frame.driving} at "
                    f"{rest.replace('_', '-').title()} Speed.", DRIVE)
    elif verb == "car":
        _drive_to(state, frame, char, state.board.space(rest))
    elif verb == "turn-roll":
        roll = frame.turn_roll
        if rest == "reroll":
            char.will -= 1
            roll = state.dice.d6()
            row, said = state.rules.tables.dice["dangerous_turns"].read(roll, state.weather)
            state.event(f"{char.name} spends 1 Will and re-rolls: {said}: "
                        f"{row['text']}", TURNS)
        frame.turn_roll = 0
        _turn_result(state, frame, char, roll)
    elif verb == "hotwire":
        hotwire(state, char, rest)
    elif verb == "keys":
        state.cars[rest]["drivers"].append(state.side_of(char))
        state.cars[rest]["open_to"].append(state.side_of(char))
        state.event(f"The {char.name} hands over the keys of the {rest}.", KEYS)
    elif verb == "drop":
        rider = state.chars[rest]
        rider.vehicle = None
        state.event(f"The {frame.driving} drops {rider.name} off at "
                    f"{state.board.name(state.vehicles[frame.driving])}.", RIDE)
    elif verb == "pick":
        rider = state.chars[rest]
        rider.vehicle = frame.driving
        state.event(f"The {frame.driving} picks {rider.name} up.", RIDE)
    elif verb == "escape-road":
        name = frame.driving
        state.event(f"The {name} roars off the north edge of Crucible.", ESCAPE)
        for rider in aboard(state, name):
            rider.escaped = True
            rider.tokens = {}
            state.real[rider.key] = {}
        del state.vehicles[name]
        frame.driving = ""


def _drive_to(state: PsychoRaidersState, frame: Any, char: Character, space: int) -> None:
    name = frame.driving
    before = state.vehicles[name]
    state.vehicles[name] = space
    frame.car_spent += 1
    frame.last = [before, space]
    for rider in aboard(state, name):
        rider.tokens = {t: space for t in rider.tokens}
        if rider is not char and rider.turned != state.round:
            state.bonus[CARRIED + rider.key] = carried(state, rider) + 1
    state.event(f"The {name} moves to {state.board.name(space)}.", DRIVE)
    _corner(state, frame, char, name, space)
    if frame.driving == name and not frame.turn_roll:
        abilities.may_trap(state, name, char)


def _corner(state: PsychoRaidersState, frame: Any, char: Character, name: str,
            space: int) -> None:
    """10.2: a sharp turn taken at High Speed rolls on the Dangerous Turns Table."""
    sharp = any(m.space == space for m in state.board.markers_of("sharp-turn"))
    if sharp and frame.mode == "high":
        table = state.rules.tables.dice["dangerous_turns"]
        roll = state.dice.d6()
        row, said = table.read(roll, state.weather)
        state.event(f"A sharp turn at High Speed: Dangerous Turns {said}: {row['text']}", TURNS)
        if row["result"] != "safe" and char.will > 0:
            frame.turn_roll = roll  # the driver may re-roll (10.2)
        else:
            _turn_result(state, frame, char, roll)


def _turn_result(state: PsychoRaidersState, frame: Any, char: Character, roll: int) -> None:
    table = state.rules.tables.dice["dangerous_turns"]
    row, _ = table.read(roll, state.weather)
    name = frame.driving
    if row["result"] == "safe":
        return
    frame.driving = ""  # its move is over, and the driver's
    frame.spent = {t: 99 for t in char.tokens}
    if row["result"] == "off-road":
        skid(state, name, frame.last, int(row["hexes"]))
        return
    wreck(state, name, TURNS)


def skid(state: PsychoRaidersState, name: str, last: list[int], hexes: int) -> None:
    """10.2: off-road the given hexes in the direction of travel, onto grass (or as best it
    can: the nearest grass hex to that point)."""
    board = state.board
    a, b = (board.coords[s] for s in last)
    assert a is not None and b is not None
    dq, dr = b[0] - a[0], b[1] - a[1]
    target = (b[0] + dq * hexes, b[1] + dr * hexes)
    grass = [s for s in range(board.size) if board.coords[s] is not None
             and board.terrain[s] in ("grassland", "long grass")
             and s not in state.vehicles.values()]

    def far(s: int) -> int:
        c = board.coords[s]
        assert c is not None
        x, z = c[0] - target[0], c[1] - target[1]
        return (abs(x) + abs(z) + abs(x + z)) // 2

    space = min(grass, key=lambda s: (far(s), s))
    state.vehicles[name] = space
    for rider in aboard(state, name):
        rider.tokens = {t: space for t in rider.tokens}
    state.event(f"The {name} skids off-road to {board.name(space)}.", TURNS)


def wreck(state: PsychoRaidersState, name: str, cite: str) -> None:
    """10.2, 15.4: the vehicle flips; everyone inside rolls on the Damage Table and is out."""
    from deadtable.games.psycho_raiders.attacks import damage_table

    state.cars[name]["wrecked"] = True
    state.event(f"The {name} flips over: wrecked.", cite)
    for rider in aboard(state, name):
        rider.vehicle = None
        damage_table(state, rider, "Blunt", cite)


def break_in(state: PsychoRaidersState, char: Character, name: str) -> None:
    rerolls.roll_table(state, char, "break-in", name, "Locked Doors/Windows Table", BREAK_IN)


@rerolls.resolver("break-in")
def break_in_result(state: PsychoRaidersState, char: Character, roll: int, name: str) -> None:
    row = state.rules.tables.dice["locked"].row(roll)
    opened = bool(row["vehicle"])
    state.event(f"{char.name} tries the {name}'s door: {roll}: "
                f"{'it opens' if opened else 'it holds'}.", BREAK_IN)
    if opened:
        state.cars[name]["open_to"].append("all")


def hotwire(state: PsychoRaidersState, char: Character, name: str) -> None:
    rerolls.roll_table(state, char, "hotwire", name, "Hotwire Table", HOTWIRE)


@rerolls.resolver("hotwire")
def hotwire_result(state: PsychoRaidersState, char: Character, roll: int, name: str) -> None:
    row = state.rules.tables.dice["hotwire"].row(roll)
    state.event(f"{char.name} hotwires the {name}: {roll}: {row['text']}", HOTWIRE)
    if row["result"] == "starts":
        state.cars[name]["drivers"].append(state.side_of(char))
    elif row["result"] == "ruined":
        state.cars[name]["ruined"] = True
