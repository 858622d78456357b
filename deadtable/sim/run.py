"""Playing many games with agents, on one process or several.

Every game's seed comes from the batch seed and the game's index alone, and so does every
agent's, so a batch gives the same outcomes however its games are split among workers.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from deadtable import registry
from deadtable.agents import agent_maker
from deadtable.engine.dice import derive_seed
from deadtable.engine.game import Game
from deadtable.sim.stats import Played, Tally

DEFAULT_MAX_STEPS = 100_000
CHUNKS_PER_WORKER = 4  # several chunks each, so one slow chunk does not idle the others


class RunawayGame(RuntimeError):
    """A game went on for more steps than a batch allows."""


def play_one(
    game: Game,
    seed: int,
    agents: Mapping[str, str],
    index: int,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Played:
    """Game number `index` of the batch with seed `seed`, each seat played by its agent spec."""
    missing = [seat for seat in game.seats if seat not in agents]
    if missing:
        raise ValueError(f"no agent for seat(s) {', '.join(missing)} of {game.id}")
    game_seed = derive_seed(seed, index)
    players = {
        seat: agent_maker(agents[seat], game.id)(derive_seed(seed, index, 1 + number))
        for number, seat in enumerate(game.seats)
    }
    state = game.new(seed=game_seed)
    steps = 0
    while (decision := state.decision) is not None:
        if steps >= max_steps:
            raise RunawayGame(
                f"{game.id} game {index} (game seed {game_seed}) did not end within "
                f"{max_steps} steps; an agent may be stuck, or the game may never end"
            )
        state.apply(players[decision.seat].act(state))
        steps += 1
    assert state.outcome is not None  # no decision means the game is over
    outcome = state.outcome
    return Played(outcome.label, steps, dict(outcome.results), dict(outcome.scores), outcome.cause)


def assign_agents(seats: tuple[str, ...], agents: str | Mapping[str, str]) -> dict[str, str]:
    """One agent spec per seat: a single spec plays every seat."""
    if isinstance(agents, str):
        return {seat: agents for seat in seats}
    unknown = [seat for seat in agents if seat not in seats]
    if unknown:
        raise ValueError(f"unknown seat(s) {', '.join(unknown)}; seats: {', '.join(seats)}")
    missing = [seat for seat in seats if seat not in agents]
    if missing:
        raise ValueError(f"no agent for seat(s) {', '.join(missing)}")
    return {seat: agents[seat] for seat in seats}


def simulate(
    game_id: str,
    options: Mapping[str, Any] | None = None,
    games: int = 1000,
    seed: int = 0,
    agents: str | Mapping[str, str] = "random",
    workers: int = 1,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> dict[str, Any]:
    """Play `games` games and count their outcomes. The result is JSON-able."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    game = registry.load(game_id, **dict(options or {}))
    seat_agents = assign_agents(game.seats, agents)
    for spec in set(seat_agents.values()):
        agent_maker(spec, game.id)  # a bad spec fails here, once, not in every worker
    job = (game_id, dict(game.options), seed, seat_agents, max_steps)

    started = time.perf_counter()
    if workers == 1:
        tally = _play_range(*job, 0, games)
    else:
        tally = Tally(game.seats[0])
        bounds = _chunks(games, workers * CHUNKS_PER_WORKER)
        # Workers get the parent's game list, so games registered at run time (plug-ins,
        # tests) load there too whatever the start method (fork, spawn, forkserver).
        with ProcessPoolExecutor(
            max_workers=workers, initializer=_share_registry, initargs=(dict(registry._MODULES),)
        ) as pool:
            futures = [pool.submit(_play_range, *job, lo, hi) for lo, hi in bounds]
            for future in futures:  # in index order, so merged counts are ordered alike
                tally.merge(future.result())
    seconds = time.perf_counter() - started

    result: dict[str, Any] = {
        "game": game_id,
        "games": games,
        "seed": seed,
        "agents": seat_agents,
        "options": dict(game.options),
    }
    result.update(tally.summary())
    result["seconds"] = seconds
    result["games_per_second"] = games / seconds if seconds > 0 else 0.0
    return result


def _play_range(
    game_id: str,
    options: dict[str, Any],
    seed: int,
    agents: dict[str, str],
    max_steps: int,
    start: int,
    stop: int,
) -> Tally:
    game = registry.load(game_id, **options)
    tally = Tally(game.seats[0])
    for index in range(start, stop):
        tally.add(play_one(game, seed, agents, index, max_steps))
    return tally


def _chunks(n: int, parts: int) -> list[tuple[int, int]]:
    """[0, n) cut into at most `parts` contiguous, nearly equal, non-empty ranges."""
    parts = max(1, min(parts, n))
    cuts = [n * i // parts for i in range(parts + 1)]
    return list(zip(cuts, cuts[1:], strict=False))


def _share_registry(modules: dict[str, str]) -> None:
    registry._MODULES.update(modules)
