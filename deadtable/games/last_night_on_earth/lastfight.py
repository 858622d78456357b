"""The last fight, for the page to show once it is over (the fight under way shows itself):
who fought whom and where, the dice as they lay, the highest dice compared, the result
(fightwhy.py's sentence, which says why) and the fight's public log lines (the rolls, the
re-rolls and every card played in it). Only public events go in, so every seat sees the same
entry; it lives until the next fight begins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.games.last_night_on_earth import fightwhy
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.games.last_night_on_earth.wounds import zombie_name

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.fight import Fight

CARD_CITES = ("Hero card: ", "Zombie card: ")


def begin(state: LastNightState) -> int:
    """A fight begins: the last one's entry goes; its log lines start here."""
    state.last_fight = None
    return len(state.log)


def record(state: LastNightState, frame: Fight, result: str) -> None:
    """The fight is over (resolved, cancelled or skipped): keep its entry. Blitzed fights
    were all pushed at once, so a fight's lines start after the previous fight's too."""
    start = max(frame.log_from, 0, state.fight_log_end)
    events = [e for e in state.log[start:] if e.seats is None]
    hero_dice = list(frame.hero_dice)
    high = list(fightwhy.highest(frame)) if hero_dice and frame.zombie_dice else None
    hero = state.heroes[frame.hero]
    state.last_fight = {
        "hero": frame.hero, "zombie": zombie_name(frame.zombie), "space": state.name(hero.space),
        "hero_dice": hero_dice, "zombie_dice": list(frame.zombie_dice),
        "braaains": frame.braaains, "highest": high, "result": result,
        "cards": list(dict.fromkeys(e.cite.split(": ", 1)[1] for e in events
                                    if e.cite.startswith(CARD_CITES))),
        "events": [e.text for e in events],
    }
    state.fight_log_end = len(state.log)


def view(state: LastNightState) -> dict[str, Any] | None:
    """The entry as the view shows it (a copy: the entry is shared by the state's clones)."""
    entry = state.last_fight
    if entry is None:
        return None
    return {k: list(v) if isinstance(v, list) else v for k, v in entry.items()}
