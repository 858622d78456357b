"""The last fight (the view's `last_fight`, lastfight.py) in the terminal, with the facts the
page's panel gives: who fought whom where, each side's dice, the highest compared, the cards
played and the result. render.py shows it under the status for the screen after the fight
ended (one the seat has not seen: the result line is among its unseen log lines) and on every
screen while the next fight is under way (the status line marks that one in progress), so it
does not take three lines of every screen but a person who looked away still sees the fight
before; `help fight` shows it at any time, with how it went (the fight's log lines)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from deadtable.games.last_night_on_earth.fight import braaains_note

HELP_TOPICS = ("fight", "last fight")


def dice(values: list[int]) -> str:
    return " ".join(str(v) for v in values)


def brains(fight: dict[str, Any]) -> str:
    """Braaains! after the zombie's dice, in the fight under way and the last fight alike."""
    return braaains_note(fight["braaains"])


def under_way(fight: dict[str, Any]) -> str:
    """The status line while a fight is under way (the view's `fight`), marked in progress:
    its dice once they are on the table, else who fights whom where."""
    if not fight["hero_dice"]:
        return (f"Fight: {fight['hero']} against {fight['zombie']} on {fight['space']} "
                "(in progress, no dice yet)")
    return (f"Fight: {fight['hero']} {dice(fight['hero_dice'])} against {fight['zombie']} "
            f"{dice(fight['zombie_dice'])}{brains(fight)} (in progress)")


def facts(fight: dict[str, Any]) -> str:
    """The dice, the highest and the cards on one line ("" for a fight cut short before the
    roll with no card played)."""
    parts = []
    if fight["hero_dice"] and fight["zombie_dice"]:
        parts.append(f"{fight['hero']} rolled {dice(fight['hero_dice'])}")
        parts.append(f"{fight['zombie']} rolled {dice(fight['zombie_dice'])}{brains(fight)}")
    if fight["highest"]:
        parts.append(f"highest {fight['highest'][0]} against {fight['highest'][1]}")
    if fight["cards"]:
        parts.append(f"cards: {', '.join(fight['cards'])}")
    return " · ".join(parts)


def heading(fight: dict[str, Any]) -> str:
    return f"Last fight: {fight['hero']} against {fight['zombie']} on {fight['space']}"


def just_ended(view: dict[str, Any]) -> bool:
    """Whether the last fight ended since the seat last decided (the terminal's `unseen`)."""
    fight, unseen = view.get("last_fight"), int(view.get("unseen") or 0)
    if not fight or not unseen:
        return False
    return any(e["text"] == fight["result"] for e in (view.get("log") or [])[-unseen:])


def panel(view: dict[str, Any]) -> Text | None:
    """The lines under the status on the screen after a fight ended, and while the next one
    is under way (the status line marks that one in progress; this one is marked finished),
    else None."""
    now, fight = view.get("fight"), view.get("last_fight")
    if not fight or not (now or just_ended(view)):
        return None
    text = Text(heading(fight), style="bold")
    if now:
        text.append(" (finished)", style="bold")
    else:
        text.append("  (help fight: how it went)", style="dim")
    shown = facts(fight)
    if shown:
        text.append(f"\n  {shown}")
    text.append(f"\n  {fight['result']}", style="bold yellow")
    return text


def help_section(view: dict[str, Any]) -> tuple[str, str]:
    """`help fight`: the last fight and its log lines, or that there has been none yet."""
    fight, now = view.get("last_fight"), view.get("fight")
    if not fight:  # none finished yet
        return "Last fight", ("A fight is under way: its dice are on the screen; this shows it "
                              "once it ends." if now else "No fight has ended yet.")
    lines = [under_way(now) + "; the last one finished:"] if now else []
    lines += [line for line in (facts(fight), fight["result"]) if line]
    lines += ["How it went:"] + [f"  {event}" for event in fight["events"]]
    return heading(fight), "\n".join(lines)
