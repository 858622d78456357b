"""Words for players: counts that agree with their nouns."""

from __future__ import annotations


def count(n: float, noun: str, plural: str | None = None) -> str:
    """'1 point', '2 points', '1.5 minutes', count(2, "box", "boxes")."""
    return f"{n:g} {noun if n == 1 else plural or noun + 's'}"
