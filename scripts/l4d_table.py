"""What Left 4 Dead is like: the survivors' win rate against the director, chapter by chapter
and difficulty by difficulty, with 95% intervals and the causes of defeat.

Each cell is one `deadtable sim left-4-dead` run (printed, so that any cell can be run again
alone); the table is printed as Markdown and the plot written where `--plot` says.

    python scripts/l4d_table.py --games 100 --workers 2 --plot docs/l4d-win-rates.png
    python scripts/l4d_table.py --agent mcts --games 20 --difficulty expert --chapter 1
    python scripts/l4d_table.py --chapter 5 --json ch5.json     # one part of the table ...
    python scripts/l4d_table.py --load ch1.json ch5.json --plot p.png   # ... then all of it
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

DIFFICULTIES = ("easy", "normal", "advanced", "expert")


MAPS = Path(__file__).resolve().parent.parent / "deadtable/games/left_4_dead/data/maps"


def command(agent: str, difficulty: str, chapter: int, games: int, seed: int,
            workers: int, alone: bool = True) -> list[str]:
    """One cell's `sim`: the chapter alone (its map, as that chapter of the campaign), or
    the campaign played from that chapter to its finale (`alone=False`)."""
    where = (["--option", f"map={MAPS / f'chapter-{chapter}.toml'}"] if alone
             else ["--option", "campaign=dead-river"])
    return ["deadtable", "sim", "left-4-dead", "--games", str(games), "--seed", str(seed),
            "--workers", str(workers), "--agent", f"survivors={agent}",
            "--agent", "infected=director", "--option", f"difficulty={difficulty}",
            *where, "--option", f"chapter={chapter}", "--json"]


def run_cell(argv: list[str]) -> dict[str, Any]:
    print("$", shlex.join(argv), file=sys.stderr, flush=True)
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{shlex.join(argv)} failed:\n{done.stderr or done.stdout}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def percent(low: float, rate: float, high: float) -> str:
    return f"{100 * rate:.0f}% [{100 * low:.0f}, {100 * high:.0f}]"


def row(summary: dict[str, Any]) -> tuple[float, float, float, dict[str, int]]:
    side = summary["sides"]["survivors"]
    low, high = side["ci95"]
    return side["win_rate"], low, high, summary.get("loss_causes", {})


def short(causes: dict[str, int]) -> dict[str, int]:
    """ "no survivor left standing (last down: Hunter)" -> "Hunter": what took the last
    survivor down is the cause worth a column; other causes stay as they are."""
    from deadtable.games.left_4_dead.chapter import NOBODY_STANDING, downed_words

    prefix = f"{NOBODY_STANDING} (last down: "
    out: dict[str, int] = {}
    for cause, count in causes.items():
        key = downed_words(cause[len(prefix):-1]) if cause.startswith(prefix) else cause
        out[key] = out.get(key, 0) + count
    return out


def table(cells: dict[tuple[str, int], dict[str, Any]], difficulties: list[str],
          chapters: list[int]) -> str:
    lines = ["| chapter | " + " | ".join(difficulties) + " |",
             "|---|" + "---|" * len(difficulties)]
    for chapter in chapters:
        out = []
        for difficulty in difficulties:
            rate, low, high, _ = row(cells[difficulty, chapter])
            out.append(percent(low, rate, high))
        lines.append(f"| {chapter} | " + " | ".join(out) + " |")
    lines += ["", "Causes of defeat (games lost, by cause):", "",
              "| chapter | difficulty | games | lost | what took the last survivor down |",
              "|---|---|---|---|---|"]
    for chapter in chapters:
        for difficulty in difficulties:
            summary = cells[difficulty, chapter]
            causes = row(summary)[3]
            lost = sum(causes.values())
            text = ", ".join(f"{cause} {count}" for cause, count in
                             sorted(short(causes).items(), key=lambda item: (-item[1], item[0]))
                             ) or "none"
            lines.append(f"| {chapter} | {difficulty} | {summary['games']} | {lost} | {text} |")
    return "\n".join(lines)


def plot(path: str, title: str, cells: dict[tuple[str, int], dict[str, Any]],
         difficulties: list[str], chapters: list[int]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.2))
    width = 0.8 / len(difficulties)
    for number, difficulty in enumerate(difficulties):
        xs = [i + (number - (len(difficulties) - 1) / 2) * width for i in range(len(chapters))]
        rates, lows, highs = [], [], []
        for chapter in chapters:
            rate, low, high, _ = row(cells[difficulty, chapter])
            rates.append(rate)
            lows.append(rate - low)
            highs.append(high - rate)
        ax.bar(xs, rates, width, yerr=[lows, highs], capsize=3, label=difficulty)
    ax.set_xticks(range(len(chapters)), [f"chapter {c}" for c in chapters])
    ax.set_ylim(0, 1)
    ax.set_ylabel("survivors' wins (Wilson 95% interval)")
    ax.set_title(title)
    ax.legend(title="difficulty")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", default="heuristic", help="the survivors' agent")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--difficulty", action="append", choices=DIFFICULTIES)
    parser.add_argument("--chapter", action="append", type=int, choices=range(1, 6))
    parser.add_argument("--to-the-end", action="store_true",
                        help="play the campaign from each chapter to its finale, not the "
                             "chapter alone")
    parser.add_argument("--plot", help="write the plot here (png, svg, ...)")
    parser.add_argument("--json", help="write every cell's sim summary here")
    parser.add_argument("--load", nargs="+", metavar="FILE",
                        help="run nothing: draw the table from cells earlier runs wrote (--json)")
    args = parser.parse_args()
    if args.load:
        cells = {}
        for path in args.load:
            with open(path) as file:
                for key, summary in json.load(file).items():
                    difficulty, chapter = key.split("/")
                    cells[difficulty, int(chapter)] = summary
        difficulties = [d for d in DIFFICULTIES if any(k[0] == d for k in cells)]
        chapters = sorted({k[1] for k in cells})
        args.games = min(s["games"] for s in cells.values())
    else:
        difficulties = args.difficulty or list(DIFFICULTIES)
        chapters = args.chapter or [1, 2, 3, 4, 5]
        cells = {(difficulty, chapter): run_cell(command(args.agent, difficulty, chapter,
                                                         args.games, args.seed, args.workers,
                                                         not args.to_the_end))
                 for chapter in chapters for difficulty in difficulties}
    print(table(cells, difficulties, chapters))
    if args.json:
        with open(args.json, "w") as out:
            json.dump({f"{d}/{c}": s for (d, c), s in cells.items()}, out, indent=1)
    if args.plot:
        what = "from each chapter to the finale" if args.to_the_end else "chapter by chapter"
        plot(args.plot, f"Left 4 Dead, Dead River {what}\nsurvivors ({args.agent}) against "
             f"the director, {args.games} games a cell", cells, difficulties, chapters)


if __name__ == "__main__":
    main()
