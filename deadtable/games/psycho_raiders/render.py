"""The Psycho Raiders table in the terminal: the turn and weather, a line per character in play
(stats against its sheet, weapons, where its tokens stand, "you" on the real one for the seat
playing it), and the log with the why of each line. The hex map drawing is not yet built."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from deadtable.engine.decisions import Decision
from deadtable.render import board_footer

LOG_LINES = 8


def characters_table(view: dict[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False)
    for column in ("character", "side", "spd/str/will", "weapons", "tokens", "state"):
        table.add_column(column)
    for char in view["characters"]:
        if not char["alerted"] and char["kind"] == "townsfolk":
            continue
        real = [t["real"] and char["hidden"] for t in char["tokens"]]  # known only to its seat
        tokens = "; ".join(f"#{t['token']} {t['space']}{' (you)' if mine else ''}"
                           for t, mine in zip(char["tokens"], real, strict=True)) or "off the map"
        state = [w for w, on in (("dead", char["dead"]), ("escaped", char["escaped"]),
                                 ("hidden", char["hidden"]), ("on fire", char["on_fire"]),
                                 ("sinister", char["sinister"])) if on]
        if char["vehicle"]:
            state.append(f"in the {char['vehicle']}")
        if char["grabbed_by"]:
            state.append(f"held by {char['grabbed_by']}")
        sheet = char["sheet"]
        table.add_row(char["name"], char["side"],
                      f"{char['speed']}/{sheet[0]} {char['strength']}/{sheet[1]} "
                      f"{char['will']}/{sheet[2]}", ", ".join(char["weapons"]) or "-",
                      tokens, ", ".join(state))
    return table


def render(view: dict[str, Any], decision: Decision | None = None) -> RenderableType:
    parts: list[RenderableType] = [
        Text(f"Turn {view['turn']} · weather {view['weather']} · Kill Deck {view['kill_deck']}"),
        characters_table(view)]
    parts += board_footer(view, LOG_LINES)
    seat = view.get("seat")
    return Panel(Group(*parts), title="Psycho Raiders" + (f" - {seat}" if seat else ""),
                 title_align="left")
