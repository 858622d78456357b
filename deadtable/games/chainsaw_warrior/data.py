"""The card data: House, Wandering Zombie and Equipment decks, read from TOML with errors that
name the file, the entry and the field. The packaged file is data/cards.toml."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deadtable.engine.datafile import DataError, read_toml
from deadtable.engine.datafile import field as _get

DEFAULT = Path(__file__).parent / "data" / "cards.toml"
BACKS = ("room", "corridor", "elevator", "stairs", "balcony")
CREATURES = ("zombie", "rat-pack", "mutant", "chaos-agent", "meat-machine", "darkness")
KINDS = ("creature", "darkness", "slime", "clear", "empty", "dump", "first-aid-kit",
         "secret-passage", "trap")
TRAPS = ("ambush", "cave-in", "chasm", "locked-door", "lunatic", "magnetic-field", "mines",
         "net", "rad-canister", "spiked-pit", "weak-floorboards", "wire")
ITEM_TYPES = ("clothing", "device", "gun", "hth-weapon", "heavy-weapon", "special")
PILES = ("clothing", "device", "gun", "hth-weapon", "heavy-weapon")  # the card backs



@dataclass(frozen=True, slots=True)
class Card:
    """One House or Wandering Zombie card."""

    id: str  # unique: "zombie-3", "chaos-agent-2", "darkness"
    type: str  # the entry it came from: "zombie", "chaos-agent", "locked-door"
    name: str
    kind: str
    back: str
    creature: str = ""  # creature class, for escape ratings and weapon cards
    hth: int = 0
    wounds: int = 0
    no_escape: bool = False
    extra: dict[str, Any] = field(default_factory=dict)  # agent, trap, offers, radiation...

    @property
    def title(self) -> str:
        if "agent" in self.extra:
            return f"Chaos Agent {self.extra['agent']}"
        if "dump" in self.extra:
            return f"Dump {self.extra['dump']}"
        return self.name


@dataclass(frozen=True, slots=True)
class Item:
    """One Equipment card."""

    id: str
    name: str
    type: str
    back: str
    uses: int | None = None  # None: never runs out
    one_use: bool = False
    to_hit: dict[str, int] = field(default_factory=dict)
    door: int | None = None
    hth_bonus: int = 0
    throw: int = 0  # Marksmanship modifier when thrown (Knife, Acid)
    electric: bool = False
    slime: bool = False  # may be used against the Slime
    cuts_net: bool = False
    night_vision: bool = False
    heal: str = ""
    reflexes: int = 0  # a modifier to Reflexes while carried (the X-oskeleton)
    advanced: bool = False  # Advanced Equipment: only with the option

    @property
    def shoots(self) -> bool:
        return bool(self.to_hit)


@dataclass(frozen=True, slots=True)
class CardData:
    house: dict[str, Card]  # id -> card, Darkness included
    darkness: str
    wandering: dict[str, Card]
    items: dict[str, Item]
    costs: dict[str, int]
    escape: dict[str, int]
    marksmanship: dict[int, int]
    # Every card's title, made once: views list titles at every step.
    titles: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = (*self.house.values(), *self.wandering.values())
        object.__setattr__(self, "titles", {c.id: c.title for c in cards})

    def card(self, card_id: str) -> Card:
        return self.house.get(card_id) or self.wandering[card_id]


_CARD_FIELDS = {"hth": int, "wounds": int, "no_escape": bool}




def _house_entry(key: str, entry: dict[str, Any], where: str) -> list[Card]:
    kind = _get(entry, "kind", where, str)
    if kind not in KINDS:
        raise DataError(f"{where}.kind: {kind!r} is not one of {', '.join(KINDS)}")
    base = {k: v for k, v in entry.items()
            if k not in ("name", "kind", "backs", "cards", "given", "source", "creature")}
    creature = _get(entry, "creature", where, str, "")
    if kind in ("creature", "darkness") and creature not in CREATURES:
        raise DataError(f"{where}.creature: {creature!r} is not one of {', '.join(CREATURES)}")
    if kind == "trap" and entry.get("trap") not in TRAPS:
        raise DataError(f"{where}.trap: {entry.get('trap')!r} is not one of {', '.join(TRAPS)}")
    copies: list[dict[str, Any]] = []
    for back, count in _get(entry, "backs", where, dict, {}).items():
        if back not in BACKS:
            raise DataError(f"{where}.backs: {back!r} is not a card back ({', '.join(BACKS)})")
        if not isinstance(count, int) or count < 0:
            raise DataError(f"{where}.backs.{back}: {count!r} should be a whole number")
        copies.extend({"back": back} for _ in range(count))
    for i, card in enumerate(_get(entry, "cards", where, list, [])):
        if not isinstance(card, dict) or card.get("back") not in BACKS:
            raise DataError(f"{where}.cards[{i}]: needs a back, one of {', '.join(BACKS)}")
        copies.append(card)
    if not copies:
        raise DataError(f"{where}: no cards (give `backs` or `cards`)")
    made = []
    for n, copy in enumerate(copies, 1):
        values = {**base, **copy}
        here = f"{where} card {n}"
        stats = {k: _get(values, k, here, t, False if t is bool else 0)
                 for k, t in _CARD_FIELDS.items()}
        if kind in ("creature", "darkness") and stats["hth"] <= 0:
            raise DataError(f"{here}: a creature needs a positive `hth`")
        extra = {k: v for k, v in values.items() if k not in _CARD_FIELDS and k != "back"}
        card_id = key if len(copies) == 1 else f"{key}-{n}"
        made.append(Card(card_id, key, _get(entry, "name", where, str), kind, values["back"],
                         creature, stats["hth"], stats["wounds"], stats["no_escape"], extra))
    return made


def _item(key: str, entry: dict[str, Any], where: str) -> Item:
    kind = _get(entry, "type", where, str)
    back = _get(entry, "back", where, str)
    if kind not in ITEM_TYPES:
        raise DataError(f"{where}.type: {kind!r} is not one of {', '.join(ITEM_TYPES)}")
    if back not in (*PILES, "special"):
        raise DataError(f"{where}.back: {back!r} is not one of {', '.join(PILES)}, special")
    to_hit = _get(entry, "to_hit", where, dict, {})
    for creature, number in to_hit.items():
        if creature not in CREATURES or not isinstance(number, int):
            raise DataError(f"{where}.to_hit.{creature}: needs a creature class "
                            f"({', '.join(CREATURES)}) and a whole number")
    uses = _get(entry, "uses", where, int, 0) or None
    return Item(
        key, _get(entry, "name", where, str), kind, back, uses,
        _get(entry, "one_use", where, bool, False), dict(to_hit),
        _get(entry, "door", where, int, 0) or None, _get(entry, "hth_bonus", where, int, 0),
        _get(entry, "throw", where, int, 0), _get(entry, "electric", where, bool, False),
        _get(entry, "slime", where, bool, False), _get(entry, "cuts_net", where, bool, False),
        _get(entry, "night_vision", where, bool, False), _get(entry, "heal", where, str, ""),
        _get(entry, "reflexes", where, int, 0), _get(entry, "advanced", where, bool, False),
    )


def load_cards(path: str | Path | None = None) -> CardData:
    raw, f = read_toml(path, DEFAULT)
    house: dict[str, Card] = {}
    for key, entry in _get(raw, "house", f, dict).items():
        for card in _house_entry(key, entry, f"{f}: house.{key}"):
            house[card.id] = card
    darkness = [c.id for c in house.values() if c.kind == "darkness"]
    if len(darkness) != 1:
        raise DataError(f"{f}: the House deck needs exactly one Darkness card, found "
                        f"{len(darkness)}")
    if (len(house) - 1) % 2:
        raise DataError(f"{f}: {len(house) - 1} House cards besides Darkness cannot split into "
                        f"two equal decks; give an even number")
    wz = _get(raw, "wandering", f, dict)
    hths = _get(wz, "hth", f"{f}: wandering", list)
    if len(hths) < 6 or not all(isinstance(h, int) and h > 0 for h in hths):
        raise DataError(f"{f}: wandering.hth must list at least six positive Attack numbers "
                        f"(Ambush draws up to six Zombies at once)")
    wounds = _get(wz, "wounds", f"{f}: wandering", int)
    wandering = {
        f"wandering-zombie-{n}": Card(f"wandering-zombie-{n}", "wandering-zombie",
                                      _get(wz, "name", f"{f}: wandering", str), "creature",
                                      "room", "zombie", hth, wounds)
        for n, hth in enumerate(hths, 1)
    }
    items = {key: _item(key, entry, f"{f}: equipment.{key}")
             for key, entry in _get(raw, "equipment", f, dict).items()}
    if "laser-lance" not in items:
        raise DataError(f"{f}: the equipment needs a 'laser-lance' entry")
    for c in house.values():
        if c.kind == "first-aid-kit":  # a House card you may carry: it joins your display
            items[c.id] = Item(c.id, c.name, "device", "special", 1, True,
                               heal=str(c.extra.get("heal", "d6")))
    costs = _get(raw, "costs", f, dict)
    for pile in PILES:
        _get(costs, pile, f"{f}: costs", int)
    escape = _get(raw, "escape", f, dict)
    for creature in CREATURES[:-1]:
        _get(escape, creature, f"{f}: escape", int)
    table = _get(raw, "marksmanship_table", f, dict)
    marks = {int(k): v for k, v in table.items()}
    if sorted(marks) != [1, 2, 3, 4, 5, 6]:
        raise DataError(f"{f}: marksmanship_table needs the rolls 1 to 6")
    return CardData(house, darkness[0], wandering, items, dict(costs), dict(escape), marks)
