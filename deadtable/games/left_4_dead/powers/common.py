"""What several special infected's powers share: their card numbers, targets in clear sight,
the d20 roll, placing a figure next to another, and the capture markers (Pinned, Grabbed,
Ridden, Tongue) that hold a survivor while its captor stays next to it."""

from __future__ import annotations

from typing import Any

from deadtable.games.left_4_dead import combat, movement
from deadtable.games.left_4_dead.data import Power
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import INFECTED, Figure, Left4DeadState

# Markers that hold a survivor while the infected that placed them is next to it, and the
# rulebook section that releases each.
HOLDS = {"pinned": "HUNTER: Pin Down", "grabbed": "CHARGER: Pummel",
         "tongue": "SMOKER: Tongue Snare", "ridden": "JOCKEY: Go For A Ride"}


def power(state: Left4DeadState, kind: str, name: str) -> Power:
    return state.data.cards[kind].power(name)


def turn_of(state: Left4DeadState, figure: Figure) -> SpecialTurn | None:
    """The special's own turn frame, if it is taking its turn now."""
    for frame in reversed(state.stack):
        if isinstance(frame, SpecialTurn) and frame.figure == figure.id:
            return frame
    return None


def adjacent(state: Left4DeadState, a: Figure, b: Figure) -> bool:
    return a.space is not None and b.space is not None and \
        b.space in state.board.neighbours[a.space]


def opponents(state: Left4DeadState, figure: Figure) -> list[Figure]:
    """The figures of the other side that are in play (a survivor in a Hero Closet does not
    count as in play during the infected's turns: Survivor Rules, Hero Closet), in the
    figures' order."""
    others = state.survivors() if figure.side == INFECTED else state.infected()
    return [f for f in others if f.space is not None and not f.closet]


def in_sight(state: Left4DeadState, figure: Figure, target: Figure, reach: int) -> bool:
    """Within `reach` spaces (counted as range is, ignoring levels) and in clear sight; a
    figure next to it needs no line of sight (HeroScape: an adjacent target)."""
    assert figure.space is not None and target.space is not None
    away = movement.spaces_away(state, figure.space, target.space)
    if away > reach:
        return False
    return away <= 1 or movement.can_see(state, figure, target)


def capturable(state: Left4DeadState, target: Figure, sizes: Any = None,
               rarity: str | None = None) -> bool:
    """A survivor a power may seize: standing (an incapacitated survivor is freed of every
    capture: combat.incapacitate), of the sizes and rarity the card says."""
    card = state.card(target)
    if target.down or target.space is None or target.closet:
        return False
    if sizes is not None and card.size not in sizes:
        return False
    return rarity is None or card.rarity == rarity


def roll_d20(state: Left4DeadState, need: int) -> tuple[int, bool]:
    roll = state.dice.d20()
    return roll, roll >= need


def place_next_to(state: Left4DeadState, figure: Figure, anchor: int,
                  prefer: int | None = None) -> bool:
    """Place `figure` on a free space next to `anchor` (no movement: no leaving-engagement
    attacks, no climbing); it stays put if it is already next to it. Of the free spaces, the
    one nearest `prefer` (default: where the figure stands), the board's first on a tie
    (designed: docs/left-4-dead.md). What lies on the space it is placed on acts as on entering
    (acid, fire, water). False if no space is free."""
    from deadtable.games.left_4_dead import items

    here = figure.space
    if here is not None and here in state.board.neighbours[anchor]:
        return True
    occupied = state.occupancy()
    blocked = state.blocked_spaces()
    free = [n for n in state.board.neighbours[anchor] if n not in occupied and n not in blocked]
    if not free:
        return False
    near = here if prefer is None else prefer
    best = min(free, key=lambda n: (movement.spaces_away(state, near, n) if near is not None
                                    else 0, n))
    figure.space = best
    items.entered(state, figure, best)
    return True


def hold(state: Left4DeadState, captor: Figure, target: Figure, marker: str) -> None:
    if target.side == INFECTED:  # sweep and the captors' riders look among the survivors
        raise ValueError(f"{target.id} is infected: a {marker.title()} Marker holds a survivor")
    target.markers[marker] = captor.id
    state.event(f"{combat.name(target)} gets the {marker.title()} Marker: no turns while "
                f"{combat.name(captor)} is next to it.", HOLDS[marker])


def sweep(state: Left4DeadState) -> None:
    """Pinned, Grabbed and Tongue Markers go when their captor is no longer next to the figure
    (it left adjacency) or is gone; Ridden Markers only when their Jockey is gone (the Jockey's
    own turn ends them otherwise: jockey.end_turn). Only survivors carry them: a capture's
    target is a special infected's opponent (hold)."""
    for figure in state.survivors():
        if not figure.markers:
            continue  # most figures carry none: the common case, made quick
        for key in HOLDS:
            captor_id = figure.markers.get(key)
            if captor_id is None:
                continue
            captor = state.figures.get(str(captor_id))
            gone = captor is None or captor.space is None
            if gone or (key != "ridden" and not adjacent(state, captor, figure)):  # type: ignore[arg-type]
                release_marker(state, figure, key)


def release_marker(state: Left4DeadState, figure: Figure, key: str) -> None:
    if key in figure.markers:
        del figure.markers[key]
        state.event(f"{combat.name(figure)} is free: the {key.title()} Marker goes.", HOLDS[key])
