"""SEQUENCE OF PLAY: the Time Phase (30 seconds), then the Exploration Phase (turn over the
next card of the current deck and respond to it). Between turns, in a free area, you may pause,
reload or heal (PAUSING AND RELOADING), or leave the building when the Laser-lance is spent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.wording import count

# building, fight, house and traps also fill the step and question tables as they load.
from deadtable.games.chainsaw_warrior import building, equipment, fight, house, items, tracks, traps  # noqa: F401
from deadtable.games.chainsaw_warrior.flow import QUESTIONS, ask, question, run, step, then
from deadtable.games.chainsaw_warrior.house import encounter, next_deck, wandering_check

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.data import Card
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

SEAT = "warrior"


def decide(state: ChainsawWarriorState) -> Decision:
    options, _ = QUESTIONS[state.phase]
    prompt, actions = options(state)
    return Decision.of(SEAT, prompt, actions)


def apply(state: ChainsawWarriorState, action_id: str) -> None:
    _, answer = QUESTIONS[state.phase]
    state.phase = ""
    answer(state, action_id)
    run(state)


def next_turn(state: ChainsawWarriorState) -> None:
    """A new turn: first what a free area allows, then the Time and Exploration phases."""
    _determination(state)
    if not state.exiting and equipment.lance_status(state) == "gone":
        state.event("Without the Laser-lance you cannot destroy Darkness: you must leave the "
                    "building.", cite="Escaping the Building")
        building.leave_building(state)
        return
    if state.free and len(free_actions(state)) > 1:
        ask(state, "free")
        return
    then(state, {"do": "explore"})


# -- a free area -------------------------------------------------------------------------------
def free_actions(state: ChainsawWarriorState) -> list[Action]:
    actions = [Action("explore", "Move on into the next area")]
    for carried in state.items:
        item = state.data.items[carried.item]
        if carried.uses == 0 and carried.clip and not equipment.disabled(state, item):
            actions.append(Action(f"reload:{item.id}",
                                  f"Reload the {item.name} from its Spare Clip (30 seconds)"))
        if item.heal and equipment.usable(state, carried) and (
                state.warrior.wounds < state.warrior.max_wounds):
            actions.append(Action(f"heal:{item.id}", f"Use the {item.name} (30 seconds)"))
    if state.time < state.field_until:
        actions.append(Action("wait", "Wait 30 seconds for the Magnetic Field to fade"))
    if equipment.lance_status(state) == "empty" and not state.exiting:
        actions.append(Action("leave", "Leave the building for a new Laser-lance"))
    return actions + items.free_actions(state)


def _free_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    return "You are in a free area. What now?", free_actions(state)


@question("free", _free_options)
def _answer_free(state: ChainsawWarriorState, action: str) -> None:
    verb, _, item_id = action.partition(":")
    if verb == "explore":
        then(state, {"do": "explore"})
    elif verb == "reload":
        index = equipment.find_carried(state, item_id)
        carried = state.items[index]
        carried.uses = state.data.items[item_id].uses
        carried.clip = False
        state.event(f"You reload the {state.data.items[item_id].name} (30 seconds).",
                    cite="Pausing and Reloading")
        tracks.pass_time(state, 1)
        wandering_check(state)  # a Zombie that comes arrives after the reload
    elif verb == "heal":
        then(state, {"do": "heal", "item": item_id})
    elif verb == "wait":
        state.event("You wait 30 seconds.", cite="Pausing and Reloading")
        tracks.pass_time(state, 1)
        wandering_check(state)
    elif verb == "leave":
        building.leave_building(state)
    else:
        items.answer(state, action)


# -- the Time and Exploration phases ---------------------------------------------------------
@step("explore")
def _explore(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    top = _next_card(state)
    if (state.rules.has("sprinting") and top.back in ("corridor", "stairs")
            and not state.exiting):
        ask(state, "sprint")  # "you may decide to sprint before turning the card face-up"
        return
    _time_and_turn(state, sprint=False)


def _next_card(state: ChainsawWarriorState) -> Card:
    d = next_deck(state)
    if d is None:  # only if Darkness has left the decks some other way
        house.missing_darkness(state)
        d = 1
    if d != state.current:
        state.event("Deck One is done: on into Deck Two.",
                    cite="Sequence of Play: Exploration Phase")
        state.current = d
        state.known = []
    return state.data.card(state.decks[d].cards[0])


def _sprint_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    back = _next_card(state).back
    return f"The next area is a {back}: sprint through it?", [
        Action("sprint", "Sprint (no time, no Zombie checks; no shot, no dodging traps)"),
        Action("walk", "Go carefully")]


@question("sprint", _sprint_options)
def _answer_sprint(state: ChainsawWarriorState, action: str) -> None:
    _time_and_turn(state, sprint=action == "sprint")


def _time_and_turn(state: ChainsawWarriorState, sprint: bool) -> None:
    top = _next_card(state)
    # Sprinting through a Clear or Empty area "you do not move the Timer on 30 seconds"
    if not (sprint and top.kind in ("clear", "empty")):
        tracks.pass_time(state, 1)  # Time Phase
        if state.outcome is not None:
            return
    _turn(state, {"sprint": sprint})


@step("turn")
def _turn(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    """The Exploration Phase, once the Time Phase is done."""
    top = _next_card(state)
    sprint = bool(task.get("sprint"))
    if top.back == "elevator" and state.warrior.skill == "climbing" and not sprint:
        ask(state, "climb")
        return
    turn_card(state, climbed=False, sprint=sprint)


def _climb_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    return "An Elevator: climb the shaft (treat it as Clear), or enter the cabin?", [
        Action("climb", "Climb the shaft"), Action("enter", "Enter the cabin")]


@question("climb", _climb_options)
def _answer_climb(state: ChainsawWarriorState, action: str) -> None:
    turn_card(state, climbed=action == "climb")


def turn_card(state: ChainsawWarriorState, climbed: bool, sprint: bool = False) -> None:
    """Turn over the first card of the current pile, place it face up on its discard pile
    and respond to the encounter."""
    state.dice.mark()  # a search world's dice: from each card turned on the same in every world
    card_id = house.draw_house(state, state.current)
    state.discards[state.current].put_on_top(card_id)
    state.turned = card_id
    state.free = True
    state.sprint = sprint
    w = state.warrior
    state.mark = [w.wounds, w.radiation, w.venom, len(state.items)]
    c = state.data.card(card_id)
    state.event(f"[{house_clock(state)}] You enter the {c.back}: {c.title}"
                f"{' at a sprint' if sprint else ''}.", cite="Sequence of Play: Exploration Phase")
    if state.exiting:
        then(state, {"do": "exit-step"})  # runs once this card's encounter is over
    if climbed and c.kind != "darkness":
        state.event("You climb the elevator shaft past it: treated as Clear, no Wandering "
                    "Zombie check.", cite="Skills: Climbing")
    elif items.flare_cover(state):
        pass
    elif sprint and c.kind in ("clear", "empty"):
        state.event("You rush through unhindered.", cite="Overkill: Sprinting")
    elif sprint and c.kind == "secret-passage":
        state.event("You run right past the Secret Passage.", cite="Overkill: Sprinting")
    else:
        encounter(state, c)


def _determination(state: ChainsawWarriorState) -> None:
    """Overkill Determination: a counter for each House card that got the better of you
    (cost wounds, radiation, venom or an item, or made you run); all go when you beat one."""
    if not state.rules.has("determination") or not state.mark or state.turned is None:
        return
    w = state.warrior
    wounds, radiation, venom, carried = state.mark
    beaten = (w.wounds < wounds or w.radiation > radiation or w.venom > venom
              or len(state.items) < carried or not state.free)
    if beaten:
        state.determination += 1
        state.event(f"Determination: {count(state.determination, 'counter')}.",
                    cite="Overkill: Determination")
    elif state.determination:
        state.determination = 0
        state.event("You overcame it: the Determination counters go.",
                    cite="Overkill: Determination")
    state.mark = []


def house_clock(state: ChainsawWarriorState) -> str:
    from deadtable.games.chainsaw_warrior.clock import label

    return label(state.time)
