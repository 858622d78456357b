"""REFERENCE SECTION: HOUSE CARDS, all but the traps (traps.py): creatures, Chaos Agents,
Clear and Empty areas, Dumps, the First Aid Kit, the Secret Passage and the Slime; and the
Wandering Zombie check that Clear and Empty areas (and waiting) call for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.engine.decisions import Action
from deadtable.engine.wording import count
from deadtable.games.chainsaw_warrior import equipment, fight, rolls, tracks
from deadtable.games.chainsaw_warrior.clock import BOXES_PER_MINUTE, is_night
from deadtable.games.chainsaw_warrior.data import Card
from deadtable.games.chainsaw_warrior.equipment import Carried, has
from deadtable.games.chainsaw_warrior.flow import ask, question, step, then

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

MAX_ITEMS = 13  # "you may never have more than 13 pieces of equipment in total"


def encounter(state: ChainsawWarriorState, c: Card) -> None:
    """Respond to the card just turned."""
    from deadtable.games.chainsaw_warrior import traps

    if _radioactive(c) and has(state, "geiger-counter"):
        ask(state, "geiger", card=c.id)
    elif c.kind in ("creature", "darkness"):
        meet(state, c)
    elif c.kind in ("clear", "empty"):
        card = "Clear" if c.kind == "clear" else "Empty Rooms, Corridors & Elevators"
        state.event(f"{c.name} {c.back}.", cite=f"House Cards: {card}")
        wandering_check(state)
    elif c.kind == "dump":
        _dump(state, c)
    elif c.kind == "first-aid-kit":
        _first_aid_kit(state, c)
    elif c.kind == "secret-passage":
        _secret_passage(state, c)
    elif c.kind == "slime":
        _slime(state, c)
    else:
        traps.spring(state, c)


def meet(state: ChainsawWarriorState, c: Card) -> None:
    """A creature: at a sprint "You may not fire an Aimed Shot" and the first round is -1."""
    if fight.agent(c) == 9:
        _agent_9(state, c)
    else:
        fight.begin(state, [c.id], "sprint" if state.sprint else "")
        if state.sprint and state.fight is not None:
            state.fight.shot = True


# -- the Geiger Counter -------------------------------------------------------------------------
def _radioactive(c: Card) -> bool:
    return "radiation" in c.extra or "radiation_on_hit" in c.extra or (
        c.extra.get("trap") == "rad-canister")


def _geiger_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    title = state.data.card(state.ctx["card"]).title
    return f"The Geiger Counter clicks: a {title}. Avoid it?", [
        Action("avoid", "Avoid it (five discards go back into the deck)"),
        Action("face", "Face it")]


@question("geiger", _geiger_options)
def _answer_geiger(state: ChainsawWarriorState, action: str) -> None:
    """"Shuffle the discard pile, take 5 cards from it and shuffle them back into the current
    pack. Discard the radioactive card" (as retracing from a Locked Door)."""
    from deadtable.games.chainsaw_warrior import traps

    c = state.data.card(state.ctx["card"])
    if action == "avoid":
        state.event(f"You avoid the {c.title}.", cite="Equipment: Geiger Counter")
        traps.retrace(state, c.id)
    elif c.kind == "trap":
        traps.spring(state, c)
    else:
        meet(state, c)


# -- Wandering Zombies ---------------------------------------------------------------------------
def wandering_check(state: ChainsawWarriorState, context: str = "",
                    after: dict[str, Any] | None = None,
                    if_quiet: dict[str, Any] | None = None, on: int = 6) -> None:
    """Roll for a Wandering Zombie (one comes on `on` or more: a 6, but 4 after Dynamite);
    `after` runs once a Zombie that came is dealt with, `if_quiet` if none came."""
    then(state, {"do": "wz-check", "context": context, "after": after, "if_quiet": if_quiet,
                 "on": on})


@step("wz-check")
def _wz_check(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    drawn: list[str] = []
    if not has(state, "ultra-violet-emitter"):  # "you need never check for Wandering Zombies"
        roll = state.dice.d6()
        if roll >= task.get("on", 6):
            drawn = draw_wandering(state, 1)
        if drawn:
            state.event(f"Wandering Zombie check: {roll}, a Wandering Zombie turns up (HtH "
                        f"{state.data.card(drawn[0]).hth}).", cite="Wandering Zombies")
        else:
            state.event(f"Wandering Zombie check: {roll}, nothing comes.", cite="Wandering Zombies")
    if drawn:
        if task.get("after"):
            then(state, task["after"])
        fight.begin(state, drawn, task["context"], wandering=drawn)
    elif task.get("if_quiet"):
        then(state, task["if_quiet"])


def draw_wandering(state: ChainsawWarriorState, n: int) -> list[str]:
    return state.wandering.draw_many(n)


@step("wait")
def _wait(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    """Time lost in a trap, with a Wandering Zombie check every `every` boxes."""
    boxes = min(task["every"], task["left"])
    tracks.pass_time(state, boxes)
    if state.outcome is not None:
        return
    rest = task["left"] - boxes
    then(state, {"do": "wz-check", "context": task["context"]},
         *([{**task, "left": rest}] if rest > 0 else []))


def wait_out(state: ChainsawWarriorState, boxes: int, every: int, context: str) -> None:
    if boxes > 0:
        then(state, {"do": "wait", "left": boxes, "every": every, "context": context})


def minutes(n: int) -> int:
    return n * BOXES_PER_MINUTE


# -- Chaos Agent 9 ---------------------------------------------------------------------------------
def _agent_9(state: ChainsawWarriorState, c: Card) -> None:
    """He brings two Wandering Zombies; a minute passes; then Multiple Opponents."""
    friends = draw_wandering(state, 2)
    state.event(f"Chaos Agent 9 has brought {len(friends)} Zombies with him.",
                cite="House Cards: Chaos Agents")
    tracks.pass_time(state, minutes(1))
    if state.outcome is None:
        fight.begin(state, [c.id, *friends], "agent-9", wandering=friends)


# -- Dumps ---------------------------------------------------------------------------------------
def _refillable(state: ChainsawWarriorState) -> list[tuple[int, Carried]]:
    return [(i, c) for i, c in enumerate(state.items)
            if c.uses is not None and not state.data.items[c.item].one_use]


def carry_limit_reached(state: ChainsawWarriorState) -> bool:
    counted = [c for c in state.items
               if state.rules.lance_counts or c.item != equipment.LASER_LANCE]
    return len(counted) >= MAX_ITEMS


def may_take_from(state: ChainsawWarriorState, pile: str) -> bool:
    if not state.piles.get(pile) or carry_limit_reached(state):
        return False
    if pile in ("gun", "heavy-weapon"):
        return not any(state.data.items[c.item].type == pile for c in state.items)
    return True


def _dump(state: ChainsawWarriorState, c: Card) -> None:
    if _dump_actions(state, c.extra["offers"])[:-1]:
        ask(state, "dump", card=c.id, offers=c.extra["offers"])
    else:
        state.event(f"{c.title}: nothing you can take.", cite="House Cards: Dump")


def _dump_actions(state: ChainsawWarriorState, offers: str) -> list[Action]:
    actions = []
    if may_take_from(state, offers):
        actions.append(Action("take", f"Take a random {offers.replace('-', ' ')} card"))
    for i, carried in _refillable(state):
        item = state.data.items[carried.item]
        if carried.uses is not None and item.uses is not None and carried.uses < item.uses:
            actions.append(Action(f"refill:{i}", f"Refill the {item.name} to {item.uses}"))
        if not carried.clip:
            actions.append(Action(f"clip:{i}", f"A Spare Clip for the {item.name}"))
    actions.append(Action("leave", "Take nothing"))
    return actions


def _dump_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    title = state.data.card(state.ctx["card"]).title
    return f"{title}: what do you take?", _dump_actions(state, state.ctx["offers"])


@question("dump", _dump_options)
def _answer_dump(state: ChainsawWarriorState, action: str) -> None:
    offers = state.ctx["offers"]
    if action == "take":
        item_id = state.piles[offers].draw()
        state.items.append(equipment.fresh(state.data.items[item_id]))
        state.event(f"From the Dump you take: {state.data.items[item_id].name}.",
                    cite="House Cards: Dump")
    elif action != "leave":
        how, index = action.split(":")
        equipment.recharge(state, int(index), how, cite="House Cards: Dump")


# -- First Aid Kit ------------------------------------------------------------------------------
def _first_aid_kit(state: ChainsawWarriorState, c: Card) -> None:
    if carry_limit_reached(state):
        ask(state, "full", card=c.id)
        return
    _take_kit(state, c.id)


def _take_kit(state: ChainsawWarriorState, card_id: str) -> None:
    state.discards[state.current].remove(card_id)
    state.items.append(equipment.fresh(state.data.items[card_id]))
    state.event("You take the First Aid Kit.", cite="House Cards: First Aid Kit")


def _full_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    """The X-oskeleton "may not be removed once the character has entered the building"."""
    return "You carry 13 items: leave one behind for the First Aid Kit?", [
        *(Action(f"drop:{i}", f"Leave the {equipment.label(state, c)}")
          for i, c in enumerate(state.items) if c.item != "x-oskeleton"),
        Action("leave-kit", "Leave the First Aid Kit")]


@question("full", _full_options)
def _answer_full(state: ChainsawWarriorState, action: str) -> None:
    if action == "leave-kit":
        return
    card_id = state.ctx["card"]
    equipment.destroy(state, int(action.split(":")[1]), "is left behind",
                      cite="House Cards: First Aid Kit")
    _take_kit(state, card_id)


@step("heal")
def _heal(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    """First Aid Kit / Medi-Kit: 30 seconds and a Wandering Zombie check; if none comes,
    recover one die of wounds and discard the kit; if one comes, fight it off, then the Time
    marker moves on another box and you start again."""
    if not state.free or equipment.find(state, task["item"]) is None:
        return  # you ran from the Zombie: no longer in a free area
    tracks.pass_time(state, 1)
    if state.outcome is None:
        wandering_check(state, after=task, if_quiet={"do": "healed", "item": task["item"]})


@step("healed")
def _healed(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    index = equipment.find(state, task["item"])
    if index is None:
        return
    item = state.data.items[task["item"]]
    roll = state.dice.parse_and_roll(item.heal)
    tracks.heal(state, roll, f"You use the {item.name}", cite="House Cards: First Aid Kit")
    carried = state.items.pop(index)
    if carried.item in state.data.house:  # a First Aid Kit goes to the current discard pile
        state.discards[state.current].put_on_top(carried.item)


# -- Secret Passage -----------------------------------------------------------------------------
def _secret_passage(state: ChainsawWarriorState, c: Card) -> None:
    roll = state.dice.parse_and_roll(c.extra.get("skip", "2d6"))
    state.event(f"A Secret Passage: you may skip up to {count(roll, 'card')}.",
                cite="House Cards: Secret Passage")
    ask(state, "passage", left=roll)


def next_deck(state: ChainsawWarriorState) -> int | None:
    """The deck the next card comes from, or None if none may be used."""
    if state.decks[state.current]:
        return state.current
    if state.current == 0 and state.decks[1]:
        return 1
    return None


def skippable(state: ChainsawWarriorState) -> bool:
    d = next_deck(state)
    return d is not None and (d == state.current or state.rules.cross_decks)


def _passage_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    left = state.ctx["left"]
    actions = [Action("skip", "Skip the next card"), Action("stop", "Leave the passage")]
    if has(state, "remote-camera") and state.decks[state.current]:
        # "you may use the Remote Camera before entering the passage or at any point along it"
        actions.append(Action("camera", "Look ahead with the Remote Camera (30 seconds)"))
    return f"Secret Passage ({left} more may be skipped):", actions


@question("passage", _passage_options)
def _answer_passage(state: ChainsawWarriorState, action: str) -> None:
    left = state.ctx["left"]
    if action == "stop":
        return
    if action == "camera":
        from deadtable.games.chainsaw_warrior.items import remote_camera

        remote_camera(state)
        ask(state, "passage", left=left)
        return
    if skip_card(state, "You skip") and left > 1 and skippable(state):
        ask(state, "passage", left=left - 1)


def skip_card(state: ChainsawWarriorState, verb: str) -> bool:
    """Turn over and discard the next card without its encounter; False if it was Darkness
    (Missing Darkness: Deck Two is reshuffled and started again) or nothing is left."""
    d = next_deck(state)
    if d is None:
        return False
    state.current = d
    card_id = draw_house(state, d)
    if card_id == state.data.darkness:
        if has(state, "t-d-d"):  # "will never miss Darkness ... you may stop and fight"
            state.discards[d].put_on_top(card_id)
            state.turned = card_id
            state.event(f"{verb} ... the TDD registers Darkness: you stop and fight it.",
                        cite="Equipment: TDD")
            meet(state, state.data.card(card_id))
            return False
        state.event(f"{verb} ... Darkness! Missing Darkness: Deck Two is reshuffled and "
                    f"started again.", cite="Missing Darkness")
        missing_darkness(state)
        return False
    state.discards[d].put_on_top(card_id)
    state.event(f"{verb} the {state.data.card(card_id).title}.", cite="Missing Darkness")
    return True


def draw_house(state: ChainsawWarriorState, d: int) -> str:
    """The top card of a House deck; the Remote Camera's knowledge moves along with it."""
    card_id = state.decks[d].draw()
    state.seen.add(card_id)
    if state.known and state.known[0] == card_id and d == state.current:
        state.known = state.known[1:]
    else:
        state.known = []
    return card_id


def missing_darkness(state: ChainsawWarriorState) -> None:
    deck = state.decks[1]
    deck.cards.extend(state.discards[1].cards)
    state.discards[1].cards.clear()
    deck.put_on_top(state.data.darkness)
    deck.shuffle(state.dice)
    state.current = 1
    state.known = []


# -- Slime ----------------------------------------------------------------------------------------
def _slime_weapons(state: ChainsawWarriorState) -> list[int]:
    """The Flare Gun "can only be used at night": its card takes precedence over the Slime's."""
    return [i for i, c in enumerate(state.items)
            if state.data.items[c.item].slime and equipment.usable(state, c)
            and (c.item != "flare-gun" or is_night(state.time))]


def _slime(state: ChainsawWarriorState, c: Card) -> None:
    weapons = _slime_weapons(state)
    if not weapons:
        state.event("Sentient Slime, and nothing to burn it with: it engulfs you.",
                    cite="House Cards: Slime")
        tracks.end(state, "loss", "slime")
    elif len(weapons) == 1:
        burn_slime(state, c, weapons[0])
    else:
        ask(state, "slime", card=c.id)


def _slime_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    return "Sentient Slime! Burn it with", [
        Action(f"use:{state.items[i].item}", equipment.label(state, state.items[i]))
        for i in _slime_weapons(state)]


@question("slime", _slime_options)
def _answer_slime(state: ChainsawWarriorState, action: str) -> None:
    index = equipment.find(state, action.split(":", 1)[1])
    assert index is not None
    burn_slime(state, state.data.card(state.ctx["card"]), index)


def burn_slime(state: ChainsawWarriorState, c: Card, index: int) -> None:
    """No Reflex test: 2d6 + Marksmanship, 7 or more singes it out of the way."""
    name = state.data.items[state.items[index].item].name
    shot = rolls.aimed_shot(state.dice, int(c.extra.get("target", 7)), state.warrior.marksmanship)
    equipment.use(state, index)
    if shot.passed:
        state.event(f"You burn the Slime with the {name}: {shot.total}. It retires.",
                    cite="House Cards: Slime")
    else:
        state.event(f"You burn the Slime with the {name}: {shot.total}, not enough. "
                    f"It engulfs you.", cite="House Cards: Slime")
        tracks.end(state, "loss", "slime")
