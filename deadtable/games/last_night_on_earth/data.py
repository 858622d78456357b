"""Last Night on Earth's data: the heroes, the Hero and Zombie decks, the scenarios (read here
from data/*.toml) and the town (town.py, re-exported). Errors name the file and the field.

A user's own file replaces a packaged one (data policy, reference/README.md). Schema errors
raise `DataError`. A file that parses but differs from a number the public card lists give
(a copy count, a deck of other than 40/20 cards, a Revolver's range...) still loads: the
user's printed cards outrank our sources. Each difference becomes a `FixedNumberWarning`
naming the file and the field, kept in the loaded deck's `warnings`."""

from __future__ import annotations

import warnings as _warnings
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Self

from deadtable.engine.datafile import DataError, read_toml
from deadtable.engine.datafile import array_of_tables as _tables
from deadtable.engine.datafile import check_keys as _keys
from deadtable.engine.datafile import field as _get
from deadtable.engine.datafile import one_of as _one_of
from deadtable.engine.datafile import strings as _strings
from deadtable.games.last_night_on_earth.town import (
    Building,
    Layout,
    Town,
    build_town,
    load_layout,
    load_tile,
    load_town,
)

__all__ = [
    "Building", "Card", "DataError", "Deck", "FixedNumberWarning", "Hero", "Layout", "Scenario",
    "Scenarios", "Town", "build_town", "load_deck", "load_heroes", "load_layout",
    "load_scenarios", "load_tile", "load_town",
]

DATA = Path(__file__).parent / "data"
HEROES = DATA / "heroes.toml"
HERO_DECK = DATA / "hero-deck.toml"
ZOMBIE_DECK = DATA / "zombie-deck.toml"
SCENARIOS = DATA / "scenarios.toml"

KEYWORDS = ("Student", "Law Enforcement", "Strange", "Holy")
GENDERS = ("male", "female")
ABILITY_WHEN = ("hero-turn-start", "movement", "search", "fight", "zombie-card", "any-time")
SETS = ("basic", "advanced")
DECK_SIZES = {"basic": 40, "advanced": 20}
KINDS = {"hero": ("weapon", "item", "event", "townsfolk"),
         "zombie": ("fight", "event", "response", "stays-in-play")}
PLAYS = {"hero": ("carried", "hero-turn", "hero-turn-start", "fight", "response", "any-time"),
         "zombie": ("zombie-turn-start", "zombie-turn", "zombie-turn-end", "fight", "response")}
CARD_NUMBERS = ("range", "hit_on", "kill_on", "hero_hit_on", "fight_dice", "break_on",
                "out_of_ammo_on", "draw", "discard", "zombie_dice", "zombie_bonus", "roll_on",
                "hero_dice", "movement", "min_movement", "leave_on")
CARD_KEYS = {"name", "set", "copies", "kind", "keywords", "play", "remains", "text",
             "outside_weapon_limit", "needs", "break_on_with", "designed", *CARD_NUMBERS}
HERO_KEYS = {"name", "title", "gender", "wounds", "keywords", "start", "start_items",
             "movement", "optional_movement", "ability", "source", "designed"}
ABILITY_NUMBERS = ("heal", "roll_on", "cost_wounds", "fight_dice")
ABILITY_KEYS = {"name", "effect", "when", "text", "source", "designed", *ABILITY_NUMBERS}
GOALS = ("kill-zombies", "escape-truck", "survive", "rescue-townsfolk", "burn-pits")
CENTRES = ("town-center", "manor-house")
SCENARIO_NUMBERS = ("zombies_to_kill", "heroes_at_truck", "zombies_inside", "townsfolk",
                    "townsfolk_to_save", "townsfolk_lost", "pits_in_buildings",
                    "heroes_killed")
SCENARIO_KEYS = {"id", "name", "centre", "sun_track", "sun_out", "hero_goal", "needs", "add_cards",
                 "setup", "special", "source", "designed", *SCENARIO_NUMBERS}


class FixedNumberWarning(UserWarning):
    """A data file differs from a number the public card lists give; the file's value is used."""


# The public card lists' numbers (reference/last-night-on-earth.md, "Base card lists"):
# (deck, set, card) -> field -> value. A user file that differs gets a warning.
FIXED: dict[tuple[str, str, str], dict[str, int]] = {
    ("hero", "basic", "Signal Flare"): dict(copies=1, range=4, kill_on=2),
    ("hero", "basic", "Revolver"): dict(copies=3, range=3, hit_on=4, out_of_ammo_on=1),
    ("hero", "basic", "Pump Shotgun"): dict(copies=2, range=2, hit_on=3, out_of_ammo_on=2),
    ("hero", "basic", "Baseball Bat"): dict(copies=2, fight_dice=1, break_on=2),
    ("hero", "basic", "Meat Cleaver"): dict(copies=1, kill_on=6),
    ("hero", "basic", "Pitchfork"): dict(copies=1, break_on=2),
    ("hero", "basic", "Fire Axe"): dict(copies=1, break_on=3),
    ("hero", "basic", "Chainsaw"): dict(copies=1, fight_dice=1),
    ("hero", "basic", "Welding Torch"): dict(copies=1, break_on=2),
    ("hero", "basic", "Crowbar"): dict(copies=1, break_on=2),
    ("hero", "basic", "Ammo"): dict(copies=2),
    ("hero", "basic", "Torch"): dict(copies=1),
    ("hero", "basic", "Keys"): dict(copies=2, draw=2),
    ("hero", "basic", "First Aid Kit"): dict(copies=2),
    ("hero", "basic", "Recovery"): dict(copies=2),
    ("hero", "basic", "Get Back You Devils"): dict(copies=3),
    ("hero", "basic", "Faith"): dict(copies=3, fight_dice=1),
    ("hero", "basic", "At Last…"): dict(copies=3),
    ("hero", "basic", "Just a Scratch"): dict(copies=2),
    ("hero", "advanced", "Dynamite"): dict(copies=4, range=2, kill_on=2, hero_hit_on=5),
    ("hero", "advanced", "Just What I Needed"): dict(copies=4),
    ("hero", "advanced", "Lighter"): dict(copies=2),
    ("hero", "advanced", "Gasoline"): dict(copies=2),
    ("hero", "advanced", "Fire Extinguisher"): dict(copies=2),
    ("hero", "advanced", "Old Betsy"): dict(copies=1, leave_on=5),
    ("zombie", "basic", "Shamble"): dict(copies=6),
    ("zombie", "basic", "Uuuurrrggghh!"): dict(copies=5, zombie_dice=2),
    ("zombie", "basic", "Undead Hate the Living"): dict(copies=5),
    ("zombie", "basic", "My God, They've Taken the…"): dict(copies=3),
    ("zombie", "basic", "Resilient"): dict(copies=2),
    ("zombie", "basic", "Oh the Horror!"): dict(copies=2, draw=3),
    ("zombie", "basic", "Cornered"): dict(copies=1, zombie_dice=2),
    ("zombie", "basic", "A Town Overrun"): dict(copies=1, discard=10),
    ("zombie", "basic", "Heavy Rain"): dict(copies=1, movement=-1, min_movement=1),
    ("zombie", "basic", "Braaains!"): dict(copies=1, zombie_bonus=1),
    ("zombie", "advanced", "I Feel Kinda Strange"): dict(copies=2),
    ("zombie", "advanced", "Locked Door"): dict(copies=2),
    ("zombie", "advanced", "This Could Be Our Last Night on Earth"): dict(copies=2),
    ("zombie", "advanced", "Unnecessary Self Sacrifice"): dict(copies=2),
}


# -- types -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    effect: str  # the id the rules act on
    when: str
    numbers: Mapping[str, int]
    text: str
    source: str
    designed: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Hero:
    name: str
    title: str
    gender: str
    wounds: int
    keywords: tuple[str, ...]
    start: str  # a building's name
    start_items: tuple[str, ...]  # Hero deck cards
    movement: int
    optional_movement: bool
    abilities: tuple[Ability, ...]
    source: str
    designed: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    deck: str  # hero | zombie
    set: str  # basic | advanced
    copies: int
    kind: str
    keywords: tuple[str, ...]
    play: str
    remains: bool
    numbers: Mapping[str, int]
    text: str
    outside_weapon_limit: bool
    needs: str | None  # a keyword the hero must also have (Dynamite: Fire)
    break_on_with: tuple[str, int] | None  # (card, break_on) while also carrying it
    source: str
    designed: Mapping[str, str]

    def number(self, key: str) -> int | None:
        return self.numbers.get(key)


@dataclass(frozen=True, slots=True)
class Deck:
    deck: str  # hero | zombie
    cards: tuple[Card, ...]  # one entry per title and set, with its copies
    origin: str
    warnings: tuple[str, ...] = ()

    def size(self, set_: str | None = None) -> int:
        return sum(c.copies for c in self.cards if set_ is None or c.set == set_)

    def card(self, name: str, set_: str = "basic") -> Card:
        for c in self.cards:
            if c.name == name and c.set == set_:
                return c
        raise KeyError(f"{self.origin}: no {set_} card named {name!r}")

    def names(self) -> set[str]:
        return {c.name for c in self.cards}


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    name: str
    centre: str
    sun_track: int
    sun_out: str  # the side that wins when the Sun track runs out
    hero_goal: str
    numbers: Mapping[str, int]
    needs: tuple[str, ...]
    add_cards: tuple[str, ...]
    setup: tuple[str, ...]
    special: tuple[str, ...]
    source: str
    designed: Mapping[str, str]

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self  # immutable: shared by every copy of a game


@dataclass(frozen=True, slots=True)
class Scenarios:
    game: Mapping[str, Any]  # the shared numbers ([game])
    scenarios: Mapping[str, Scenario]
    origin: str


# -- helpers -----------------------------------------------------------------------------------
def _designed(table: dict[str, Any], where: str) -> Mapping[str, str]:
    value = _get(table, "designed", where, dict, {})
    for key, reason in value.items():
        if not isinstance(reason, str) or not reason:
            raise DataError(f"{where}.designed.{key}: should be a one-line reason")
    return MappingProxyType(dict(value))


def _numbers(table: dict[str, Any], keys: tuple[str, ...], where: str) -> dict[str, int]:
    return {k: _get(table, k, where, int) for k in keys if k in table}


# -- heroes ------------------------------------------------------------------------------------
def load_heroes(path: str | Path | None = None) -> dict[str, Hero]:
    data, origin = read_toml(path, HEROES)
    heroes: dict[str, Hero] = {}
    for i, table in enumerate(_tables(data, "hero", origin)):
        where = f"{origin}: hero[{i}]"
        _keys(table, HERO_KEYS, where)
        name = _get(table, "name", where, str)
        if name in heroes:
            raise DataError(f"{where}.name: a second hero named {name!r}")
        keywords = _strings(table, "keywords", where)
        for k, word in enumerate(keywords):
            _one_of(word, KEYWORDS, f"{where}.keywords[{k}]")
        wounds = _get(table, "wounds", where, int)
        if wounds < 1:
            raise DataError(f"{where}.wounds: {wounds} should be 1 or more")
        abilities = []
        for j, ability in enumerate(_get(table, "ability", where, list, [])):
            aw = f"{where}.ability[{j}]"
            _keys(ability, ABILITY_KEYS, aw)
            abilities.append(Ability(
                _get(ability, "name", aw, str), _get(ability, "effect", aw, str),
                _one_of(_get(ability, "when", aw, str), ABILITY_WHEN, f"{aw}.when"),
                MappingProxyType(_numbers(ability, ABILITY_NUMBERS, aw)),
                _get(ability, "text", aw, str), _get(ability, "source", aw, str),
                _designed(ability, aw)))
        heroes[name] = Hero(
            name, _get(table, "title", where, str),
            _one_of(_get(table, "gender", where, str), GENDERS, f"{where}.gender"), wounds,
            keywords, _get(table, "start", where, str), _strings(table, "start_items", where),
            _get(table, "movement", where, int, 0),
            _get(table, "optional_movement", where, bool, False), tuple(abilities),
            _get(table, "source", where, str), _designed(table, where))
    return heroes


# -- decks -------------------------------------------------------------------------------------
def load_deck(deck: str, path: str | Path | None = None) -> Deck:
    """The Hero deck (deck="hero") or the Zombie deck (deck="zombie"), basic and Advanced."""
    if deck not in KINDS:
        raise DataError(f"deck: {deck!r} should be hero or zombie")
    data, origin = read_toml(path, HERO_DECK if deck == "hero" else ZOMBIE_DECK)
    meta = _get(data, "meta", origin, dict)
    sources = {s: _get(meta, f"source_{s}", f"{origin}: meta", str) for s in SETS}
    cards: list[Card] = []
    seen: set[tuple[str, str]] = set()
    for i, table in enumerate(_tables(data, "card", origin)):
        where = f"{origin}: card[{i}]"
        _keys(table, CARD_KEYS, where)
        name = _get(table, "name", where, str)
        set_ = _one_of(_get(table, "set", where, str), SETS, f"{where}.set")
        if (name, set_) in seen:
            raise DataError(f"{where}.name: a second {set_} card {name!r}; give it one "
                            "entry with its copies")
        seen.add((name, set_))
        copies = _get(table, "copies", where, int)
        if copies < 1:
            raise DataError(f"{where}.copies: {copies} should be 1 or more")
        with_card = _get(table, "break_on_with", where, dict, None)
        if with_card is not None:
            with_card = (_get(with_card, "card", f"{where}.break_on_with", str),
                         _get(with_card, "break_on", f"{where}.break_on_with", int))
        cards.append(Card(
            name, deck, set_, copies,
            _one_of(_get(table, "kind", where, str), KINDS[deck], f"{where}.kind"),
            _strings(table, "keywords", where),
            _one_of(_get(table, "play", where, str), PLAYS[deck], f"{where}.play"),
            _get(table, "remains", where, bool, False),
            MappingProxyType(_numbers(table, CARD_NUMBERS, where)),
            _get(table, "text", where, str),
            _get(table, "outside_weapon_limit", where, bool, False),
            _get(table, "needs", where, str, None), with_card, sources[set_],
            _designed(table, where)))
    return Deck(deck, tuple(cards), origin, tuple(_fixed_warnings(deck, cards, origin)))


def _fixed_warnings(deck: str, cards: list[Card], origin: str) -> list[str]:
    found = []
    for set_, size in DECK_SIZES.items():
        total = sum(c.copies for c in cards if c.set == set_)
        if total != size:
            found.append(f"{origin}: the {set_} {deck} deck has {total} cards; the public "
                         f"card lists give {size}")
    by_key = {(c.set, c.name): (i, c) for i, c in enumerate(cards)}
    for (fdeck, set_, name), values in FIXED.items():
        if fdeck != deck:
            continue
        if (set_, name) not in by_key:
            found.append(f"{origin}: no {set_} card {name!r}; the public card lists have it")
            continue
        i, card = by_key[(set_, name)]
        for key, value in values.items():
            have = card.copies if key == "copies" else card.numbers.get(key)
            if have != value:
                found.append(f"{origin}: card[{i}].{key}: {have!r} differs from {value}, "
                             f"{name}'s value in the public card lists")
    for message in found:
        _warnings.warn(message, FixedNumberWarning, stacklevel=3)
    return found


# -- scenarios ---------------------------------------------------------------------------------
def load_scenarios(path: str | Path | None = None) -> Scenarios:
    data, origin = read_toml(path, SCENARIOS)
    game = _get(data, "game", origin, dict)
    for key in ("heroes", "zombies", "zombies_per_spawn", "hand_size", "item_limit",
                "weapon_limit", "heroes_killed", "absent_start_cards"):
        if _get(game, key, f"{origin}: game", int) < 1:
            raise DataError(f"{origin}: game.{key}: should be 1 or more")
    found: dict[str, Scenario] = {}
    for i, table in enumerate(_tables(data, "scenario", origin)):
        where = f"{origin}: scenario[{i}]"
        _keys(table, SCENARIO_KEYS, where)
        sid = _get(table, "id", where, str)
        if sid in found:
            raise DataError(f"{where}.id: a second scenario {sid!r}")
        sun = _get(table, "sun_track", where, int)
        if sun < 1:
            raise DataError(f"{where}.sun_track: {sun} should be 1 or more turns")
        numbers = _numbers(table, SCENARIO_NUMBERS, where)
        numbers.setdefault("heroes_killed", game["heroes_killed"])
        found[sid] = Scenario(
            sid, _get(table, "name", where, str),
            _one_of(_get(table, "centre", where, str), CENTRES, f"{where}.centre"), sun,
            _one_of(_get(table, "sun_out", where, str), ("zombies", "heroes"),
                    f"{where}.sun_out"),
            _one_of(_get(table, "hero_goal", where, str), GOALS, f"{where}.hero_goal"),
            MappingProxyType(numbers), _strings(table, "needs", where),
            _strings(table, "add_cards", where), _strings(table, "setup", where),
            _strings(table, "special", where), _get(table, "source", where, str),
            _designed(table, where))
    return Scenarios(MappingProxyType(dict(game)), MappingProxyType(found), origin)


def check_names(heroes: Mapping[str, Hero], hero_deck: Deck, scenarios: Scenarios,
                town_buildings: set[str], origin: str = "heroes") -> None:
    """The files' references to each other: start items and scenario cards are Hero deck
    cards, start buildings are buildings of the tiles."""
    cards = hero_deck.names()
    for hero in heroes.values():
        for item in hero.start_items:
            if item not in cards:
                raise DataError(f"{origin}: {hero.name}.start_items: {item!r} is not a Hero "
                                "deck card")
        if hero.start not in town_buildings:
            raise DataError(f"{origin}: {hero.name}.start: {hero.start!r} is not a building "
                            f"of the boards; they are {', '.join(sorted(town_buildings))}")
    for scenario in scenarios.scenarios.values():
        for name in scenario.add_cards + scenario.needs:
            if name not in cards:
                raise DataError(f"{scenarios.origin}: {scenario.id}: {name!r} is not a Hero "
                                "deck card")
