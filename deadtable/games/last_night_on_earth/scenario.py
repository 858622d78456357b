"""The scenario cards' set-ups and objectives beyond killing zombies and holding the Manor House
(data/scenarios.toml; docs/last-night-on-earth.md, "Scenarios"; all designed but the names):

- Escape in the Truck: the heroes win at the end of a Hero turn with 2 living heroes on the
  truck's space carrying the Keys and a Gasoline between them.
- Save the Townsfolk: 6 townsfolk tokens start in random buildings (townsfolk.py).
- Burn 'Em Out: 2 spawning pits in 2 random buildings replace the printed ones; the heroes win
  when both have burned (gas.py).

A random building at set-up is the centre board's table with its choice faces (5, 6) and the
buildings the card excludes rolled again (designed: no side decides before the game begins).
"""

from __future__ import annotations

from deadtable.games.last_night_on_earth.data import Scenario
from deadtable.games.last_night_on_earth.state import HEROES, LastNightState
from deadtable.games.last_night_on_earth.wounds import finish

TABLE = "Random building (the centre board's table: docs/last-night-on-earth.md, The town)"


def cite(state: LastNightState) -> str:
    return f"Scenario: {state.scenario.name} (data/scenarios.toml)"


def random_building(state: LastNightState, excluded: set[str]) -> str | None:
    """A building from the table, re-rolling the choice faces and the excluded buildings;
    None when every numbered building is excluded."""
    numbered = {b.name for b in state.town.buildings.values() if b.corner is not None}
    if not numbered - excluded:
        return None
    while True:
        corner = state.dice.d6()
        if state.town.table[corner] in ("heroes", "zombies"):
            continue
        building = state.town.random_building(corner, state.dice.d6())
        if building not in excluded:
            return building


def random_space(state: LastNightState, building: str) -> int:
    spaces = sorted(state.town.buildings[building].spaces)
    return spaces[state.dice.below(len(spaces))]


def setup(state: LastNightState) -> None:
    goal = state.scenario.hero_goal
    if goal == "burn-pits":
        burn_setup(state)
    elif goal == "rescue-townsfolk":
        from deadtable.games.last_night_on_earth.townsfolk import place_townsfolk

        place_townsfolk(state)
    elif goal == "escape-truck" and state.town.truck is not None:
        state.event(f"The truck waits at {state.name(state.town.truck)}; the heroes need "
                    f"{' and '.join(state.scenario.needs)} and "
                    f"{state.scenario.numbers['heroes_at_truck']} heroes there.", cite(state))


def burn_setup(state: LastNightState) -> None:
    starts = {state.hero(h).start for h in state.heroes}
    state.pits = []
    for _ in range(state.scenario.numbers["pits_in_buildings"]):
        building = random_building(state, starts | {state.town.building_of[p] or ""
                                                    for p in state.pits})
        if building is None:
            break
        space = random_space(state, building)
        state.pits.append(space)
        state.event(f"A spawning pit opens in the {building} at {state.name(space)}.",
                    cite(state))
    state.targets = list(state.pits)


def end_of_hero_turn(state: LastNightState) -> None:
    """Escape in the Truck: 2 heroes on the truck's space with the Keys and a Gasoline."""
    truck = state.town.truck
    if state.scenario.hero_goal != "escape-truck" or truck is None or state.outcome:
        return
    there = state.heroes_at(truck)
    carried = {c for h in there for c in h.items + h.hand}
    if len(there) >= state.scenario.numbers["heroes_at_truck"] and \
            all(n in carried for n in state.scenario.needs):
        state.event(f"{', '.join(h.name for h in there)} drive off in the truck.",
                    cite(state))
        finish(state, HEROES, "the heroes escaped in the truck", cite(state))


def burned_pit(state: LastNightState, space: int) -> None:
    """A set-up pit burned (Burn 'Em Out): the heroes win when none is left."""
    if space in state.targets:
        state.targets.remove(space)
        if not state.targets and state.scenario.hero_goal == "burn-pits":
            finish(state, HEROES, "both spawning pits burned", cite(state))


HERO_GOALS = {
    "kill-zombies": "The heroes win by killing {zombies_to_kill} zombies.",
    "escape-truck": "The heroes win by escaping in the truck.",
    "survive": "The heroes win by holding out till the Sun track runs out.",
    "rescue-townsfolk": "The heroes win by saving {townsfolk_to_save} townsfolk.",
    "burn-pits": "The heroes win by burning the spawning pits.",
}


def objective(scenario: Scenario) -> list[str]:
    """The scenario's goal in words for every seat (public: the scenario card): how each side
    wins, then the card's special lines."""
    numbers = scenario.numbers
    dawn = "" if scenario.sun_out == "heroes" else " or when the Sun track runs out"
    return [HERO_GOALS[scenario.hero_goal].format(**numbers),
            f"The zombies win by killing {numbers['heroes_killed']} heroes{dawn}.",
            *scenario.special]
