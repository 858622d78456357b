"""The Advanced Zombie card Rotten Bodies (reference/last-night-on-earth.md, "Zombie deck,
Advanced"): "Remove D6 zombies from the board (they are not killed); no zombie can be killed
until the next Zombie turn."

Designed (docs/last-night-on-earth.md, "The Advanced decks"):
- it is played in the Zombie turn's card step, while a zombie miniature is on the board;
- the zombies choose the zombies removed, one at a time; they go back to the pool and count
  as no kill; Zombie Heroes are not removed (one removed would leave the game, which is
  killing it);
- until the next Zombie turn's Sun moves the card lies in `state.in_play` as "Rotten Bodies",
  shown with the cards in play; then it goes to the discard pile. Until then it remains in
  play, so At Last… may cancel it (as it does I Don't Trust 'em's turn without trading);
- "cannot be killed" holds for every way of killing: a fight won with doubles (the zombie is
  fended off), a shot, Dynamite, fire, a townsperson's attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action, Decision
from deadtable.games.last_night_on_earth.state import ZOMBIES, LastNightState, is_zombie_hero

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.zombieturn import ZombieTurn

ROTTEN = "Rotten Bodies"
CITE = f"Zombie card: {ROTTEN}"


def removable(state: LastNightState) -> list[str]:
    """The zombie miniatures on the board (Zombie Heroes stay)."""
    return [z for z in state.zombies if not is_zombie_hero(z)]


def playable(state: LastNightState) -> bool:
    return ROTTEN not in state.in_play and bool(removable(state))


def effect(state: LastNightState, frame: ZombieTurn) -> None:
    """The D6 rolled; the zombies then name the zombies removed (frame.removing of them)."""
    rolled = state.dice.d6()
    frame.removing = min(rolled, len(removable(state)))
    frame.step = "rotten"
    state.in_play.append(ROTTEN)
    state.event(f"{ROTTEN}: rolled {rolled}: {frame.removing} zombies are removed from the "
                "board, and no zombie can be killed until the next Zombie turn.", CITE)


def decision(state: LastNightState, frame: ZombieTurn) -> Decision | None:
    from deadtable.games.last_night_on_earth.wounds import zombie_name

    zombies = sorted(removable(state), key=lambda z: int(z.split("-", 1)[1]))
    if not frame.removing or not zombies:
        return None
    return Decision.of(ZOMBIES, f"{ROTTEN}: remove which zombie ({frame.removing} to remove)?", [
        Action(f"remove:{z}", f"Remove {zombie_name(z)} from {state.name(state.zombies[z])}",
               {"verb": "remove", "figure": z}) for z in zombies])


def remove(state: LastNightState, frame: ZombieTurn, zombie: str) -> None:
    from deadtable.games.last_night_on_earth.wounds import zombie_name

    del state.zombies[zombie]
    frame.removing -= 1
    state.event(f"{ROTTEN}: {zombie_name(zombie)} is removed from the board (not killed).",
                CITE)
    if not frame.removing:
        frame.step = "cards"


def done(frame: ZombieTurn) -> None:
    """No zombie left to remove."""
    frame.removing = 0
    frame.step = "cards"


def protects(state: LastNightState) -> bool:
    """No zombie can be killed while the card is in force."""
    return ROTTEN in state.in_play


def wears_off(state: LastNightState) -> None:
    """At the next Zombie turn's start the card goes to the discard pile."""
    if ROTTEN in state.in_play:
        state.in_play.remove(ROTTEN)
        state.zombie_discard.put_on_top(ROTTEN)
        state.event(f"{ROTTEN} wears off: zombies can be killed again.", CITE)
