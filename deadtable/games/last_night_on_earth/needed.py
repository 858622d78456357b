"""The Advanced Hero card Just What I Needed (reference/last-night-on-earth.md, "Hero deck,
Advanced"): "Take any card from the Hero discard pile (or draw one), OR search the Hero deck
for a scenario item and take it; shuffle the deck."

Designed: it is played from the hand at any point of the hero's own turn (not instead of his
move); the scenario items are the ones its card names (`needs`: Escape in the Truck's Keys
and Gasoline); the card itself goes to the discard pile after the taking, so it cannot take
itself; a card taken over the item limit is then discarded down as after a Search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action, Decision
from deadtable.games.last_night_on_earth import cards
from deadtable.games.last_night_on_earth.state import HEROES, HeroFigure, LastNightState

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.heroturn import HeroAct

NEEDED = "Just What I Needed"
CITE = f"Hero card: {NEEDED}"


def actions(state: LastNightState, hero: HeroFigure) -> list[Action]:
    if NEEDED not in hero.hand or not (state.hero_discard or state.hero_deck):
        return []
    return [Action(f"play:{NEEDED}", f"Play {NEEDED}: take a discarded Hero card, draw one "
                   "or take a scenario item from the deck", {"verb": "play", "card": NEEDED})]


def start(state: LastNightState, frame: HeroAct, hero: HeroFigure, _: str) -> None:
    hero.hand.remove(NEEDED)
    state.event(f"{hero.name} plays {NEEDED}.", CITE)
    frame.step = "needed"


def decision(state: LastNightState, hero: HeroFigure) -> Decision | None:
    found = [Action(f"back:{c}", f"Take {c} from the discard pile", {"verb": "take", "card": c})
             for c in sorted(set(state.hero_discard.cards))]
    if state.hero_deck:
        found.append(Action("take", "Draw the top Hero card", {"verb": "draw"}))
    found += [Action(f"use:{c}", f"Take {c} from the Hero deck (then shuffled)",
                     {"verb": "take", "card": c})
              for c in dict.fromkeys(state.scenario.needs) if c in state.hero_deck]
    if not found:
        return None
    return Decision.of(HEROES, f"{NEEDED}: which card does {hero.name} take?", found)


def take(state: LastNightState, frame: HeroAct, hero: HeroFigure, action_id: str) -> None:
    """The chosen card to the hero (as found in a Search), then the card to the discards."""
    from deadtable.games.last_night_on_earth.heroturn import found

    verb, _, card = action_id.partition(":")
    frame.step = "main"
    if verb == "back":
        state.hero_discard.remove(card)
        state.event(f"{hero.name} takes {card} from the discard pile.", CITE)
    elif verb == "use":
        state.hero_deck.remove(card)
        state.hero_deck.shuffle(state.dice)
        state.event(f"{hero.name} takes {card} from the Hero deck; the deck is shuffled.",
                    CITE)
    else:
        card = cards.draw_hero_card(state) or ""
    state.hero_discard.put_on_top(NEEDED)
    if card:
        found(state, frame, hero, card, CITE)


def nothing(state: LastNightState, frame: HeroAct) -> None:
    """Nothing left to take: the card is spent all the same."""
    state.hero_discard.put_on_top(NEEDED)
    frame.step = "main"
