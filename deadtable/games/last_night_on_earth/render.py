"""Last Night on Earth in the terminal: the town as squares with its walls (`|`, `-`), doors
(`/`) and windows (`:`), buildings shaded, spawning pits `P`, heroes by their initial and zombies
as `z` (a number: that many); then a line per hero (wounds, items, hand), the Sun track, the
decks and the seat's own cards, and the log with the why of each line."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from deadtable.engine.decisions import Decision
from deadtable.render import board_footer

LOG_LINES = 8
ACROSS = {"wall": "|", "door": "/", "window": ":"}  # an edge between two squares side by side
DOWN = {"wall": "-", "door": "/", "window": ":"}  # an edge between a square and the one below


def town_text(view: dict[str, Any], marked: set[str]) -> Text:
    town = view["town"]
    at: dict[tuple[int, int], str] = {}
    terrain: dict[str, str] = {}
    for name, x, y, kind in town["spaces"]:
        if x is not None:
            at[(x, y)] = name
            terrain[name] = kind
    inside = {s for spaces in town["buildings"].values() for s in spaces}
    edges = {(a, b): f for a, b, f in town["edges"]}
    edges.update({(b, a): f for (a, b), f in list(edges.items())})
    heroes: dict[str, list[str]] = {}
    for hero in view["heroes"]:
        if not hero["dead"]:
            heroes.setdefault(hero["space"], []).append(hero["name"][:1])
    zombies: dict[str, int] = {}
    for zombie in view["zombies"]:
        zombies[zombie["space"]] = zombies.get(zombie["space"], 0) + 1
    pits = set(town["spawning_pits"])
    width = 1 + max(x for x, _ in at)
    height = 1 + max(y for _, y in at)
    text = Text()
    for y in range(height):
        for x in range(width):
            name = at.get((x, y))
            cell, style = _cell(name, heroes, zombies, pits, inside)
            if name in marked:
                style += " reverse"
            text.append(cell, style=style)
            right = at.get((x + 1, y))
            feature = edges.get((name, right)) if name and right else None
            text.append(ACROSS.get(feature or "", " "), style="bold white")
        text.append("\n")
        for x in range(width):
            name, below = at.get((x, y)), at.get((x, y + 1))
            feature = edges.get((name, below)) if name and below else None
            text.append(DOWN.get(feature or "", " ") * 2, style="bold white")
            text.append(" ")
        text.append("\n")
    return text


def _cell(name: str | None, heroes: dict[str, list[str]], zombies: dict[str, int],
          pits: set[str], inside: set[str]) -> tuple[str, str]:
    if name is None:
        return "  ", ""
    shade = "on grey23" if name in inside else ""
    here = "".join(heroes.get(name, []))
    count = zombies.get(name, 0)
    if here:
        mark = (here + ("z" if count else ""))[:2]
        return mark.ljust(2), f"bold bright_cyan {shade}"
    if count:
        return ("z" if count == 1 else str(min(count, 9))) + " ", f"bold bright_green {shade}"
    if name in pits:
        return "P ", f"bold red {shade}"
    return ". " if name in inside else "  ", f"dim {shade}"


def heroes_table(view: dict[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    for column in ("hero", "space", "wounds", "items", "hand"):
        table.add_column(column)
    for hero in view["heroes"]:
        wounds = "killed" if hero["dead"] else f"{hero['wounds']}/{hero['max_wounds']}"
        hand = ", ".join(hero["hand"]) if "hand" in hero else f"{hero['hand_count']} cards"
        extra = f" (+{hero['faith']} Faith)" if hero["faith"] else ""
        table.add_row(hero["name"], hero["space"], wounds, ", ".join(hero["items"]) + extra,
                      hand)
    return table


def status_text(view: dict[str, Any]) -> Text:
    goal = f" of {view['goal']}" if view.get("goal") else ""
    text = Text(f"{view['scenario']}: turn {view['turn']} of {view['sun_track']}; "
                f"{view['kills']}{goal} zombies killed; {len(view['zombies'])} zombies on the "
                f"board, {view['pool']} in the pool; Hero deck {view['hero_deck']['count']}, "
                f"Zombie deck {view['zombie_deck']['count']}", style="bold")
    if view["in_play"]:
        text.append(f"\nIn play: {', '.join(view['in_play'])}")
    hand = view["zombie_hand"]
    if "cards" in hand:
        text.append(f"\nYour Zombie hand: {', '.join(hand['cards']) or 'empty'}")
    else:
        text.append(f"\nZombie hand: {hand['count']} cards")
    fight = view.get("fight")
    if fight and fight["hero_dice"]:
        text.append(f"\nFight: {fight['hero']} {fight['hero_dice']} against {fight['zombie']} "
                    f"{fight['zombie_dice']}", style="bold yellow")
    return text


def render(view: dict[str, Any], decision: Decision | None = None) -> RenderableType:
    """The table; the squares the decision's actions name are shown reversed."""
    names = {s[0] for s in view["town"]["spaces"]}
    marked = set()
    if decision is not None:
        for action in decision.actions:
            space = (action.args or {}).get("space")
            if space is not None:
                name = view["town"]["spaces"][space][0] if isinstance(space, int) else space
                if name in names:
                    marked.add(name)
    parts: list[RenderableType] = [status_text(view), town_text(view, marked),
                                   heroes_table(view)]
    parts += board_footer(view, LOG_LINES)
    seat = view.get("seat")
    return Panel(Group(*parts), title="Last Night on Earth" + (f" - {seat}" if seat else ""),
                 title_align="left", padding=(0, 0))
