"""Left 4 Dead on HeroScape rules: the army cards, the item pool and the rules' numbers, read
from TOML with errors that name the file and the field. The packaged files are data/cards.toml,
data/items.toml and data/rules.toml; a user's file replaces one of them (data policy,
reference/README.md). The maps (data/maps/) are read by the board engine, not here.

Schema errors raise `DataError`. A file that parses but contradicts a number the rulebook
prints (the Survivors card, a spawn-table row, a pool line's count...) is still loaded: the
user's printed cards outrank our reading. Each contradiction becomes a `FixedNumberWarning`
naming the file and the field, and is kept in the loaded object's `warnings`."""

from __future__ import annotations

import warnings as _warnings
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from deadtable.engine.datafile import DataError, read_toml
from deadtable.engine.datafile import field as _get

DATA = Path(__file__).parent / "data"
CARDS = DATA / "cards.toml"
ITEMS = DATA / "items.toml"
RULES = DATA / "rules.toml"
MAPS = DATA / "maps"
CAMPAIGNS = DATA / "campaigns"

SIDES = ("survivors", "infected")
RARITIES = ("unique", "uncommon", "common")
CARD_TYPES = ("hero", "squad")
SIZES = ("small", "medium", "large", "huge")
SLOTS = ("weapon", "secondary", "explosive", "health", "pills")  # rulebook: Item Pickup
POWER_KINDS = ("power", "special-attack")
DIFFICULTIES = ("easy", "normal", "advanced", "expert")
ITEM_DRAWS = ("pool", "d20-table")
ABOVE_20 = ("clamp", "16-19", "extend")
STATS = ("life", "move", "range", "attack", "defense", "points", "height")


class FixedNumberWarning(UserWarning):
    """A data file contradicts a number the rulebook prints; the file's value is used."""


# ---------------------------------------------------------------------------------------------
# The rulebook's fixed numbers, as printed. A data file that differs gets a warning.

FIXED_CARDS: dict[str, dict[str, int]] = {  # card -> stat -> printed value
    "survivors": dict(life=5, move=5, range=6, attack=3, defense=4, points=100, height=5),
    "boomer": dict(life=2, move=5, range=1, attack=3, defense=2, points=30, height=5),
    "charger": dict(life=4, move=6, range=1, attack=4, defense=4, points=90, height=6),
    "hunter": dict(life=3, move=6, range=1, attack=4, defense=3, points=75, height=5),
    "jockey": dict(life=3, move=6, range=1, attack=3, defense=4, points=60, height=4),
    "smoker": dict(life=3, move=5, range=1, attack=3, defense=3, points=45, height=6),
    "spitter": dict(life=2, move=5, range=1, attack=3, defense=3, points=60, height=6),
    "witch": dict(life=5, move=7, range=1, attack=4, defense=4, points=105, height=4),
    "tank": dict(life=5, move=5, range=1, attack=5, defense=5, points=120, height=7),
    "clown": dict(life=1, move=5, range=1, attack=3, defense=4, points=20, height=5),
    "fallen-survivor": dict(life=1, move=5, range=1, attack=3, defense=6, points=30, height=5),
    "hazmat": dict(life=1, move=5, range=1, attack=3, defense=4, points=25, height=5),
    "mud-man": dict(life=1, move=6, range=1, attack=3, defense=4, points=30, height=5),
    "riot-control": dict(life=1, move=5, range=1, attack=3, defense=4, points=25, height=5),
    "worker": dict(life=1, move=5, range=1, attack=3, defense=5, points=25, height=5),
}
FIXED_POWERS: dict[tuple[str, str], dict[str, int]] = {  # (card, power) -> field -> value
    ("survivors", "Beat Down"): dict(uses_per_move=2, move_on=11, wound_on=17, push=1),
    ("boomer", "Projectile Vomit"): dict(hit_on=11, range=3, max_targets=4, levels_up=5,
                                         levels_down=5),
    ("charger", "Barreling Charge"): dict(straight_move=6, move_on=11, wound_on=17),
    ("hunter", "Hunter Pounce"): dict(move=5, max_leap_levels=10, extra_attack_dice=2),
    ("jockey", "Latch On"): dict(hit_on=8, range=3),
    ("jockey", "Go for a Ride"): dict(move_minus=3),
    ("smoker", "Tongue Snare"): dict(hit_on=14, range=8),
    ("spitter", "Acid Vomit"): dict(range=7, dice=1),
    ("tank", "Rock Throw"): dict(range=6, attack=5),
    ("tank", "Powerful Punch"): dict(push=3),
    ("fallen-survivor", "Survival Instinct"): dict(move=4),
    ("witch", "Double Attack"): dict(extra_attacks=1),
    ("witch", "Wandering Witch"): dict(move_minus=3),
    ("zombies-of-morindan", "Horde Movement"): dict(move_figures=6, attack_figures=3),
}
FIXED_CARD_EXTRAS: dict[tuple[str, str], int] = {  # (card, field) -> printed value
    ("clown", "spawn_extra_zombies"): 3,  # INFECTED RULES, Uncommon Infected
    ("fallen-survivor", "drops_items"): 2,
}
SURVIVOR_NAMES = ("Bill", "Coach", "Ellis", "Francis", "Louis", "Nick", "Rochelle", "Zoey")
# The Item Pool as printed: line -> (count, d20 number or 0).
FIXED_POOL: dict[str, tuple[int, int]] = {
    "4 Second Pistol - 1": (4, 1), "2 Magnum - 2": (2, 2), "4 Pump/Chrome Shotgun - 3": (4, 3),
    "4 Uzi/Silenced Uzi - 4": (4, 4), "2 Auto Shotgun/Combat Shotgun - 5": (2, 5),
    "2 M16/AK-47 - 6": (2, 6), "1 Combat Rifle - 7": (1, 7),
    "2 Hunting Rifle/Sniper Rifle - 8": (2, 8), "1 Grenade Launcher - 9": (1, 9),
    "1 Portable HMG": (1, 0), "2 Explosive Ammo - 10": (2, 10),
    "2 Incendiary Ammo - 11": (2, 11), "2 Axe/Crowbar - 12": (2, 12),
    "2 Baseball Bat/Cricket Bat": (2, 0), "3 Electric Guitar/Frying Pan/Nightstick": (3, 0),
    "2 Katana/Machete": (2, 0), "1 Chainsaw - 13": (1, 13), "4 Bile Bomb - 14": (4, 14),
    "4 Molotov Cocktail - 15": (4, 15), "4 Pipe Bomb - 16": (4, 16),
    "2 Defibrillator - 17": (2, 17), "8 Health Kit (survivors begin with 4) - 18": (8, 18),
    "4 Adrenaline Shot - 19": (4, 19), "4 Pain Pills - 20": (4, 20),
}
POOL_TOTAL = 67
STARTING_ITEMS = 8
# Printed range/attack of the pool's items (ITEM PICKUPS).
FIXED_ITEMS: dict[str, dict[str, int]] = {
    "second-pistol": dict(range=6, attack=3), "magnum": dict(range=6, attack=3),
    "pump-shotgun": dict(range=4, attack=3), "chrome-shotgun": dict(range=4, attack=3),
    "uzi": dict(range=6, attack=3), "silenced-uzi": dict(range=6, attack=3),
    "auto-shotgun": dict(range=5, attack=4), "combat-shotgun": dict(range=5, attack=4),
    "m16": dict(range=7, attack=4), "ak-47": dict(range=7, attack=4),
    "combat-rifle": dict(range=7, attack=3), "hunting-rifle": dict(range=10, attack=2),
    "sniper-rifle": dict(range=10, attack=2), "grenade-launcher": dict(range=6, attack=2),
    "portable-hmg": dict(range=7, attack=2), "chainsaw": dict(range=1, attack=5),
    "bile-bomb": dict(range=5, attack=0), "molotov-cocktail": dict(range=5, attack=2),
    "pipe-bomb": dict(range=5, attack=2),
}
# The special numbers printed in the items' texts (ITEM PICKUPS).
FIXED_ITEM_EXTRAS: dict[tuple[str, str], int] = {
    ("second-pistol", "extra_attacks"): 1, ("magnum", "defense_minus"): 2,
    ("uzi", "extra_attack_on_kill"): 1, ("silenced-uzi", "extra_attack_on_kill"): 1,
    ("m16", "extra_attack_on_kill"): 1, ("ak-47", "extra_attack_on_kill"): 1,
    ("combat-rifle", "extra_attacks"): 2, ("hunting-rifle", "line_targets"): 3,
    ("sniper-rifle", "line_targets"): 3, ("grenade-launcher", "ammo"): 3,
    ("portable-hmg", "ammo"): 3, ("portable-hmg", "attacks"): 4, ("chainsaw", "fuel"): 3,
    ("chainsaw", "max_targets"): 3, ("incendiary-ammo", "defense_minus"): 2,
    ("explosive-ammo", "push"): 1, ("bile-bomb", "lob"): 12, ("molotov-cocktail", "lob"): 12,
    ("pipe-bomb", "lob"): 12, ("molotov-cocktail", "defense_minus"): 2,
    ("defibrillator", "revive_wounds"): 2, ("health-kit", "leaves_wounds"): 1,
    ("adrenaline-shot", "set_aside_wounds"): 2, ("adrenaline-shot", "move_bonus"): 1,
}
FIXED_DIFFICULTY: dict[str, tuple[int, int, int]] = {  # modifier, items a round, squads
    "easy": (0, 4, 3), "normal": (1, 3, 4), "advanced": (2, 2, 5), "expert": (3, 1, 6),
}
FIXED_SPAWN: dict[str, tuple[tuple[int, int, str], ...]] = {  # table -> (low, high, result)
    "zombies": ((1, 8, "2"), (9, 15, "3"), (16, 19, "4"), (20, 20, "3+uncommon")),
    "uncommon": ((1, 4, "clown"), (5, 8, "hazmat"), (9, 12, "mud-man"),
                 (13, 16, "riot-control"), (17, 19, "worker"), (20, 20, "fallen-survivor")),
    "specials": ((1, 3, "boomer"), (4, 6, "smoker"), (7, 9, "charger"), (10, 12, "jockey"),
                 (13, 15, "spitter"), (16, 18, "hunter"), (19, 20, "tank")),
}
FIXED_RULES: dict[tuple[str, str], Any] = {  # (table, field) -> printed value
    ("spawn.witch", "spawn_on"): 15, ("spawn.witch", "except_chapters"): [1, 5],
    ("incapacitation", "incaps_to_destroy"): 3, ("incapacitation", "stand_up_life"): 2,
    ("incapacitation", "health_kit_leaves"): 1, ("incapacitation", "hero_closet_wounds"): 2,
    ("incapacitation", "bleed_per_round"): 1,
    ("crescendo", "zombies"): 3, ("crescendo", "rounds"): 3, ("finale", "zombies"): 3,
    ("finale", "first_tank_round"): 2, ("alarms", "zombies"): 3,
    ("safe_rooms", "later_health_kits"): 4, ("safe_rooms", "weapons"): 4,
    ("safe_rooms", "t1_or_melee_after_chapters"): [1, 2],
    ("safe_rooms", "t2_after_chapters"): [3, 4], ("safe_rooms", "chapters_min"): 2,
    ("safe_rooms", "chapters_max"): 5, ("survivors", "in_play"): 4,
    ("finale", "rounds_after_tank_destroyed"): 2, ("finale", "rescue_after_tanks"): 2,
    ("burning", "wounds_per_turn"): 1,
}


def _warn(messages: list[str]) -> tuple[str, ...]:
    for message in messages:
        _warnings.warn(message, FixedNumberWarning, stacklevel=3)
    return tuple(messages)


def _int_list(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise DataError(f"{where}: {value!r} should be a list of whole numbers")
    return tuple(value)


def _str_list(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DataError(f"{where}: {value!r} should be a list of strings")
    return tuple(value)


def _one_of(value: str, allowed: tuple[str, ...], where: str) -> str:
    if value not in allowed:
        raise DataError(f"{where}: {value!r} is not one of {', '.join(allowed)}")
    return value


def _designed(table: dict[str, Any], where: str) -> dict[str, str]:
    designed = _get(table, "designed", where, dict, {})
    for key, reason in designed.items():
        if not isinstance(reason, str) or not reason:
            raise DataError(f"{where}.designed.{key}: needs a one-line reason (a string)")
    return dict(designed)


def _source(table: dict[str, Any], where: str) -> str:
    source = _get(table, "source", where, str)
    if not source.startswith(("rulebook", "public", "designed")):
        raise DataError(f"{where}.source: {source!r} should start with 'rulebook', 'public' "
                        f"or 'designed'")
    return source


# ---------------------------------------------------------------------------------------------
# Army cards


@dataclass(frozen=True, slots=True)
class Power:
    """A special power or special attack: its name and its numbers as named fields."""

    name: str
    kind: str
    values: dict[str, Any]  # every other field: hit_on, range, max_targets, marker...
    source: str
    designed: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


@dataclass(frozen=True, slots=True)
class Card:
    """One army card."""

    id: str
    name: str
    side: str
    group: str  # survivors: ""; infected: special | uncommon | horde
    species: str
    rarity: str
    type: str
    class_: str
    personality: str
    size: str
    height: int
    life: int
    move: int
    range: int
    attack: int
    defense: int
    points: int
    figures: int  # figures per card
    names: tuple[str, ...]
    quadruple: tuple[int, ...]  # printed, meaning unknown, never used; () if none
    powers: tuple[Power, ...]
    extra: dict[str, Any]  # other fields: treated_as, immune, spawn_extra_zombies...
    source: str
    designed: dict[str, str] = field(default_factory=dict)

    def power(self, name: str) -> Power:
        for p in self.powers:
            if p.name == name:
                return p
        raise KeyError(f"{self.name} has no power {name!r}")


@dataclass(frozen=True, slots=True)
class CardData:
    cards: dict[str, Card]
    quadruple_used: bool
    file: str
    warnings: tuple[str, ...] = ()

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    @property
    def survivors(self) -> Card:
        return self.cards["survivors"]

    def group(self, group: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards.values() if c.group == group)


_CARD_KEYS = {"name", "side", "group", "species", "rarity", "type", "class", "personality",
              "size", "names", "quadruple", "power", "source", "designed", *STATS, "figures"}


def _power(entry: Any, where: str) -> Power:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: should be a table with a name, a kind and a source")
    kind = _one_of(_get(entry, "kind", where, str), POWER_KINDS, f"{where}.kind")
    values = {k: v for k, v in entry.items() if k not in ("name", "kind", "source", "designed")}
    for key, value in values.items():
        if isinstance(value, float):
            raise DataError(f"{where}.{key}: {value!r} should be a whole number")
    return Power(_get(entry, "name", where, str), kind, values, _source(entry, where),
                 _designed(entry, where))


def _card(key: str, entry: dict[str, Any], where: str) -> Card:
    stats = {s: _get(entry, s, where, int) for s in STATS}
    for s, v in stats.items():
        if v < (0 if s in ("points", "range") else 1):
            raise DataError(f"{where}.{s}: {v} should be a positive whole number")
    quadruple = _int_list(_get(entry, "quadruple", where, list, []), f"{where}.quadruple")
    if quadruple and len(quadruple) != 4:
        raise DataError(f"{where}.quadruple: {list(quadruple)} should be four numbers")
    powers = tuple(_power(p, f"{where}.power[{i}]")
                   for i, p in enumerate(_get(entry, "power", where, list, [])))
    side = _one_of(_get(entry, "side", where, str), SIDES, f"{where}.side")
    return Card(
        key, _get(entry, "name", where, str), side, _get(entry, "group", where, str, ""),
        _get(entry, "species", where, str),
        _one_of(_get(entry, "rarity", where, str), RARITIES, f"{where}.rarity"),
        _one_of(_get(entry, "type", where, str), CARD_TYPES, f"{where}.type"),
        _get(entry, "class", where, str), _get(entry, "personality", where, str),
        _one_of(_get(entry, "size", where, str), SIZES, f"{where}.size"),
        stats["height"], stats["life"], stats["move"], stats["range"], stats["attack"],
        stats["defense"], stats["points"], _get(entry, "figures", where, int, 1),
        _str_list(_get(entry, "names", where, list, []), f"{where}.names"), quadruple, powers,
        {k: v for k, v in entry.items() if k not in _CARD_KEYS}, _source(entry, where),
        _designed(entry, where),
    )


def _check_cards(cards: dict[str, Card], f: str) -> list[str]:
    out = []
    for card_id, printed in FIXED_CARDS.items():
        card = cards.get(card_id)
        if card is None:
            out.append(f"{f}: card.{card_id} is missing; the rulebook prints it")
            continue
        for stat, value in printed.items():
            if getattr(card, stat) != value:
                out.append(f"{f}: card.{card_id}.{stat} is {getattr(card, stat)}; the "
                           f"rulebook prints {value}")
    for (card_id, name), numbers in FIXED_POWERS.items():
        card = cards.get(card_id)
        if card is None:
            continue
        try:
            power = card.power(name)
        except KeyError:
            out.append(f"{f}: card.{card_id} has no power {name!r}; the rulebook prints it")
            continue
        for key, value in numbers.items():
            if power.get(key) != value:
                out.append(f"{f}: card.{card_id} power {name!r} field {key} is "
                           f"{power.get(key)!r}; the rulebook prints {value}")
    for (card_id, key), value in FIXED_CARD_EXTRAS.items():
        card = cards.get(card_id)
        if card is not None and card.extra.get(key) != value:
            out.append(f"{f}: card.{card_id}.{key} is {card.extra.get(key)!r}; the rulebook "
                       f"prints {value}")
    survivors = cards.get("survivors")
    if survivors is not None and tuple(sorted(survivors.names)) != SURVIVOR_NAMES:
        out.append(f"{f}: card.survivors.names is {list(survivors.names)}; the rulebook "
                   f"prints {list(SURVIVOR_NAMES)}")
    return out


def load_cards(path: str | Path | None = None) -> CardData:
    raw, f = read_toml(path, CARDS)
    meta = _get(raw, "meta", f, dict, {})
    table = _get(raw, "card", f, dict)
    cards: dict[str, Card] = {}
    for key, entry in table.items():
        if not isinstance(entry, dict):
            raise DataError(f"{f}: card.{key} should be a table")
        cards[key] = _card(key, entry, f"{f}: card.{key}")
    for needed in ("survivors", "zombies-of-morindan"):
        if needed not in cards:
            raise DataError(f"{f}: card.{needed} is missing (the game cannot play without it)")
    return CardData(cards, _get(meta, "quadruple_used", f"{f}: meta", bool, False), f,
                    _warn(_check_cards(cards, f)))


# ---------------------------------------------------------------------------------------------
# Items


@dataclass(frozen=True, slots=True)
class Item:
    """One kind of item in the pool (`copies` of it)."""

    id: str
    name: str
    slot: str
    tier: int  # 1 or 2 for weapons, 0 otherwise
    melee: bool
    range: int | None  # None: the survivor's own
    attack: int | None  # None: the survivor's own (melee adds attack_bonus)
    attack_bonus: int
    copies: int
    extra: dict[str, Any]  # the item's special numbers: ammo, extra_attacks, lob...
    source: str
    designed: dict[str, str] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        """A printed field (name, slot, range, ...) or a special number (ammo, lob, ...);
        `default` where the item has none."""
        if key in _ITEM_FIELDS:
            value = getattr(self, key)
            return default if value is None else value
        return self.extra.get(key, default)

    def __getitem__(self, key: str) -> Any:
        value = self.get(key)
        if value is None:
            raise KeyError(f"item {self.id!r} has no {key!r}")
        return value


_ITEM_FIELDS = frozenset({"id", "name", "slot", "tier", "melee", "range", "attack",
                          "attack_bonus", "copies"})


@dataclass(frozen=True, slots=True)
class PoolLine:
    """One printed line of the Item Pool."""

    line: str
    count: int
    d20: int  # 0: unnumbered
    shares_d20: int  # the number it is drawn under by the d20-table draw
    split: dict[str, int]
    starting: int
    designed: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Environmental:
    id: str
    name: str
    range: int | None
    attack: int
    extra: dict[str, Any]
    source: str

    def get(self, key: str, default: Any = None) -> Any:
        """A printed field (name, range, attack) or a special number (attacks, no_defense...),
        read as an Item's are."""
        if key in ("id", "name", "range", "attack"):
            value = getattr(self, key)
            return default if value is None else value
        return self.extra.get(key, default)


@dataclass(frozen=True, slots=True)
class ItemData:
    items: dict[str, Item]
    pool: tuple[PoolLine, ...]
    draw: str  # the default draw: "pool" or "d20-table"
    draw_options: tuple[str, ...]
    sets: dict[str, tuple[str, ...]]  # t1-or-melee, t2, defibrillator
    environmental: dict[str, Environmental]
    pool_total: int
    starting_items: int
    file: str
    warnings: tuple[str, ...] = ()

    def __getitem__(self, item_id: str) -> Item:
        return self.items[item_id]

    def entry(self, item_id: str) -> Item | Environmental:
        """A pool item or an environmental item (a mounted gun fired, a gas can lit)."""
        found = self.items.get(item_id)
        return found if found is not None else self.environmental[item_id]

    def copies(self) -> tuple[str, ...]:
        """The pool as physical items: one id per copy, in file order."""
        return tuple(i for item in self.items.values() for i in [item.id] * item.copies)

    def d20_items(self, number: int) -> tuple[str, ...]:
        """The items the d20-table draw reads under `number` (one id per copy)."""
        return tuple(item for line in self.pool if (line.d20 or line.shares_d20) == number
                     for item, n in line.split.items() for _ in range(n))


_ITEM_KEYS = {"name", "slot", "tier", "melee", "range", "attack", "attack_bonus", "copies",
              "source", "designed"}


def _item(key: str, entry: dict[str, Any], where: str) -> Item:
    slot = _one_of(_get(entry, "slot", where, str), SLOTS, f"{where}.slot")
    tier = _get(entry, "tier", where, int, 0)
    if slot == "weapon" and tier not in (1, 2):
        raise DataError(f"{where}.tier: {tier} should be 1 or 2 for a weapon")
    if slot != "weapon" and tier:
        raise DataError(f"{where}.tier: only weapons have a tier (slot is {slot!r})")
    copies = _get(entry, "copies", where, int)
    if copies < 0:
        raise DataError(f"{where}.copies: {copies} should be 0 or more")
    rng = _get(entry, "range", where, int, None)
    attack = _get(entry, "attack", where, int, None)
    return Item(key, _get(entry, "name", where, str), slot, tier,
                _get(entry, "melee", where, bool, False), rng, attack,
                _get(entry, "attack_bonus", where, int, 0), copies,
                {k: v for k, v in entry.items() if k not in _ITEM_KEYS}, _source(entry, where),
                _designed(entry, where))


def _check_items(data: ItemData, f: str) -> list[str]:
    out = []
    lines = {line.line: line for line in data.pool}
    for text, (count, number) in FIXED_POOL.items():
        line = lines.get(text)
        if line is None:
            out.append(f"{f}: pool line {text!r} is missing; the rulebook prints it")
        elif (line.count, line.d20) != (count, number):
            out.append(f"{f}: pool line {text!r} has count {line.count} and d20 {line.d20}; "
                       f"the rulebook prints {count} and {number or 'no number'}")
    total = sum(line.count for line in data.pool)
    if total != POOL_TOTAL or data.pool_total != POOL_TOTAL:
        out.append(f"{f}: the pool holds {total} items (meta.pool_total {data.pool_total}); "
                   f"the rulebook prints {POOL_TOTAL}")
    if data.starting_items != STARTING_ITEMS:
        out.append(f"{f}: meta.starting_items is {data.starting_items}; the rulebook prints "
                   f"{STARTING_ITEMS}")
    for item_id, printed in FIXED_ITEMS.items():
        item = data.items.get(item_id)
        if item is None:
            out.append(f"{f}: item.{item_id} is missing; the rulebook prints it")
            continue
        for stat, value in printed.items():
            if getattr(item, stat) != value:
                out.append(f"{f}: item.{item_id}.{stat} is {getattr(item, stat)}; the "
                           f"rulebook prints {value}")
    for (item_id, key), value in FIXED_ITEM_EXTRAS.items():
        item = data.items.get(item_id)
        if item is not None and item.get(key) != value:
            out.append(f"{f}: item.{item_id}.{key} is {item.get(key)!r}; the rulebook "
                       f"prints {value}")
    return out


def load_items(path: str | Path | None = None) -> ItemData:
    raw, f = read_toml(path, ITEMS)
    meta = _get(raw, "meta", f, dict)
    items = {}
    for key, entry in _get(raw, "item", f, dict).items():
        if not isinstance(entry, dict):
            raise DataError(f"{f}: item.{key} should be a table")
        items[key] = _item(key, entry, f"{f}: item.{key}")
    pool = []
    from_lines: dict[str, int] = {}
    for i, entry in enumerate(_get(raw, "pool", f, list)):
        where = f"{f}: pool[{i}]"
        if not isinstance(entry, dict):
            raise DataError(f"{where}: should be a table with line, count, d20 and split")
        count = _get(entry, "count", where, int)
        split = _get(entry, "split", where, dict)
        for item_id, n in split.items():
            if item_id not in items:
                raise DataError(f"{where}.split: {item_id!r} names no [item.{item_id}]")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise DataError(f"{where}.split.{item_id}: {n!r} should be a whole number >= 1")
            from_lines[item_id] = from_lines.get(item_id, 0) + n
        if sum(split.values()) != count:
            raise DataError(f"{where}.split: its copies add up to {sum(split.values())}, but "
                            f"count is {count}")
        d20 = _get(entry, "d20", where, int)
        shares = _get(entry, "shares_d20", where, int, d20)
        for name, number in (("d20", d20), ("shares_d20", shares)):
            if not 0 <= number <= 20:
                raise DataError(f"{where}.{name}: {number} should be 0 (none) or 1 to 20")
        pool.append(PoolLine(_get(entry, "line", where, str), count, d20, shares, dict(split),
                             _get(entry, "starting", where, int, 0), _designed(entry, where)))
    for item in items.values():
        if item.copies != from_lines.get(item.id, 0):
            raise DataError(f"{f}: item.{item.id}.copies is {item.copies}, but the pool lines "
                            f"give it {from_lines.get(item.id, 0)}")
    draw = _get(raw, "draw", f, dict)
    default = _one_of(_get(draw, "default", f"{f}: draw", str), ITEM_DRAWS, f"{f}: draw.default")
    options = _str_list(_get(draw, "options", f"{f}: draw", list, list(ITEM_DRAWS)),
                        f"{f}: draw.options")
    for option in options:
        _one_of(option, ITEM_DRAWS, f"{f}: draw.options")
    sets_raw = _get(draw, "sets", f"{f}: draw", dict)
    sets = {}
    for name in ("t1-or-melee", "t2", "defibrillator"):
        members = _str_list(_get(sets_raw, name, f"{f}: draw.sets", list), f"{f}: draw.sets.{name}")
        for m in members:
            if m not in items:
                raise DataError(f"{f}: draw.sets.{name}: {m!r} names no [item.{m}]")
        sets[name] = members
    env = {}
    for key, entry in _get(raw, "environmental", f, dict, {}).items():
        where = f"{f}: environmental.{key}"
        env[key] = Environmental(key, _get(entry, "name", where, str),
                                 _get(entry, "range", where, int, None),
                                 _get(entry, "attack", where, int),
                                 {k: v for k, v in entry.items()
                                  if k not in ("name", "range", "attack", "source")},
                                 _source(entry, where))
    data = ItemData(items, tuple(pool), default, options, sets, env,
                    _get(meta, "pool_total", f"{f}: meta", int),
                    _get(meta, "starting_items", f"{f}: meta", int), f)
    return replace(data, warnings=_warn(_check_items(data, f)))


# ---------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True, slots=True)
class Difficulty:
    name: str
    modifier: int
    items_per_round: int
    starting_squads: int
    witch_first_wound: str  # "" | "incapacitate" | "destroy"
    tank_first_wound: str


@dataclass(frozen=True, slots=True)
class SpawnRow:
    low: int
    high: int
    zombies: int = 0
    uncommon: int = 0
    card: str = ""
    if_spawned: str = ""  # the card instead, when `card` has already spawned (the Tank row)


@dataclass(frozen=True, slots=True)
class SpawnTable:
    name: str
    rows: tuple[SpawnRow, ...]
    add_modifier: bool
    source: str

    def row(self, total: int, above_20: str = "clamp") -> SpawnRow:
        """The row a d20 (+ modifier) `total` reads; `above_20` is the A-20 reading."""
        _one_of(above_20, ABOVE_20, "above_20")
        roll = max(1, total)
        if roll > 20:
            if above_20 == "16-19":
                roll = 19
            elif above_20 == "extend":
                last = self.rows[-1]
                return SpawnRow(21, roll, last.zombies + (roll - 20) if last.zombies else 0,
                                last.uncommon, last.card, last.if_spawned)
            else:
                roll = 20
        for r in self.rows:
            if r.low <= roll <= r.high:
                return r
        raise ValueError(f"{self.name}: no row for {roll}")


@dataclass(frozen=True, slots=True)
class Wave:
    """A "3 zombies plus the Difficulty Modifier" placement (crescendo, finale, alarms)."""

    zombies: int
    add_modifier: bool

    def size(self, modifier: int) -> int:
        return self.zombies + (modifier if self.add_modifier else 0)


@dataclass(frozen=True, slots=True)
class Falling:
    """[falling]: drops measured beyond the figure's Height (major_dice is the game option)."""

    minor_drop: int
    minor_dice: int
    major_drop: int
    extreme_drop: int
    extreme_safe_on: int
    water_safe: bool
    infected_fall: bool


@dataclass(frozen=True, slots=True)
class Rules:
    dice_faces: dict[str, int]  # skull, shield, blank
    turn: dict[str, Any]  # order_markers, decoy_markers, initiative_die
    engagement: dict[str, Any]  # leaving_attack_dice
    height: dict[str, Any]
    movement: dict[str, Any]
    falling: dict[str, Any]
    survivors: dict[str, Any]
    safe_rooms: dict[str, Any]
    incapacitation: dict[str, int]
    difficulties: dict[str, Difficulty]
    default_difficulty: str
    adds_life: tuple[str, ...]
    zombies_per_squad: int
    figure_limit: int  # 0: none
    above_20: str
    spawn: dict[str, SpawnTable]  # zombies, uncommon, specials
    witch_spawn_on: int
    witch_add_modifier: bool
    witch_except_chapters: tuple[int, ...]
    burning: dict[str, Any]
    crescendo: Wave
    crescendo_rounds: int
    crescendo_counted_from: str
    finale: Wave
    finale_rules: dict[str, Any]  # first_tank_round, rounds_after_tank_destroyed...
    alarm: Wave
    sources: dict[str, str]  # table -> its source
    designed: dict[str, str]  # "table.field" -> reason
    file: str
    warnings: tuple[str, ...] = ()
    # Read once from the tables above so a roll compares ints instead of looking up a dict.
    skull_top: int = 3  # a d6 of 1..skull_top is a skull ...
    shield_top: int = 5  # ... of skull_top+1..shield_top a shield; above, blank
    leaving_dice: int = 1  # [engagement] leaving_attack_dice
    fall: Falling = Falling(0, 1, 10, 20, 19, True, False)
    burn_wounds: int = 1  # [burning] wounds_per_turn
    water_clears: bool = True  # [burning]: entering water puts out burning


def _table(raw: dict[str, Any], dotted: str, f: str) -> dict[str, Any]:
    table: Any = raw
    for part in dotted.split("."):
        table = _get(table, part, f"{f}: {dotted}" if table is not raw else f, dict)
    return table


def _rows(table: dict[str, Any], name: str, where: str, result: str) -> tuple[SpawnRow, ...]:
    rows = []
    expect = 1
    for i, r in enumerate(_get(table, "rows", where, list)):
        here = f"{where}.rows[{i}]"
        if not isinstance(r, dict):
            raise DataError(f"{here}: should be a table {{ low, high, ... }}")
        low, high = _get(r, "low", here, int), _get(r, "high", here, int)
        if low != expect or high < low:
            raise DataError(f"{here}: rows should cover 1 to 20 in order without gaps; "
                            f"expected low = {expect}, found {low}-{high}")
        expect = high + 1
        if result == "zombies":
            row = SpawnRow(low, high, zombies=_get(r, "zombies", here, int),
                           uncommon=_get(r, "uncommon", here, int, 0))
        else:
            row = SpawnRow(low, high, card=_get(r, "card", here, str),
                           if_spawned=_get(r, "if_spawned", here, str, ""))
        rows.append(row)
    if expect != 21:
        raise DataError(f"{where}.rows: should end at 20, ends at {expect - 1}")
    return tuple(rows)


def _check_rules(raw: dict[str, Any], rules: Rules, f: str) -> list[str]:
    out = []
    for name, (mod, items, squads) in FIXED_DIFFICULTY.items():
        d = rules.difficulties[name]
        if (d.modifier, d.items_per_round, d.starting_squads) != (mod, items, squads):
            out.append(f"{f}: difficulty.{name} has modifier {d.modifier}, items_per_round "
                       f"{d.items_per_round}, starting_squads {d.starting_squads}; the rulebook "
                       f"prints {mod}, {items}, {squads}")
    extra = {"advanced": ("witch_first_wound", "incapacitate"),
             "expert": ("witch_first_wound", "destroy")}
    for name, (key, value) in extra.items():
        if getattr(rules.difficulties[name], key) != value:
            out.append(f"{f}: difficulty.{name}.{key} is "
                       f"{getattr(rules.difficulties[name], key)!r}; the rulebook says {value!r}")
    if rules.difficulties["expert"].tank_first_wound != "incapacitate":
        out.append(f"{f}: difficulty.expert.tank_first_wound should be 'incapacitate' "
                   f"(rulebook: Expert Difficulty)")
    for name, printed in FIXED_SPAWN.items():
        got = []
        for r in rules.spawn[name].rows:
            if name == "zombies":
                got.append((r.low, r.high, f"{r.zombies}" + ("+uncommon" if r.uncommon else "")))
            else:
                got.append((r.low, r.high, r.card))
        if tuple(got) != printed:
            out.append(f"{f}: spawn.{name}.rows are {got}; the rulebook prints {list(printed)}")
    for (table, key), value in FIXED_RULES.items():
        have = _table(raw, table, f).get(key)
        if have != value:
            out.append(f"{f}: {table}.{key} is {have!r}; the rulebook prints {value!r}")
    return out


def load_rules(path: str | Path | None = None) -> Rules:
    raw, f = read_toml(path, RULES)
    sources: dict[str, str] = {}
    designed: dict[str, str] = {}

    def table(dotted: str) -> dict[str, Any]:
        t = _table(raw, dotted, f)
        sources[dotted] = _source(t, f"{f}: {dotted}")
        designed.update({f"{dotted}.{k}": v for k, v in _designed(t, f"{f}: {dotted}").items()})
        return t

    def plain(t: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in t.items() if k not in ("source", "designed")}

    faces = table("dice.combat")
    dice_faces = {k: _get(faces, k, f"{f}: dice.combat", int) for k in ("skull", "shield", "blank")}
    if sum(dice_faces.values()) != 6:
        raise DataError(f"{f}: dice.combat: skull + shield + blank should be 6 faces, are "
                        f"{sum(dice_faces.values())}")
    table("dice.d20")
    turn, engagement = table("turn"), table("engagement")
    for key in ("order_markers", "decoy_markers", "initiative_die"):
        _get(turn, key, f"{f}: turn", int)
    _get(engagement, "leaving_attack_dice", f"{f}: engagement", int)
    height, movement, falling = table("height"), table("movement"), table("falling")
    for key in ("bonus", "big_difference", "big_bonus"):
        _get(height, key, f"{f}: height", int)
    for key in ("minor_drop", "minor_dice", "major_drop", "major_dice", "extreme_drop",
                "extreme_safe_on"):
        _get(falling, key, f"{f}: falling", int)
    if falling["minor_drop"] < 0:  # movement.walk skips fall() where a step drops no level
        raise DataError(f"{f}: falling.minor_drop: {falling['minor_drop']} should be 0 or "
                        f"more (a drop of Height + minor_drop levels or more hurts)")
    for key in ("water_safe", "infected_fall"):
        _get(falling, key, f"{f}: falling", bool)
    burning = table("burning")
    _get(burning, "wounds_per_turn", f"{f}: burning", int)
    _get(burning, "water_clears", f"{f}: burning", bool)
    incap = table("incapacitation")
    for key in ("incaps_to_destroy", "stand_up_life", "bleed_per_round", "health_kit_leaves",
                "hero_closet_wounds"):
        _get(incap, key, f"{f}: incapacitation", int)
    diff = table("difficulty")
    difficulties = {}
    for name in DIFFICULTIES:
        d = table(f"difficulty.{name}")
        where = f"{f}: difficulty.{name}"
        difficulties[name] = Difficulty(
            name, _get(d, "modifier", where, int), _get(d, "items_per_round", where, int),
            _get(d, "starting_squads", where, int), _get(d, "witch_first_wound", where, str, ""),
            _get(d, "tank_first_wound", where, str, ""))
    default = _one_of(_get(diff, "default", f"{f}: difficulty", str), DIFFICULTIES,
                      f"{f}: difficulty.default")
    squads = table("squads")
    spawn = table("spawn")
    above = _one_of(_get(spawn, "above_20", f"{f}: spawn", str), ABOVE_20, f"{f}: spawn.above_20")
    tables = {}
    for name, result in (("zombies", "zombies"), ("uncommon", "card"), ("specials", "card")):
        t = table(f"spawn.{name}")
        tables[name] = SpawnTable(name, _rows(t, name, f"{f}: spawn.{name}", result),
                                  _get(t, "add_modifier", f"{f}: spawn.{name}", bool),
                                  sources[f"spawn.{name}"])
    witch = table("spawn.witch")
    waves = {}
    for name in ("crescendo", "finale", "alarms"):
        t = table(name)
        waves[name] = Wave(_get(t, "zombies", f"{f}: {name}", int),
                           _get(t, "add_modifier", f"{f}: {name}", bool))
    cres = raw["crescendo"]
    counted = _one_of(_get(cres, "counted_from", f"{f}: crescendo", str), ("event", "game"),
                      f"{f}: crescendo.counted_from")
    rules = Rules(
        dice_faces, plain(turn), plain(engagement), plain(height), plain(movement), plain(falling),
        plain(table("survivors")), plain(table("safe_rooms")),
        {k: v for k, v in plain(incap).items() if isinstance(v, int)}, difficulties, default,
        _str_list(_get(diff, "adds_life", f"{f}: difficulty", list), f"{f}: difficulty.adds_life"),
        _get(squads, "zombies_per_squad", f"{f}: squads", int),
        _get(squads, "figure_limit", f"{f}: squads", int), above, tables,
        _get(witch, "spawn_on", f"{f}: spawn.witch", int),
        _get(witch, "add_modifier", f"{f}: spawn.witch", bool),
        _int_list(_get(witch, "except_chapters", f"{f}: spawn.witch", list),
                  f"{f}: spawn.witch.except_chapters"),
        plain(burning), waves["crescendo"],
        _get(cres, "rounds", f"{f}: crescendo", int), counted, waves["finale"],
        plain(raw["finale"]), waves["alarms"], sources, designed, f,
    )
    messages = _check_rules(raw, rules, f)
    return replace(
        rules, warnings=_warn(messages), skull_top=dice_faces["skull"],
        shield_top=dice_faces["skull"] + dice_faces["shield"],
        leaving_dice=engagement["leaving_attack_dice"],
        fall=Falling(*(falling[k] for k in ("minor_drop", "minor_dice", "major_drop",
                                            "extreme_drop", "extreme_safe_on", "water_safe",
                                            "infected_fall"))),
        burn_wounds=burning["wounds_per_turn"], water_clears=burning["water_clears"])


# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameData:
    cards: CardData
    items: ItemData
    rules: Rules

    @property
    def warnings(self) -> tuple[str, ...]:
        return self.cards.warnings + self.items.warnings + self.rules.warnings


def load_data(cards: str | Path | None = None, items: str | Path | None = None,
              rules: str | Path | None = None) -> GameData:
    """All three files (the packaged ones where a path is None), checked against each other."""
    data = GameData(load_cards(cards), load_items(items), load_rules(rules))
    for name in ("uncommon", "specials"):
        for r in data.rules.spawn[name].rows:
            for card in (r.card, r.if_spawned):
                if card and card not in data.cards.cards:
                    raise DataError(f"{data.rules.file}: spawn.{name} row {r.low}-{r.high} "
                                    f"names card {card!r}, which {data.cards.file} lacks")
    for card in data.rules.adds_life:
        if card not in data.cards.cards:
            raise DataError(f"{data.rules.file}: difficulty.adds_life names card {card!r}, "
                            f"which {data.cards.file} lacks")
    return data
