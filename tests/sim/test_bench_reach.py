"""`deadtable bench`'s reach figure (engine/reach.py's search on positions from random games):
its fields, for a game that reads moves, and none for one that does not. Speed itself is never
asserted."""

from __future__ import annotations

from deadtable import registry
from deadtable.engine.reach import reach
from deadtable.sim.bench import _reach_cost, _Search
from tests.games.psycho_raiders.table import take_turn


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


def test_the_search_timed_is_the_one_a_persons_page_asks_for() -> None:
    """Past the decision's openings (the pickup's speed not yet announced) and through the
    other seats' passes: at Randy's first decision, in the pickup at the camp, the timed search
    finds the road the pickup drives, which moves alone would not (bench once timed that)."""
    game = registry.load("psycho-raiders").python_rules()
    read = registry.move_reader(game.spec)
    assert read is not None
    state = game.new(seed=5)
    while (decision := state.decision) is not None and "turn:randy" not in decision:
        state.apply(decision.id_at(0))  # the secret Sinister Roll, then the campers' turn
    take_turn(state, "randy")
    decision = state.decision
    assert decision is not None
    search = _Search(game, read)
    assert search.offers(state, decision) == (True, True)  # a step out; the drive's opening
    _, spaces, longest = search.time(state, decision.seat)
    walked = reach(state, decision.seat, read)
    assert spaces > sum(len(r) for r in walked.values())
    assert longest >= 8  # the camp track to the main road at High Speed


def test_positions_searched_past_an_opening_are_counted() -> None:
    found = _reach_cost(registry.load("psycho-raiders").python_rules(), seed=1, count=3)
    assert found is not None and 0 <= found["openings"] <= found["positions"]
