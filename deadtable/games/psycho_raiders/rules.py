"""The data one game plays with, read once per set of file options and shared by every copy."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from deadtable.engine.board import Board
from deadtable.games.psycho_raiders.data import (
    Deck,
    KillDeck,
    Sheets,
    Tables,
    Vehicle,
    Weapon,
)

FISTS = "Fists"


@dataclass(frozen=True)
class Rules:
    board: Board
    sheets: Sheets
    vehicles: Mapping[str, Vehicle]
    weapons: Mapping[str, Weapon]
    decks: Mapping[str, Deck]
    kill: KillDeck
    tables: Tables

    @cached_property
    def numbers(self) -> Mapping[str, int]:
        """The rulebook's numbers (the tables' `rules`), read by most steps: found once."""
        return self.tables.rules
