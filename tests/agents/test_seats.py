"""Which seats an agent plays (register_agent's `seats`): an agent seated where it does not
play is refused before the game starts, saying which agents would do; the games' own agents,
their lineups and the agents for every game still play the seats they are given."""

from __future__ import annotations

from typing import Any

import pytest

from deadtable import registry
from deadtable.agents import (
    FirstAgent,
    agent_maker,
    agents_for,
    make_agent,
    observe,
    plays,
    register_agent,
    seat_problem,
)
from deadtable.agents import base as agents_base
from deadtable.agents.seating import WrongSeat, assign, check_seating, seat_agents
from deadtable.engine.game import Game
from deadtable.engine.state import GameState
from deadtable.sim import Config, make_config, run_batch

L4D = "left-4-dead"
LNOE = "last-night-on-earth"
GAMES = ["one-against-the-dead", "chainsaw-warrior", L4D, LNOE, "psycho-raiders"]
# the options that change the seats: every seat of each game at least once
SEATINGS = [(game, {}) for game in GAMES] + [
    (LNOE, {"hero-players": 2, "zombie-players": 2}),
    ("psycho-raiders", {"players": 3}),
]


def test_the_survivors_agent_is_not_the_infecteds() -> None:
    game = registry.load(L4D)
    assert plays("heuristic", game, "survivors") and not plays("heuristic", game, "infected")
    assert plays("director", game, "infected") and not plays("director", game, "survivors")
    assert seat_problem("heuristic", game, "infected") == (
        "'heuristic' plays the survivors in left-4-dead, not the infected; "
        "for the infected: director, first, mcts, random")
    assert seat_problem("heuristic:x=1", game, "survivors") is None  # the name decides
    assert seat_problem("genius", game, "infected") is None  # agent_maker's to refuse


@pytest.mark.parametrize("seed", [5, 11])
def test_the_heuristic_as_the_infected_is_refused_before_the_game_starts(seed: int) -> None:
    """The bug: seated as the infected, the survivors' agent failed at step 5 (KeyError:
    'horde'); now it is refused when the seats are given."""
    state = registry.load(L4D).new(seed=seed)
    with pytest.raises(WrongSeat, match="'heuristic' plays the survivors in left-4-dead, "
                                        "not the infected; for the infected: director"):
        seat_agents(state, {"survivors": "heuristic", "infected": "heuristic"})
    assert state.history == []  # nothing was played


@pytest.mark.parametrize(("options", "seat", "side"), [
    ({}, "heroes", "heroes"),
    ({"hero-players": 2, "zombie-players": 2}, "heroes-2", "heroes"),
])
def test_last_night_on_earths_agents_each_play_one_side(options: dict[str, Any], seat: str,
                                                          side: str) -> None:
    game = registry.load(LNOE, **options)
    for hero in game.sides["heroes"]:
        assert plays("heuristic", game, hero) and not plays("zombie", game, hero)
    for zombie in game.sides["zombies"]:
        assert plays("zombie", game, zombie) and not plays("heuristic", game, zombie)
    whom = "the heroes" if seat == side else f"{seat} (the heroes)"
    with pytest.raises(WrongSeat, match=rf"'zombie' plays the zombies in {LNOE}, not "
                                        rf"{whom.replace('(', '.').replace(')', '.')}; for "):
        check_seating(game, {seat: "zombie"})
    assert "zombie" not in agents_for(game, seat) and "heuristic" in agents_for(game, seat)


def test_psycho_raiders_heuristic_plays_both_sides() -> None:
    game = registry.load("psycho-raiders", players=3)
    assert all(plays("heuristic", game, seat) for seat in game.seats)


def test_a_search_whose_rollouts_cannot_play_every_seat_is_refused() -> None:
    game = registry.load(L4D)
    with pytest.raises(WrongSeat, match="its rollouts play every seat with 'heuristic', but "
                                        "'heuristic' plays the survivors .* rollout=lineup"):
        check_seating(game, {"survivors": "mcts:rollout=heuristic"})
    check_seating(game, {"survivors": "mcts:rollout=lineup", "infected": "mcts"})
    check_seating(registry.load("psycho-raiders"), {"raiders": "mcts:rollout=heuristic"})


def test_simulate_and_raw_configs_refuse_the_wrong_seat_before_playing() -> None:
    with pytest.raises(WrongSeat, match="not the infected"):
        make_config(L4D, {}, "heuristic")
    wrong = Config(dict(registry.load(L4D).options),
                   {"survivors": "heuristic", "infected": "heuristic"})
    with pytest.raises(WrongSeat, match="not the infected"):
        run_batch(L4D, [wrong], 1, 1)


def test_the_gym_env_refuses_an_opponent_where_it_does_not_play() -> None:
    pytest.importorskip("gymnasium")
    from deadtable.envs.gym_env import opponent_agents

    game = registry.load(L4D)
    assert opponent_agents(game, "survivors", {}) == {"infected": "director"}
    with pytest.raises(WrongSeat, match="'heuristic' plays the survivors"):
        opponent_agents(game, "survivors", {"infected": "heuristic"})


def test_registering_seats_is_checked_and_kept_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(agents_base, "_GAME_FACTORIES",
                        {k: dict(v) for k, v in agents_base._GAME_FACTORIES.items()})
    monkeypatch.setattr(agents_base, "_PLAYS", dict(agents_base._PLAYS))
    with pytest.raises(ValueError, match="seats must be a non-empty list"):
        register_agent("picky", FirstAgent, game=L4D, seats="infected")
    with pytest.raises(ValueError, match="seats must be a non-empty list"):
        register_agent("picky", FirstAgent, game=L4D, seats=())
    register_agent("picky", FirstAgent, game=L4D, seats=("infected",))
    game = registry.load(L4D)
    assert agents_for(game, "infected") == ["director", "first", "mcts", "picky", "random"]
    assert agents_for(game, "survivors") == ["first", "heuristic", "mcts", "random"]


@pytest.mark.parametrize(("game_id", "options"), SEATINGS)
def test_each_games_own_agents_name_its_seats_or_sides(game_id: str,
                                                       options: dict[str, Any]) -> None:
    game = registry.load(game_id, **options)
    for name in agents_base._GAME_FACTORIES.get(game_id, {}):
        declared = agents_base.seats_played(name, game_id) or ()
        assert set(declared) <= set(game.seats) | set(game.sides), name
        assert declared == () or any(plays(name, game, seat) for seat in game.seats)


def _play(game: Game, specs: dict[str, str], steps: int) -> GameState:
    state = game.new(seed=5)
    agents = seat_agents(state, specs)
    for _ in range(steps):
        decision = state.decision
        if decision is None:
            break
        state.apply(agents[decision.seat].act(observe(state)))
    return state


@pytest.mark.parametrize(("game_id", "options"), SEATINGS)
def test_the_default_and_lineup_agents_still_play(game_id: str, options: dict[str, Any]) -> None:
    game = registry.load(game_id, **options)
    from deadtable.sim import bench

    # the lineup where the game has one, else each own agent that plays every seat
    # (heuristic; Psycho Raiders' racer plays the campers only)
    own = bench.own_agents(game)
    lineups = ([assign(game, game.spec.lineup, base=dict(game.spec.default_agents))]
               if game.spec.lineup else [dict.fromkeys(game.seats, name) for name in own])
    for specs in lineups:
        assert set(specs) == set(game.seats), specs
        state = _play(game, specs, 60)
        assert len(state.history) > 5 or state.decision is None
    defaults = assign(game, {}, "random", dict(game.spec.default_agents))
    assert _play(game, defaults, 60).history


@pytest.mark.parametrize(("game_id", "options"), SEATINGS)
def test_the_agents_for_every_game_play_every_seat(game_id: str,
                                                   options: dict[str, Any]) -> None:
    """random everywhere; mcts asked once at each seat's first choice of two or more."""
    game = registry.load(game_id, **options)
    for seat in game.seats:
        for name in ("random", "first", "mcts"):
            assert name in agents_for(game, seat)
    random = make_agent("random", 1, game_id)
    state = game.new(seed=5)
    searched: set[str] = set()
    for _ in range(400):
        decision = state.decision
        if decision is None or searched == set(game.seats):
            break
        if decision.seat not in searched and len(decision.actions) > 1:
            searched.add(decision.seat)
            mcts = agent_maker("mcts:iterations=2,depth=20", game_id)(1)
            assert mcts.act(observe(state)) in decision.ids
        state.apply(random.act(observe(state)))
    assert searched == set(game.seats) or state.decision is None


def test_bench_plays_one_sided_agents_only_in_the_lineup() -> None:
    from deadtable.sim import bench

    assert bench.own_agents(registry.load(L4D)) == []
    assert bench.own_agents(registry.load("psycho-raiders")) == ["heuristic"]
    with pytest.raises(WrongSeat, match="not the infected"):
        bench._play(registry.load(L4D), "heuristic", 1, 1)
