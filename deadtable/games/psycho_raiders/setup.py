"""Game Setup (17): the seats as 17 deals them, the map's start spaces, the weapons, the decks,
and the secret Sinister Roll (17.2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from deadtable.engine.cards import Pile
from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.procedure import Frame, Handler
from deadtable.engine.secrets import Secret
from deadtable.games.psycho_raiders import data
from deadtable.games.psycho_raiders.rules import Rules
from deadtable.games.psycho_raiders.state import (
    CAMPERS,
    RAIDERS,
    REAL,
    Character,
    PsychoRaidersState,
)
from deadtable.games.psycho_raiders.vehicles import new_car

SETUP = "17 Game Setup"
SINISTER = "17.2 Sinister Roll"
TOWNSFOLK = "townsfolk"

# 17: who plays which characters, by the number of players ("townsfolk": the alerted ones).
DEAL: dict[int, tuple[tuple[str, ...], ...]] = {
    2: (("Spud", "Beau", "Fluke", "Torch"), ("Ginger", "Dawn", "Randy", TOWNSFOLK)),
    3: (("Spud", "Beau"), ("Fluke", "Torch"), ("Ginger", "Dawn", "Randy", TOWNSFOLK)),
    4: (("Spud", "Beau"), ("Fluke", "Torch"), ("Ginger", "Dawn"), ("Randy", TOWNSFOLK)),
    5: (("Spud",), ("Torch",), ("Beau", "Fluke"), ("Ginger", "Dawn"), ("Randy", TOWNSFOLK)),
    6: (("Spud",), ("Torch",), ("Beau",), ("Fluke",), ("Ginger", "Dawn"), ("Randy", TOWNSFOLK)),
    7: (("Spud",), ("Torch",), ("Beau",), ("Fluke",), ("Ginger",), ("Dawn",),
        ("Randy", TOWNSFOLK)),
}
SINGLES = (("Spud",), ("Torch",), ("Beau",), ("Fluke",), ("Ginger",), ("Dawn",), ("Randy",))


def deal(players: int) -> dict[str, tuple[str, ...]]:
    """seat -> what it plays, as 17 passes the sheets out for 2 to 13 players."""
    if players in DEAL:
        hands = DEAL[players]
    elif players == 8:
        hands = (*SINGLES, (TOWNSFOLK,))
    else:
        hands = (*SINGLES, *((TOWNSFOLK,),) * (players - 7))
    seats: dict[str, tuple[str, ...]] = {}
    for hand in hands:
        name = "-".join(h.lower() for h in hand)
        if players == 2:
            name = RAIDERS if "Spud" in hand else CAMPERS
        elif name == "ginger-dawn-randy-townsfolk":
            name = CAMPERS
        while name in seats:  # 9-13 players: townsfolk, townsfolk-2, ...
            name = f"{TOWNSFOLK}-{sum(1 for s in seats if s.startswith(TOWNSFOLK)) + 1}"
        seats[name] = hand
    return seats


def seat_sides(players: int) -> dict[str, tuple[str, ...]]:
    dealt = deal(players)
    raiders = tuple(s for s, hand in dealt.items() if "Spud" in hand or "Torch" in hand
                    or "Beau" in hand or "Fluke" in hand)
    return {CAMPERS: tuple(s for s in dealt if s not in raiders), RAIDERS: raiders}


@lru_cache(maxsize=16)
def _rules(characters: str, vehicles: str, weapons: str, decks: str, kill: str, tables: str,
           map_: str) -> Rules:
    board = data.load_crucible(map_ or None)
    sheets = data.load_sheets(characters or None)
    cars = data.load_vehicles(vehicles or None)
    cards = data.load_weapons(weapons or None)
    piles = data.load_decks(decks or None, cards)
    found = data.load_tables(tables or None)
    data.check_names(sheets, cars, cards, piles, found, board)
    return Rules(board, sheets, cars, cards, piles, data.load_kill_deck(kill or None), found)


FILES = ("characters", "vehicles", "weapons", "decks", "kill-deck", "tables", "map")


def load_rules(options: dict[str, Any]) -> Rules:
    return _rules(*(str(options.get(k, "")) for k in FILES))


def check(options: dict[str, Any]) -> None:
    """The data files load and agree with each other (their errors say what is wrong)."""
    try:
        load_rules(options)
    except data.DataError as error:
        raise ValueError(str(error)) from None


def start(game: Any, seed: int, dice: Dice, setup: dict[str, Any]) -> PsychoRaidersState:
    state = PsychoRaidersState(game, seed, dice, setup)
    rules = load_rules(game.options)
    state.rules, state.board = rules, rules.board
    board = rules.board
    dealt = deal(game.options["players"])
    state.chars, state.real = {}, {}
    for sheet in rules.sheets.characters.values():
        if sheet.arrives is not None:  # Joey comes by an event only (17)
            continue
        char = Character(sheet.name, sheet.side, (sheet.speed, sheet.strength, sheet.will),
                         list(sheet.weapons))
        for card in char.weapons:
            _load_weapon(rules, char, card)
        char.seat = next((s for s, hand in dealt.items() if sheet.name in hand), "")
        state.chars[char.key] = char
        state.real[char.key] = {}
    campers = [c for c in state.chars.values() if c.kind == "camper"]
    for card in rules.sheets.shared_weapons.get("camper", ()):
        # "the Campers choose one character to begin equipped with the tire iron": the
        # strongest, who gets most from a weapon that adds personal strength (a reading).
        holder = max(campers, key=lambda c: (c.strength, -campers.index(c)))
        holder.weapons.append(card)
        _load_weapon(rules, holder, card)
    state.vehicles = {v.name: board.zone(v.start).spaces[0] for v in rules.vehicles.values()
                      if v.start is not None}
    for char in state.chars.values():
        sheet = rules.sheets.characters[char.name]
        if char.kind == "raider":
            place(state, char, state.vehicles["Van"])
            char.vehicle = "Van"
        elif char.kind == "camper":
            place(state, char, state.vehicles["Pickup Truck"])
            char.vehicle = "Pickup Truck"
        elif sheet.start is not None:
            place(state, char, board.zone(sheet.start).spaces[0])
    state.locked = sorted(e for e, f in board.features.items()
                          if (f == "door" and board.edge(*e).get("locked")) or f == "window")
    state.opened = []
    state.decks = {}
    for name, deck in rules.decks.items():
        pile = Pile(name, [card for card, n in sorted(deck.cards.items()) for _ in range(n)])
        pile.shuffle(dice)
        if name == "Outdoor":
            state.outdoor = pile
        else:
            state.decks[name] = pile
    state.kill = Pile("Kill Deck", [c.name for c in rules.kill.cards])
    state.kill.shuffle(dice)
    state.kill_discard = []
    state.dropped = {}
    state.weather = "Clear"
    state.round = 0
    state.bonus = {}
    state.abilities_used = []
    state.adrenaline = {}
    state.cars = {name: new_car(state, name) for name in state.vehicles}
    state.wall_damage = {}
    state.burning = []
    state.revealed_sinister = []
    raider_seats = tuple(sorted({c.seat for c in state.chars.values() if c.kind == "raider"}))
    state.sinister = {k: Secret("loyal", raider_seats, group="sinister")
                      for k in (n.lower() for n in rules.sheets.sinister_eligible)}
    state.event(f"Crucible, Halloween night: {len(dealt)} players. The raiders wait in their "
                "van, the campers in their pickup; the townsfolk are at home.", SETUP)
    from deadtable.games.psycho_raiders.sequence import Round

    state.stack = [Round(step="event"), Sinister(step="rank")]
    state.settle()
    return state


def _load_weapon(rules: Rules, char: Character, card: str) -> None:
    weapon = rules.weapons[card]
    shots = weapon.ammo if weapon.ammo is not None else weapon.fuel
    if shots is not None:
        char.shots[card] = shots


def place(state: PsychoRaidersState, char: Character, space: int) -> None:
    """The character's #1 token on a space, visible to all (not hiding)."""
    char.tokens = {1: space}
    char.hidden = False
    state.real[char.key] = {1: Secret(REAL, (char.seat,), revealed=True, group=char.key)}


@dataclass(slots=True)
class Sinister(Frame):
    """17.2: a raider player ranks the townsfolk of the Sinister Sheet in the order to roll
    for them, secretly rolls how many, then rolls a D6 for each: a 6 is sinister. The ranking
    is always whole, so that the number of choices tells nobody the secret count."""

    KIND = "sinister"
    step: str
    order: list[str] = field(default_factory=list)


class SinisterHandler(Handler[PsychoRaidersState, Sinister]):
    def decide(self, state: PsychoRaidersState, frame: Sinister) -> Decision | None:
        if frame.step != "rank":
            return None
        left = [k for k in state.sinister if k not in frame.order]
        if len(left) <= 1:
            return None
        seat = state.chars["spud"].seat
        return Decision.of(seat, f"Sinister Roll (17.2): which townsperson to roll for "
                           f"{len(frame.order) + 1}{_th(len(frame.order) + 1)}?",
                           [Action(f"rank:{k}", f"Roll for the {state.chars[k].name} next",
                                   {"verb": "rank", "character": k}) for k in left])

    def apply(self, state: PsychoRaidersState, frame: Sinister, action_id: str) -> None:
        frame.order.append(action_id.split(":", 1)[1])

    def run(self, state: PsychoRaidersState, frame: Sinister) -> None:
        frame.order += [k for k in state.sinister if k not in frame.order]
        raiders = state.sinister[frame.order[0]].owners
        sheets = state.rules.sheets
        count = min(state.dice.roll(sheets.sinister_count_die), len(frame.order))  # cap
        state.event(f"Sinister Roll: {count} townsfolk to roll for.", SINISTER, to=raiders)
        for key in frame.order[:count]:
            roll = state.dice.d6()
            if roll >= sheets.sinister_on:
                state.sinister[key].value = "sinister"
            state.event(f"{state.chars[key].name}: {roll}"
                        f"{', sinister' if roll >= sheets.sinister_on else ''}.",
                        SINISTER, to=raiders)
        state.event("A raider has rolled, in secret, which townsfolk are sinister.", SINISTER)
        state.pop()


def _th(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n, "th")
