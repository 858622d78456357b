"""The two discard piles in the terminal (the view's `hero_discard` and `zombie_discard`). At the
table both lie face up and anyone may look through them (Just What I Needed, There's No Time,
Night That Never Ends and Rotten Bodies take cards from them), so the view gives every seat and
the spectator every card, the newest first. render.py's status says each pile's count and top
card; `help discards` lists each whole pile, newest first, with every card's printed text."""

from __future__ import annotations

from typing import Any

from deadtable.games.last_night_on_earth.cards import counted

PILES = (("Hero", "hero_discard"), ("Zombie", "zombie_discard"))
HELP_TOPICS = ("discards", "discard", "discard piles", "discard pile", "piles")


def glance(view: dict[str, Any]) -> str:
    """One line for the status: "Discards: Hero 3 (top Revolver) · Zombie 0" (`help`
    names `help discards`)."""
    parts = []
    for side, key in PILES:
        pile = view[key]
        cards = pile.get("cards") or []
        parts.append(f"{side} {pile['count']}" + (f" (top {cards[0]})" if cards else ""))
    return "Discards: " + " · ".join(parts)


def help_sections(view: dict[str, Any], texts: dict[str, str]) -> list[tuple[str, str]]:
    """`help discards`: a section per pile, its cards numbered from the top (the newest), each
    with its text (the view's `cards`, else `texts`: the game's card texts)."""
    sections = []
    for side, key in PILES:
        pile = view[key]
        cards = pile.get("cards") or []
        heading = f"{side} discard pile: {counted(pile['count'])}" + (
            ", the newest first" if len(cards) > 1 else "")
        read = {**texts, **(view.get("cards") or {})}
        lines = [f"{i}. {name}: {read[name]}" if name in read else f"{i}. {name}"
                 for i, name in enumerate(cards, 1)]
        sections.append((heading, "\n".join(lines) or "empty"))
    return sections
