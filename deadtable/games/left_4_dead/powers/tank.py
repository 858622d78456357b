"""TANK: Rock Throw Special Attack and Powerful Punch.

Rock Throw: range 6, attack 5, a special attack (never modified by height), only if the Tank
did not move this turn and stands on a space above level 0 (the card data's reading of "a hex
with height"). Engaged, it may target only the figures it is engaged with (HeroScape core).
Powerful Punch: after a normal attack on an adjacent figure in which the skulls are at least
the defender's shields, the defender is moved 3 spaces in a straight line away from the Tank
(the line from the Tank through it); if it can't (a space off the map, occupied, closed, or a
climb of its Height or more), it gets one unblockable wound. The push is no move of its own:
no leaving-engagement attacks; falls and what lies on the spaces act.
"""

from __future__ import annotations

from deadtable.engine.board import directions, ray
from deadtable.engine.decisions import Action
from deadtable.games.left_4_dead import combat, items, movement, specials
from deadtable.games.left_4_dead.powers import common
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

ROCK = "TANK: Rock Throw Special Attack"
PUNCH = "TANK: Powerful Punch"


def rock_targets(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Figure]:
    p = common.power(state, "tank", "Rock Throw")
    assert figure.space is not None
    if frame.attacks_left <= 0 or (p.get("only_if_not_moved") and frame.moved):
        return []
    if p.get("needs_height") and state.board.level[figure.space] <= 0:
        return []
    if specials.held_by(state, figure) is not None:
        return []
    return movement.targets_in_range(state, figure, common.opponents(state, figure),
                                     int(p["range"]))


def attack_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    return [Action(f"rock:{t.id}", f"Rock Throw at {combat.name(t)} (5 dice)",
                   {"verb": "rock", "figure": figure.id, "target": t.id})
            for t in rock_targets(state, frame, figure)]


def apply(state: Left4DeadState, frame: SpecialTurn, figure: Figure, verb: str,
          rest: str) -> bool:
    if verb != "rock":
        return False
    p = common.power(state, "tank", "Rock Throw")
    target = state.figures[rest]
    if target not in rock_targets(state, frame, figure):
        raise ValueError(f"{combat.name(figure)} cannot throw a rock at {rest!r}")
    frame.attacks_left = 0
    wounds = combat.roll_attack(state, figure, target, int(p["attack"]), special=True,
                                cite=ROCK, what=" with a rock")
    combat.wound(state, target, wounds, figure, ROCK)
    specials.end_turn(state, figure)
    return True


def roll(state: Left4DeadState, frame: SpecialTurn, figure: Figure, target: Figure, dice: int,
         cite: str) -> int:
    """combat.roll_attack's roll, keeping the skulls and shields for the Punch."""
    assert figure.space is not None and target.space is not None
    dice += combat.height_bonus(state, figure, target)
    hits = combat.skulls(state, dice)
    defense = combat.reduced(state, target, "defense") + combat.height_bonus(state, target,
                                                                            figure)
    blocks = combat.shields(state, defense)
    wounds = max(0, hits - blocks)
    state.event(f"{combat.name(figure)} attacks {combat.name(target)}: {dice} dice roll {hits} "
                f"skull(s), {defense} dice roll {blocks} shield(s): {wounds} wound(s).", cite)
    frame.power = f"punch:{hits}:{blocks}"
    return wounds


def after_attack(state: Left4DeadState, frame: SpecialTurn, figure: Figure, target: Figure,
                 wounds: int) -> None:
    if not frame.power.startswith("punch:"):
        return
    _, hits, blocks = frame.power.split(":")
    frame.power = ""
    if figure.space is None or target.space is None or int(hits) < int(blocks) or \
            not common.adjacent(state, figure, target):
        return
    punch(state, figure, target)


def push_line(state: Left4DeadState, figure: Figure, target: Figure) -> list[int] | None:
    """The 3 spaces straight away from the Tank, or None if the push can't be made."""
    p = common.power(state, "tank", "Powerful Punch")
    assert figure.space is not None and target.space is not None
    length = int(p["push"])
    for direction in directions(state.board):
        if ray(state.board, figure.space, direction, 1) == (target.space,):
            line = list(ray(state.board, target.space, direction, length))
            break
    else:
        return None
    if len(line) < length:
        return None
    occupied = state.occupancy()
    blocked = state.blocked_spaces()
    climb = movement.height(state, target)
    level = state.board.level
    frm = target.space
    for space in line:
        if space in occupied or space in blocked or level[space] - level[frm] >= climb:
            return None
        frm = space
    return line


def punch(state: Left4DeadState, figure: Figure, target: Figure) -> None:
    p = common.power(state, "tank", "Powerful Punch")
    line = push_line(state, figure, target)
    if line is None:
        state.event(f"{combat.name(figure)}'s punch cannot throw {combat.name(target)} "
                    f"{p['push']} spaces: one unblockable wound.", PUNCH)
        combat.wound(state, target, int(p["wounds"]), figure, PUNCH)
        return
    state.event(f"{combat.name(figure)}'s punch throws {combat.name(target)} to "
                f"{state.board.names[line[-1]]}.", PUNCH)
    board = state.board
    for space in line:
        frm = target.space
        assert frm is not None
        target.space = space
        movement.fall(state, target, board.level[frm] - board.level[space], space)
        if target.space is None:
            return
        items.entered(state, target, space)
        if target.space is None:
            return
