"""The Chainsaw Warrior board in the terminal: the clock with night, Endurance with Radiation
and Venom, Wounds, the equipment display with uses left, the card just turned, the fight, and
the log with the why of each line."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from deadtable.engine.state import Outcome
from deadtable.games.chainsaw_warrior.tracks import result_text
from deadtable.render import log_panel

LOG_LINES = 10


def _track(label: str, value: int, top: int, style: str, marks: dict[int, str]) -> Text:
    text = Text(f"{label:<10}", style="bold")
    for box in range(top + 1):
        if box in marks:
            text.append(marks[box], style=style)
        elif box == value:
            text.append("●", style=style)
        else:
            text.append("·", style="dim")
    text.append(f" {value}")
    return text


def _fight_hth(view: dict[str, Any]) -> int | None:
    return view["fight"]["hth"] if view["fight"] else None


def _now(rating: int | None, base: int, when: str) -> str:
    """' (12 in this fight)': the rating the rolls use, where it differs from the track's."""
    return "" if rating is None or rating == base else f" ({rating} {when})"


def _tracks(view: dict[str, Any]) -> RenderableType:
    w = view["warrior"]
    minutes = view["time"] / 2
    clock = Text(f"{'Time':<10}", style="bold")
    clock.append(f"{view['clock']}", style="bold yellow")
    clock.append(" of 60:00")
    if view["night"]:
        clock.append("  NIGHT (HtH -1)", style="bold blue")
    if view["field_until"] > view["time"]:
        clock.append(f"  Magnetic Field until {view['field_until'] / 2:.1f} min", style="magenta")
    bar = Text(f"{'':<10}")
    filled = int(minutes)
    bar.append("█" * filled, style="yellow" if filled < 30 else "blue")
    bar.append("░" * max(0, 60 - filled), style="dim")
    endurance = Text(f"{'Endurance':<10}", style="bold")
    endurance.append(f"{w['endurance']}  ")
    endurance.append(f"Radiation {w['radiation']}", style="green")
    venom = f"Venom {w['venom']}" if w["infected"] else "not infected"
    endurance.append(f"  {venom}", style="red" if w["infected"] else "dim")
    wounds = _track("Wounds", w["wounds"], w["max_wounds"], "bold red", {})
    stats = Text(f"{'Ratings':<10}", style="bold")
    stats.append(f"HtH {w['hth']}{_now(_fight_hth(view), w['hth'], 'in this fight')}  "
                 f"Reflexes {w['reflexes']}{_now(w['reflexes_now'], w['reflexes'], 'now')}  "
                 f"Marksmanship {w['marksmanship']:+d}  Skill: {w['skill']}")
    return Group(clock, bar, endurance, wounds, stats)


def _items(view: dict[str, Any]) -> RenderableType:
    table = Table(title="Equipment", title_justify="left", box=None, padding=(0, 1))
    table.add_column("item", style="bold")
    table.add_column("type", style="dim")
    table.add_column("uses")
    for item in view["items"]:
        uses = "∞" if item["uses"] is None else str(item["uses"])
        if item["clip"]:
            uses += " +clip"
        style = "dim strike" if item["disabled"] else ""
        table.add_row(Text(item["name"], style=style), item["type"], uses)
    return table


def _house(view: dict[str, Any]) -> RenderableType:
    lines = Text()
    lines.append(f"Deck {view['deck']}", style="bold")
    lines.append(f"  ({view['decks'][0]} + {view['decks'][1]} cards face down)")
    if view["next_back"]:
        lines.append(f"  next card back: {view['next_back']}", style="cyan")
    turned = view["turned"]
    if turned:
        lines.append("\nJust turned: ", style="bold")
        lines.append(turned["title"], style="bold yellow")
        lines.append(f" ({turned['back']})")
    if view["exiting"]:
        lines.append(f"\nLeaving the building: {view['exiting']} cards to go", style="bold red")
    fight = view["fight"]
    if fight:
        lines.append("\nFighting: ", style="bold red")
        lines.append(", ".join(f"{o['name']} (HtH {o['hth']})" for o in fight["opponents"]))
        lines.append(f"  round {fight['rounds']}")
        if fight["next_hth"]:
            lines.append(f"  next round HtH {fight['next_hth']:+d}")
    return lines


def render(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [_tracks(view), Text(), _house(view), Text(), _items(view)]
    panel = log_panel(view, LOG_LINES)
    if panel is not None:
        parts.append(panel)
    if view.get("outcome"):
        parts.append(Text(result_text(Outcome.from_data(view["outcome"])), style="bold"))
    return Panel(Group(*parts), title="Chainsaw Warrior", title_align="left")
