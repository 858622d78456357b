"""Loading the rules' numbers from TOML, with errors that name the file and the field."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from deadtable.engine.datafile import DataError, read_toml
from deadtable.engine.datafile import field as _get

DEFAULT = Path(__file__).parent / "data" / "rules.toml"
WEAPONS = ("fists", "bat", "chainsaw", "shotgun")



@dataclass(frozen=True, slots=True)
class Rules:
    remove: dict[str, int]  # rank -> how many to take out at SETUP
    jokers: int
    zombie_dice: dict[int, int]  # denomination -> how many dice: {10: 5, 5: 1, 1: 4}
    rank: dict[str, int]  # weapon -> rank, weakest 0
    card: dict[str, str]  # face rank -> weapon ("J" -> "bat")
    charged: frozenset[str]  # weapons with a fuel/shots die
    power_tables: dict[str, dict[str, int]]  # table name -> weapon -> power (fists included)
    default_table: str
    survivor_life: str  # a dice expression
    provisions: str
    zombies_per_point: int




def load_rules(path: str | Path | None = None) -> Rules:
    raw, f = read_toml(path, DEFAULT)
    deck = _get(raw, "deck", f, dict)
    remove = _get(deck, "remove", f"{f}: deck", dict)
    dice = _get(raw, "zombie_dice", f, dict)
    weapons = _get(raw, "weapons", f, dict)
    ranks, cards, charged = {}, {}, set()
    for w in WEAPONS:
        entry = _get(weapons, w, f"{f}: weapons", dict)
        ranks[w] = _get(entry, "rank", f"{f}: weapons.{w}", int)
        charge = _get(entry, "charge", f"{f}: weapons.{w}", str)
        if charge not in ("unlimited", "d6"):
            raise DataError(f"{f}: weapons.{w}.charge is {charge!r}; use 'unlimited' or 'd6'")
        if charge == "d6":
            charged.add(w)
        if w != "fists":
            cards[_get(entry, "card", f"{f}: weapons.{w}", str)] = w
    fists = _get(weapons["fists"], "power", f"{f}: weapons.fists", int)
    tables_raw = dict(_get(raw, "power_tables", f, dict))
    default = _get(tables_raw, "default", f"{f}: power_tables", str)
    tables: dict[str, dict[str, int]] = {}
    for name, table in tables_raw.items():
        if name in ("default", "source"):
            continue
        where = f"{f}: power_tables.{name!r}"
        powers = {w: _get(table, w, where, int) for w in WEAPONS[1:]}
        powers["fists"] = fists
        for w, p in powers.items():
            if not 1 <= p <= 6:
                raise DataError(f"{where}.{w}: power {p} must be 1 to 6 (a d6 kills on <= power)")
        tables[name] = powers
    if default not in tables:
        raise DataError(f"{f}: power_tables.default {default!r} names no table ({list(tables)})")
    return Rules(
        remove={k: int(v) for k, v in remove.items()},
        jokers=_get(deck, "jokers", f"{f}: deck", int),
        zombie_dice={
            10: _get(dice, "tens", f"{f}: zombie_dice", int),
            5: _get(dice, "fives", f"{f}: zombie_dice", int),
            1: _get(dice, "ones", f"{f}: zombie_dice", int),
        },
        rank=ranks,
        card=cards,
        charged=frozenset(charged),
        power_tables=tables,
        default_table=default,
        survivor_life=_get(_get(raw, "survivor", f, dict), "life", f"{f}: survivor", str),
        provisions=_get(_get(raw, "provisions", f, dict), "heal", f"{f}: provisions", str),
        zombies_per_point=_get(
            _get(raw, "damage", f, dict), "zombies_per_point", f"{f}: damage", int
        ),
    )
