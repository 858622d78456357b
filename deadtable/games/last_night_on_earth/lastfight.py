"""The last fight, for the page to show once it is over (the fight under way shows itself):
who fought whom and where, the dice as they lay, the highest dice compared, the result
(fightwhy.py's sentence, which says why) and the fight's public log lines (the rolls, the
re-rolls and every card played in it). Only public events go in, so every seat sees the same
entry; it stays while the next fight is under way (the page and the terminal mark that one in
progress) and is replaced when that fight ends. A fight cut short (its hero killed, its zombie
gone, the game over before the result) gets an entry too, its result saying how it ended."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.engine.events import Event
from deadtable.games.last_night_on_earth import fightwhy
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.games.last_night_on_earth.wounds import zombie_name

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.fight import Fight

CARD_CITES = ("Hero card: ", "Zombie card: ")
FIGHT = "Base game: Fight"  # fight.py's cite (imported from there it would be a cycle)
ENDED = " wins the fight ("  # in every result line (fightwhy.result)


def begin(state: LastNightState) -> int:
    """A fight begins: its log lines start here. The last one's entry stays until this one
    ends (record), so that a person who looked away still sees the fight before."""
    return len(state.log)


def record(state: LastNightState, frame: Fight, result: str) -> None:
    """The fight is over (resolved, cancelled, skipped or cut short): keep its entry."""
    events = public_lines(state, frame)
    hero_dice = list(frame.hero_dice)
    high = list(fightwhy.highest(frame)) if hero_dice and frame.zombie_dice else None
    hero = state.heroes[frame.hero]
    state.last_fight = {
        "hero": frame.hero, "zombie": zombie_name(frame.zombie), "space": state.name(hero.space),
        "hero_dice": hero_dice, "zombie_dice": list(frame.zombie_dice),
        "braaains": frame.braaains, "highest": high, "result": result,
        "cards": cards_played(events),
        "events": [e.text for e in events],
    }
    state.fight_log_end = len(state.log)


def public_lines(state: LastNightState, frame: Fight) -> list[Event]:
    return [e for e in state.log[log_start(state, frame):] if e.seats is None]


def cards_played(events: list[Event]) -> list[str]:
    """The cards the fight's lines cite, in the order first played."""
    return list(dict.fromkeys(e.cite.split(": ", 1)[1] for e in events
                              if e.cite.startswith(CARD_CITES)))


def log_start(state: LastNightState, frame: Fight) -> int:
    """Where the fight's lines begin. Blitzed fights were all pushed at once, so a fight's
    lines start after the previous fight's too."""
    return max(frame.log_from, state.fight_log_end)


def place_saved(state: LastNightState) -> None:
    """A save from before fights kept their place (log_from -1), loaded mid-fight: each fight's
    start is found by its first line, "Hero fights Zombie n." or Johnny's Blitz, and the search
    stops at an earlier fight's result (a Blitz's first fight, over before the save). Not
    found: its lines start at the load, rather than the entry taking the whole log."""
    log = state.log
    for frame in state.stack:
        if frame.KIND != "fight" or frame.log_from >= 0:  # type: ignore[attr-defined]
            continue
        hero, zombie = frame.hero, zombie_name(frame.zombie)  # type: ignore[attr-defined]
        start = len(log)
        for i in range(len(log) - 1, -1, -1):
            text = log[i].text
            if text == f"{hero} fights {zombie}." or text.startswith(
                    f"{hero} blitzes into the zombies at "):
                start = i
                break
            if ENDED in text and log[i].cite == FIGHT:
                start = i + 1
                break
        frame.log_from = start  # type: ignore[attr-defined]


def cut_short(state: LastNightState, frame: Fight) -> None:
    """A fight that began ends before its result: the log and the entry say how."""
    hero = state.heroes[frame.hero]
    zombie = zombie_name(frame.zombie)
    where = state.zombies.get(frame.zombie)
    if hero.dead:
        why = f"{frame.hero} is dead"
    elif where is None:
        why = f"{zombie} is gone"
    elif where != hero.space:
        why = f"{zombie} has left {state.name(hero.space)}"
    else:
        why = "the game is over"
    ended = f"{frame.hero}'s fight with {zombie} ends without a result: {why}."
    state.event(ended, FIGHT)
    record(state, frame, ended)


def at_game_end(state: LastNightState) -> None:
    """The game ends (wounds.finish): a fight still under way is cut short."""
    for frame in state.stack:
        if frame.KIND == "fight" and frame.begun:  # type: ignore[attr-defined]
            cut_short(state, frame)  # type: ignore[arg-type]


def view(state: LastNightState) -> dict[str, Any] | None:
    """The entry as the view shows it (a copy: the entry is shared by the state's clones)."""
    entry = state.last_fight
    if entry is None:
        return None
    return {k: list(v) if isinstance(v, list) else v for k, v in entry.items()}
