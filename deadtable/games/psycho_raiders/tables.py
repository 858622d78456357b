"""Psycho Raiders' tables (data/tables.toml): the D6 tables of 4.2, the D66 Event Table, the
Call in the Boys track, terrain and the rulebook's numbers. Errors name the file and field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from deadtable.engine.datafile import DataError, read_toml
from deadtable.engine.datafile import field as _get
from deadtable.games.psycho_raiders.fixed import warn_fixed
from deadtable.games.psycho_raiders.schema import keys, one_of, strings

TABLES = Path(__file__).parent / "data" / "tables.toml"
DICE = ("dangerous_turns", "damage", "hotwire", "search_weapons", "locked", "scream",
        "natural_1", "fog_dial")
WEATHER = ("Clear", "Wind", "Rain", "Fog")
EVENT_NUMBERS = ("strength", "speed", "will", "sight")
EVENT_KEYS = {"roll", "name", "effect", "text", "place", "weather", "removes", "designed",
              *EVENT_NUMBERS}
VEHICLE_GROUND = ("road", "off-road", "never")
TERRAIN_KEYS = {"cost", "min_speed", "vehicle", "sight", "hide", "enter"}
RULE_NUMBERS = ("scream_range", "hide_distance", "keys_distance", "carry", "stack",
                "stack_in_combat", "ramming", "ramming_line", "raider_kill_will",
                "missed_kill_will")
D66 = tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))


@dataclass(frozen=True, slots=True)
class Row:
    low: int
    high: int
    values: Mapping[str, Any]  # result, text, and the row's numbers

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


@dataclass(frozen=True, slots=True)
class DiceTable:
    name: str
    rows: tuple[Row, ...]
    modifiers: Mapping[str, int]  # weather -> added to the roll
    extra: Mapping[str, Any]  # the table's own numbers (the scream's range)
    source: str

    def row(self, roll: int) -> Row:
        """The row a (modified) roll falls in."""
        return _find(self.rows, roll, f"{self.name}: no row for a roll of {roll}")

    def read(self, roll: int, weather: str) -> tuple[Row, str]:
        """The row a die falls in under the weather, and the roll as a player says it: "4",
        or "4 +1 for Rain = 5" when the weather changes it (a reader checks it against the
        table's printed rows)."""
        change = self.modifiers.get(weather.lower(), 0)
        said = f"{roll} {change:+d} for {weather} = {roll + change}" if change else str(roll)
        return self.row(roll + change), said


@dataclass(frozen=True, slots=True)
class Event:
    low: int
    high: int
    name: str
    effect: str  # the id the rules act on
    text: str
    numbers: Mapping[str, int]
    place: str | None  # the building or site the event names
    weather: str | None  # the weather it brings
    removes: tuple[str, ...]  # weather it clears
    designed: str | None  # the reason, for the rows 51-66


@dataclass(frozen=True, slots=True)
class Terrain:
    name: str
    cost: int
    min_speed: int
    vehicle: str  # road | off-road | never
    sight: bool  # blocks line of sight for weapons (14.3)
    hide: bool  # hide here from an adjacent enemy (12.2)
    enter: bool


@dataclass(frozen=True, slots=True)
class Tables:
    dice: Mapping[str, DiceTable]
    events: tuple[Event, ...]
    event_phase: Mapping[str, Any]
    call_in_the_boys: Mapping[str, int]
    terrain: Mapping[str, Terrain]
    rules: Mapping[str, int]
    origin: str

    def event(self, roll: int) -> Event:
        return _find(self.events, roll, f"no event for the D66 roll {roll}")


_Ranged = TypeVar("_Ranged", Row, Event)


def _find(items: tuple[_Ranged, ...], roll: int, missing: str) -> _Ranged:
    found = next((item for item in items if item.low <= roll <= item.high), None)
    if found is None:
        raise ValueError(missing)
    return found


def _int(table: Mapping[str, Any], key: str, where: str) -> int:
    value: int = _get(dict(table), key, where, int)
    return value


def _dice(name: str, table: dict[str, Any], origin: str) -> DiceTable:
    where = f"{origin}: {name}"
    modifiers = _get(table, "modifiers", where, dict, {})
    for key in modifiers:
        one_of(key.capitalize(), WEATHER, f"{where}.modifiers.{key}")
        _int(modifiers, key, f"{where}.modifiers")
    low = 1 + min([0, *modifiers.values()])
    high = 6 + max([0, *modifiers.values()])
    rows = []
    expected = low
    for i, entry in enumerate(_get(table, "rows", where, list)):
        rw = f"{where}.rows[{i}]"
        if not isinstance(entry, dict):
            raise DataError(f"{rw}: should be a table {{roll = [low, high], ...}}")
        roll = _get(entry, "roll", rw, list)
        if len(roll) != 2 or not all(isinstance(r, int) for r in roll) or roll[0] > roll[1]:
            raise DataError(f"{rw}.roll: {roll!r} should be [low, high]")
        if roll[0] != expected:
            raise DataError(f"{rw}.roll: starts at {roll[0]}; the rows should cover every roll "
                            f"from {low} to {high} in order, so this one should start at "
                            f"{expected}")
        expected = roll[1] + 1
        rows.append(Row(roll[0], roll[1], MappingProxyType(
            {k: v for k, v in entry.items() if k != "roll"})))
    if expected != high + 1:
        raise DataError(f"{where}.rows: end at {expected - 1}; the rows should reach {high} "
                        "(6 plus the largest modifier)")
    extra = {k: v for k, v in table.items() if k not in ("rows", "modifiers", "source")}
    return DiceTable(name, tuple(rows), MappingProxyType(dict(modifiers)),
                     MappingProxyType(extra), _get(table, "source", where, str))


def _events(table: dict[str, Any], origin: str) -> tuple[Event, ...]:
    where = f"{origin}: events"
    found: list[Event] = []
    seen: dict[int, int] = {}
    for i, entry in enumerate(_get(table, "rows", where, list)):
        ew = f"{where}.rows[{i}]"
        if not isinstance(entry, dict):
            raise DataError(f"{ew}: should be a table {{roll, name, effect, text}}")
        keys(entry, EVENT_KEYS, ew)
        roll: Any = entry.get("roll")
        span: list[int] = roll if isinstance(roll, list) else [roll, roll]
        if len(span) != 2 or not all(isinstance(r, int) and r in D66 for r in span) \
                or span[0] > span[1]:
            raise DataError(f"{ew}.roll: {roll!r} should be a D66 result (11 to 66, digits 1-6) "
                            "or [low, high]")
        for value in D66:
            if span[0] <= value <= span[1]:
                if value in seen:
                    raise DataError(f"{ew}.roll: {value} is also rows[{seen[value]}]")
                seen[value] = i
        weather = _get(entry, "weather", ew, str, None)
        if weather is not None:
            one_of(weather, WEATHER, f"{ew}.weather")
        removes = strings(entry, "removes", ew)
        for k, w in enumerate(removes):
            one_of(w, WEATHER, f"{ew}.removes[{k}]")
        found.append(Event(
            span[0], span[1], _get(entry, "name", ew, str), _get(entry, "effect", ew, str),
            _get(entry, "text", ew, str),
            MappingProxyType({k: _int(entry, k, ew) for k in EVENT_NUMBERS if k in entry}),
            _get(entry, "place", ew, str, None), weather, removes,
            _get(entry, "designed", ew, str, None)))
    missing = [v for v in D66 if v not in seen]
    if missing:
        raise DataError(f"{where}.rows: no row for {', '.join(map(str, missing))}; the D66 "
                        "table has a row for each of its 36 results")
    return tuple(found)


def _terrain(table: dict[str, Any], origin: str) -> Mapping[str, Terrain]:
    found = {}
    for name, entry in table.items():
        if name in ("source", "designed"):
            continue
        tw = f"{origin}: terrain.{name}"
        if not isinstance(entry, dict):
            raise DataError(f"{tw}: should be a table {{cost, min_speed, vehicle, sight, hide}}")
        keys(entry, TERRAIN_KEYS, tw)
        found[name] = Terrain(
            name, _int(entry, "cost", tw), _int(entry, "min_speed", tw),
            one_of(_get(entry, "vehicle", tw, str), VEHICLE_GROUND, f"{tw}.vehicle"),
            _get(entry, "sight", tw, bool), _get(entry, "hide", tw, bool),
            _get(entry, "enter", tw, bool, True))
    return MappingProxyType(found)


def load_tables(path: str | Path | None = None) -> Tables:
    data, origin = read_toml(path, TABLES)
    keys(data, {*DICE, "events", "event_phase", "call_in_the_boys", "terrain", "rules"}, origin)
    dice = {name: _dice(name, _get(data, name, origin, dict), origin) for name in DICE}
    phase = _get(data, "event_phase", origin, dict)
    for key in ("event_on", "ties"):
        _get(phase, key, f"{origin}: event_phase", int if key == "event_on" else str)
    boys = _get(data, "call_in_the_boys", origin, dict)
    rules = _get(data, "rules", origin, dict)
    tables = Tables(
        MappingProxyType(dice), _events(_get(data, "events", origin, dict), origin),
        MappingProxyType(dict(phase)),
        MappingProxyType({k: _int(boys, k, f"{origin}: call_in_the_boys")
                          for k in ("turns", "arrive_on")}),
        _terrain(_get(data, "terrain", origin, dict), origin),
        MappingProxyType({k: _int(rules, k, f"{origin}: rules") for k in RULE_NUMBERS}), origin)
    warn_fixed(tables=tables, origin=origin)
    return tables
