"""Frames for videos: a seat's view drawn as the terminal draws it, exported as SVG by Rich
and rasterised by CairoSVG into an RGB array (render_mode="rgb_array"). Optional: it needs
the `video` extra (pip install 'deadtable[video]') and the cairo library; without them the
envs offer no "rgb_array" mode and asking for one says what to install."""

from __future__ import annotations

import importlib.util
import io
from typing import Any

import numpy as np
from rich.console import Console

from deadtable.engine.game import Game
from deadtable.render import render_text, render_view

AVAILABLE = importlib.util.find_spec("cairosvg") is not None
WIDTH = 100  # terminal columns
HEIGHT = 900  # pixels: every frame of a video has one size (the drawing's top, padded)


def frame(game_id: str, view: dict[str, Any], title: str) -> np.ndarray:
    """The view as a (HEIGHT, width, 3) uint8 image: the drawing from its top, padded with
    black (or cut) to HEIGHT pixels, since a video's frames all have one size."""
    try:
        import cairosvg
        from PIL import Image
    except (ImportError, OSError) as error:  # cairocffi raises OSError without libcairo
        raise ImportError(
            f"render_mode='rgb_array' needs CairoSVG and the cairo library: "
            f"pip install 'deadtable[video]' (and e.g. apt-get install libcairo2): {error}"
        ) from None
    console = Console(width=WIDTH, record=True, file=io.StringIO())
    console.print(render_view(game_id, view))
    # Rich names a web font; a local monospace one keeps the board's columns aligned
    svg = console.export_svg(title=title).replace("Fira Code", "DejaVu Sans Mono")
    png = cairosvg.svg2png(bytestring=svg.encode())
    image = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.uint8)
    out = np.zeros((HEIGHT, image.shape[1], 3), dtype=np.uint8)
    rows = min(HEIGHT, image.shape[0])
    out[:rows] = image[:rows]
    return out


def render_modes() -> list[str]:
    return ["human", "ansi", *(["rgb_array"] if AVAILABLE else [])]


def render_as(mode: str, game: Game, view: dict[str, Any]) -> Any:
    """An env's render(): ansi, the terminal drawing as text; human, that drawing printed
    (None); rgb_array, it as an image."""
    if mode == "rgb_array":
        return frame(game.id, view, game.spec.name)
    text = render_text(game.id, view)
    if mode == "human":
        print(text)
        return None
    return text
