"""Draw Crucible (Psycho Raiders' designed map) to docs/crucible.png:
    python scripts/crucible_figure.py [MAP.toml] [--out docs/crucible.png]"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import RegularPolygon  # noqa: E402

from deadtable.games.psycho_raiders.crucible import CRUCIBLE, load_crucible, rooms  # noqa: E402

COLOURS = {"grassland": "#b5d99c", "long grass": "#86b85a", "road": "#9e9e9e",
           "tree": "#2f6b2f", "graveyard": "#b3a7c9", "lake": "#6fa8dc", "building": "#8d5b3c"}
OPENING = {"door": "#5a3413", "window": "#d0f0ff"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("map", nargs="?", default=str(CRUCIBLE))
    parser.add_argument("--out", default="docs/crucible.png")
    args = parser.parse_args()
    board = load_crucible(args.map)
    fig, ax = plt.subplots(figsize=(9, 12))
    centre = {}
    for s in range(board.size):
        c = board.centres[s]
        if c is None:
            continue
        x, y = c[0], -c[1]  # row 0 (north) at the top
        centre[s] = (x, y)
        ax.add_patch(RegularPolygon((x, y), 6, radius=1 / math.sqrt(3),
                                    facecolor=COLOURS.get(board.terrain[s], "white"),
                                    edgecolor="#555555", linewidth=0.3))
    for s in rooms(board):  # an opening drawn on the outdoor hex it leads to
        for n in board.neighbours[s]:
            feature = board.feature(s, n)
            if n in centre and feature in OPENING:
                locked = board.edge(s, n).get("locked", False)
                ax.plot(*centre[n], marker="s", markersize=6, color=OPENING[feature],
                        markeredgecolor="red" if locked else "black")
    for name, zone in board.zones.items():
        if zone.kind == "building":
            touched = [centre[n] for r in zone.spaces for n in board.neighbours[r]
                       if n in centre and board.feature(r, n)]
            x = sum(p[0] for p in touched) / len(touched)
            y = sum(p[1] for p in touched) / len(touched)
            ax.text(x, y, name.replace(" ", "\n", 1), ha="center", va="center", fontsize=7,
                    color="white", weight="bold")
        elif zone.kind == "start" and all(s in centre for s in zone.spaces) \
                and len(zone.spaces) == 1:
            ax.text(*centre[zone.spaces[0]], name, ha="center", va="center", fontsize=8,
                    weight="bold", color="black")
    symbols = {"streetlight": ("*", "gold", 12), "sharp-turn": ("^", "red", 8),
               "gas-pump": ("P", "orange", 9), "old-oak-tree": ("X", "black", 9)}
    for kind, (marker, colour, size) in symbols.items():
        for m in board.markers_of(kind):
            ax.plot(*centre[m.space], marker=marker, color=colour, markersize=size,
                    linestyle="", label=kind)
    ax.plot([], [], "s", color=OPENING["door"], markeredgecolor="black", label="door")
    ax.plot([], [], "s", color=OPENING["door"], markeredgecolor="red", label="door, locked")
    ax.plot([], [], "s", color=OPENING["window"], markeredgecolor="black", label="window")
    for terrain, colour in COLOURS.items():
        ax.plot([], [], "h", color=colour, markersize=10, linestyle="", label=terrain)
    handles, labels = ax.get_legend_handles_labels()
    unique = dict(zip(labels, handles, strict=True))
    ax.legend(unique.values(), unique.keys(), loc="upper left", bbox_to_anchor=(1.0, 1.0),
              fontsize=8)
    ax.set_title(f"{board.meta.get('name', 'map')} (north at the top; designed)")
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.axis("off")
    fig.savefig(Path(args.out), dpi=90, bbox_inches="tight")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
