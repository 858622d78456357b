"""Turning a seat's view into something Rich can print, or into plain text.

The terminal (ui/cli.py) and the RL bindings' "ansi" render mode (envs/) both draw views, and
the bindings may not import the UI, so the drawing lives here, beside the registry.

A game may bring its own renderer: its GameSpec names it (`render="package.module:function"`,
a function of the view returning a Rich renderable), and it is imported when first asked for.
Other games get a generic one. `log_text` draws a view's log with each event's why, for both.
"""

from __future__ import annotations

import inspect
import io
import json
from collections.abc import Callable
from functools import cache
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.style import Style
from rich.table import Table
from rich.text import Text

from deadtable import registry
from deadtable.engine.decisions import Decision

LOG_LINES = 8  # the generic view's tail of the event log
# the generic view lays these out itself ("unseen": the terminal's count of new log events)
_SHOWN_APART = ("game", "seat", "log", "outcome", "unseen")

Renderer = Callable[[dict[str, Any]], RenderableType]


def render_view(game_id: str, view: dict[str, Any],
                decision: Decision | None = None) -> RenderableType:
    """The view drawn by the game's renderer (or the generic one). A renderer whose function
    takes a `decision` keyword gets the decision being asked, to mark its choices (a board
    game highlights the spaces its actions' `args` name)."""
    renderer = game_renderer(game_id)
    if renderer is None:
        return render_generic(view)
    if decision is not None and _takes_decision(renderer):
        return renderer(view, decision=decision)  # type: ignore[call-arg]
    return renderer(view)


@cache
def _takes_decision(renderer: Renderer) -> bool:
    try:
        return "decision" in inspect.signature(renderer).parameters
    except (TypeError, ValueError):
        return False


@cache
def game_renderer(game_id: str) -> Renderer | None:
    """The game's own renderer, or None if it has none (or is no registered game). A renderer
    that fails to import raises: a broken one is said so rather than hidden."""
    try:
        spec = registry.spec(game_id)
    except registry.UnknownGame:
        return None
    if spec.render is None:
        return None
    render: Renderer = registry.part(spec.render)
    return render


def log_lines(view: dict[str, Any], lines: int) -> int:
    """How many of the log's last events to draw: `lines`, or more if the terminal marked
    more as unseen (view["unseen"]: every event since the seat last decided, so that a move
    that resolves many turns never hides their cause)."""
    return max(lines, int(view.get("unseen") or 0))


def log_panel(view: dict[str, Any], lines: int) -> Panel | None:
    """The view's last `lines` events (or all unseen ones) with their whys in a dim "log"
    panel (None: no log)."""
    log = view.get("log") or []
    if not log:
        return None
    shown = log_lines(view, lines)
    title = f"log: {min(shown, len(log))} of {len(log)} (type log for all)" \
        if shown < len(log) else "log"
    return Panel(log_text(log, shown), title=title, title_align="left", border_style="dim")


def board_footer(view: dict[str, Any], lines: int) -> list[RenderableType]:
    """What a board game's panel ends with: its log panel (if any) and, once the game is over,
    "The end: <each seat's result> (<cause>)"."""
    parts: list[RenderableType] = []
    panel = log_panel(view, lines)
    if panel is not None:
        parts.append(panel)
    outcome = view.get("outcome")
    if outcome:
        results = ", ".join(f"{s} {r}" for s, r in outcome["results"].items())
        parts.append(Text(f"The end: {results} ({outcome['cause']})", style="bold"))
    return parts


# -- hex maps in the terminal (a board game's map, odd-r rows) ---------------------------------
HEX_CELLS = (4, 3, 2)  # characters a hex, the widest that fits: a two-character glyph, padded
HEX_LABEL = 3  # the row number before each row
HexCells = dict[tuple[int, int], tuple[Text, Style]]  # (col, row) -> two characters, padding


def odd_r(q: int, r: int) -> tuple[int, int]:
    """The (col, row) at which an axial hex is drawn: odd rows sit half a hex right."""
    return q + (r - (r & 1)) // 2, r


def hex_rows(cells: HexCells, focus: list[tuple[int, int]], width: int,
             around: str) -> list[Text]:
    """A hex map as lines of text: each hex two characters (cells) padded with its base style,
    odd rows shifted half a hex, a column ruler above and row numbers before. The widest cell
    that shows every column is used; where even the narrowest does not fit in `width`, the
    columns are cropped around the mean column of `focus`, and a last line says so ("around
    `around`")."""
    if not cells:
        return [Text("(no map)")]
    cols = max(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) + 1
    cell = next((c for c in HEX_CELLS if HEX_LABEL + cols * c + c // 2 <= width), HEX_CELLS[-1])
    shift = cell // 2
    fit = max(4, (width - HEX_LABEL - shift) // cell)  # whole columns that fit
    first = 0
    cropped = fit < cols
    if cropped:
        middle = (sum(c for c, _ in focus) / len(focus)) if focus else cols / 2
        first = int(max(0, min(cols - fit, round(middle - fit / 2))))
    last = min(cols, first + fit)
    header = Text(" " * HEX_LABEL, style="dim")
    for col in range(first, last):
        header.append(f"{col:<{cell}}" if col % 5 == 0 else " " * cell)
    header.rstrip()
    lines = [header]
    left = (cell - 2 + 1) // 2 if cell > 3 else 0
    right = cell - 2 - left
    for row in range(rows):
        line = Text(f"{row:>{HEX_LABEL - 1}} ", style="dim")
        line.append(" " * shift if row & 1 else "")
        for col in range(first, last):
            found = cells.get((col, row))
            if found is None:
                line.append(" " * cell)
                continue
            text, base = found
            line.append(" " * left, style=base)
            line.append_text(text)
            line.append(" " * right, style=base)
        lines.append(line)
    if cropped:
        lines.append(Text(f"{' ' * HEX_LABEL}cropped: columns {first}-{last - 1} of "
                          f"0-{cols - 1}, around {around} (a wider terminal shows more)",
                          style="dim italic", no_wrap=True, overflow="ellipsis"))
    return lines


def log_text(log: list[dict[str, str]], lines: int, style: str = "") -> Text:
    """The last `lines` events of a view's log, one a line, each followed by its why (the
    rulebook section that produced it) in a muted style."""
    text = Text(style=style)
    for number, event in enumerate(log[-lines:]):
        if number:
            text.append("\n")
        text.append(event["text"])
        if event.get("why"):
            text.append(f"  · {event['why']}", style="dim italic")
    return text


def render_generic(view: dict[str, Any]) -> RenderableType:
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    for key, value in view.items():
        if key not in _SHOWN_APART:
            table.add_row(str(key), _value(value))
    parts: list[RenderableType] = [table]
    panel = log_panel(view, LOG_LINES)
    if panel is not None:
        parts.append(panel)
    if view.get("outcome"):
        parts.append(Text("Outcome: " + json.dumps(view["outcome"], sort_keys=True), "bold"))
    title = f"{view.get('game', '?')} - {view.get('seat', '?')}"
    return Panel(Group(*parts), title=title, title_align="left")


def render_text(game_id: str, view: dict[str, Any], width: int = 100) -> str:
    """A seat's view drawn as the terminal shows it, as plain text."""
    buffer = io.StringIO()
    Console(width=width, file=buffer, color_system=None).print(render_view(game_id, view))
    return buffer.getvalue()


def _value(value: Any) -> RenderableType:
    if isinstance(value, (dict, list, tuple)):
        return Pretty(value)
    return Text(str(value))
