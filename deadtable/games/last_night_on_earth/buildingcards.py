"""The Zombie cards that change a building for the rest of the game (they remain in play until
At Last… cancels them): My God, They've Taken the… (3), Lights Out (2), New Spawning Pit (2).

Card texts: wingloonhub/last-night-on-earth js/data/zombiedecks.js (data/zombie-deck.toml).
Designed readings (docs/last-night-on-earth.md, "Cards in the decks"):
- a card in play is an entry of `state.in_play` naming its target, "Lights Out (Diner)", so
  that At Last… cancels one building's card and not another's;
- "a random building" is the centre board's table: a D6 for the corner (5: the heroes choose
  it, 6: the zombies do), then a D6 for the building there (town.random_building);
- My God: a zombie from the pool on each empty space (no figure on it) in the map's order while
  the pool lasts; those zombies stay put this turn; heroes inside may stay and leave, but no
  hero steps in from outside and nobody searches there;
- Lights Out: "a hero moving into a space of it" is a hero stepping in from outside it;
- New Spawning Pit: the zombies choose the space; cancelled, the pit is gone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action, Decision
from deadtable.games.last_night_on_earth.state import HEROES, ZOMBIES, LastNightState

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.zombieturn import ZombieTurn

MY_GOD = "My God, They've Taken the…"
LIGHTS_OUT = "Lights Out"
NEW_PIT = "New Spawning Pit"
BUILDING_CARDS = (MY_GOD, LIGHTS_OUT, NEW_PIT)
LIGHTS = ("Torch", "Lighter")  # their texts: "The hero ignores Lights Out"
TABLE = "Random building (the centre board's table: docs/last-night-on-earth.md, The town)"


def entry(card: str, target: str) -> str:
    return f"{card} ({target})"


def card_of(entry_: str) -> str:
    return entry_.rpartition(" (")[0] if entry_.endswith(")") else entry_


def target_of(entry_: str) -> str:
    return entry_.rpartition(" (")[2][:-1]


def marked(state: LastNightState, card: str) -> set[str]:
    return {target_of(e) for e in state.in_play if card_of(e) == card}


def taken(state: LastNightState) -> set[str]:
    return marked(state, MY_GOD)


def dark(state: LastNightState) -> set[str]:
    return marked(state, LIGHTS_OUT)


def may_enter(state: LastNightState, start: int, space: int) -> bool:
    """No hero steps into a building taken over from outside it."""
    where = state.town.building_of[space]
    return where is None or where not in taken(state) or state.town.building_of[start] == where


def stops_in_the_dark(state: LastNightState, hero_items: list[str], start: int,
                      space: int) -> str | None:
    """The dark building a step enters from outside (its move ends), or None."""
    where = state.town.building_of[space]
    if where is None or where not in dark(state) or state.town.building_of[start] == where:
        return None
    return None if any(c in hero_items for c in LIGHTS) else where


def may_search(state: LastNightState, space: int) -> bool:
    return state.town.building_of[space] not in taken(state)


def numbered(state: LastNightState) -> list[str]:
    """The buildings the random-building table can name."""
    return [b.name for b in state.town.buildings.values() if b.corner is not None]


def playable(state: LastNightState, card: str) -> bool:
    if card == MY_GOD:
        return any(b not in taken(state) for b in numbered(state))
    if card == LIGHTS_OUT:
        return any(b not in dark(state) for b in state.town.buildings)
    return bool(numbered(state))


def effect(state: LastNightState, frame: ZombieTurn, card: str) -> None:
    """The card takes effect: Lights Out on the zombies' choice of building, the others on a
    random building (a decision when the table gives a side the choice)."""
    frame.pending = card
    if card == LIGHTS_OUT:
        frame.step = "building"
        return
    roll_table(state, frame)


def roll_table(state: LastNightState, frame: ZombieTurn) -> None:
    card = frame.pending
    if card == MY_GOD and not playable(state, card):
        state.zombie_discard.put_on_top(card)
        state.event(f"{card}: every building is taken over already; no effect.",
                    f"Zombie card: {card}")
        done(frame)
        return
    face = state.dice.d6()
    corner = state.town.table[face]
    if corner in (HEROES, ZOMBIES):
        state.event(f"Random building: {face}, the {corner} choose the corner.", TABLE)
        frame.chooser = corner
        frame.step = "corner"
        return
    roll_building(state, frame, corner)


def roll_building(state: LastNightState, frame: ZombieTurn, corner: str) -> None:
    face = next(f for f, c in state.town.table.items() if c == corner)
    rolled = state.dice.d6()
    building = state.town.random_building(face, rolled)
    state.event(f"Random building: the {corner} corner, {rolled}: the {building}.", TABLE)
    if frame.pending == MY_GOD and building in taken(state):
        state.event(f"The {building} is taken over already: roll again.",
                    f"Zombie card: {MY_GOD}")
        roll_table(state, frame)
        return
    resolve(state, frame, building)


def resolve(state: LastNightState, frame: ZombieTurn, building: str) -> None:
    from deadtable.games.last_night_on_earth import gettothe  # it names heroes (onhero.py)

    card = frame.pending
    cite = f"Zombie card: {card}"
    if card == gettothe.ERRAND:  # the building its hero must reach
        gettothe.resolve(state, frame.aiming, building)
        frame.aiming = ""
        done(frame)
        return
    if card == NEW_PIT:
        frame.target = building
        frame.step = "pit-space"
        return
    state.in_play.append(entry(card, building))
    if card == LIGHTS_OUT:
        state.event(f"Lights Out in the {building}: a hero stepping in ends his move there "
                    "(remains in play).", cite)
        done(frame)
        return
    from deadtable.games.last_night_on_earth.setup import new_zombie

    filled = {h.space for h in state.living()} | set(state.zombies.values())
    placed = []
    for space in sorted(state.town.buildings[building].spaces):
        if state.pool() == 0:
            break
        if space not in filled:
            placed.append(new_zombie(state, space))
    frame.held.extend(placed)
    state.event(f"{card} {building}: the building is taken over, {len(placed)} zombies fill "
                "it and stay put this turn; no hero may enter or search it (remains in play).",
                cite)
    done(frame)


def place_pit(state: LastNightState, frame: ZombieTurn, space: int) -> None:
    state.pits.append(space)
    state.in_play.append(entry(NEW_PIT, state.board.names[space]))
    state.event(f"A new spawning pit opens at {state.name(space)} (remains in play).",
                f"Zombie card: {NEW_PIT}")
    done(frame)


def done(frame: ZombieTurn) -> None:
    frame.pending = frame.chooser = frame.target = ""
    frame.step = "cards"


def decision(state: LastNightState, frame: ZombieTurn) -> Decision | None:
    card = frame.pending
    if frame.step == "corner":
        corners = sorted({b.corner for b in state.town.buildings.values() if b.corner})
        return Decision.of(frame.chooser, f"{card}: the {frame.chooser} choose a corner of "
                           "town (then a D6 for its building)", [
                               Action(f"corner:{c}", corner_label(state, c),
                                      {"verb": "choose", "corner": c})
                               for c in corners])
    if frame.step == "building":
        return Decision.of(ZOMBIES, f"{card}: choose a building", [
            Action(f"building:{b}", f"Lights out in the {b}", {"verb": "choose",
                                                              "building": b})
            for b in sorted(state.town.buildings) if b not in dark(state)])
    spaces = sorted(state.town.buildings[frame.target].spaces)
    return Decision.of(ZOMBIES, f"{NEW_PIT}: choose a space of the {frame.target}", [
        Action(f"pit-at:{s}", f"A new pit at {state.name(s)}", {"verb": "place", "space": s})
        for s in spaces])


def corner_label(state: LastNightState, corner: str) -> str:
    """"The NE corner: Gym 1-3, High School 4-6": what the D6 picks there, so that the
    choice says what it risks."""
    picks = sorted((min(b.numbers), b.name, faces(b.numbers))
                   for b in state.town.buildings.values() if b.corner == corner and b.numbers)
    return f"The {corner} corner: " + ", ".join(f"{name} {shown}" for _, name, shown in picks)


def faces(numbers: tuple[int, ...]) -> str:
    """The D6 faces as runs: (1, 2, 3, 5) -> "1-3, 5"."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def apply(state: LastNightState, frame: ZombieTurn, action_id: str) -> None:
    verb, _, rest = action_id.partition(":")
    if verb == "corner":
        state.event(f"The {frame.chooser} choose the {rest} corner.", TABLE)
        roll_building(state, frame, rest)
    elif verb == "building":
        resolve(state, frame, rest)
    else:
        place_pit(state, frame, int(rest))


def cancel(state: LastNightState, entry_: str) -> str:
    """At Last… cancels a card in play: it goes to the discard pile, its building restored.
    Returns the card's title."""
    card = card_of(entry_)
    state.in_play.remove(entry_)
    state.zombie_discard.put_on_top(card)
    pit = state.board.space(target_of(entry_)) if card == NEW_PIT else None
    if pit in state.pits:  # not burned out meanwhile
        state.pits.remove(pit)
    return card
