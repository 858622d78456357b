"""CHARGER: Barreling Charge and Pummel.

A charge is up to 6 spaces along one of the six straight lines out of the Charger's space
(engine: straight_lines), climbing as a normal move does (each level climbed costs a space, a
climb of its Height or more stops the line), through any figure (Pummel takes a Unique Hero
it "moved through"), ending on a free space; water ends it. Each figure it leaves an engagement
with (once per charge) first makes the core leaving-engagement attack, then the d20: 11+ moves
that figure one space away (no leaving-engagement attacks for it), 17+ gives it one unblockable
wound first (the card data: rolled per figure left, A-23).
"""

from __future__ import annotations

from functools import lru_cache

from deadtable.engine.board import Board, climbing_cost, straight_lines
from deadtable.engine.decisions import Action, ActionList
from deadtable.games.left_4_dead import combat, items, movement, specials, survivors
from deadtable.games.left_4_dead.powers import common
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

CHARGE = "CHARGER: Barreling Charge"
PUMMEL = "CHARGER: Pummel"


def lines(state: Left4DeadState, figure: Figure) -> dict[str, list[int]]:
    """Each direction's spaces the charge may pass, in order (where it may end is filtered
    later: a free space)."""
    p = common.power(state, "charger", "Barreling Charge")
    assert figure.space is not None
    return _lines(state.board, figure.space, int(p["straight_move"]),
                  movement.height(state, figure), state.blocked_spaces())


@lru_cache(maxsize=4096)
def _lines(board: Board, start: int, length: int, height: int,
           blocked: frozenset[int]) -> dict[str, list[int]]:
    """lines' answer: it depends on the map, where the Charger stands, how far, its Height
    and the closed spaces alone (step_cost), so it is worked out once for each. Read it,
    never change it."""
    climb = climbing_cost(board, height)  # movement.step_cost, from what it reads

    def cost(frm: int, to: int) -> float | None:
        return None if to in blocked else climb(frm, to)

    water = board.terrain
    found: dict[str, list[int]] = {}
    for direction, ray in straight_lines(board, start, length).items():
        spent = 0.0
        frm = start
        path: list[int] = []
        for to in ray:
            step = cost(frm, to)
            if step is None or spent + step > length:
                break
            spent += step
            path.append(to)
            frm = to
            if water[to] in movement.WATER:
                break  # entering water stops a move
        found[direction] = path
    return found


def move_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> ActionList:
    if specials.held_by(state, figure) is not None:
        return ActionList()
    occupied = state.occupancy()
    ends = [(direction, count, space) for direction, path in lines(state, figure).items()
            for count, space in enumerate(path, 1) if space not in occupied]

    def build() -> list[Action]:  # made only when read
        names = state.board.names
        return [Action(f"charge:{direction}:{count}",
                       f"Barreling Charge {direction} {count} space(s) to {names[space]}",
                       {"verb": "charge", "figure": figure.id, "direction": direction,
                        "spaces": count, "space": names[space]})
                for direction, count, space in ends]

    return ActionList([f"charge:{direction}:{count}" for direction, count, _ in ends], build)


def _engaged_or_on(state: Left4DeadState, figure: Figure, enemy: Figure, space: int) -> bool:
    return enemy.space == space or movement.engaged(state, figure, enemy, space)


def charge(state: Left4DeadState, frame: SpecialTurn, figure: Figure, direction: str,
           count: int) -> None:
    p = common.power(state, "charger", "Barreling Charge")
    path = lines(state, figure).get(direction, [])[:count]
    if len(path) != count or state.occupant(path[-1]) is not None:
        raise ValueError(f"{combat.name(figure)} cannot charge {direction} {count}")
    frame.moved = True
    names = state.board.names
    state.event(f"{combat.name(figure)} charges {direction} toward {names[path[-1]]}.", CHARGE)
    through: list[str] = []
    left: set[str] = set()
    walked: list[int] = [figure.space]  # type: ignore[list-item]
    for to in path:
        frm = figure.space
        assert frm is not None
        for enemy in common.opponents(state, figure):
            if enemy.id in left or not _engaged_or_on(state, figure, enemy, frm) or \
                    _engaged_or_on(state, figure, enemy, to):
                continue
            left.add(enemy.id)
            hit = combat.skulls(state, 1)
            state.event(f"{combat.name(figure)} leaves an engagement with {combat.name(enemy)}"
                        f": {'a skull, 1 wound' if hit else 'no skull'}.", movement.CORE_ENGAGE)
            combat.wound(state, figure, hit, enemy, movement.CORE_ENGAGE)
            if figure.space is None:
                return
            barrel(state, figure, enemy, p)
        figure.space = to
        walked.append(to)
        other = next((f for f in state.figures.values() if f.space == to and f is not figure),
                     None)
        if other is not None and other.side != figure.side and other.id not in through:
            through.append(other.id)
        items.entered(state, figure, to)
        if figure.space is None:
            return
    if any(f.space == figure.space for f in state.figures.values() if f is not figure):
        # a figure pushed aside landed on the end of the charge: stop on the last free space
        occupied = {f.space for f in state.figures.values() if f is not figure}
        figure.space = next((s for s in reversed(walked) if s not in occupied), figure.space)
    frame.power = "charge:" + ",".join(through)


def barrel(state: Left4DeadState, figure: Figure, enemy: Figure, p: object) -> None:
    roll, moves = common.roll_d20(state, int(p["move_on"]))  # type: ignore[index]
    if not moves:
        state.event(f"{combat.name(figure)} barrels past {combat.name(enemy)}: d20 {roll}, "
                    "nothing.", CHARGE)
        return
    if roll >= int(p["wound_on"]):  # type: ignore[index]
        state.event(f"{combat.name(figure)} barrels into {combat.name(enemy)}: d20 {roll}, an "
                    "unblockable wound, then a shove.", CHARGE)
        combat.wound(state, enemy, int(p["wounds"]), figure, CHARGE)  # type: ignore[index]
        if enemy.space is None:
            return
    else:
        state.event(f"{combat.name(figure)} barrels into {combat.name(enemy)}: d20 {roll}, a "
                    "shove.", CHARGE)
    survivors.shove(state, figure, enemy)


def pending_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    """Pummel: after the charge, a Unique Hero it moved through is placed next to it and
    Grabbed. The director must choose one if there is any (the rule says "choose")."""
    if not frame.power.startswith("charge:"):
        return []
    p = common.power(state, "charger", "Pummel")
    actions = []
    for target_id in filter(None, frame.power[len("charge:"):].split(",")):
        target = state.figures.get(target_id)
        if target is not None and common.capturable(state, target,
                                                    rarity=p["target_rarity"]):
            actions.append(Action(f"pummel:{target.id}", f"Pummel {combat.name(target)}",
                                  {"verb": "pummel", "figure": figure.id,
                                   "target": target.id}))
    return actions


def apply(state: Left4DeadState, frame: SpecialTurn, figure: Figure, verb: str,
          rest: str) -> bool:
    if verb == "charge":
        direction, _, count = rest.partition(":")
        charge(state, frame, figure, direction, int(count))
        if figure.space is not None:
            frame.step = "attack"
        return True
    if verb == "pummel":
        p = common.power(state, "charger", "Pummel")
        target = state.figures[rest]
        frame.power = "charged"
        assert figure.space is not None
        if common.place_next_to(state, target, figure.space) and target.space is not None:
            state.event(f"{combat.name(figure)} pummels {combat.name(target)}, placed at "
                        f"{state.board.names[target.space]}.", PUMMEL)
            if common.adjacent(state, figure, target):
                common.hold(state, figure, target, p["marker"])
        else:
            state.event(f"{combat.name(figure)} cannot pummel {combat.name(target)}: no free "
                        "space next to it.", PUMMEL)
        return True
    return False
