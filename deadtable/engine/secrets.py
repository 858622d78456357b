"""What some seats know and others do not: commitments, secret identities, hidden roles.

One shape serves the three board games' secrets:
- a commitment placed face down and revealed later (HeroScape's order markers);
- a token with a public face and a secret identity (Psycho Raiders' hide tokens: everyone sees
  where each token stands, only its owner knows which one is the character);
- a hidden role (a sinister townsperson).

A `Secret` holds its value, the seats that know it, whether it has been revealed to everyone,
and its *group*: the secrets whose values are, to a seat that cannot see them, a permutation of
one known multiset (a side's unrevealed markers; one character's tokens, one of them real).
Views show a secret's value only where `visible` says so; `redeal` deals each group's unseen
values anew from a searching agent's own dice, consistently with what that seat knows. (Hands of
cards are piles: see cards.Pile and its OWNER visibility and redeal.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from deadtable.engine.dice import Dice

Value = str | int | None


class Secret:
    __slots__ = ("value", "owners", "revealed", "group")

    def __init__(self, value: Value, owners: Iterable[str], revealed: bool = False,
                 group: str = "") -> None:
        self.value = value
        self.owners = tuple(owners)  # the seats that know the value from the start
        self.revealed = revealed  # known to everyone from now on
        self.group = group  # secrets whose unseen values determinization deals together

    def visible(self, seat: str) -> bool:
        return self.revealed or seat in self.owners

    def shown(self, seat: str) -> Value:
        """The value if `seat` may know it, else None (what a view shows)."""
        return self.value if self.visible(seat) else None

    def reveal(self) -> Value:
        self.revealed = True
        return self.value

    def copy(self) -> Secret:
        return Secret(self.value, self.owners, self.revealed, self.group)

    def to_data(self) -> dict[str, Any]:
        return {"value": self.value, "owners": list(self.owners), "revealed": self.revealed,
                "group": self.group}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Secret:
        return cls(data["value"], data["owners"], data["revealed"], data["group"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and self.to_data() == other.to_data()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Secret({self.value!r}, owners={self.owners}, revealed={self.revealed}, "
                f"group={self.group!r})")


def redeal(secrets: Iterable[Secret], seat: str, dice: Dice) -> None:
    """Deal anew, from `dice`, the values `seat` cannot see, within each group. Values are
    sorted before they are shuffled, so the deal carries nothing of the true one (an agent
    knows its own dice and could otherwise undo the shuffle). Use it on a clone only."""
    groups: dict[str, list[Secret]] = {}
    for secret in secrets:
        if not secret.visible(seat):
            groups.setdefault(secret.group, []).append(secret)
    for group in sorted(groups):
        unseen = groups[group]
        values = sorted((s.value for s in unseen), key=lambda v: (str(type(v)), str(v)))
        dice.shuffle(values)
        for secret, value in zip(unseen, values, strict=True):
            secret.value = value
