"""`deadtable bench`'s reach figure (engine/reach.py's search on positions from random games):
its fields, for a game that reads moves, and none for one that does not. Speed itself is never
asserted."""

from __future__ import annotations

from deadtable import registry
from deadtable.sim.bench import _reach_cost


def test_reach_cost_reports_its_positions_spaces_and_routes() -> None:
    found = _reach_cost(registry.load("psycho-raiders").python_rules(), seed=1, count=3)
    assert found is not None and found["positions"] == 3
    assert found["mean_spaces"] > 0 and found["longest_route"] >= 1
    assert 0 < found["mean_ms"] <= found["most_ms"]


def test_a_game_that_moves_no_figure_has_no_reach_figure() -> None:
    assert _reach_cost(registry.load("one-against-the-dead"), seed=1) is None


def test_reach_cost_by_verb_times_walking_and_driving_apart() -> None:
    found = _reach_cost(registry.load("psycho-raiders").python_rules(), seed=1, count=3)
    assert found is not None
    verbs = found["by_verb"]
    assert sorted(verbs) == ["car", "move"]  # a character's steps, a driver's vehicle's
    assert verbs["move"]["positions"] == 3 and 1 <= verbs["car"]["positions"] <= 3
    assert verbs["car"]["longest_route"] >= 1
