"""KITTING OUT and ESCAPING THE BUILDING: spending an Equipment Allowance, finding the way out
(2d6 cards, or at once with a Teleport Implant), and coming back in with a new Laser-lance."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.engine.decisions import Action
from deadtable.games.chainsaw_warrior import equipment, tracks
from deadtable.games.chainsaw_warrior.decks import build_house
from deadtable.games.chainsaw_warrior.equipment import LASER_LANCE, Carried
from deadtable.games.chainsaw_warrior.flow import ask, question, step
from deadtable.games.chainsaw_warrior.house import may_take_from

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

REFILL_COST = 2  # "you may spend 2 points on a refill or spare clip for any item"


# -- spending an allowance -------------------------------------------------------------------
def kit_actions(state: ChainsawWarriorState) -> list[Action]:
    points = state.ctx["points"]
    actions = []
    for pile in sorted(state.piles):
        cost = state.data.costs[pile]
        if cost <= points and may_take_from(state, pile):
            actions.append(Action(f"draw:{pile}", f"Draw a {pile.replace('-', ' ')} card "
                                                  f"({cost} point{'s' if cost > 1 else ''})"))
    if state.ctx.get("refit") and points >= REFILL_COST:
        for i, carried in enumerate(state.items):
            item = state.data.items[carried.item]
            if carried.uses is None or item.one_use:
                continue
            if item.uses is not None and carried.uses < item.uses:
                actions.append(Action(f"refill:{i}", f"Refill the {item.name} (2 points)"))
            if not carried.clip:
                actions.append(Action(f"clip:{i}", f"A Spare Clip for the {item.name} "
                                                   f"(2 points)"))
    actions.append(Action("done", f"Enter the house ({points} points unspent)" if points
                          else "Enter the house"))
    return actions


def _kit_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    return f"Kitting out: {state.ctx['points']} Equipment points to spend.", kit_actions(state)


def kit_out(state: ChainsawWarriorState, points: int, refit: bool = False) -> None:
    ask(state, "kit", points=points, refit=refit)
    if len(kit_actions(state)) == 1:  # nothing to buy: straight in
        state.phase = ""
        state.ctx = {}


@question("kit", _kit_options)
def _answer_kit(state: ChainsawWarriorState, action: str) -> None:
    points, refit = state.ctx["points"], state.ctx.get("refit", False)
    verb, _, what = action.partition(":")
    if verb == "done":
        return
    if verb == "draw":
        points -= state.data.costs[what]
        item_id = state.piles[what].draw()
        state.items.append(equipment.fresh(state.data.items[item_id]))
        state.event(f"You draw a {what.replace('-', ' ')} card: {state.data.items[item_id].name}.")
    else:
        points -= REFILL_COST
        carried = state.items[int(what)]
        item = state.data.items[carried.item]
        if verb == "refill":
            carried.uses = item.uses
            state.event(f"You refill the {item.name}.")
        else:
            carried.clip = True
            state.event(f"You take a Spare Clip for the {item.name}.")
    kit_out(state, points, refit)


# -- Escaping the Building -------------------------------------------------------------------
def leave_building(state: ChainsawWarriorState, chasm: bool = False) -> None:
    """Find the way out: 2d6 cards revealed and encountered, unless a Teleport Implant takes
    you out at once."""
    state.ctx = {}
    implant = equipment.find(state, "teleport-implant")
    if implant is not None:
        equipment.use(state, implant)
        state.event("The Teleport Implant takes you out of the building.")
        _outside(state, chasm)
        return
    roll = state.dice.total(2)
    state.exiting = roll
    state.tasks = state.tasks + [{"do": "outside", "chasm": chasm}]
    state.event(f"You must find the way out: {roll} cards to get through.")
    if state.exiting == 0:  # pragma: no cover - 2d6 is never 0
        _outside(state, chasm)


@step("exit-step")
def _exit_step(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    state.exiting -= 1


@step("outside")
def _outside_step(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    if state.exiting > 0:  # still on the way: the next card first
        state.tasks = state.tasks + [task, {"do": "explore"}]
        return
    _outside(state, task["chasm"])


def _outside(state: ChainsawWarriorState, chasm: bool) -> None:
    """Out of the building: time, healing, a new allowance with the compulsory Laser-lance,
    and the House decks built anew."""
    state.exiting = 0
    state.left_building += 1
    roll = state.dice.d6()
    state.event(f"You are out of the building. It costs {roll} minutes.")
    tracks.pass_time(state, roll * state.rules.escape_time)
    if state.outcome is not None:
        return
    tracks.heal(state, state.dice.d6(), "Outside, you patch yourself up")
    points = state.dice.d6()
    state.event(f"A new Equipment Allowance of {points}.")
    lance = next((c for c in state.items if c.item == LASER_LANCE), None)
    if not (chasm and lance is not None):
        if lance is not None:
            state.items.remove(lance)
        points -= 1
        state.items.insert(0, Carried(LASER_LANCE, state.data.items[LASER_LANCE].uses))
        state.event("One point buys a new Laser-lance.")
    _rebuild(state)
    state.free = True
    state.turned = None
    kit_out(state, points, refit=True)


def _rebuild(state: ChainsawWarriorState) -> None:
    """Gather up the House cards and deal two decks as at the start; if you had reached the
    second deck you start at its top."""
    # All the House cards still in play: the decks and their discards. Cards removed from
    # the game (the Chasm; a First Aid Kit carried, or destroyed as an item) are not there.
    cards = [c for pile in (*state.decks, *state.discards) for c in pile.cards
             if c not in state.removed]
    one, two = build_house(state.dice, cards, state.data.darkness, strict=False)
    state.decks[0].cards, state.decks[1].cards = one.cards, two.cards
    state.discards[0].cards.clear()
    state.discards[1].cards.clear()
    state.seen = set()
    if state.current == 1:
        state.discards[0].cards = state.decks[0].cards
        state.decks[0].cards = []
        state.event("You had reached Deck Two: you start at its top.")
    else:
        state.event("The House decks are dealt anew.")
