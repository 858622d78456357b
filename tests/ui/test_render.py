import io
import sys
import types
from collections.abc import Iterator

import pytest
from rich.console import Console, RenderableType
from rich.text import Text

from deadtable.ui.render import game_renderer, log_text, render_view


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
    "log": [{"text": f"event {i}", "why": ""} for i in range(1, 13)],
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


def spec_with(monkeypatch: pytest.MonkeyPatch, game_id: str, render: str) -> None:
    """Register a copy of a game's spec under `game_id`, naming `render` as its renderer."""
    from dataclasses import replace

    from deadtable import registry

    spec = replace(registry.spec("one-against-the-dead"), id=game_id, render=render)
    monkeypatch.setattr(registry, "_MODULES", {**registry._MODULES, game_id: "unused"})
    monkeypatch.setattr(registry, "_loaded", {**registry._loaded, game_id: spec})


def test_the_renderer_a_spec_names_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("race_to_ten_board")
    module.draw = lambda view: Text(f"custom board at {view['positions']['player']}")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    spec_with(monkeypatch, "race-to-ten", "race_to_ten_board:draw")
    assert text_of(render_view("race-to-ten", VIEW)).strip() == "custom board at 4"


def test_a_broken_renderer_is_not_hidden(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    (tmp_path / "broken_board.py").write_text("import no_such_module_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    spec_with(monkeypatch, "broken-game", "broken_board:render")
    with pytest.raises(ModuleNotFoundError, match="no_such_module_anywhere"):
        render_view("broken-game", VIEW)
    sys.modules.pop("broken_board", None)


def test_ids_of_no_registered_game_get_the_generic_renderer() -> None:
    assert game_renderer("../etc") is None
    assert "race - player" in text_of(render_view("x.y", VIEW))


def test_each_log_line_shows_its_why() -> None:
    view = dict(VIEW, log=[{"text": "You move right.", "why": "MOVEMENT"},
                           {"text": "A note.", "why": ""}])
    shown = text_of(render_view("race", view))
    assert "You move right.  · MOVEMENT" in shown
    assert "A note." in shown and "A note.  ·" not in shown
    why = log_text(view["log"], 8).spans[0]
    assert "dim" in str(why.style)  # the why is muted beside its line


def test_the_solo_games_show_the_why_of_each_line() -> None:
    import deadtable

    for game_id in ("one-against-the-dead", "chainsaw-warrior"):
        state = deadtable.load(game_id).new(seed=3)
        seat = state.game.seats[0]
        last = state.view(seat)["log"][-1]
        assert f"{last['text']}  · {last['why']}" in text_of(render_view(game_id, state.view(seat)))
