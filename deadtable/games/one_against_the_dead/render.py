"""The city in the terminal: a grid of cards, with you, the weapons, the survivor and the
zombies, then the log with the why of each line."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from deadtable.render import log_text

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
WEAPON_MARK = {"bat": "B", "chainsaw": "C", "shotgun": "S"}


def _card(card: str) -> Text:
    if card == "joker":
        return Text("Jkr", style="bold magenta")
    rank, suit = card[:-1], card[-1]
    style = "red" if suit in "DH" else "white"
    if rank in ("J", "Q", "K", "A"):
        style = "bold " + style
    return Text(f"{rank}{SYMBOLS[suit]}", style=style)


def _cell(entry: dict[str, Any] | None, here: bool, helicopter: bool) -> Text:
    if entry is None:
        return Text(" · ", style="dim")
    if not entry["face_up"]:
        return Text("▒▒▒", style="blue")
    text = _card(entry["card"])
    if "weapon" in entry:
        w = entry["weapon"]
        mark = WEAPON_MARK.get(w["kind"], "?")
        text.append(f" {mark}{'' if w['charge'] is None else w['charge']}", style="yellow")
    if "survivor" in entry:
        text.append(f" s{entry['survivor']['life']}", style="green")
    if helicopter:
        text.append(" H", style="bold cyan")
    if here:
        text = Text("[", style="bold green") + text + Text("]", style="bold green")
    else:
        text = Text(" ") + text + Text(" ")
    return text


def city(view: dict[str, Any]) -> Table:
    at = {(e["x"], e["y"]): e for e in view["cards"]}
    xs = [x for x, _ in at]
    ys = [y for _, y in at]
    pos = tuple(view["position"])
    heli = tuple(view["helicopter"])
    grid = Table.grid(padding=(0, 1))
    for _ in range(min(xs) - 1, max(xs) + 2):
        grid.add_column(justify="center", no_wrap=True)
    for y in range(max(ys) + 1, min(ys) - 2, -1):
        grid.add_row(*[
            _cell(at.get((x, y)), (x, y) == pos, (x, y) == heli)
            for x in range(min(xs) - 1, max(xs) + 2)
        ])
    return grid


def _armed(weapon: dict[str, Any] | None, powers: dict[str, int]) -> str:
    """'bat, power 3' or 'shotgun (2), power 5': a zombie die dies on a roll at or under it."""
    kind = "fists" if weapon is None else weapon["kind"]
    charge = "" if weapon is None or weapon["charge"] is None else f" ({weapon['charge']})"
    return f"{kind}{charge}, power {powers[kind]}"


def status(view: dict[str, Any]) -> Text:
    powers = view["powers"]
    dice = view["zombie_dice"]
    shown = " + ".join(f"{n}×{size}" for size, n in dice.items() if n) or "none"
    text = Text()
    text.append(f"Life {view['life']}/{view['life_max']}", style="bold green")
    text.append(f"   Zombies {view['zombies']} ({shown})", style="bold red")
    text.append(f"   Weapon {_armed(view['weapon'], powers)}")
    s = view["survivor"]
    if s is not None:
        text.append(f"   Survivor {s['life']}/{s['life_max']} with {_armed(s['weapon'], powers)}",
                    style="green")
    text.append(f"   Deck {view['deck_count']}   Moves {view['turn']}   Kills {view['kills']}")
    text.append("\nPowers (a zombie die dies on a roll at or under it): "
                + ", ".join(f"{kind} {p}" for kind, p in powers.items()), style="dim")
    if view["to_place"]:
        text.append("\nIn hand: " + ", ".join(view["names"][c] for c in view["to_place"]))
    if view["holding"]:
        text.append(f"\nTurned over: {view['names'][view['holding']]}")
    return text


def render(view: dict[str, Any]) -> RenderableType:
    log = log_text(view["log"], 6, style="dim")
    body = Group(city(view), Text(""), status(view), Text(""), log)
    legend = "H helicopter · \\[you] · ▒▒▒ face down · B/C/S weapon · s survivor"
    return Panel(body, title="One Against the Dead", subtitle=legend, expand=False)
