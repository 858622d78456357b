"""Turning a seat's view into something Rich can print.

A game may bring its own renderer: its GameSpec names it (`render="package.module:function"`,
a function of the view returning a Rich renderable), and it is imported when first asked for.
Other games get a generic one. `log_text` draws a view's log with each event's why, for both.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from deadtable import registry

LOG_LINES = 8  # the generic view's tail of the event log
_SHOWN_APART = ("game", "seat", "log", "outcome")  # the generic view lays these out itself

Renderer = Callable[[dict[str, Any]], RenderableType]


def render_view(game_id: str, view: dict[str, Any]) -> RenderableType:
    renderer = game_renderer(game_id)
    return renderer(view) if renderer is not None else render_generic(view)


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
    log = view.get("log") or []
    if log:
        tail = log_text(log, LOG_LINES)
        parts.append(Panel(tail, title="log", title_align="left", border_style="dim"))
    if view.get("outcome"):
        parts.append(Text("Outcome: " + json.dumps(view["outcome"], sort_keys=True), "bold"))
    title = f"{view.get('game', '?')} - {view.get('seat', '?')}"
    return Panel(Group(*parts), title=title, title_align="left")


def _value(value: Any) -> RenderableType:
    if isinstance(value, (dict, list, tuple)):
        return Pretty(value)
    return Text(str(value))
