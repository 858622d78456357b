"""Psycho Raiders' data: the character and vehicle sheets, the weapon cards, the decks and the
Kill Deck (read here from data/*.toml); the tables (tables.py) and Crucible (crucible.py) are
re-exported. Errors name the file and the field.

A user's own file replaces a packaged one (data policy, reference/README.md). Schema errors
raise `DataError`. A file that parses but breaks a number the rulebook fixes (Dawn's Speed 6,
the pickup's 9-4-3, a handgun's 8...) still loads: the user's printed sheets outrank a worked
example. Each such difference becomes a `FixedNumberWarning` (fixed.py) naming the file."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from deadtable.engine.board import Board
from deadtable.engine.datafile import DataError, read_toml
from deadtable.engine.datafile import field as _get
from deadtable.games.psycho_raiders.crucible import load_crucible
from deadtable.games.psycho_raiders.fixed import FixedNumberWarning, warn_fixed
from deadtable.games.psycho_raiders.schema import (
    designed,
    keys,
    named_entries,
    one_of,
    strings,
    tables,
)
from deadtable.games.psycho_raiders.tables import Tables, load_tables

__all__ = [
    "Ability", "Character", "DataError", "Deck", "FixedNumberWarning", "KillCard", "KillDeck",
    "Sheets", "Tables", "Vehicle", "Weapon", "check_names", "load_crucible", "load_decks",
    "load_kill_deck", "load_sheets", "load_tables", "load_vehicles", "load_weapons",
]

DATA = Path(__file__).parent / "data"
SIDES = ("raider", "camper", "townsfolk")
TYPES = ("Blade", "Gun", "Fire", "Blunt")
STATS = ("speed", "strength", "will")
CHARACTER_KEYS = {"name", "side", *STATS, "tokens", "weapons", "start", "home", "owns",
                  "arrives", "source", "designed"}
BUDGET_KEYS = ("camper_budget", "camper_min", "camper_max", "raider_budget",
               "raider_big_budget", "raider_min", "raider_max")
ABILITY_KEYS = {"side", "name", "id", "amount", "option", "source"}
VEHICLE_SPEEDS = ("high", "safe", "off_road")
VEHICLE_KEYS = {"name", *VEHICLE_SPEEDS, "strength", "capacity", "owner", "start", "arrives",
                "source", "designed"}
WEAPON_KEYS = {"name", "type", "strength", "personal", "ammo", "fuel", "empty", "grabbed",
               "one_use", "fixed", "source", "designed"}


# -- types -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Character:
    name: str
    side: str  # raider | camper | townsfolk
    speed: int
    strength: int
    will: int
    tokens: int  # counters #1.. (12.1)
    weapons: tuple[str, ...]  # equipped at set-up (17)
    start: str | None  # a start zone of the map; None for Joey (arrives by event)
    home: str | None  # a townsperson's building
    owns: str | None  # a vehicle (11.21)
    arrives: str | None  # "event" for Joey
    source: str
    designed: Mapping[str, str]

    @property
    def total(self) -> int:
        return self.speed + self.strength + self.will


@dataclass(frozen=True, slots=True)
class Ability:
    side: str  # camper | raider
    name: str
    id: str
    amount: int | None
    option: str | None  # an endgame option it needs (19.1)
    source: str


@dataclass(frozen=True, slots=True)
class Sheets:
    characters: Mapping[str, Character]
    budgets: Mapping[str, int]  # 18.1
    shared_weapons: Mapping[str, tuple[str, ...]]  # side -> cards one of its characters takes
    sinister_eligible: tuple[str, ...]
    sinister_count_die: int
    sinister_on: int
    abilities: tuple[Ability, ...]
    origin: str
    warnings: tuple[str, ...] = ()

    def side(self, side: str) -> list[Character]:
        return [c for c in self.characters.values() if c.side == side]


@dataclass(frozen=True, slots=True)
class Vehicle:
    name: str
    high: int
    safe: int
    off_road: int
    strength: int
    capacity: int
    owner: str  # "raiders", "campers" or a townsperson
    start: str | None
    arrives: str | None
    source: str
    designed: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str
    type: str  # Blade | Gun | Fire | Blunt
    strength: tuple[int, ...]  # per range band from close combat (0) outward
    personal: bool  # the wielder's Strength is added (14.5)
    ammo: int | None  # Gun: attacks before it is empty
    fuel: int | None  # Fire: attacks before it is empty
    empty: int | None  # strength as a Blunt weapon once empty (4.71)
    grabbed: int | None  # strength against a grabbed character (15.61)
    one_use: bool
    fixed: bool
    source: str
    designed: Mapping[str, str]

    @property
    def reach(self) -> int:
        """The farthest range band, in hexes (0: close combat only)."""
        return len(self.strength) - 1

    def at(self, hexes: int) -> int | None:
        """The card's strength at `hexes` away, None beyond its reach."""
        return self.strength[hexes] if 0 <= hexes < len(self.strength) else None


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    cards: Mapping[str, int]  # weapon -> copies
    source: str

    @property
    def size(self) -> int:
        return sum(self.cards.values())


@dataclass(frozen=True, slots=True)
class KillCard:
    name: str
    types: tuple[str, ...]
    fire: bool  # the fire icon (15.6)

    def kills(self, weapon_type: str, on_fire: bool) -> bool:
        """14.8: dead if the weapon's type is on the card, or burning and the icon shows."""
        return weapon_type in self.types or (on_fire and self.fire)


@dataclass(frozen=True, slots=True)
class KillDeck:
    cards: tuple[KillCard, ...]
    source: str


# -- helpers -----------------------------------------------------------------------------------
def _optional(table: dict[str, Any], key: str, where: str, kind: type) -> Any:
    return _get(table, key, where, kind, None)


def _positive(table: dict[str, Any], key: str, where: str, least: int = 0) -> int:
    value: int = _get(table, key, where, int)
    if value < least:
        raise DataError(f"{where}.{key}: {value} should be {least} or more")
    return value


# -- sheets ------------------------------------------------------------------------------------
def load_sheets(path: str | Path | None = None) -> Sheets:
    """The character sheets, the 18.1 budgets, the Sinister Sheet and the abilities."""
    data, origin = read_toml(path, DATA / "characters.toml")
    rules = _get(data, "rules", origin, dict)
    where = f"{origin}: rules"
    budgets = {k: _positive(rules, k, where, 1) for k in BUDGET_KEYS}
    shared = _get(rules, "shared_weapons", where, dict, {})
    shared_weapons = {one_of(side, SIDES, f"{where}.shared_weapons"):
                      strings(shared, side, f"{where}.shared_weapons") for side in shared}
    characters: dict[str, Character] = {}
    for where, table, name in named_entries(data, "character", origin, CHARACTER_KEYS):
        arrives = _optional(table, "arrives", where, str)
        if arrives is not None:
            one_of(arrives, ("event",), f"{where}.arrives")
        start = _optional(table, "start", where, str)
        if (start is None) == (arrives is None):
            raise DataError(f"{where}: give a start zone or arrives = \"event\" (one of them)")
        speed, strength, will = (_positive(table, s, where) for s in STATS)
        characters[name] = Character(
            name, one_of(_get(table, "side", where, str), SIDES, f"{where}.side"),
            speed, strength, will, _positive(table, "tokens", where, 1),
            strings(table, "weapons", where), start, _optional(table, "home", where, str),
            _optional(table, "owns", where, str), arrives, _get(table, "source", where, str),
            designed(table, where, CHARACTER_KEYS))
    sinister = _get(data, "sinister", origin, dict)
    where = f"{origin}: sinister"
    eligible = strings(sinister, "eligible", where)
    for k, name in enumerate(eligible):
        if characters.get(name) is None or characters[name].side != "townsfolk":
            raise DataError(f"{where}.eligible[{k}]: {name!r} is not a townsperson of this file")
    abilities = []
    for i, table in enumerate(tables(data, "ability", origin)):
        aw = f"{origin}: ability[{i}]"
        keys(table, ABILITY_KEYS, aw)
        abilities.append(Ability(
            one_of(_get(table, "side", aw, str), ("camper", "raider"), f"{aw}.side"),
            _get(table, "name", aw, str), _get(table, "id", aw, str),
            _optional(table, "amount", aw, int), _optional(table, "option", aw, str),
            _get(table, "source", aw, str)))
    sheets = Sheets(MappingProxyType(characters), MappingProxyType(budgets),
                    MappingProxyType(shared_weapons), eligible,
                    _positive(sinister, "count_die", where, 1),
                    _positive(sinister, "sinister_on", where, 1), tuple(abilities), origin)
    return replace(sheets, warnings=warn_fixed(sheets=sheets, origin=origin))


# -- vehicles ----------------------------------------------------------------------------------
def load_vehicles(path: str | Path | None = None) -> Mapping[str, Vehicle]:
    data, origin = read_toml(path, DATA / "vehicles.toml")
    found: dict[str, Vehicle] = {}
    for where, table, name in named_entries(data, "vehicle", origin, VEHICLE_KEYS):
        high, safe, off_road = (_positive(table, s, where) for s in VEHICLE_SPEEDS)
        if safe > high:
            raise DataError(f"{where}.safe: {safe} should be at most the high speed "
                            f"{high} (Safe Speed is the most that avoids dangerous turns)")
        start = _optional(table, "start", where, str)
        arrives = _optional(table, "arrives", where, str)
        if (start is None) == (arrives is None):
            raise DataError(f"{where}: give a start zone or arrives = \"event\" (one of them)")
        found[name] = Vehicle(name, high, safe, off_road, _positive(table, "strength", where, 1),
                              _positive(table, "capacity", where, 1),
                              _get(table, "owner", where, str), start, arrives,
                              _get(table, "source", where, str),
                              designed(table, where, VEHICLE_KEYS))
    vehicles = MappingProxyType(found)
    warn_fixed(vehicles=vehicles, origin=origin)
    return vehicles


# -- weapons and decks -------------------------------------------------------------------------
def load_weapons(path: str | Path | None = None) -> Mapping[str, Weapon]:
    data, origin = read_toml(path, DATA / "weapons.toml")
    found: dict[str, Weapon] = {}
    for where, table, name in named_entries(data, "weapon", origin, WEAPON_KEYS):
        kind = one_of(_get(table, "type", where, str), TYPES, f"{where}.type")
        bands = _get(table, "strength", where, list)
        if not bands or not all(isinstance(b, int) and not isinstance(b, bool) and b >= 0
                                for b in bands):
            raise DataError(f"{where}.strength: {bands!r} should be a list of whole numbers "
                            "0 or more, one per range band from close combat outward")
        ammo, fuel = (_optional(table, k, where, int) for k in ("ammo", "fuel"))
        if ammo is not None and kind != "Gun" or fuel is not None and kind != "Fire":
            raise DataError(f"{where}: only a Gun has ammo and only a Fire weapon has fuel "
                            f"(4.71); {name} is {kind}")
        found[name] = Weapon(
            name, kind, tuple(bands), _get(table, "personal", where, bool), ammo, fuel,
            _optional(table, "empty", where, int), _optional(table, "grabbed", where, int),
            _get(table, "one_use", where, bool, False), _get(table, "fixed", where, bool, False),
            _get(table, "source", where, str), designed(table, where, WEAPON_KEYS))
    weapons = MappingProxyType(found)
    warn_fixed(weapons=weapons, origin=origin)
    return weapons


def load_decks(path: str | Path | None = None,
               weapons: Mapping[str, Weapon] | None = None) -> Mapping[str, Deck]:
    """The location decks and the Outdoor deck; each card must be a weapon of `weapons`."""
    weapons = load_weapons() if weapons is None else weapons
    data, origin = read_toml(path, DATA / "decks.toml")
    found: dict[str, Deck] = {}
    for where, table, name in named_entries(data, "deck", origin, {"name", "cards", "source"}):
        cards = _get(table, "cards", where, dict)
        for card, copies in cards.items():
            if card not in weapons:
                raise DataError(f"{where}.cards.{card}: not a weapon of weapons.toml")
            if weapons[card].fixed:
                raise DataError(f"{where}.cards.{card}: a fixed card is set out, not dealt")
            if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
                raise DataError(f"{where}.cards.{card}: {copies!r} should be a number of "
                                "copies, 1 or more")
        found[name] = Deck(name, MappingProxyType(dict(cards)), _get(table, "source", where, str))
    if "Outdoor" not in found:
        raise DataError(f"{origin}: no deck named 'Outdoor'; outdoor hexes are searched in it "
                        "(11.5)")
    return MappingProxyType(found)


def load_kill_deck(path: str | Path | None = None) -> KillDeck:
    data, origin = read_toml(path, DATA / "kill_deck.toml")
    keys(data, {"source", "cards"}, origin)
    cards = []
    for i, table in enumerate(_get(data, "cards", origin, list)):
        where = f"{origin}: cards[{i}]"
        if not isinstance(table, dict):
            raise DataError(f"{where}: should be a table {{name, types, fire}}")
        keys(table, {"name", "types", "fire"}, where)
        types = strings(table, "types", where)
        if not types:
            raise DataError(f"{where}.types: a kill card shows at least one weapon type")
        for k, kind in enumerate(types):
            one_of(kind, TYPES, f"{where}.types[{k}]")
        cards.append(KillCard(_get(table, "name", where, str), types,
                              _get(table, "fire", where, bool, False)))
    if not cards:
        raise DataError(f"{origin}: cards: the Kill Deck has no cards")
    return KillDeck(tuple(cards), _get(data, "source", origin, str))


# -- the files together ------------------------------------------------------------------------
def check_names(sheets: Sheets, vehicles: Mapping[str, Vehicle], weapons: Mapping[str, Weapon],
                decks: Mapping[str, Deck], tables: Tables, board: Board) -> None:
    """The files' references to each other and to the map: weapons, vehicles, start zones,
    homes, decks, terrains and event places exist."""
    zones = board.zones
    buildings = {n for n, z in zones.items() if z.kind == "building"}
    for c in sheets.characters.values():
        where = f"{sheets.origin}: {c.name}"
        for card in c.weapons:
            if card not in weapons:
                raise DataError(f"{where}.weapons: {card!r} is not a weapon of weapons.toml")
        if c.start is not None and c.start not in zones:
            raise DataError(f"{where}.start: {c.start!r} is not a zone of the map")
        if c.home is not None and c.home not in buildings:
            raise DataError(f"{where}.home: {c.home!r} is not a building of the map; they are "
                            + ", ".join(sorted(buildings)))
        if c.owns is not None and c.owns not in vehicles:
            raise DataError(f"{where}.owns: {c.owns!r} is not a vehicle of vehicles.toml")
    for cards in sheets.shared_weapons.values():
        for card in cards:
            if card not in weapons:
                raise DataError(f"{sheets.origin}: rules.shared_weapons: {card!r} is not a "
                                "weapon of weapons.toml")
    for v in vehicles.values():
        if v.start is not None and v.start not in zones:
            raise DataError(f"vehicles: {v.name}.start: {v.start!r} is not a zone of the map")
        if v.owner not in ("raiders", "campers") and v.owner not in sheets.characters:
            raise DataError(f"vehicles: {v.name}.owner: {v.owner!r} is not raiders, campers or "
                            "a character")
    for marker in board.markers_of("deck"):
        if marker.props.get("deck") not in decks:
            raise DataError(f"map: deck marker at {board.name(marker.space)}: "
                            f"{marker.props.get('deck')!r} is not a deck of decks.toml")
    for terrain in set(board.terrain):
        if terrain not in tables.terrain:
            raise DataError(f"{tables.origin}: terrain: no entry for the map's {terrain!r}")
    for event in tables.events:
        if event.place is not None and event.place not in zones:
            raise DataError(f"{tables.origin}: events {event.low}: place {event.place!r} is "
                            "not a zone of the map")
