"""Who may import whom, read from the source (every import, at the top or inside a function).

- the engine imports no game, agent, simulation, binding or UI;
- a game imports no other game; only its terminal renderer (render.py) and its RL encoding
  (encoding.py) may use the shared drawing (deadtable.render) and the bindings' helpers
  (deadtable.envs), and its rules never import the UI or the simulation;
- the RL bindings (envs) import neither the UI nor the simulation: what they share with them
  (drawing a view as text) is in deadtable.render.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "deadtable"
GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def offenders(folder: Path, forbidden: tuple[str, ...], allowed: tuple[str, ...] = ()) -> list[str]:
    bad = []
    for path in sorted(folder.rglob("*.py")):
        if path.name in allowed:
            continue
        for name in imports(path):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                bad.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    return bad


def test_the_engine_imports_no_game_and_nothing_above_it() -> None:
    above = ("deadtable.games", "deadtable.agents", "deadtable.sim", "deadtable.envs",
             "deadtable.ui", "deadtable.render", "deadtable.registry")
    assert offenders(PACKAGE / "engine", above) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_other_game_and_draws_only_in_its_renderer(game: str) -> None:
    others = tuple(f"deadtable.games.{g}" for g in GAMES if g != game)
    assert offenders(PACKAGE / "games" / game, others) == []
    assert offenders(PACKAGE / "games" / game, ("deadtable.ui", "deadtable.sim")) == []
    drawing = ("deadtable.render", "deadtable.envs")
    assert offenders(PACKAGE / "games" / game, drawing, allowed=("render.py", "encoding.py")) == []


def test_the_bindings_import_neither_the_ui_nor_the_simulation() -> None:
    assert offenders(PACKAGE / "envs", ("deadtable.ui", "deadtable.sim")) == []


def test_a_games_parts_are_named_by_its_spec_and_exist() -> None:
    """Every game draws itself in the terminal and the browser from its own folder; an RL
    encoding, where a game has one (Left 4 Dead's comes with its part 2), lives there too."""
    from deadtable import registry

    for game_id in registry.game_ids():
        spec = registry.spec(game_id)
        folder = PACKAGE / "games" / game_id.replace("-", "_")
        assert spec.render == f"deadtable.games.{folder.name}.render:render"
        assert spec.encoding in (None, f"deadtable.games.{folder.name}.encoding:make")
        if spec.encoding is not None:
            assert (folder / "encoding.py").is_file()
        assert spec.web_renderer == folder / "web" / "renderer.js"
        assert spec.web_renderer.is_file()
