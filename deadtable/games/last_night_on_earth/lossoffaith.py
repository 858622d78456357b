"""Loss of Faith: "Cancel a Faith card, OR force a hero to re-roll the check for whether a hand
weapon breaks" (Zombie card, played in response).

After a Faith card is played, and after a hand weapon's break check that it survives, the
zombies are asked whether they answer with Loss of Faith (whenever their hand holds a card, so
that the asking tells the heroes nothing). The card itself may be answered by the heroes like
any Zombie card (prayer.py); cancelled, the Faith stands or the check holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.last_night_on_earth import zseats
from deadtable.games.last_night_on_earth.state import ZOMBIES, LastNightState

LOSS = "Loss of Faith"
CITE = f"Zombie card: {LOSS}"


@dataclass(slots=True)
class LossWindow(Frame):
    """The zombies' moment to answer a Faith played ("faith": holder and hero) or a break
    check survived ("break": the hero and its weapon)."""

    KIND = "loss-of-faith"
    what: str  # faith | break
    hero: str
    other: str  # faith: the hero Faith is played on; break: the weapon
    step: str = "ask"


def after_faith(state: LastNightState, holder: str, hero: str) -> None:
    """Faith announced (it has left the holder's hand): the zombies' window, or its effect."""
    if state.zombie_hand:
        state.push(LossWindow("faith", holder, hero))
    else:
        faith_effect(state, holder, hero)


def after_break_check(state: LastNightState, hero: str, weapon: str) -> None:
    if state.zombie_hand:
        state.push(LossWindow("break", hero, weapon))


def faith_effect(state: LastNightState, holder: str, name: str) -> None:
    """Faith: +1 fight die until the end of the turn; on a Holy hero it remains in play (one
    at most), a die in every fight."""
    hero = state.heroes[name]
    if "Holy" in state.hero(name).keywords and not hero.kept_faith:
        hero.kept_faith = True
        state.event(f"{holder} plays Faith on {name}, a Holy hero: it remains in play "
                    "(+1 fight die).", "Hero card: Faith")
        return
    hero.faith += 1
    state.hero_discard.put_on_top("Faith")
    state.event(f"{holder} plays Faith on {name}: +1 fight die this turn.", "Hero card: Faith")


def loss_effect(state: LastNightState, action: str) -> None:
    """Loss of Faith takes effect: the Faith is cancelled, or the break check is made again."""
    from deadtable.games.last_night_on_earth.fight import break_check

    state.zombie_discard.put_on_top(LOSS)
    _, what, hero, other = action.split(":", 3)
    if what == "faith":
        state.hero_discard.put_on_top("Faith")
        state.event(f"{LOSS}: the Faith played on {other} is cancelled.", CITE)
    else:
        state.event(f"{LOSS}: {hero} re-rolls the {other}'s break check.", CITE)
        break_check(state, state.heroes[hero], other)


def loss_cancelled(state: LastNightState, action: str) -> None:
    """Loss of Faith cancelled by the heroes: the Faith it answered stands."""
    _, what, hero, other = action.split(":", 3)
    if what == "faith":
        faith_effect(state, hero, other)


class LossWindowHandler(Handler[LastNightState, LossWindow]):
    def decide(self, state: LastNightState, frame: LossWindow) -> Decision | None:
        if not state.zombie_hand:
            return None
        actions = [Action("pass", "Play no card", {"verb": "pass"})]
        if LOSS in state.zombie_hand:
            what = (f"cancel the Faith played on {frame.other}" if frame.what == "faith"
                    else f"{frame.hero} re-rolls the {frame.other}'s break check")
            actions.insert(0, Action("play:" + LOSS, f"{LOSS}: {what}",
                                     {"verb": "play", "card": LOSS}))
        asked = (f"Faith is played on {frame.other}" if frame.what == "faith"
                 else f"{frame.hero}'s {frame.other} holds")
        return Decision.of(ZOMBIES, f"{asked}: play a card?", actions)

    def run(self, state: LastNightState, frame: LossWindow) -> None:
        state.pop()
        if frame.what == "faith":
            faith_effect(state, frame.hero, frame.other)

    def apply(self, state: LastNightState, frame: LossWindow, action_id: str) -> None:
        from deadtable.games.last_night_on_earth import prayer

        state.pop()
        if action_id == "pass":
            if frame.what == "faith":
                faith_effect(state, frame.hero, frame.other)
            return
        zseats.take(state, LOSS)
        state.event(f"The zombies play {LOSS}.", CITE)
        prayer.play(state, LOSS, f"loss:{frame.what}:{frame.hero}:{frame.other}")
