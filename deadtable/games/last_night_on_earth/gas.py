"""Gasoline and fire (Advanced Hero card Gasoline: "Discard to put a gas marker on your space or
an adjacent one"; shuffled in by Escape in the Truck and Burn 'Em Out).

Designed, as no base rule for a gas marker is public (docs/last-night-on-earth.md, "Gas and
fire"): a hero carrying a Fire card (Torch, Welding Torch, Lighter) lights a gas marker on its
own space or a space it could step to, as its ranged attack of the turn. A marker outdoors
burns its space; a marker in a building burns the whole building (and every marker in it):
every zombie there is killed and every hero there takes a wound (Just a Scratch may spare it),
and its spawning pits are gone. "Adjacent" is a hero's step (walls and windows between).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action
from deadtable.games.last_night_on_earth import cards
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState
from deadtable.games.last_night_on_earth.wounds import Wound, kill_zombie

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.heroturn import HeroAct

GASOLINE = "Gasoline"
FIRE = "Fire"
CITE = "Hero card: Gasoline; gas and fire (designed: docs/last-night-on-earth.md)"


def near(state: LastNightState, hero: HeroFigure) -> list[int]:
    from deadtable.games.last_night_on_earth.heroturn import hero_steps

    return [hero.space, *sorted(hero_steps(state, hero.space))]


def has_fire(state: LastNightState, hero: HeroFigure) -> bool:
    return any(FIRE in state.card(c).keywords for c in hero.items)


def actions(state: LastNightState, frame: HeroAct, hero: HeroFigure) -> list[Action]:
    found = []
    if GASOLINE in hero.items:
        found += [Action(f"gas:{s}", f"Discard the Gasoline: a gas marker on {state.name(s)}",
                         {"verb": "play", "card": GASOLINE, "space": s})
                  for s in near(state, hero)]
    if state.gas and not frame.shot and has_fire(state, hero):
        found += [Action(f"light:{s}", f"Light the gas at {state.name(s)}"
                         + (f" (the {state.town.building_of[s]} burns)"
                            if state.inside(s) else ""), {"verb": "light", "space": s})
                  for s in near(state, hero) if s in state.gas]
    return found


def do_gas(state: LastNightState, frame: HeroAct, hero: HeroFigure, rest: str) -> None:
    space = int(rest)
    cards.discard_hero_card(state, hero, GASOLINE)
    state.gas.append(space)
    state.event(f"{hero.name} discards the Gasoline: a gas marker on {state.name(space)}.",
                CITE)


def do_light(state: LastNightState, frame: HeroAct, hero: HeroFigure, rest: str) -> None:
    frame.phase, frame.moved, frame.shot = 2, True, True
    space = int(rest)
    building = state.town.building_of[space]
    if building is None:
        burning = {space}
        state.event(f"{hero.name} lights the gas at {state.name(space)}: it burns.", CITE)
    else:
        burning = set(state.town.buildings[building].spaces)
        state.event(f"{hero.name} lights the gas at {state.name(space)}: the {building} "
                    "burns.", CITE)
    state.gas = [g for g in state.gas if g not in burning]
    burn(state, burning)


def burn(state: LastNightState, spaces: set[int]) -> None:
    from deadtable.games.last_night_on_earth import scenario

    for pit in [p for p in state.pits if p in spaces]:
        state.pits.remove(pit)
        state.event(f"The spawning pit at {state.name(pit)} is burned out.", CITE)
        scenario.burned_pit(state, pit)
    for zombie in sorted(z for z, s in state.zombies.items() if s in spaces):
        if state.outcome is None:
            kill_zombie(state, zombie, CITE)
    if state.outcome is None:
        for hero in reversed([h for h in state.living() if h.space in spaces]):
            state.push(Wound(hero.name, CITE))
