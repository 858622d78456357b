"""The readings we chose where the rulebook is garbled or silent, as named options
(docs/chainsaw-warrior.md explains each, with its ambiguity number)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Rules:
    lucky_one: str  # a Lucky Shot of 1 costs "d6" wounds or "1"
    lucky_ammo: frozenset[int]  # the Lucky Shot results that use ammunition
    lucky_marksmanship: bool  # Marksmanship counts on the follow-up roll of a 5
    escape_time: int  # boxes per pip when leaving the building ("minutes" = 2)
    clothing_hth: bool  # A-33: Steel Gloves' +1 counts in fights
    lance_counts: bool  # the Laser-lance counts toward the 13 items
    cross_decks: bool  # skipping goes on from Deck One into Deck Two
    difficulty: str

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Rules:
        return cls(
            lucky_one=options["lucky-one"],
            lucky_ammo=frozenset({1, 4, 5, 6} if options["lucky-ammo"] == "1456" else {4, 5, 6}),
            lucky_marksmanship=options["lucky-marksmanship"],
            escape_time=2 if options["escape-time"] == "minutes" else 1,
            clothing_hth=options["clothing-hth"],
            lance_counts=options["lance-counts"],
            cross_decks=options["skip-across-decks"],
            difficulty=options["difficulty"],
        )
