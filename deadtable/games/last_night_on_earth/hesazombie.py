"""The Advanced Zombie card My God, He's a Zombie (reference/last-night-on-earth.md, "Zombie
deck, Advanced"): "Cancel a Townsfolk event on a D6 roll of 4+, OR place a zombie from the
pool adjacent to a hero."

The Townsfolk events are the Hero cards of kind `townsfolk` (data/hero-deck.toml): Doc Brody,
Jeb, Principal Gomez, Mr. Hyde, Farmer Sty and Deputy Taylor. Designed
(docs/last-night-on-earth.md, "The Advanced decks"):
- to cancel: whenever a hero plays a Townsfolk card (any of its uses), and the game's Zombie
  deck holds this card, the zombies are asked first (whenever their hand holds a card, so the
  asking tells nothing). The Townsfolk card is out of its holder's hand while they answer;
  played, My God, He's a Zombie may itself be answered by the heroes (as any Zombie card),
  then the zombies roll a D6: on 4+ the Townsfolk card is discarded with no effect, else (or
  if the heroes cancel it) the Townsfolk card takes effect as it was played;
- to place: in the Zombie turn's card step, a zombie from the pool on a square next to a hero
  (a step's neighbour, walls ignored as zombies ignore them) where no hero stands; it then
  moves with the others (Zombie Hunger takes it to the hero).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.last_night_on_earth.state import ZOMBIES, LastNightState

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.zombieturn import ZombieTurn

HE_ZOMBIE = "My God, He's a Zombie"
CITE = f"Zombie card: {HE_ZOMBIE}"
TOWNSFOLK = "townsfolk"  # the Hero cards' kind the card cancels
# the verbs of the actions that play a Townsfolk card (fight.py, heroturn.py, prayer.py,
# zombieturn.py): only these are looked at, so other actions cost nothing
VERBS = frozenset({"jeb", "no-fight", "adjust", "gomez", "brody", "taylor", "sty", "cancel"})


@dataclass(slots=True)
class TownsfolkAnswer(Frame):
    """A Townsfolk card played, the zombies' answer still to come."""

    KIND = "townsfolk-answer"
    card: str
    hero: str  # who holds it
    action: str  # the action that played it, applied again once it stands
    step: str = "ask"  # ask -> played (My God, He's a Zombie is in play against it)


def in_game(state: LastNightState) -> bool:
    return state.options["decks"] == "advanced" and HE_ZOMBIE in state.data.advanced_zombie


def intercepts(state: LastNightState, frame: Frame, handler: Handler[Any, Any],
               action_id: str) -> bool:
    """If `action_id` plays a Townsfolk card the zombies may answer, open their window (the
    action is applied when it closes) and say so."""
    if action_id.partition(":")[0] not in VERBS or not state.zombie_hand or not in_game(state):
        return False
    decision = handler.decide(state, frame)
    action = decision.get(action_id) if decision is not None else None
    args = (action.args or {}) if action is not None else {}
    card = args.get("card")
    if args.get("verb") != "play" or card is None or state.card(card).kind != TOWNSFOLK:
        return False
    holder = frame.hero if frame.KIND == "hero-act" else args["hero"]  # type: ignore
    state.heroes[holder].hand.remove(card)  # played: it answers nothing while it waits
    state.event(f"{holder} plays {card}.", f"Hero card: {card}")
    state.push(TownsfolkAnswer(card, holder, action_id))
    return True


def stands(state: LastNightState, frame: TownsfolkAnswer) -> None:
    """The Townsfolk card takes effect: back in the hand, its action is applied to the frame
    below at last (the action takes it from the hand as it always does)."""
    state.pop()
    state.heroes[frame.hero].hand.append(frame.card)
    below = state.stack[-1]
    handler = state.HANDLERS[below.KIND]
    getattr(handler, "inner", handler).apply(state, below, frame.action)


def roll_to_cancel(state: LastNightState, frame: TownsfolkAnswer) -> None:
    state.zombie_discard.put_on_top(HE_ZOMBIE)
    rolled = state.dice.d6()
    if rolled < state.card(HE_ZOMBIE).numbers.get("roll_on", 4):
        state.event(f"{HE_ZOMBIE}: rolled {rolled}: {frame.card} takes effect.", CITE)
        stands(state, frame)
        return
    state.pop()
    state.hero_discard.put_on_top(frame.card)
    state.event(f"{HE_ZOMBIE}: rolled {rolled}: {frame.hero}'s {frame.card} is cancelled.",
                CITE)


class TownsfolkAnswerHandler(Handler[LastNightState, TownsfolkAnswer]):
    def decide(self, state: LastNightState, frame: TownsfolkAnswer) -> Decision | None:
        if frame.step != "ask" or not state.zombie_hand:
            return None
        actions = [Action("pass", f"Let {frame.card} take effect", {"verb": "pass"})]
        if HE_ZOMBIE in state.zombie_hand:
            actions.insert(0, Action(f"play:{HE_ZOMBIE}", f"{HE_ZOMBIE}: cancel {frame.card} "
                                     "on a D6 roll of 4+", {"verb": "play", "card": HE_ZOMBIE}))
        return Decision.of(ZOMBIES, f"{frame.hero} plays {frame.card}: answer it?", actions)

    def run(self, state: LastNightState, frame: TownsfolkAnswer) -> None:
        stands(state, frame)  # no card to answer with, or the heroes cancelled the answer

    def apply(self, state: LastNightState, frame: TownsfolkAnswer, action_id: str) -> None:
        if action_id == "pass":
            stands(state, frame)
            return
        from deadtable.games.last_night_on_earth import prayer, zseats

        zseats.take(state, HE_ZOMBIE)
        frame.step = "played"
        state.event(f"The zombies play {HE_ZOMBIE} against {frame.card}.", CITE)
        prayer.play(state, HE_ZOMBIE, action_id)


# -- the other use: a zombie next to a hero ------------------------------------------------------
def spaces(state: LastNightState) -> list[int]:
    """The squares next to a hero where no hero stands."""
    heroes = {h.space for h in state.living()}
    return sorted({n for s in heroes for n in state.board.neighbours[s]} - heroes)


def playable(state: LastNightState) -> bool:
    return state.pool() > 0 and bool(spaces(state))


def effect(state: LastNightState, below: Frame) -> None:
    """After the heroes' answer: a cancelling roll, or a zombie to place."""
    if isinstance(below, TownsfolkAnswer):
        roll_to_cancel(state, below)
        return
    from deadtable.games.last_night_on_earth.zombieturn import ZombieTurn

    assert isinstance(below, ZombieTurn)  # the other use is played in the card step
    state.zombie_discard.put_on_top(HE_ZOMBIE)
    below.step = "he-zombie"


def place_decision(state: LastNightState) -> Decision | None:
    found = spaces(state) if state.pool() > 0 else []
    if not found:
        return None
    return Decision.of(ZOMBIES, f"{HE_ZOMBIE}: a zombie next to a hero, on which square?", [
        Action(f"place:{s}", f"A zombie on {state.name(s)}", {"verb": "place", "space": s})
        for s in found])


def place(state: LastNightState, frame: ZombieTurn, space: int) -> None:
    from deadtable.games.last_night_on_earth.setup import new_zombie
    from deadtable.games.last_night_on_earth.wounds import zombie_name

    zombie = new_zombie(state, space)
    frame.step = "cards"
    state.event(f"{HE_ZOMBIE}: {zombie_name(zombie)} appears at {state.name(space)}, next to "
                "a hero.", CITE)
