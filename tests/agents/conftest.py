"""The race and doors games, registered for these tests."""

from tests.agents.doors_game import doors  # noqa: F401
from tests.sim.race_game import race  # noqa: F401
