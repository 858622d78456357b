"""The city in the terminal: a grid of cards, with you, the weapons, the survivor and the
zombies, then the log with the why of each line."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from deadtable.render import log_lines, log_text

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


class City:
    """The grid of cards, whole when the terminal is wide enough; else the widest run of
    whole columns around you that fits, and a line saying so (a card is never cut)."""

    def __init__(self, view: dict[str, Any]) -> None:
        at = {(e["x"], e["y"]): e for e in view["cards"]}
        pos, heli = tuple(view["position"]), tuple(view["helicopter"])
        xs = [x for x, _ in at]
        ys = [y for _, y in at]
        self.columns = list(range(min(xs) - 1, max(xs) + 2))
        self.rows = list(range(max(ys) + 1, min(ys) - 2, -1))
        self.cells = {(x, y): _cell(at.get((x, y)), (x, y) == pos, (x, y) == heli)
                      for x in self.columns for y in self.rows}
        self.width = {x: max(self.cells[x, y].cell_len for y in self.rows) for x in self.columns}
        self.here = pos[0]

    def window(self, room: int) -> list[int]:
        """The columns to draw in `room` cells: all, or a run around your column."""
        def used(columns: list[int]) -> int:
            return sum(self.width[x] + 1 for x in columns) - 1

        if used(self.columns) <= room:
            return self.columns
        start = stop = self.columns.index(self.here)
        while True:  # grow the run one column at a time, alternately right and left
            grown = False
            for lo, hi in ((start, stop + 1), (start - 1, stop)):
                if 0 <= lo and hi < len(self.columns) \
                        and used(self.columns[lo:hi + 1]) <= room:
                    start, stop, grown = lo, hi, True
            if not grown:
                return self.columns[start:stop + 1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        shown = self.window(options.max_width)
        grid = Table.grid(padding=(0, 1))
        for _ in shown:
            grid.add_column(justify="center", no_wrap=True)
        for y in self.rows:
            grid.add_row(*[self.cells[x, y] for x in shown])
        yield grid
        if len(shown) < len(self.columns):
            yield Text(f"(cropped to {len(shown)} of {len(self.columns)} columns around you: "
                       "widen the terminal to see the whole city)", style="dim")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        whole = sum(self.width[x] + 1 for x in self.columns) - 1
        return Measurement(min(whole, 20), whole)


def city(view: dict[str, Any]) -> City:
    return City(view)


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
    log = log_text(view["log"], log_lines(view, 6), style="dim")
    # the key is a line of the body, not the panel's subtitle: a narrow terminal wraps a line
    # but cuts a subtitle
    legend = Text("H helicopter · [you] · ▒▒▒ face down · B/C/S weapon · s survivor",
                  style="dim")
    body = Group(city(view), legend, Text(""), status(view), Text(""), log)
    return Panel(body, title="One Against the Dead", expand=False)
