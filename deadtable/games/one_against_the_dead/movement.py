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
)

_WHERE = {"right": "to the right of", "up": "above", "down": "below", "left": "to the left of"}


def where(direction: str, around: Pos, state: OneAgainstTheDeadState) -> str:
    """'above you', 'to the left of the card you came from'."""
    return _WHERE[direction] + (" you" if around == state.pos else " the card you came from")


# Move actions are the same few objects again and again: (direction, card, helicopter?) -> it.
_MOVES: dict[tuple[str, str, bool], Action] = {}


def _move_targets(state: OneAgainstTheDeadState) -> list[tuple[str, Pos, str]]:
    """(direction, spot, card) of each adjacent face-up number card, in DIRECTIONS order."""
    grid, face_down, numbers = state.grid, state.face_down, cards.NUMBER_CARDS
    x, y = state.pos
    found = []
    for direction, (dx, dy) in DIRECTIONS.items():
        p = (x + dx, y + dy)
        card = grid.get(p)
        if card is not None and card in numbers and p not in face_down:
            found.append((direction, p, card))
    return found


def can_move(state: OneAgainstTheDeadState) -> bool:
    """Whether move_actions(state) is non-empty, without making the actions."""
    return bool(_move_targets(state))


def move_actions(state: OneAgainstTheDeadState) -> list[Action]:
    """Move onto an adjacent face-up number card (never onto a non-number card)."""
    actions = []
    for direction, p, card in _move_targets(state):
        key = (direction, card, p == state.helicopter)
        action = _MOVES.get(key)
        if action is None:
            what = "the helicopter" if key[2] else cards.name(card)
            action = _MOVES[key] = Action(f"move:{direction}", f"Move {direction} onto {what}")
        actions.append(action)
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


_ORDER = {d: i for i, d in enumerate(DIRECTIONS)}


def place_actions(state: OneAgainstTheDeadState, card: str, spots: list[Pos]) -> list[Action]:
    ordered = sorted(spots, key=lambda p: _ORDER[direction_to(state.pos, p)])
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
    numbers = cards.NUMBER_CARDS
    seen = {state.pos}
    todo = [state.pos]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x, y + 1), (x, y - 1), (x - 1, y)):  # neighbours(), inlined
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
            if card in numbers:
                seen.add(n)
                todo.append(n)
    return True
