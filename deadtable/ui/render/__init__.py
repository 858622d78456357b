"""Turning a seat's view into something Rich can print.

A game may bring its own renderer: a module deadtable.ui.render.<game id with '-' as '_'>
defining `render(view: dict) -> rich.console.RenderableType`. Other games get a generic one.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

LOG_LINES = 8  # the generic view's tail of the event log
_SHOWN_APART = ("game", "seat", "log", "outcome")  # the generic view lays these out itself

Renderer = Callable[[dict[str, Any]], RenderableType]


def render_view(game_id: str, view: dict[str, Any]) -> RenderableType:
    renderer = game_renderer(game_id)
    return renderer(view) if renderer is not None else render_generic(view)


@cache
def game_renderer(game_id: str) -> Renderer | None:
    """The game's own renderer, or None if it has none."""
    name = game_id.replace("-", "_")
    if not name.isidentifier():
        return None
    module_name = f"{__name__}.{name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return None
        raise  # the renderer exists but is broken: say so rather than hide it
    render: Renderer | None = getattr(module, "render", None)
    return render


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
        tail = Text("\n".join(str(line) for line in log[-LOG_LINES:]))
        parts.append(Panel(tail, title="log", title_align="left", border_style="dim"))
    if view.get("outcome"):
        parts.append(Text("Outcome: " + json.dumps(view["outcome"], sort_keys=True), "bold"))
    title = f"{view.get('game', '?')} - {view.get('seat', '?')}"
    return Panel(Group(*parts), title=title, title_align="left")


def _value(value: Any) -> RenderableType:
    if isinstance(value, (dict, list, tuple)):
        return Pretty(value)
    return Text(str(value))
