"""MaskablePPO baselines: a learning curve on a solo game, against the random and heuristic
agents on the same held-out games (docs/research.md#baselines).

    pip install -e '.[rl,baselines]'   # torch 2.13.0 (CPU), stable-baselines3, sb3-contrib
    python scripts/baselines.py train one-against-the-dead --timesteps 300000 \\
        --out docs/baselines/one-against-the-dead
    python scripts/baselines.py plot docs/baselines/one-against-the-dead.json

`train` writes OUT.json (the curve, the baselines, versions, budgets) and OUT.png. The held-out
games are game i = derive_seed(EVAL_SEED, i) for i < EVAL_GAMES: the very games `deadtable sim
GAME --seed EVAL_SEED -n EVAL_GAMES` plays, which is how random and heuristic are measured here.
Training deals its games from its own generator and skips every held-out seed.

Only `train` imports torch and sb3-contrib; the evaluation, the curve and the plot need the rl
extra (and matplotlib for the plot), so tests/test_baselines.py runs them without torch.
"""

from __future__ import annotations

import json
import os
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any

import gymnasium as gym
import numpy as np
import typer

from deadtable import registry
from deadtable.engine.dice import derive_seed
from deadtable.engine.game import Game
from deadtable.engine.options import BadOption
from deadtable.envs.common import SEED_BOUND
from deadtable.envs.gym_env import DeadtableEnv
from deadtable.sim.run import play_one
from deadtable.sim.stats import wilson

EVAL_SEED = 22  # the held-out games' batch seed (issue 22)
MAX_STEPS = 100_000  # a held-out game longer than this is a bug, not a result

# (observations, legal actions as booleans), one row per game -> the action integers to play
Policy = Callable[[np.ndarray, np.ndarray], np.ndarray]


# -- the held-out games and their evaluation (no torch) -------------------------------------
def held_out_seeds(eval_seed: int, games: int) -> list[int]:
    """The game seeds of `deadtable sim --seed eval_seed -n games`, in order."""
    return [derive_seed(eval_seed, i) for i in range(games)]


@dataclass(frozen=True)
class Point:
    """Win rate on the held-out games, with its Wilson 95% interval."""

    timesteps: int
    wins: int
    games: int
    win_rate: float
    ci95: tuple[float, float]

    @classmethod
    def of(cls, timesteps: int, won: Sequence[bool]) -> Point:
        wins, games = sum(won), len(won)
        return cls(timesteps, wins, games, wins / games if games else 0.0, wilson(wins, games))


def evaluate_policy(game: Game, seeds: Sequence[int], act: Policy) -> list[bool]:
    """Play `act` on each game seed through the Gym env (the PPO's own interface), every game
    at once so that the policy decides for all of them in one batch; whether each was won."""
    envs = [DeadtableEnv(game.id, dict(game.options)) for _ in seeds]
    observations = [env.reset(options={"game_seed": seed})[0]["observation"]
                    for env, seed in zip(envs, seeds, strict=True)]
    won: list[bool | None] = [None] * len(envs)
    playing = list(range(len(envs)))
    for _ in range(MAX_STEPS):
        if not playing:
            return [bool(w) for w in won]
        actions = act(np.stack([observations[i] for i in playing]),
                      np.stack([envs[i].action_masks() for i in playing]))
        for i, action in zip(playing, actions, strict=True):
            obs, reward, over, _, _ = envs[i].step(int(action))
            observations[i] = obs["observation"]
            if over:
                won[i] = float(reward) > 0
        playing = [i for i in playing if won[i] is None]
    raise RuntimeError(f"{game.id}: {len(playing)} held-out games did not end in {MAX_STEPS} "
                       "steps")


def evaluate_agent(game: Game, agent: str, eval_seed: int, games: int) -> list[bool]:
    """The deadtable agent `agent` on the held-out games, exactly as `deadtable sim` plays
    them (the same game seeds, the same agent seeds)."""
    (seat,) = game.seats
    return [play_one(game, eval_seed, {seat: agent}, i).results[seat] == "win"
            for i in range(games)]


class TrainingGames(gym.Wrapper[np.ndarray, Any, Any, Any]):
    """The env a learner trains on: games dealt from this wrapper's own generator, never one
    of the held-out seeds, and the observation vector alone (the mask reaches MaskablePPO
    through `action_masks()`)."""

    def __init__(self, env: DeadtableEnv, held_out: set[int], seed: int) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]
        self.held_out = held_out
        self.rng = np.random.default_rng(seed)
        self.dealt = 0

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        game_seed = int(self.rng.integers(0, SEED_BOUND))
        while game_seed in self.held_out:
            game_seed = int(self.rng.integers(0, SEED_BOUND))
        self.dealt += 1
        obs, info = self.env.reset(options={"game_seed": game_seed})
        return obs["observation"], info

    def step(self, action: Any) -> tuple[np.ndarray, Any, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        return obs["observation"], reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined]


def label(game: Game, named: Sequence[str] = ()) -> str:
    """The game and its options that were `named` or differ from their defaults, e.g.
    "chainsaw-warrior difficulty=easy"."""
    defaults = {o.name: o.default for o in game.spec.options}
    changed = [f"{k}={v}" for k, v in game.options.items()
               if k in named or defaults.get(k) != v]
    return " ".join([game.id, *changed])


def curve_record(game: Game, points: Sequence[Point], baselines: dict[str, Point],
                 run: dict[str, Any], named: Sequence[str] = ()) -> dict[str, Any]:
    """What OUT.json holds: the game, the held-out games, the curve and the baselines."""
    return {
        "game": game.id,
        "options": dict(game.options),
        "label": label(game, named),
        "curve": [asdict(p) for p in points],
        "baselines": {name: asdict(p) for name, p in baselines.items()},
        **run,
    }


def plot_curve(record: dict[str, Any], path: Path) -> None:
    """The PPO's win rate over training (Wilson 95% bars) and the agents' as bands."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2))
    curve = record["curve"]
    steps = [p["timesteps"] for p in curve]
    rates = [p["win_rate"] for p in curve]
    errors = [[p["win_rate"] - p["ci95"][0] for p in curve],
              [p["ci95"][1] - p["win_rate"] for p in curve]]
    ax.errorbar(steps, rates, yerr=errors, marker="o", capsize=3, label="MaskablePPO")
    for (name, point), colour in zip(record["baselines"].items(), ("grey", "tab:red"),
                                     strict=False):
        low, high = point["ci95"]
        ax.axhline(point["win_rate"], color=colour, linestyle="--",
                   label=f"{name} {point['win_rate']:.1%}")
        ax.axhspan(low, high, color=colour, alpha=0.15)
    minutes = record.get("train_cpu_seconds", 0) / 60
    ax.set_title(f"{record['label']}: {curve[-1]['games']} held-out games, "
                 f"{minutes:.1f} CPU min of training", fontsize=10)
    ax.set_xlabel("training timesteps")
    ax.set_ylabel("win rate (Wilson 95% interval)")
    ax.set_ylim(bottom=0)
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


# -- training (torch and sb3-contrib) --------------------------------------------------------
def versions() -> dict[str, str]:
    found = {"python": platform.python_version()}
    for name in ("torch", "stable-baselines3", "sb3-contrib", "gymnasium", "numpy"):
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


@dataclass(frozen=True)
class Settings:
    """The run's settings, recorded beside its curve."""

    timesteps: int
    checkpoints: int
    eval_games: int
    eval_seed: int
    seed: int
    n_envs: int
    n_steps: int
    batch_size: int
    n_epochs: int
    learning_rate: float
    ent_coef: float
    gamma: float
    threads: int


def train(game: Game, settings: Settings, out: Path, named: Sequence[str] = ()) -> dict[str, Any]:
    """Train MaskablePPO on `game` for `settings.timesteps`, evaluating it on the held-out
    games at `settings.checkpoints` evenly spaced points (and before training); write
    OUT.json and OUT.png (again at each checkpoint, so a run cut short keeps its curve); return the
    record."""
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError as error:
        raise RuntimeError("training needs the baselines extra: pip install -e "
                           "'.[rl,baselines]' (torch 2.13.0, sb3-contrib)") from error
    torch.set_num_threads(settings.threads)
    s = settings
    seeds = held_out_seeds(s.eval_seed, s.eval_games)
    held = set(seeds)
    options = dict(game.options)

    def maker(rank: int) -> Callable[[], TrainingGames]:
        return lambda: TrainingGames(DeadtableEnv(game.id, options), held, s.seed + rank)

    venv = DummyVecEnv([maker(rank) for rank in range(s.n_envs)])
    model = MaskablePPO("MlpPolicy", venv, n_steps=s.n_steps, batch_size=s.batch_size,
                        n_epochs=s.n_epochs, learning_rate=s.learning_rate,
                        ent_coef=s.ent_coef, gamma=s.gamma, seed=s.seed, verbose=0,
                        device="cpu")

    def act(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        actions, _ = model.predict(observations, action_masks=masks, deterministic=True)
        return actions

    started, train_cpu, eval_cpu = time.monotonic(), 0.0, 0.0
    clock = time.process_time()
    baselines = {agent: Point.of(0, evaluate_agent(game, agent, s.eval_seed, s.eval_games))
                 for agent in ("random", "heuristic")}
    points = [Point.of(0, evaluate_policy(game, seeds, act))]
    eval_cpu += time.process_time() - clock

    def record() -> dict[str, Any]:
        return curve_record(game, points, baselines, {
            "settings": asdict(s),
            "finished": points[-1].timesteps >= target_of(s.checkpoints),
            "train_cpu_seconds": round(train_cpu, 1),
            "eval_cpu_seconds": round(eval_cpu, 1),
            "wall_seconds": round(time.monotonic() - started, 1),
            "training_games": sum(env.dealt for env in venv.envs),
            "versions": versions(),
            "machine": machine(),
        }, named)

    def target_of(k: int) -> int:
        rollout = s.n_envs * s.n_steps  # learn() stops only at the end of a rollout
        return max(rollout, round(s.timesteps * k / s.checkpoints / rollout) * rollout)

    for k in range(1, s.checkpoints + 1):
        clock = time.process_time()
        if target_of(k) > model.num_timesteps:
            model.learn(target_of(k) - model.num_timesteps, reset_num_timesteps=False)
        train_cpu += time.process_time() - clock
        clock = time.process_time()
        points.append(Point.of(model.num_timesteps, evaluate_policy(game, seeds, act)))
        eval_cpu += time.process_time() - clock
        last = points[-1]
        print(f"{label(game, named)}: {last.timesteps} steps, PPO {last.win_rate:.1%} "
              f"[{last.ci95[0]:.1%}, {last.ci95[1]:.1%}], {train_cpu / 60:.1f} CPU min "
              "training", flush=True)
        write(record(), out)  # at each checkpoint: a run cut short keeps its curve so far
    return record()


def write(record: dict[str, Any], out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    plot_curve(record, out.with_suffix(".png"))


# -- the command line ------------------------------------------------------------------------
app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="MaskablePPO learning curves against random and heuristic play.")


def load_game(game_id: str, pairs: list[str] | None) -> Game:
    """The game with its K=V options; a clear error (no traceback) when either is wrong."""
    try:
        game = registry.spec(game_id).bind(**registry.spec(game_id).options.parse_pairs(
            pairs or []))
    except (registry.UnknownGame, BadOption) as error:
        raise typer.BadParameter(str(error)) from error
    if len(game.seats) != 1:
        raise typer.BadParameter(f"{game_id} has {len(game.seats)} seats; the baselines are "
                                 "for solo games (one-against-the-dead, chainsaw-warrior)")
    return game


@app.command("train")
def train_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="a solo game")],
    out: Annotated[Path, typer.Option(help="OUT.json and OUT.png are written")],
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="K=V", help="a game option; repeat for more")] = None,
    timesteps: Annotated[int, typer.Option(min=1, help="training steps in all")] = 200_000,
    checkpoints: Annotated[int, typer.Option(min=1, help="evaluations during training")] = 5,
    eval_games: Annotated[int, typer.Option(min=1, help="held-out games per evaluation")] = 300,
    eval_seed: Annotated[int, typer.Option(help="the held-out games' batch seed")] = EVAL_SEED,
    seed: Annotated[int, typer.Option(help="training seed")] = 0,
    n_envs: Annotated[int, typer.Option(min=1, help="envs stepped in turn")] = 4,
    n_steps: Annotated[int, typer.Option(min=1, help="steps per env per rollout")] = 512,
    batch_size: Annotated[int, typer.Option(min=2)] = 256,
    n_epochs: Annotated[int, typer.Option(min=1)] = 5,
    learning_rate: Annotated[float, typer.Option(min=0)] = 3e-4,
    ent_coef: Annotated[float, typer.Option(min=0)] = 0.0,
    gamma: Annotated[float, typer.Option(min=0, max=1)] = 0.99,
    threads: Annotated[int, typer.Option(min=1, help="torch threads")] = 1,
) -> None:
    """Train MaskablePPO on GAME, evaluating it at checkpoints on held-out games that random
    and the game's heuristic play too."""
    game = load_game(game_id, option)
    settings = Settings(timesteps, checkpoints, eval_games, eval_seed, seed, n_envs, n_steps,
                        batch_size, n_epochs, learning_rate, ent_coef, gamma, threads)
    try:
        train(game, settings, out, [pair.partition("=")[0].strip() for pair in option or []])
    except RuntimeError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None


@app.command("plot")
def plot_command(
    record: Annotated[Path, typer.Argument(metavar="OUT.json", exists=True, dir_okay=False)],
) -> None:
    """Draw OUT.png again from OUT.json."""
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
        plot_curve(data, record.with_suffix(".png"))
    except (json.JSONDecodeError, KeyError, TypeError) as error:
        raise typer.BadParameter(f"{record} is not a curve written by `train`: {error}") \
            from error


def markdown_table(records: Sequence[dict[str, Any]]) -> str:
    """The final win rates of PPO, random and the heuristic on each run's held-out games."""
    def cell(point: dict[str, Any]) -> str:
        low, high = point["ci95"]
        return f"{point['win_rate']:.1%} [{low:.1%}, {high:.1%}]"

    lines = ["| game | held-out games | PPO timesteps | training CPU min | MaskablePPO | "
             "random | heuristic |", "|---|---:|---:|---:|---|---|---|"]
    for r in records:
        final = r["curve"][-1]
        lines.append(f"| {r['label']} | {final['games']} | {final['timesteps']:,} | "
                     f"{r['train_cpu_seconds'] / 60:.1f} | {cell(final)} | "
                     f"{cell(r['baselines']['random'])} | {cell(r['baselines']['heuristic'])} |")
    return "\n".join(lines)


@app.command("table")
def table_command(
    records: Annotated[list[Path], typer.Argument(metavar="OUT.json...", exists=True,
                                                  dir_okay=False)],
) -> None:
    """Print the final win rates of several runs as a Markdown table."""
    try:
        data = [json.loads(r.read_text(encoding="utf-8")) for r in records]
        typer.echo(markdown_table(data))
    except (json.JSONDecodeError, KeyError, TypeError) as error:
        raise typer.BadParameter(f"not a curve written by `train`: {error}") from error


if __name__ == "__main__":
    app()
