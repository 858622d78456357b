"""The deck: card ids, what each card is, and the 48-card city deck of SETUP.

A card id is rank then suit: "7H" (seven of hearts), "10S", "QC" (queen of clubs), "AD";
the Joker is "joker".
"""

from __future__ import annotations

SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
NUMBERS = tuple(str(n) for n in range(2, 11))
FACES = ("J", "Q", "K")
RANKS = NUMBERS + FACES + ("A",)
RANK_NAMES = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
JOKER = "joker"
NUMBER_CARDS = frozenset(r + s for s in SUITS for r in NUMBERS)  # the cards is_number accepts


def rank(card: str) -> str:
    return card if card == JOKER else card[:-1]


def suit(card: str) -> str | None:
    return None if card == JOKER else card[-1]


def is_number(card: str) -> bool:
    return card in NUMBER_CARDS


def value(card: str) -> int:
    """A number card's value (2..10)."""
    return int(card[:-1])


def name(card: str) -> str:
    found = _NAMES.get(card)
    return found if found is not None else _name(card)


def _name(card: str) -> str:
    if card == JOKER:
        return "the Joker"
    r, s = card[:-1], card[-1]
    return f"{RANK_NAMES.get(r, r)} of {SUIT_NAMES[s]}"


def short(card: str) -> str:
    return "Jkr" if card == JOKER else card[:-1] + SUIT_SYMBOLS[card[-1]]


def full_deck() -> list[str]:
    """52 cards and two Jokers, in a fixed order."""
    return [r + s for s in SUITS for r in RANKS] + [JOKER, JOKER]


_NAMES = {card: _name(card) for card in full_deck()}  # looked up on every event and label


def check_card(card: str) -> str:
    if card != JOKER and (len(card) < 2 or card[:-1] not in RANKS or card[-1] not in SUITS):
        raise ValueError(
            f"{card!r} is not a card; write rank then suit, like '7H', '10S', 'QC', or 'joker'"
        )
    return card


def zombies(n: int, new: bool = False) -> str:
    """'1 zombie', '5 zombies', '5 new zombies': for the event log."""
    return f"{n} {'new ' if new else ''}zombie{'' if n == 1 else 's'}"


def listed(names: list[str]) -> str:
    """'the 3 of clubs', 'the 3 of clubs and the 4 of spades', 'a, b and c'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def verb(n: int, singular: str, plural: str) -> str:
    """The verb that agrees with n zombies: verb(1, "stands", "stand")."""
    return singular if n == 1 else plural
