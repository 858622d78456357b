"""The Advanced Zombie card Overconfidence (reference/last-night-on-earth.md, "Zombie deck,
Advanced"): "Play on a hero: he may not leave a zombie's space. After he loses a fight, roll a
D6: on 4+ this card ends."

Played as the cards on a hero are (onhero.py: in the Zombie turn's card step, the zombies
naming the hero after the heroes' window to cancel it), it remains in play as
"Overconfidence (Sally)", so that At Last… cancels it. Designed (docs/last-night-on-earth.md,
"The Advanced decks"):
- while a zombie (or Zombie Hero) stands in his space the hero takes no step out of it and is
  not offered a move at all (the roll could take him nowhere); with no zombie there he moves
  as usual;
- the D6 is rolled as the lost fight ends, before its wound is taken; on 4+ the card goes to
  the discard pile;
- it goes to the discard pile when its hero dies.
"""

from __future__ import annotations

from deadtable.games.last_night_on_earth.buildingcards import entry
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState

OVERCONFIDENCE = "Overconfidence"
CITE = f"Zombie card: {OVERCONFIDENCE}"


def on(state: LastNightState, hero: HeroFigure) -> bool:
    return entry(OVERCONFIDENCE, hero.name) in state.in_play


def pinned(state: LastNightState, hero: HeroFigure) -> bool:
    """The hero may not leave his space now: the card is on him and a zombie is there."""
    return on(state, hero) and hero.space in state.zombies.values()


def after_lost_fight(state: LastNightState, hero: HeroFigure) -> None:
    """A fight lost: a D6, the card ending on 4+."""
    if not on(state, hero):
        return
    rolled = state.dice.d6()
    if rolled >= state.card(OVERCONFIDENCE).numbers.get("roll_on", 4):
        end(state, hero.name)
        state.event(f"{hero.name} lost a fight and rolls {rolled}: {OVERCONFIDENCE} ends.", CITE)
    else:
        state.event(f"{hero.name} lost a fight and rolls {rolled}: {OVERCONFIDENCE} remains.",
                    CITE)


def end(state: LastNightState, hero: str) -> None:
    placed = entry(OVERCONFIDENCE, hero)
    if placed in state.in_play:
        state.in_play.remove(placed)
        state.zombie_discard.put_on_top(OVERCONFIDENCE)
