"""The Advanced Hero card Old Betsy (reference/last-night-on-earth.md, "Hero deck, Advanced":
"Placed cow: zombies there must roll 5-6 to leave").

Designed: the hero carrying it places the cow in his own space at any time of his turn outside
a fight (the card leaves his items and lies in play on that square, "Old Betsy (4,18)", for
the rest of the game: the text names no end); each time a zombie would step out of the cow's
square (its move, Shamble's steps, Relentless Advance, Zombie Hunger's pull included) it rolls
a D6: on the card's `leave_on` (5) or more it steps out, else it stays and its move is over. A
Fire Extinguisher's push or a zombie taken from the board is not the zombie leaving: no roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action
from deadtable.games.last_night_on_earth.buildingcards import card_of, entry, target_of
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState
from deadtable.games.last_night_on_earth.wounds import zombie_name

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.heroturn import HeroAct

COW = "Old Betsy"
CITE = f"Hero card: {COW}"


def actions(state: LastNightState, hero: HeroFigure) -> list[Action]:
    if COW not in hero.items:
        return []
    return [Action(f"play:{COW}", f"Place {COW} (the cow) on {state.name(hero.space)}: a zombie "
                   f"there must roll {state.card(COW).numbers.get('leave_on', 5)}+ to leave",
                   {"verb": "play", "card": COW})]


def place(state: LastNightState, frame: HeroAct, hero: HeroFigure, _: str) -> None:
    hero.items.remove(COW)
    state.hero_in_play.append(entry(COW, state.board.names[hero.space]))
    state.event(f"{hero.name} places {COW} on {state.name(hero.space)}.", CITE)


def cows(state: LastNightState) -> set[int]:
    """The squares a cow stands on."""
    if not state.hero_in_play:
        return set()
    return {state.board.space(target_of(e)) for e in state.hero_in_play if card_of(e) == COW}


def held(state: LastNightState, zombie: str, start: int, to: int) -> bool:
    """A zombie about to step from `start` to `to`: whether the cow there keeps it (its roll)."""
    if to == start or start not in cows(state):
        return False
    need = state.card(COW).numbers.get("leave_on", 5)
    rolled = state.dice.d6()
    name = zombie_name(zombie)
    if rolled >= need:
        state.event(f"{name} rolls {rolled} and gets past {COW}.", CITE)
        return False
    state.event(f"{name} rolls {rolled}: {COW} keeps it on {state.name(start)}.", CITE)
    return True
