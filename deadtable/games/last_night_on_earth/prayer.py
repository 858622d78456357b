"""The heroes' answers to a Zombie card: Father Joseph's Prayer, Jeb and Principal Gomez
("Cancel any Zombie card"), the Fire Axe against a Fight card and Escape Through the Window
against Locked Door (windows.py). Father Joseph's Prayer:
"When the zombies play a card, Father Joseph may take 1 wound to try to cancel it: roll a D6,
cancelled on a 4 or more" (hero sheet; public that he takes a wound to try, the roll
designed).

Every Zombie card the zombies play is announced first (it leaves the hand); the heroes are
asked how they answer it (whenever one could: Father Joseph able to pray, a hand holding any
card, the fighting hero's Fire Axe), and the card takes effect only after. Father Joseph may
pray while he could take the wound without dying (designed: the price is a wound, not his
life). A
cancelled card is discarded with no effect; a Fight card still counts as the turn's one.
"""

from __future__ import annotations

from dataclasses import dataclass

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.last_night_on_earth import hesazombie, lockeddoor, sacrifice, windows
from deadtable.games.last_night_on_earth.state import HEROES, LastNightState
from deadtable.games.last_night_on_earth.wounds import take_wound

PRIEST = "Father Joseph"
CITE = "Hero sheet: Father Joseph, Prayer"


@dataclass(slots=True)
class Prayer(Frame):
    KIND = "prayer"
    card: str
    action: str  # the zombies' action that played it, for its effect
    step: str = "ask"


def can_pray(state: LastNightState) -> bool:
    priest = state.heroes.get(PRIEST)
    if priest is None or priest.dead:
        return False
    rule = next((a for a in state.hero(PRIEST).abilities if a.effect == "cancel-zombie-card"),
                None)
    cost = rule.numbers.get("cost_wounds", 1) if rule else 1
    return rule is not None and priest.wounds + cost < state.hero(PRIEST).wounds


CANCELLERS = ("Jeb, the Grease Monkey", "Principal Gomez")  # "Cancel any Zombie card"
FIGHT_ANSWERABLE = ("Uuuurrrggghh!", "Braaains!", "Undead Hate the Living",
                    sacrifice.SACRIFICE)


def fire_axe_in_fight(state: LastNightState) -> bool:
    top = state.stack[-1]
    return top.KIND == "fight" and "Fire Axe" in state.heroes[top.hero].items  # type: ignore


def axe_wielder(state: LastNightState, frame: Prayer) -> str | None:
    """The hero in the fight under way who carries the Fire Axe ("Combat bonus: cancel any
    zombie Fight card"), if the card is a Fight card."""
    from deadtable.games.last_night_on_earth.fight import FIGHT_CARDS

    below = state.stack[-2] if len(state.stack) > 1 else None
    if frame.card not in FIGHT_CARDS or below is None or below.KIND != "fight":
        return None
    hero = below.hero  # type: ignore[attr-defined]
    return hero if "Fire Axe" in state.heroes[hero].items else None


def prompt(state: LastNightState, frame: Prayer) -> str:
    """What the heroes answer; against a Fight card, the dice it would change and how, so
    that the answer can weigh them (on a phone the fight's line is far up the page)."""
    from deadtable.games.last_night_on_earth.fight import (
        FIGHT_CARDS,
        Fight,
        dice_now,
        fight_card_what,
    )

    below = state.stack[-2] if len(state.stack) > 1 else None
    if frame.card in FIGHT_CARDS and isinstance(below, Fight):
        what = fight_card_what(below, frame.card, frame.action)
        return f"{dice_now(below)}. The zombies play {frame.card} ({what}): answer it?"
    return f"The zombies play {frame.card}: answer it?"


def play(state: LastNightState, card: str, action: str) -> None:
    """A Zombie card announced: the heroes' window to answer it, or its effect at once."""
    if can_pray(state) or any(h.hand for h in state.living()) or (
            card in FIGHT_ANSWERABLE and fire_axe_in_fight(state)):
        state.push(Prayer(card, action))
    else:
        take_effect(state, card, action)


def cancelled(state: LastNightState, frame: Prayer) -> None:
    """What a cancelled card leaves behind: a Faith that Loss of Faith answered stands."""
    from deadtable.games.last_night_on_earth.lossoffaith import LOSS, loss_cancelled

    if frame.card == LOSS:
        loss_cancelled(state, frame.action)


def take_effect(state: LastNightState, card: str, action: str) -> None:
    from deadtable.games.last_night_on_earth import (
        fight,
        heroturn,
        kindastrange,
        lossoffaith,
        zombieturn,
    )

    below = state.stack[-1]
    if card in fight.FIGHT_CARDS:
        fight.fight_card_effect(state, below, card, action)  # type: ignore[arg-type]
    elif card == "Shamble":
        zombieturn.shamble_effect(state, below, action)  # type: ignore[arg-type]
    elif card == zombieturn.TOO_MANY:
        zombieturn.too_many_effect(state, below)  # type: ignore[arg-type]
    elif card == lossoffaith.LOSS:
        lossoffaith.loss_effect(state, action)
    elif card == hesazombie.HE_ZOMBIE:
        hesazombie.effect(state, below)
    elif card == lockeddoor.LOCKED:
        lockeddoor.effect(state, below)  # type: ignore[arg-type]
    elif card == kindastrange.STRANGE:
        kindastrange.effect(state, below)  # type: ignore[arg-type]
    elif card in heroturn.RESPONSES:
        heroturn.response_effect(state, below, card)  # type: ignore[arg-type]
    else:
        zombieturn.turn_card_effect(state, card, action)


class PrayerHandler(Handler[LastNightState, Prayer]):
    def decide(self, state: LastNightState, frame: Prayer) -> Decision | None:
        actions = []
        if can_pray(state):
            actions.append(Action("pray", f"Father Joseph takes a wound and prays: {frame.card} "
                                  "is cancelled on 4+", {"verb": "pray", "card": frame.card}))
        axe = axe_wielder(state, frame)
        if axe is not None:
            actions.append(Action("axe", f"{axe} cancels {frame.card} with the Fire Axe",
                                  {"verb": "play", "card": "Fire Axe", "hero": axe}))
        actions += [Action(f"cancel:{h.name}:{card}", f"{h.name} plays {card}: {frame.card} is "
                           "cancelled", {"verb": "play", "card": card, "hero": h.name})
                    for h in state.living() for card in CANCELLERS if card in h.hand]
        actions += windows.answers(state, frame.card)
        if not actions and not any(h.hand for h in state.living()):
            return None  # asked whenever a hand holds a card: the asking tells nothing
        actions.append(Action("let-be", f"Let {frame.card} take effect", {"verb": "pass"}))
        return Decision.of(HEROES, prompt(state, frame), actions)

    def run(self, state: LastNightState, frame: Prayer) -> None:
        state.pop()
        take_effect(state, frame.card, frame.action)

    def apply(self, state: LastNightState, frame: Prayer, action_id: str) -> None:
        axe = axe_wielder(state, frame)
        state.pop()
        if action_id == "let-be":
            take_effect(state, frame.card, frame.action)
            return
        if action_id.startswith("cancel:"):
            _, name, card = action_id.split(":", 2)
            state.heroes[name].hand.remove(card)
            state.zombie_discard.put_on_top(frame.card)
            state.event(f"{name} plays {card}: {frame.card} is cancelled.", f"Hero card: {card}")
            if card == windows.ESCAPE:  # it takes its own effect too
                windows.put_in_force(state, name)
            else:
                state.hero_discard.put_on_top(card)
            cancelled(state, frame)
            return
        if action_id == "axe" and axe is not None:
            from deadtable.games.last_night_on_earth.fight import break_check

            state.zombie_discard.put_on_top(frame.card)
            state.event(f"{axe} cancels {frame.card} with the Fire Axe.", "Hero card: Fire Axe")
            break_check(state, state.heroes[axe], "Fire Axe")
            return
        rule = next(a for a in state.hero(PRIEST).abilities if a.effect == "cancel-zombie-card")
        take_wound(state, state.heroes[PRIEST], CITE)
        rolled = state.dice.d6()
        if rolled >= rule.numbers.get("roll_on", 4):
            state.zombie_discard.put_on_top(frame.card)
            state.event(f"Father Joseph prays and rolls {rolled}: {frame.card} is cancelled.",
                        CITE)
            cancelled(state, frame)
        else:
            state.event(f"Father Joseph prays and rolls {rolled}: {frame.card} takes effect.",
                        CITE)
            take_effect(state, frame.card, frame.action)
