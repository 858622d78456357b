"""What the warrior knows: the board's tracks, the equipment display, the discard piles and
the card backs; never the order of a face-down deck."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.games.chainsaw_warrior import clock, equipment, fight, items

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState


def _card(state: ChainsawWarriorState, card_id: str) -> dict[str, Any]:
    c = state.data.card(card_id)
    seen: dict[str, Any] = {"id": c.id, "title": c.title, "kind": c.kind, "back": c.back}
    if c.creature:
        seen.update(creature=c.creature, hth=c.hth, wounds=c.wounds, no_escape=c.no_escape)
    return seen


def _fight_hth(state: ChainsawWarriorState) -> int | None:
    """Your HtH against the one you fight (or the only one there is), None before you choose."""
    now = state.fight
    assert now is not None
    against = now.current or (now.opponents[0] if len(now.opponents) == 1 else None)
    return None if against is None else fight.warrior_hth(state, now, fight.card(state, against))


def view(state: ChainsawWarriorState) -> dict[str, Any]:
    w = state.warrior
    d = state.decks[state.current] if state.decks[state.current] else state.decks[1]
    top_back = state.data.card(d.cards[0]).back if d.cards else None
    now = state.fight
    titles = state.data.titles
    return {
        "warrior": {
            "endurance": w.endurance, "wounds": w.wounds, "max_wounds": w.max_wounds,
            "hth": w.hth, "reflexes": w.reflexes, "marksmanship": w.marksmanship,
            "skill": w.skill, "equipment_allowance": w.equipment_allowance,
            "radiation": w.radiation, "venom": w.venom, "infected": w.infected,
            # as the rolls use it: with the X-oskeleton's -1 (never beneath 6), Determination
            "reflexes_now": items.reflexes(state),
        },
        "time": state.time,  # boxes of 30 seconds
        "minutes": clock.minutes(state.time),
        "clock": clock.label(state.time),
        "night": clock.is_night(state.time),
        "field_until": state.field_until,
        "deck": state.current + 1,
        "decks": [len(deck) for deck in state.decks],
        "next_back": top_back,  # card backs are face up for all to see
        # what the Remote Camera saw at the top of the current deck, in order
        "camera": [titles[c] for c in state.known],
        "discards": [[titles[c] for c in pile.cards] for pile in state.discards],
        "removed": [titles[c] for c in state.removed],
        "turned": None if state.turned is None else _card(state, state.turned),
        "items": [
            {"id": c.item, "name": state.data.items[c.item].name,
             "type": state.data.items[c.item].type, "uses": c.uses, "clip": c.clip,
             "disabled": equipment.disabled(state, state.data.items[c.item]), "on": c.on}
            for c in state.items
        ],
        "piles": {name: len(pile) for name, pile in state.piles.items()},
        "wandering_zombies": len(state.wandering),
        "smash_until": state.smash_until,
        "flare": state.flare,
        "determination": state.determination,
        "question": state.phase,  # which question the decision asks, e.g. "shoot"
        "free": state.free,
        "exiting": state.exiting,
        "left_building": state.left_building,
        "fight": None if now is None else {
            # each with the name the choices use ("Wandering Zombie 2" where titles repeat)
            "opponents": [{**_card(state, o), "name": fight.named(state, o)}
                          for o in now.opponents],
            "current": now.current, "rounds": now.rounds, "context": now.context,
            "next_hth": now.next_hth, "no_escape": now.no_escape,
            "knife_dropped": now.knife_dropped,
            # your HtH for the next round against the one you fight, every modifier counted:
            # the number the log's round adds to your dice
            "hth": _fight_hth(state),
        },
    }
