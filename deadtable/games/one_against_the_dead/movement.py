"""MOVEMENT: moving, flipping the face-down card, drawing and placing cards, the blocked path."""

from __future__ import annotations

from deadtable.engine.decisions import Action
from deadtable.games.one_against_the_dead import cards
from deadtable.games.one_against_the_dead.state import (
    DIRECTIONS,
    OneAgainstTheDeadState,
    Pos,
    direction_to,
    neighbours,
    step,
)

_WHERE = {"right": "to the right of", "up": "above", "down": "below", "left": "to the left of"}


def where(direction: str, around: Pos, state: OneAgainstTheDeadState) -> str:
    """'above you', 'to the left of the card you came from'."""
    return _WHERE[direction] + (" you" if around == state.pos else " the card you came from")


def move_actions(state: OneAgainstTheDeadState) -> list[Action]:
    """Move onto an adjacent face-up number card (never onto a non-number card)."""
    actions = []
    for direction in DIRECTIONS:
        p = step(state.pos, direction)
        if state.face_up(p) and cards.is_number(state.grid[p]):
            what = "the helicopter" if p == state.helicopter else cards.name(state.grid[p])
            actions.append(Action(f"move:{direction}", f"Move {direction} onto {what}"))
    return actions


def flip_spots(state: OneAgainstTheDeadState, flipped: Pos) -> list[Pos]:
    """Where a flipped non-number card may go (A-52): the other open positions adjacent to the
    card you stand on (or, by option, the card you came from), off your path if possible."""
    around = state.pos if state.options["flip-placement"] == "current-card" else state.came_from
    spots = [p for p in state.open_spots(around) if p != flipped]
    off_path = [p for p in spots if not state.on_path(p)]
    return off_path or spots


def place_spots(state: OneAgainstTheDeadState, card: str) -> list[Pos]:
    """Where the next drawn card may go: every open space next to you gets a card, and a
    non-number card goes in your path only when the cards drawn leave no way to avoid it.

    With m non-number cards still to place and q open spaces off the path, the fewest
    non-number cards that must block the path is max(0, m - q); a placement is legal when it
    keeps that minimum reachable.
    """
    spots = state.open_spots()
    off = [p for p in spots if not state.on_path(p)]
    on = [p for p in spots if state.on_path(p)]
    m = sum(1 for c in state.pending if not cards.is_number(c))
    q = len(off)
    if not cards.is_number(card):
        return spots if m > q else off
    # A number card may take an off-path space only if enough remain for the non-numbers.
    return (on + off) if m < q else (on or spots)


def place_actions(state: OneAgainstTheDeadState, card: str, spots: list[Pos]) -> list[Action]:
    ordered = sorted(spots, key=lambda p: list(DIRECTIONS).index(direction_to(state.pos, p)))
    actions = []
    for p in ordered:
        d = direction_to(state.pos, p)
        path = " (in your path)" if state.on_path(p) else ""
        label = f"Put the {cards.name(card)} {where(d, state.pos, state)}{path}"
        actions.append(Action(f"place:{d}", label))
    return actions


def face_down_neighbours(state: OneAgainstTheDeadState) -> list[Pos]:
    return [p for p in neighbours(state.pos) if p in state.face_down]


def stranded(state: OneAgainstTheDeadState) -> bool:
    """No walk reaches the helicopter, and no card that could open one can ever come up
    (designed: the rulebook gives no outcome for a blocked city). A search over the cards
    you can walk to that stops at the first sign of hope."""
    deck_left = len(state.deck) > 0
    grid, face_down, goal = state.grid, state.face_down, state.helicopter
    seen = {state.pos}
    todo = [state.pos]
    while todo:
        for n in neighbours(todo.pop()):
            if n in seen:
                continue
            card = grid.get(n)
            if card is None:
                if deck_left:
                    return False  # a card can still be drawn here
                continue
            if n in face_down:
                return False  # it may turn up a number
            if n == goal:
                return False
            if cards.is_number(card):
                seen.add(n)
                todo.append(n)
    return True
