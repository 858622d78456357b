"""`--plot FILE.png`: outcome rates with their 95% intervals, and game lengths.

matplotlib is an optional extra (`pip install 'deadtable[plot]'`), imported only here.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

RESULTS = ("win", "draw", "loss")


def _wrap(text: str, width: int) -> str:
    """Long agent specs ("mcts:iterations=96,batch=16,...") broken at their commas, so that a
    label or a title stays inside the figure."""
    return "\n".join(textwrap.wrap(text.replace(",", ", "), width, break_on_hyphens=False))


def plot_formats() -> set[str]:
    """The file suffixes a plot can be written as (png, svg, pdf, ...)."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError as error:
        raise RuntimeError("--plot needs matplotlib: pip install 'deadtable[plot]'") from error
    return set(FigureCanvasBase.get_supported_filetypes())


def plot_batches(path: str, title: str, batches: Sequence[tuple[str, dict[str, Any]]]) -> None:
    """Draw one or more batch summaries (label, summary with `rates` and `length_histogram`):
    left, win/draw/loss rates with Wilson 95% error bars; right, game-length histograms."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise RuntimeError("--plot needs matplotlib: pip install 'deadtable[plot]'") from error

    fig, (rates_ax, length_ax) = plt.subplots(1, 2, figsize=(11, 4.2))
    width = 0.8 / max(1, len(batches))
    for number, (label, summary) in enumerate(batches):
        xs = [i + (number - (len(batches) - 1) / 2) * width for i in range(len(RESULTS))]
        rates = [summary["rates"][r]["rate"] for r in RESULTS]
        lows = [rate - summary["rates"][r]["ci95"][0] for r, rate in zip(RESULTS, rates,
                                                                         strict=True)]
        highs = [summary["rates"][r]["ci95"][1] - rate for r, rate in zip(RESULTS, rates,
                                                                          strict=True)]
        rates_ax.bar(xs, rates, width, yerr=[lows, highs], capsize=4,
                     label=_wrap(f"{label} (n={summary['games']})", 40))
        lengths = {int(k): v for k, v in summary["length_histogram"].items()}
        if lengths:
            values = sorted(lengths)
            length_ax.hist(values, bins=min(50, max(1, values[-1] - values[0] + 1)),
                           weights=[lengths[v] / summary["games"] for v in values],
                           histtype="step", linewidth=1.5, label=_wrap(label, 40))
    rates_ax.set_xticks(range(len(RESULTS)), list(RESULTS))
    rates_ax.set_ylim(0, 1)
    rates_ax.set_ylabel("share of games (Wilson 95% interval)")
    rates_ax.set_title("outcomes of the first seat")
    rates_ax.legend(fontsize="small")
    length_ax.set_xlabel("game length (actions)")
    length_ax.set_ylabel("share of games")
    length_ax.set_title("game length")
    length_ax.legend(fontsize="small")
    fig.suptitle(_wrap(title, 110))
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
