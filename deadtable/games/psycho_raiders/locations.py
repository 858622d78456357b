"""Attacking Locations (15.5) and fire on them (15.6).

A wall has its building's strength (data: the map's `strength` on each wall edge); a character
or a driven vehicle attacks it as a normal attack (D6 + strength against D6 + the wall's,
another player rolling for the building: here the dice), the loser taking the difference. A
wall at 0 is demolished, an open door (10.33). A Fire weapon that takes a wall to 0 sets the
location spaces on either side of it alight (15.6: "Location spaces ... become engulfed in
flames if strength is reduced to 0"; each wall has the location's strength). A character that
enters a burning location, or begins its turn in one, rolls on the Damage Table without
catching fire; rain puts location fires out (D66 Rain Weather)."""

from __future__ import annotations

from deadtable.engine.board.model import edge_key
from deadtable.engine.decisions import Action
from deadtable.games.psycho_raiders import hiding
from deadtable.games.psycho_raiders.spaces import spaces
from deadtable.games.psycho_raiders.state import Character, PsychoRaidersState

WALLS = "15.5 Attacking Locations"
FIRE = "15.6 Flame Thrower and Blowtorch"


def wall_strength(state: PsychoRaidersState, edge: tuple[int, int]) -> int:
    return int(state.board.edge(*edge).get("strength", 1)) - state.wall_damage.get(edge, 0)


def wall_offers(state: PsychoRaidersState, char: Character, here: int | None
                ) -> list[Action]:
    """15.5: a wall of the character's space (`here`), hex or room, with any weapon it
    holds."""
    if here is None or char.vehicle is not None or char.grabbed_by is not None:
        return []
    found = []
    for _there, name, feature, edge in spaces(state.board).edges[here]:
        if feature == "wall" and edge not in state.opened:
            from deadtable.games.psycho_raiders.attacks import usable

            cards = usable(state, char, 0, here, here, False)
            for card, value in cards.items():
                found.append(Action(f"wall:{name}={card}", f"Attack the wall to {name} with "
                                    f"{card} ({value} against {wall_strength(state, edge)}, "
                                    "15.5)", {"verb": "wall", "space": name, "card": card}))
    return found


def attack_wall(state: PsychoRaidersState, char: Character, rest: str) -> None:
    from deadtable.games.psycho_raiders.attacks import usable
    from deadtable.games.psycho_raiders.crashes import CarFight

    name, _, card = rest.rpartition("=")
    here = state.space_of(char)
    assert here is not None
    edge = edge_key(here, state.board.space(name))
    if char.hidden:
        hiding.reveal(state, char, "12 A character comes out of hiding to attack")
    value = usable(state, char, 0, here, here, False)[card]
    state.event(f"{char.name} attacks the wall to {name} with {card}.", WALLS)
    state.push(CarFight(step="roll", attacker=f"c:{char.key}", defender=f"w:{edge[0]},{edge[1]}",
                        a_str=value, d_str=wall_strength(state, edge), card=card,
                        d_before=list(char.stats)))


def damage_wall(state: PsychoRaidersState, edge: tuple[int, int], amount: int,
                fire: bool = False) -> None:
    state.wall_damage[edge] = state.wall_damage.get(edge, 0) + amount
    left = wall_strength(state, edge)
    names = f"{state.board.name(edge[0])} and {state.board.name(edge[1])}"
    if left > 0:
        state.event(f"The wall between {names} is down to strength {left}.", WALLS)
        return
    state.opened.append(edge)
    state.event(f"The wall between {names} is demolished: an open door now.", WALLS)
    if fire:
        for space in edge:
            if state.board.coords[space] is None and space not in state.burning:
                state.burning.append(space)
                state.event(f"{state.board.name(space)} is engulfed in flames!", FIRE)


def scorched(state: PsychoRaidersState, char: Character, space: int) -> None:
    """15.6: a character in a burning location rolls on the Damage Table (not set on fire)."""
    if space in state.burning and state.active(char):
        from deadtable.games.psycho_raiders.attacks import damage_table

        if char.hidden:
            hiding.reveal(state, char, FIRE)  # the flames light it up, as a streetlight does
        state.event(f"{char.name} is in the flames of {state.board.name(space)}.", FIRE)
        damage_table(state, char, "Fire", FIRE)


def must_vacate(state: PsychoRaidersState, char: Character) -> bool:
    """15.6: a character in a burning location or vehicle "must ... vacate the space or
    vehicle on their next move": while it can step out, its turn does not end there."""
    if char.vehicle is not None:
        return bool(state.cars[char.vehicle].get("on_fire"))
    return bool(state.burning) and state.space_of(char) in state.burning


def rain(state: PsychoRaidersState) -> None:
    """D66 Rain Weather: "Rain puts out fire in Location spaces"."""
    if state.burning:
        state.burning = []
        state.event("The rain puts out the fires in the buildings.", "D66 Event Table: Rain")
