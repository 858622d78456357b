"""`deadtable bench`: how fast a game plays, clones and saves, measured on this machine.

Speed is measured here, never asserted in tests. The figures of one process (games, steps,
clones, saves) are its CPU time (time.process_time), so that other work on a shared machine
does not slow them; the workers' figures are wall-clock time, which is what they are about.
Each clone and save figure is the best of a few repeats (the agents' and workers' figures
are single runs).

Per game: games and steps per second with random agents in one process (the top-level
figures), the same for each of the game's own agents (`agents`), clone() against
copy.deepcopy, to_json() and from_json(), MCTS iterations per second with each rollout
policy (`mcts`), the same random batch on 1 and 2 worker processes (`workers`), and what a
step of the Python rules allocates (`allocation`, by tracemalloc).

Where the game has a kernel (engine/kernel.py), random games and random rollouts are played
by it, as `deadtable sim` and the mcts agent play them; `compiled` then gives the same random
play and rollouts with the Python rules (`python_rules`), the ratio (`speedup`), and what a
whole kernel game allocates in Python (`allocation`).

Where the game reads a figure's moves (GameSpec.moves), `reach` gives what finding where the
deciding figure can still get this turn costs (engine/reach.py, which a person's page asks at
each of its moves): over positions from random games at decisions with moves, the CPU time
of one search (mean and most), the spaces found and the longest route; `by_verb`, the same
at the first decision offering each kind of move (by its action's verb: Psycho Raiders'
driving, `car`, is rarer in random play than walking, `move`). Each search is the one a
person's page and the terminal's `go` ask for: past the decision's openings (a driver's speed
not yet announced) and through every other seat's pass (GameSpec.openings, GameSpec.passes);
`openings` counts the positions where only an opening led to moves.

`geometry` gives the board engine's costs (sight, reach, distance fields against map size,
engine/board/bench.py); they belong to no game, so they are measured once per process.
"""

from __future__ import annotations

import copy
import gc
import platform
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache, partial
from typing import Any

from deadtable import registry
from deadtable.agents import agent_maker, agent_names, observe, plays
from deadtable.agents.mcts import MCTSAgent
from deadtable.agents.seating import check_seating
from deadtable.engine.board.bench import geometry_bench
from deadtable.engine.decisions import Decision
from deadtable.engine.dice import Dice, derive_seed
from deadtable.engine.game import Game
from deadtable.engine.reach import MoveReader, reach
from deadtable.engine.state import GameState
from deadtable.sim.run import few_collections, play_one, simulate

MCTS_ITERATIONS = 100  # per decision, when measuring MCTS iterations per second
MCTS_SECONDS = 1.0  # ...or fewer, for about this long a decision where rollouts are long

REPEATS = 3


def _best(run: Callable[[], Any], number: int) -> float:
    """Seconds per call, the best of REPEATS runs of `number` calls."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        for _ in range(number):
            run()
        best = min(best, (time.process_time() - start) / number)
    return best


def _mean(values: Iterable[float]) -> float:
    listed = list(values)
    return sum(listed) / len(listed)


def _sample_states(game: Game, count: int, seed: int) -> list[GameState]:
    """States from the middle of random games: what a search clones."""
    pick = Dice(seed)
    states = []
    for i in range(count):
        state = game.new(seed=seed + i)
        while state.decision is not None and pick.below(4):
            decision = state.decision
            state.apply(decision.ids[pick.below(len(decision.ids))])
        states.append(state)
    return states


def _play(game: Game, spec: str | dict[str, str], games: int, seed: int) -> dict[str, float]:
    agents = spec if isinstance(spec, dict) else {seat: spec for seat in game.seats}
    check_seating(game, agents)  # an agent where it does not play: refused, not failed mid-game
    steps = 0
    with few_collections():  # as sim plays them
        start = time.process_time()  # CPU time: the machine may be shared (see the docstring)
        for index in range(games):
            steps += play_one(game, seed, agents, index).steps
        seconds = time.process_time() - start
    return {"games": games, "games_per_second": games / seconds,
            "steps_per_second": steps / seconds}


def _mcts_rate(rollout: str, states: list[GameState]) -> dict[str, float]:
    """MCTS iterations and forward-model calls per second, over decisions from `states`: each
    with MCTS_ITERATIONS iterations, or as few (at least 2) as keep a decision near
    MCTS_SECONDS for a game whose rollouts are long (a board game's chapter)."""
    waiting = [s for s in states if s.decision is not None and len(s.decision.actions) >= 2]
    iterations_each = MCTS_ITERATIONS
    if waiting:
        probe = MCTSAgent(1, iterations=2, rollout=rollout)
        began = time.perf_counter()
        probe.act(observe(waiting[0]))
        per_iteration = (time.perf_counter() - began) / 2
        iterations_each = int(min(MCTS_ITERATIONS, max(2, MCTS_SECONDS / max(per_iteration,
                                                                            1e-9))))
    agent = MCTSAgent(1, iterations=iterations_each, rollout=rollout)
    iterations = calls = 0
    start = time.perf_counter()
    for state in waiting:
        agent.act(observe(state))
        iterations += agent.last_iterations
        calls += agent.last_calls
        if time.perf_counter() - start > 5 * MCTS_SECONDS:
            break
    seconds = time.perf_counter() - start
    return {"iterations_per_second": iterations / seconds if seconds else 0.0,
            "calls_per_second": calls / seconds if seconds else 0.0}


def _reach_cost(game: Game, seed: int, count: int = 20) -> dict[str, Any] | None:
    """engine/reach.py's search on `count` positions from random games (a random number of
    steps in, then on to the next decision with a figure's moves), each timed once; and
    `by_verb`, the same for each kind of move (`_reach_by_verb`)."""
    read = registry.move_reader(game.spec)
    if read is None:
        return None
    search = _Search(game, read)
    pick = Dice(seed)
    timed = []
    opened = 0
    for i in range(count):
        for state, decision in _random_steps(game, seed + i, pick, 400):
            moves, opening = search.offers(state, decision)
            if moves or opening:
                timed.append(search.time(state, decision.seat))
                opened += opening and not moves
                break
    if not timed:
        return None
    return {**_searches(timed), "openings": opened,
            "by_verb": _reach_by_verb(game, search, seed, count)}


BY_VERB_STEPS = 2000  # how far into a random game a kind of move is looked for


def _reach_by_verb(game: Game, search: _Search, seed: int,
                   count: int) -> dict[str, dict[str, float]]:
    """The search's cost by the verb of the moves read (their args' "verb": Psycho Raiders'
    `move` on foot, `car` driving a vehicle, which random play offers far less often): in
    each of `count` random games, from a random step on, at the first decision offering
    moves of each verb, each timed once."""
    pick = Dice(derive_seed(seed, 1))  # its own stream: the figure above keeps its positions
    timed: dict[str, list[tuple[float, int, int]]] = {}
    for i in range(count):
        seen: set[str] = set()
        for state, decision in _random_steps(game, seed + i, pick, BY_VERB_STEPS):
            verbs = {str((a.args or {}).get("verb")) for a in decision.actions
                     if search.read(state, a)} - seen
            if verbs:
                found = search.time(state, decision.seat)
                for verb in verbs:
                    timed.setdefault(verb, []).append(found)
                seen |= verbs
    return {verb: _searches(found) for verb, found in sorted(timed.items())}


def _random_steps(game: Game, seed: int, pick: Dice,
                  steps: int) -> Iterator[tuple[GameState, Decision]]:
    """A random game's decisions from a random step (under 400) for up to `steps` more, each
    given before its random action is played (a consumer that stops plays no more)."""
    state = game.new(seed=seed)
    skip = pick.below(400)
    for step in range(skip + steps):
        decision = state.decision
        if decision is None:
            return
        if step >= skip:
            yield state, decision
        state.apply(decision.ids[pick.below(len(decision.ids))])


class _Search:
    """The search a person's page asks for (the web app's reach, the terminal's `go`): the
    game's moves, past its openings and through its passes, whoever answers them."""

    def __init__(self, game: Game, read: MoveReader) -> None:
        self.read = read
        self.opens, self.passes = registry.walk_readers(game.spec)

    def offers(self, state: GameState, decision: Decision) -> tuple[bool, bool]:
        """Whether the decision offers moves, and an opening (that moves nothing itself)."""
        read, opens = self.read, self.opens
        moves = any(read(state, a) for a in decision.actions)
        opening = opens is not None and any(
            read(state, a) is None and opens(state, a) for a in decision.actions)
        return moves, opening

    def time(self, state: GameState, seat: str) -> tuple[float, int, int]:
        """One search's CPU seconds, the spaces it found and its longest route."""
        start = time.process_time()
        routes = reach(state, seat, self.read, self.opens, self.passes)
        seconds = time.process_time() - start
        return (seconds, sum(len(r) for r in routes.values()),
                max((len(r.steps) for m in routes.values() for r in m.values()), default=0))


def _searches(timed: list[tuple[float, int, int]]) -> dict[str, float]:
    return {"positions": len(timed), "mean_ms": _mean(t for t, _, _ in timed) * 1e3,
            "most_ms": max(t for t, _, _ in timed) * 1e3,
            "mean_spaces": _mean(n for _, n, _ in timed),
            "longest_route": max(n for _, _, n in timed)}


def _workers(game_id: str, games: int, seed: int) -> dict[str, float]:
    """The same random batch on 1 and on 2 worker processes (start-up included): `games`,
    at least, and as many as take about two seconds in one process, so that starting the
    workers does not swamp a fast game (a kernel plays tens of thousands a second)."""
    rates = {}
    for workers in (1, 2):
        result = simulate(game_id, None, games, seed, "random", workers)
        rates[str(workers)] = result["games_per_second"]
    return {"games": games, "1": rates["1"], "2": rates["2"], "speedup": rates["2"] / rates["1"]}


@contextmanager
def _traced() -> Iterator[None]:
    """tracemalloc on, and no cyclic collection inside (so that a step cannot free earlier
    steps' garbage: what reference counting does not free counts as kept)."""
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        if started:
            tracemalloc.stop()


def _allocation(game_id: str, games: int, seed: int) -> dict[str, float]:
    """Bytes per random step, traced by tracemalloc: `transient` is the most a step holds at
    once beyond what was there before it (made and freed within the step), `kept` what is
    still there after it (the action history, the event log, the game's own growth and any
    garbage in cycles), over `games` whole games. Tracing slows play, so the bench's rates are
    measured without it."""
    game = registry.load(game_id)
    pick = Dice(seed)
    steps = transient = kept = 0
    with _traced():
        for index in range(games):
            state = game.new(seed=seed + index)
            decision = state.decision
            while decision is not None:
                action = decision.ids[pick.below(len(decision.ids))]
                before = tracemalloc.get_traced_memory()[0]
                tracemalloc.reset_peak()
                state.apply(action)
                decision = state.decision  # making the next decision is part of the step
                after, peak = tracemalloc.get_traced_memory()
                transient += peak - before
                kept += after - before
                steps += 1
    return {"games": games, "steps": steps, "transient_bytes_per_step": transient / steps,
            "kept_bytes_per_step": kept / steps}


def _allocation_compiled(game: Game, games: int, seed: int) -> dict[str, float]:
    """Bytes of whole random games in the game's kernel (tracemalloc, as above): what the
    Python around it allocates (the result), since the kernel's state is one fixed block."""
    kernel = game.kernel
    assert kernel is not None
    steps = peak_total = 0
    with _traced():
        for index in range(games):
            before = tracemalloc.get_traced_memory()[0]
            tracemalloc.reset_peak()
            played = kernel.play_random(derive_seed(seed, index), [derive_seed(seed, index, 1)],
                                        100_000)
            peak = tracemalloc.get_traced_memory()[1]
            assert played is not None
            steps += played[1]
            peak_total += peak - before
    return {"games": games, "steps": steps, "bytes_per_game": peak_total / games,
            "bytes_per_step": peak_total / max(1, steps)}


def positions(game: Game, count: int, seed: int) -> list[GameState]:
    """States from the start and the middle of random games, each with a choice to make."""
    pick = Dice(seed)
    found: list[GameState] = []
    index = 0
    while len(found) < count:
        state = game.new(seed=derive_seed(seed, 7, index))
        index += 1
        for _ in range(pick.below(12)):
            decision = state.decision
            if decision is None:
                break
            state.apply(decision.ids[pick.below(len(decision.ids))])
        decision = state.decision
        if decision is not None and len(decision.actions) > 1:
            found.append(state)
    return found


def interpreter() -> dict[str, str]:
    """Which Python ran the figures: builds of one Python version differ by 25-40% in speed
    (an optimised build against a plain one, docs/engine.md "Which Python")."""
    return {"version": platform.python_version(), "executable": sys.executable,
            "build": " ".join(platform.python_build()), "compiler": platform.python_compiler()}


@cache
def geometry(seed: int = 1) -> list[dict[str, Any]]:
    """The board geometry figures (engine/board/bench.py), measured once per process."""
    return geometry_bench(seed)


def own_agents(game: Game) -> list[str]:
    """The game's own agents that play every seat, each benched alone (one that plays one
    side only is benched in the game's lineup)."""
    return [name for name in agent_names(game.id) if name not in agent_names()
            and all(plays(name, game, seat) for seat in game.seats)]


def bench(game_id: str, games: int = 500, seed: int = 1) -> dict[str, Any]:
    game = registry.load(game_id)
    random_play = _play(game, "random", games, seed)
    own = own_agents(game)
    agents = {"random": random_play}
    if game.spec.lineup:  # seats with agents of their own: the game's lineup plays them all
        lineup = dict(game.spec.lineup)
        agents[",".join(f"{s}={a}" for s, a in lineup.items())] = _play(game, lineup, games,
                                                                         seed)
        own = []
    for name in own:
        agent_maker(name, game_id)
        agents[name] = _play(game, name, games, seed)
    python = game.python_rules()
    states = _sample_states(python, 20, seed)
    clone = _mean(_best(s.clone, 200) for s in states)
    deep = _mean(_best(partial(copy.deepcopy, s), 5) for s in states)
    dump = _mean(_best(s.to_json, 50) for s in states)
    load = _mean(_best(partial(game.from_json, s.to_json()), 50) for s in states)
    # MCTS on the game as sim plays it (random rollouts in its kernel, if it has one)
    searched = _sample_states(game, 5, seed)
    mcts = {rollout: _mcts_rate(rollout, searched) for rollout in ["random", *own]}
    compiled: dict[str, Any] = {}
    if game.kernel is not None:
        # The same figures with the Python rules, where the kernel plays them above.
        slow = _play(python, "random", max(1, games // 5), seed)
        compiled = {
            "python_rules": {"random": slow,
                             "mcts": {"random": _mcts_rate("random", states[:5])}},
            "speedup": random_play["games_per_second"] / slow["games_per_second"],
            "allocation": _allocation_compiled(game, max(1, min(games, 200)), seed),
        }
    return {
        "game": game_id,
        "games": games,
        "kernel": "compiled" if game.kernel is not None else "none",
        "games_per_second": random_play["games_per_second"],
        "steps_per_second": random_play["steps_per_second"],
        "clone_us": clone * 1e6,
        "deepcopy_us": deep * 1e6,
        "clone_speedup": deep / clone,
        "to_json_us": dump * 1e6,
        "from_json_us": load * 1e6,
        "agents": agents,
        "mcts": mcts,
        "workers": _workers(game_id, max(games, int(2 * random_play["games_per_second"])), seed),
        "allocation": _allocation(game_id, max(1, min(games, 50)), seed),
        **({"reach": reached} if (reached := _reach_cost(python, seed)) else {}),
        **({"compiled": compiled} if compiled else {}),
        "geometry": geometry(seed),
        "python": interpreter(),
    }
