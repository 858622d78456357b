"""What a seat sees. Both sides see the whole table: the map, every figure and its army card's
markers, the items lying about. Nobody sees the item pool's order or the dice to come.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from deadtable.engine.board import Board
from deadtable.engine.decisions import Action
from deadtable.games.left_4_dead import combat, environment, finale, help
from deadtable.games.left_4_dead.state import Figure, Left4DeadState


@lru_cache(maxsize=8)
def map_view(board: Board) -> dict[str, Any]:
    """The static map, once per board: spaces (name, axial q and r, terrain, level), zones,
    markers and edge features (walls, doors) by space name."""
    names = board.names
    return {
        "name": board.meta.get("name", ""),
        "kind": board.kind,
        "spaces": [[names[i], *(board.coords[i] or (None, None)), board.terrain[i],
                    board.level[i]] for i in range(board.size)],
        "zones": {z.name: {"kind": z.kind, "spaces": [names[s] for s in z.spaces]}
                  for z in board.zones.values()},
        "markers": [{"kind": m.kind, "space": names[m.space], **dict(m.props)}
                    for m in board.markers],
        # walls and doors between two spaces (for drawing; the rules read the board)
        "edges": [[names[a], names[b], feature]
                  for (a, b), feature in sorted((board.features or {}).items())],
    }


def figure_view(state: Left4DeadState, figure: Figure) -> dict[str, Any]:
    card = state.card(figure)
    space = figure.space
    return {
        "id": figure.id,
        "name": combat.name(figure),
        "kind": figure.kind,
        "card": card.name,
        "side": figure.side,
        "space": None if space is None else state.board.names[space],
        "level": None if space is None else state.board.level[space],
        "life": combat.life(state, figure),
        "wounds": figure.wounds,
        "move": combat.reduced(state, figure, "move"),
        "range": combat.reduced(state, figure, "range"),
        "attack": combat.reduced(state, figure, "attack"),
        "defense": combat.reduced(state, figure, "defense"),
        "height": card.height,
        "incaps": figure.incaps,
        "down": figure.down,
        "closet": figure.closet,
        # a survivor off the map, neither in a closet nor escaped, was destroyed
        "destroyed": (figure.side == "survivors" and space is None and not figure.closet
                      and figure.id not in state.escaped),
        "markers": {k: v for k, v in figure.markers.items()},
        "items": dict(figure.items),
        "ammo": dict(figure.ammo),
        "set_aside": figure.set_aside,
    }


STEPS = {"before": "before the turn", "move": "moving", "pickup": "picking up",
         "attack": "attacking", "choose": "choosing"}


def phase(state: Left4DeadState) -> str:
    """Where the round stands, in words: "survivors' turn 2 · Bill moving"."""
    words: list[str] = []
    for frame in state.stack:
        kind = frame.KIND
        if kind == "kit-out":
            words.append("the safe room's weapons")
        elif kind == "side-turn":
            words.append(f"{frame.side}' turn {frame.marker}")  # type: ignore[attr-defined]
        elif kind in ("survivor-turn", "special-turn"):
            figure = state.figures.get(frame.figure)  # type: ignore[attr-defined]
            if figure is not None:
                words.append(f"{combat.name(figure)} {STEPS.get(frame.step, frame.step)}")
        elif kind == "horde-turn":
            words.append(f"the horde {STEPS.get(frame.step, frame.step)}")
        elif kind == "survival-instinct":
            words.append("Survival Instinct")
        elif kind == "explosive-push":
            words.append("Explosive Ammo's push")
        elif kind == "round" and frame.step == "end":
            words.append("end of the round")
    return " · ".join(words)


def turn(state: Left4DeadState) -> dict[str, str] | None:
    """The figure whose turn is under way and its step: the page asks the ruler why an enemy
    is not a target of it (targeting.py)."""
    for frame in reversed(state.stack):
        if frame.KIND in ("survivor-turn", "special-turn"):
            return {"figure": frame.figure, "step": frame.step}  # type: ignore[attr-defined]
    return None


def view(state: Left4DeadState, seat: str | None) -> dict[str, Any]:
    names = state.board.names
    return {
        "map": map_view(state.board),
        "round": state.round,
        "max_rounds": state.game.options["max-rounds"],  # the chapter ends lost after it
        "difficulty": state.game.options["difficulty"],
        "chapter": state.chapter,
        "figures": [figure_view(state, f) for f in state.figures.values()
                    if f.space is not None or f.side == "survivors"],
        "items": {names[s]: [state.data.items[i].name for i in lying]
                  for s, lying in sorted(state.items_on_map.items())},
        "effects": [{"kind": e.kind, "space": None if e.space < 0 else names[e.space],
                     "side": e.side} for e in state.effects],
        "environment": environment.view(state),  # what is still in place: guns, cans, alarms
        "pool": len(state.pool),
        "crescendo": 0 if state.crescendo_over else state.crescendo,  # the event's round
        "finale": finale.describe(state),
        "obstacle": [names[s] for s in sorted(state.blocked_spaces())],
        "procedure": [f"{f.KIND}:{f.step}" for f in state.stack],
        "phase": phase(state),
        "turn": turn(state),
        "escaped": list(state.escaped),
        "item_texts": help.texts(in_play(state)),  # the rulebook's words for each item at hand
    }


def in_play(state: Left4DeadState) -> Iterator[str]:
    """The items a decision may name: carried, lying on the map, laid out in the safe room."""
    for figure in state.survivors():
        yield from figure.items.values()
    for lying in state.items_on_map.values():
        yield from lying
    for frame in state.stack:
        if frame.KIND == "kit-out":
            yield from frame.weapons  # type: ignore[attr-defined]


def move_of(state: Left4DeadState, action: Action) -> tuple[str, str, str] | None:
    """A move action as interfaces read it (GameSpec.moves): the figure, the space it stands
    on and the space it goes to; None for any other action. The same args the page's gold
    spaces read ("move" with a figure and a space: a survivor's, a special's or a horde
    zombie's move)."""
    args = action.args or {}
    if args.get("verb") != "move" or "figure" not in args or "space" not in args:
        return None
    figure = state.figures.get(args["figure"])
    if figure is None or figure.space is None:
        return None
    return figure.id, state.board.names[figure.space], args["space"]
