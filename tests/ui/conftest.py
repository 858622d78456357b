"""The race game and Night Watch (several seats in two sides), registered for these tests."""

from tests.sim.race_game import race  # noqa: F401
from tests.sim.sides_game import night_watch  # noqa: F401
