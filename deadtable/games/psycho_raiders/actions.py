"""Actions (11): locked doors and windows, locking, the telephone, composure, searching, and
picking up or passing weapons. Hotwiring (11.2) waits for vehicle movement."""

from __future__ import annotations

from functools import cache

from deadtable.engine.board.model import edge_key
from deadtable.engine.decisions import Action
from deadtable.games.psycho_raiders import locations, rerolls, screaming
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.spaces import spaces
from deadtable.games.psycho_raiders.state import CAMPERS, Character, PsychoRaidersState

LOCKED = "11.1 Opening Locked Doors/Locking Doors"
LOCK = "11.12 Locking"
PHONE = "11.3 Use Telephone"
COMPOSURE = "11.4 Gain Composure"
SEARCH = "11.5 Search for Weapons"
EQUIP = "11.61 Equipping"
PASS = "11.62 Passing"
PICKUP = "11.63 Picking up"
SHERIFF = "Sheriff's Station"
STAT_ORDER = ("speed", "strength", "will")
_REFUGES = frozenset({"bathroom", "chapel"})  # where composure is gained (11.4)


def building_of(state: PsychoRaidersState, space: int) -> str | None:
    return spaces(state.board).building[space]


def offers(state: PsychoRaidersState, char: Character,
           seen: Glance | None = None) -> list[Action]:
    """The actions of 11 and 15.5 open to the character now; `seen` is the decision's
    Glance if taken."""
    if seen is None:  # glance(), inline: a call less each step
        seen = Glance(state, char)
    here = seen.here
    if here is None or char.vehicle is not None:
        return []
    board = state.board
    table = spaces(board)
    found = []
    outside = board.coords[here] is not None
    walled = False
    for _there, name, feature, key in table.edges[here]:
        if feature in ("door", "window", "passage") and key in state.locked:
            if outside or feature == "passage":  # from inside, doors and windows open freely
                found.append(_edge_action("open", feature, name))
        elif feature in ("door", "passage") and key not in state.locked:
            found.append(_edge_action("lock", feature, name))
        elif feature == "wall":
            walled = True
    markers = table.marks[here]
    if markers:  # most spaces have no marker
        if "telephone" in markers and char.kind != "raider":
            for building in table.phones:
                if building == table.building[here]:
                    continue
                if char.kind == "camper" and building != SHERIFF:
                    continue  # 11.3: campers can only call the Sheriff's station
                found.append(_call_action(building))
        if (not _REFUGES.isdisjoint(markers)
                and (char.kind == "camper" or state.options["composure"] == "characters")
                and any(a < b for a, b in zip(char.stats, char.start, strict=True))):
            found.append(_COMPOSURE)
    if walled:  # wall_offers() finds nothing on a space without a wall
        found += locations.wall_offers(state, char, here)
    if table.deck[here] is not None:
        found.append(_SEARCH)
    if state.dropped.get(here) and len(char.weapons) < state.rules.numbers["carry"]:
        found.append(_PICKUP)
    carry = state.rules.numbers["carry"]
    friends = seen.kept.get("friend-spaces")  # seen.keep(), inline: no closure made
    if friends is None:
        friends = seen.kept["friend-spaces"] = frozenset(
            s for c in seen.friends if c is not char for s in c.tokens.values())
    if here not in friends:
        return found  # no friend here to pass a weapon to
    for other in seen.friends:
        if (here in other.tokens.values() and other is not char and not other.hidden
                and len(other.weapons) < carry and state.space_of(other) == here):
            for card in sorted(set(char.weapons)):
                found.append(_pass_action(card, other.key, other.name))
    return found


_COMPOSURE = Action("composure", "Gain composure: 1 stat back (11.4)", {"verb": "composure"})
_SEARCH = Action("search", "Search for weapons (11.5)", {"verb": "search"})
_PICKUP = Action("pickup", "Pick up the weapons lying here (11.63)", {"verb": "pickup"})


@cache
def _edge_action(verb: str, feature: str, name: str) -> Action:
    label = (f"Break open the {feature} to {name} (11.1)" if verb == "open"
             else f"Lock the {feature} to {name} (11.12)")
    return Action(f"{verb}:{name}", label, {"verb": verb, "space": name})


@cache
def _call_action(building: str) -> Action:
    return Action(f"call:{building}", f"Telephone the {building} (11.3)",
                  {"verb": "call", "building": building})


@cache
def _pass_action(card: str, key: str, name: str) -> Action:
    return Action(f"pass:{card}:{key}", f"Pass the {card} to {name} (11.62)",
                  {"verb": "pass", "card": card, "character": key})


def deck_here(state: PsychoRaidersState, space: int) -> str | None:
    """The deck searched on a space: its location deck, or Outdoor on a hex (11.5)."""
    return spaces(state.board).deck[space]


def apply(state: PsychoRaidersState, char: Character, verb: str, rest: str) -> None:
    here = state.space_of(char)
    assert here is not None
    who = "Someone hidden" if char.hidden else char.name
    if verb == "wall":
        locations.attack_wall(state, char, rest)
    elif verb == "open" and rest.startswith("vehicle="):
        from deadtable.games.psycho_raiders.vehicles import break_in

        break_in(state, char, rest.split("=", 1)[1])
    elif verb == "open":
        rerolls.roll_table(state, char, "open", rest, "Locked Doors/Windows Table", LOCKED)
    elif verb == "lock":
        there = state.board.space(rest)
        state.locked.append(edge_key(here, there))
        state.locked.sort()
        state.event(f"{who} locks the {state.board.feature(here, there)} to {rest}.", LOCK)
    elif verb == "call":
        call(state, char, rest)
    elif verb == "composure":
        composure(state, char, here)
    elif verb == "search":
        search(state, char, here)
    elif verb == "pickup":
        lying = state.dropped[here]
        room = state.rules.numbers["carry"] - len(char.weapons)
        taken, state.dropped[here] = lying[:room], lying[room:]
        if not state.dropped[here]:
            del state.dropped[here]
        char.weapons += taken
        state.event(f"{who} picks up {', '.join(taken)}.", PICKUP)
    elif verb == "pass":
        card, _, key = rest.partition(":")
        other = state.chars[key]
        char.weapons.remove(card)
        other.weapons.append(card)
        if card in char.shots:
            other.shots[card] = char.shots.pop(card)
        if card in char.emptied:
            char.emptied.remove(card)
            other.emptied.append(card)
        state.event(f"{char.name} passes the {card} to {other.name}.", PASS)


@rerolls.resolver("open")
def open_result(state: PsychoRaidersState, char: Character, roll: int, rest: str) -> None:
    here = state.space_of(char)
    assert here is not None
    there = state.board.space(rest)
    feature = state.board.feature(here, there) or "door"
    row = state.rules.tables.dice["locked"].row(roll)
    opened = bool(row["window" if feature == "window" else "door"])
    state.event(f"{char.name} tries the locked {feature} to {rest}: {roll}: "
                f"{'it opens' if opened else 'it holds'}.", LOCKED)
    if opened:
        state.locked.remove(edge_key(here, there))
        state.opened.append(edge_key(here, there))


def call(state: PsychoRaidersState, char: Character, building: str) -> None:
    """11.3: townsfolk inside the called building answer and come to its telephone."""
    zone = state.board.zone(building)
    phone = next(m.space for m in state.board.markers_of("telephone") if m.space in zone.spaces)
    state.event(f"{'Someone' if char.hidden else char.name} telephones the {building}.", PHONE)
    answered = False
    for other in state.chars.values():
        space = state.space_of(other)
        if (other.kind == "townsfolk" and not other.alerted and not other.dead
                and space in zone.spaces):
            other.tokens = {next(iter(other.tokens)): phone}
            screaming.alert(state, other, PHONE)
            answered = True
    if not answered:
        state.event("No one answers.", PHONE)


def composure(state: PsychoRaidersState, char: Character, here: int) -> None:
    """11.4, 11.41: one stat back, up to the sheet; not in a desecrated chapel."""
    gravedigger = state.chars.get("gravedigger")
    chapel = any(m.kind == "chapel" and m.space == here for m in state.board.markers)
    if chapel and gravedigger is not None and state.is_sinister(gravedigger):
        state.event("The Chapel is adorned with upside-down crosses and pentagrams: no refuge "
                    "here.", "11.41")
        from deadtable.games.psycho_raiders.hiding import reveal_sinister

        reveal_sinister(state, gravedigger, "11.41")
        return
    for stat in ("will", "strength", "speed"):  # the first stat below the sheet's (designed)
        value, top = getattr(char, stat), char.start[STAT_ORDER.index(stat)]
        if value < top:
            setattr(char, stat, value + 1)
            state.event(f"{'Someone hidden' if char.hidden else char.name} gains composure: "
                        f"+1 {stat.capitalize()}.", COMPOSURE)
            return


def search(state: PsychoRaidersState, char: Character, here: int) -> None:
    rerolls.roll_table(state, char, "search", "", "Search Weapons Table", SEARCH)


@rerolls.resolver("search")
def search_result(state: PsychoRaidersState, char: Character, roll: int, _arg: str) -> None:
    """11.5: a D6 on the Search Table; cards found are kept if there is room, else left lying
    face down (11.63)."""
    here = state.space_of(char)
    assert here is not None
    name = deck_here(state, here) or "Outdoor"
    pile = state.outdoor if name == "Outdoor" else state.decks[name]
    row = state.rules.tables.dice["search_weapons"].row(roll)
    count = int(row["outdoor" if name == "Outdoor" else "location"])
    found = pile.draw_many(count)
    room = state.rules.numbers["carry"] - len(char.weapons)
    kept, left = found[:room], found[room:]
    for card in kept:
        char.weapons.append(card)
        weapon = state.rules.weapons[card]
        shots = weapon.ammo if weapon.ammo is not None else weapon.fuel
        if shots is not None:
            char.shots[card] = shots
    if left:
        state.dropped.setdefault(here, []).extend(left)
    who = "Someone hidden" if char.hidden else char.name
    where = "" if char.hidden else f" the {name} deck"
    state.event(f"{who} searches{where}: {roll}: "
                + (f"finds {', '.join(found)}." if found else "nothing."), SEARCH)


__all__ = ["CAMPERS"]
