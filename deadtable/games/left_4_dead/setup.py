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
from deadtable.games.left_4_dead import combat, finale, items, spawning
from deadtable.games.left_4_dead.campaign import Campaign, load_campaign
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


@lru_cache(maxsize=8)
def _campaign(name: str, cards: str, items_: str, rules: str) -> Campaign:
    return load_campaign(name, _data(cards, items_, rules).rules)


def campaign_of(options: dict[str, Any]) -> Campaign | None:
    """The campaign the `campaign` or `campaign-file` option names (read once per process), or
    None: one map."""
    name = campaign_name(options)
    if not name:
        return None
    return _campaign(name, options["cards"], options["items"], options["rules"])


def campaign_name(options: dict[str, Any]) -> str:
    packaged, own = options["campaign"], options["campaign-file"]
    if packaged and own:
        raise ValueError(f"campaign {packaged!r} and campaign-file {own!r}: give one of them "
                         "(campaign: a packaged campaign; campaign-file: your own)")
    return str(packaged or own)


def chapter_board(options: dict[str, Any], number: int | None = None) -> Board:
    """Chapter `number`'s map (default: the `chapter` option's): the campaign's chapter, else
    the `map` option's file. Shared by every state of the game, never copied."""
    campaign = campaign_of(options)
    if campaign is None:
        return _board(options["map"])
    return campaign.chapter(number or options["chapter"]).board


def check(options: dict[str, Any]) -> None:
    """Refuse data or a map the game cannot play, naming what is missing."""
    load_data(options)
    campaign = campaign_of(options)
    if campaign is not None:
        check_campaign(options, campaign)
        return
    board = chapter_board(options)
    if "start" not in board.zones:
        raise ValueError(f"map {options['map'] or DEFAULT_MAP}: no zone named 'start' (the "
                         "safe room the survivors start in)")
    vehicle = any(z.kind == finale.VEHICLE for z in board.zones.values())
    if "end" not in board.zones and not vehicle:
        raise ValueError(f"map {options['map'] or DEFAULT_MAP}: no zone named 'end' (the next "
                         f"safe room) and no zone of kind {finale.VEHICLE!r} (a finale's rescue "
                         "vehicle): one of them is needed")
    if "end" not in board.zones and not board.markers_of(finale.TRIGGER):
        raise ValueError(f"map {options['map'] or DEFAULT_MAP}: a finale map needs a "
                         f"{finale.TRIGGER!r} marker (where the Finale Event starts)")
    for kind in ("spawn", "hero-closet", "item-location"):
        if not board.markers_of(kind):
            raise ValueError(f"map {options['map'] or DEFAULT_MAP}: no {kind!r} marker")
    check_survivors(options)


def check_campaign(options: dict[str, Any], campaign: Campaign) -> None:
    """A campaign's maps are checked by its loader; the chapter must be one the rules play."""
    if options["map"]:
        raise ValueError(f"map {options['map']!r} and campaign {campaign_name(options)!r}: "
                         "give one of them (a campaign chooses each chapter's map)")
    number = options["chapter"]
    last = len(campaign.chapters)
    if number > last:
        raise ValueError(f"chapter {number}: the campaign {campaign.name} has chapters 1 to "
                         f"{last}")
    check_survivors(options)


def check_survivors(options: dict[str, Any]) -> None:
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
    kits: int = 0  # a later chapter's safe room: its health kits


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
        kits = frame.kits
        for figure in state.survivors():  # a later safe room's kits: one to each without
            if kits and figure.on_map and "health" not in figure.items:
                kits -= 1
                figure.items["health"] = "health-kit"
                state.event(f"{combat.name(figure)} takes a health kit.", SAFE_ROOMS)
        # the weapons nobody took and the kits left stay in the safe room, to pick up later
        left = frame.weapons + ["health-kit"] * kits
        if left:
            state.items_on_map.setdefault(room[0], []).extend(left)
        state.pop()
        state.push(Round())

    def apply(self, state: Left4DeadState, frame: KitOut, action_id: str) -> None:
        figure = state.figures[frame.order.pop(0)]
        if action_id == "take-none":
            return
        weapon = action_id.split(":", 1)[1]
        frame.weapons.remove(weapon)
        slot = items.slot_of(state, weapon)
        old = figure.items.get(slot)
        if old is not None:  # a later chapter: "swap it", the old one left for another
            frame.weapons.append(old)
            figure.ammo.pop(old, None)
        figure.items[slot] = weapon
        items.arm(state, figure, weapon)
        state.event(f"{combat.name(figure)} takes the {items.item_name(state, weapon)}"
                    + (f" and leaves the {items.item_name(state, old)}." if old else "."),
                    SAFE_ROOMS)


def new_chapter(state: Left4DeadState) -> None:
    """What each chapter starts afresh: the round, the map's items and effects, its Tank,
    Witch, crescendo, finale and closets (the survivors and the first-wound rules carry on)."""
    state.round = 0
    state.items_on_map = {}
    state.effects = []
    state.tank_spawned = state.witch_spawned = False
    state.destroyed_zombies = 0
    state.escaped = []
    state.pending_closet = []
    state.crescendo = 0
    state.finale = finale.fresh(state)
    state.horde_acted = False
    state.instincts = []
    state.spent = []  # every car and metal detector armed, every environmental item in place


def start(game: Any, seed: int, dice: Dice, setup: dict[str, Any]) -> Left4DeadState:
    state = Left4DeadState(game, seed, dice, setup)
    state.forget_derived()
    options = game.options
    state.data = load_data(options)
    state.board = chapter_board(options)
    state.chapter = options["chapter"]
    state.figures = {}
    state.first_wounds = []
    state.last_down = ""
    state.spawned = {}
    new_chapter(state)
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
