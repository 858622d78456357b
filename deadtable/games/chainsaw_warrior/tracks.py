"""The board's tracks: Time, Wounds, and Endurance with its Radiation and Venom markers.
Reaching the end of any of them ends the game (THE END OF THE GAME)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.state import Outcome
from deadtable.engine.wording import count
from deadtable.games.chainsaw_warrior import clock
from deadtable.games.chainsaw_warrior.equipment import find, has, use
from deadtable.games.chainsaw_warrior.flow import then

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

SEAT = "warrior"


def end(state: ChainsawWarriorState, result: str, cause: str) -> None:
    if state.outcome is None:
        state.finish(Outcome({SEAT: result}, cause, {"minutes": clock.minutes(state.time)}),
                     cite="The End of the Game")


HOW = {"win": "Mission accomplished", "draw": "A draw", "loss": "Mission failed"}
WHY = {"darkness-destroyed": "Darkness is destroyed",
       "implosion": "the Implosion Waistcoat takes Darkness and you with it",
       "wounds": "your wounds kill you", "radiation": "radiation kills you",
       "venom": "the Zombie venom corrupts you", "time": "the hour is up and New York is lost",
       "slime": "the Slime engulfs you"}


def result_text(outcome: Outcome) -> str:
    """The end for the player: 'Mission failed: the Slime engulfs you, 12.5 minutes into the
    hour.' The scores keep the clock's minutes under "minutes" for programs."""
    result = outcome.results.get(SEAT, "")
    minutes = outcome.scores.get("minutes", 0)
    return (f"{HOW.get(result, result)}: {WHY.get(outcome.cause, outcome.cause)}, "
            f"{count(minutes, 'minute')} into the hour.")


def pass_time(state: ChainsawWarriorState, boxes: int) -> None:
    """Move the Time marker; night falls at 30 minutes; at 60 minutes New York is lost."""
    if boxes <= 0 or state.outcome is not None:
        return
    before = state.time
    state.time += boxes
    if not clock.is_night(before) and clock.is_night(state.time):
        state.event("Night falls: HtH -1 from now on.", cite="Night Time")
    if before < state.field_until <= state.time:
        state.event("The Magnetic Field's effect wears off: electric items work again.",
                    cite="House Cards: Trap - Magnetic Field")
    if before < state.smash_until <= state.time:
        roll = state.dice.d6()
        wound(state, roll, f"The Smash wears off (rolled {roll})", cite="Equipment: Smash")
        if state.outcome is not None:
            return
    if clock.out_of_time(state.time):
        state.event("Sixty minutes have passed: you are out of time and New York implodes.",
                    cite="The End of the Game")
        end(state, "loss", "time")


def wound(state: ChainsawWarriorState, n: int, why: str, *, cite: str) -> None:
    """Take wounds; Body Armour takes each one on a 5 or 6, losing a use."""
    if n <= 0 or state.outcome is not None:
        return
    absorbed = 0
    for _ in range(n):
        armour = find(state, "body-armour")
        if armour is None:
            break
        roll = state.dice.d6()
        if roll >= 5:
            absorbed += 1
            use(state, armour)
    if absorbed:
        state.event(f"{why}: the Body Armour takes {absorbed} of {n} wounds.",
                    cite="Equipment: Body Armour")
        n -= absorbed
        if n == 0:
            return
    state.warrior.wounds -= n
    state.event(f"{why}: {n} wound{'s' if n > 1 else ''} ({max(0, state.warrior.wounds)} left).",
                cite=cite)
    if state.warrior.wounds <= 0:
        state.event("Your Wound marker reaches zero: you are dead.", cite="The End of the Game")
        end(state, "loss", "wounds")


def heal(state: ChainsawWarriorState, n: int, why: str, *, cite: str) -> None:
    w = state.warrior
    gained = max(0, min(n, w.max_wounds - w.wounds))
    w.wounds += gained
    state.event(f"{why}: recover {gained} wound{'s' if gained != 1 else ''} "
                f"(rolled {n}; now {w.wounds} of {w.max_wounds}).", cite=cite)


def irradiate(state: ChainsawWarriorState, n: int, why: str, *, cite: str) -> None:
    """Move the Radiation marker; the Rad Fibre Jumpsuit takes one point off each roll."""
    if has(state, "rad-fibre-jumpsuit") and n > 0:
        n -= 1
    if n <= 0 or state.outcome is not None:
        return
    w = state.warrior
    w.radiation += n
    state.event(f"{why}: {n} radiation (Radiation {w.radiation} of Endurance {w.endurance}).",
                cite=cite)
    if w.radiation >= w.endurance:
        # "If exposure to radiation kills you, you may not then take the capsules"
        state.event("The Radiation marker reaches your Endurance: you die of radiation.",
                    cite="The End of the Game")
        end(state, "loss", "radiation")
    elif has(state, "anti-rad-capsules"):
        then(state, {"do": "ask", "phase": "anti-rad", "amount": n})


def envenom(state: ChainsawWarriorState, why: str, *, cite: str) -> None:
    w = state.warrior
    w.venom += 1
    state.event(f"{why}: the venom spreads (Venom {w.venom} of Endurance {w.endurance}).",
                cite=cite)
    if w.venom >= w.endurance:
        state.event("The Venom marker reaches your Endurance: you become a Zombie.",
                    cite="The End of the Game")
        end(state, "loss", "venom")


def infect(state: ChainsawWarriorState, why: str, *, cite: str) -> None:
    if not state.warrior.infected:
        state.warrior.infected = True
        state.event(f"{why}: you are infected with zombie venom.", cite=cite)



def endurance_loss(state: ChainsawWarriorState, n: int, why: str, *, cite: str) -> None:
    """A permanent drop of the Endurance marker (Frenzy): Radiation and Venom come closer."""
    w = state.warrior
    w.endurance -= n
    state.event(f"{why}: Endurance falls to {w.endurance}.", cite=cite)
    if w.radiation >= w.endurance:
        end(state, "loss", "radiation")
    elif w.infected and w.venom >= w.endurance:
        end(state, "loss", "venom")
