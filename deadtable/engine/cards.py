"""Decks and piles of cards, and who may see them.

A card is its string id ("7H", "joker", "house:sewer"): plain data that a game looks up in its
own tables. A pile's first element is its top card.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any

from deadtable.engine.dice import Dice


class Visibility(StrEnum):
    """Who may see a pile's cards (everyone may always see how many there are)."""

    HIDDEN = "hidden"  # nobody: a face-down deck
    TOP = "top"  # everyone sees the top card only: a discard pile turned face up
    OPEN = "open"  # everyone sees every card
    OWNER = "owner"  # only the owning seat: a hand


class EmptyPile(LookupError):
    """A card was asked of a pile that has none."""


class Pile:
    __slots__ = ("name", "cards", "visibility", "owner")

    def __init__(
        self,
        name: str,
        cards: Iterable[str] = (),
        visibility: Visibility = Visibility.HIDDEN,
        owner: str | None = None,
    ) -> None:
        self.name = name
        self.cards: list[str] = list(cards)
        self.visibility = Visibility(visibility)
        self.owner = owner

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    # -- moving cards ---------------------------------------------------------------------
    def draw(self) -> str:
        if not self.cards:
            raise EmptyPile(f"the {self.name} pile is empty")
        return self.cards.pop(0)

    def draw_many(self, n: int) -> list[str]:
        """Up to n cards from the top (fewer if the pile runs out)."""
        taken, self.cards = self.cards[:n], self.cards[n:]
        return taken

    def peek(self, n: int = 1) -> list[str]:
        return self.cards[:n]

    def put_on_top(self, card: str) -> None:
        self.cards.insert(0, card)

    def bury(self, card: str) -> None:
        """Put a card at the bottom."""
        self.cards.append(card)

    def remove(self, card: str) -> None:
        try:
            self.cards.remove(card)
        except ValueError:
            raise LookupError(f"{card!r} is not in the {self.name} pile") from None

    def discard_to(self, other: Pile, card: str) -> None:
        self.remove(card)
        other.put_on_top(card)

    def shuffle(self, dice: Dice) -> None:
        dice.shuffle(self.cards)

    def redeal(self, dice: Dice) -> None:
        """A new order drawn from `dice` alone, for determinizing: the cards are sorted before
        they are shuffled, so the new order carries nothing of the true one (a searcher knows
        its own dice and could otherwise undo the shuffle)."""
        self.cards.sort()
        dice.shuffle(self.cards)

    def redealt(self, dice: Dice) -> Pile:
        """A copy of this pile as `redeal(dice)` would leave it, `dice` left where it leaves
        them; the shuffle itself is put off until the copy's cards are first read, so a
        search's world whose pile nobody reads (a glance, most rollouts) costs none."""
        return RedealtPile(self, dice)

    def reshuffle_from(self, discards: Pile, dice: Dice) -> None:
        """Turn the discards over into this pile and shuffle the whole."""
        self.cards.extend(discards.cards)
        discards.cards.clear()
        self.shuffle(dice)

    # -- secrets --------------------------------------------------------------------------
    def view(self, seat: str | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator)."""
        seen: dict[str, Any] = {"name": self.name, "count": len(self.cards)}
        if self.visibility is Visibility.OPEN or (
            self.visibility is Visibility.OWNER and seat is not None and seat == self.owner
        ):
            seen["cards"] = list(self.cards)
        elif self.visibility is Visibility.TOP and self.cards:
            seen["top"] = self.cards[0]
        return seen

    # -- plain data -----------------------------------------------------------------------
    def clone(self) -> Pile:
        other = Pile.__new__(Pile)
        other.name = self.name
        other.cards = self.cards.copy()
        other.visibility = self.visibility
        other.owner = self.owner
        return other

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "cards": list(self.cards),
            "visibility": self.visibility.value,
            "owner": self.owner,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Pile:
        return cls(data["name"], data["cards"], Visibility(data["visibility"]), data["owner"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and self.to_data() == other.to_data()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Pile({self.name!r}, {len(self.cards)} cards, {self.visibility.value})"


_CARDS = Pile.__dict__["cards"]  # Pile's own slot for its cards


class RedealtPile(Pile):
    """Pile.redealt's copy: its cards sorted and shuffled from its own dice (a copy of the
    dice it was dealt from, as they stood) the first time anything reads them."""

    __slots__ = ("_deal",)

    def __init__(self, pile: Pile, dice: Dice) -> None:
        self.name, self.visibility, self.owner = pile.name, pile.visibility, pile.owner
        _CARDS.__set__(self, list(pile.cards))
        self._deal: Dice | None = Dice(dice.state)  # the shuffle draws from the dice's state alone
        dice.skip(len(pile.cards) - 1)  # past the draws the shuffle will make

    @property
    def cards(self) -> list[str]:
        deal = self._deal
        if deal is not None:
            self._deal = None
            cards = _CARDS.__get__(self)
            cards.sort()
            deal.shuffle(cards)
        return _CARDS.__get__(self)

    @cards.setter
    def cards(self, value: list[str]) -> None:
        self._deal = None
        _CARDS.__set__(self, value)
