"""`make test-fast` leaves out the tests marked ray, browser and slow (pyproject.toml): a test
that starts Ray or drives the browser must carry its mark, or the fast tier would run it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def marks(node: ast.FunctionDef | ast.Module) -> set[str]:
    """The pytest marks on a test function's decorators, or in a module's `pytestmark`."""
    found = set()
    if isinstance(node, ast.Module):
        for statement in node.body:
            if isinstance(statement, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "pytestmark" for t in statement.targets):
                found.update(a.attr for a in ast.walk(statement.value)
                             if isinstance(a, ast.Attribute) and a.attr != "mark")
        return found
    for decorator in node.decorator_list:
        found.update(a.attr for a in ast.walk(decorator)
                     if isinstance(a, ast.Attribute) and a.attr != "mark")
    return found


def test_every_test_that_starts_ray_or_a_browser_is_marked() -> None:
    unmarked = []
    for path in sorted(set(TESTS.rglob("test_*.py")) - {Path(__file__).resolve()}):
        source = path.read_text()
        module = ast.parse(source)
        # Playwright itself, or the browser fixture borrowed from another test module
        drives = "sync_api" in source or re.search(r"^from tests\..* import .*\bbrowser\b", source,
                                                   re.MULTILINE)
        if drives and "browser" not in marks(module):
            unmarked.append(f"{path.relative_to(TESTS)}: uses Playwright, no pytestmark browser")
        for node in ast.walk(module):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                body = ast.get_source_segment(source, node) or ""
                if 'need("ray"' in body and "ray" not in marks(node) | marks(module):
                    unmarked.append(f"{path.relative_to(TESTS)}::{node.name}: starts Ray, "
                                    f"not marked ray")
    assert unmarked == []
