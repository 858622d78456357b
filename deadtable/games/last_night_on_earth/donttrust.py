"""I Don't Trust 'em (Advanced Zombie card; reference/last-night-on-earth.md, "Zombie deck,
Advanced": "No item trading until next zombie turn, or one Strange hero never trades").

Trading is the Hero turn's exchange (heroturn.py: a card given to a hero in the same space).
Designed (docs/last-night-on-earth.md, "The Advanced decks"):
- played in the Zombie turn, the zombies choose the half after the heroes' window to cancel
  the card: "no-trading" (no hero gives a card to another until the next Zombie turn begins)
  or a living Strange hero (Jake Cartwright's sheet, or Haunted by the Past) who may never
  give or be given a card;
- either way the card lies in play while its effect lasts, as a reminder ("I Don't Trust 'em
  (every hero)", "I Don't Trust 'em (Jake Cartwright)"), so that At Last… may cancel it like
  any card in play; the first half's card is discarded as the next Zombie turn begins, the
  second's when its hero dies;
- every card of the exchange is barred, items, weapons and the hand's cards alike.
"""

from __future__ import annotations

from deadtable.engine.decisions import Action, Decision
from deadtable.games.last_night_on_earth import haunted
from deadtable.games.last_night_on_earth.state import ZOMBIES, HeroFigure, LastNightState

TRUST = "I Don't Trust 'em"
CITE = f"Zombie card: {TRUST}"
EVERY = "every hero"
NO_TRADING = "no-trading"


def placed(target: str) -> str:
    return f"{TRUST} ({target})"


def may_trade(state: LastNightState, giver: str, taker: str) -> bool:
    return not any(placed(t) in state.in_play for t in (EVERY, giver, taker))


def strange_targets(state: LastNightState) -> list[HeroFigure]:
    """The living Strange heroes not barred already."""
    return [h for h in state.living() if haunted.STRANGE in haunted.keywords(state, h.name)
            and placed(h.name) not in state.in_play]


def decision(state: LastNightState) -> Decision:
    actions = [Action(NO_TRADING, f"{TRUST}: no hero may trade until the next Zombie turn",
                      {"verb": "choose"})]
    actions += [Action(f"hero:{h.name}", f"{TRUST}: {h.name}, a Strange hero, may never trade",
                       {"verb": "target", "hero": h.name}) for h in strange_targets(state)]
    return Decision.of(ZOMBIES, f"{TRUST}: which half?", actions)


def aim(state: LastNightState, action_id: str) -> None:
    if action_id == NO_TRADING:
        state.in_play.append(placed(EVERY))
        state.event(f"{TRUST}: no hero may trade until the next Zombie turn.", CITE)
        return
    hero = action_id.partition(":")[2]
    state.in_play.append(placed(hero))
    state.event(f"{TRUST}: {hero}, a Strange hero, may never trade (remains in play).", CITE)


def zombie_turn_begins(state: LastNightState) -> None:
    """The first half ends as the next Zombie turn begins."""
    if placed(EVERY) in state.in_play:
        state.in_play.remove(placed(EVERY))
        state.zombie_discard.put_on_top(TRUST)
        state.event(f"{TRUST} ends: the heroes may trade again.", CITE)
