"""HUNTER: Hunter Pounce and Pin Down.

A pounce is a leap of up to 5 spaces counted along the board, ignoring elevation, over water
without stopping, over figures without engaging them, over obstacles (a closed crescendo
obstacle too), landing on a free space no more than 10 levels above or below the space it
leapt from (the whole pounce is the "single leap"). Engaged at the start, the Hunter takes the
leaving-engagement attacks of the figures it is no longer engaged with where it lands; only
the landing space acts as entered (acid, fire, water). An attack after a pounce rolls 2 more
dice and pins a Unique Hero defender (Pin Down: it takes no turns while the Hunter is next to
it; the Hunter can't move and must attack it).
"""

from __future__ import annotations

from functools import lru_cache

from deadtable.engine.board import Board
from deadtable.engine.decisions import Action, ActionList
from deadtable.games.left_4_dead import combat, items, movement, specials
from deadtable.games.left_4_dead.powers import common
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

POUNCE = "HUNTER: Hunter Pounce"


def landings(state: Left4DeadState, figure: Figure) -> list[int]:
    """Where a pounce may land: kept until a figure moves (Left4DeadState.derived), for the
    decision lists them and its action checks one. Read it, never change it."""
    assert figure.space is not None
    start = figure.space
    blocked = state.blocked_spaces()
    cache = state.derived()
    key = ("landings", start, blocked)
    found: list[int] | None = cache.get(key)
    if found is None:
        p = common.power(state, "hunter", "Hunter Pounce")
        board = state.board
        occupied = state.occupancy()
        leap = int(p["max_leap_levels"])
        found = cache[key] = [
            s for s in _leaps(board, start, int(p["move"])) if s not in occupied
            and s not in blocked and abs(board.level[s] - board.level[start]) <= leap]
    return found


@lru_cache(maxsize=4096)
def _leaps(board: Board, start: int, steps: int) -> tuple[int, ...]:
    """The spaces up to `steps` steps from start along the board's adjacency (start left
    out), in order: a board never changes, so a Hunter asks this of a space once."""
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        following = []
        for space in frontier:
            for n in board.neighbours[space]:
                if n not in seen:
                    seen.add(n)
                    following.append(n)
        frontier = following
    return tuple(sorted(seen - {start}))


def move_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> ActionList:
    if specials.held_by(state, figure) is not None:
        return ActionList()
    found = landings(state, figure)

    def build() -> list[Action]:  # made only when read
        names = state.board.names
        return [Action(f"pounce:{space}", f"Hunter Pounce to {names[space]}",
                       {"verb": "pounce", "figure": figure.id, "space": names[space]})
                for space in found]

    ids = movement.space_ids("pounce", state.board.size)
    return ActionList([ids[space] for space in found], build)


def pounce(state: Left4DeadState, frame: SpecialTurn, figure: Figure, space: int) -> None:
    if space not in landings(state, figure):
        raise ValueError(f"{combat.name(figure)} cannot pounce to {space}")
    frame.moved = True
    frame.power = "pounce"
    state.event(f"{combat.name(figure)} pounces to {state.board.names[space]}.", POUNCE)
    for enemy in movement.engaged_with(state, figure):
        if movement.engaged(state, figure, enemy, space):
            continue
        hit = combat.skulls(state, 1)
        state.event(f"{combat.name(figure)} leaves an engagement with {combat.name(enemy)}: "
                    f"{'a skull, 1 wound' if hit else 'no skull'}.", movement.CORE_ENGAGE)
        combat.wound(state, figure, hit, enemy, movement.CORE_ENGAGE)
        if figure.space is None:
            return
    figure.space = space
    items.entered(state, figure, space)


def attack_bonus(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> int:
    if frame.power != "pounce":
        return 0
    return int(common.power(state, "hunter", "Hunter Pounce")["extra_attack_dice"])


def after_attack(state: Left4DeadState, frame: SpecialTurn, figure: Figure, target: Figure,
                 wounds: int) -> None:
    p = common.power(state, "hunter", "Hunter Pounce")
    if frame.power == "pounce" and figure.space is not None and \
            common.capturable(state, target, rarity=p["target_rarity"]) and \
            common.adjacent(state, figure, target):
        common.hold(state, figure, target, p["marker"])


def apply(state: Left4DeadState, frame: SpecialTurn, figure: Figure, verb: str,
          rest: str) -> bool:
    if verb != "pounce":
        return False
    pounce(state, frame, figure, int(rest))
    if figure.space is not None:
        frame.step = "attack"
    return True
