"""The House decks: two equal piles with Darkness shuffled into the second; retracing your
steps; Missing Darkness."""

from __future__ import annotations

from collections.abc import Sequence

from deadtable.engine.cards import Pile, Visibility
from deadtable.engine.dice import Dice

RETRACE = 5  # "deal off the first five" (Locked Door; the Geiger Counter does the same)


def build_house(dice: Dice, cards: Sequence[str], darkness: str,
                strict: bool = True) -> tuple[Pile, Pile]:
    """The Playing Cards: remove Darkness, shuffle, split into two equal piles, add Darkness to
    the second and shuffle it thoroughly. Deck One is used first. When the decks are dealt
    anew after leaving the building (`strict` off) a card may be missing (the Chasm, a carried
    First Aid Kit): Deck Two then takes the odd card."""
    rest = [c for c in cards if c != darkness]
    if len(rest) == len(cards):
        raise ValueError(f"the House cards lack Darkness ({darkness!r})")
    if strict and len(rest) % 2:
        raise ValueError(f"{len(rest)} House cards besides Darkness cannot split into two "
                         f"equal piles; the data file must give an even number")
    dice.shuffle(rest)
    half = len(rest) // 2
    one = Pile("deck-one", rest[:half], Visibility.HIDDEN)
    two = Pile("deck-two", rest[half:] + [darkness], Visibility.HIDDEN)
    two.shuffle(dice)
    return one, two


def retrace_steps(dice: Dice, discards: Pile, deck: Pile) -> int:
    """Shuffle the discard pile and deal off the first five without looking; add them to the
    current pack and shuffle it. Fewer than five: all of them. Returns how many went back."""
    discards.shuffle(dice)
    back = discards.draw_many(RETRACE)
    deck.cards.extend(back)
    deck.shuffle(dice)
    return len(back)


def missing_darkness(dice: Dice, deck_two: Pile, darkness: str) -> None:
    """A skipped card was Darkness: reshuffle the second deck (Darkness with it) and start it
    again."""
    if darkness not in deck_two:
        deck_two.put_on_top(darkness)
    deck_two.shuffle(dice)
