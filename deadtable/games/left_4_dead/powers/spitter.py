"""SPITTER: Acid Vomit and Acid Explosion.

Acid Vomit, instead of attacking: a space within 7 clear sight spaces (any space, whether a
survivor stands there or not: acid left on a way through is a use); each opponent's figure on
it or next to it rolls against 1 attack die, a skull is one wound (no defense roll). The acid
lies there to the end of the round: Effect("acid"), which items.entered rolls against each
opponent entering the space or one next to it. Acid Explosion: the same around the space where
the Spitter is destroyed, Effect("acid-explosion").
"""

from __future__ import annotations

from deadtable.engine.board import visible, within
from deadtable.engine.decisions import Action, ActionList
from deadtable.games.left_4_dead import combat, movement, specials
from deadtable.games.left_4_dead.powers import common
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Effect, Figure, Left4DeadState

ACID = "SPITTER: Acid Vomit"
EXPLOSION = "SPITTER: Acid Explosion"


def spaces(state: Left4DeadState, figure: Figure) -> list[int]:
    """The spaces within 7 in clear sight (as movement.can_see_space sees one: the figures on
    the way block, the one on the space itself does not); the spaces next to it always. Kept
    until a figure moves (Left4DeadState.derived: sight follows from who stands where and who
    is down): the decision lists them and its action checks one. Read it, never change it."""
    here = figure.space
    assert here is not None
    tall = movement.height(state, figure)
    cache = state.derived()
    key = ("acid", here, tall)
    found: list[int] | None = cache.get(key)
    if found is None:
        found = cache[key] = _targets(state, here, tall)
    return found


def can_spit_at(state: Left4DeadState, figure: Figure, space: int) -> bool:
    return space in spaces(state, figure)


def _targets(state: Left4DeadState, here: int, tall: int) -> list[int]:
    board = state.board
    candidates = within(board, here, int(common.power(state, "spitter", "Acid Vomit")["range"]))
    near = set(within(board, here, 1))
    seen = set(visible(board, here, [s for s in candidates if s not in near], height_a=tall,
                       height_b=0, figures=movement.standing_heights(state)))
    return [s for s in candidates if s in near or s in seen]


def attack_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> ActionList:
    if frame.attacks_left <= 0 or specials.held_by(state, figure) is not None:
        return ActionList()
    found = spaces(state, figure)

    def build() -> list[Action]:  # made only when read: there may be over a hundred
        names = state.board.names
        return [Action(f"acid:{s}", f"Acid Vomit at {names[s]}",
                       {"verb": "acid", "figure": figure.id, "space": names[s]})
                for s in found]

    ids = movement.space_ids("acid", state.board.size)
    return ActionList([ids[s] for s in found], build)


def splash(state: Left4DeadState, figure: Figure, space: int, area: set[int], dice: int,
           cite: str) -> None:
    for target in common.opponents(state, figure):
        if target.space not in area:
            continue
        hit = combat.skulls(state, dice)
        state.event(f"Acid on {combat.name(target)}: "
                    f"{'a skull, 1 wound' if hit else 'no skull'}.", cite)
        combat.wound(state, target, min(hit, 1), figure if figure.space is not None else None,
                     cite)


def apply(state: Left4DeadState, frame: SpecialTurn, figure: Figure, verb: str,
          rest: str) -> bool:
    if verb != "acid":
        return False
    p = common.power(state, "spitter", "Acid Vomit")
    space = int(rest)
    if not can_spit_at(state, figure, space):
        raise ValueError(f"{combat.name(figure)} cannot spit at {space}")
    frame.attacks_left = 0
    state.event(f"{combat.name(figure)} spits acid at {state.board.names[space]}.", ACID)
    splash(state, figure, space, {space, *state.board.neighbours[space]}, int(p["dice"]), ACID)
    state.effects.append(Effect("acid", space, figure.side))
    specials.end_turn(state, figure)
    return True


def on_destroyed(state: Left4DeadState, figure: Figure, space: int) -> None:
    p = common.power(state, "spitter", "Acid Explosion")
    state.event(f"{combat.name(figure)} bursts in acid at {state.board.names[space]}.",
                EXPLOSION)
    splash(state, figure, space, set(state.board.neighbours[space]), int(p["dice"]), EXPLOSION)
    state.effects.append(Effect("acid-explosion", space, figure.side))
