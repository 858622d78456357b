"""Why a fight ended as it did, in the words of its result event: the highest dice compared
(SotF rulebook, Fight: each side's highest die counts, ties go to the zombie) and what let the
hero win a tie or kill the zombie (doubles, or the card that says so)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.games.last_night_on_earth import heroic
from deadtable.games.last_night_on_earth.state import LastNightState

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.fight import Fight


def highest(frame: Fight) -> tuple[int, int]:
    """(the hero's highest die, the zombie's highest with Braaains!)."""
    return max(frame.hero_dice), max(frame.zombie_dice) + frame.braaains


def tie_breaker(state: LastNightState, frame: Fight) -> str | None:
    """What lets the hero win a tie, if anything."""
    if "Crowbar" in frame.using:
        return "the Crowbar"
    if state.cornered:
        return "Cornered"
    return heroic.RESOLVE if heroic.wins_ties(state, frame.hero) else None


def killer(state: LastNightState, frame: Fight) -> str | None:
    """What kills a beaten zombie, if anything: doubles or the card that says so."""
    if len(set(frame.hero_dice)) < len(frame.hero_dice):
        return "doubles"
    if frame.devils:
        return "Get Back You Devils"
    if "Chainsaw" in frame.using:
        return "the Chainsaw"
    if heroic.kills_beaten(state, frame.hero):
        return heroic.RAGE
    if "Meat Cleaver" in frame.using and 6 in frame.hero_dice:
        return "the Meat Cleaver's 6"
    return None


def result(state: LastNightState, frame: Fight, zombie: str) -> str:
    """The result event: who won, on which dice, and why the zombie died or lived."""
    hero_high, zombie_high = highest(frame)
    dice = f"{hero_high} against {zombie_high}"
    if hero_high == zombie_high:
        won_tie = tie_breaker(state, frame)
        dice += f": a tie, won with {won_tie}" if won_tie else ": ties go to the zombie"
    if hero_high < zombie_high or (hero_high == zombie_high and not tie_breaker(state, frame)):
        return f"{zombie} wins the fight ({dice})."
    kill = killer(state, frame)
    if kill:
        return f"{frame.hero} wins the fight ({dice}) and kills {zombie} ({kill})."
    return f"{frame.hero} wins the fight ({dice}) and fends {zombie} off (no doubles to kill it)."
