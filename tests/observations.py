"""Comparing two observations of one encoding, naming the first feature where they differ."""

from __future__ import annotations

from typing import Any


def assert_same(encoding: Any, fast: Any, expected: Any, where: str) -> None:
    """`fast` (a compiled encoder's) equals `expected` (encoding.py's), bit for bit."""
    import numpy as np

    differ = np.flatnonzero(fast != expected)
    assert differ.size == 0, (
        f"{where}: slots {differ[:8].tolist()} differ "
        f"({[p['name'] for p in encoding.describe() if p['offset'] <= differ[0]][-1]}: "
        f"{fast[differ[:4]].tolist()} against {expected[differ[:4]].tolist()})")
