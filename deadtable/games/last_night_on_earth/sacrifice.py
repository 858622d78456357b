"""The Advanced Zombie card Unnecessary Self Sacrifice (reference/last-night-on-earth.md,
"Zombie deck, Advanced"): "Play when two heroes are in a zombie's space: the fight is skipped
and one of them takes a wound (the heroes choose)."

Designed (docs/last-night-on-earth.md, "The Advanced decks"): it is a Fight card (it replaces
a fight), so it is the turn's one Fight card and is played at the Fight cards' moment, once
the dice are rolled, in a fight whose space holds two or more living heroes; the Fire Axe,
Father Joseph, Jeb and Principal Gomez may cancel it. Played, the fight ends with no result:
no zombie is killed or fended off, no weapon rolls a break check, the Chainsaw is kept; the
heroes then choose one hero in that space, who takes a wound (Just a Scratch may prevent it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action, Decision
from deadtable.games.last_night_on_earth.state import HEROES, LastNightState
from deadtable.games.last_night_on_earth.wounds import Wound, zombie_name

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.fight import Fight

SACRIFICE = "Unnecessary Self Sacrifice"
CITE = f"Zombie card: {SACRIFICE}"


def playable(state: LastNightState, frame: Fight) -> bool:
    return len(state.heroes_at(state.heroes[frame.hero].space)) > 1


def effect(state: LastNightState, frame: Fight) -> None:
    """The fight is skipped: the heroes are asked who takes the wound."""
    from deadtable.games.last_night_on_earth import lastfight

    frame.step = "sacrifice"
    skipped = (f"{SACRIFICE}: the fight with {zombie_name(frame.zombie)} is skipped; one "
               "hero there takes a wound.")
    state.event(skipped, CITE)
    lastfight.record(state, frame, skipped)


def decision(state: LastNightState, frame: Fight) -> Decision | None:
    heroes = state.heroes_at(state.heroes[frame.hero].space)
    if not heroes:
        return None
    return Decision.of(HEROES, f"{SACRIFICE}: which hero takes the wound?", [
        Action(f"hero:{h.name}", f"{h.name} takes the wound", {"verb": "choose", "hero": h.name})
        for h in heroes])


def choose(state: LastNightState, hero: str) -> None:
    """The fight frame is already gone: the chosen hero's wound."""
    state.event(f"{hero} takes the wound for the others.", CITE)
    state.push(Wound(hero, CITE))
