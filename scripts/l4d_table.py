"""What Left 4 Dead is like: the survivors' win rate against the director, chapter by chapter
and difficulty by difficulty, with 95% intervals and the causes of defeat.

Each cell is one `deadtable sim left-4-dead` run (printed, so that any cell can be run again
alone); the table is printed as Markdown and the plot written where `--plot` says.

    python scripts/l4d_table.py --games 100 --workers 2 --plot docs/l4d-win-rates.png
    python scripts/l4d_table.py --agent mcts --games 20 --difficulty expert --chapter 1
    python scripts/l4d_table.py --chapter 5 --json ch5.json     # one part of the table ...
    python scripts/l4d_table.py --load ch1.json ch5.json --plot p.png   # ... then all of it
    python scripts/l4d_table.py --agent mcts --games 8 --json m.json --resume  # what m lacks
    python scripts/l4d_table.py --load m-seed1.json m-seed2.json   # a cell in both: pooled
    python scripts/l4d_table.py --versus mcts --games 40 --chapter 1 --difficulty normal

`--versus AGENT` plays each cell as a `deadtable compare` of the survivors played by AGENT
and by the heuristic on the same seeds with synchronised dice, and prints both win rates and
their paired difference (Newcombe's interval, McNemar's test); `--pool DB ...` prints that
line for compare stores (`--db`) played on other seeds, their pairs pooled.
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


def versus(agent: str, difficulty: str, chapter: int, games: int, seed: int,
           workers: int) -> list[str]:
    """One cell's `compare`: the survivors played by `agent`, then by the heuristic, on the
    same seeds and synchronised dice, the chapter alone."""
    return ["deadtable", "compare", "left-4-dead", "--games", str(games), "--seed", str(seed),
            "--workers", str(workers), "--agent", "infected=director",
            "--a", f"survivors={agent}", "--b", "survivors=heuristic", "--sync-dice",
            "--option", f"difficulty={difficulty}",
            "--option", f"map={MAPS / f'chapter-{chapter}.toml'}",
            "--option", f"chapter={chapter}", "--json"]


def paired_line(both: int, only_a: int, only_b: int, neither: int, agent: str) -> str:
    """Both win rates with Wilson intervals, and A - B with Newcombe's and McNemar's."""
    from deadtable.sim.stats import mcnemar, newcombe_paired, wilson

    n = both + only_a + only_b + neither
    if n == 0:
        return "no pairs played"
    rates = []
    for wins in (both + only_a, both + only_b):
        low, high = wilson(wins, n)
        rates.append(f"{wins} of {n}, {percent(low, wins / n, high)}")
    low, high = newcombe_paired(both, only_a, only_b, neither)
    p, _ = mcnemar(only_a, only_b)
    return (f"{agent}: {rates[0]} | heuristic: {rates[1]} | {agent} - heuristic "
            f"{(only_a - only_b) / n:+.3f} [{low:+.3f}, {high:+.3f}] | only {agent} {only_a}, "
            f"only heuristic {only_b} | McNemar p {p:.3g}")


def pooled(paths: list[str]) -> tuple[int, int, int, int]:
    """The pairs (both, only A, only B, neither) of compare stores, each game of A (config
    0) paired with B's (config 1) of the same batch and index; unfinished pairs left out."""
    import sqlite3

    counts = [0, 0, 0, 0]
    for path in paths:
        with sqlite3.connect(path) as store:
            rows = store.execute(
                "SELECT a.outcome, b.outcome FROM games a JOIN games b ON a.batch = b.batch "
                "AND a.idx = b.idx AND a.config = 0 AND b.config = 1").fetchall()
        for a, b in rows:
            won_a, won_b = a == "win:survivors", b == "win:survivors"
            counts[0 if won_a and won_b else 1 if won_a else 2 if won_b else 3] += 1
    return counts[0], counts[1], counts[2], counts[3]


def run_cell(argv: list[str]) -> dict[str, Any]:
    print("$", shlex.join(argv), file=sys.stderr, flush=True)
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{shlex.join(argv)} failed:\n{done.stderr or done.stdout}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def load(path: str) -> dict[tuple[str, int], dict[str, Any]]:
    """The cells a --json file holds (none if it does not exist yet)."""
    if not Path(path).exists():
        return {}
    with open(path) as file:
        return {(key.split("/")[0], int(key.split("/")[1])): summary
                for key, summary in json.load(file).items()}


def pool(first: dict[str, Any], second: dict[str, Any], where: str) -> dict[str, Any]:
    """One cell of two runs of it on different seeds: games, survivors' wins and causes of
    defeat summed, the Wilson interval drawn again from the sums. Two runs on the same seed
    played the same games (a game's seed is the batch seed and its index): refused."""
    from deadtable.sim.stats import wilson

    seeds = [*first.get("seeds", [first.get("seed")]), *second.get("seeds", [second.get("seed")])]
    known = [seed for seed in seeds if seed is not None]
    if len(set(known)) < len(known):
        raise SystemExit(f"{where} is loaded twice with the same seed ({known}): those runs "
                         "played the same games; pool runs of different --seed only")
    if first.get("agents") != second.get("agents"):
        raise SystemExit(f"{where} is loaded from runs of different agents "
                         f"({first.get('agents')}, {second.get('agents')}): pool one agent's")
    games = first["games"] + second["games"]
    won = wins(first) + wins(second)
    causes = dict(first.get("loss_causes", {}))
    for cause, count in second.get("loss_causes", {}).items():
        causes[cause] = causes.get(cause, 0) + count
    return {"games": games, "seeds": seeds, "loss_causes": causes, "agents": first.get("agents"),
            "sides": {"survivors": {"win_rate": won / games, "ci95": list(wilson(won, games))}}}


def wins(cell: dict[str, Any]) -> int:
    """The survivors' wins in a cell (a summary gives their rate and the games)."""
    return round(cell["sides"]["survivors"]["win_rate"] * cell["games"])


def save(path: str, cells: dict[tuple[str, int], dict[str, Any]]) -> None:
    with open(path, "w") as out:
        json.dump({f"{d}/{c}": s for (d, c), s in cells.items()}, out, indent=1)


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
    from deadtable.sim.stats import wilson

    lines = ["| chapter | " + " | ".join(difficulties) + " |",
             "|---|" + "---|" * len(difficulties)]
    for chapter in chapters:
        out = []
        for difficulty in difficulties:
            if (difficulty, chapter) not in cells:  # --load of a run stopped part-way
                out.append("not played")
                continue
            rate, low, high, _ = row(cells[difficulty, chapter])
            out.append(percent(low, rate, high))
        lines.append(f"| {chapter} | " + " | ".join(out) + " |")
    if len(chapters) > 1:  # the chapters together: narrower intervals for each difficulty
        out = []
        for difficulty in difficulties:
            played = [cells[difficulty, c] for c in chapters if (difficulty, c) in cells]
            games = sum(cell["games"] for cell in played)
            won = sum(wins(cell) for cell in played)
            if games == 0:
                out.append("not played")
                continue
            low, high = wilson(won, games)
            out.append(f"{percent(low, won / games, high)} of {games}")
        lines.append(f"| {chapters[0]}-{chapters[-1]} pooled | " + " | ".join(out) + " |")
    lines += ["", "Causes of defeat (games lost, by cause):", "",
              "| chapter | difficulty | games | lost | what took the last survivor down |",
              "|---|---|---|---|---|"]
    for chapter in chapters:
        for difficulty in difficulties:
            if (difficulty, chapter) not in cells:
                continue
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
            rate, low, high, _ = (row(cells[difficulty, chapter])
                                  if (difficulty, chapter) in cells else (0.0, 0.0, 0.0, {}))
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
    parser.add_argument("--resume", action="store_true",
                        help="play only the cells the --json file does not hold yet")
    parser.add_argument("--load", nargs="+", metavar="FILE",
                        help="run nothing: draw the table from cells earlier runs wrote (--json)")
    parser.add_argument("--versus", metavar="AGENT",
                        help="each cell: AGENT against the heuristic for the survivors, paired")
    parser.add_argument("--pool", nargs="+", metavar="DB",
                        help="run nothing: the paired line of these compare stores, pooled")
    args = parser.parse_args()
    if args.pool:
        print(paired_line(*pooled(args.pool), agent=args.versus or "A"))
        return
    if args.versus:
        for chapter in args.chapter or [1]:
            for difficulty in args.difficulty or ["normal"]:
                result = run_cell(versus(args.versus, difficulty, chapter, args.games,
                                         args.seed, args.workers))
                pairs = result["pairs"]
                print(f"chapter {chapter}, {difficulty}: " + paired_line(
                    pairs["both"], pairs["only_a"], pairs["only_b"], pairs["neither"],
                    args.versus))
        return
    if args.resume and not args.json:
        parser.error("--resume goes on with the cells of a --json file: name it")
    if args.load:
        cells = {}
        for path in args.load:  # a cell in several files: their games pooled
            for key, summary in load(path).items():
                cells[key] = (pool(cells[key], summary, f"{key[0]}/{key[1]}") if key in cells
                              else summary)
        difficulties = [d for d in DIFFICULTIES if any(k[0] == d for k in cells)]
        chapters = sorted({k[1] for k in cells})
        agents = {(c.get("agents") or {}).get("survivors") for c in cells.values()} - {None}
        if len(agents) == 1:  # the plot's title names the agent that played the cells
            args.agent = agents.pop()
        fewest, most = (f(c["games"] for c in cells.values()) for f in (min, max))
        args.games = fewest if fewest == most else f"{fewest} to {most}"
    else:
        difficulties = args.difficulty or list(DIFFICULTIES)
        chapters = args.chapter or [1, 2, 3, 4, 5]
        cells = load(args.json) if args.resume else {}
        for chapter in chapters:
            for difficulty in difficulties:
                if (difficulty, chapter) in cells:
                    continue
                cells[difficulty, chapter] = run_cell(command(
                    args.agent, difficulty, chapter, args.games, args.seed, args.workers,
                    not args.to_the_end))
                if args.json:  # after every cell: a long run stopped keeps what it played
                    save(args.json, cells)
    print(table(cells, difficulties, chapters))
    if args.plot:
        what = "from each chapter to the finale" if args.to_the_end else "chapter by chapter"
        plot(args.plot, f"Left 4 Dead, Dead River {what}\nsurvivors ({args.agent}) against "
             f"the director, {args.games} games a cell", cells, difficulties, chapters)


if __name__ == "__main__":
    main()
