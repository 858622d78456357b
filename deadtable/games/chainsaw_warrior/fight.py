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
from deadtable.engine.wording import count
from deadtable.games.chainsaw_warrior import equipment, items, rolls, tracks
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
    if fight.wandering and state.rules.has("wandering-zombie-delays"):
        state.event("Wandering Zombie Delays: 30 seconds lost to the surprise.",
                    cite="Overkill: Wandering Zombie Delays")
        tracks.pass_time(state, 1)


@step("fight")
def _fight(state: ChainsawWarriorState, task: dict[str, Any]) -> None:
    pending = len(state.tasks)
    while (state.fight is not None and state.outcome is None and not state.phase
           and len(state.tasks) == pending):
        STAGES[state.fight.step](state, state.fight)
    if state.fight is not None and state.outcome is None:
        # go on after the player's answer, or after the steps a stage asked for first
        state.tasks = [*state.tasks[:pending], {"do": "fight"}, *state.tasks[pending:]]


def named(state: ChainsawWarriorState, card_id: str) -> str:
    """The opponent's title, numbered in the fight's order where others share it ("Wandering
    Zombie 2"), so that choices between them can be told apart; the board numbers alike."""
    title = card(state, card_id).title
    fight = state.fight
    same = [] if fight is None else [o for o in fight.opponents if card(state, o).title == title]
    return f"{title} {same.index(card_id) + 1}" if len(same) > 1 and card_id in same else title


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
            tracks.irradiate(state, roll, f"{c.title} (rolled {roll})",
                             cite="Fighting Creatures step 1")
        if c.creature == "zombie" and state.warrior.infected:
            roll = state.dice.d6()
            if roll >= 5:
                tracks.envenom(state, f"Venom check against the {c.title}: {roll}",
                               cite="Fighting Creatures step 2")
            else:
                state.event(f"Venom check against the {c.title}: {roll}, no effect.",
                            cite="Fighting Creatures step 2")
        if agent(c) == 8:
            roll = state.dice.d6()
            if roll >= 5:
                tracks.wound(state, 1, f"Chaos Agent 8 throws a knife ({roll})",
                             cite="House Cards: Chaos Agents")
            else:
                state.event(f"Chaos Agent 8's knife misses ({roll}).",
                            cite="House Cards: Chaos Agents")
        if state.outcome is not None:
            return
    fight.step = "shoot"
    if _can_hide(state) and not _is_darkness(state, fight):
        ask(state, "hide")


def _can_hide(state: ChainsawWarriorState) -> bool:
    """The Hiding skill, or the Chameleon Suit ("act as if they had the 'Hide' skill")."""
    return state.warrior.skill == "hiding" or has(state, "chameleon-suit")


def _hide_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    return "Hiding: try to hide (a 6 on one die), or face them?", [
        Action("hide", "Try to hide"), Action("face", "Face them")]


@question("hide", _hide_options)
def _hide(state: ChainsawWarriorState, action: str) -> None:
    if action == "face":
        return
    roll = state.dice.d6()
    bonus = (1 if state.warrior.skill == "hiding" and has(state, "chameleon-suit") else 0)
    bonus += items.determined(state)
    if roll + bonus >= 6:
        state.event(f"You hide in the shadows ({roll}): the creature is discarded.",
                    cite="Skills: Hiding")
        assert state.fight is not None
        state.fight.opponents = []
        state.free = False
        _finish(state, state.fight, won=False)
    else:
        state.event(f"Hiding fails ({roll}).", cite="Skills: Hiding")


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
            need = _shot_number(state, fight, item.id, c)
            actions.append(Action(f"shoot:{state.items[i].item}:{target}",
                                  f"{verb} {item.name} at the {named(state, target)} "
                                  f"(needs {need})"))
            if item.type == "gun" and has(state, "dum-dum-bullets"):
                actions.append(Action(f"shoot:{item.id}:{target}:dum-dum",
                                      f"Shoot Dum-Dum Bullets from the {item.name} at the "
                                      f"{named(state, target)} (needs {need - 2})"))
    return actions


def _shot_number(state: ChainsawWarriorState, fight: Fight, item_id: str, c: Card) -> int:
    """What the 2d6 must reach, with Marksmanship and every modifier counted in."""
    item = state.data.items[item_id]
    return (item.to_hit[c.creature] - items.marksmanship(state, item_id)
            - _shot_modifier(fight, item, c))


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
    _, item_id, target, *ammo = action.split(":")
    aimed_shot(state, fight, item_id, target, dum_dum=bool(ammo))


def _no_reflex_test(state: ChainsawWarriorState, fight: Fight, c: Card, item_id: str) -> str:
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
    if item_id == LASER_LANCE and has(state, "t-d-d"):
        return "the TDD"
    return ""


def aimed_shot(state: ChainsawWarriorState, fight: Fight, item_id: str, target: str,
               dum_dum: bool = False) -> None:
    c = card(state, target)
    item = state.data.items[item_id]
    why = _no_reflex_test(state, fight, c, item_id)
    if why:
        state.event(f"No Reflex test needed: {why}.", cite="Fighting Creatures step 4")
    else:
        reflexes = items.reflexes(state)
        test = rolls.reflex_test(state.dice, reflexes)
        if not test.passed:
            state.event(f"Reflex test {test.roll} against {reflexes}: the "
                        f"{c.title} jumps you before you can fire.",
                        cite="Fighting Creatures step 4")
            return
        state.event(f"Reflex test {test.roll} against {reflexes}: passed.",
                    cite="Fighting Creatures step 4")
    index = equipment.find(state, item_id)
    assert index is not None
    uses = state.items[index].uses or 0
    if (state.rules.has("rapid-fire") and item.type == "gun" and not dum_dum and uses > 1):
        ask(state, "burst", item=item_id, target=target)  # "After passing your Reflex test"
        return
    fire(state, fight, item_id, target, 1, dum_dum)


def _burst_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    index = equipment.find(state, state.ctx["item"])
    assert index is not None
    most = min(6, state.items[index].uses or 0)
    return "Rapid Fire: how many shots?", [
        Action("burst:1", "A single shot"),
        *(Action(f"burst:{n}", f"A burst of {n} shots") for n in range(2, most + 1))]


@question("burst", _burst_options)
def _answer_burst(state: ChainsawWarriorState, action: str) -> None:
    assert state.fight is not None
    fire(state, state.fight, state.ctx["item"], state.ctx["target"], int(action.split(":")[1]))


def fire(state: ChainsawWarriorState, fight: Fight, item_id: str, target: str, shots: int,
         dum_dum: bool = False) -> None:
    """Roll to hit: 2d6 + Marksmanship (and the card's modifiers) at or over the number; a
    burst deducts all its shots first and rolls for each."""
    c = card(state, target)
    item = state.data.items[item_id]
    index = equipment.find(state, item_id)
    assert index is not None
    marks = items.marksmanship(state, item_id) + (2 if dum_dum else 0)
    modifier = _shot_modifier(fight, item, c)
    verb = "throw" if item.throw else "shoot"
    if dum_dum:
        bullets = equipment.find(state, "dum-dum-bullets")
        assert bullets is not None
        use(state, bullets)
    elif item_id != "knife":
        for _ in range(shots):
            use(state, index)
    hit = False
    for _ in range(shots):
        shot = rolls.aimed_shot(state.dice, item.to_hit[c.creature], marks, modifier)
        state.event(f"You {verb} the {item.name}: {shot.roll} (total {shot.total}, needs "
                    f"{item.to_hit[c.creature]}): {'a hit' if shot.passed else 'a miss'}.",
                    cite="Fighting Creatures step 5")
        hit = hit or shot.passed
    if item_id == "knife" and not hit:
        fight.knife_dropped = True
    if hit:
        state.event(f"The {c.title} is killed.", cite="Fighting Creatures step 5")
        kill(state, fight, target)


def kill(state: ChainsawWarriorState, fight: Fight, target: str) -> None:
    if target == state.data.darkness:
        state.event("Darkness is destroyed by the Laser-lance. New York is saved!",
                    cite="The End of the Game")
        tracks.end(state, "win", "darkness-destroyed")
        return
    fight.opponents.remove(target)
    if fight.current == target:
        fight.current = None


def implode(state: ChainsawWarriorState) -> None:
    index = equipment.find(state, "implosion-waistcoat")
    assert index is not None
    use(state, index)
    state.event("You trigger the Implosion Waistcoat: Darkness implodes, and you with it.",
                cite="Equipment: Implosion Waistcoat")
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
    if _specials(state, fight):
        ask(state, "step-6")


def _specials(state: ChainsawWarriorState, fight: Fight) -> list[Action]:
    """What may be used in step 6 instead of (or before) rolling for HtH."""
    from deadtable.games.chainsaw_warrior.clock import is_night

    assert fight.current is not None
    c = card(state, fight.current)
    first = fight.current not in fight.fought  # "Step 6 of the first round of combat with it"
    dark = c.kind == "darkness"
    it = named(state, fight.current)
    found = []
    if has(state, "c-n-e-s") and not dark:
        found.append(Action("cnes", f"Scramble the {it} with the C.N.E.S. (it dies; you "
                                    f"take a die of wounds)"))
    if first and has(state, "poison-coated-metal-needle") and not dark:
        found.append(Action("needle", f"Stab the {it} with the Poison-Coated Needle"))
    if first and has(state, "throw-nets") and not dark and c.creature != "meat-machine":
        found.append(Action("throw-net", f"Throw a Net over the {it}"))
    if first and has(state, "time-grenades") and not dark:
        found.append(Action("grenade", f"Send the {it} away with a Time Grenade"))
    if fight.rounds == 0 and not fight.flash and is_night(state.time) and has(state, "flash-bombs"):
        found.append(Action("flash:bonus", "A Flash Bomb: +3 HtH for this combat"))
        found.append(Action("flash:escape", "A Flash Bomb: escape at the start of round two"))
    return found


def _step6_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    fight = state.fight
    assert fight is not None
    return "Step 6: how do you fight?", [*_specials(state, fight),
                                         Action("hth", "Fight hand-to-hand")]


@question("step-6", _step6_options)
def _answer_step6(state: ChainsawWarriorState, action: str) -> None:
    fight = state.fight
    assert fight is not None and fight.current is not None
    c = card(state, fight.current)
    verb, _, how = action.partition(":")
    if verb == "hth":
        return
    if verb == "flash":
        use(state, _index(state, "flash-bombs"))
        fight.flash = how
        state.event("You throw a Flash Bomb.", cite="Equipment: Flash Bombs")
        if state.fight is not None and _specials(state, fight):
            ask(state, "step-6")
        return
    fight.fought.append(c.id)
    if verb == "cnes":
        state.event(f"The C.N.E.S. scrambles the {c.title}.", cite="Equipment: C.N.E.S.")
        kill(state, fight, c.id)
        roll = state.dice.d6()
        tracks.wound(state, roll, f"The C.N.E.S. draws on your body (rolled {roll})",
                     cite="Equipment: C.N.E.S.")
    elif verb == "needle":
        use(state, _index(state, "poison-coated-metal-needle"))
        rounds = (state.dice.d6() + 1) // 2
        fight.poison[c.id] = rounds
        state.event(f"The poison needle goes in: the {c.title} dies in {count(rounds, 'round')}.",
                    cite="Equipment: Poison-Coated Metal Needle")
        return  # and the round is fought as usual
    elif verb == "throw-net":
        use(state, _index(state, "throw-nets"))
        state.event(f"Your Throw Net traps and defeats the {c.title}.",
                    cite="Equipment: Throw Nets")
        kill(state, fight, c.id)
    else:
        use(state, _index(state, "time-grenades"))
        _time_grenade(state, fight, c)
    fight.step = "lucky"  # "in place of your first round of HtH combat"


def _index(state: ChainsawWarriorState, item_id: str) -> int:
    index = equipment.find(state, item_id)
    assert index is not None
    return index


def _time_grenade(state: ChainsawWarriorState, fight: Fight, c: Card) -> None:
    """"shuffle it into the other deck (in deck 1: into deck 2; in deck 2: into the deck 1
    discards)"; a Wandering Zombie goes back to its own deck."""
    fight.opponents.remove(c.id)
    fight.current = None
    state.event(f"The Time Grenade moves the {c.title} away through time.",
                cite="Equipment: Time Grenades")
    if c.id in fight.wandering:
        return
    here = state.discards[state.current]
    if c.id in here:
        here.remove(c.id)
    if state.current == 0:
        state.decks[1].cards.append(c.id)
        state.decks[1].shuffle(state.dice)
    else:
        state.discards[0].cards.append(c.id)
        state.discards[0].shuffle(state.dice)


def _order_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    fight = state.fight
    assert fight is not None
    return "Which opponent do you fight next?", [
        Action(f"fight:{o}", f"Fight the {named(state, o)} (HtH {card(state, o).hth})")
        for o in fight.opponents]


@question("order", _order_options)
def _answer_order(state: ChainsawWarriorState, action: str) -> None:
    assert state.fight is not None
    state.fight.current = action.split(":", 1)[1]


def _explode(state: ChainsawWarriorState, fight: Fight, c: Card) -> None:
    roll = state.dice.d6()
    state.event("Chaos Agent 7 dives at you and sets off his explosives.",
                cite="House Cards: Chaos Agents")
    tracks.wound(state, roll, f"The blast (rolled {roll})", cite="House Cards: Chaos Agents")
    breakage(state, (5, 6), "destroyed in the blast", cite="House Cards: Chaos Agents")
    fight.opponents.remove(fight.current or "")
    fight.current = None
    fight.step = "hth"


def breakage(state: ChainsawWarriorState, breaks_on: tuple[int, ...], why: str, *,
             cite: str) -> None:
    """Roll a die for every piece of equipment; on the listed rolls it is removed."""
    if state.outcome is not None:
        return
    survivors = []
    for carried in state.items:
        roll = state.dice.d6()
        if roll in breaks_on:
            state.event(f"{state.data.items[carried.item].name} {why} ({roll}).", cite=cite)
        else:
            survivors.append(carried)
    state.items = survivors
    items.carry_on_check(state)


def warrior_hth(state: ChainsawWarriorState, fight: Fight, c: Card) -> int:
    from deadtable.games.chainsaw_warrior.clock import is_night

    hth = state.warrior.hth + equipment.hth_weapon_bonus(state) + equipment.clothing_bonus(state)
    night = is_night(state.time)
    if night and not equipment.night_vision(state):
        hth -= 1
    if night and c.creature in ("zombie", "rat-pack") and has(state, "torch"):
        hth += 1  # "When fighting creatures of the darkness (Zombies and Rats)"
    if any(i.item == "x-oskeleton" for i in state.items) and not has(state, "x-oskeleton"):
        hth -= 2  # in the Magnetic Field: "-2 modifier to their HtH value instead of the +1"
    if state.time < state.smash_until:
        hth += 3
    if fight.flash == "bonus":
        hth += 3
    if fight.berserk:
        hth += 3
    if fight.context == "floorboards":
        hth -= 1
    if fight.context == "sprint" and fight.rounds == 0:
        hth -= 1  # "must fight the first round with a -1 modifier"
    if agent(c) == 6:
        hth -= 3
    return hth + fight.next_hth + items.determined(state)


def creature_hth(fight: Fight, c: Card) -> int:
    if fight.context == "net" and c.creature == "zombie":
        return c.hth + 3  # "the Zombie fights with an extra 3 points added"
    return c.hth


def _round(state: ChainsawWarriorState, fight: Fight) -> None:
    assert fight.current is not None
    if fight.lost_round and not fight.berserk:
        fight.lost_round = False
        ask(state, "frenzy")  # "If you lose a round of combat and are wounded"
        return
    c = card(state, fight.current)
    mine = warrior_hth(state, fight, c)
    fight.next_hth = 0
    fight.lucky_bonus = 0
    fight.no_lucky = False
    fight.no_escape = False
    fight.rounds += 1
    if c.id not in fight.fought:
        fight.fought.append(c.id)
    berserk, fight.berserk = fight.berserk, False
    if berserk:
        tracks.endurance_loss(state, 1, "Frenzied fighting is tiring", cite="Overkill: Frenzy")
        if state.outcome is not None:
            return
    fight.lost_round = False
    theirs = creature_hth(fight, c)
    r = rolls.hth_round(state.dice, theirs, mine)
    # the dice and the HtH ratings behind each score, so the log agrees with the board's
    state.event(f"Round {fight.rounds} against the {c.title}: it scores {r.creature}, "
                f"you {r.warrior} (its {r.creature - theirs} + HtH {theirs}; your "
                f"{r.warrior - mine} + HtH {mine}).", cite="Fighting Creatures step 6")
    fight.step = "lucky"
    if r.result == "win":
        if fight.current == state.data.darkness:
            state.event("You overpower Darkness, but it cannot be hurt hand-to-hand.",
                        cite="House Cards: Darkness")
        else:
            state.event(f"The {c.title} is killed.", cite="Fighting Creatures step 8")
            kill(state, fight, fight.current)
    elif r.result == "lose":
        struck(state, fight, c, escaping=False, double=berserk)
    else:
        state.event("A draw: neither of you overpowers the other.",
                    cite="Fighting Creatures step 7")
    _poison_works(state, fight)


def _poison_works(state: ChainsawWarriorState, fight: Fight) -> None:
    for target, rounds in list(fight.poison.items()):
        if target not in fight.opponents:
            del fight.poison[target]
        elif rounds <= 1:
            state.event(f"The poison works: the {card(state, target).title} dies.",
                        cite="Equipment: Poison-Coated Metal Needle")
            del fight.poison[target]
            kill(state, fight, target)
        else:
            fight.poison[target] = rounds - 1


def _frenzy_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    return "Frenzy: go berserk (+3 HtH this round, double damage if you lose, -1 Endurance)?", [
        Action("berserk", "Go berserk"), Action("calm", "Keep your head")]


@question("frenzy", _frenzy_options)
def _answer_frenzy(state: ChainsawWarriorState, action: str) -> None:
    assert state.fight is not None
    state.fight.berserk = action == "berserk"


# -- 9: wounds and the Extra Wound table --------------------------------------------------------
def struck(state: ChainsawWarriorState, fight: Fight, c: Card, escaping: bool,
           double: bool = False) -> None:
    """The creature hurts you: in a lost round, or its most when an escape fails."""
    if agent(c) == 4 and not escaping:
        roll = state.dice.total(3)
        state.event(f"Chaos Agent 4 knocks you out for {count(roll, 'minute')}.",
                    cite="House Cards: Chaos Agents")
        from deadtable.games.chainsaw_warrior.clock import BOXES_PER_MINUTE

        tracks.pass_time(state, roll * BOXES_PER_MINUTE)
        fight.opponents.remove(c.id)
        fight.current = None
        return
    n = c.wounds
    if c.extra.get("wound_table") and not escaping:
        roll = state.dice.d6()
        n = MEAT_MACHINE_WOUNDS[roll]
        state.event(f"The Meat Machine's wound roll: {roll}.", cite="House Cards: The Meat Machine")
    if c.creature == "rat-pack" and has(state, "steel-gloves"):
        n = min(n, 1)  # "you need only take one wound if they succeed in biting you"
    if double:
        n *= 2  # Frenzy: "A berserk warrior who loses a round of combat takes double damage"
    table = state.dice.total(2)
    row = EXTRA_WOUND[table]
    state.event(f"Extra Wound table: {table}: {row}", cite="Fighting Creatures step 9")
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
        tracks.wound(state, n, f"The {c.title} hurts you", cite="Fighting Creatures step 9")
    if state.outcome is not None:
        return
    if not escaping and state.rules.has("frenzy"):
        if table >= 11:
            fight.berserk = True
            state.event("You go berserk!", cite="Overkill: Frenzy")
        else:
            fight.lost_round = True
    if c.creature == "zombie" and not has(state, "helmet"):
        tracks.infect(state, f"The {c.title} bites you", cite="Venom Infection")
    if agent(c) == 5:
        tracks.infect(state, "Chaos Agent 5's venom-coated knife",
                      cite="House Cards: Chaos Agents")  # the Helmet does not help
    if "radiation_on_hit" in c.extra and not escaping:
        roll = state.dice.parse_and_roll(c.extra["radiation_on_hit"])
        tracks.irradiate(state, roll, f"The {c.title}'s bite (rolled {roll})",
                         cite="House Cards: Contaminated Rat-Pack")
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
    equipment.destroy(state, int(action.split(":")[1]), "is destroyed by Chaos Agent 3",
                      cite="House Cards: Chaos Agents")
    if left > 1:
        if state.items:
            ask(state, "agent-3", left=left - 1)
        else:
            tracks.wound(state, left - 1, "Chaos Agent 3 hurts you (nothing left to take)",
                         cite="House Cards: Chaos Agents")


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
        state.event(f"The Meat Machine grafts away your speed: Reflexes {w.reflexes}.",
                    cite="House Cards: The Meat Machine")
    else:
        w.hth -= 1
        state.event(f"The Meat Machine grafts away your strength: HtH {w.hth}.",
                    cite="House Cards: The Meat Machine")


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
                                  f"Lucky Shot with the {item.name} at the "
                                  f"{named(state, target)}"))
            if has(state, "holographic-imagizer"):
                actions.append(Action(f"lucky:{item.id}:{target}:imagizer",
                                      f"Lucky Shot with the {item.name} at the "
                                      f"{named(state, target)}, "
                                      f"+1 from the Holographic Imagizer"))
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
    _, item_id, target, *imagizer = action.split(":")
    if imagizer:
        use(state, _index(state, "holographic-imagizer"))
    lucky_shot(state, fight, item_id, target, 1 if imagizer else 0)


def lucky_shot(state: ChainsawWarriorState, fight: Fight, item_id: str, target: str,
               bonus: int = 0) -> None:
    """One die (no Reflex test; Marksmanship never counts) on the Lucky Shot table (A-01);
    the Extra Wound table's 4, C.A.T.S. and the Holographic Imagizer add 1 each."""
    c = card(state, target)
    item = state.data.items[item_id]
    roll = state.dice.d6()
    bonus += fight.lucky_bonus + (1 if items.cats_on(state, item_id) else 0)
    result = min(6, roll + bonus)
    note = f" +{bonus}" if bonus else ""
    index = equipment.find(state, item_id)
    assert index is not None
    if item_id == "knife":
        # "If the knife is used and a 1 is rolled, you still drop it", whichever ammunition
        # reading is played
        if result == 1 or result in state.rules.lucky_ammo:
            fight.knife_dropped = True
    elif result in state.rules.lucky_ammo:
        use(state, index)
        index = equipment.find(state, item_id)
    if result == 1:
        wounds = state.dice.d6() if state.rules.lucky_one == "d6" else 1
        state.event(f"Lucky Shot {roll}{note}: in the confusion you shoot yourself.",
                    cite="Fighting Creatures: Lucky Shot")
        tracks.wound(state, wounds, "Your own shot", cite="Fighting Creatures: Lucky Shot")
    elif result == 2:
        state.event(f"Lucky Shot {roll}{note}: you don't manage to shoot; the {item.name} is "
                    f"smashed.", cite="Fighting Creatures: Lucky Shot")
        i = next(i for i, carried in enumerate(state.items) if carried.item == item_id)
        equipment.destroy(state, i, "is smashed", cite="Fighting Creatures: Lucky Shot")
    elif result == 3:
        state.event(f"Lucky Shot {roll}{note}: you don't shoot.",
                    cite="Fighting Creatures: Lucky Shot")
        tracks.wound(state, 1, "You lose another wound", cite="Fighting Creatures: Lucky Shot")
    elif result == 4:
        state.event(f"Lucky Shot {roll}{note}: you miss.", cite="Fighting Creatures: Lucky Shot")
    elif result == 5:
        marks = state.warrior.marksmanship if state.rules.lucky_marksmanship else 0
        shot = rolls.aimed_shot(state.dice, item.to_hit[c.creature], marks)
        state.event(f"Lucky Shot {roll}{note}: a chance. To hit: {shot.total}, needs "
                    f"{item.to_hit[c.creature]}: {'hit' if shot.passed else 'miss'}.",
                    cite="Fighting Creatures: Lucky Shot")
        if shot.passed:
            kill(state, fight, target)
    else:
        state.event(f"Lucky Shot {roll}{note}: the {c.title} is killed.",
                    cite="Fighting Creatures: Lucky Shot")
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
            tracks.envenom(state, f"Thirty seconds with Darkness ({roll})",
                           cite="House Cards: Darkness")
        else:
            state.event(f"Thirty seconds with Darkness ({roll}): the venom holds.",
                        cite="House Cards: Darkness")
        if state.outcome is not None:
            return
    fight.step = "hth"
    if fight.flash == "escape" and fight.rounds == 1:
        state.event("The Flash Bomb blinds them: you escape.", cite="Equipment: Flash Bombs")
        _escaped(state, fight)
    elif escape_rating(state, fight) is not None or _imagizer_escape(state, fight):
        ask(state, "escape")


def _imagizer_escape(state: ChainsawWarriorState, fight: Fight) -> bool:
    return has(state, "holographic-imagizer") and not _is_darkness(state, fight)


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
    actions = []
    if rating is not None:
        actions.append(Action("escape", f"Try to escape ({rating} or more on one die)"))
    if _imagizer_escape(state, fight):
        actions.append(Action("imagizer", "Escape behind the Holographic Imagizer's images"))
    return "Try to escape, or fight on?", [*actions, Action("fight", "Fight on")]


@question("escape", _escape_options)
def _answer_escape(state: ChainsawWarriorState, action: str) -> None:
    fight = state.fight
    assert fight is not None
    if action == "fight":
        return
    if action == "imagizer":
        use(state, _index(state, "holographic-imagizer"))
        state.event("Six images of you confuse them: you escape.",
                    cite="Equipment: Holographic Imagizer")
        _escaped(state, fight)
        return
    rating = escape_rating(state, fight)
    assert rating is not None
    check = rolls.escape(state.dice, rating - items.determined(state))
    if check.passed:
        state.event(f"Escape roll {check.roll} (needs {rating}): you get away.", cite="Escaping")
        _escaped(state, fight)
        return
    state.event(f"Escape roll {check.roll} (needs {rating}): you fail to get away.",
                cite="Escaping")
    if state.rules.has("escaping-alternative"):
        # "merely add 30 seconds and begin another round ... or attempting to Escape once more"
        tracks.pass_time(state, 1)
        if state.outcome is None:
            ask(state, "escape")
        return
    target = fight.current or fight.opponents[0]
    struck(state, fight, card(state, target), escaping=True)


def _escaped(state: ChainsawWarriorState, fight: Fight) -> None:
    """Away: one die of boxes pass and the turn ends."""
    boxes = state.dice.d6()
    state.event(f"{boxes * 30} seconds pass as you get away.", cite="Escaping")
    state.free = False
    _finish(state, fight, won=False)
    tracks.pass_time(state, boxes)


def _finish(state: ChainsawWarriorState, fight: Fight, won: bool) -> None:
    """The encounter is over: Wandering Zombies go back to their deck, reshuffled; a thrown
    Knife is picked up if you won, else lost."""
    if fight.wandering:
        state.wandering.cards.extend(fight.wandering)
        state.wandering.shuffle(state.dice)
    if fight.knife_dropped:
        if won:
            state.event("You pick up your Knife.", cite="Fighting Creatures: Lucky Shot")
        else:
            i = next((i for i, c in enumerate(state.items) if c.item == "knife"), None)
            if i is not None:
                equipment.destroy(state, i, "is left behind", cite="Fighting Creatures: Lucky Shot")
    state.fight = None


STAGES = {
    "start": _meet,
    "shoot": _shoot,
    "hth": _hth,
    "round": _round,
    "lucky": _lucky,
    "next": _next,
}
