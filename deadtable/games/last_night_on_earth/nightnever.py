"""The Advanced Zombie card Night That Never Ends (reference/last-night-on-earth.md, "Zombie
deck, Advanced"): "Shuffle every copy of one Zombie card from the discard pile back into the
deck; the heroes may do the same with one Hero card."

Designed: the zombies name the title first, then the heroes name one of the Hero discard
pile or pass; the card itself goes to the discard pile after its effect (it cannot bring
itself back).
"""

from __future__ import annotations

from deadtable.engine.cards import Pile
from deadtable.engine.decisions import Action, Decision
from deadtable.games.last_night_on_earth.state import HEROES, ZOMBIES, LastNightState

NIGHT = "Night That Never Ends"
CITE = f"Zombie card: {NIGHT}"


def zombies_decision(state: LastNightState) -> Decision | None:
    if not state.zombie_discard:
        return None
    return Decision.of(ZOMBIES, f"{NIGHT}: which Zombie card goes back into the deck?", [
        Action(f"discard:{c}", f"Every discarded {c} back into the Zombie deck",
               {"verb": "pick", "card": c}) for c in sorted(set(state.zombie_discard.cards))])


def heroes_decision(state: LastNightState) -> Decision | None:
    if not state.hero_discard:
        return None
    actions = [Action(f"back:{c}", f"Every discarded {c} back into the Hero deck",
                      {"verb": "pick", "card": c}) for c in sorted(set(state.hero_discard.cards))]
    actions.append(Action("pass", "Take nothing back", {"verb": "pass"}))
    return Decision.of(HEROES, f"{NIGHT}: shuffle one Hero card back too?", actions)


def back(state: LastNightState, card: str, discard: Pile, deck: Pile) -> None:
    """Every copy of `card` from the discard pile into the deck, shuffled."""
    copies = discard.cards.count(card)
    discard.cards = [c for c in discard.cards if c != card]
    deck.cards.extend([card] * copies)
    deck.shuffle(state.dice)
    state.event(f"{NIGHT}: {copies} × {card} shuffled back into the {deck.name}.", CITE)
