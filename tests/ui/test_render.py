import io
import sys
import types
from collections.abc import Iterator

import pytest
from rich.console import Console, RenderableType
from rich.text import Text

from deadtable.ui import render as render_pkg
from deadtable.ui.render import game_renderer, render_view


def text_of(renderable: RenderableType) -> str:
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(renderable)
    return out.getvalue()


@pytest.fixture(autouse=True)
def fresh_lookup() -> Iterator[None]:
    game_renderer.cache_clear()
    yield
    game_renderer.cache_clear()


VIEW = {
    "game": "race",
    "seat": "player",
    "positions": {"player": 4},
    "target": 10,
    "log": [f"event {i}" for i in range(1, 13)],
    "outcome": None,
}


def test_a_game_without_a_renderer_gets_the_generic_one() -> None:
    assert game_renderer("race") is None
    shown = text_of(render_view("race", VIEW))
    assert "race - player" in shown
    assert "positions" in shown and "'player': 4" in shown and "target" in shown
    # Only the last 8 log lines.
    assert "event 5" in shown and "event 12" in shown
    assert "event 4" not in shown


def test_the_generic_view_shows_the_outcome_when_over() -> None:
    over = dict(VIEW, outcome={"results": {"player": "win"}, "cause": "reached", "scores": {}})
    assert '"cause": "reached"' in text_of(render_view("race", over))


def test_a_game_module_renderer_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("deadtable.ui.render.race_to_ten")
    module.render = lambda view: Text(f"custom board at {view['positions']['player']}")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    assert text_of(render_view("race-to-ten", VIEW)).strip() == "custom board at 4"


def test_a_broken_renderer_is_not_hidden(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    (tmp_path / "broken_game.py").write_text("import no_such_module_anywhere\n")
    monkeypatch.setattr(render_pkg, "__path__", [*render_pkg.__path__, str(tmp_path)])
    with pytest.raises(ModuleNotFoundError, match="no_such_module_anywhere"):
        render_view("broken-game", VIEW)
    sys.modules.pop("deadtable.ui.render.broken_game", None)


def test_ids_that_are_not_module_names_get_the_generic_renderer() -> None:
    assert game_renderer("../etc") is None
    assert "race - player" in text_of(render_view("x.y", VIEW))
