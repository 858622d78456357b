"""The small test lane (positions.SMALL_MAP) with no infected on it, for rules tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.positions import empty, small_map


@pytest.fixture
def lane(tmp_path: Path) -> Left4DeadState:
    return empty(map=small_map(tmp_path))
