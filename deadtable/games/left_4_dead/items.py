"""Items other than guns: picking up and the carry slots (Survivor Rules: Item Pickup), what a
survivor uses before or instead of its turn (Health Kit, Pain Pills, Adrenaline Shot,
Defibrillator, ammo, standing a survivor up), explosives thrown at a space, and what lies on
spaces until the end of the round (fire, acid).
"""

from __future__ import annotations

from deadtable.engine.decisions import Action
from deadtable.games.left_4_dead import combat, movement
from deadtable.games.left_4_dead.state import Effect, Figure, Left4DeadState

PICKUP = "Survivor Rules: Item Pickup"
INCAP = "Survivor Rules: Incapacitated"
BEFORE_VERBS = ("pills", "give", "heal", "defib", "deploy", "stand")
FIRES = ("molotov-cocktail", "gas-can", "fireworks")  # fire lasting the round on and next to it


def item_name(state: Left4DeadState, item: str) -> str:
    return str(state.data.items[item].get("name", item))


def slot_of(state: Left4DeadState, item: str) -> str:
    return str(state.data.items[item]["slot"])


def cite(state: Left4DeadState, item: str) -> str:
    return f"ITEM PICKUPS: {item_name(state, item).upper()}"


def adjacent_survivors(state: Left4DeadState, figure: Figure) -> list[Figure]:
    assert figure.space is not None
    near = state.board.neighbours[figure.space]
    return [f for f in state.survivors() if f.space in near and not f.closet]


# -- before or instead of a turn -------------------------------------------------------------
def before_actions(state: Left4DeadState, figure: Figure) -> list[Action]:
    actions: list[Action] = []
    pills = figure.items.get("pills")
    if pills is not None:
        actions.append(Action(f"pills:{pills}", f"Use up the {item_name(state, pills)}",
                              {"verb": "pills", "item": pills}))
        for other in adjacent_survivors(state, figure):
            if not other.down and "pills" not in other.items:
                actions.append(Action(f"give:{other.id}",
                                      f"Give the {item_name(state, pills)} to "
                                      f"{combat.name(other)}",
                                      {"verb": "give", "item": pills, "target": other.id}))
    health = figure.items.get("health")
    if health == "health-kit":
        for other in [figure, *adjacent_survivors(state, figure)]:
            if (other.wounds > 1 or other.incaps) and not other.down:
                actions.append(Action(f"heal:{other.id}",
                                      f"Instead of the turn, use the Health Kit on "
                                      f"{combat.name(other)}",
                                      {"verb": "heal", "target": other.id}))
    elif health == "defibrillator":
        assert figure.space is not None
        if any(f.space is None and not f.closet and f.id in state.pending_closet
               for f in state.survivors()) and free_neighbours(state, figure.space):
            for other in state.survivors():
                if other.space is None and other.id in state.pending_closet:
                    actions.append(Action(f"defib:{other.id}",
                                          f"Instead of the turn, revive {combat.name(other)} "
                                          "with the Defibrillator",
                                          {"verb": "defib", "target": other.id}))
    elif health in ("explosive-ammo", "incendiary-ammo"):
        actions.append(Action(f"deploy:{health}",
                              f"Instead of the turn, deploy the {item_name(state, health)}",
                              {"verb": "deploy", "item": health}))
    for other in adjacent_survivors(state, figure):
        if other.down:
            actions.append(Action(f"stand:{other.id}",
                                  f"Give up the turn to stand {combat.name(other)} up",
                                  {"verb": "stand", "target": other.id}))
    return actions


def free_neighbours(state: Left4DeadState, space: int) -> list[int]:
    occupied = state.occupancy()
    return [n for n in state.board.neighbours[space] if n not in occupied]


def apply_before(state: Left4DeadState, figure: Figure, verb: str, rest: str) -> bool:
    """Do it; True where it took the place of the survivor's turn."""
    if verb == "pills":
        use_pills(state, figure, rest)
        return False
    if verb == "give":
        other = state.figures[rest]
        other.items["pills"] = figure.items.pop("pills")
        state.event(f"{combat.name(figure)} gives the {item_name(state, other.items['pills'])} "
                    f"to {combat.name(other)}.", cite(state, other.items["pills"]))
        return False
    if verb == "heal":
        other = state.figures[rest]
        del figure.items["health"]
        other.wounds = min(other.wounds, int(state.data.items["health-kit"]["leaves_wounds"]))
        other.incaps = 0
        state.event(f"{combat.name(figure)} uses up the Health Kit on {combat.name(other)}: one "
                    "wound left and no Incapped Markers.", cite(state, "health-kit"))
        return True
    if verb == "defib":
        revive(state, figure, state.figures[rest])
        return True
    if verb == "deploy":
        deploy(state, figure, rest)
        return True
    if verb == "stand":
        stand_up(state, figure, state.figures[rest])
        return True
    raise ValueError(f"unknown action {verb!r}")


def use_pills(state: Left4DeadState, figure: Figure, item: str) -> None:
    """Pain Pills set aside every wound; an Adrenaline Shot up to two, and +1 Move this round.
    One comes back at the end of each round (endofround.py)."""
    del figure.items["pills"]
    data = state.data.items[item]
    if data.get("set_aside_all"):
        moved = figure.wounds
    else:
        moved = min(figure.wounds, int(data.get("set_aside_wounds", 0)))
    figure.wounds -= moved
    figure.set_aside += moved
    if data.get("move_bonus"):
        figure.markers["adrenaline"] = state.round
    state.event(f"{combat.name(figure)} uses up the {item_name(state, item)}, setting aside "
                f"{moved} wound(s).", cite(state, item))


def revive(state: Left4DeadState, figure: Figure, other: Figure) -> None:
    """Defibrillator: the destroyed survivor returns next to this one with 2 wounds and a random
    tier 1 or secondary weapon (not the Chainsaw)."""
    from deadtable.games.left_4_dead import spawning

    assert figure.space is not None
    del figure.items["health"]
    state.pending_closet.remove(other.id)
    other.space = free_neighbours(state, figure.space)[0]
    other.wounds = int(state.data.items["defibrillator"]["revive_wounds"])
    drawn = spawning.draw_from_set(state, "defibrillator")
    if drawn is not None:
        other.items[slot_of(state, drawn)] = drawn
        arm(state, other, drawn)
    state.event(f"{combat.name(figure)} revives {combat.name(other)} with the Defibrillator"
                + (f"; {combat.name(other)} gets the {item_name(state, drawn)}." if drawn
                   else "."), cite(state, "defibrillator"))


def deploy(state: Left4DeadState, figure: Figure, item: str) -> None:
    del figure.items["health"]
    state.effects.append(Effect(item, -1, "survivors"))
    state.event(f"{combat.name(figure)} deploys the {item_name(state, item)}: every survivor "
                "has it until the end of the round.", cite(state, item))


def stand_up(state: Left4DeadState, figure: Figure, other: Figure) -> None:
    life = combat.life(state, other)
    other.down = False
    other.wounds = life - int(state.data.rules.incapacitation["stand_up_life"])
    state.event(f"{combat.name(figure)} gives up the turn to stand {combat.name(other)} up, "
                f"with 2 Life left.", INCAP)


# -- picking up ----------------------------------------------------------------------------
def pickup_actions(state: Left4DeadState, figure: Figure,
                   left: tuple[str, ...] | list[str] = ()) -> list[Action]:
    """Items on or next to the survivor, but not one it left this turn: "another survivor may
    then pick up the old weapon" (and swapping back and forth would never end)."""
    if figure.space is None or figure.down:
        return []
    spaces = [figure.space, *state.board.neighbours[figure.space]]
    actions = []
    for space in spaces:
        for item in dict.fromkeys(state.items_on_map.get(space, [])):
            if item in left:
                continue
            slot = slot_of(state, item)
            held = figure.items.get(slot)
            label = f"Pick up the {item_name(state, item)} at {state.board.names[space]}"
            if held is not None:
                label += f" (leaving the {item_name(state, held)})"
            actions.append(Action(f"pick:{space}:{item}", label,
                                  {"verb": "pick", "space": state.board.names[space],
                                   "item": item}))
    return actions


def pick_up(state: Left4DeadState, figure: Figure, space: int, item: str) -> str | None:
    """A survivor carries one item per slot; a new one swaps with the old, which stays on the
    survivor's space for another to pick up."""
    assert figure.space is not None
    lying = state.items_on_map[space]
    lying.remove(item)
    if not lying:
        del state.items_on_map[space]
    slot = slot_of(state, item)
    old = figure.items.get(slot)
    if old is not None:
        state.items_on_map.setdefault(figure.space, []).append(old)
        figure.ammo.pop(old, None)
    figure.items[slot] = item
    arm(state, figure, item)
    state.event(f"{combat.name(figure)} picks up the {item_name(state, item)}"
                + (f" and leaves the {item_name(state, old)}." if old else "."), PICKUP)
    return old


def arm(state: Left4DeadState, figure: Figure, item: str) -> None:
    """Ammo or Fuel Markers placed when the item is picked up (Grenade Launcher, HMG,
    Chainsaw)."""
    data = state.data.items[item]
    markers = data.get("ammo") or data.get("fuel")
    if markers:
        figure.ammo[item] = int(markers)


# -- explosives ------------------------------------------------------------------------------
def throw_actions(state: Left4DeadState, figure: Figure) -> list[Action]:
    """Bile Bomb, Molotov, Pipe Bomb: a space within range 5; no clear sight is needed; Lob 12
    (designed: the target space may stand at most 12 levels above the thrower's space)."""
    item = figure.items.get("explosive")
    if item is None or figure.space is None or figure.down:
        return []
    data = state.data.items[item]
    reach_ = int(data["range"])
    lob = int(data.get("lob", 0))
    level = state.board.level
    here = figure.space
    actions = []
    for space in range(state.board.size):
        if movement.spaces_away(state, here, space) <= reach_ and \
                level[space] - level[here] <= lob:
            actions.append(Action(f"throw:{item}:{space}",
                                  f"Throw the {item_name(state, item)} at "
                                  f"{state.board.names[space]}",
                                  {"verb": "throw", "item": item,
                                   "space": state.board.names[space]}))
    return actions


def throw(state: Left4DeadState, figure: Figure, item: str, space: int) -> None:
    from deadtable.games.left_4_dead import weapons

    del figure.items["explosive"]
    data = state.data.items[item]
    why = cite(state, item)
    state.event(f"{combat.name(figure)} throws the {item_name(state, item)} at "
                f"{state.board.names[space]}.", why)
    state.effects.append(Effect(item, space, "survivors"))
    if int(data.get("attack", 0)) and not data.get("explodes"):
        area = {space, *state.board.neighbours[space]}
        victims = [f for f in state.figures.values() if f.space in area and not f.closet
                   and not immune(state, f, item)]
        weapons.one_roll(state, figure, item, victims, int(data["attack"]), why)
        if data.get("burns"):
            for victim in victims:
                ignite(state, victim, item)


def immune(state: Left4DeadState, figure: Figure, item: str) -> bool:
    """Hazmat Suit Infected are not affected by fire; Worker Infected not by explosions
    (Infected Rules: Uncommon Infected)."""
    fire = ("molotov-cocktail", "incendiary-ammo", "gas-can", "fireworks")
    blast = ("pipe-bomb", "explosive-ammo", "propane-tank", "oxygen-tank")
    return (figure.kind == "hazmat" and item in fire) or (figure.kind == "worker" and item in blast)


def ignite(state: Left4DeadState, figure: Figure, item: str) -> None:
    """Burning: a special infected affected by fire takes a wound after each of its turns."""
    if figure.space is not None and state.card(figure).group == "special":
        figure.markers["burn"] = item
        state.event(f"{combat.name(figure)} is burning.", "Infected Rules: Burning")


# -- entering a space ------------------------------------------------------------------------
def entered(state: Left4DeadState, figure: Figure, space: int) -> None:
    """What a figure meets on entering a space: fire of a Molotov (2 dice, 2 fewer defense), of
    a Gas Can or Fireworks (2 dice, 2 fewer defense for Common Squad figures), acid (1 die),
    and water that puts out burning."""
    if figure.space is None:
        return
    if "burn" in figure.markers and state.board.terrain[space] in movement.WATER \
            and state.data.rules.water_clears:
        del figure.markers["burn"]
        state.event(f"{combat.name(figure)} steps into water: no longer burning.",
                    "Infected Rules: Burning")
    if not state.effects:
        return  # nothing lies on the map: the common case, at every step of every walk
    near = {space, *state.board.neighbours[space]}
    for effect in list(state.effects):
        if effect.space not in near or figure.space is None:
            continue
        if effect.kind in FIRES and not immune(state, figure, effect.kind):
            from deadtable.games.left_4_dead import weapons

            defense = weapons.defense_for(state, effect.kind, figure)
            if defense is None:
                defense = combat.reduced(state, figure, "defense")
            hits = combat.skulls(state, 2)
            blocks = combat.shields(state, defense)
            wounds = max(0, hits - blocks)
            state.event(f"{combat.name(figure)} moves into the fire: {hits} skull(s), {blocks} "
                        f"shield(s), {wounds} wound(s).", weapons.cite(state, effect.kind))
            ignite(state, figure, effect.kind)
            combat.wound(state, figure, wounds, None, weapons.cite(state, effect.kind))
        elif effect.kind in ("acid", "acid-explosion") and effect.side != figure.side and (
                effect.kind == "acid" or effect.space == space
                or space in state.board.neighbours[effect.space]):
            hit = combat.skulls(state, 1)
            state.event(f"{combat.name(figure)} enters the acid: "
                        f"{'a skull, 1 wound' if hit else 'no skull'}.", "SPITTER: Acid Vomit")
            combat.wound(state, figure, hit, None, "SPITTER: Acid Vomit")
