"""ZOMBIES: which revealed number cards make zombies, and making change with the zombie dice."""

from __future__ import annotations

from deadtable.games.one_against_the_dead import cards
from deadtable.games.one_against_the_dead.state import OneAgainstTheDeadState, Pos, neighbours


def _matches(card: str, other: str) -> tuple[bool, bool]:
    """(same suit, same number) of a number card against any card."""
    same_suit = cards.suit(other) is not None and cards.suit(other) == cards.suit(card)
    same_number = cards.is_number(other) and cards.value(other) == cards.value(card)
    return same_suit, same_number


def existing_neighbours(state: OneAgainstTheDeadState, p: Pos) -> list[str]:
    """The "adjacent existing cards" a revealed card is compared with (A-27, A-55)."""
    options = state.options
    fresh = set(state.revealed) if not options["match-same-turn"] else set()
    found = []
    for n in neighbours(p):
        if not state.face_up(n) or n in fresh:
            continue
        card = state.grid[n]
        if options["match-neighbours"] == "numbers-only" and not cards.is_number(card):
            continue
        found.append(card)
    return found


def matches_all(state: OneAgainstTheDeadState, p: Pos) -> bool:
    """Does the number card at p match all of its adjacent existing cards in suit or number?"""
    card = state.grid[p]
    others = existing_neighbours(state, p)
    if not others:  # nothing to match: it counts (designed, see docs)
        return False
    pairs = [_matches(card, o) for o in others]
    if state.options["match-mixed"]:
        return all(s or n for s, n in pairs)
    return all(s for s, _ in pairs) or all(n for _, n in pairs)


def bringing_zombies(state: OneAgainstTheDeadState) -> list[str]:
    """The number cards turned up this turn that bring zombies: those that do not match."""
    return [state.grid[p] for p in state.revealed
            if cards.is_number(state.grid[p]) and not matches_all(state, p)]


def new_zombies(state: OneAgainstTheDeadState) -> tuple[int, list[str]]:
    """The sum of the non-matching number cards turned up this turn, and the cards that matched."""
    total, matched = 0, []
    for p in state.revealed:
        if not cards.is_number(state.grid[p]):
            continue
        if matches_all(state, p):
            matched.append(state.grid[p])
        else:
            total += cards.value(state.grid[p])
    return total, matched


def make_change(count: int, pool: dict[int, int]) -> dict[int, int] | None:
    """The fewest zombie dice showing `count` zombies, or None if the pool cannot show it.

    With four 1-dice, one 5-die and five 10-dice, taking the largest die first is optimal
    and shows 0..59 zombies.
    """
    dice: dict[int, int] = {}
    left = count
    for size in sorted(pool, reverse=True):
        n = min(pool[size], left // size)
        dice[size] = n
        left -= n * size
    return dice if left == 0 else None


def dice_of(state: OneAgainstTheDeadState, count: int) -> dict[int, int]:
    dice = make_change(count, state.rules.zombie_dice)
    if dice is None:
        raise ValueError(f"{count} zombies cannot be shown with the zombie dice")
    return dice
