"""Setting up a chapter (Survivor Rules: Safe Rooms; Game Rules: Difficulty Level).

1. The map, the army cards, the item pool (67 items, shuffled face down).
2. All 4 survivors in the start safe room, each with a health kit (4 of the pool's 8).
3. 4 random T1 weapons and/or melee weapons in the safe room: each survivor in turn takes its
   choice of them, or none (the survivors' first decisions).
4. The starting squads of zombies for the difficulty (3 to 6), then round 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from deadtable.engine.board import Board, load_map
from deadtable.engine.cards import Pile
from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.left_4_dead import combat, items, spawning
from deadtable.games.left_4_dead.data import MAPS, GameData
from deadtable.games.left_4_dead.data import load_data as read_data
from deadtable.games.left_4_dead.rounds import Round
from deadtable.games.left_4_dead.state import SURVIVORS, Figure, Left4DeadState

SAFE_ROOMS = "Survivor Rules: Safe Rooms"
DEFAULT_MAP = MAPS / "chapter-1.toml"


@lru_cache(maxsize=8)
def _data(cards: str, items_: str, rules: str) -> GameData:
    return read_data(cards or None, items_ or None, rules or None)


def load_data(options: dict[str, Any]) -> GameData:
    """The cards, items and rules for these options (read once per process)."""
    return _data(options["cards"], options["items"], options["rules"])


@lru_cache(maxsize=8)
def _board(path: str) -> Board:
    return load_map(Path(path) if path else DEFAULT_MAP)


def chapter_board(options: dict[str, Any]) -> Board:
    """The chapter's map: shared by every state of the game, never copied."""
    return _board(options["map"])


def check(options: dict[str, Any]) -> None:
    """Refuse data or a map the game cannot play, naming what is missing."""
    load_data(options)
    board = chapter_board(options)
    for zone in ("start", "end"):
        if zone not in board.zones:
            raise ValueError(f"map {options['map'] or DEFAULT_MAP}: no zone named {zone!r} (the "
                             "start and end safe rooms are needed)")
    for kind in ("spawn", "hero-closet", "item-location"):
        if not board.markers_of(kind):
            raise ValueError(f"map {options['map'] or DEFAULT_MAP}: no {kind!r} marker")
    names = [n.strip() for n in options["survivors"].split(",")]
    known = {n.lower() for n in load_data(options).cards["survivors"].names}
    bad = [n for n in names if n.lower() not in known]
    if len(names) != 4 or bad or len(set(names)) != 4:
        raise ValueError(f"survivors: {options['survivors']!r} should name 4 different "
                         f"survivors of {', '.join(sorted(known))}")


@dataclass(slots=True)
class KitOut(Frame):
    """Each survivor in turn takes its choice of the safe room's weapons."""

    KIND = "kit-out"
    step: str = "choose"
    order: list[str] = field(default_factory=list)  # survivors still to choose
    weapons: list[str] = field(default_factory=list)  # the safe room's weapons left


class KitOutHandler(Handler[Left4DeadState, KitOut]):
    def decide(self, state: Left4DeadState, frame: KitOut) -> Decision | None:
        if not frame.order or not frame.weapons:
            return None
        figure = state.figures[frame.order[0]]
        actions = [Action(f"take:{w}", f"{combat.name(figure)} takes the "
                          f"{items.item_name(state, w)}", {"verb": "take", "item": w})
                   for w in dict.fromkeys(frame.weapons)]
        actions.append(Action("take-none", f"{combat.name(figure)} takes none",
                              {"verb": "take"}))
        return Decision.of(SURVIVORS, f"The safe room: {combat.name(figure)} chooses a weapon",
                           actions)

    def run(self, state: Left4DeadState, frame: KitOut) -> None:
        room = state.board.zones["start"].spaces
        if frame.weapons:  # the weapons nobody took stay in the safe room, to pick up later
            state.items_on_map.setdefault(room[0], []).extend(frame.weapons)
        state.pop()
        state.push(Round())

    def apply(self, state: Left4DeadState, frame: KitOut, action_id: str) -> None:
        figure = state.figures[frame.order.pop(0)]
        if action_id == "take-none":
            return
        weapon = action_id.split(":", 1)[1]
        frame.weapons.remove(weapon)
        figure.items[items.slot_of(state, weapon)] = weapon
        items.arm(state, figure, weapon)
        state.event(f"{combat.name(figure)} takes the {items.item_name(state, weapon)}.",
                    SAFE_ROOMS)


def start(game: Any, seed: int, dice: Dice, setup: dict[str, Any]) -> Left4DeadState:
    state = Left4DeadState(game, seed, dice, setup)
    state.forget_derived()
    options = game.options
    state.data = load_data(options)
    state.board = chapter_board(options)
    state.figures = {}
    state.round = 0
    state.items_on_map = {}
    state.effects = []
    state.tank_spawned = state.witch_spawned = False
    state.destroyed_zombies = 0
    state.first_wounds = []
    state.escaped = []
    state.spawned = {}
    state.pending_closet = []
    state.crescendo = 0
    state.horde_acted = False
    state.instincts = []
    pool = [item_id for item_id in state.data.items.copies()]
    for _ in range(int(state.data.rules.survivors["starting_health_kits"]) * 4):
        pool.remove("health-kit")
    state.pool = Pile("item pool", pool)
    state.pool.shuffle(dice)
    room = state.board.zones["start"].spaces
    for n, name in enumerate(options["survivors"].split(",")):
        figure = Figure(name.strip().lower(), "survivors", SURVIVORS, room[n % len(room)])
        figure.items["health"] = "health-kit"
        state.figures[figure.id] = figure
    state.event("All 4 survivors start in the safe room, each with a health kit.", SAFE_ROOMS)
    weapons = [w for _ in range(4) if (w := spawning.draw_from_set(state, "t1-or-melee"))]
    state.event("In the safe room: " + ", ".join(items.item_name(state, w) for w in weapons)
                + ".", SAFE_ROOMS)
    spawning.squads(state)
    state.stack = [KitOut("choose", [f.id for f in state.survivors()], weapons)]
    state.settle()
    return state
