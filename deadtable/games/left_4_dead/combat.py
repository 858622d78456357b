"""HeroScape combat as the variant uses it: attack and defense dice, height, wounds,
incapacitation, destruction.

A combat die is a d6 read as the HeroScape die's faces (public fact, reference sheet): 1-3 a
skull, 4-5 a shield, 6 blank (rules.toml [dice.combat]: a user's file may change the split).
An attack rolls its dice and counts skulls; the defender rolls its dice and counts shields;
each skull not blocked is a wound.
"""

from __future__ import annotations

from deadtable.games.left_4_dead import uncommon
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

CORE = "HeroScape core rules: Attack"
ZOMBIE = "zombies-of-morindan"


def skulls(state: Left4DeadState, dice: int) -> int:
    top = state.data.rules.skull_top
    return sum(1 for _ in range(max(dice, 0)) if state.dice.d6() <= top)


def shields(state: Left4DeadState, dice: int) -> int:
    rules = state.data.rules
    low, top = rules.skull_top, rules.shield_top
    return sum(1 for _ in range(max(dice, 0)) if low < state.dice.d6() <= top)


def height_bonus(state: Left4DeadState, high: Figure, low: Figure) -> int:
    """Dice a figure gains for standing higher: +1, or +2 from 10 levels up (HeroScape)."""
    assert high.space is not None and low.space is not None
    rise = state.board.level[high.space] - state.board.level[low.space]
    if rise <= 0:
        return 0
    return 2 if rise >= 10 else 1


def reduced(state: Left4DeadState, figure: Figure, stat: str) -> int:
    """A card's Move, Range, Attack or Defense after Vomit and Mud Markers and Smoker's choking
    smoke, each -1 to a minimum of 1 (Boomer: Blinding Alluring Bile; Mud Man: Blinding Mud;
    Smoker: Choking Smoke)."""
    value = int(getattr(state.data.cards.cards[figure.kind], stat))  # state.card, inline
    minus = 0
    if figure.markers and stat in ("move", "range", "attack", "defense"):
        if "vomit" in figure.markers:
            minus += 1
        if "mud" in figure.markers:
            minus += 1
    if state.effects and stat in ("range", "attack", "defense") and figure.space is not None:
        here, near = figure.space, state.board.neighbours[figure.space]
        if any(e.kind == "smoke" and e.side != figure.side and (e.space == here or e.space in near)
               for e in state.effects):
            minus += 1
    return max(1, value - minus) if minus else value


def life(state: Left4DeadState, figure: Figure) -> int:
    """Life, with the Difficulty Modifier added to the Witch's and the Tank's (Game Rules:
    Difficulty Level)."""
    value = int(state.card(figure).life)
    if figure.kind in state.data.rules.adds_life:  # rules.toml: the Witch and the Tank
        value += state.modifier
    return value


def roll_attack(state: Left4DeadState, attacker: Figure, target: Figure, dice: int, *,
                defense: int | None = None, special: bool = False, cite: str = CORE,
                what: str = "", per_skull: int = 1) -> int:
    """One attack's dice against one defender; returns the wounds it inflicts (not applied).

    `defense` overrides the defender's dice (None: its reduced Defense; 0: no defense roll).
    Special attacks are never modified by height (HeroScape FAQ). `per_skull` 2: each skull
    counts for an additional hit (Portable HMG, Minigun)."""
    if not special and attacker.space is not None and target.space is not None:
        dice += height_bonus(state, attacker, target)
    hits = skulls(state, dice) * per_skull
    if defense is None:
        defense = reduced(state, target, "defense")
        if not special and attacker.space is not None and target.space is not None:
            defense += height_bonus(state, target, attacker)
    blocks = shields(state, defense) if defense > 0 else 0
    if defense > 0:
        uncommon.defended(state, target)
    if kevlar(state, attacker, target) and blocks:
        blocks = hits  # Riot Control: Kevlar Armor, one shield blocks all against a far attacker
    wounds = max(0, hits - blocks)
    state.event(f"{name(attacker)} attacks {name(target)}{what}: {dice} dice roll {hits} "
                f"skull(s), {defense} dice roll {blocks} shield(s): {wounds} wound(s).", cite)
    return wounds


def kevlar(state: Left4DeadState, attacker: Figure, target: Figure) -> bool:
    return (target.kind == "riot-control" and attacker.space is not None
            and target.space is not None
            and attacker.space not in state.board.neighbours[target.space])


def name(figure: Figure) -> str:
    """"Zombie 4", "Bill": made once per figure id and side (prompts and events ask it
    often; a dict per side is quicker to ask than a cache keyed by both)."""
    names = _INFECTED_NAMES if figure.side == "infected" else _OTHER_NAMES
    found = names.get(figure.id)
    if found is None:
        found = names[figure.id] = figure.id.replace("-", " ").title() \
            if figure.side == "infected" else figure.id.title()
    return found


_INFECTED_NAMES: dict[str, str] = {}
_OTHER_NAMES: dict[str, str] = {}


def turn_label(figure: Figure) -> str:
    """"Bill takes a turn": an action's label, made when read."""
    return f"{name(figure)} takes a turn"


def wound(state: Left4DeadState, figure: Figure, wounds: int, source: Figure | None,
          cite: str = CORE) -> None:
    """Place wounds; a survivor who would be destroyed is incapacitated first (Survivor Rules:
    Incapacitated); others are destroyed when wounds reach Life."""
    if wounds <= 0 or figure.space is None:
        return
    if figure.side == "survivors" and source is not None:
        if first_wound_rule(state, figure, source):
            return
    figure.wounds += wounds
    if figure.wounds < life(state, figure):
        return
    if figure.side == "survivors" and not figure.down:
        incapacitate(state, figure, cite, downed_by(state, source, cite))
    else:
        destroy(state, figure, source, cite)


def downed_by(state: Left4DeadState, source: Figure | None, cite: str) -> str:
    """What took a survivor down, in a defeat's words: the attacker's card ("Tank"), or the
    rule that wounded it without one ("Survivor Rules: Incapacitated": lying down)."""
    return str(state.card(source).name) if source is not None else cite


def first_wound_rule(state: Left4DeadState, figure: Figure, source: Figure) -> bool:
    """Advanced and Expert: the first wound a Witch (or, on Expert, a Tank) inflicts on a
    survivor incapacitates it, or on Expert for the Witch destroys it (Game Rules). "The first
    time" is the first wound on any survivor, one already incapacitated included: that one
    takes it as an ordinary wound (it cannot be incapacitated again), and the rule is spent;
    the Expert Witch's destroys it all the same."""
    level = state.game.options["difficulty"]
    kind = source.kind
    if kind not in ("witch", "tank") or kind in state.first_wounds:
        return False
    applies = (kind == "witch" and level in ("advanced", "expert")
               or kind == "tank" and level == "expert")
    if applies and figure.down and not (kind == "witch" and level == "expert"):
        state.first_wounds.append(kind)
        state.event(f"The {state.card(source).name}'s first wound falls on {name(figure)}, "
                    f"already incapacitated: an ordinary wound ({level.title()}).",
                    f"Game Rules: {level.title()} Difficulty")
        return False
    if kind == "witch" and level in ("advanced", "expert"):
        state.first_wounds.append(kind)
        if level == "expert":
            state.event(f"The Witch's first wound destroys {name(figure)} (Expert).",
                        "Game Rules: Expert Difficulty")
            figure.incaps = 3
            destroy(state, figure, source, "Game Rules: Expert Difficulty")
        else:
            state.event(f"The Witch's first wound incapacitates {name(figure)} (Advanced).",
                        "Game Rules: Advanced Difficulty")
            incapacitate(state, figure, "Game Rules: Advanced Difficulty",
                         downed_by(state, source, ""))
        return True
    if kind == "tank" and level == "expert":
        state.first_wounds.append(kind)
        state.event(f"The Tank's first wound incapacitates {name(figure)} (Expert).",
                    "Game Rules: Expert Difficulty")
        incapacitate(state, figure, "Game Rules: Expert Difficulty", downed_by(state, source, ""))
        return True
    return False


def incapacitate(state: Left4DeadState, figure: Figure, cite: str, by: str = "") -> None:
    """`by`: what took it down, for a defeat's cause (downed_by); the rule cited if none."""
    state.last_down = by or cite
    figure.wounds = 0
    figure.incaps += 1
    figure.down = True
    figure.set_aside = 0
    release(state, figure)
    if figure.incaps >= 3:
        state.event(f"{name(figure)} has three Incapped Markers and is destroyed.",
                    "Survivor Rules: Incapacitated")
        destroy(state, figure, None, "Survivor Rules: Incapacitated", by or cite)
        return
    state.event(f"{name(figure)} is incapacitated ({figure.incaps} Incapped Marker(s)).",
                "Survivor Rules: Incapacitated")


def release(state: Left4DeadState, figure: Figure) -> None:
    """Markers placed by an infected on this figure, and by this figure on others, go (only
    survivors carry them: powers/common.py's hold)."""
    for key in ("pinned", "grabbed", "ridden", "tongue"):
        figure.markers.pop(key, None)
    for other in state.survivors():
        for key in ("pinned", "grabbed", "ridden", "tongue"):
            if other.markers.get(key) == figure.id:
                del other.markers[key]


def destroy(state: Left4DeadState, figure: Figure, source: Figure | None, cite: str,
            by: str = "") -> None:
    space = figure.space
    assert space is not None
    release(state, figure)
    figure.space = None
    if figure.side == "survivors":
        state.last_down = by or downed_by(state, source, cite)
        drop_items(state, figure, space)
        figure.markers.clear()
        figure.wounds = figure.incaps = figure.set_aside = 0
        figure.down = False
        state.pending_closet.append(figure.id)
        state.event(f"{name(figure)} is destroyed; its items lie where it fell.",
                    "Survivor Rules: Incapacitated")
        if source is not None and source.kind == ZOMBIE and state.destroyed_zombies > 0:
            rise_again(state, space)
        return
    state.event(f"{name(figure)} is destroyed.", cite)
    if figure.kind == ZOMBIE:
        state.destroyed_zombies += 1
    uncommon.fallen_items(state, figure, space)
    specials.on_destroyed(state, figure, space)
    del state.figures[figure.id]


def drop_items(state: Left4DeadState, figure: Figure, space: int) -> None:
    items = [item for slot in ("weapon", "secondary", "explosive", "health", "pills")
             if (item := figure.items.get(slot))]
    figure.items.clear()
    figure.ammo.clear()
    if items:
        state.items_on_map.setdefault(space, []).extend(items)


def rise_again(state: Left4DeadState, space: int) -> None:
    """Zombies of Morindan: Zombies Rise Again. The destroyed survivor's figure is replaced by
    a previously destroyed zombie, which cannot attack this turn."""
    from deadtable.games.left_4_dead.spawning import new_figure

    state.destroyed_zombies -= 1
    zombie = new_figure(state, ZOMBIE, space)
    zombie.markers["risen"] = 1
    state.event(f"A destroyed zombie rises again in {state.board.names[space]}.",
                "Zombies of Morindan: Zombies Rise Again")


# Last: specials imports this module (imported at the top, the cycle would find it half made);
# every figure destroyed asks it, and an import in the function cost about 1 µs a call.
from deadtable.games.left_4_dead import specials  # noqa: E402
