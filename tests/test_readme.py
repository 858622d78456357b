"""The README's Python example runs as written (so the README stays true)."""

from __future__ import annotations

from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def _python_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    blocks = []
    for part in text.split("```python\n")[1:]:
        blocks.append(part.split("```", 1)[0])
    return blocks


def test_the_readmes_first_python_example_runs() -> None:
    import deadtable

    if deadtable.load("one-against-the-dead").kernel is None:  # its last lines use the kernel
        pytest.skip("One Against the Dead's kernel is not built (no C compiler at install)")
    blocks = _python_blocks()
    assert blocks, "README.md has no ```python block"
    first = blocks[0]
    assert "import deadtable" in first
    namespace: dict[str, object] = {}
    exec(compile(first, str(README), "exec"), namespace)  # noqa: S102 - our own README
    assert namespace["again"] is not None
