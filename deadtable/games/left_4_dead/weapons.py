"""Survivors' attacks: the card's own pistols, weapons and secondary weapons (ITEM PICKUPS).

A survivor attacks with one of: its card (Range 6, Attack 3), its weapon, or its secondary
weapon, and keeps that weapon for the turn's further attacks (Second Pistol, Combat Rifle,
Portable HMG; Uzi and rifles after a kill). Each item's numbers and pattern come from the data
file (items.toml): `affects_adjacent` (shotguns), `line_targets` (hunting and sniper rifles),
`target_space` (grenade launcher), `max_targets` (chainsaw), `melee`, `defense_minus`,
`no_defense`, `skull_extra_hits`, ammo and fuel.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from deadtable.engine.board import straight_lines, visible, within
from deadtable.engine.decisions import Action
from deadtable.games.left_4_dead import combat, items, movement, uncommon
from deadtable.games.left_4_dead.data import Item
from deadtable.games.left_4_dead.horde import in_horde
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

CARD = "card"  # the survivor card's own attack
PICKUPS = "ITEM PICKUPS: {}"
ENVIRONMENT = "ENVIRONMENTAL ITEMS: {}"


def prop(state: Left4DeadState, weapon: str, name: str, default: Any = None) -> Any:
    """A weapon's number; an item that prints no Range or Attack (the melee weapons' Attack)
    uses the survivor card's."""
    if weapon == CARD:
        return _own(state, name, default)
    entry = state.data.items.entry(weapon)  # a pool item, or a mounted gun or gas can
    value = entry.get(name)
    if value is None and name in _OWN and isinstance(entry, Item) \
            and entry.slot in ("weapon", "secondary"):
        return _own(state, name, default)
    return default if value is None else value


_OWN = ("range", "attack")  # the survivor card's numbers an item may leave to it


def _own(state: Left4DeadState, name: str, default: Any) -> Any:
    card = state.data.cards.survivors
    return card.range if name == "range" else card.attack if name == "attack" else default


def cite(state: Left4DeadState, weapon: str) -> str:
    if weapon == CARD:
        return "THE SURVIVORS"
    if weapon in state.data.items.environmental:
        return ENVIRONMENT.format(state.data.items.environmental[weapon].name.upper())
    return PICKUPS.format(state.data.items[weapon].get("name", weapon).upper())


def weapon_range(state: Left4DeadState, figure: Figure, weapon: str) -> int:
    value = int(prop(state, weapon, "range", 1))
    minus = combat.reduced(state, figure, "range") - int(state.card(figure).range)
    return max(1, value + minus) if minus else value


def usable(state: Left4DeadState, figure: Figure) -> list[str]:
    """The weapons a survivor may attack with now: an incapacitated one, secondary only; one
    standing on a Minigun or Heavy Machine Gun, that too (ENVIRONMENTAL ITEMS)."""
    if figure.down:
        found = [figure.items["secondary"]] if "secondary" in figure.items else []
    else:
        found = [CARD] + [figure.items[s] for s in ("weapon", "secondary") if s in figure.items]
        mounted = environment.mounted_gun(state, figure)
        if mounted is not None:
            found.append(mounted)
    return [w for w in found if w == CARD or prop(state, w, "range") is not None]


def targets(state: Left4DeadState, figure: Figure, weapon: str) -> list[Figure]:
    reach_ = weapon_range(state, figure, weapon)
    return movement.targets_in_range(state, figure, state.infected(), reach_)


def attack_actions(state: Left4DeadState, frame: Any, figure: Figure) -> list[Action]:
    if frame.attacked and frame.attacks_left <= 0:
        return []
    weapons = [frame.weapon] if frame.attacked else usable(state, figure)
    actions: list[Action] = []
    for weapon in weapons:
        label = "its card" if weapon == CARD else prop(state, weapon, "name", weapon)
        if prop(state, weapon, "target_space"):
            for space in target_spaces(state, figure, weapon):
                actions.append(Action(
                    f"attack:{weapon}:@{space}",
                    f"{combat.name(figure)} fires the {label} at {state.board.names[space]}",
                    {"verb": "attack", "figure": figure.id, "weapon": weapon,
                     "space": state.board.names[space]}))
            continue
        if prop(state, weapon, "max_targets"):
            actions += group_actions(state, figure, weapon, label)
            continue
        for target in targets(state, figure, weapon):
            actions.append(Action(
                f"attack:{weapon}:{target.id}",
                f"{combat.name(figure)} attacks {combat.name(target)} with {label}",
                {"verb": "attack", "figure": figure.id, "weapon": weapon, "target": target.id}))
        if prop(state, weapon, "line_targets") and not frame.attacked:
            for direction, line in lines_of_fire(state, figure, weapon).items():
                names = ", ".join(combat.name(t) for t in line)
                actions.append(Action(
                    f"attack:{weapon}:line-{direction}",
                    f"{combat.name(figure)} fires the {label} down a line: {names}",
                    {"verb": "attack", "figure": figure.id, "weapon": weapon,
                     "targets": [t.id for t in line]}))
    return actions


def group_actions(state: Left4DeadState, figure: Figure, weapon: str, label: str) -> list[Action]:
    """The Chainsaw: "choose up to 3 figures adjacent to this survivor", each choice of one to
    three of them an action ("attack:chainsaw:zombie-1+zombie-2")."""
    most = int(prop(state, weapon, "max_targets"))
    near = targets(state, figure, weapon)
    actions = []
    for size in range(1, min(most, len(near)) + 1):
        for group in combinations(near, size):
            actions.append(Action(
                f"attack:{weapon}:{'+'.join(t.id for t in group)}",
                f"{combat.name(figure)} attacks {', '.join(combat.name(t) for t in group)} "
                f"with {label}",
                {"verb": "attack", "figure": figure.id, "weapon": weapon,
                 "targets": [t.id for t in group]}))
    return actions


def target_spaces(state: Left4DeadState, figure: Figure, weapon: str) -> list[int]:
    assert figure.space is not None
    reach_ = weapon_range(state, figure, weapon)
    # movement.can_see_space for each space in range
    return visible(state.board, figure.space,
                   [s for s in within(state.board, figure.space, reach_) if s != figure.space],
                   height_a=movement.height(state, figure), height_b=0,
                   figures=movement.standing_heights(state))


def lines_of_fire(state: Left4DeadState, figure: Figure, weapon: str) -> dict[str, list[Figure]]:
    """Hunting and Sniper Rifle: "up to three figures in a straight line from him/herself":
    along each of the six directions, the first three infected within range, the first of them
    in clear sight (the shot goes through; designed), where the line holds two or more (one
    figure is an ordinary attack)."""
    assert figure.space is not None
    reach_ = weapon_range(state, figure, weapon)
    occupied = state.occupancy()
    most = int(prop(state, weapon, "line_targets"))
    found: dict[str, list[Figure]] = {}
    for direction, spaces in straight_lines(state.board, figure.space, reach_).items():
        line = [occupied[s] for s in spaces
                if s in occupied and occupied[s].side == "infected"][:most]
        if len(line) >= 2 and movement.can_see(state, figure, line[0]):
            found[direction] = line
    return found


def attack(state: Left4DeadState, frame: Any, figure: Figure, weapon: str, aim: str) -> None:
    """Resolve one attack and set how many more the weapon allows this turn."""
    first = not frame.attacked
    frame.attacked = True
    frame.weapon = weapon
    why = cite(state, weapon)
    if first:
        frame.attacks_left = int(prop(state, weapon, "extra_attacks", 0))
        if prop(state, weapon, "attacks"):
            frame.attacks_left = int(prop(state, weapon, "attacks")) - 1
    else:
        frame.attacks_left -= 1
    dice = int(prop(state, weapon, "attack", 0))
    minus = combat.reduced(state, figure, "attack") - int(state.card(figure).attack)
    dice = max(1, dice + minus) if minus else dice
    aimed = aimed_spaces(state, figure, weapon, aim)
    if aim.startswith("@"):
        kills = area_attack(state, figure, weapon, int(aim[1:]), dice, why)
    elif aim.startswith("line-"):
        line = lines_of_fire(state, figure, weapon)[aim[5:]]
        kills = one_roll(state, figure, weapon, line, dice, why)
    elif prop(state, weapon, "max_targets"):  # the Chainsaw: one roll for its group
        group = [state.figures[t] for t in aim.split("+")]
        kills = one_roll(state, figure, weapon, group, dice, why)
    else:
        target = state.figures[aim]
        kills = strike(state, figure, weapon, target, dice, why)
    environment.attacked(state, figure, aimed)  # a car next to either end: its alarm
    if kills and first and prop(state, weapon, "extra_attack_on_kill"):
        frame.attacks_left += int(prop(state, weapon, "extra_attack_on_kill"))
    spend(state, figure, weapon, first)
    if not any(True for _ in attack_targets_left(state, figure, weapon)):
        frame.attacks_left = 0


def aimed_spaces(state: Left4DeadState, figure: Figure, weapon: str, aim: str) -> list[int]:
    """Where the figures an attack is aimed at stand (for Car Alarms): the chosen figures, and
    those on a grenade's space and next to it."""
    if aim.startswith("@"):
        area = {int(aim[1:]), *state.board.neighbours[int(aim[1:])]}
        return [s for s in area if s in state.occupancy()]
    if aim.startswith("line-"):
        chosen = lines_of_fire(state, figure, weapon).get(aim[5:], [])
    else:
        chosen = [state.figures[t] for t in aim.split("+") if t in state.figures]
    return [f.space for f in chosen if f.space is not None]


def attack_targets_left(state: Left4DeadState, figure: Figure, weapon: str) -> list[Any]:
    if figure.space is None or weapon not in usable(state, figure):
        return []
    if prop(state, weapon, "target_space"):
        return target_spaces(state, figure, weapon)
    return targets(state, figure, weapon)


def defense_for(state: Left4DeadState, weapon: str, target: Figure) -> int | None:
    """The defender's dice against this weapon (None: its own Defense): none, or 2 fewer
    (the Magnum; a Gas Can's or Fireworks' 2 fewer for Common Squad figures alone)."""
    if prop(state, weapon, "no_defense"):
        return 0
    minus = int(prop(state, weapon, "defense_minus", 0))
    if in_horde(state, target):
        minus += int(prop(state, weapon, "squad_defense_minus", 0))
    if not minus:
        return None
    return max(0, combat.reduced(state, target, "defense") - minus)


def strike(state: Left4DeadState, figure: Figure, weapon: str, target: Figure, dice: int,
           why: str) -> int:
    """One attack on a chosen figure; a shotgun also hits every infected next to it, each with
    its own roll. Returns the figures destroyed."""
    assert target.space is not None
    affected = [target]
    if prop(state, weapon, "affects_adjacent"):
        near = state.board.neighbours[target.space]
        affected += [f for f in state.infected() if f.space in near]
    adjacent = figure.space is not None and target.space in state.board.neighbours[figure.space]
    if prop(state, weapon, "melee") and adjacent:
        dice += int(prop(state, weapon, "attack_bonus", 0))
    blasted = explosive_victims(state, figure, target)
    if blasted is not None:
        return one_roll(state, figure, weapon, blasted, dice, "ITEM PICKUPS: EXPLOSIVE AMMO")
    ammo = {e.kind for e in state.effects if e.side == figure.side}
    kills = 0
    for victim in affected:
        if victim.space is None:
            continue
        defense = defense_for(state, weapon, victim)
        fire = "incendiary-ammo" in ammo and not adjacent and figure.side == "survivors" \
            and not items.immune(state, victim, "incendiary-ammo")
        if fire:  # Incendiary Ammo: 2 fewer defense dice against a non-adjacent attack
            base = combat.reduced(state, victim, "defense") if defense is None else defense
            defense = max(0, base - 2)
        wounds = combat.roll_attack(state, figure, victim, dice, defense=defense, cite=why,
                                    special=bool(prop(state, weapon, "special_attack")),
                                    per_skull=1 + int(prop(state, weapon, "skull_extra_hits", 0)))
        if fire:
            items.ignite(state, victim, "incendiary-ammo")
        kills += hit(state, figure, victim, wounds, why)
    return kills


def explosive_victims(state: Left4DeadState, figure: Figure, target: Figure) -> list[Figure] | None:
    """Explosive Ammo deployed and a survivor attacking a non-adjacent figure: that figure and
    every figure next to it (Worker Infected are not affected), all hit by one roll; None
    where the ammo plays no part. An affected opponent may then be moved 1 space (ammo.py)."""
    if figure.side != "survivors" or figure.space is None or target.space is None \
            or target.space in state.board.neighbours[figure.space] \
            or not any(e.kind == "explosive-ammo" and e.side == figure.side
                       for e in state.effects):
        return None
    near = state.board.neighbours[target.space]
    return [target] + [f for f in state.figures.values()
                       if f.space in near and f is not figure and not f.closet
                       and not items.immune(state, f, "explosive-ammo")]


def one_roll(state: Left4DeadState, figure: Figure | None, weapon: str, victims: list[Figure],
             dice: int, why: str) -> int:
    """"Roll attack dice once for all affected figures": one roll of skulls, each defender
    rolling its own defense (none where the weapon allows none). `figure`: who attacks (None
    for a bomb going off by itself)."""
    hits = combat.skulls(state, dice)
    who = "The blast" if figure is None else combat.name(figure)
    state.event(f"{who} rolls {dice} dice once for {len(victims)} figure(s): {hits} "
                "skull(s).", why)
    kills = 0
    for victim in victims:
        if victim.space is None:
            continue
        defense = defense_for(state, weapon, victim)
        if defense is None:
            defense = combat.reduced(state, victim, "defense")
        blocks = combat.shields(state, defense) if defense > 0 else 0
        if defense > 0:
            uncommon.defended(state, victim)
        if blocks and figure is not None and combat.kevlar(state, figure, victim):
            blocks = hits  # Riot Control: Kevlar Armor, one shield blocks all from afar
        wounds = max(0, hits - blocks)
        state.event(f"{combat.name(victim)} rolls {defense} defense dice: {blocks} shield(s), "
                    f"{wounds} wound(s).", why)
        kills += hit(state, figure, victim, wounds, why)
    return kills


def area_attack(state: Left4DeadState, figure: Figure, weapon: str, space: int, dice: int,
                why: str) -> int:
    """The Grenade Launcher: every figure on the target space or next to it, survivors too."""
    area = {space, *state.board.neighbours[space]}
    victims = [f for f in state.figures.values() if f.space in area and not f.closet]
    state.event(f"{combat.name(figure)} fires at {state.board.names[space]}.", why)
    return one_roll(state, figure, weapon, victims, dice, why)


def hit(state: Left4DeadState, attacker: Figure | None, victim: Figure, wounds: int,
        why: str) -> int:
    if attacker is not None:
        specials.attacked(state, attacker, victim)
    was_on = victim.space is not None
    combat.wound(state, victim, wounds, attacker, why)
    return 1 if was_on and victim.space is None else 0


def spend(state: Left4DeadState, figure: Figure, weapon: str, first: bool) -> None:
    """Ammo and Fuel Markers: one per attack (Grenade Launcher, Chainsaw); the Portable HMG's
    one after the turn (turn_over), so its last marker still gives the turn's 4 attacks."""
    if weapon == CARD or weapon not in figure.ammo or prop(state, weapon, "ammo_per") == "turn":
        return
    remove_marker(state, figure, weapon)


def turn_over(state: Left4DeadState, figure: Figure, weapon: str) -> None:
    """"After a turn in which a survivor attacked with Portable HMG, remove an Ammo Marker"."""
    if weapon in figure.ammo and prop(state, weapon, "ammo_per") == "turn":
        remove_marker(state, figure, weapon)


def remove_marker(state: Left4DeadState, figure: Figure, weapon: str) -> None:
    """One marker off the card; the item is discarded with its last."""
    figure.ammo[weapon] -= 1
    if figure.ammo[weapon] <= 0:
        del figure.ammo[weapon]
        for slot, item in list(figure.items.items()):
            if item == weapon:
                del figure.items[slot]
        state.event(f"{combat.name(figure)} removes the last marker and discards the "
                    f"{prop(state, weapon, 'name', weapon)}.", cite(state, weapon))


# Last: these import this module (imported at the top, the cycle would find it half made); every
# attack decision asks them, and an import in the function cost about 1 µs a call.
from deadtable.games.left_4_dead import environment, specials  # noqa: E402
