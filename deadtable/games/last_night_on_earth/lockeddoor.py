"""The Advanced Zombie card Locked Door (reference/last-night-on-earth.md, "Zombie deck,
Advanced"): "Play when a hero moves: his move stops in the space before a door." The Keys ("The
hero may ignore Locked Door") and the Fire Axe ("The hero ignores Locked Door") are its
answers in the basic deck, Escape Through the Window ("Cancels Locked Door") in the Advanced.

A hero moves one step at a time (heroturn.py), so the card answers a step through a door.
Designed (docs/last-night-on-earth.md, "The Advanced decks"):
- the zombies are asked at every step a hero takes through a door (a public fact) whenever
  their hand holds a card, so that being asked tells the heroes nothing; never while the
  hero carries the Keys or the Fire Axe, and only in games whose Zombie deck holds the card;
- played, the step is not taken: the hero stays in the space before the door and his move
  ends (the moves left are lost);
- the heroes may answer it as any Zombie card (Father Joseph, Jeb, Principal Gomez) and with
  Escape Through the Window, which cancels it; cancelled, the step is taken.

The Hero card Escape Through the Window cancels Locked Door in the heroes' answer window
(windows.answers, offered by prayer.py), and while it is in force no hero is stopped
(`ignores`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action, Decision
from deadtable.games.last_night_on_earth import windows
from deadtable.games.last_night_on_earth.state import ZOMBIES, HeroFigure, LastNightState

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.heroturn import HeroAct

LOCKED = "Locked Door"
CITE = f"Zombie card: {LOCKED}"
IGNORED_WITH = ("Keys", "Fire Axe")  # their texts: the hero (may) ignore(s) Locked Door


def in_game(state: LastNightState) -> bool:
    """The card is in this game's Zombie deck (decks=advanced)."""
    return state.options["decks"] == "advanced" and LOCKED in state.data.advanced_zombie


def ignores(state: LastNightState, hero: HeroFigure) -> bool:
    """The hero is not stopped by Locked Door: he carries the Keys or the Fire Axe, or Escape
    Through the Window is in force this turn."""
    return any(c in hero.items for c in IGNORED_WITH) or windows.cancels_locked_door(state)


def asks(state: LastNightState, hero: HeroFigure, space: int) -> bool:
    """Whether the zombies are asked about the hero's step to `space`."""
    return (state.board.feature(hero.space, space) == "door" and bool(state.zombie_hand)
            and in_game(state) and not ignores(state, hero))


def ask(frame: HeroAct, space: int) -> None:
    frame.door = space
    frame.step = "locked"


def decision(state: LastNightState, hero: HeroFigure, frame: HeroAct) -> Decision | None:
    if not state.zombie_hand:
        return None
    actions = [Action("pass", "Play no card", {"verb": "pass"})]
    if LOCKED in state.zombie_hand:
        actions.insert(0, Action(f"play:{LOCKED}", f"{LOCKED}: {hero.name} stops before the "
                                 "door", {"verb": "play", "card": LOCKED}))
    return Decision.of(ZOMBIES, f"{hero.name} steps through the door to "
                       f"{state.name(frame.door)}: play a card?", actions)


def play(state: LastNightState, frame: HeroAct) -> None:
    """The card leaves the hand; its effect comes after the heroes' answer (prayer.py)."""
    from deadtable.games.last_night_on_earth import prayer, zseats

    zseats.take(state, LOCKED)
    frame.step = "door"  # still so if the heroes cancel it: the step is then taken
    state.event(f"The zombies play {LOCKED}.", CITE)
    prayer.play(state, LOCKED, f"play:{LOCKED}")


def effect(state: LastNightState, frame: HeroAct) -> None:
    hero = state.heroes[frame.hero]
    state.zombie_discard.put_on_top(LOCKED)
    state.event(f"{LOCKED}: {hero.name}'s move stops at {state.name(hero.space)}, before the "
                f"door to {state.name(frame.door)}.", CITE)
    frame.door, frame.moves_left, frame.step = -1, 0, "moving"
