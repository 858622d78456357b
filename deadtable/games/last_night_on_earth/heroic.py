"""The Advanced Hero cards played on a hero facing two or more zombies (reference/last-night-
on-earth.md, "Hero deck, Advanced"), kept in `state.hero_in_play` as "Heroic Resolve (Sally)":

- Heroic Resolve: he rolls 1 extra fight die and wins ties; it remains in play until he
  Searches.
- Hero's Rage: until the next Hero turn he rolls 1 extra fight die and every zombie he beats is
  killed.

Designed: either is played in a fight's bonus step (before the roll, where Faith is), from any
hero's hand, on the hero fighting while 2 or more zombies (the one he fights included) stand in
his space; once played it counts in every fight of his while it lasts, however many zombies
are left; Hero's Rage ends as the next Hero turn begins (played in a Hero turn, it lasts
through the Zombie turn after it); either goes to the discard pile when it ends or its hero
dies.
"""

from __future__ import annotations

from deadtable.engine.decisions import Action
from deadtable.games.last_night_on_earth.buildingcards import card_of, entry, target_of
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState

RESOLVE = "Heroic Resolve"
RAGE = "Hero's Rage"
CARDS = (RESOLVE, RAGE)
VERBS = {"resolve": RESOLVE, "rage": RAGE}  # the action's verb -> the card it plays
FACING = 2  # "a hero facing 2 or more zombies"
WHAT = {RESOLVE: "1 extra fight die and he wins ties until he searches",
        RAGE: "1 extra fight die and every zombie he beats dies, until the next Hero turn"}


def on(state: LastNightState, card: str, hero: str) -> bool:
    return entry(card, hero) in state.hero_in_play


def bonus_actions(state: LastNightState, hero: HeroFigure) -> list[Action]:
    """The fight's bonus step: a hand's Heroic Resolve or Hero's Rage on the hero fighting, if
    he faces 2 or more zombies and the card is not on him already."""
    if len(state.zombies_at(hero.space)) < FACING:
        return []
    return [Action(f"{verb}:{h.name}", f"{h.name} plays {card} on {hero.name}: {WHAT[card]}",
                   {"verb": "play", "card": card, "hero": h.name})
            for verb, card in VERBS.items() if not on(state, card, hero.name)
            for h in state.living() if card in h.hand]


def play(state: LastNightState, verb: str, holder: HeroFigure, hero: HeroFigure) -> None:
    card = VERBS[verb]
    holder.hand.remove(card)
    state.hero_in_play.append(entry(card, hero.name))
    state.event(f"{holder.name} plays {card} on {hero.name}, facing "
                f"{len(state.zombies_at(hero.space))} zombies: {WHAT[card]}.",
                f"Hero card: {card}")


def fight_dice(state: LastNightState, hero: HeroFigure) -> int:
    return sum(state.card(c).numbers.get("fight_dice", 1) for c in CARDS
               if on(state, c, hero.name))


def wins_ties(state: LastNightState, hero: str) -> bool:
    return on(state, RESOLVE, hero)


def kills_beaten(state: LastNightState, hero: str) -> bool:
    return on(state, RAGE, hero)


def end(state: LastNightState, card: str, hero: str, why: str) -> None:
    state.hero_in_play.remove(entry(card, hero))
    state.hero_discard.put_on_top(card)
    state.event(f"{card} on {hero} ends: {why}.", f"Hero card: {card}")


def searched(state: LastNightState, hero: HeroFigure) -> None:
    """Heroic Resolve "remains in play until he Searches"."""
    if on(state, RESOLVE, hero.name):
        end(state, RESOLVE, hero.name, "he searches")


def hero_turn_begins(state: LastNightState) -> None:
    """Hero's Rage lasts "until the next Hero turn"."""
    for placed in [e for e in state.hero_in_play if card_of(e) == RAGE]:
        end(state, RAGE, target_of(placed), "a new Hero turn begins")


def discard_with(state: LastNightState, hero: str) -> None:
    """A dead hero's cards in play are discarded."""
    for card in CARDS:
        if on(state, card, hero):
            state.hero_in_play.remove(entry(card, hero))
            state.hero_discard.put_on_top(card)
