"""The board's tracks: Time, Wounds, and Endurance with its Radiation and Venom markers.
Reaching the end of any of them ends the game (THE END OF THE GAME)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.state import Outcome
from deadtable.games.chainsaw_warrior import clock
from deadtable.games.chainsaw_warrior.equipment import has

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

SEAT = "warrior"


def end(state: ChainsawWarriorState, result: str, cause: str) -> None:
    if state.outcome is None:
        state.finish(Outcome({SEAT: result}, cause, {"minutes": clock.minutes(state.time)}))


def pass_time(state: ChainsawWarriorState, boxes: int) -> None:
    """Move the Time marker; night falls at 30 minutes; at 60 minutes New York is lost."""
    if boxes <= 0 or state.outcome is not None:
        return
    before = state.time
    state.time += boxes
    if not clock.is_night(before) and clock.is_night(state.time):
        state.event("Night falls: HtH -1 from now on.")
    if before < state.field_until <= state.time:
        state.event("The Magnetic Field's effect wears off: electric items work again.")
    if clock.out_of_time(state.time):
        state.event("Sixty minutes have passed: you are out of time and New York implodes.")
        end(state, "loss", "time")


def wound(state: ChainsawWarriorState, n: int, why: str) -> None:
    if n <= 0 or state.outcome is not None:
        return
    state.warrior.wounds -= n
    state.event(f"{why}: {n} wound{'s' if n > 1 else ''} ({max(0, state.warrior.wounds)} left).")
    if state.warrior.wounds <= 0:
        state.event("Your Wound marker reaches zero: you are dead.")
        end(state, "loss", "wounds")


def heal(state: ChainsawWarriorState, n: int, why: str) -> None:
    w = state.warrior
    gained = max(0, min(n, w.max_wounds - w.wounds))
    w.wounds += gained
    state.event(f"{why}: recover {gained} wound{'s' if gained != 1 else ''} "
                f"(rolled {n}; now {w.wounds} of {w.max_wounds}).")


def irradiate(state: ChainsawWarriorState, n: int, why: str) -> None:
    """Move the Radiation marker; the Rad Fibre Jumpsuit takes one point off each roll."""
    if has(state, "rad-fibre-jumpsuit") and n > 0:
        n -= 1
    if n <= 0 or state.outcome is not None:
        return
    w = state.warrior
    w.radiation += n
    state.event(f"{why}: {n} radiation (Radiation {w.radiation} of Endurance {w.endurance}).")
    if w.radiation >= w.endurance:
        state.event("The Radiation marker reaches your Endurance: you die of radiation.")
        end(state, "loss", "radiation")


def envenom(state: ChainsawWarriorState, why: str) -> None:
    w = state.warrior
    w.venom += 1
    state.event(f"{why}: the venom spreads (Venom {w.venom} of Endurance {w.endurance}).")
    if w.venom >= w.endurance:
        state.event("The Venom marker reaches your Endurance: you become a Zombie.")
        end(state, "loss", "venom")


def infect(state: ChainsawWarriorState, why: str) -> None:
    if not state.warrior.infected:
        state.warrior.infected = True
        state.event(f"{why}: you are infected with zombie venom.")

