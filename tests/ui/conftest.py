"""The race game, registered for these tests."""

from tests.sim.race_game import race  # noqa: F401
