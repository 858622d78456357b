"""Where figures and items come from (Infected Rules: Spawning; Game Rules: Difficulty).

Designed where the rulebook is silent (docs/left-4-dead.md, "Spawning"): new infected enter at
a spawn point of the map drawn at random, on the free space nearest it; items appear at the next
Item Location, the first in the map's order that lies nearer the safe room than the survivor
nearest the safe room.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from functools import lru_cache

from deadtable.engine.board import Board, distance_field
from deadtable.games.left_4_dead import combat
from deadtable.games.left_4_dead.data import SpawnRow
from deadtable.games.left_4_dead.state import INFECTED, Figure, Left4DeadState

ZOMBIE = "zombies-of-morindan"
ZOMBIES = "Infected Rules: Spawning Zombies"
UNCOMMON = "Infected Rules: Spawning Uncommon"
SPECIALS = "Infected Rules: Spawning Specials"
WITCH = "Infected Rules: Witch Spawning"


def new_figure(state: Left4DeadState, kind: str, space: int) -> Figure:
    number = state.spawned[kind] = state.spawned.get(kind, 0) + 1
    short = "zombie" if kind == ZOMBIE else kind
    figure = Figure(f"{short}-{number}", kind, INFECTED, space)
    state.figures[figure.id] = figure
    return figure


def free_space_near(state: Left4DeadState, space: int) -> int | None:
    """The free space nearest `space` (breadth first, the board's order on ties)."""
    occupied = state.occupancy()
    blocked = state.blocked_spaces()
    seen = {space}
    frontier = [space]
    while frontier:
        for s in frontier:
            if s not in occupied and s not in blocked:
                return s
        following = []
        for s in frontier:
            for n in state.board.neighbours[s]:
                if n not in seen:
                    seen.add(n)
                    following.append(n)
        frontier = sorted(following)
    return None


def place(state: Left4DeadState, kind: str, near: int | None = None) -> Figure | None:
    """A new infected at a random spawn point (or near `near`)."""
    if near is None:
        points = [m.space for m in state.board.markers_of("spawn")]
        near = points[state.dice.below(len(points))]
    space = free_space_near(state, near)
    if space is None:
        return None
    return new_figure(state, kind, space)


def table_row(state: Left4DeadState, table: str, roll: int) -> SpawnRow:
    """The row of a spawn table for a roll; rolls above the table read as `spawn-above-20`
    says (A-20: "clamp" to the 20 row, "16-19", or "extend": the last row, one more zombie per
    point above it)."""
    rows = state.data.rules.spawn[table].rows
    top = max(r.high for r in rows)
    reading = state.game.options["spawn-above-20"]
    if roll > top and reading == "clamp":
        roll = top
    elif roll > top and reading == "16-19":
        roll = 16
    for row in rows:
        if row.low <= roll <= row.high:
            return row
    last = rows[-1]
    return dataclasses.replace(last, zombies=last.zombies + roll - top)


def spawn_zombies(state: Left4DeadState) -> None:
    modifier = state.modifier
    roll = state.dice.d20()
    row = table_row(state, "zombies", roll + modifier)
    count = row.zombies
    state.event(f"Spawning zombies: d20 {roll} + {modifier}: {count} zombie(s)"
                + (" and an uncommon infected." if row.uncommon else "."), ZOMBIES)
    for _ in range(count):
        place(state, ZOMBIE)
    for _ in range(row.uncommon):
        spawn_uncommon(state)


def spawn_uncommon(state: Left4DeadState) -> None:
    roll = state.dice.d20()
    kind = table_row(state, "uncommon", roll).card
    figure = place(state, kind)
    state.event(f"Spawning uncommon: d20 {roll}: a {state.data.cards[kind].name}.", UNCOMMON)
    if figure is not None and kind == "clown":
        assert figure.space is not None
        for _ in range(3):  # "When a Clown Infected spawns, spawn 3 additional Zombies"
            place(state, ZOMBIE, figure.space)
        state.event("The Clown brings 3 more zombies.", "Infected Rules: Uncommon Infected")


def spawn_special(state: Left4DeadState) -> None:
    modifier = state.modifier if state.game.options["specials-modifier"] else 0
    roll = state.dice.d20()
    row = table_row(state, "specials", roll + modifier)
    kind = row.card
    if kind == "tank" and state.tank_spawned:
        kind = row.if_spawned or "hunter"
    if kind == "tank":
        state.tank_spawned = True
    place(state, kind)
    state.event(f"Spawning specials: d20 {roll} + {modifier}: a {state.data.cards[kind].name}.",
                SPECIALS)


def spawn_witch(state: Left4DeadState) -> None:
    """At the end of each round of chapters other than 1 and 5, d20 + modifier 15+: the Witch
    sits at a random Witch Location between the survivors and the safe room (one Witch a
    chapter: she is a Unique Hero, designed)."""
    if (state.chapter in state.data.rules.witch_except_chapters or state.witch_spawned
            or state.finale is not None):  # a campaign's finale is its "chapter 5"
        return
    roll = state.dice.d20()
    total = roll + state.modifier
    if total < 15:
        state.event(f"Witch spawning: d20 {roll} + {state.modifier} = {total}: no Witch.", WITCH)
        return
    ahead = locations_ahead(state, "witch-location")
    if not ahead:
        state.event(f"Witch spawning: {total}, but no Witch Location lies ahead.", WITCH)
        return
    space = ahead[state.dice.below(len(ahead))]
    witch = place(state, "witch", space)
    if witch is None:
        return
    state.witch_spawned = True
    wandering = state.game.options["wandering-witch"]
    if wandering == "always" or (wandering == "d20" and state.dice.d20() >= 11):
        witch.markers["wandering"] = 1
    state.event(f"Witch spawning: {total}: the Witch "
                + ("wanders" if "wandering" in witch.markers else "sits")
                + f" at {state.board.names[witch.space or 0]}.", WITCH)


def to_safe_room(state: Left4DeadState) -> Sequence[float]:
    return _to_safe_room(state.board)


@lru_cache(maxsize=16)
def _to_safe_room(board: Board) -> tuple[float, ...]:
    """Steps from each space to the end safe room, or on a finale's map (no safe room) to the
    Finale Event's trigger, where its Item Locations lead: fixed for a map, worked out once."""
    if "end" in board.zones:
        return tuple(distance_field(board, board.zones["end"].spaces))
    return tuple(distance_field(board, [m.space for m in board.markers_of("finale-trigger")]))


def leading_distance(state: Left4DeadState, field: Sequence[float]) -> float:
    spaces = [f.space for f in state.survivors() if f.space is not None and not f.closet]
    return min((field[s] for s in spaces), default=math.inf)


def locations_ahead(state: Left4DeadState, kind: str) -> list[int]:
    """Marker spaces of `kind` between the survivors and the safe room: nearer the safe room
    than the survivor nearest it."""
    field = to_safe_room(state)
    lead = leading_distance(state, field)
    return [m.space for m in state.board.markers_of(kind) if field[m.space] < lead]


def round_items(state: Left4DeadState) -> None:
    """Game Rules: at the start of each round, 4/3/2/1 random items (by difficulty) at the next
    Item Location between the start and the safe room."""
    field = to_safe_room(state)
    lead = leading_distance(state, field)
    markers = sorted(state.board.markers_of("item-location"), key=lambda m: m.props["order"])
    ahead = [m for m in markers if field[m.space] < lead]
    if not ahead:
        return
    space = ahead[0].space
    drawn = [item for _ in range(state.items_per_round) if (item := draw(state)) is not None]
    if drawn:
        state.items_on_map.setdefault(space, []).extend(drawn)
        names = ", ".join(state.data.items[i].name for i in drawn)
        state.event(f"Items appear at {state.board.names[space]}: {names}.",
                    "Game Rules: Difficulty Level")


def draw(state: Left4DeadState) -> str | None:
    """A random item: the top of the shuffled pool (A-22: the physical items left)."""
    return state.pool.draw() if state.pool else None


def draw_from_set(state: Left4DeadState, name: str) -> str | None:
    """A random item of a named set (a safe room's T1 or T2 weapons, a Defibrillator's weapon):
    the first such item in the shuffled pool, taken out of it."""
    members = set(state.data.items.sets[name])
    for index, item in enumerate(state.pool.cards):
        if item in members:
            return state.pool.cards.pop(index)
    return None


def squads(state: Left4DeadState) -> None:
    """Place N squads of zombies at the start of the chapter (3 Zombies of Morindan each), on
    the map's horde-start markers 1..N (designed)."""
    count = state.data.rules.difficulties[state.game.options["difficulty"]].starting_squads
    starts = sorted(state.board.markers_of("horde-start"), key=lambda m: m.props["squad"])
    for marker in starts[:count]:
        for _ in range(3):
            place(state, ZOMBIE, marker.space)
    state.event(f"{count} squads of zombies wait in the streets.",
                "Game Rules: Difficulty Level")


def hero_closets(state: Left4DeadState) -> None:
    """Survivor Rules: a destroyed survivor returns at the end of the round in a random Hero
    Closet with 2 wounds, and waits there to be rescued."""
    closets = [m.space for m in state.board.markers_of("hero-closet")]
    for figure_id in state.pending_closet:
        figure = state.figures[figure_id]
        space = free_space_near(state, closets[state.dice.below(len(closets))])
        if space is None:
            continue
        figure.space = space
        figure.closet = True
        figure.wounds = 2
        state.event(f"{combat.name(figure)} waits in a Hero Closet at "
                    f"{state.board.names[space]}.", "Survivor Rules: Hero Closet")
    state.pending_closet.clear()
