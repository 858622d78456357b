"""REFERENCE SECTION: the traps. Each is played as its card says, in its order."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deadtable.engine.decisions import Action
from deadtable.engine.wording import count
from deadtable.games.chainsaw_warrior import equipment, fight, items, rolls, tracks
from deadtable.games.chainsaw_warrior.data import Card
from deadtable.games.chainsaw_warrior.decks import retrace_steps
from deadtable.games.chainsaw_warrior.equipment import find, has, use
from deadtable.games.chainsaw_warrior.flow import ask, question, step
from deadtable.games.chainsaw_warrior.house import (
    draw_wandering,
    minutes,
    wait_out,
    wandering_check,
)

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState


def spring(state: ChainsawWarriorState, c: Card) -> None:
    TRAPS[c.extra["trap"]](state, c)


def _reflexes(state: ChainsawWarriorState, name: str, modifier: int = 0) -> bool:
    if state.sprint:
        # Sprinting: "you automatically fail your Reflex test ... and suffer the worst
        # possible results"
        state.event(f"{name}: at a sprint you have no chance to leap clear.",
                    cite="Overkill: Sprinting")
        return False
    reflexes = items.reflexes(state)
    test = rolls.reflex_test(state.dice, reflexes, modifier)
    added = f" +{modifier}" if modifier else ""
    state.event(f"{name}: Reflex test {test.roll}{added} against {reflexes}: "
                f"{'you leap clear' if test.passed else 'failed'}.", cite="Testing Reflexes")
    return test.passed


def _d6(state: ChainsawWarriorState) -> int:
    """A die a trap rolls against you: a 6 when you sprint into it (the worst result)."""
    return 6 if state.sprint else state.dice.d6()


def _ambush(state: ChainsawWarriorState, c: Card) -> None:
    if has(state, "ultra-violet-emitter"):
        state.event("Ambush! The Ultra-Violet Emitter keeps the Zombies away: treat it as Clear.",
                    cite="Equipment: Ultra-Violet Emitter")
        return
    roll = state.dice.d6()
    zombies = draw_wandering(state, roll)
    state.event(f"Ambush! {len(zombies)} Wandering Zombies (rolled {roll}).",
                cite="House Cards: Trap - Ambush")
    if zombies:  # sprinting: "Treat as normal, bearing in mind effects on combat"
        fight.begin(state, zombies, "sprint" if state.sprint else "ambush", wandering=zombies)


def _cave_in(state: ChainsawWarriorState, c: Card) -> None:
    if has(state, "sonic-amplifier") and not state.sprint:  # "will not protect you" sprinting
        state.event("Ceiling Cave-In: the Sonic Amplifier warns you; a minute to go round.",
                    cite="Equipment: Sonic Amplifier")
        tracks.pass_time(state, minutes(1))
        return
    if _reflexes(state, "Ceiling Cave-In"):
        return
    roll = _d6(state)
    state.event(f"You are caught by the falling masonry: {count(roll, 'minute')} to dig out.",
                cite="House Cards: Trap - Ceiling Cave-In")
    tracks.pass_time(state, minutes(roll))
    tracks.wound(state, 1, "The masonry", cite="House Cards: Trap - Ceiling Cave-In")
    fight.breakage(state, (6,), "is damaged beyond repair",
                   cite="House Cards: Trap - Ceiling Cave-In")


def _chasm(state: ChainsawWarriorState, c: Card) -> None:
    from deadtable.games.chainsaw_warrior.building import leave_building

    if state.warrior.skill == "climbing":
        state.event("A Chasm: you climb across (Climbing skill); it counts as Clear.",
                    cite="Skills: Climbing")
        return
    rope = find(state, "rope-and-launcher")
    if rope is not None:
        use(state, rope)
        state.event("A Chasm: you cross it with the Rope and Launcher.",
                    cite="Equipment: Rope and Launcher")
        return
    state.discards[state.current].remove(c.id)
    state.removed.append(c.id)
    state.event("A Chasm blocks the way: the card is removed from the game; you must leave "
                "the building.", cite="House Cards: Trap - Chasm")
    if not state.exiting:
        leave_building(state, chasm=True)


# -- Locked Door -------------------------------------------------------------------------------
def _locked_door(state: ChainsawWarriorState, c: Card) -> None:
    if has(state, "lock-pick-set"):
        state.event("A Locked Door: the Lock-Pick Set opens it.", cite="Equipment: Lock-Pick Set")
        return
    ask(state, "door", card=c.id)


def _smashers(state: ChainsawWarriorState) -> list[int]:
    return [i for i, carried in enumerate(state.items)
            if state.data.items[carried.item].door and equipment.usable(state, carried)]


def _door_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    actions = []
    for i in _smashers(state):
        item = state.data.items[state.items[i].item]
        aim = " with your Marksmanship" if item.shoots else ""
        actions.append(Action(f"smash:{item.id}", f"Smash it with the {item.name} "
                                                  f"({item.door}+ on 2 dice{aim})"))
    if has(state, "acid"):
        actions.append(Action("acid", "Burn through it with the Acid (silent)"))
    actions.append(Action("retrace", "Retrace your steps"))
    return "A Locked Door:", actions


@question("door", _door_options)
def _answer_door(state: ChainsawWarriorState, action: str) -> None:
    card_id = state.ctx["card"]
    if action == "acid":
        index = find(state, "acid")
        assert index is not None
        use(state, index)
        state.event("The Acid burns through the door without a sound.", cite="Equipment: Acid")
        return
    if action == "retrace":
        retrace(state, card_id)
        return
    item_id = action.split(":", 1)[1]
    item = state.data.items[item_id]
    index = find(state, item_id)
    assert index is not None and item.door is not None
    marks = items.marksmanship(state, item_id) if item.shoots else 0
    check = rolls.aimed_shot(state.dice, item.door, marks)
    if item.uses is not None:
        use(state, index)
    if check.passed:
        state.event(f"You smash the door with the {item.name}: {check.total} (needs "
                    f"{item.door}). The noise may bring a Zombie.",
                    cite="House Cards: Trap - Locked Door")
        wandering_check(state)
        return
    state.event(f"You fail to smash the door with the {item.name}: {check.total} (needs "
                f"{item.door}).", cite="House Cards: Trap - Locked Door")
    tracks.pass_time(state, 1)
    if state.outcome is None:
        wandering_check(state, after={"do": "ask-door", "card": card_id},
                        if_quiet={"do": "ask-door", "card": card_id})


@step("ask-door")
def _ask_door(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    ask(state, "door", card=task["card"])


def retrace(state: ChainsawWarriorState, door: str) -> None:
    """Shuffle the current discard pile, five of them (or all, if fewer) go back into the
    current deck; the door itself (or the source the Geiger Counter avoided) stays on the
    discard pile."""
    discards = state.discards[state.current]
    if door in discards:
        discards.remove(door)
    if not discards:  # "the Locked Door card has no effect and is merely discarded"
        discards.put_on_top(door)
        if state.data.card(door).kind == "trap":
            state.event("No discards to retrace through: the Locked Door has no effect.",
                        cite="House Cards: Trap - Locked Door")
        else:  # the Geiger Counter: "the radioactive source is simply discarded"
            state.event(f"The {state.data.card(door).title} is simply discarded.",
                        cite="House Cards: Trap - Locked Door")
        return
    back = retrace_steps(state.dice, discards, state.decks[state.current])
    state.known = []  # the deck is shuffled: what the Remote Camera saw is lost
    discards.put_on_top(door)
    state.event(f"You retrace your steps: {count(back, 'card')} "
                f"go{'es' if back == 1 else ''} back into the deck.",
                cite="House Cards: Trap - Locked Door")


# -- the rest ------------------------------------------------------------------------------------
def _lunatic(state: ChainsawWarriorState, c: Card) -> None:
    if has(state, "heat-detector") and not state.sprint:  # "provides no protection" sprinting
        state.event("A Lunatic: the Heat Detector spots him first; he is discarded.",
                    cite="Equipment: Heat Detector")
        return
    grabbable = [i for i, carried in enumerate(state.items)
                 if state.data.items[carried.item].type != "clothing"]
    if not grabbable:
        state.event("A Lunatic grabs at you, but finds nothing to take.",
                    cite="House Cards: Trap - Lunatic")
        return
    index = grabbable[state.dice.below(len(grabbable))]
    equipment.destroy(state, index, "is snatched by a Lunatic", cite="House Cards: Trap - Lunatic")


def _magnetic_field(state: ChainsawWarriorState, c: Card) -> None:
    roll = 12 if state.sprint else state.dice.total(2)
    state.field_until = max(state.field_until, state.time + minutes(roll))
    state.free = False  # "the room with this trap in is not empty"
    state.event(f"A Magnetic Field: electric items are dead for {count(roll, 'minute')}.",
                cite="House Cards: Trap - Magnetic Field")


def _mines(state: ChainsawWarriorState, c: Card) -> None:
    if has(state, "metal-detector") and not state.sprint:  # a sprint: "the worst possible results"
        state.event("Mines: the Metal Detector finds them; a minute to go round.",
                    cite="Equipment: Metal Detector")
        tracks.pass_time(state, minutes(1))
        return
    if _reflexes(state, "Mines", modifier=2):
        return
    if state.sprint:  # the Sprinting table: "Take 6 wounds and check for breakage"
        tracks.wound(state, 6, "The limpet mines, at a sprint", cite="Overkill: Sprinting")
        fight.breakage(state, (6,), "is damaged beyond repair", cite="Overkill: Sprinting")
        return
    roll = state.dice.d6()
    tracks.wound(state, roll + 1, f"The limpet mines (rolled {roll}, +1)",
                 cite="House Cards: Trap - Mines")
    fight.breakage(state, (6,), "is damaged beyond repair", cite="House Cards: Trap - Mines")


def _cutters(state: ChainsawWarriorState) -> list[int]:
    return [i for i, carried in enumerate(state.items)
            if state.data.items[carried.item].cuts_net and equipment.usable(state, carried)]


def _net(state: ChainsawWarriorState, c: Card) -> None:
    """"If you have a Wire-cutter, Chainsaw, Acid, Laser-lance, or Knife you may cut yourself
    out and lose only 30 seconds (and one use if the weapon has limited uses)": a cutter that
    costs nothing is always used; one that costs a use (Acid, a Laser-lance charge) is your
    choice, and you may struggle free instead."""
    cutters = _cutters(state)
    free_cut = [i for i in cutters if state.items[i].uses is None]
    if state.sprint and cutters:  # "If you have the Wire-cutters, Acid, Knife etc, this card
        state.event("A Net: you slash through it at a sprint.",
                    cite="Overkill: Sprinting")  # does not affect you"
        return
    if free_cut:
        _cut_free(state, free_cut[0])
    elif cutters:
        ask(state, "net")
    else:
        _struggle(state)


def _struggle(state: ChainsawWarriorState) -> None:
    roll = _d6(state)  # sprinting: "If, however, you are caught in the Net, lose 6 minutes"
    state.event(f"A Net traps you: {count(roll, 'minute')} to struggle free.",
                cite="House Cards: Trap - Net")
    wait_out(state, minutes(roll), minutes(1), "net")


def _cut_free(state: ChainsawWarriorState, index: int) -> None:
    name = state.data.items[state.items[index].item].name
    if state.items[index].uses is not None:
        use(state, index)
    state.event(f"A Net: you cut yourself out with the {name} in 30 seconds.",
                cite="House Cards: Trap - Net")
    tracks.pass_time(state, 1)


def _net_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    return "A Net! Cut yourself out with", [
        *(Action(f"cut:{state.items[i].item}", equipment.label(state, state.items[i]))
          for i in _cutters(state)),
        Action("struggle", "Struggle free (a die of minutes)")]


@question("net", _net_options)
def _answer_net(state: ChainsawWarriorState, action: str) -> None:
    if action == "struggle":
        _struggle(state)
        return
    index = find(state, action.split(":", 1)[1])
    assert index is not None
    _cut_free(state, index)


def _rad_canister(state: ChainsawWarriorState, c: Card) -> None:
    roll = _d6(state)
    tracks.irradiate(state, roll + 3, f"A leaking Rad Canister (rolled {roll}, +3)",
                     cite="House Cards: Trap - Rad Canister")


def _spiked_pit(state: ChainsawWarriorState, c: Card) -> None:
    if _reflexes(state, "Spiked Pit", modifier=1):
        return
    roll = _d6(state)
    tracks.wound(state, (roll + 1) // 2, f"The spikes (rolled {roll}, halved)",
                 cite="House Cards: Trap - Spiked Pit")
    if state.warrior.skill == "climbing":
        state.event("You climb straight out (Climbing skill).", cite="Skills: Climbing")
        return
    climb = _d6(state)
    state.event(f"{count(climb, 'minute')} to climb out of the pit.",
                cite="House Cards: Trap - Spiked Pit")
    tracks.pass_time(state, minutes(climb))


def _weak_floorboards(state: ChainsawWarriorState, c: Card) -> None:
    if _reflexes(state, "Weak Floorboards"):
        return
    roll = _d6(state)
    state.event(f"The floor gives way: {count(roll, 'minute')} to pull yourself out.",
                cite="House Cards: Trap - Weak Floorboards")
    wait_out(state, minutes(roll), minutes(1), "floorboards")


def _wire(state: ChainsawWarriorState, c: Card) -> None:
    """Wire-cutters "let you proceed with no trouble"; with the Metal Detector "you won't get
    caught in Wire ...; simply add 1 minute"; Acid "can be used to burn through ... a Wire
    trap" (your choice: it is used once only); else a die of boxes in the tangles."""
    if has(state, "wire-cutters"):
        state.event("Barbed Wire: the Wire-cutters take you through.",
                    cite="Equipment: Wire-cutters")
        return
    if has(state, "metal-detector") and not state.sprint:
        state.event("Barbed Wire: the Metal Detector finds a way round; a minute passes.",
                    cite="Equipment: Metal Detector")
        tracks.pass_time(state, minutes(1))
        return
    if has(state, "acid") and not state.sprint:
        ask(state, "wire")
        return
    _tangle(state)


def _tangle(state: ChainsawWarriorState) -> None:
    roll = _d6(state)  # sprinting: "if you are caught in the wire, lose 3 minutes"
    state.event(f"Barbed Wire: {roll * 30} seconds struggling through the tangles.",
                cite="House Cards: Trap - Wire")
    wait_out(state, roll, 1, "wire")


def _wire_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    return "Barbed Wire:", [Action("acid", "Burn through it with the Acid"),
                            Action("struggle", "Struggle through (a die of 30-second boxes)")]


@question("wire", _wire_options)
def _answer_wire(state: ChainsawWarriorState, action: str) -> None:
    if action == "struggle":
        _tangle(state)
        return
    acid = find(state, "acid")
    assert acid is not None
    use(state, acid)
    state.event("Barbed Wire: the Acid burns through it.", cite="Equipment: Acid")


TRAPS: dict[str, Callable[[ChainsawWarriorState, Card], None]] = {
    "ambush": _ambush,
    "cave-in": _cave_in,
    "chasm": _chasm,
    "locked-door": _locked_door,
    "lunatic": _lunatic,
    "magnetic-field": _magnetic_field,
    "mines": _mines,
    "net": _net,
    "rad-canister": _rad_canister,
    "spiked-pit": _spiked_pit,
    "weak-floorboards": _weak_floorboards,
    "wire": _wire,
}
