import gc

import pytest

import deadtable
from deadtable.agents import Observation, RandomAgent, observe
from deadtable.engine.decisions import Decision
from deadtable.engine.dice import derive_seed
from deadtable.sim import RunawayGame, play_one, simulate
from deadtable.sim.run import (
    YOUNG_THRESHOLD,
    _picker,
    chunk_bounds,
    default_chunk,
    few_collections,
)

RESULT_KEYS = {
    "game", "games", "seed", "agents", "options", "outcomes", "win_rate", "ci95",
    "mean_steps", "seconds", "games_per_second", "causes", "mean_score", "requested", "rates",
    "length", "length_histogram", "loss_causes", "interrupted", "resumed", "sync_dice", "sides",
}  # fmt: skip
TIMING = ("seconds", "games_per_second")


def without_timing(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in TIMING}


def test_play_one_uses_seeds_derived_from_the_batch_seed_and_index(race: str) -> None:
    game = deadtable.load(race)
    played = play_one(game, seed=42, agents={"player": "random"}, index=7)
    # The same game by hand: game seed (42, 7), the first seat's agent seed (42, 7, 1).
    state = game.new(seed=derive_seed(42, 7))
    agent = RandomAgent(derive_seed(42, 7, 1))
    while state.decision is not None:
        state.apply(agent.act(observe(state)))
    assert state.outcome is not None
    assert played.label == state.outcome.label
    assert played.steps == len(state.history)
    assert played.results == state.outcome.results
    assert played.scores == state.outcome.scores
    assert played.cause == state.outcome.cause


def test_play_one_plays_psycho_raiders_as_agents_acting_on_observations() -> None:
    """play_one asks the random agents' `pick`, with no Observation: the same game as each
    seat's agent acting on `observe(state)`, step for step."""
    game = deadtable.load("psycho-raiders")
    played = play_one(game, seed=5, agents=dict.fromkeys(game.seats, "random"), index=2)
    state = game.new(seed=derive_seed(5, 2))
    agents = {seat: RandomAgent(derive_seed(5, 2, 1 + n)) for n, seat in enumerate(game.seats)}
    while (decision := state.decision) is not None:
        state.apply(agents[decision.seat].act(observe(state)))
    assert state.outcome is not None and played.steps == len(state.history) > 500
    assert (played.label, played.results, played.cause) == (
        state.outcome.label, state.outcome.results, state.outcome.cause)


def test_play_one_asks_pick_where_an_agent_has_it_and_act_on_an_observation_elsewhere(
        race: str) -> None:
    state = deadtable.load(race).new(seed=1)
    agent = RandomAgent(5)
    assert _picker(agent, state) == agent.pick
    seen: list[Observation] = []

    class Acting:  # an agent with act alone
        def act(self, obs: Observation) -> str:
            seen.append(obs)
            return obs.decision.id_at(1)

    decision = state.decision
    assert decision is not None
    assert _picker(Acting(), state)(decision) == decision.id_at(1)
    assert len(seen) == 1 and seen[0].decision is decision and seen[0].seat == decision.seat

    class Stubborn(RandomAgent):  # chooses otherwise in act alone: its pick is not its choice
        def act(self, obs: Observation) -> str:
            return obs.decision.id_at(0)

    assert _picker(Stubborn(5), state)(decision) == decision.id_at(0)

    class Picky(Stubborn):  # and a pick of its own again
        def pick(self, decision: Decision) -> str:
            return decision.id_at(0)

    assert _picker(Picky(5), state).__func__ is Picky.pick  # type: ignore[attr-defined]


def test_play_one_differs_between_indices(race: str) -> None:
    game = deadtable.load(race, target=30)
    runs = {play_one(game, 1, {"player": "random"}, i).steps for i in range(20)}
    assert len(runs) > 1


def test_first_agent_always_walks_to_the_target(race: str) -> None:
    result = simulate(race, {"target": 6}, games=25, seed=3, agents="first")
    assert set(result) == RESULT_KEYS
    assert result["outcomes"] == {"win": 25}
    assert result["causes"] == {"reached": 25}
    assert result["win_rate"] == 1.0
    assert result["mean_steps"] == 6
    assert result["mean_score"] == {"player": 6.0}
    assert result["ci95"][1] == 1.0 and result["ci95"][0] == pytest.approx(0.8668, abs=1e-4)
    assert result["agents"] == {"player": "first"}
    assert result["options"] == {"target": 6, "players": 1}


def test_outcomes_do_not_depend_on_the_number_of_workers(race: str) -> None:
    args = dict(game_id=race, options={"target": 12}, games=300, seed=2024, agents="random")
    one = simulate(**args, workers=1)
    two = simulate(**args, workers=2)
    three = simulate(**args, workers=3)
    assert without_timing(one) == without_timing(two) == without_timing(three)
    assert sum(one["outcomes"].values()) == 300
    assert set(one["outcomes"]) == {"win", "loss"}  # random play both lands and busts
    assert one["ci95"][0] < one["win_rate"] < one["ci95"][1]


def test_a_different_seed_gives_different_games(race: str) -> None:
    a = simulate(race, {"target": 20}, games=200, seed=1)
    b = simulate(race, {"target": 20}, games=200, seed=2)
    assert without_timing(a) != without_timing(b)


def test_win_rate_counts_the_first_seat(race: str) -> None:
    # Red walks first and always gets there first.
    result = simulate(race, {"players": 2, "target": 5}, 10, 0, {"red": "first", "blue": "first"})
    assert result["outcomes"] == {"win:red": 10}
    assert result["win_rate"] == 1.0
    result = simulate(race, {"players": 2, "target": 5}, 10, 0, {"red": "first", "blue": "random"})
    assert result["agents"] == {"red": "first", "blue": "random"}


def test_a_game_that_runs_too_long_is_stopped(race: str) -> None:
    game = deadtable.load(race, target=10)
    with pytest.raises(RunawayGame, match="did not end within 3 steps"):
        play_one(game, 0, {"player": "first"}, 0, max_steps=3)
    assert play_one(game, 0, {"player": "first"}, 0, max_steps=10).steps == 10
    with pytest.raises(RunawayGame):
        simulate(race, {"target": 50}, games=8, seed=0, agents="first", workers=2, max_steps=9)


def test_bad_agent_assignments_are_refused(race: str) -> None:
    with pytest.raises(ValueError, match="'green' is neither a seat nor a side of race"):
        simulate(race, {}, 5, 0, {"player": "random", "green": "random"})
    with pytest.raises(ValueError, match="no agent for seat.*blue"):
        simulate(race, {"players": 2}, 5, 0, {"red": "random"})
    with pytest.raises(ValueError, match="unknown agent"):
        simulate(race, {}, 5, 0, "nobody")
    with pytest.raises(ValueError, match="at least 1"):
        simulate(race, {}, 0, 0, "random")
    with pytest.raises(deadtable.BadOption, match="valid options: players, target"):
        simulate(race, {"speed": 2}, 5, 0, "random")


@pytest.mark.parametrize("games", [1, 7, 99, 100, 250, 12_345, 10_000_000])
def test_chunks_cover_every_game_once_in_order(games: int) -> None:
    size = default_chunk(games)
    count = -(-games // size)
    bounds = [chunk_bounds(games, size, n) for n in range(count)]
    assert bounds[0][0] == 0 and bounds[-1][1] == games
    assert all(lo < hi and hi - lo <= size for lo, hi in bounds)
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:], strict=False))
    assert 1 <= size <= 250 and count <= max(200, games // 250 + 1)


def test_games_played_with_few_collections_are_the_same_and_the_collector_is_put_back(
        race: str) -> None:
    """few_collections (sim's chunks, bench's games) freezes what is loaded and raises the
    collector's first threshold while games are played: the same games, and afterwards
    the thresholds and the frozen count are as before."""
    game = deadtable.load(race, target=30)
    agents = {"player": "random"}
    plain = [play_one(game, 3, agents, i) for i in range(6)]
    before = (gc.get_threshold(), gc.get_freeze_count())
    with few_collections():
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD
        assert gc.get_freeze_count() > 0  # the game loaded, frozen
        fewer = [play_one(game, 3, agents, i) for i in range(6)]
    assert fewer == plain
    assert (gc.get_threshold(), gc.get_freeze_count()) == before
    result = simulate(race, {"target": 30}, games=12, seed=3)
    assert gc.get_threshold() == before[0] and gc.get_freeze_count() == before[1]
    assert result["games"] == 12
