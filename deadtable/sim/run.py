"""Playing many games with agents: in this process, on local worker processes, or on Ray.

Every game's seed comes from the batch seed and the game's index alone, and so does every
agent's, so a batch gives the same outcomes however its games are split. A batch is cut into
chunks of consecutive games whose size depends only on the batch (not on the workers); chunks
are played anywhere, in any order, but their counts are merged in chunk order, so even sums of
floating-point scores come out bit for bit the same on 1 worker, 2 workers, Ray, or a batch
resumed from the results store.

Memory stays flat however many games a batch has: a chunk returns sums and counters (a Tally),
at most a few chunks are in flight at once, and per-game records, when asked for, go to the
results store chunk by chunk.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from deadtable import registry
from deadtable.agents import Agent, agent_maker, observe
from deadtable.agents.seating import assign, check_seating
from deadtable.engine.decisions import Decision
from deadtable.engine.dice import derive_seed
from deadtable.engine.game import Game
from deadtable.engine.state import GameState
from deadtable.sim.stats import Pairs, Played, Tally

DEFAULT_MAX_STEPS = 100_000
MAX_CHUNK = 250  # games per chunk at most: a Ctrl-C or a kill loses a few seconds
TARGET_CHUNKS = 100  # a batch is cut into about this many chunks (fewer if it is small)
IN_FLIGHT_PER_WORKER = 2  # tasks (of one or more chunks) submitted but not yet merged, per worker
TASK_SECONDS = 0.25  # what a worker's task should take: fast chunks travel in groups
MAX_CHUNKS_PER_TASK = 64
BACKENDS = ("process", "ray")

Progress = Callable[[int, int], None]  # (games done, games in the batch)


# The cyclic collector's first threshold while games are played (the interpreter's is 700).
YOUNG_THRESHOLD = 10_000


@contextmanager
def few_collections() -> Iterator[None]:
    """Games played with the cyclic garbage collector run less often: a step makes a few
    short-lived containers, freed by their counts, and the default threshold (700) ran a
    young collection every few hundred steps and full ones over everything loaded (the
    maps, the rules' tables and caches). What is loaded when the games start is frozen
    (gc.freeze: full collections skip it) and young collections wait for 10,000 new
    containers; both are put back after. It changes no game: only when cyclic garbage is
    freed. Random Psycho Raiders games: about 5% more a second (docs/psycho-raiders.md)."""
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


class RunawayGame(RuntimeError):
    """A game went on for more steps than a batch allows."""


def play_one(
    game: Game,
    seed: int,
    agents: Mapping[str, str],
    index: int,
    max_steps: int = DEFAULT_MAX_STEPS,
    sync_dice: bool = False,
) -> Played:
    """Game number `index` of the batch with seed `seed`, each seat played by its agent spec.

    `sync_dice` synchronises the game's dice (Dice.synchronise): the rolls from the game's
    n-th fixed point on (a move, a card turned over) depend only on the game seed and n, so
    two configurations that part ways on the same seed still meet the same luck afterwards.
    As fair as the plain dice, and a far stronger paired comparison (docs/analysis.md).

    Where the game has a kernel (engine/kernel.py), it plays the games whose every seat is
    `random`, and a solo game whose agent it also plays (the game's heuristic): the same
    games, in C."""
    missing = [seat for seat in game.seats if seat not in agents]
    if missing:
        raise ValueError(f"no agent for seat(s) {', '.join(missing)} of {game.id}")
    game_seed = derive_seed(seed, index)
    kernel = game.kernel
    if kernel is not None and all(agents[seat] == "random" for seat in game.seats):
        # The game's compiled twin plays the very same game (engine/kernel.py), in C.
        agent_seeds = [derive_seed(seed, index, 1 + n) for n in range(len(game.seats))]
        played = kernel.play_random(game_seed, agent_seeds, max_steps, sync_dice)
        if played is None:
            raise _runaway(game, index, game_seed, max_steps)
        return Played(*played)
    players = {
        seat: agent_maker(agents[seat], game.id)(derive_seed(seed, index, 1 + number))
        for number, seat in enumerate(game.seats)
    }
    if kernel is not None and len(game.seats) == 1:
        (seat,) = game.seats
        name, player = agents[seat].partition(":")[0], players[seat]
        if name in kernel.agents and hasattr(player, "kernel_memory"):
            # The agent's twin in the kernel chooses as it would, from the same memory.
            fast = kernel.new(game_seed, sync_dice)
            steps = fast.play_out(name, player.kernel_memory(), max_steps)
            outcome = fast.outcome()
            if outcome is None:
                raise _runaway(game, index, game_seed, max_steps)
            return Played(outcome.label, steps, dict(outcome.results), dict(outcome.scores),
                          outcome.cause)
    state = game.new(seed=game_seed)
    if sync_dice:
        state.dice.synchronise()
    steps = 0
    picks = {seat: _picker(player, state) for seat, player in players.items()}  # once a game
    apply = state.apply
    while (decision := state.decision) is not None:
        if steps >= max_steps:
            raise _runaway(game, index, game_seed, max_steps)
        apply(picks[decision.seat](decision))
        steps += 1
    assert state.outcome is not None  # no decision means the game is over
    outcome = state.outcome
    return Played(outcome.label, steps, dict(outcome.results), dict(outcome.scores), outcome.cause)


def _picker(player: Agent, state: GameState) -> Callable[[Decision], str]:
    """The player's choice at a decision of `state`: its `pick` where it chooses from the
    decision alone (Agent), else its `act` on the observation. A `pick` older than the
    `act` (a subclass that chooses otherwise in `act` alone) is not the same choice: `act`."""
    pick: Callable[[Decision], str] | None = getattr(player, "pick", None)
    if pick is not None and issubclass(_owner(player, "pick"), _owner(player, "act")):
        return pick
    act = player.act
    return lambda decision: act(observe(state))


def _owner(player: Agent, name: str) -> type:
    """The class in the player's MRO that defines `name` (the player's own class where it is
    set on the instance)."""
    if name in getattr(player, "__dict__", ()):
        return type(player)
    return next(k for k in type(player).__mro__ if name in vars(k))


def _runaway(game: Game, index: int, game_seed: int, max_steps: int) -> RunawayGame:
    return RunawayGame(f"{game.id} game {index} (game seed {game_seed}) did not end within "
                       f"{max_steps} steps; an agent may be stuck, or the game may never end")


def assign_agents(game: Game, agents: str | Mapping[str, str]) -> dict[str, str]:
    """One agent spec per seat: a single spec plays every seat; a mapping gives specs by seat
    or by side, a seat's own winning over its side's (agents/seating.py). Whether each agent
    plays its seat is make_config's to check (check_seating)."""
    if isinstance(agents, str):
        return dict.fromkeys(game.seats, agents)
    specs = assign(game, agents)
    missing = [seat for seat in game.seats if seat not in specs]
    if missing:
        raise ValueError(f"no agent for seat(s) {', '.join(missing)}")
    return specs


# -- what a batch plays ----------------------------------------------------------------------
@dataclass(frozen=True)
class Config:
    """One way to play the game: its options and an agent spec per seat."""

    options: dict[str, Any]
    agents: dict[str, str]

    def to_data(self) -> dict[str, Any]:
        return {"options": dict(self.options), "agents": dict(self.agents)}


def make_config(
    game_id: str, options: Mapping[str, Any] | None, agents: str | Mapping[str, str]
) -> Config:
    """Options checked and completed with their defaults, an agent checked for every seat."""
    game = registry.load(game_id, **dict(options or {}))
    seat_agents = assign_agents(game, agents)
    for spec in set(seat_agents.values()):
        agent_maker(spec, game.id)  # a bad spec fails here, once, not in every worker
    check_seating(game, seat_agents)  # and an agent where it does not play (WrongSeat)
    return Config(dict(game.options), seat_agents)


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play any chunk of a batch (picklable, small)."""

    game_id: str
    configs: tuple[Config, ...]
    seed: int
    max_steps: int
    records: bool
    modules: dict[str, str]  # the registry, so games registered at run time load in workers
    sync_dice: bool = False  # every game's dice synchronised (play_one)


@dataclass
class Chunk:
    """The counts of games [lo, hi) of a batch, one Tally per configuration."""

    number: int
    lo: int
    hi: int
    tallies: list[Tally]
    pairs: Pairs | None  # with two configurations: the first seat's wins, seed by seed
    # With records: (config number, game index, game seed, label, cause, steps, results)
    records: list[tuple[int, int, int, str, str, int, dict[str, str]]] = field(
        default_factory=list
    )
    # Per configuration, its first and its shortest game, each (index, label, cause, steps),
    # so that a batch resumed later can check that the code still plays its games the same
    # (check_same_games)
    witnesses: list[tuple[Witness, Witness]] = field(default_factory=list)


Witness = tuple[int, str, str, int]


class ChangedGames(ValueError):
    """The code now plays a kept batch's games differently from the code that began it."""


def chunk_bounds(games: int, chunk: int, number: int) -> tuple[int, int]:
    lo = number * chunk
    return lo, min(games, lo + chunk)


def default_chunk(games: int) -> int:
    return max(1, min(MAX_CHUNK, games // TARGET_CHUNKS))


_GAMES: dict[tuple[int, str, str | None], Game] = {}  # this process's games, by options


def _game(game_id: str, options: dict[str, Any]) -> Game:
    """The game with these options, made once per process (a kernel's tables are built when
    a game is first asked for it, and a fast game plays a chunk in milliseconds)."""
    spec = registry.spec(game_id)
    key = (id(spec), json.dumps(options, sort_keys=True, default=str),
           os.environ.get("DEADTABLE_KERNEL"))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = spec.bind(**options)
    return game


def play_chunk(job: Job, number: int, lo: int, hi: int) -> Chunk:
    """Play games lo..hi-1 of the batch under every configuration."""
    registry._MODULES.update(job.modules)
    games = [_game(job.game_id, c.options) for c in job.configs]
    tallies = [Tally(g.seats[0], sides=g.sides) for g in games]
    pairs = Pairs() if len(games) == 2 else None
    records: list[tuple[int, int, int, str, str, int, dict[str, str]]] = []
    firsts: list[Witness | None] = [None] * len(games)
    shortest: list[Witness | None] = [None] * len(games)
    with few_collections():
        for index in range(lo, hi):
            won = []
            for number_c, (game, config, tally) in enumerate(
                zip(games, job.configs, tallies, strict=True)
            ):
                played = play_one(game, job.seed, config.agents, index, job.max_steps,
                                  job.sync_dice)
                tally.add(played)
                won.append(played.results.get(game.seats[0]) == "win")
                if job.records:
                    records.append((number_c, index, derive_seed(job.seed, index),
                                    played.label, played.cause, played.steps, played.results))
                witness = (index, played.label, played.cause, played.steps)
                firsts[number_c] = firsts[number_c] or witness
                kept = shortest[number_c]
                if kept is None or played.steps < kept[3]:
                    shortest[number_c] = witness
            if pairs is not None:
                pairs.add(won[0], won[1])
    witnesses = [(f, s) for f, s in zip(firsts, shortest, strict=True)
                 if f is not None and s is not None]
    return Chunk(number, lo, hi, tallies, pairs, records, witnesses)


def check_same_games(job: Job, witnesses: Sequence[Sequence[Witness]]) -> None:
    """Play again, per configuration, the games a kept batch recorded as witnesses (its first,
    a typical game, and its shortest, the cheapest), and raise ChangedGames if one now ends
    otherwise: resuming would mix the games of two versions of the code in one batch."""
    for number, kept in enumerate(witnesses):
        for witness in kept:  # none for chunks kept before witnesses existed
            _check_witness(job, job.configs[number], witness)


def _check_witness(job: Job, config: Config, witness: Witness) -> None:
    index, label, cause, steps = witness
    game = registry.load(job.game_id, **config.options)
    played = play_one(game, job.seed, config.agents, index, job.max_steps, job.sync_dice)
    if (played.label, played.cause, played.steps) != (label, cause, steps):
        raise ChangedGames(
            f"this code plays game {index} of the kept batch ({_agents_text(config)}) "
            f"differently from the code that began it: it was {label} ({cause}) in "
            f"{steps} steps, now {played.label} ({played.cause}) in {played.steps}; "
            f"resuming would mix two versions' games in one batch. Finish it on the code "
            f"that began it, or start it afresh with another --db")


def _agents_text(config: Config) -> str:
    agents = ", ".join(f"{seat}={spec}" for seat, spec in config.agents.items())
    options = ", ".join(f"{k}={v}" for k, v in config.options.items())
    return agents + (f"; {options}" if options else "")


# -- running a batch --------------------------------------------------------------------------
@dataclass
class BatchRun:
    tallies: list[Tally]
    pairs: Pairs | None
    interrupted: bool
    resumed: int  # games counted from the results store, not played in this run
    seconds: float


def run_batch(
    game_id: str,
    configs: Sequence[Config],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    max_steps: int = DEFAULT_MAX_STEPS,
    backend: str = "process",
    address: str | None = None,
    db: str | None = None,
    records: bool = False,
    resume: bool = False,
    chunk: int | None = None,
    progress: Progress | None = None,
    sync_dice: bool = False,
) -> BatchRun:
    """Play a batch and merge its counts in chunk order. Ctrl-C stops it and returns what was
    measured so far (`interrupted`); with `db` every finished chunk is kept there, and a batch
    with the same key found there is resumed instead of played again (with `resume`, a batch
    not found there is an error)."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; valid backends: {', '.join(BACKENDS)}")
    if chunk is not None and chunk < 1:
        raise ValueError(f"chunk must be at least 1, got {chunk}")
    for config in configs:  # an agent where it does not play fails here, not mid-game
        check_seating(registry.load(game_id, **config.options), config.agents)
    job = Job(game_id, tuple(configs), seed, max_steps, records, dict(registry._MODULES),
              sync_dice)
    size = chunk or default_chunk(games)
    store = None
    batch_id = 0
    done: set[int] = set()
    if db is not None:
        from deadtable.sim.store import Store

        store = Store(db)
        found = store.find_batch(job, games, size)
        if resume and found is None:
            store.close()
            raise ValueError(f"{db} has no such batch to resume; the game, seed, games, agents, "
                             f"options, --max-steps, --records and --sync-dice must all be "
                             f"the same")
        batch_id, done = store.open_batch(job, games, size)
    count = -(-games // size)
    todo = [n for n in range(count) if n not in done]
    if store is not None and done and todo:
        try:
            check_same_games(job, store.witnesses(batch_id, len(configs)))
        except ChangedGames:
            store.close()
            raise
    bound = [registry.load(game_id, **c.options) for c in configs]
    tallies = [Tally(g.seats[0], sides=g.sides) for g in bound]
    sides = [g.sides for g in bound]  # for chunks kept before sides were counted
    pairs = Pairs() if len(configs) == 2 else None
    pending: dict[int, Chunk] = {}
    next_number = 0
    counted = 0
    resumed = sum(min(games, (n + 1) * size) - n * size for n in done)

    def take(result: Chunk) -> None:
        for tally, part in zip(tallies, result.tallies, strict=True):
            tally.merge(part)
        if pairs is not None and result.pairs is not None:
            pairs.merge(result.pairs)

    def advance() -> None:
        nonlocal next_number
        while next_number < count:
            if next_number in pending:
                take(pending.pop(next_number))
            elif store is not None and next_number in done:
                take(store.load_chunk(batch_id, next_number, sides))
            else:
                break
            next_number += 1

    started = time.perf_counter()
    interrupted = False
    finished_games = resumed
    if progress is not None:
        progress(finished_games, games)
    results = _results(backend, job, todo, games, size, workers, address)
    try:
        advance()
        for result in results:
            if store is not None:
                store.save_chunk(batch_id, result)
            pending[result.number] = result
            advance()
            counted += 1
            finished_games += result.hi - result.lo
            if progress is not None:
                progress(finished_games, games)
    except KeyboardInterrupt:
        interrupted = True
        results.close()  # stops the workers
        for number in sorted(pending):  # what finished out of order counts too, now
            take(pending.pop(number))
        if store is not None:
            for number in sorted(n for n in done if n >= next_number):
                take(store.load_chunk(batch_id, number, sides))
    finally:
        results.close()
    seconds = time.perf_counter() - started
    if store is not None:
        if not interrupted:
            store.finish(batch_id)
        store.close()
    return BatchRun(tallies, pairs, interrupted, resumed, seconds)


def _results(
    backend: str, job: Job, todo: list[int], games: int, size: int, workers: int,
    address: str | None,
) -> Generator[Chunk, None, None]:
    """The chunks `todo`, played, in the order they finish."""
    if backend == "ray":
        yield from _ray_results(job, todo, games, size, workers, address)
    elif workers == 1:
        for number in todo:
            yield play_chunk(job, number, *chunk_bounds(games, size, number))
    else:
        yield from _pool_results(job, todo, games, size, workers)


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group; the parent alone handles it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_chunks(job: Job, numbers: list[int], games: int, size: int) -> tuple[list[Chunk], float]:
    """Several chunks in one task (a worker's), and the seconds they took."""
    started = time.perf_counter()
    played = [play_chunk(job, n, *chunk_bounds(games, size, n)) for n in numbers]
    return played, time.perf_counter() - started


def _pool_results(
    job: Job, todo: list[int], games: int, size: int, workers: int
) -> Generator[Chunk, None, None]:
    """A task sends a worker as many consecutive chunks as take about TASK_SECONDS (one at
    first; then as measured), so that a fast game's chunks of a few milliseconds do not
    spend more time travelling between processes than being played. Chunks stay the unit
    of merging and keeping, so the results are the same whatever the grouping."""
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    waiting: set[Future[tuple[list[Chunk], float]]] = set()
    queue = list(reversed(todo))
    per_task = 1
    try:
        while True:
            while len(waiting) < workers * IN_FLIGHT_PER_WORKER and queue:
                numbers = [queue.pop() for _ in range(min(per_task, len(queue)))]
                waiting.add(pool.submit(play_chunks, job, numbers, games, size))
            if not waiting:
                break
            finished, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: f.result()[0][0].number):
                played, seconds = future.result()
                fits = int(TASK_SECONDS * len(played) / max(seconds, 1e-6))
                per_task = max(1, min(MAX_CHUNKS_PER_TASK, fits))
                yield from played
    finally:
        if waiting:  # stopped early (Ctrl-C, an error): stop the workers now, not after
            for future in waiting:  # the chunks they are playing
                future.cancel()
            for process in list(getattr(pool, "_processes", {}).values()):
                if process.is_alive():
                    process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def _ray_results(
    job: Job, todo: list[int], games: int, size: int, workers: int, address: str | None
) -> Generator[Chunk, None, None]:
    try:
        import ray
    except ImportError as error:
        raise RuntimeError(
            "the ray backend needs Ray: pip install 'deadtable[ray]'"
        ) from error
    started_here = not ray.is_initialized()
    if started_here:
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    remote = ray.remote(play_chunk)
    slots = max(workers, int(ray.cluster_resources().get("CPU", workers))) * IN_FLIGHT_PER_WORKER
    waiting: list[Any] = []
    queue = iter(todo)
    job_ref = ray.put(job)
    try:
        while True:
            while len(waiting) < slots:
                number = next(queue, None)
                if number is None:
                    break
                waiting.append(remote.remote(job_ref, number, *chunk_bounds(games, size, number)))
            if not waiting:
                break
            finished, waiting = ray.wait(waiting, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
    finally:
        # Stopped early (Ctrl-C, an error), the tasks still in flight are not cancelled:
        # ray.cancel on a task whose reply is arriving aborts this process (Ray's "Check
        # failed: ... Tried to complete task that was not pending", tests/sim/test_batches.py).
        # Shutting down a Ray started (or a cluster joined) here ends them with this job; on a
        # Ray the caller started, they finish (IN_FLIGHT_PER_WORKER a CPU at most), unread.
        if started_here:
            ray.shutdown()


# -- the results people ask for ---------------------------------------------------------------
def simulate(
    game_id: str,
    options: Mapping[str, Any] | None = None,
    games: int = 1000,
    seed: int = 0,
    agents: str | Mapping[str, str] = "random",
    workers: int = 1,
    max_steps: int = DEFAULT_MAX_STEPS,
    **run: Any,
) -> dict[str, Any]:
    """Play `games` games and count their outcomes. The result is JSON-able. Keyword
    arguments of run_batch (backend, address, db, records, chunk, progress) pass through."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    config = make_config(game_id, options, agents)
    batch = run_batch(game_id, [config], games, seed, workers=workers, max_steps=max_steps,
                      **run)
    tally = batch.tallies[0]
    result: dict[str, Any] = {
        "game": game_id,
        "games": tally.games,
        "requested": games,
        "seed": seed,
        "sync_dice": bool(run.get("sync_dice", False)),
        "agents": config.agents,
        "options": config.options,
    }
    result.update(tally.summary())
    result["length_histogram"] = {str(k): v for k, v in tally.histogram().items()}
    result["interrupted"] = batch.interrupted
    result["resumed"] = batch.resumed
    result["seconds"] = batch.seconds
    played = tally.games - batch.resumed
    result["games_per_second"] = played / batch.seconds if batch.seconds > 0 else 0.0
    return result


def compare(
    game_id: str,
    a: Config,
    b: Config,
    games: int = 1000,
    seed: int = 0,
    workers: int = 1,
    max_steps: int = DEFAULT_MAX_STEPS,
    **run: Any,
) -> dict[str, Any]:
    """Play the same seeds under two configurations and test the difference in win rate
    (of each configuration's first seat): A minus B, Newcombe's paired interval, McNemar."""
    batch = run_batch(game_id, [a, b], games, seed, workers=workers, max_steps=max_steps, **run)
    assert batch.pairs is not None
    sides = {}
    for name, config, tally in zip("ab", (a, b), batch.tallies, strict=True):
        side = config.to_data()
        side["games"] = tally.games
        side.update(tally.summary())
        side["length_histogram"] = {str(k): v for k, v in tally.histogram().items()}
        sides[name] = side
    result: dict[str, Any] = {
        "game": game_id,
        "games": batch.pairs.games,
        "requested": games,
        "seed": seed,
        "sync_dice": bool(run.get("sync_dice", False)),
        "a": sides["a"],
        "b": sides["b"],
    }
    result.update(batch.pairs.summary())
    result["interrupted"] = batch.interrupted
    result["resumed"] = batch.resumed
    result["seconds"] = batch.seconds
    return result
