"""KITTING OUT and ESCAPING THE BUILDING: spending an Equipment Allowance, finding the way out
(2d6 cards, or at once with a Teleport Implant), and coming back in with a new Laser-lance."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.engine.decisions import Action
from deadtable.engine.dice import halve_up
from deadtable.engine.wording import count
from deadtable.games.chainsaw_warrior import clock, equipment, tracks
from deadtable.games.chainsaw_warrior.clock import BOXES_PER_MINUTE
from deadtable.games.chainsaw_warrior.decks import build_house
from deadtable.games.chainsaw_warrior.equipment import LASER_LANCE, Carried
from deadtable.games.chainsaw_warrior.flow import ask, question, step
from deadtable.games.chainsaw_warrior.house import carry_limit_reached, may_take_from

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

REFILL_COST = 2  # "you may spend 2 points on a refill or spare clip for any item"; Kitting
# Out I: "you may spend two points of your Equipment Allowance on a Spare Clip"


# -- spending an allowance -------------------------------------------------------------------
# The kit question's ctx: `points` left, `refit` (outside, after escaping the building), and for
# the start of the game `chosen` (Kitting Out II: pick the cards instead of drawing them) and
# `waited` (Kitting Out III: the extra points are being spent).
CHOOSE_COST = 2  # Kitting Out II: "spend two points of your Equipment Allowance"
WAIT_UNTIL = 10 * BOXES_PER_MINUTE  # Kitting Out III: "the ten minute box"
DUM_DUMS = "dum-dum-bullets"


def may_choose(state: ChainsawWarriorState) -> bool:
    """Kitting Out II is on offer at the start: with the option or at medium difficulty
    (Extra Training I: "May use Kitting Out II"). At easy it is given free (see start_kit)."""
    return state.rules.has("kitting-out-2") or state.rules.difficulty == "medium"


def _cost(state: ChainsawWarriorState, item_id: str) -> int:
    return state.data.costs[state.data.items[item_id].back]


def may_pick(state: ChainsawWarriorState, item_id: str) -> bool:
    """Kitting Out II: a card you may choose from its pile: one gun and one heavy weapon at
    most (the Flare Gun in the Gun pile is a Device), and never more than 13 items."""
    item = state.data.items[item_id]
    if carry_limit_reached(state):
        return False
    if item.type in ("gun", "heavy-weapon"):
        return not any(state.data.items[c.item].type == item.type for c in state.items)
    return True


def kit_actions(state: ChainsawWarriorState) -> list[Action]:
    points = state.ctx["points"]
    refit = state.ctx.get("refit", False)
    actions = []
    if state.ctx.get("chosen"):
        for pile in sorted(state.piles):  # each card by id: the pile's order stays unseen
            for item_id in sorted(state.piles[pile].cards):
                cost = _cost(state, item_id)
                if cost <= points and may_pick(state, item_id):
                    actions.append(Action(f"pick:{item_id}",
                                          f"Take the {state.data.items[item_id].name} "
                                          f"({cost} point{'s' if cost > 1 else ''})"))
    else:
        for pile in sorted(state.piles):
            cost = state.data.costs[pile]
            if cost <= points and may_take_from(state, pile):
                actions.append(Action(f"draw:{pile}", f"Draw a {pile.replace('-', ' ')} card "
                                                      f"({cost} point{'s' if cost > 1 else ''})"))
        if not refit and may_choose(state) and points > CHOOSE_COST and any(
                state.data.costs[p] <= points - CHOOSE_COST and may_take_from(state, p)
                for p in state.piles):
            actions.append(Action("choose", f"Choose your cards instead of drawing them "
                                            f"({CHOOSE_COST} points)"))
    clips = refit or state.rules.has("kitting-out-1")
    if clips and points >= REFILL_COST:
        for i, carried in enumerate(state.items):
            item = state.data.items[carried.item]
            if carried.uses is None or item.one_use:
                continue
            if refit and item.uses is not None and carried.uses < item.uses:
                actions.append(Action(f"refill:{i}", f"Refill the {item.name} (2 points)"))
            if not carried.clip:
                actions.append(Action(f"clip:{i}", f"A Spare Clip for the {item.name} "
                                                   f"(2 points)"))
    actions.append(Action("done", f"Enter the house ({count(points, 'point')} unspent)" if points
                          else "Enter the house"))
    return actions


def _kit_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    points = count(state.ctx["points"], "Equipment point")
    return f"Kitting out: {points} to spend.", kit_actions(state)


def start_kit(state: ChainsawWarriorState, points: int) -> None:
    """Kitting out at the start of the game. Extra Training II ("Must use Kitting Out II")
    lets you choose your cards without paying for it."""
    kit_out(state, points, chosen=state.rules.difficulty == "easy")


def kit_out(state: ChainsawWarriorState, points: int, refit: bool = False,
            chosen: bool = False, waited: bool = False) -> None:
    extra = {k: True for k, on in (("chosen", chosen), ("waited", waited)) if on}
    ask(state, "kit", points=points, refit=refit, **extra)
    if len(kit_actions(state)) == 1:  # nothing to buy: straight in
        _kit_done(state)


def _kit_done(state: ChainsawWarriorState) -> None:
    """Kitting done: at the start with Kitting Out III, you may still wait for more."""
    ctx = state.ctx
    state.phase = ""
    state.ctx = {}
    if not ctx.get("refit") and not ctx.get("waited") and state.rules.has("kitting-out-3"):
        ask(state, "wait-kit", points=ctx["points"], chosen=ctx.get("chosen", False))


@question("kit", _kit_options)
def _answer_kit(state: ChainsawWarriorState, action: str) -> None:
    points, refit = state.ctx["points"], state.ctx.get("refit", False)
    chosen, waited = state.ctx.get("chosen", False), state.ctx.get("waited", False)
    verb, _, what = action.partition(":")
    if verb == "done":
        _kit_done(state)
        return
    if verb == "choose":
        points -= CHOOSE_COST
        chosen = True
        state.event("You will choose your equipment cards.", cite="Overkill: Kitting Out II")
    elif verb == "draw":
        points -= state.data.costs[what]
        item_id = state.piles[what].draw()
        state.items.append(equipment.fresh(state.data.items[item_id]))
        state.event(f"You draw a {what.replace('-', ' ')} card: {state.data.items[item_id].name}.",
                    cite="Kitting Out")
        if item_id == DUM_DUMS and not any(state.data.items[c.item].type == "gun"
                                           for c in state.items):
            ask(state, "dum-dums", points=points, refit=refit, chosen=chosen, waited=waited,
                pile=what)
            return
    elif verb == "pick":
        points -= _cost(state, what)
        back = state.data.items[what].back
        state.piles[back].remove(what)
        state.items.append(equipment.fresh(state.data.items[what]))
        state.event(f"You choose from the {back.replace('-', ' ')} cards: "
                    f"{state.data.items[what].name}.", cite="Overkill: Kitting Out II")
    else:
        points -= REFILL_COST
        # after leaving the building any refill or clip; at the start a clip (Kitting Out I)
        equipment.recharge(state, int(what), verb,
                           cite="Escaping the Building" if refit else "Overkill: Kitting Out I")
    kit_out(state, points, refit, chosen, waited)


def _dum_dum_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    cost = state.data.costs[state.ctx["pile"]]
    return "Dum-Dum Bullets, and you have no gun: discard them and choose another card?", [
        Action("put-back", f"Put them back under the pile ({cost} point"
                           f"{'s' if cost > 1 else ''} back)"),
        Action("keep", "Keep them")]


@question("dum-dums", _dum_dum_options)
def _answer_dum_dums(state: ChainsawWarriorState, action: str) -> None:
    """Dum-Dum Bullets: "If the warrior does not have a gun they may discard this card and
    choose another": the card goes to the bottom of its pile and its cost is refunded."""
    ctx = state.ctx
    points, pile = ctx["points"], ctx["pile"]
    if action == "put-back":
        state.items.remove(next(c for c in state.items if c.item == DUM_DUMS))
        state.piles[pile].bury(DUM_DUMS)
        points += state.data.costs[pile]
        state.event("You put the Dum-Dum Bullets back under their pile.",
                    cite="Equipment: Dum-Dum Bullets")
    kit_out(state, points, ctx["refit"], ctx["chosen"], ctx["waited"])


def _wait_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    points = state.ctx["points"]
    unspent = f" with your {points} unspent" if points else ""
    return "Wait for more equipment (Kitting Out III)?", [
        Action("wait", f"Wait until 10:00 for 1 to 3 more Equipment points{unspent}"),
        Action("enter", "Enter the house now")]


@question("wait-kit", _wait_options)
def _answer_wait(state: ChainsawWarriorState, action: str) -> None:
    """Kitting Out III: the Time Marker onto the ten minute box, then one die halved, rounding
    up, of extra points, spent as usual (unspent points are still yours)."""
    points, chosen = state.ctx["points"], state.ctx["chosen"]
    state.ctx = {}
    if action == "enter":
        return
    state.time = max(state.time, WAIT_UNTIL)
    roll = state.dice.d6()
    extra = halve_up(roll)
    state.warrior.equipment_allowance += extra
    state.event(f"You wait for more equipment until {clock.label(state.time)}: a roll of "
                f"{roll} brings {extra} more point{'s' if extra > 1 else ''}.",
                cite="Overkill: Kitting Out III")
    kit_out(state, points + extra, chosen=chosen, waited=True)


# -- Escaping the Building -------------------------------------------------------------------
def leave_building(state: ChainsawWarriorState, chasm: bool = False) -> None:
    """Find the way out: 2d6 cards revealed and encountered, unless a Teleport Implant takes
    you out at once."""
    state.ctx = {}
    implant = equipment.find(state, "teleport-implant")
    if implant is not None:
        equipment.use(state, implant)
        state.event("The Teleport Implant takes you out of the building.",
                    cite="Equipment: Teleport Implant")
        _outside(state, chasm)
        return
    roll = state.dice.total(2)
    state.exiting = roll
    state.tasks = state.tasks + [{"do": "outside", "chasm": chasm}]
    state.event(f"You must find the way out: {count(roll, 'card')} to get through.",
                cite="Escaping the Building")
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
    state.event(f"You are out of the building. It costs {count(roll, 'minute')}.",
                cite="Escaping the Building")
    tracks.pass_time(state, roll * state.rules.escape_time)
    if state.outcome is not None:
        return
    tracks.heal(state, state.dice.d6(), "Outside, you patch yourself up",
                cite="Escaping the Building")
    points = state.dice.d6()
    state.event(f"A new Equipment Allowance of {points}.", cite="Escaping the Building")
    lance = next((c for c in state.items if c.item == LASER_LANCE), None)
    if not (chasm and lance is not None):
        if lance is not None:
            state.items.remove(lance)
        points -= 1
        state.items.insert(0, Carried(LASER_LANCE, state.data.items[LASER_LANCE].uses))
        state.event("One point buys a new Laser-lance.", cite="Escaping the Building")
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
    state.known = []
    if state.current == 1:  # the new Deck One stays face down, set aside: play goes on in
        # Deck Two (the current deck), and it is gathered up again if you leave once more
        state.event("You had reached Deck Two: you start at its top.", cite="Escaping the Building")
    else:
        state.event("The House decks are dealt anew.", cite="Escaping the Building")
