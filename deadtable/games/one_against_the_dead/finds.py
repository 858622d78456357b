"""WEAPONS, SURVIVORS & PROVISIONS: what a revealed non-number card brings, and the exchanges
you may make at any time outside combat."""

from __future__ import annotations

from deadtable.engine.decisions import Action
from deadtable.games.one_against_the_dead import cards
from deadtable.games.one_against_the_dead.rules import rank
from deadtable.games.one_against_the_dead.state import (
    OneAgainstTheDeadState,
    Pos,
    Survivor,
    Weapon,
    direction_to,
    neighbours,
)


def carried(state: OneAgainstTheDeadState) -> set[str]:
    kinds = set()
    if state.weapon is not None:
        kinds.add(state.weapon.kind)
    if state.survivor is not None and state.survivor.weapon is not None:
        kinds.add(state.survivor.weapon.kind)
    return kinds


def reveal(state: OneAgainstTheDeadState, p: Pos) -> None:
    """A card has just been turned up at p, at its final place."""
    card = state.grid[p]
    r = cards.rank(card)
    if r in state.rules.card:
        _weapon_card(state, p, state.rules.card[r])
    elif r == "A":
        _ace(state, p)
    elif card == cards.JOKER:
        _joker(state)


def _weapon_card(state: OneAgainstTheDeadState, p: Pos, kind: str) -> None:
    name = state.card_name(p)
    if kind in carried(state):
        state.event(f"The {name} is revealed; you already have the {kind}, so none lies there.",
                    cite="WEAPONS, SURVIVORS, & PROVISIONS")
        return
    for where, weapon in list(state.map_weapons.items()):
        if weapon.kind == kind:
            del state.map_weapons[where]
            state.map_weapons[p] = weapon
            state.event(f"The unclaimed {weapon.label()} moves to the {name}.",
                        cite="WEAPONS, SURVIVORS, & PROVISIONS")
            return
    charge = state.dice.d6() if kind in state.rules.charged else None
    state.map_weapons[p] = Weapon(kind, charge)
    state.event(f"A {Weapon(kind, charge).label()} lies on the {name}.",
                cite="WEAPONS, SURVIVORS, & PROVISIONS")


def _ace(state: OneAgainstTheDeadState, p: Pos) -> None:
    name = state.card_name(p)
    if state.survivor is not None:
        state.event(f"The {name} is rubble; your survivor is the only one in the game.",
                    cite="WEAPONS, SURVIVORS, & PROVISIONS")
        return
    if state.map_survivor is not None:
        survivor = state.map_survivor[1]
        state.map_survivor = (p, survivor)
        state.event(f"The unrescued survivor moves to the {name}.",
                    cite="WEAPONS, SURVIVORS, & PROVISIONS")
        return
    die = state.options["survivor-life"]
    life = state.dice.parse_and_roll(state.rules.survivor_life if die == "data" else die)
    state.map_survivor = (p, Survivor(life, life))
    state.event(f"A survivor with {life} life is in the rubble of the {name}.",
                cite="WEAPONS, SURVIVORS, & PROVISIONS")


def _joker(state: OneAgainstTheDeadState) -> None:
    found = state.rules.provisions
    amount = state.dice.parse_and_roll(found)
    state.event(f"The Joker is a convenience store: {amount} life "
                f"point{'' if amount == 1 else 's'} of provisions.",
                cite="WEAPONS, SURVIVORS, & PROVISIONS")
    give_provisions(state, amount)


def give_provisions(state: OneAgainstTheDeadState, amount: int) -> None:
    """Share now if there is a choice to make; provisions cannot be stored."""
    s = state.survivor
    my_room = state.life_max - state.life
    his_room = 0 if s is None else s.life_max - s.life
    if my_room > 0 and his_room > 0 and amount > 0:
        state.provisions = amount  # the player decides (turn.py)
        return
    if s is not None and his_room > 0:
        share_provisions(state, amount, amount)
    else:
        share_provisions(state, amount, 0)


def share_provisions(state: OneAgainstTheDeadState, amount: int, to_survivor: int) -> None:
    s = state.survivor
    if s is not None and to_survivor:
        gained = min(to_survivor, s.life_max - s.life)
        s.life += gained
        state.event(f"Your survivor eats: +{gained} life ({s.life}).",
                    cite="WEAPONS, SURVIVORS, & PROVISIONS")
    gained = min(amount - to_survivor, state.life_max - state.life)
    state.life += gained
    if gained:
        state.event(f"You eat: +{gained} life ({state.life}).",
                    cite="WEAPONS, SURVIVORS, & PROVISIONS")
    state.provisions = 0


def provisions_actions(state: OneAgainstTheDeadState) -> list[Action]:
    s = state.survivor
    assert s is not None
    amount = state.provisions
    most = min(amount, s.life_max - s.life)
    return [
        Action(f"provisions:{n}", f"Give {n} to the survivor, keep {amount - n}")
        for n in range(most, -1, -1)
    ]


# -- exchanges "at any time ... except in the middle of combat" -----------------------------
def _adjacent_weapons(state: OneAgainstTheDeadState) -> list[tuple[Pos, Weapon]]:
    near = set(neighbours(state.pos))
    return [(p, w) for p, w in sorted(state.map_weapons.items()) if p in near]


def free_actions(state: OneAgainstTheDeadState) -> list[Action]:
    """Taking weapons, arming or disarming the survivor, rescuing: each keeps the rule that a
    survivor never carries a more powerful weapon than you."""
    rules, s, mine = state.rules, state.survivor, state.weapon
    if not state.map_weapons and s is None and state.map_survivor is None:
        return []  # nothing to take, arm, swap or rescue (the common case)
    my_rank = rank(rules, None if mine is None else mine.kind)
    his_rank = -1 if s is None else rank(rules, None if s.weapon is None else s.weapon.kind)
    actions = []
    for p, w in _adjacent_weapons(state):
        where = direction_to(state.pos, p)
        w_rank = rank(rules, w.kind)
        if his_rank <= w_rank:
            drop = f", dropping the {mine.label()}" if mine else ""
            actions.append(Action(f"take:{w.kind}", f"Take the {w.label()} ({where}){drop}"))
        if s is not None and mine is not None and my_rank <= w_rank:
            actions.append(Action(
                f"take:{w.kind}:give",
                f"Take the {w.label()} ({where}), give the survivor your {mine.label()}",
            ))
        if s is not None and w_rank <= my_rank:
            actions.append(Action(f"arm:{w.kind}", f"Arm the survivor with the {w.label()}"))
    if s is not None and s.weapon is not None:
        if mine is not None and rank(rules, mine.kind) <= rank(rules, s.weapon.kind):
            actions.append(Action("swap", f"Swap weapons with the survivor ({s.weapon.label()})"))
        actions.append(Action("take-survivor-weapon", f"Take the survivor's {s.weapon.label()}"))
    ms = state.map_survivor
    if ms is not None and s is None and ms[0] in neighbours(state.pos):
        actions.append(Action("rescue", f"Rescue the survivor ({ms[1].life} life)"))
    return actions


def do_free_action(state: OneAgainstTheDeadState, action_id: str) -> None:
    parts = action_id.split(":")
    verb = parts[0]
    s = state.survivor
    if verb in ("take", "arm"):
        p = next(p for p, w in state.map_weapons.items() if w.kind == parts[1])
        weapon = state.map_weapons.pop(p)
        if verb == "arm":
            assert s is not None
            s.weapon = weapon
            state.event(f"Your survivor picks up the {weapon.label()}.",
                        cite="WEAPONS, SURVIVORS, & PROVISIONS")
        elif len(parts) == 3:
            assert s is not None and state.weapon is not None
            s.weapon, state.weapon = state.weapon, weapon
            state.event(f"You take the {weapon.label()} and hand your old weapon to the survivor.",
                        cite="WEAPONS, SURVIVORS, & PROVISIONS")
        else:
            state.weapon = weapon
            state.event(f"You take the {weapon.label()}.", cite="WEAPONS, SURVIVORS, & PROVISIONS")
    elif verb == "swap":
        assert s is not None
        s.weapon, state.weapon = state.weapon, s.weapon
        state.event("You and your survivor swap weapons.", cite="WEAPONS, SURVIVORS, & PROVISIONS")
    elif verb == "take-survivor-weapon":
        assert s is not None
        state.weapon, s.weapon = s.weapon, None
        state.event("You take your survivor's weapon; your old one goes back to the pool.",
                    cite="WEAPONS, SURVIVORS, & PROVISIONS")
    elif verb == "rescue":
        assert state.map_survivor is not None
        state.survivor = state.map_survivor[1]
        state.map_survivor = None
        state.event(f"You rescue the survivor ({state.survivor.life} life); he goes with you.",
                    cite="WEAPONS, SURVIVORS, & PROVISIONS")
