"""FIGHTING CREATURES, in the rulebook's order.

1-2. meeting: a Mutant's radiation; a Zombie's venom check if you are infected (one per Zombie);
     then Hiding, if that is your skill;
3-5. the one Aimed Shot of the encounter: Test Reflexes, then 2d6 + Marksmanship against the
     weapon's number;
6.   a round of Hand-to-Hand: 2d6 + the creature's HtH against 2d6 + yours;
7-9. draw: nothing; win: the creature dies; lose: its wounds, then the Extra Wound table, and
     venom if a Zombie hurt you (A-03: the missing steps, read from the Example of Play);
     then a Lucky Shot if you like; if a creature remains, 30 seconds pass and, from the second
     round on, you may try to escape.
Multiple Opponents are fought one after another in the player's order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.engine.decisions import Action
from deadtable.games.chainsaw_warrior import equipment, rolls, tracks
from deadtable.games.chainsaw_warrior.data import Card
from deadtable.games.chainsaw_warrior.equipment import LASER_LANCE, has, use
from deadtable.games.chainsaw_warrior.flow import ask, question, step, then
from deadtable.games.chainsaw_warrior.state import Fight

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

NO_AIMED_SHOT = (1, 2, 3, 8)  # Chaos Agents who never let you fire an Aimed Shot
MEAT_MACHINE_WOUNDS = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
HTH_FLOOR = 7  # the HtH track has no box below 7: Meat Machine losses stop there


def begin(state: ChainsawWarriorState, opponents: list[str], context: str = "",
          wandering: list[str] | None = None) -> None:
    fight = Fight(list(opponents), context)
    fight.wandering = list(wandering or [])
    state.fight = fight
    then(state, {"do": "fight"})


@step("fight")
def _fight(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    while state.fight is not None and state.outcome is None and not state.phase:
        STAGES[state.fight.step](state, state.fight)
    if state.fight is not None and state.outcome is None:
        then(state, {"do": "fight"})  # go on after the player's answer


def card(state: ChainsawWarriorState, card_id: str) -> Card:
    return state.data.card(card_id)


def agent(c: Card) -> int:
    return int(c.extra.get("agent", 0))


def _is_darkness(state: ChainsawWarriorState, fight: Fight) -> bool:
    return state.data.darkness in fight.opponents


# -- 1 and 2: meeting the creatures ------------------------------------------------------------
def _meet(state: ChainsawWarriorState, fight: Fight) -> None:
    for card_id in fight.opponents:
        c = card(state, card_id)
        if "radiation" in c.extra:
            roll = state.dice.parse_and_roll(c.extra["radiation"])
            tracks.irradiate(state, roll, f"{c.title} (rolled {roll})")
        if c.creature == "zombie" and state.warrior.infected:
            roll = state.dice.d6()
            if roll >= 5:
                tracks.envenom(state, f"Venom check against the {c.title}: {roll}")
            else:
                state.event(f"Venom check against the {c.title}: {roll}, no effect.")
        if agent(c) == 8:
            roll = state.dice.d6()
            if roll >= 5:
                tracks.wound(state, 1, f"Chaos Agent 8 throws a knife ({roll})")
            else:
                state.event(f"Chaos Agent 8's knife misses ({roll}).")
        if state.outcome is not None:
            return
    fight.step = "shoot"
    if state.warrior.skill == "hiding" and not _is_darkness(state, fight):
        ask(state, "hide")


def _hide_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    return "Hiding: try to hide (a 6 on one die), or face them?", [
        Action("hide", "Try to hide"), Action("face", "Face them")]


@question("hide", _hide_options)
def _hide(state: ChainsawWarriorState, action: str) -> None:
    if action == "face":
        return
    roll = state.dice.d6()
    if roll == 6:
        state.event("You hide in the shadows (6): the creature is discarded.")
        assert state.fight is not None
        state.fight.opponents = []
        state.free = False
        _finish(state, state.fight, won=False)
    else:
        state.event(f"Hiding fails ({roll}).")


# -- 3 to 5: the Aimed Shot --------------------------------------------------------------------
def shot_targets(state: ChainsawWarriorState, fight: Fight) -> list[str]:
    targets = []
    for card_id in fight.opponents:
        c = card(state, card_id)
        if agent(c) in NO_AIMED_SHOT:
            continue
        if fight.context == "agent-9" and c.creature != "zombie":
            continue  # "an Aimed Shot at one of the Zombies"
        targets.append(card_id)
    return targets


def weapons_for(state: ChainsawWarriorState, c: Card, aimed: bool) -> list[int]:
    """Display indexes of weapons that may shoot (or throw at) this creature now."""
    fight = state.fight
    found = []
    for i, carried in enumerate(state.items):
        item = state.data.items[carried.item]
        if c.creature not in item.to_hit or not equipment.usable(state, carried):
            continue
        if item.id == "knife" and fight is not None and fight.knife_dropped:
            continue
        if aimed and fight is not None and fight.context == "net" and item.type != "gun":
            continue  # in the Net "you can only shoot it with a Gun"
        found.append(i)
    return found


def _shots(state: ChainsawWarriorState) -> list[Action]:
    fight = state.fight
    assert fight is not None
    actions = []
    for target in shot_targets(state, fight):
        c = card(state, target)
        for i in weapons_for(state, c, aimed=True):
            item = state.data.items[state.items[i].item]
            verb = "Throw the" if item.throw else "Shoot with the"
            actions.append(Action(f"shoot:{state.items[i].item}:{target}",
                                  f"{verb} {item.name} at the {c.title} "
                                  f"(needs {_shot_number(state, fight, item.id, c)})"))
    return actions


def _shot_number(state: ChainsawWarriorState, fight: Fight, item_id: str, c: Card) -> int:
    """What the 2d6 must reach, with Marksmanship and every modifier counted in."""
    item = state.data.items[item_id]
    return item.to_hit[c.creature] - state.warrior.marksmanship - _shot_modifier(fight, item, c)


def _shot_modifier(fight: Fight, item: Any, c: Card) -> int:
    mod = item.throw
    if agent(c) == 6:
        mod -= 3
    if agent(c) == 7:
        mod -= 1
    if fight.context == "wire":
        mod += 1  # "you may add 1 to your Marksmanship for any Aimed Shots"
    return mod


def _implode_action(state: ChainsawWarriorState) -> list[Action]:
    fight = state.fight
    if fight is not None and _is_darkness(state, fight) and has(state, "implosion-waistcoat"):
        return [Action("implode", "Trigger the Implosion Waistcoat (you and Darkness die)")]
    return []


def _shoot(state: ChainsawWarriorState, fight: Fight) -> None:
    fight.step = "hth"
    if fight.shot:
        return
    if _shots(state) or _implode_action(state):
        ask(state, "shoot")
    else:
        fight.shot = True


def _shoot_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    return "Do you shoot?", [*_shots(state), *_implode_action(state),
                              Action("hth", "Fight hand-to-hand")]


@question("shoot", _shoot_options)
def _answer_shoot(state: ChainsawWarriorState, action: str) -> None:
    fight = state.fight
    assert fight is not None
    fight.shot = True
    if action == "implode":
        implode(state)
        return
    if action == "hth":
        return
    _, item_id, target = action.split(":")
    aimed_shot(state, fight, item_id, target)


def _no_reflex_test(state: ChainsawWarriorState, fight: Fight, c: Card) -> str:
    """Why the Reflex test is skipped, or ''."""
    if fight.context == "ambush":
        return "the Ambush lets you"
    if fight.context == "floorboards":
        return "the Weak Floorboards let you"
    if c.creature == "zombie" and has(state, "sonic-amplifier"):
        return "the Sonic Amplifier"
    if c.creature in ("rat-pack", "chaos-agent") and has(state, "heat-detector"):
        return "the Heat Detector"
    if c.creature == "meat-machine" and has(state, "metal-detector"):
        return "the Metal Detector"
    return ""


def aimed_shot(state: ChainsawWarriorState, fight: Fight, item_id: str, target: str) -> None:
    c = card(state, target)
    item = state.data.items[item_id]
    why = _no_reflex_test(state, fight, c)
    if why:
        state.event(f"No Reflex test needed: {why}.")
    else:
        test = rolls.reflex_test(state.dice, state.warrior.reflexes)
        if not test.passed:
            state.event(f"Reflex test {test.roll} against {state.warrior.reflexes}: the "
                        f"{c.title} jumps you before you can fire.")
            return
        state.event(f"Reflex test {test.roll} against {state.warrior.reflexes}: passed.")
    index = equipment.find(state, item_id)
    assert index is not None
    shot = rolls.aimed_shot(state.dice, item.to_hit[c.creature], state.warrior.marksmanship,
                            _shot_modifier(fight, item, c))
    verb = "throw" if item.throw else "shoot"
    if item_id == "knife":
        if not shot.passed:
            fight.knife_dropped = True
    else:
        use(state, index)
    if shot.passed:
        state.event(f"You {verb} the {item.name}: {shot.roll} (total {shot.total}, needs "
                    f"{item.to_hit[c.creature]}): the {c.title} is killed.")
        kill(state, fight, target)
    else:
        state.event(f"You {verb} the {item.name}: {shot.roll} (total {shot.total}, needs "
                    f"{item.to_hit[c.creature]}): a miss.")


def kill(state: ChainsawWarriorState, fight: Fight, target: str) -> None:
    if target == state.data.darkness:
        state.event("Darkness is destroyed by the Laser-lance. New York is saved!")
        tracks.end(state, "win", "darkness-destroyed")
        return
    fight.opponents.remove(target)
    if fight.current == target:
        fight.current = None


def implode(state: ChainsawWarriorState) -> None:
    index = equipment.find(state, "implosion-waistcoat")
    assert index is not None
    use(state, index)
    state.event("You trigger the Implosion Waistcoat: Darkness implodes, and you with it.")
    tracks.end(state, "draw", "implosion")


# -- 6: Hand-to-Hand -----------------------------------------------------------------------------
def _hth(state: ChainsawWarriorState, fight: Fight) -> None:
    if not fight.opponents:
        _finish(state, fight, won=True)
        return
    if fight.current is None:
        if len(fight.opponents) > 1:
            ask(state, "order")
            return
        fight.current = fight.opponents[0]
    c = card(state, fight.current)
    if agent(c) == 7:
        _explode(state, fight, c)
        return
    fight.step = "round"


def _order_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    fight = state.fight
    assert fight is not None
    return "Which opponent do you fight next?", [
        Action(f"fight:{o}", f"Fight the {card(state, o).title} (HtH {card(state, o).hth})")
        for o in fight.opponents]


@question("order", _order_options)
def _answer_order(state: ChainsawWarriorState, action: str) -> None:
    assert state.fight is not None
    state.fight.current = action.split(":", 1)[1]


def _explode(state: ChainsawWarriorState, fight: Fight, c: Card) -> None:
    roll = state.dice.d6()
    state.event("Chaos Agent 7 dives at you and sets off his explosives.")
    tracks.wound(state, roll, f"The blast (rolled {roll})")
    breakage(state, (5, 6), "destroyed in the blast")
    fight.opponents.remove(fight.current or "")
    fight.current = None
    fight.step = "hth"


def breakage(state: ChainsawWarriorState, breaks_on: tuple[int, ...], why: str) -> None:
    """Roll a die for every piece of equipment; on the listed rolls it is removed."""
    if state.outcome is not None:
        return
    survivors = []
    for carried in state.items:
        roll = state.dice.d6()
        if roll in breaks_on:
            state.event(f"{state.data.items[carried.item].name} {why} ({roll}).")
        else:
            survivors.append(carried)
    state.items = survivors


def warrior_hth(state: ChainsawWarriorState, fight: Fight, c: Card) -> int:
    from deadtable.games.chainsaw_warrior.clock import is_night

    hth = state.warrior.hth + equipment.hth_weapon_bonus(state) + equipment.clothing_bonus(state)
    if is_night(state.time) and not equipment.night_vision(state):
        hth -= 1
    if fight.context == "floorboards":
        hth -= 1
    if agent(c) == 6:
        hth -= 3
    return hth + fight.next_hth


def creature_hth(fight: Fight, c: Card) -> int:
    if fight.context == "net" and c.creature == "zombie":
        return c.hth + 3  # "the Zombie fights with an extra 3 points added"
    return c.hth


def _round(state: ChainsawWarriorState, fight: Fight) -> None:
    assert fight.current is not None
    c = card(state, fight.current)
    mine = warrior_hth(state, fight, c)
    fight.next_hth = 0
    fight.lucky_bonus = 0
    fight.no_lucky = False
    fight.no_escape = False
    fight.rounds += 1
    r = rolls.hth_round(state.dice, creature_hth(fight, c), mine)
    state.event(f"Round {fight.rounds} against the {c.title}: it scores {r.creature}, "
                f"you {r.warrior}.")
    fight.step = "lucky"
    if r.result == "win":
        if fight.current == state.data.darkness:
            state.event("You overpower Darkness, but it cannot be hurt hand-to-hand.")
        else:
            state.event(f"The {c.title} is killed.")
            kill(state, fight, fight.current)
    elif r.result == "lose":
        struck(state, fight, c, escaping=False)
    else:
        state.event("A draw: neither of you overpowers the other.")


# -- 9: wounds and the Extra Wound table --------------------------------------------------------
def struck(state: ChainsawWarriorState, fight: Fight, c: Card, escaping: bool) -> None:
    """The creature hurts you: in a lost round, or its most when an escape fails."""
    if agent(c) == 4 and not escaping:
        roll = state.dice.total(3)
        state.event(f"Chaos Agent 4 knocks you out for {roll} minutes.")
        from deadtable.games.chainsaw_warrior.clock import BOXES_PER_MINUTE

        tracks.pass_time(state, roll * BOXES_PER_MINUTE)
        fight.opponents.remove(c.id)
        fight.current = None
        return
    n = c.wounds
    if c.extra.get("wound_table") and not escaping:
        roll = state.dice.d6()
        n = MEAT_MACHINE_WOUNDS[roll]
        state.event(f"The Meat Machine's wound roll: {roll}.")
    if c.creature == "rat-pack" and has(state, "steel-gloves"):
        n = min(n, 1)  # "you need only take one wound if they succeed in biting you"
    table = state.dice.total(2)
    row = EXTRA_WOUND[table]
    state.event(f"Extra Wound table: {table}: {row}")
    if table == 2:
        return
    if table == 11:
        n += 1
    if table == 12:
        state.warrior.marksmanship -= 1
    if table == 3:
        fight.next_hth = 2
    elif table in (8, 9, 10):
        fight.next_hth = -(table - 7)
    if table >= 8:
        fight.no_lucky = True
    if table in (7, 8, 9, 10):
        fight.no_escape = True
    if table == 4:
        fight.lucky_bonus = 1
    if agent(c) == 3 and state.items:
        ask(state, "agent-3", left=n)
    else:
        tracks.wound(state, n, f"The {c.title} hurts you")
    if state.outcome is not None:
        return
    if c.creature == "zombie" and not has(state, "helmet"):
        tracks.infect(state, f"The {c.title} bites you")
    if agent(c) == 5:
        tracks.infect(state, "Chaos Agent 5's venom-coated knife")  # the Helmet does not help
    if "radiation_on_hit" in c.extra and not escaping:
        roll = state.dice.parse_and_roll(c.extra["radiation_on_hit"])
        tracks.irradiate(state, roll, f"The {c.title}'s bite (rolled {roll})")
    if c.extra.get("wound_table") and not escaping and state.outcome is None:
        w = state.warrior
        if w.reflexes > 6 and w.hth > HTH_FLOOR:
            ask(state, "meat-machine")
        elif w.reflexes > 6:
            _reduce(state, "reflexes")
        elif w.hth > HTH_FLOOR:
            _reduce(state, "hth")


EXTRA_WOUND = {
    2: "Narrow miss. You are not wounded.",
    3: "Opponent unbalanced. +2 to your HtH next round only.",
    4: "Pushed apart. +1 to a Lucky Shot this round.",
    5: "No extra effects.",
    6: "No extra effects.",
    7: "No extra effects. No escape next round.",
    8: "Lose balance. -1 HtH next round; no Lucky Shot this round or escape in the next.",
    9: "Dazed. -2 HtH next round; no Lucky Shot this round or escape in the next.",
    10: "Floored. -3 HtH next round; no Lucky Shot this round or escape in the next.",
    11: "Savage cut. Take 1 extra wound. No Lucky Shot this round.",
    12: "Arm damaged. Marksmanship -1 permanently. No Lucky Shot this round.",
}


def _agent3_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    left = state.ctx["left"]
    return (f"Chaos Agent 3 takes an item instead of a wound ({left} to lose): which?",
            [Action(f"lose:{i}", equipment.label(state, c)) for i, c in enumerate(state.items)])


@question("agent-3", _agent3_options)
def _answer_agent3(state: ChainsawWarriorState, action: str) -> None:
    left = state.ctx["left"]
    equipment.destroy(state, int(action.split(":")[1]), "is destroyed by Chaos Agent 3")
    if left > 1:
        if state.items:
            ask(state, "agent-3", left=left - 1)
        else:
            tracks.wound(state, left - 1, "Chaos Agent 3 hurts you (nothing left to take)")


def _meat_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    w = state.warrior
    return "The Meat Machine maims you: lose a point of", [
        Action("reflexes", f"Reflexes ({w.reflexes} -> {w.reflexes - 1})"),
        Action("hth", f"Hand-to-Hand ({w.hth} -> {w.hth - 1})")]


@question("meat-machine", _meat_options)
def _answer_meat(state: ChainsawWarriorState, action: str) -> None:
    _reduce(state, action)


def _reduce(state: ChainsawWarriorState, which: str) -> None:
    w = state.warrior
    if which == "reflexes":
        w.reflexes -= 1
        state.event(f"The Meat Machine grafts away your speed: Reflexes {w.reflexes}.")
    else:
        w.hth -= 1
        state.event(f"The Meat Machine grafts away your strength: HtH {w.hth}.")


# -- the Lucky Shot --------------------------------------------------------------------------------
def _lucky_shots(state: ChainsawWarriorState, fight: Fight) -> list[Action]:
    if fight.no_lucky:
        return []
    actions = []
    for target in fight.opponents:
        c = card(state, target)
        for i in weapons_for(state, c, aimed=False):
            if target == state.data.darkness and state.items[i].item != LASER_LANCE:
                continue
            item = state.data.items[state.items[i].item]
            actions.append(Action(f"lucky:{item.id}:{target}",
                                  f"Lucky Shot with the {item.name} at the {c.title}"))
    return actions


def _lucky(state: ChainsawWarriorState, fight: Fight) -> None:
    fight.step = "next"
    if fight.opponents and (_lucky_shots(state, fight) or _implode_action(state)):
        ask(state, "lucky")


def _lucky_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    fight = state.fight
    assert fight is not None
    return "Try a Lucky Shot?", [*_lucky_shots(state, fight), *_implode_action(state),
                                 Action("no", "No Lucky Shot")]


@question("lucky", _lucky_options)
def _answer_lucky(state: ChainsawWarriorState, action: str) -> None:
    if action == "no":
        return
    if action == "implode":
        implode(state)
        return
    fight = state.fight
    assert fight is not None
    _, item_id, target = action.split(":")
    lucky_shot(state, fight, item_id, target)


def lucky_shot(state: ChainsawWarriorState, fight: Fight, item_id: str, target: str) -> None:
    """One die (no Reflex test; Marksmanship never counts) on the Lucky Shot table (A-01)."""
    c = card(state, target)
    item = state.data.items[item_id]
    roll = state.dice.d6()
    result = min(6, roll + fight.lucky_bonus)
    note = f" +{fight.lucky_bonus}" if fight.lucky_bonus else ""
    index = equipment.find(state, item_id)
    assert index is not None
    if result in state.rules.lucky_ammo:
        if item_id == "knife":
            fight.knife_dropped = True
        else:
            use(state, index)
            index = equipment.find(state, item_id)
    if result == 1:
        wounds = state.dice.d6() if state.rules.lucky_one == "d6" else 1
        state.event(f"Lucky Shot {roll}{note}: in the confusion you shoot yourself.")
        tracks.wound(state, wounds, "Your own shot")
    elif result == 2:
        state.event(f"Lucky Shot {roll}{note}: you don't manage to shoot; the {item.name} is "
                    f"smashed.")
        i = next(i for i, carried in enumerate(state.items) if carried.item == item_id)
        equipment.destroy(state, i, "is smashed")
    elif result == 3:
        state.event(f"Lucky Shot {roll}{note}: you don't shoot.")
        tracks.wound(state, 1, "You lose another wound")
    elif result == 4:
        state.event(f"Lucky Shot {roll}{note}: you miss.")
    elif result == 5:
        marks = state.warrior.marksmanship if state.rules.lucky_marksmanship else 0
        shot = rolls.aimed_shot(state.dice, item.to_hit[c.creature], marks)
        state.event(f"Lucky Shot {roll}{note}: a chance. To hit: {shot.total}, needs "
                    f"{item.to_hit[c.creature]}: {'hit' if shot.passed else 'miss'}.")
        if shot.passed:
            kill(state, fight, target)
    else:
        state.event(f"Lucky Shot {roll}{note}: the {c.title} is killed.")
        kill(state, fight, target)


# -- between rounds: time, and escaping ------------------------------------------------------------
def _next(state: ChainsawWarriorState, fight: Fight) -> None:
    if not fight.opponents:
        _finish(state, fight, won=True)
        return
    tracks.pass_time(state, 1)
    if state.outcome is not None:
        return
    if _is_darkness(state, fight) and state.warrior.infected:
        roll = state.dice.d6()
        if roll >= 4:
            tracks.envenom(state, f"Thirty seconds with Darkness ({roll})")
        else:
            state.event(f"Thirty seconds with Darkness ({roll}): the venom holds.")
        if state.outcome is not None:
            return
    fight.step = "hth"
    if escape_rating(state, fight) is not None:
        ask(state, "escape")


def escape_rating(state: ChainsawWarriorState, fight: Fight) -> int | None:
    """The roll needed to escape now, or None when you may not try."""
    if fight.rounds < 1 or fight.no_escape or fight.context == "wire":
        return None
    ratings = []
    for card_id in fight.opponents:
        c = card(state, card_id)
        if c.no_escape or c.creature not in state.data.escape:
            return None
        ratings.append(state.data.escape[c.creature])
    return max(ratings) if ratings else None


def _escape_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    fight = state.fight
    assert fight is not None
    rating = escape_rating(state, fight)
    return "Try to escape, or fight on?", [
        Action("escape", f"Try to escape ({rating} or more on one die)"),
        Action("fight", "Fight on")]


@question("escape", _escape_options)
def _answer_escape(state: ChainsawWarriorState, action: str) -> None:
    fight = state.fight
    assert fight is not None
    if action == "fight":
        return
    rating = escape_rating(state, fight)
    assert rating is not None
    check = rolls.escape(state.dice, rating)
    if check.passed:
        boxes = state.dice.d6()
        state.event(f"Escape roll {check.roll} (needs {rating}): you get away; "
                    f"{boxes * 30} seconds pass.")
        state.free = False
        _finish(state, fight, won=False)
        tracks.pass_time(state, boxes)
        return
    state.event(f"Escape roll {check.roll} (needs {rating}): you fail to get away.")
    target = fight.current or fight.opponents[0]
    struck(state, fight, card(state, target), escaping=True)


def _finish(state: ChainsawWarriorState, fight: Fight, won: bool) -> None:
    """The encounter is over: Wandering Zombies go back to their deck, reshuffled; a thrown
    Knife is picked up if you won, else lost."""
    if fight.wandering:
        state.wandering.cards.extend(fight.wandering)
        state.wandering.shuffle(state.dice)
    if fight.knife_dropped:
        if won:
            state.event("You pick up your Knife.")
        else:
            i = next((i for i, c in enumerate(state.items) if c.item == "knife"), None)
            if i is not None:
                equipment.destroy(state, i, "is left behind")
    state.fight = None


STAGES = {
    "start": _meet,
    "shoot": _shoot,
    "hth": _hth,
    "round": _round,
    "lucky": _lucky,
    "next": _next,
}
