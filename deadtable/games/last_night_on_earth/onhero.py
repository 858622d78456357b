"""Advanced Zombie cards played on one hero that remain in play (reference/last-night-on-
earth.md, "Zombie deck, Advanced"), kept in `state.in_play` as "Teen Angst (Sally)" so that
At Last… cancels them as it does the building cards:

- This Can't Be Happening!: the hero rolls 1 fight die fewer; the card ends when he starts a
  turn in a space with another hero.
- Teen Angst (a Student hero): he rolls 1 fight die fewer while he shares a space with another
  hero.

Designed: a hero never rolls fewer than 1 fight die; the zombies choose the hero after the
heroes' window to cancel the card has passed; one copy of each card on a hero at a time.
"""

from __future__ import annotations

from deadtable.engine.decisions import Action, Decision
from deadtable.games.last_night_on_earth.buildingcards import card_of, entry, target_of
from deadtable.games.last_night_on_earth.state import ZOMBIES, HeroFigure, LastNightState

CANT = "This Can't Be Happening!"
TEEN = "Teen Angst"
ON_HERO = (CANT, TEEN)
STUDENT = "Student"


def targets(state: LastNightState, card: str) -> list[HeroFigure]:
    """The living heroes `card` may be played on."""
    return [h for h in state.living() if entry(card, h.name) not in state.in_play
            and (card != TEEN or STUDENT in state.hero(h.name).keywords)]


def decision(state: LastNightState, card: str) -> Decision | None:
    heroes = targets(state, card)
    if not heroes:
        return None
    return Decision.of(ZOMBIES, f"{card}: on which hero?", [
        Action(f"hero:{h.name}", f"{card} on {h.name}", {"verb": "target", "hero": h.name})
        for h in heroes])


def hero_choice(question: str, heroes: list[HeroFigure], what: str) -> Decision | None:
    """The zombies name one of `heroes` for a card (`what`: its effect, after the name)."""
    if not heroes:
        return None
    return Decision.of(ZOMBIES, question, [
        Action(f"hero:{h.name}", f"{h.name}: {what}", {"verb": "target", "hero": h.name})
        for h in heroes])


def place(state: LastNightState, card: str, hero: str) -> None:
    state.in_play.append(entry(card, hero))
    state.event(f"{card} is played on {hero} and remains in play.", f"Zombie card: {card}")


def lost_dice(state: LastNightState, hero: HeroFigure) -> int:
    """The fight dice the cards on `hero` take away now."""
    lost = 0
    for card in ON_HERO:
        if entry(card, hero.name) in state.in_play and (
                card == CANT or len(state.heroes_at(hero.space)) > 1):
            lost += state.card(card).numbers.get("hero_dice", 1)
    return lost


def turn_begins(state: LastNightState, hero: HeroFigure) -> None:
    """This Can't Be Happening! ends on a hero who starts his turn beside another hero."""
    placed = entry(CANT, hero.name)
    if placed in state.in_play and len(state.heroes_at(hero.space)) > 1:
        state.in_play.remove(placed)
        state.zombie_discard.put_on_top(CANT)
        state.event(f"{hero.name} starts his turn with another hero: {CANT} ends.",
                    f"Zombie card: {CANT}")


def discard_with(state: LastNightState, hero: str) -> None:
    """A dead hero's cards in play are discarded: every entry naming him ("Teen Angst
    (Sally)", "I've Got to Get to the… (Sally: Diner)"; buildings and squares are never named
    as heroes are)."""
    for placed in [e for e in state.in_play if e.endswith(")")
                   and target_of(e).partition(": ")[0] == hero]:
        state.in_play.remove(placed)
        state.zombie_discard.put_on_top(card_of(placed))
