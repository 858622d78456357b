"""The `deadtable` command: list games, start one, play it, simulate many, check a replay.

Mistakes a user can make (an unknown game, a bad option or agent, an unreadable file) end
with a one-line message on stderr and exit code 2; a replay that does not reproduce exits 1.
"""

from __future__ import annotations

import inspect
import io
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

import deadtable
from deadtable import registry
from deadtable.agents import Agent, agent_maker, agent_names, observe
from deadtable.agents.base import seats_played
from deadtable.agents.seating import (
    EVERY_SEAT_ROLLOUTS,
    UnknownSeat,
    WrongSeat,
    assign,
    catch_up,
    check_seating,
    seat_agents,
)
from deadtable.engine.decisions import Decision, GameOver, IllegalAction
from deadtable.engine.game import Game
from deadtable.engine.macros import Macro, StandingOrder
from deadtable.engine.options import BadOption
from deadtable.engine.reach import Route
from deadtable.engine.replay import Replay, ReplayMismatch, digest
from deadtable.engine.state import GameState, Outcome
from deadtable.engine.undo import UndoStack
from deadtable.render import render_view
from deadtable.sim.run import DEFAULT_MAX_STEPS, Config, RunawayGame, compare, simulate
from deadtable.ui import checks, choose, commands, go_cli, macro_cli, standing_cli, watch


class _Commands(TyperGroup):
    """The command group, which notes whether --json was given: then every error, Typer's
    own usage errors included, is one JSON object on stderr instead of a line of text."""

    def main(self, args: Any = None, *rest: Any, **extra: Any) -> Any:
        given = list(sys.argv[1:] if args is None else args)
        _errors.as_json = "--json" in given
        if not _errors.as_json:
            return super().main(given, *rest, **extra)
        extra["standalone_mode"] = False
        try:
            code = super().main(given, *rest, **extra)
        except typer.Abort:
            _echo_error("interrupted", 1)
            sys.exit(1)
        except typer.exceptions.TyperException as error:  # Typer's usage errors
            code = getattr(error, "exit_code", 2)
            _echo_error(getattr(error, "format_message", error.__str__)(), code)
            sys.exit(code)
        sys.exit(code if isinstance(code, int) else 0)


class _errors:  # noqa: N801 - a namespace for the one flag
    as_json = False


def _echo_error(message: str, code: int) -> None:
    if _errors.as_json:
        typer.echo(json.dumps({"error": message, "exit_code": code}), err=True)
    else:
        typer.echo(f"deadtable: {message}", err=True)


app = typer.Typer(
    name="deadtable",
    cls=_Commands,
    help="Zombie tabletop games: play them, simulate them, replay them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,  # a game state in a traceback buries the error
)
app.add_typer(__import__("deadtable.ui.map_cli", fromlist=["app"]).app, name="map")



def _command(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """app.command, with the docstring's paragraphs reflowed: Rich help keeps every line break
    of a docstring, which the terminal's width then breaks again."""

    def register(function: Callable[..., None]) -> Callable[..., None]:
        paragraphs = inspect.cleandoc(function.__doc__ or "").split("\n\n")
        text = "\n\n".join(" ".join(paragraph.split()) for paragraph in paragraphs)
        return app.command(name, help=text)(function)

    return register


GameArg = Annotated[str, typer.Argument(metavar="GAME", help="a game id; see `deadtable games`")]
SEED_MAX = 2**64 - 1  # seeds are 64-bit unsigned (Dice); the web API refuses others too


def _seed_in_range(seed: int | None) -> int | None:
    if seed is not None and not 0 <= seed <= SEED_MAX:
        raise typer.BadParameter(f"{seed} is not a seed: give a whole number from 0 to "
                                 f"{SEED_MAX} (2^64-1)")
    return seed


SeedOpt = Annotated[
    int | None,
    typer.Option("--seed", "-s", callback=_seed_in_range,
                 help="seed (0 to 2^64-1); random if not given"),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="K=V", help="a game option; repeat for more"),
]
AgentOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--agent",
        "-a",
        metavar="[SEAT=|SIDE=]AGENT",
        help="an agent such as 'random' for one seat (SEAT=AGENT), the seats of a side "
             "(SIDE=AGENT) or every seat (AGENT); a seat's own wins over its side's",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="print JSON instead of tables")]
HUMAN = "human"  # play: the agent spec that leaves a seat to a person


def main() -> None:
    app()


# -- commands ---------------------------------------------------------------------------------
@_command("games")
def games_command(as_json: JsonOpt = False) -> None:
    """List the games."""
    listing = deadtable.games()
    if as_json:
        _print_json(listing)
        return
    table = Table("id", "name", "seats", "summary", title="Games")
    for game in listing:
        table.add_row(game["id"], game["name"], _seats_text(game["seats"], game["sides"]),
                      game["summary"])
    Console().print(table)


@_command("new")
def new_command(
    game_id: GameArg, seed: SeedOpt = None, option: OptionOpt = None, as_json: JsonOpt = False
) -> None:
    """Start a game and show its first decision."""
    game = _load(game_id, option)
    state = game.new(seed=seed)
    decision = state.decision
    seat = decision.seat if decision is not None else game.seats[0]
    data: dict[str, Any] = {
        "game": game.id,
        "seed": state.seed,
        "options": dict(game.options),
        "decision": None if decision is None else decision.to_data(),
        "view": state.view(seat),
    }
    if as_json:
        _print_json(data)
        return
    console = Console()
    console.print(Text(f"{game.spec.name}, seed {state.seed}", style="bold"))
    console.print(render_view(game.id, data["view"]))
    if decision is not None:
        _show_actions(console, decision)


SaveOpt = Annotated[
    Path | None,
    typer.Option("--save", metavar="FILE",
                 help="keep the game here (after each of your moves); continue it later"),
]


@_command("play")
def play_command(
    game_id: GameArg,
    seed: SeedOpt = None,
    agent: AgentOpt = None,
    option: OptionOpt = None,
    save: SaveOpt = None,
) -> None:
    """Play a game: seats without an --agent (or given 'human') are played by you, at this
    terminal, but for seats the game gives an agent unless told otherwise (Left 4 Dead's
    infected, Last Night on Earth's zombies; SEAT=human takes one), which it names first.

    With several such seats, each person sees only their own seat: the screen is cleared and
    says whom to pass to, and waits for Enter, whenever the deciding person changes."""
    game = _load(game_id, option)
    # seats the game gives an agent unless told otherwise (`infected=human` takes one back)
    specs = _seat_agents(game, agent or [], people=True, base=dict(game.spec.default_agents))
    if save is not None:
        _refuse(checks.save_problem(save))
    state = game.new(seed=seed)
    console = Console()
    console.print(Text(f"{game.spec.name}, seed {state.seed}", style="bold"))
    if (seated := _seated_by_default(game, specs, agent or [])):
        console.print(Text(seated, style="dim"), soft_wrap=True)
    _play_on(console, state, specs, seat_agents(state, specs), save)


def _seated_by_default(game: Game, specs: dict[str, str], given: list[str]) -> str:
    """Which seats the game's own defaults gave an agent (none named them), and whether any
    seat is left to a person: a player who named one side's agent expecting to play the other
    would otherwise watch a whole game go by without a word."""
    defaults = game.spec.default_agents
    mentioned = {item.partition("=")[0] for item in given
                 if "=" in item and ":" not in item.partition("=")[0]}
    bare = any("=" not in item or ":" in item.partition("=")[0] for item in given)
    by_default = [seat for seat in game.seats
                  if seat in specs and specs[seat] == defaults.get(seat) and not bare
                  and seat not in mentioned and game.side_of(seat) not in mentioned]
    if not by_default:
        return ""
    named = ", ".join(f"{seat} by {specs[seat]}" for seat in by_default)
    back = " ".join(f"--agent {seat}=human" for seat in by_default)
    if all(seat in specs for seat in game.seats):
        return (f"Every seat is played by an agent ({named}: the game's default): you watch. "
                f"To play, add {back}.")
    return f"Played by the game's default agent: {named} ({back} to play it yourself)."


@_command("continue")
def continue_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a game kept by play --save")],
    save: Annotated[
        Path | None,
        typer.Option("--save", metavar="FILE", help="keep the game here instead of in FILE"),
    ] = None,
) -> None:
    """Go on with a game kept by `play --save`, from where it stopped.

    The same seed, options and agents: each agent is shown the kept moves again, so it
    remembers them as it did."""
    recorded = _read_replay(file)
    if save is not None and save != file:
        _refuse(checks.save_problem(save))
    if recorded.outcome is not None:
        ended = recorded.outcome.get("cause", "ended") if isinstance(recorded.outcome, dict) else ""
        _fail(f"{file}: that game is over ({ended}); "
              f"`deadtable replay {file}` checks it")
    try:
        game = registry.load(recorded.game, **recorded.options)
    except (registry.UnknownGame, BadOption, TypeError) as error:
        _fail(f"{file}: {error}")
    specs = recorded.meta.get("agents", {})
    if not isinstance(specs, dict) or any(seat not in game.seats for seat in specs):
        _fail(f"{file}: its agents {specs!r} are not seat -> agent for seats "
              f"{', '.join(game.seats)}")
    try:
        state = recorded.start(game)
    except (ReplayMismatch, TypeError, ValueError) as error:
        _fail(f"{file}: {error}")
    try:
        agents = seat_agents(state, specs)
    except (ValueError, TypeError) as error:
        _fail(f"{file}: its agents cannot be made: {error}")
    console = Console()
    undo = UndoStack()  # what was decided before the game was kept may be undone too
    try:
        differed = catch_up(state, agents, recorded.actions, undo.apply)
    except (IllegalAction, GameOver) as error:
        _fail(f"{file}: a kept move cannot be played: {error}")
    if recorded.final is not None and digest(state) != recorded.final:
        _fail(f"{file}: the kept game does not reproduce: its moves lead to another state than "
              f"was saved (`deadtable replay {file}` checks a game)", code=1)
    for seat, index in differed.items():
        console.print(Text(f"{seat}'s agent now chooses differently from the kept game (first "
                           f"at move {index + 1}); it plays on from the kept game", style="red"),
                      soft_wrap=True)
    console.print(Text(f"{game.spec.name}, seed {state.seed}, "
                       f"continued after {len(state.history)} actions", style="bold"))
    standings = standing_cli.Standings(state, agents)
    try:  # the people's standing answers (`auto`), kept beside the moves
        standings.load(state, recorded.meta.get("standing", {}))
    except ValueError as error:
        _fail(f"{file}: {error}")
    _play_on(console, state, specs, agents, file if save is None else save, undo, standings)


def _play_on(console: Console, state: GameState, specs: dict[str, str],
             agents: dict[str, Agent], save: Path | None,
             undo: UndoStack | None = None,
             standings: standing_cli.Standings | None = None) -> None:
    """Play to the end or until the person quits, keeping the game in `save` as it goes (with
    the people's standing answers, `auto`, where they set any)."""
    standings = standings or standing_cli.Standings(state, agents)

    def keep() -> None:
        if save is not None:
            answers = standings.to_data()
            meta = {"agents": specs, **({"standing": answers} if answers else {})}
            _save(save, Replay.of(state, **meta))

    interrupted = False
    seen_by: dict[str, int] = {}  # human seat -> events of its log shown to it so far
    try:
        finished = _play(console, state, agents, keep, undo or UndoStack(), seen_by,
                         standings)
    except _Interrupted:
        finished, interrupted = False, True
    keep()
    if finished and state.outcome is not None:
        humans = [s for s in state.game.seats if s not in agents]
        # Several people at the screen: the end shows what all of them may see.
        final = (state.public_view() if len(humans) > 1
                 else state.view(humans[0] if humans else state.game.seats[0]))
        if len(humans) == 1:  # all that the last move resolved, however much
            final["unseen"] = len(final["log"]) - seen_by.get(humans[0], 0)
        console.print(render_view(state.game.id, final))
        _show_outcome(console, state.outcome, state.game.spec.outcome_text)
    else:
        console.print(Text(f"Quit after {len(state.history)} actions.", style="bold"))
        if save is not None:
            console.print(Text(f"Kept in {save}: `deadtable continue {save}` goes on."),
                          soft_wrap=True)
    if interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C


class _Interrupted(Exception):
    """Ctrl-C while an agent thought: the game stops where it was, and is kept."""


WorkersOpt = Annotated[
    int, typer.Option("--workers", "-w", min=1, help="processes (or Ray CPUs to start)")
]
MaxStepsOpt = Annotated[
    int, typer.Option("--max-steps", min=1, help="give up on a game this long")
]
BackendOpt = Annotated[
    str, typer.Option("--backend", help="process (local processes) or ray")
]
AddressOpt = Annotated[
    str | None, typer.Option("--address", metavar="ADDR", help="a Ray cluster to join")
]
DbOpt = Annotated[
    Path | None,
    typer.Option("--db", metavar="FILE", help="keep the batch in this SQLite file; resume it"),
]
ResumeOpt = Annotated[
    bool,
    typer.Option("--resume", help="insist on resuming a batch kept in --db (else an error)"),
]
RecordsOpt = Annotated[bool, typer.Option("--records", help="with --db: keep every game too")]
PlotOpt = Annotated[
    Path | None, typer.Option("--plot", metavar="FILE.png", help="draw rates and game lengths")
]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")]
SyncDiceOpt = Annotated[
    bool, typer.Option("--sync-dice", help="synchronised dice: the same luck at the same point "
                       "of every game of a seed, a stronger compare (docs/analysis.md)"),
]


@_command("sim")
def sim_command(
    game_id: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="how many games")],
    seed: SeedOpt = None,
    agent: AgentOpt = None,
    option: OptionOpt = None,
    workers: WorkersOpt = 1,
    max_steps: MaxStepsOpt = DEFAULT_MAX_STEPS,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
    db: DbOpt = None,
    resume: ResumeOpt = False,
    records: RecordsOpt = False,
    plot: PlotOpt = None,
    quiet: QuietOpt = False,
    as_json: JsonOpt = False,
    sync_dice: SyncDiceOpt = False,
) -> None:
    """Play many games with agents and count the outcomes.

    Seats without an --agent are played by the random agent. Ctrl-C stops and shows what was
    measured so far; with --db the same command later resumes."""
    game = _load(game_id, option)
    specs = _seat_agents(game, agent or [], default="random")
    if plot is not None:
        _refuse(checks.plot_problem(plot))
    batch_seed = _seed_for(seed, db, resume)
    run = _run_options(backend, address, db, resume, records, workers, sync_dice)
    with _progress(quiet or as_json, f"{game.id}") as progress:
        try:
            result = simulate(game.id, game.options, games, batch_seed, specs, workers,
                              max_steps, progress=progress, **run)
        except (RunawayGame, RuntimeError) as error:
            _fail(str(error), code=1)
        except ValueError as error:
            _fail(str(error))
    if plot is not None:
        _plot(plot, f"{game.spec.name}: {result['games']} games",
              [(_agents_label(result["agents"]), result)])
    if as_json:
        _print_json(result)
    else:
        _show_sim(Console(), game, result)
    if result["interrupted"]:
        raise typer.Exit(130)


@_command("compare")
def compare_command(
    game_id: GameArg,
    a: Annotated[str, typer.Option("--a", metavar="CONFIG", help="agents and/or K=V options")],
    b: Annotated[str, typer.Option("--b", metavar="CONFIG", help="agents and/or K=V options")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="seeds to play")] = 1000,
    seed: SeedOpt = None,
    agent: AgentOpt = None,
    option: OptionOpt = None,
    workers: WorkersOpt = 1,
    max_steps: MaxStepsOpt = DEFAULT_MAX_STEPS,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
    db: DbOpt = None,
    resume: ResumeOpt = False,
    records: RecordsOpt = False,
    plot: PlotOpt = None,
    quiet: QuietOpt = False,
    as_json: JsonOpt = False,
    sync_dice: SyncDiceOpt = False,
) -> None:
    """Play two configurations on the same seeds and test the difference in win rate.

    A CONFIG is words separated by spaces: an agent for every seat ('heuristic',
    'mcts:iterations=100'), SEAT=AGENT for one seat, SIDE=AGENT for the seats of a side,
    or K=V for a game option ('final-battle=survive'). --agent and --option set what both
    share."""
    base = _load(game_id, option)
    config_a = _compare_config(base, "--a", a, agent or [])
    config_b = _compare_config(base, "--b", b, agent or [])
    if plot is not None:
        _refuse(checks.plot_problem(plot))
    batch_seed = _seed_for(seed, db, resume)
    run = _run_options(backend, address, db, resume, records, workers, sync_dice)
    with _progress(quiet or as_json, f"{base.id} A/B") as progress:
        try:
            result = compare(base.id, config_a, config_b, games, batch_seed, workers, max_steps,
                             progress=progress, **run)
        except (RunawayGame, RuntimeError) as error:
            _fail(str(error), code=1)
        except ValueError as error:
            _fail(str(error))
    result["a"]["label"], result["b"]["label"] = a, b
    if plot is not None:
        _plot(plot, f"{base.spec.name}: A = {a}, B = {b}, {result['games']} seeds",
              [(f"A: {a}", result["a"]), (f"B: {b}", result["b"])])
    if as_json:
        _print_json(result)
    else:
        _show_compare(Console(), base, result)
    if result["interrupted"]:
        raise typer.Exit(130)


@_command("bench")
def bench_command(
    game_id: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="a game id; all games if left out")
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games to play")] = 500,
    seed: Annotated[int, typer.Option("--seed", "-s", callback=_seed_in_range, help="seed")] = 1,
    vs: Annotated[
        str | None,
        typer.Option("--vs", metavar="FRAMEWORK",
                     help="also run the same work through a binding (openspiel, gym, "
                          "pettingzoo) and compare"),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Measure speed on this machine (games, steps, clones, MCTS, workers, kernels, reach).

    Games and steps per second with random agents and with each game's own agents, the cost
    of clone() (against copy.deepcopy), to_json() and from_json(), MCTS iterations per second,
    the speed-up from 1 to 2 workers, and, for a game with a compiled kernel, the same random
    play and rollouts with the Python rules; with --vs openspiel, the same games through the
    OpenSpiel binding beside the native ones; with --vs gym, a Gymnasium step of each solo
    game against CartPole's."""
    if vs is not None:
        _bench_vs(game_id, vs, games, seed, as_json)
        return
    from deadtable.sim.bench import bench

    ids = registry.game_ids() if game_id is None else [game_id]
    try:
        results = [bench(g, games, seed) for g in ids]
    except registry.UnknownGame as error:
        _fail(str(error))
    if as_json:
        _print_json(results if game_id is None else results[0])
        return
    table = Table(title="deadtable bench (single process)")
    for column in ("game", "games/s", "steps/s", "clone µs", "deepcopy µs", "speed-up",
                   "to_json µs", "from_json µs"):
        table.add_column(column, justify="right" if column != "game" else "left")
    for r in results:
        table.add_row(
            r["game"], f"{r['games_per_second']:.0f}", f"{r['steps_per_second']:.0f}",
            f"{r['clone_us']:.1f}", f"{r['deepcopy_us']:.0f}", f"{r['clone_speedup']:.0f}×",
            f"{r['to_json_us']:.0f}", f"{r['from_json_us']:.0f}",
        )
    console = Console()
    console.print(table)
    _show_bench_extras(console, results)
    python = results[0]["python"]
    console.print(Text(f"Python {python['version']} ({python['executable']}; "
                       f"{python['compiler']}, {python['build']})"))


def _show_bench_extras(console: Console, results: list[dict[str, Any]]) -> None:
    agents = Table("game", "agent", "games/s", "steps/s", title="agents (single process)")
    for r in results:
        for name, a in r["agents"].items():
            agents.add_row(r["game"], name, f"{a['games_per_second']:.1f}",
                           f"{a['steps_per_second']:.0f}")
    console.print(agents)
    mcts = Table("game", "rollout", "iterations/s", "forward-model calls/s", title="mcts")
    for r in results:
        for rollout, m in r["mcts"].items():
            mcts.add_row(r["game"], rollout, f"{m['iterations_per_second']:.0f}",
                         f"{m['calls_per_second']:.0f}")
    console.print(mcts)
    for r in results:
        w = r["workers"]
        console.print(Text(f"{r['game']}: {w['games']} random games, 1 worker {w['1']:.0f} "
                           f"games/s, 2 workers {w['2']:.0f} games/s: {w['speedup']:.2f}×"))
    for r in results:
        a = r["allocation"]
        console.print(Text(f"{r['game']}: a random step of the Python rules allocates "
                           f"{a['transient_bytes_per_step']:.0f} bytes at its peak and keeps "
                           f"{a['kept_bytes_per_step']:.0f} "
                           f"(tracemalloc, {a['steps']} steps of {a['games']} games)"))
    for r in results:
        if "reach" in r:
            m = r["reach"]
            many = "" if m["longest_route"] == 1 else "s"
            console.print(Text(
                f"{r['game']}: where a figure can still get this turn (reach): {m['mean_ms']:.1f} "
                f"ms of CPU a search, {m['most_ms']:.1f} at most, {m['mean_spaces']:.0f} spaces, "
                f"routes of up to {m['longest_route']} step{many} "
                f"({m['positions']} positions, {m.get('openings', 0)} only past an opening)"))
            for verb, v in m.get("by_verb", {}).items() if len(m.get("by_verb", {})) > 1 else ():
                console.print(Text(
                    f"  at decisions offering {verb!r} steps: {v['mean_ms']:.1f} ms, "
                    f"{v['most_ms']:.1f} at most, {v['mean_spaces']:.0f} spaces, routes of up "
                    f"to {v['longest_route']} ({v['positions']} positions)"))
    for r in results:
        if "compiled" not in r:
            console.print(Text(f"{r['game']}: no kernel: the Python rules play everything"))
            continue
        c = r["compiled"]
        slow = c["python_rules"]
        console.print(Text(
            f"{r['game']}: the kernel plays random games {c['speedup']:.1f}× as fast as the "
            f"Python rules ({slow['random']['games_per_second']:.0f} games/s, "
            f"{slow['random']['steps_per_second']:.0f} steps/s; mcts random rollouts "
            f"{slow['mcts']['random']['iterations_per_second']:.0f} iterations/s), "
            f"allocating {c['allocation']['bytes_per_game']:.0f} bytes a game"))


def _bench_vs(game_id: str | None, vs: str, games: int, seed: int, as_json: bool) -> None:
    """`bench --vs openspiel`: native against the binding, in one run (sim/bench_vs.py)."""
    try:
        from deadtable.envs.encodings import has_encoding
        from deadtable.sim.bench_vs import FRAMEWORKS, bench_vs
    except ImportError as error:
        _fail(f"--vs needs the rl extra (pip install 'deadtable[rl]'): {error}")
    if vs not in FRAMEWORKS:
        _fail(f"--vs {vs!r}: valid frameworks: {', '.join(FRAMEWORKS)}")
    try:
        ids = [g for g in registry.game_ids() if has_encoding(g) and _benched(g, vs)] \
            if game_id is None else [registry.spec(game_id).id]
        results = [bench_vs(g, vs, games, seed) for g in ids]
    except registry.UnknownGame as error:
        _fail(str(error))
    except ImportError as error:
        _fail(f"--vs {vs} needs the rl extra (pip install 'deadtable[rl]'): {error}")
    except LookupError as error:
        _fail(str(error))
    if as_json:
        _print_json(results if game_id is None else results[0])
        return
    if vs == "gym":
        _show_bench_gym(results)
        return
    if vs == "pettingzoo":
        table = Table("game", "seats", "actions", "AEC steps/s", title="deadtable bench --vs "
                      "pettingzoo (random legal play, every seat; CPU time)")
        for r in results:
            table.add_row(r["game"], str(r["seats"]), str(r["actions"]),
                          f"{r['aec']['steps_per_second']:.0f}")
        Console().print(table)
        return
    table = Table(title=f"deadtable bench --vs {vs} (single process)")
    for column in ("game", "path", "games/s", "steps/s", "MCTS iterations/s", "clone µs"):
        table.add_column(column, justify="right" if column not in ("game", "path") else "left",
                         no_wrap=column in ("game", "path"))
    for r in results:
        m, c = r["mcts"], r["clone"]
        native = "native (kernel)" if r["kernel"] else "native"
        table.add_row(r["game"], native, f"{r['native']['games_per_second']:.0f}",
                      f"{r['native']['steps_per_second']:.0f}",
                      f"{m['native_iterations_per_second']:.0f}", f"{c['native_us']:.1f}")
        table.add_row("", vs, f"{r['openspiel']['games_per_second']:.0f}",
                      f"{r['openspiel']['steps_per_second']:.0f}",
                      f"{m['openspiel_iterations_per_second']:.0f}", f"{c['openspiel_us']:.1f}")
        table.add_row("", "native ÷ " + vs, f"{r['games_ratio']:.2f}×", f"{r['steps_ratio']:.2f}×",
                      f"{m['ratio']:.2f}×", f"{c['ratio']:.2f}×")
        slow = r["native_python_rules"]
        if slow is not None:
            table.add_row("", "native, Python rules", f"{slow['games_per_second']:.0f}",
                          f"{slow['steps_per_second']:.0f}", "", "")
    Console().print(table)


def _benched(game_id: str, vs: str) -> bool:
    """Whether `bench --vs` with no game names this one: for gym, a game with a Gym env; for
    openspiel, a game with a kernel (a board game's native games take minutes each: name it
    to run it); for pettingzoo, every game with an encoding."""
    if vs == "gym":
        import deadtable.envs

        return deadtable.envs.gym_id(game_id) in deadtable.envs.GYM_ENVS
    return vs == "pettingzoo" or registry.load(game_id).kernel is not None


def _show_bench_gym(results: list[dict[str, Any]]) -> None:
    table = Table("game", "env", "steps/s", "÷ CartPole", title="deadtable bench --vs gym "
                  "(single process, CPU time)")
    for r in results:
        cartpole = r["cartpole"]["steps_per_second"]
        for name, label in (("gym", "kernel" if r["kernel"] else "Python rules"),
                            ("gym_python_rules", "Python rules"), ("cartpole", "CartPole-v1")):
            if name not in r:  # no kernel: the env plays the Python rules already
                continue
            rate = r[name]["steps_per_second"]
            table.add_row(r["game"], label, f"{rate:.0f}", f"{rate / cartpole:.2f}")
    Console().print(table)


@_command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a replay written by --save")],
    as_json: JsonOpt = False,
    watch: Annotated[
        bool, typer.Option("--watch", help="step through the game one decision at a time: "
                           "Enter for the next, q to stop"),
    ] = False,
    delay: Annotated[
        float | None,
        typer.Option("--delay", min=0, metavar="SECONDS",
                     help="with --watch: go on by itself after this long, without Enter"),
    ] = None,
) -> None:
    """Play a saved replay again and check that it ends as recorded.

    With --watch, see it played: each decision's board and the choice made, one at a time."""
    recorded = _read_replay(file)
    if delay is not None and not watch:
        _fail("--delay is for --watch: `deadtable replay FILE --watch --delay 1`")
    if watch and as_json:
        _fail("--watch draws the game; --json reports on it: give one of them")
    if watch:
        _watch(file, recorded, delay)
        return
    try:
        state = deadtable.replay(recorded)
    except ReplayMismatch as error:
        _fail(f"{file}: the replay does not reproduce: {error}", code=1)
    except (registry.UnknownGame, BadOption, TypeError) as error:
        _fail(f"{file}: {error}")
    outcome = None if state.outcome is None else state.outcome.to_data()
    if recorded.outcome is not None and outcome != recorded.outcome:
        _fail(f"{file}: recorded outcome {recorded.outcome} but replayed {outcome}", code=1)
    report = {
        "ok": True,
        "game": recorded.game,
        "version": recorded.version,
        "seed": recorded.seed,
        "actions": len(recorded.actions),
        "finished": state.outcome is not None,
        "outcome": outcome,
    }
    if as_json:
        _print_json(report)
        return
    ending = "unfinished" if state.outcome is None else _outcome_line(state.outcome)
    Console().print(
        Text(f"ok: {recorded.game}, {len(recorded.actions)} actions reproduced; {ending}")
    )


@_command("serve")
def serve_command(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="port")] = 8000,
    db: Annotated[
        Path, typer.Option("--db", metavar="FILE", help="SQLite file that keeps every game")
    ] = Path("deadtable.sqlite"),
    agent_pause: Annotated[
        float, typer.Option("--agent-pause", min=0, metavar="SECONDS",
                            help="wait before each agent move, so people can follow it"),
    ] = 0.3,
    agent_slots: Annotated[
        int, typer.Option("--agent-slots", min=1,
                          help="agents thinking at once on the server; other games' agents "
                               "wait their turn"),
    ] = 2,
    agent_budget: Annotated[
        int, typer.Option("--agent-budget", min=1,
                          help="the most search one agent move may ask for (mcts iterations); "
                               "a game asking more is refused"),
    ] = 5000,
    agent_games: Annotated[
        int, typer.Option("--agent-games", min=1,
                          help="games with agents at work at once; a new game with agents "
                               "beyond it is refused until one ends"),
    ] = 16,
) -> None:
    """Play in the browser: a lobby and games on http://HOST:PORT/ (needs the web extra)."""
    try:
        from deadtable.ui.web import Limits, serve
    except ImportError as error:
        _fail(f"the web extra is not installed ({error}); pip install 'deadtable[web]'")
    _refuse(checks.db_problem(db))
    try:
        serve(host, port, db, Limits(agent_pause, agent_slots, agent_budget, agent_games))
    except OSError as error:
        _fail(f"cannot serve on {host}:{port} with {db}: {error}")
    except sqlite3.Error as error:
        _fail(f"--db {db}: {error}")


# -- loading and checking what the user typed ------------------------------------------------
def _fail(message: str, code: int = 2) -> NoReturn:
    _echo_error(message, code)
    raise typer.Exit(code)


def _refuse(problem: str | None) -> None:
    """Fail with a check's problem (ui/checks.py), if it found one."""
    if problem is not None:
        _fail(problem)


def _watch(file: Path, recorded: Replay, delay: float | None) -> None:
    """`replay --watch` (ui/watch.py), ending as `replay` ends: the outcome, or how to go on."""
    console = Console()
    try:
        game = registry.load(recorded.game, **recorded.options)
        state = watch.watch(console, game, recorded, delay)
    except (registry.UnknownGame, BadOption, TypeError) as error:
        _fail(f"{file}: {error}")
    except ReplayMismatch as error:
        _fail(f"{file}: the replay does not reproduce: {error}", code=1)
    if state is None:
        return  # stopped by the watcher
    if state.outcome is not None:
        _show_outcome(console, state.outcome)
    else:
        console.print(Text(f"The kept game stops here, unfinished: `deadtable continue {file}` "
                           "goes on.", style="bold"), soft_wrap=True)


def _load(game_id: str, pairs: list[str] | None) -> Game:
    try:
        spec = registry.spec(game_id)
        return spec.bind(**spec.options.parse_pairs(pairs or []))
    except (registry.UnknownGame, BadOption) as error:
        _fail(str(error))


def _seat_agents(game: Game, given: list[str], default: str | None = None,
                 base: dict[str, str] | None = None, flag: str = "--agent",
                 people: bool = False) -> dict[str, str]:
    """--agent values -> seat -> agent spec. 'SEAT=AGENT' is one seat, 'SIDE=AGENT' the seats
    of a side and 'AGENT' every seat; a seat's own spec wins over its side's, and a side's
    over one for every seat, whatever their order. Seats none of them names keep their spec
    in `base`, else get `default` (None: a person plays them). With `people` (play), the
    spec 'human' leaves a seat to a person: `-a random -a hero-1=human`. An agent given a
    seat it does not play is refused, a bare AGENT too where it cannot play every seat
    (Left 4 Dead's `heuristic`): then name the seats or side it plays."""
    named: dict[str, str] = {}
    everyone = None
    for item in given:
        head, eq, tail = item.partition("=")
        if eq and ":" not in head:  # an agent's own k=v come after its name and a ':'
            named[head] = tail
        else:
            everyone = item
    start = dict(base) if base is not None else (
        {} if default is None else dict.fromkeys(game.seats, default))
    try:
        specs = assign(game, named, everyone, start)
    except UnknownSeat as error:
        _fail(f"{flag}: {error}")
    if people:
        specs = {seat: spec for seat, spec in specs.items() if spec != HUMAN}
    for spec in set(specs.values()):
        try:
            _check_agent(spec, game.id)
        except (ValueError, TypeError) as error:
            _fail(f"{flag} {spec!r}: {error}")
    try:
        check_seating(game, specs)
    except WrongSeat as error:
        _fail(f"{flag}: {error}{_bare_hint(game, flag, everyone, specs)}")
    return specs


def _bare_hint(game: Game, flag: str, everyone: str | None, specs: dict[str, str]) -> str:
    """For a bare AGENT that cannot play every seat: how to give it only the seats it plays."""
    if everyone is None or everyone not in specs.values():
        return ""
    declared = seats_played(everyone.partition(":")[0], game.id)
    if not declared:
        return ""
    return (f"; a bare {everyone!r} is every seat's: give it the seats it plays, e.g. "
            f"{flag} {declared[0]}={everyone}")


def _check_agent(spec: str, game_id: str) -> None:
    """Make the agent once, so that its own checks run now rather than mid-game, and so does
    the agent it plays its rollouts with (mcts's `rollout=`, made at its first move)."""
    agent = agent_maker(spec, game_id)(0)
    rollout = getattr(agent, "rollout", None)
    if isinstance(rollout, str) and rollout not in EVERY_SEAT_ROLLOUTS:  # lineup: the game's own
        try:
            _check_agent(rollout, game_id)
        except (ValueError, TypeError) as error:
            raise ValueError(f"rollout={rollout}: {error}") from None


def _seats_text(seats: list[str], sides: dict[str, list[str]]) -> str:
    """'a, b', or 'heroes: a, b; zombies: c' where the game groups its seats into sides."""
    if all(members == [side] for side, members in sides.items()):
        return ", ".join(seats)
    return "; ".join(f"{side}: {', '.join(members)}" for side, members in sides.items())


def _fresh_seed() -> int:
    return int.from_bytes(os.urandom(8), "little") >> 1  # as Game.new picks one


def _seed_for(seed: int | None, db: Path | None, resume: bool) -> int:
    if seed is None and (db is not None or resume):
        # A batch is found again by its seed among other things: a random one never would be.
        _fail("--db and --resume need --seed, so the same command finds the same batch")
    return _fresh_seed() if seed is None else seed


def _run_options(
    backend: str, address: str | None, db: Path | None, resume: bool, records: bool,
    workers: int, sync_dice: bool,
) -> dict[str, Any]:
    from deadtable.sim.run import BACKENDS

    if backend not in BACKENDS:
        _fail(f"unknown backend {backend!r}; valid backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        _fail("--address is for --backend ray")
    if db is not None:
        _refuse(checks.store_problem(db))
    if (resume or records) and db is None:
        _fail("--resume and --records need --db FILE")
    if resume and not (db is not None and db.exists()):
        _fail(f"--resume: there is no results store at {db}")
    return {"backend": backend, "address": address,
            "db": None if db is None else str(db), "records": records, "resume": resume,
            "sync_dice": sync_dice}


def _compare_config(base: Game, flag: str, text: str, shared_agents: list[str]) -> Config:
    """A compare CONFIG: agent specs, SEAT=AGENT and K=V option words."""
    names = {o.name for o in base.spec.options}
    pairs: list[str] = []
    agents: list[str] = []
    for word in text.split():
        head, eq, value = word.partition("=")
        if eq and ":" not in head and head in names and not _seats_an_agent(base, head, value):
            pairs.append(word)
        else:
            agents.append(word)
    options = {k: v for k, v in base.options.items()}
    try:
        options.update(base.spec.options.parse_pairs(pairs))
        game = base.spec.bind(**options)
    except BadOption as error:
        _fail(f"{flag} {text!r}: {error}")
    shared = _seat_agents(game, shared_agents, default="random")
    specs = _seat_agents(game, agents, base=shared, flag=flag)
    return Config(dict(game.options), specs)


def _seats_an_agent(game: Game, head: str, value: str) -> bool:
    """Whether HEAD=VALUE gives a seat or side an agent, where HEAD also names an option (Left
    4 Dead's `survivors` seat and option): so when VALUE is an agent's name."""
    return ((head in game.seats or head in game.sides)
            and value.partition(":")[0] in agent_names(game.id))


def _agents_label(agents: dict[str, str]) -> str:
    specs = set(agents.values())
    if len(specs) == 1:
        return next(iter(specs))
    return ", ".join(f"{seat}={spec}" for seat, spec in agents.items())


def _plot(path: Path, title: str, batches: list[tuple[str, dict[str, Any]]]) -> None:
    from deadtable.sim.plot import plot_batches

    try:
        plot_batches(str(path), title, batches)
    except RuntimeError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"cannot write the plot to {path}: {error}")


class _GamesRate(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.1f} games/s", style="progress.data.speed")


@contextmanager
def _progress(off: bool, label: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr with the rate and the time left, fed by run_batch."""
    if off:
        yield None
        return
    bar = Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), _GamesRate(),
        TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
        console=Console(stderr=True), transient=False,
    )
    task = bar.add_task(label, total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    with bar:
        yield update


# -- playing at the terminal -----------------------------------------------------------------
def _play(console: Console, state: GameState, agents: dict[str, Agent],
          after_yours: Callable[[], None], undo: UndoStack, seen_by: dict[str, int],
          standings: standing_cli.Standings | None = None) -> bool:
    """Play until the game ends (True) or a person quits (False); `after_yours` is called
    after each move a person makes. Every move goes through `undo`, so that an agent's
    closes a person's window; agents alone never undo, and need no copies. Each person's
    board shows every event since they last decided; `seen_by` counts, per human seat, the
    events of its log shown so far.

    With several human seats (hot-seat) each person sees only their own seat's view: when the
    deciding human seat changes, the screen is cleared and says whom to pass to, and waits
    for Enter before it shows that seat anything. Agents' moves are shown as the public
    events they make (an action's label is written for its seat and may name a secret),
    except in a one-seat game, where there is nobody to keep a secret from."""
    humans = [seat for seat in state.game.seats if seat not in agents]
    hot_seat = len(humans) > 1
    facing: str | None = None  # the human seat the screen shows now
    agent_steps = 0
    # a person's standing macro order: it goes on when their seat is asked again in its run
    # (the rest of their zombies stay past the other zombie player's: engine/macros.py)
    orders: dict[str, StandingOrder] = {}
    told: dict[str, str] = {}  # why a seat's standing macro ended, said when it is asked
    if standings is None:  # `auto`: a person's standing answers
        standings = standing_cli.Standings(state, agents)
    answerers = {seat: (lambda s, a=a: a.act(observe(s)))
                 for seat, a in agents.items()}
    paused: go_cli.Paused | None = None  # a walk waiting for a person's answer
    said: dict[str, list[str]] = {}  # seat -> lines for it, kept until it faces the screen
    while (decision := state.decision) is not None:
        if orders and decision.seat in orders:
            told.update(macro_cli.follow(console, state, orders,
                                         lambda _s, a: undo.apply(state, a)))
            after_yours()
            continue
        agent = agents.get(decision.seat)
        if agent is None:
            stood = standings.answer(state)
            if stood is not None:  # their standing answer: played for them, unprompted
                undo.apply(state, stood)
                after_yours()
                continue
            if paused is not None and paused.resumes(state):  # they let it: the walk goes on
                quiet = Console(record=True, width=console.width, file=io.StringIO())
                walking, paused = paused, None
                paused = go_cli.walk(quiet, state, walking.seat, walking.route,
                                     lambda step: undo.apply(state, step), answerers,
                                     standings.answer, walking.n, walking.moved)
                # said to the walker only, when they face the screen (the route is theirs)
                said.setdefault(walking.seat, []).append(quiet.export_text().rstrip())
                after_yours()
                continue
            if paused is not None and len(state.history) > paused.at:
                paused = None  # they did not let it go on: the log says what happened
            if hot_seat and decision.seat != facing:
                if not _pass_to(console, decision.seat):
                    return False
                facing = decision.seat
            view = state.view(decision.seat)
            # every event since this seat last decided, however many one keypress resolved
            view["unseen"] = len(view["log"]) - seen_by.get(decision.seat, 0)
            seen_by[decision.seat] = len(view["log"])
            console.print(render_view(state.game.id, view, decision))
            if decision.seat in told:
                console.print(Text(told.pop(decision.seat), style="yellow"), soft_wrap=True)
            for line in said.pop(decision.seat, []):  # under the board, over the choices
                console.print(Text(line, style="bold"), soft_wrap=True)
            action_id = _ask(console, decision, state, undo.refusal(state, decision.seat),
                             standings)
            if action_id is None:
                return False
            if isinstance(action_id, Macro):  # `rest`: its actions through undo, each
                order = macro_cli.play(console, state, decision.seat, action_id,
                                       lambda step: undo.apply(state, step))
                if order is not None:
                    orders[decision.seat] = order
                after_yours()
                continue
            if isinstance(action_id, Route):  # `go SPACE`: the steps through undo, each
                # (an agent's or a standing answer on the way too: a pass lets the walk go
                # on; a person's is waited for, and the walk goes on by itself, go_cli.py)
                paused = go_cli.walk(console, state, decision.seat, action_id,
                                     lambda step: undo.apply(state, step), answerers,
                                     standings.answer)
                after_yours()
                continue
            if action_id == _UNDO:
                step = undo.undo(state, decision.seat)
                orders.pop(decision.seat, None)
                console.print(Text(f"Undone: {step.label}", style="bold"), soft_wrap=True)
                after_yours()  # the save forgets it too
                continue
        else:
            agent_steps += 1
            if agent_steps > DEFAULT_MAX_STEPS:
                _fail(f"the agents made {DEFAULT_MAX_STEPS} moves and the game has not ended", 1)
            try:
                action_id = agent.act(observe(state))
            except KeyboardInterrupt:  # Ctrl-C while it thinks: stop here, keep the game
                console.print(Text(f"Interrupted while {decision.seat}'s agent was thinking.",
                                   style="bold"))
                raise _Interrupted from None
            if len(state.game.seats) == 1:
                label = decision.get(action_id)
                shown = label.label if label is not None else action_id
                console.print(Text(f"{decision.seat}: {shown}", style="dim"))
        seen = len(_public_log(state))
        if humans:
            undo.apply(state, action_id)
        else:
            state.apply(action_id)
        if agent is None:
            after_yours()
        elif len(state.game.seats) > 1:
            for line in _public_log(state)[seen:]:
                console.print(Text(line, style="dim"), soft_wrap=True)
    return True


def _public_log(state: GameState) -> list[str]:
    """The public events so far, as text (an event may be a plain string or {"text": ...})."""
    return [line["text"] if isinstance(line, dict) else str(line)
            for line in state.public_view()["log"]]


# Clear the screen and the terminal's scrollback (3J), so the next person cannot scroll back
# to the last one's secrets.
_CLEAR = "\033[H\033[2J\033[3J"


def _pass_to(console: Console, seat: str) -> bool:
    """The hot-seat screen between two people: cleared, naming who plays next, shown until
    Enter. False if they quit instead (q, end of input)."""
    if console.is_terminal:
        console.file.write(_CLEAR)
        console.file.flush()
    console.rule(f"Pass to {seat}")
    console.print(Text(f"Only {seat} may look now. {seat}: press Enter to see your seat "
                       f"(q quits).", style="bold"), soft_wrap=True)
    try:
        answer = input()
    except (EOFError, KeyboardInterrupt):
        console.print()
        return False
    return answer.strip().lower() not in ("q", "quit")


_UNDO = "\0undo"  # what _ask returns for `undo`: no action id holds a NUL


def _ask(console: Console, decision: Decision, state: GameState, no_undo: str | None,
         standings: standing_cli.Standings | None = None) -> str | Route | Macro | None:
    """A legal action id read from stdin, None if the person quits (q, end of input),
    _UNDO when they take back their last decision (`no_undo`: why they may not, or None), or
    the route `go SPACE` asks for (ui/go_cli.py), or the macro typed (its word: ui/macro_cli.py).
    Commands (log, help, ...: ui/commands.py)
    are answered on the way."""
    # Spaces by name, where a game's actions number them (the board's names are public).
    decision = choose.with_space_names(decision, getattr(getattr(state, "board", None),
                                                         "names", None))
    _show_actions(console, decision)
    go = go_cli.offered(state, decision)
    console.print(Text(f"  (or {commands.usage(state)}{', ' + go_cli.USAGE if go else ''}; "
                       f"q quits)", style="dim"))
    if no_undo is None:
        console.print(Text("  undo: take back your last decision", style="dim"))
    macros = macro_cli.macros(state, decision)
    macro_cli.show(console, macros)
    if standings is not None:
        standings.show(console, state, decision.seat)
    count = len(decision.actions)
    if count == 1:
        console.print(Text("  Enter takes the only choice", style="dim"))
    figure: str | None = None  # a figure named by an earlier answer (choose.py)
    while True:
        try:
            answer = input(f"{decision.seat}> ").strip()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return None
        if not sys.stdin.isatty():
            console.print(Text(answer))  # piped answers are not echoed; keep the transcript
        if answer in decision:
            return answer
        if not answer and count == 1:
            return decision.actions[0].id
        if answer.isdigit() and 1 <= int(answer) <= count:
            return decision.actions[int(answer) - 1].id
        if answer.lower() in ("q", "quit"):
            return None
        if answer.lower() == "undo":
            if no_undo is None:
                return _UNDO
            console.print(Text(f"cannot undo: {no_undo}", style="red"), soft_wrap=True)
            continue
        if standings is not None and standings.ask(console, state, decision.seat, answer):
            if (stood := standings.answer(state)) is not None:
                return stood  # set while asked: it answers now
            continue
        if (macro := macro_cli.ask(macros, answer)) is not None:
            if macro.action is not None:
                return macro
            console.print(Text(f"{macro.id}: {macro.note}", style="red"), soft_wrap=True)
            continue
        if answer.lower().split(" ", 1)[0] == "go" and state.game.spec.moves:
            # where `go` is not offered, ask says why (nothing moves; one step away only)
            route = go_cli.ask(console, state, decision, answer[2:].strip())
            if route is not None:
                return route
            continue
        if commands.run(console, state, decision, answer):
            continue
        chosen = choose.choose(decision, answer, figure, _toward(state, decision.seat))
        if chosen is not None:
            if chosen.action is not None:
                if chosen.message:
                    console.print(Text(chosen.message, style="dim"))
                return chosen.action
            figure = chosen.figure
            console.print(Text(chosen.message, style="yellow"))
            continue
        by_args = ", a space or a figure" if choose.has_spaces(decision) else ""
        what = (f"Enter alone takes only a single choice, and there are {count}" if not answer
                else f"{answer!r} is not an action here")
        console.print(
            Text(
                f"{what}: type a number from 1 to {count}, "
                f"an action id{by_args}, help, or q to quit",
                style="red",
            )
        )


def _toward(state: GameState, seat: str) -> dict[str, str] | None:
    """The view's `toward` (a far space -> the first step toward it), where the game gives one."""
    found = state.view(seat).get("toward")
    return found if isinstance(found, dict) else None


def _show_actions(console: Console, decision: Decision) -> None:
    if choose.has_spaces(decision):
        choose.show(console, decision)
        return
    console.print(Text(f"{decision.seat}: {decision.prompt}", style="bold"))
    for number, action in enumerate(decision.actions, 1):
        console.print(Text.assemble(f"  {number:>2}. {action.label}  ", (action.id, "dim")))


def _read_replay(file: Path) -> Replay:
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        _fail(f"cannot read {file}: {error}")
    try:
        return Replay.from_json(text)
    except (ValueError, TypeError) as error:
        _fail(f"{file}: {error}")


def _save(path: Path, replay: Replay) -> None:
    try:
        path.write_text(replay.to_json() + "\n", encoding="utf-8")
    except OSError as error:
        _fail(f"cannot write the replay to {path}: {error}")


def _outcome_line(outcome: Outcome) -> str:
    results = ", ".join(f"{seat} {result}" for seat, result in outcome.results.items())
    return f"{outcome.label} ({outcome.cause}): {results}"


def _show_outcome(console: Console, outcome: Outcome,
                  worded: Callable[[Outcome], str] | None = None) -> None:
    console.print(Text(f"Game over: {_outcome_line(outcome)}", style="bold"))
    if worded is not None:  # the game words its result itself
        console.print(Text(worded(outcome)))
    elif outcome.scores:
        scores = ", ".join(f"{seat} {score:g}" for seat, score in outcome.scores.items())
        console.print(Text(f"Scores: {scores}"))


# -- output -----------------------------------------------------------------------------------
def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2))


def _show_sim(console: Console, game: Game, result: dict[str, Any]) -> None:
    games = result["games"]
    if result["interrupted"]:
        console.print(Text(f"Interrupted: {games} of {result['requested']} games measured.",
                           style="bold yellow"))
    if games == 0:
        return
    dice = ", synchronised dice" if result.get("sync_dice") else ""
    table = Table("outcome", "count", "share", title=f"{game.spec.name}: {games} games{dice}")
    for label, count in result["outcomes"].items():
        table.add_row(label, str(count), f"{count / games:.1%}")
    console.print(table)
    first = game.seats[0]
    lo, hi = result["ci95"]
    console.print(
        Text(
            f"win rate ({first}): {result['win_rate']:.2%}  95% CI {lo:.2%} to {hi:.2%}",
            style="bold",
        )
    )
    console.print(_rates_table(f"{first}'s results (Wilson 95% interval)", [("", result)]))
    if _has_sides(result["sides"]):
        console.print(_sides_table(result["sides"]))
    console.print(Text(_length_line(result)))
    causes = ", ".join(f"{cause} {count}" for cause, count in result["causes"].items())
    console.print(Text(f"causes: {causes}"))
    if result["loss_causes"]:
        losses = ", ".join(f"{c} {n}" for c, n in result["loss_causes"].items())
        console.print(Text(f"causes of {first}'s losses: {losses}"))
    agents = ", ".join(f"{seat}={spec}" for seat, spec in result["agents"].items())
    resumed = f"; {result['resumed']} games from the store" if result["resumed"] else ""
    console.print(
        Text(
            f"seed {result['seed']}; agents {agents}; "
            f"{result['games_per_second']:.0f} games/s{resumed}"
        )
    )


def _rates_table(title: str, rows: list[tuple[str, dict[str, Any]]]) -> Table:
    table = Table(title=title)
    if any(label for label, _ in rows):
        table.add_column("config")
    for column in ("win", "draw", "loss"):
        table.add_column(column, justify="right")
    for label, summary in rows:
        cells = []
        for key in ("win", "draw", "loss"):
            rate = summary["rates"][key]
            lo, hi = rate["ci95"]
            cells.append(f"{rate['rate']:.3f} [{lo:.3f}, {hi:.3f}]")
        table.add_row(*([label] if any(lbl for lbl, _ in rows) else []), *cells)
    return table


def _has_sides(sides: dict[str, Any]) -> bool:
    """Whether a per-side table says more than the first seat's: several sides, or a side of
    several seats."""
    return len(sides) > 1 or any(len(side["seats"]) > 1 for side in sides.values())


def _sides_table(sides: dict[str, Any], title: str = "Each side's results") -> Table:
    table = Table(title=f"{title} (Wilson 95% interval)")
    for column in ("side", "games", "win", "draw", "loss"):
        table.add_column(column, justify="left" if column == "side" else "right")
    for name, side in sides.items():
        cells = []
        for key in ("win", "draw", "loss"):
            rate = side["rates"][key]
            lo, hi = rate["ci95"]
            cells.append(f"{rate['rate']:.3f} [{lo:.3f}, {hi:.3f}]")
        seats = side["seats"]
        label = name if seats == [name] else f"{name} ({', '.join(seats)})"
        table.add_row(label, str(side["games"]), *cells)
    return table


def _length_line(summary: dict[str, Any]) -> str:
    length = summary["length"]
    return (f"game length: mean {length['mean']:.1f} (sd {length['sd']:.1f}); "
            f"min {length['min']}, p10 {length['p10']}, median {length['median']}, "
            f"p90 {length['p90']}, max {length['max']}")


def _show_compare(console: Console, game: Game, result: dict[str, Any]) -> None:
    games = result["games"]
    if result["interrupted"]:
        console.print(Text(f"Interrupted: {games} of {result['requested']} seeds measured.",
                           style="bold yellow"))
    if games == 0:
        return
    rows = [(f"A: {result['a']['label']}", result["a"]), (f"B: {result['b']['label']}",
                                                          result["b"])]
    console.print(_rates_table(f"{game.spec.name}: {games} seeds, each played by A and B", rows))
    for label, side in rows:
        if _has_sides(side["sides"]):
            console.print(_sides_table(side["sides"], f"{label}: each side's results"))
        console.print(Text(f"{label}: {_length_line(side)}"))
    lo, hi = result["ci95"]
    pairs = result["pairs"]
    console.print(Text(
        f"win rate A - B: {result['difference']:+.4f}, 95% CI [{lo:+.4f}, {hi:+.4f}] "
        f"(Newcombe, paired); p = {result['p_value']:.3g}, {result['test']}", style="bold"))
    console.print(Text(
        f"seeds won by both {pairs['both']}, by A only {pairs['only_a']}, by B only "
        f"{pairs['only_b']}, by neither {pairs['neither']}; seed {result['seed']}"
        f"{', synchronised dice' if result.get('sync_dice') else ''}"))


if __name__ == "__main__":  # `python -m deadtable.ui.cli`, as helpers and worktrees run it
    main()
