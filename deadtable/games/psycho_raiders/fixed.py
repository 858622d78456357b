"""The numbers the rulebook fixes (reference/psycho-raiders.md, "Numbers any designed data must
respect"), checked against loaded data. A difference is a `FixedNumberWarning` naming the file
and the field: a user's printed sheets outrank a worked example, so the data still loads."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deadtable.games.psycho_raiders.data import Sheets, Vehicle, Weapon
    from deadtable.games.psycho_raiders.tables import Tables


class FixedNumberWarning(UserWarning):
    """A data file differs from a number the rulebook gives; the file's value is used."""


# (field, rule) -> check: the check returns what the data has where it differs, None if it
# agrees. Each entry is one number of the reference sheet.
Check = Callable[[Any], Any]


def _get(obj: Mapping[str, Any], name: str, attr: str) -> Any:
    item = obj.get(name)
    return None if item is None else getattr(item, attr)


def _differs(have: Any, want: Any) -> Any:
    return None if have == want else have


def _stat(name: str, stat: str, want: int) -> Check:
    return lambda s: _differs(_get(s.characters, name, stat), want)


def _at_least(name: str, stat: str, least: int) -> Check:
    def check(s: Sheets) -> Any:
        have = _get(s.characters, name, stat)
        return None if have is not None and have >= least else have
    return check


def _side_count(side: str, want: int) -> Check:
    return lambda s: _differs(len([c for c in s.side(side) if c.arrives is None]), want)


def _tokens(sheets: Sheets) -> Any:
    wrong = [c.name for c in sheets.characters.values()
             if c.tokens != (3 if c.side == "camper" else 2)]
    return wrong or None


def _raider_weapons(sheets: Sheets) -> Any:
    wrong = [c.name for c in sheets.side("raider") if len(c.weapons) != 2]
    return wrong or None


def _budgets(sheets: Sheets) -> Any:
    b = sheets.budgets
    campers = [c.name for c in sheets.side("camper") if c.total != b["camper_budget"]
               or not all(b["camper_min"] <= v <= b["camper_max"]
                          for v in (c.speed, c.strength, c.will))]
    totals = sorted(c.total for c in sheets.side("raider"))
    bounded = all(b["raider_min"] <= v <= b["raider_max"] for c in sheets.side("raider")
                  for v in (c.speed, c.strength, c.will))
    raiders = totals == [b["raider_budget"]] * 3 + [b["raider_big_budget"]] and bounded
    return None if not campers and raiders else {"campers": campers, "raider totals": totals}


def _ability(side: str, want: int) -> Check:
    return lambda s: _differs(next((a.amount for a in s.abilities
                                    if a.side == side and a.id == "adrenaline"), None), want)


# 18.1 Advanced Character Setup: budgets and bounds.
BUDGETS = {"camper_budget": (13, "campers split 13"), "camper_min": (2, "no camper stat below 2"),
           "camper_max": (6, "no camper stat above 6"),
           "raider_budget": (15, "three raiders split 15"),
           "raider_big_budget": (18, "one raider splits 18"),
           "raider_min": (2, "no raider stat below 2"),
           "raider_max": (7, "no raider stat above 7 (A-19: the 18-point raider too)")}


def _budget(key: str, want: int) -> Check:
    return lambda s: _differs(s.budgets[key], want)


SHEETS: dict[tuple[str, str], Check] = {
    **{(f"rules.{key}", f"18.1: {rule}"): _budget(key, want)
       for key, (want, rule) in BUDGETS.items()},
    ("characters", "4.3: 4 raiders"): _side_count("raider", 4),
    ("characters", "4.3: 3 campers"): _side_count("camper", 3),
    ("characters", "4.3: 5 townsfolk, and Joey by an event"): _side_count("townsfolk", 5),
    ("Joey.arrives", "4.3, 17: the 13th character arrives by an event"):
        lambda s: _differs(_get(s.characters, "Joey", "arrives"), "event"),
    ("tokens", "12.1: campers have 3 tokens, raiders and townsfolk 2"): _tokens,
    ("weapons", "17: raiders start with 2 weapons each"): _raider_weapons,
    ("Sheriff.weapons", "17: the Sheriff starts with a handgun"):
        lambda s: _differs(_get(s.characters, "Sheriff", "weapons"), ("Handgun",)),
    ("Gravedigger.weapons", "17: the Gravedigger starts with a shovel"):
        lambda s: _differs(_get(s.characters, "Gravedigger", "weapons"), ("Shovel",)),
    ("rules.shared_weapons", "17: one camper starts with the tire iron"):
        lambda s: _differs(tuple(s.shared_weapons.get("camper", ())), ("Tire Iron",)),
    ("Dawn.speed", "10.34, 16.1: Dawn has Speed 6"): _stat("Dawn", "speed", 6),
    ("Randy.strength", "14.1: Randy has Strength 5"): _stat("Randy", "strength", 5),
    ("Ginger.will", "14.61: Ginger spends 3 Will"): _at_least("Ginger", "will", 3),
    ("Dawn.will", "10.34: Dawn adds 3 Will to her speed"): _at_least("Dawn", "will", 3),
    ("character stats", "18.1: each sheet within its side's budget"): _budgets,
    ("sinister.count_die", "17.2: a D6 gives how many townsfolk may be sinister"):
        lambda s: _differs(s.sinister_count_die, 6),
    ("sinister.sinister_on", "17.2: a townsperson is sinister on a 6"):
        lambda s: _differs(s.sinister_on, 6),
    ("ability adrenaline (camper)", "16.1: +5 adrenaline"): _ability("camper", 5),
    ("ability adrenaline (raider)", "16.2: +4 adrenaline"): _ability("raider", 4),
}


def _capacity(name: str, want: int) -> Check:
    return lambda v: _differs(_get(v, name, "capacity"), want)


VEHICLES: dict[tuple[str, str], Check] = {
    ("Pickup Truck.high/safe/off_road", "15.3: the pickup's speeds are 9-4-3"):
        lambda v: _differs(tuple(_get(v, "Pickup Truck", a) for a in
                                 ("high", "safe", "off_road")), (9, 4, 3)),
    ("Van.capacity", "10.5: the van carries 6"): _capacity("Van", 6),
    ("Pickup Truck.capacity", "10.5: the pickup carries 4"): _capacity("Pickup Truck", 4),
    ("Fixer-Upper.capacity", "10.5: cars carry 4"): _capacity("Fixer-Upper", 4),
    ("Sheriff's Vehicle.capacity", "10.5: cars carry 4"): _capacity("Sheriff's Vehicle", 4),
    ("Camaro.capacity", "10.5: cars carry 4"): _capacity("Camaro", 4),
    ("Tractor.capacity", "10.5: the tractor carries 2"): _capacity("Tractor", 2),
}


def _weapon(name: str, want: Any, read: Callable[[Weapon], Any]) -> Check:
    return lambda w: _differs(read(w[name]) if name in w else None, want)


WEAPONS: dict[tuple[str, str], Check] = {
    ("Flamethrower.strength[1]", "14.1: the Flamethrower has 8 at an adjacent hex"):
        _weapon("Flamethrower", 8, lambda w: w.at(1)),
    ("Flamethrower.type", "15.6: the flamethrower is a fire weapon"):
        _weapon("Flamethrower", "Fire", lambda w: w.type),
    ("Handgun.strength", "18.6: the handgun has strength 8"):
        _weapon("Handgun", {8}, lambda w: set(w.strength)),
    ("Handgun.type", "18.6: the handgun is a gun"): _weapon("Handgun", "Gun", lambda w: w.type),
    ("Blowtorch.strength[0]", "15.61: the blowtorch has strength 1"):
        _weapon("Blowtorch", 1, lambda w: w.at(0)),
    ("Blowtorch.grabbed", "15.61: 6 against a grabbed character"):
        _weapon("Blowtorch", 6, lambda w: w.grabbed),
    ("Blowtorch.type", "15.6: the blowtorch is a fire weapon"):
        _weapon("Blowtorch", "Fire", lambda w: w.type),
    ("Tire Iron", "4.7, 17: the campers' tire iron"): _weapon("Tire Iron", True, lambda w: True),
    ("Shovel", "17: the Gravedigger's shovel"): _weapon("Shovel", True, lambda w: True),
}


def _event(roll: int, key: str, want: Any) -> Check:
    def check(t: Tables) -> Any:
        event = t.event(roll)
        have = event.numbers.get(key) if key in ("strength", "speed", "will") \
            else getattr(event, key)
        return _differs(have, want)
    return check


def _fog(t: Tables) -> Any:
    """The Fog that Wind and Rain remove is on the table, and they remove it."""
    fog = [e.low for e in t.events if e.weather == "Fog"]
    removers = [e.name for e in t.events if e.weather in ("Wind", "Rain") and
                "Fog" not in e.removes]
    return None if fog and not removers else {"Fog rows": fog, "not removing Fog": removers}


TABLES: dict[tuple[str, str], Check] = {
    ("scream.range", "8.1: a scream reaches 15 hexes"):
        lambda t: _differs(t.dice["scream"].extra.get("range"), 15),
    ("scream.modifiers.rain", "D66 44-46: Rain -2 to Scream rolls"):
        lambda t: _differs(t.dice["scream"].modifiers.get("rain"), -2),
    ("dangerous_turns.modifiers.rain", "D66 44-46: Rain +1 to Dangerous Turn rolls"):
        lambda t: _differs(t.dice["dangerous_turns"].modifiers.get("rain"), 1),
    ("event_phase.first_turn", "7: an event on the first turn"):
        lambda t: _differs(t.event_phase.get("first_turn"), True),
    ("event_phase.event_on", "7: later an event on a 5 or 6"):
        lambda t: _differs(t.event_phase.get("event_on"), 5),
    ("call_in_the_boys.turns", "19.2: at least 7 turns"):
        lambda t: _differs(t.call_in_the_boys["turns"], 7),
    ("call_in_the_boys.arrive_on", "19.2: the Boys arrive on a 5 or 6"):
        lambda t: _differs(t.call_in_the_boys["arrive_on"], 5),
    ("rules.scream_range", "8.1: 15 hexes"): lambda t: _differs(t.rules["scream_range"], 15),
    ("rules.hide_distance", "12.2: 10 hexes"): lambda t: _differs(t.rules["hide_distance"], 10),
    ("rules.keys_distance", "11.21: 2 hexes"): lambda t: _differs(t.rules["keys_distance"], 2),
    ("rules.carry", "11.6: 3 weapons"): lambda t: _differs(t.rules["carry"], 3),
    ("rules.stack", "10.5: 2 friendly pieces"): lambda t: _differs(t.rules["stack"], 2),
    ("rules.stack_in_combat", "10.5: 4 in an attack"):
        lambda t: _differs(t.rules["stack_in_combat"], 4),
    ("rules.ramming", "15.22: +2"): lambda t: _differs(t.rules["ramming"], 2),
    ("rules.ramming_line", "15.22: two hexes or more"):
        lambda t: _differs(t.rules["ramming_line"], 2),
    ("rules.raider_kill_will", "14.8: +2 Will"):
        lambda t: _differs(t.rules["raider_kill_will"], 2),
    ("rules.missed_kill_will", "14.81: +1 Will"):
        lambda t: _differs(t.rules["missed_kill_will"], 1),
    ("events 13.strength", "D66 13: the dog has 3 Str."): _event(13, "strength", 3),
    ("events 35.strength", "D66 35: barb wire Str. 3"): _event(35, "strength", 3),
    ("events 41.strength", "D66 41: a tree branch Str. 3"): _event(41, "strength", 3),
    ("events 42.strength", "D66 42: a falling tree Str. 5"): _event(42, "strength", 5),
    ("events 24.speed", "D66 24: a flat tire -2 Spd."): _event(24, "speed", -2),
    ("events 14.speed", "D66 14: the church bell +1 Spd."): _event(14, "speed", 1),
    ("events 14.will", "D66 14: -1 will to raiders"): _event(14, "will", -1),
    ("events 15.speed", "D66 15: the raiders' song +1 Spd."): _event(15, "speed", 1),
    ("events 36.speed", "D66 36: Jack O' Lantern +2 Spd."): _event(36, "speed", 2),
    ("events 12.will", "D66 12: the Old Store phone gives 2 will"): _event(12, "will", 2),
    ("events 31.strength", "D66 31-33: Wind +1 Str. to Fire weapons"): _event(31, "strength", 1),
    ("events 21.weather", "D66 21-23: Clear weather"): _event(21, "weather", "Clear"),
    ("events 31.weather", "D66 31-33: Wind weather"): _event(31, "weather", "Wind"),
    ("events 44.weather", "D66 44-46: Rain weather"): _event(44, "weather", "Rain"),
    ("events (Fog)", "D66 31-33, 44-46: Wind and Rain remove Fog, so Fog is on the table"): _fog,
}


def check(checks: dict[tuple[str, str], Check], data: Any, origin: str) -> list[str]:
    found = []
    for (field, rule), test in checks.items():
        have = test(data)
        if have is not None:
            found.append(f"{origin}: {field}: {have!r} differs from the rulebook ({rule})")
    return found


def warn_fixed(*, sheets: Sheets | None = None, vehicles: Mapping[str, Vehicle] | None = None,
               weapons: Mapping[str, Weapon] | None = None, tables: Tables | None = None,
               origin: str = "") -> tuple[str, ...]:
    """Every difference from the rulebook's numbers, each also issued as a warning."""
    found = []
    for checks, data in ((SHEETS, sheets), (VEHICLES, vehicles), (WEAPONS, weapons),
                         (TABLES, tables)):
        if data is not None:
            found += check(checks, data, origin)
    for message in found:
        warnings.warn(message, FixedNumberWarning, stacklevel=3)
    return tuple(found)
