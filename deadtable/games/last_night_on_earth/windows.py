"""The Advanced Hero cards about crossing walls (reference/last-night-on-earth.md, "Hero deck,
Advanced"). In the base game zombies ignore walls (public) and heroes cross only doors
(designed: walls and windows stop them); these two cards turn that round for a turn:

- Blocked Windows: "No zombie may move through a wall this turn."
- Escape Through the Window: "This turn heroes may move through walls, but may not end a move
  in a building this way. Cancels Locked Door."

Designed:
- a wall here is any edge that is not open or a door: a wall or a window;
- Blocked Windows is played from a hero's hand in the Zombie turn just before the zombies move
  (where Farmer Sty is played); until that Zombie turn ends no zombie steps across a wall or a
  window (its move, Shamble's steps), and Zombie Hunger pulls a zombie only into a hero's
  square it could reach that way: the next square across an open edge, or a diagonal one by
  either square beside both;
- Escape Through the Window is played from the hand at any time of the hero's own turn; until
  that Hero turn ends every hero may step across a wall or a window, but only onto a square
  outside every building, so that no move ends in a building "this way"; played in answer to
  Locked Door it cancels that card and takes its own effect too;
- both are discarded when their turn ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.heroturn import HeroAct

BLOCKED = "Blocked Windows"
ESCAPE = "Escape Through the Window"
LOCKED_DOOR = "Locked Door"  # the Zombie card Escape Through the Window cancels
WALLS = frozenset({"wall", "window"})


# -- Blocked Windows ---------------------------------------------------------------------------
def blocked(state: LastNightState) -> bool:
    return BLOCKED in state.hero_in_play


def hold_actions(state: LastNightState) -> list[Action]:
    """The heroes' window before the zombies move."""
    if blocked(state):
        return []
    return [Action(f"blocked:{h.name}", f"{h.name} plays {BLOCKED}: no zombie moves through a "
                   "wall this turn", {"verb": "play", "card": BLOCKED, "hero": h.name})
            for h in state.living() if BLOCKED in h.hand]


def block(state: LastNightState, holder: str) -> None:
    state.heroes[holder].hand.remove(BLOCKED)
    state.hero_in_play.append(BLOCKED)
    state.event(f"{holder} plays {BLOCKED}: no zombie moves through a wall or a window this "
                "turn.", f"Hero card: {BLOCKED}")


def open_steps(state: LastNightState, space: int, steps: list[int]) -> list[int]:
    """The steps a zombie may take while Blocked Windows is in force."""
    board = state.board
    return [n for n in steps if board.passable(space, n, WALLS)]


def reaches(state: LastNightState, space: int, target: int) -> bool:
    """Whether a zombie on `space` reaches the next square `target` (diagonals included)
    across no wall or window."""
    board = state.board
    if board.adjacent(space, target):
        return board.passable(space, target, WALLS)
    a, b = board.coords[space], board.coords[target]
    if a is None or b is None:
        return False
    for corner in ((b[0], a[1]), (a[0], b[1])):
        beside = board.at(corner)
        if beside is not None and board.passable(space, beside, WALLS) \
                and board.passable(beside, target, WALLS):
            return True
    return False


def stops(state: LastNightState, space: int, targets: list[int]) -> list[int]:
    """Zombie Hunger's squares while Blocked Windows is in force."""
    return [t for t in targets if reaches(state, space, t)]


# -- Escape Through the Window -----------------------------------------------------------------
def escaping(state: LastNightState) -> bool:
    return ESCAPE in state.hero_in_play


def cancels_locked_door(state: LastNightState) -> bool:
    """Whether Locked Door has no effect now: Escape Through the Window is in force. (The Zombie
    card's rules ask this; an Escape held in a hand answers Locked Door when it is played:
    `answers`.)"""
    return escaping(state)


def actions(state: LastNightState, hero: HeroFigure) -> list[Action]:
    if ESCAPE not in hero.hand or escaping(state):
        return []
    return [Action(f"play:{ESCAPE}", f"Play {ESCAPE}: heroes may move through walls this turn "
                   "(not into a building)", {"verb": "play", "card": ESCAPE})]


def escape(state: LastNightState, frame: HeroAct | None, hero: HeroFigure, _: str) -> None:
    hero.hand.remove(ESCAPE)
    put_in_force(state, hero.name)


def put_in_force(state: LastNightState, holder: str) -> None:
    state.hero_in_play.append(ESCAPE)
    state.event(f"{holder} plays {ESCAPE}: this turn heroes may move through walls and "
                "windows, out of buildings.", f"Hero card: {ESCAPE}")


def escape_steps(state: LastNightState, space: int) -> list[int]:
    """The steps through a wall or a window open to a hero now: onto a square outside every
    building."""
    return exits(state, space) if escaping(state) else []


def exits(state: LastNightState, space: int) -> list[int]:
    """The squares outside every building a wall or a window away from `space`: where Escape
    Through the Window would let a hero step."""
    board = state.board
    outside = state.town.building_of
    return [n for n in board.neighbours[space]
            if board.feature(space, n) in WALLS and outside[n] is None]


def answers(state: LastNightState, card: str) -> list[Action]:
    """Escape Through the Window played in answer to Locked Door (prayer.py's window)."""
    if card != LOCKED_DOOR:
        return []
    return [Action(f"cancel:{h.name}:{ESCAPE}", f"{h.name} plays {ESCAPE}: {LOCKED_DOOR} is "
                   "cancelled, and heroes may move through walls this turn",
                   {"verb": "play", "card": ESCAPE, "hero": h.name})
            for h in state.living() if ESCAPE in h.hand]


# -- the end of a turn -------------------------------------------------------------------------
def turn_ends(state: LastNightState, card: str) -> None:
    if card in state.hero_in_play:
        state.hero_in_play.remove(card)
        state.hero_discard.put_on_top(card)
        state.event(f"{card} ends with the turn.", f"Hero card: {card}")
