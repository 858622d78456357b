"""Last Night on Earth in the terminal: the town as squares numbered across (x) and down (y),
with its walls (`|`, `-`), doors (`/`) and windows (`:`), buildings shaded with `.`, the
street `·`, spawning pits `P`, heroes by a letter of their own (the table's first column) and
zombies as `z` (a number: that many); whose turn it is, the Sun track, a line per hero (wounds,
items, hand), the decks and the seat's own cards, and the log with the why of each line."""

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
LEGEND = ("| - wall  / door  : window  . building  \u00b7 street  P spawning pit  "
          "z zombie (2-9: that many)  letters: heroes  reversed: your choices")


def hero_marks(view: dict[str, Any]) -> dict[str, str]:
    """One letter per hero, different for each (Sally S, Sheriff Anderson A): each word's
    initial first, then the name's other letters."""
    marks: dict[str, str] = {}
    for hero in view["heroes"]:
        name = hero["name"]
        tries = [w[0] for w in name.split()] + [c for c in name if c.isalpha()]
        marks[name] = next((c.upper() for c in tries if c.upper() not in marks.values()), "?")
    return marks


def town_text(view: dict[str, Any], marked: set[str]) -> Text:
    """The town, one square every three characters, its x across the top and y down the side,
    so that a person can type a square such as 9,10."""
    town = view["town"]
    at: dict[tuple[int, int], str] = {}
    for name, x, y, _ in town["spaces"]:
        if x is not None:
            at[(x, y)] = name
    inside = {s for spaces in town["buildings"].values() for s in spaces}
    edges = {(a, b): f for a, b, f in town["edges"]}
    edges.update({(b, a): f for (a, b), f in list(edges.items())})
    marks = hero_marks(view)
    heroes: dict[str, list[str]] = {}
    for hero in view["heroes"]:
        if not hero["dead"]:
            heroes.setdefault(hero["space"], []).append(marks[hero["name"]])
    zombies: dict[str, int] = {}
    for zombie in view["zombies"]:
        zombies[zombie["space"]] = zombies.get(zombie["space"], 0) + 1
    pits = set(town["spawning_pits"])
    width = 1 + max(x for x, _ in at)
    height = 1 + max(y for _, y in at)
    text = Text("   " + "".join(f"{x:<3}" for x in range(width)) + "\n", style="dim")
    for y in range(height):
        text.append(f"{y:>2} ", style="dim")
        for x in range(width):
            name = at.get((x, y))
            cell, style = _cell(name, heroes, zombies, pits, inside)
            if name in marked:
                style += " reverse"
            text.append(cell, style=style)
            right = at.get((x + 1, y))
            feature = edges.get((name, right)) if name and right else None
            text.append(ACROSS.get(feature or "", " "), style="bold white")
        text.append("\n   ")
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
    return (". ", f"dim {shade}") if name in inside else ("· ", "grey35")


def heroes_table(view: dict[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    for column in ("hero", "space", "wounds", "items", "hand"):
        table.add_column(column)
    marks = hero_marks(view)
    for hero in view["heroes"]:
        wounds = "killed" if hero["dead"] else f"{hero['wounds']}/{hero['max_wounds']}"
        hand = ", ".join(hero["hand"]) if "hand" in hero else f"{hero['hand_count']} cards"
        extra = f" (+{hero['faith']} Faith)" if hero["faith"] else ""
        table.add_row(f"{marks[hero['name']]} {hero['name']}", hero["space"], wounds,
                      ", ".join(hero["items"]) + extra, hand)
    return table


def sun_track(view: dict[str, Any]) -> Text:
    """The Sun track as boxes: the turns gone filled, the ones left empty (dawn at the end)."""
    length, turn = int(view["sun_track"]), int(view["turn"])
    return Text.assemble("Sun track ", ("■" * min(turn, length), "yellow"),
                         ("□" * max(0, length - turn), "dim"),
                         f" turn {turn} of {length}, {max(0, length - turn)} left till dawn")


def status_text(view: dict[str, Any]) -> Text:
    goal = f" of {view['goal']}" if view.get("goal") else ""
    text = Text(f"{view['scenario']}: {view.get('turn_of', '')}. "
                f"{view['kills']}{goal} zombies killed; {len(view['zombies'])} zombies on the "
                f"board, {view['pool']} in the pool; Hero deck {view['hero_deck']['count']}, "
                f"Zombie deck {view['zombie_deck']['count']}", style="bold")
    text.append("\n")
    text.append_text(sun_track(view))
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
    """The table; the squares the decision's actions name (a square to move to, the square
    of a figure to choose) are shown reversed."""
    names = {s[0] for s in view["town"]["spaces"]}
    figures = {z["id"]: z["space"] for z in view["zombies"]}
    figures |= {h["name"]: h["space"] for h in view["heroes"] if not h["dead"]}
    marked = set()
    if decision is not None:
        for action in decision.actions:
            args = action.args or {}
            space = args.get("space")
            if space is not None:
                name = view["town"]["spaces"][space][0] if isinstance(space, int) else space
                if name in names:
                    marked.add(name)
            elif args.get("figure") in figures:
                marked.add(figures[args["figure"]])
    parts: list[RenderableType] = [status_text(view), town_text(view, marked),
                                   Text(LEGEND, style="dim"), heroes_table(view)]
    parts += board_footer(view, LOG_LINES)
    seat = view.get("seat")
    return Panel(Group(*parts), title="Last Night on Earth" + (f" - {seat}" if seat else ""),
                 title_align="left", padding=(0, 0))
