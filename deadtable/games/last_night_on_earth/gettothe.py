"""I've Got to Get to the… (Advanced Zombie card; reference/last-night-on-earth.md, "Zombie
deck, Advanced": "Hero may not search until he reaches a random building").

Designed (docs/last-night-on-earth.md, "The Advanced decks"):
- played in the Zombie turn: the zombies name the hero (after the heroes' window to cancel
  the card), then the building is rolled on the random-building table (buildingcards.py: a 5
  or 6 lets a side choose the corner);
- the card remains in play on him with its building ("I've Got to Get to the… (Becky:
  Diner)"), so that At Last… cancels it; he may not Search (Sally's two cards included) until
  he stands on a square of that building: the card is discarded then (at once when he stands
  in it as it is rolled);
- drawing cards without searching (the Keys, Just What I Needed) stays allowed.
"""

from __future__ import annotations

from deadtable.engine.decisions import Decision
from deadtable.games.last_night_on_earth.onhero import hero_choice
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState

ERRAND = "I've Got to Get to the…"
CITE = f"Zombie card: {ERRAND}"


def placed(hero: str, building: str) -> str:
    return f"{ERRAND} ({hero}: {building})"


def errand(state: LastNightState, hero: str) -> str | None:
    """The building the hero must reach before he may search, if the card is on him."""
    head = f"{ERRAND} ({hero}: "
    return next((e[len(head):-1] for e in state.in_play if e.startswith(head)), None)


def may_search(state: LastNightState, hero: str) -> bool:
    return errand(state, hero) is None


def targets(state: LastNightState) -> list[HeroFigure]:
    return [h for h in state.living() if errand(state, h.name) is None]


def decision(state: LastNightState) -> Decision | None:
    return hero_choice(f"{ERRAND}: on which hero? (then a random building)", targets(state),
                       "no Search until reaching a random building")


def resolve(state: LastNightState, hero: str, building: str) -> None:
    """The building rolled: the card stays on the hero until he reaches it."""
    figure = state.heroes[hero]
    if figure.dead:
        state.zombie_discard.put_on_top(ERRAND)
        return
    if state.town.building_of[figure.space] == building:
        state.zombie_discard.put_on_top(ERRAND)
        state.event(f"{ERRAND} {building}: {hero} is there already; no effect.", CITE)
        return
    state.in_play.append(placed(hero, building))
    state.event(f"{ERRAND} {building}: {hero} may not Search until reaching the {building} "
                "(remains in play).", CITE)


def arrive(state: LastNightState, hero: HeroFigure) -> None:
    """A hero's step: in his card's building, the card ends."""
    building = errand(state, hero.name)
    if building is not None and state.town.building_of[hero.space] == building:
        state.in_play.remove(placed(hero.name, building))
        state.zombie_discard.put_on_top(ERRAND)
        state.event(f"{hero.name} reaches the {building}: {ERRAND} ends.", CITE)
