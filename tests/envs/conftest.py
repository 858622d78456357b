"""The envs tests need the `rl` extra (gymnasium, pettingzoo, numpy, open_spiel); each module
skips, saying which package is missing, when it is not installed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.extras import need
from tests.sim.race_game import GAME_ID, race  # noqa: F401


@pytest.fixture
def race_rl(race: str) -> Iterator[str]:  # noqa: F811
    """The race game registered alone, with an RL encoding. Returns its id."""
    need("numpy", reason="the rl extra (numpy) is not installed")
    from deadtable.envs import encodings
    from tests.envs.race_encoding import make_race_encoding

    encodings.register(GAME_ID, make_race_encoding)
    yield GAME_ID
    encodings.unregister(GAME_ID)
