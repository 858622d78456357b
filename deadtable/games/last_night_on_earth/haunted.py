"""Haunted by the Past (Advanced Zombie card; reference/last-night-on-earth.md, "Zombie deck,
Advanced": "Non-Student hero becomes Strange; no Townsfolk events on him").

The Townsfolk events are the Hero cards of kind `townsfolk` (Doc Brody, Jeb, Principal Gomez,
Mr. Hyde, Farmer Sty, Deputy Taylor). Designed (docs/last-night-on-earth.md, "The Advanced
decks"):
- played in the Zombie turn on a hero whose sheet has no Student keyword, the zombies naming
  him after the heroes' window to cancel the card; it remains in play on him ("Haunted by the
  Past (Jenny)") until At Last… cancels it or he dies;
- "played on him" is any Townsfolk event whose effect falls on him: Doc Brody's healing and
  Jeb's fight die given to him, and in a fight of his a fight cancelled (Mr. Hyde, Deputy
  Taylor) or a fight die changed or re-rolled (Mr. Hyde, Farmer Sty, Principal Gomez); he may
  still play them on others, and cancelling a Zombie card or holding a zombie back is played
  on no hero.
"""

from __future__ import annotations

from deadtable.engine.decisions import Decision
from deadtable.games.last_night_on_earth.onhero import hero_choice
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState

HAUNTED = "Haunted by the Past"
CITE = f"Zombie card: {HAUNTED}"
STRANGE = "Strange"
STUDENT = "Student"


def placed(hero: str) -> str:
    return f"{HAUNTED} ({hero})"


def is_haunted(state: LastNightState, hero: str) -> bool:
    return placed(hero) in state.in_play


def keywords(state: LastNightState, hero: str) -> tuple[str, ...]:
    """The hero sheet's keywords, and Strange while he is haunted."""
    printed = tuple(state.hero(hero).keywords)
    if STRANGE not in printed and is_haunted(state, hero):
        return (*printed, STRANGE)
    return printed


def townsfolk_on(state: LastNightState, hero: str) -> bool:
    """Whether a Townsfolk event may be played on the hero."""
    return not is_haunted(state, hero)


def targets(state: LastNightState) -> list[HeroFigure]:
    return [h for h in state.living() if STUDENT not in state.hero(h.name).keywords
            and not is_haunted(state, h.name)]


def decision(state: LastNightState) -> Decision | None:
    return hero_choice(f"{HAUNTED}: on which hero?", targets(state),
                       "becomes Strange; no Townsfolk event may be played on this hero")


def aim(state: LastNightState, hero: str) -> None:
    state.in_play.append(placed(hero))
    state.event(f"{HAUNTED} is played on {hero} and remains in play: {hero} is Strange, and no "
                f"Townsfolk event may be played on {hero}.", CITE)
