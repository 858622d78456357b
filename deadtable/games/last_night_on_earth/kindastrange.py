"""I Feel Kinda Strange (Advanced Zombie card, 2 copies; reference/last-night-on-earth.md,
"Zombie deck, Advanced": "after a zombie wound, that hero's next wound turns him into a Zombie
Hero"; data/zombie-deck.toml).

Designed (docs/last-night-on-earth.md, "The Advanced decks"):
- "after a zombie wounds a hero" is the moment after a hero takes the wound of a fight he
  lost and lives; the zombies are asked then whenever their hand holds a card (the asking
  tells the heroes nothing), and the heroes may answer the card as any other (prayer.py);
- the card remains in play on the hero ("I Feel Kinda Strange (Becky)"), so that At Last…
  cancels it; one copy on a hero at a time; it is discarded when he dies otherwise;
- the next wound he takes, from anything, kills him at once and he rises as a Zombie Hero
  (even with `zombie-heroes=false`: the card says so); a wound Just a Scratch prevents is not
  taken and turns nobody.
"""

from __future__ import annotations

from dataclasses import dataclass

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.last_night_on_earth import zseats
from deadtable.games.last_night_on_earth.state import ZOMBIES, HeroFigure, LastNightState

STRANGE = "I Feel Kinda Strange"
CITE = f"Zombie card: {STRANGE}"
FIGHT = "Base game: Fight"  # the cite of a wound a zombie gave (fight.FIGHT)


def placed(hero: str) -> str:
    return f"{STRANGE} ({hero})"


@dataclass(slots=True)
class StrangeWindow(Frame):
    """The zombies' moment to play the card on a hero a zombie has just wounded."""

    KIND = "kinda-strange"
    hero: str
    step: str = "ask"  # ask -> played (announced; the heroes' answer under way)


def after_wound(state: LastNightState, hero: HeroFigure, cite: str) -> None:
    """A wound taken: after a zombie's, the zombies' window while their hand holds a card."""
    if cite == FIGHT and not hero.dead and state.outcome is None and state.zombie_hand \
            and placed(hero.name) not in state.in_play:
        state.push(StrangeWindow(hero.name))


def turns(state: LastNightState, hero: HeroFigure) -> bool:
    return placed(hero.name) in state.in_play


def turn(state: LastNightState, hero: HeroFigure) -> None:
    """The wound he takes turns him: killed, he rises as a Zombie Hero."""
    from deadtable.games.last_night_on_earth.wounds import kill_hero

    state.in_play.remove(placed(hero.name))
    state.zombie_discard.put_on_top(STRANGE)
    state.event(f"{hero.name} takes a wound and turns into a Zombie Hero.", CITE)
    kill_hero(state, hero, rises_by=CITE)


def effect(state: LastNightState, frame: StrangeWindow) -> None:
    """The card takes effect (no hero cancelled it): it remains in play on the hero."""
    state.pop()
    hero = state.heroes[frame.hero]
    if hero.dead:  # killed while the heroes answered it
        state.zombie_discard.put_on_top(STRANGE)
        return
    state.in_play.append(placed(hero.name))
    state.event(f"{STRANGE} is played on {hero.name} and remains in play: {hero.name}'s next "
                f"wound turns {hero.name} into a Zombie Hero.", CITE)


class StrangeWindowHandler(Handler[LastNightState, StrangeWindow]):
    def decide(self, state: LastNightState, frame: StrangeWindow) -> Decision | None:
        if frame.step != "ask" or not state.zombie_hand:
            return None
        actions = []
        if STRANGE in state.zombie_hand:
            actions.append(Action(f"play:{STRANGE}", f"{STRANGE}: {frame.hero}'s next wound "
                                  "makes a Zombie Hero",
                                  {"verb": "play", "card": STRANGE}))
        actions.append(Action("pass", "Play no card", {"verb": "pass"}))
        return Decision.of(ZOMBIES, f"A zombie wounded {frame.hero}: play a card?", actions)

    def run(self, state: LastNightState, frame: StrangeWindow) -> None:
        state.pop()  # nothing to ask, or the card was cancelled

    def apply(self, state: LastNightState, frame: StrangeWindow, action_id: str) -> None:
        if action_id == "pass":
            state.pop()
            return
        from deadtable.games.last_night_on_earth import prayer

        zseats.take(state, STRANGE)
        frame.step = "played"
        state.event(f"The zombies play {STRANGE}.", CITE)
        prayer.play(state, STRANGE, action_id)
