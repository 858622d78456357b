"""The rule numbers a game runs with: its data file, read once per path."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from deadtable.games.one_against_the_dead.data import Rules, load_rules


@lru_cache(maxsize=8)
def _cached(path: str) -> Rules:
    return load_rules(path or None)


def rules_for(options: dict[str, Any]) -> Rules:
    return _cached(options["data"])


def check(options: dict[str, Any]) -> None:
    """Refuse a data file that does not load, or lacks the chosen power table, at once."""
    power(rules_for(options), options, None)


def power(rules: Rules, options: dict[str, Any], kind: str | None) -> int:
    """A weapon's power: a zombie die dies on a roll at or under it. None is Fists of Fury."""
    table = options["weapon-powers"]
    if table == "data":
        table = rules.default_table
    if table not in rules.power_tables:
        raise ValueError(
            f"weapon-powers {table!r} is not a table in the data file; "
            f"tables: {', '.join(rules.power_tables)}"
        )
    return rules.power_tables[table][kind or "fists"]


def rank(rules: Rules, kind: str | None) -> int:
    return rules.rank[kind or "fists"]
