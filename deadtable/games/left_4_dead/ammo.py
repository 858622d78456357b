"""Explosive Ammo's push: "If an opponent's figure is affected by Explosive Ammo, you may move it
up to 1 space after the attack" (ITEM PICKUPS: EXPLOSIVE AMMO).

After such an attack the survivors choose, one affected infected figure at a time, a free space
next to it (not up a climb of its Height, not into a closed crescendo obstacle) or to move no
more. The figure takes no leaving-engagement attacks (designed: it is moved, as Beat Down's
shove moves one) and meets what lies on the space it enters (fire, acid, water).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.left_4_dead import combat, items, movement
from deadtable.games.left_4_dead.powers import common
from deadtable.games.left_4_dead.state import SURVIVORS, Figure, Left4DeadState

EXPLOSIVE = "ITEM PICKUPS: EXPLOSIVE AMMO"


@dataclass(slots=True)
class AmmoPush(Frame):
    KIND = "explosive-push"
    step: str = "push"
    figures: list[str] = field(default_factory=list)  # the affected opponents still to move


def step_spaces(state: Left4DeadState, figure: Figure) -> list[int]:
    """The free spaces next to a figure that it could be moved onto."""
    assert figure.space is not None
    occupied = state.occupancy()
    blocked = state.blocked_spaces()
    here = figure.space
    level = state.board.level
    return [n for n in state.board.neighbours[here] if n not in occupied and n not in blocked
            and level[n] - level[here] < movement.height(state, figure)]


def affected(state: Left4DeadState, figure: Figure, weapon: str, aim: str) -> list[str]:
    """The opponents an attack on one chosen figure would affect through Explosive Ammo."""
    target = state.figures.get(aim)
    if target is None or weapons.prop(state, weapon, "max_targets"):
        return []
    blasted = weapons.explosive_victims(state, figure, target) or []
    return [f.id for f in blasted if f.side != figure.side]


def offer(state: Left4DeadState, figure_ids: list[str]) -> None:
    """After the attack: the affected opponents still on the map may be moved."""
    standing = [f for f in figure_ids if f in state.figures and state.figures[f].space is not None]
    if standing:
        state.push(AmmoPush(figures=standing))


class AmmoPushHandler(Handler[Left4DeadState, AmmoPush]):
    def decide(self, state: Left4DeadState, frame: AmmoPush) -> Decision | None:
        names = state.board.names
        actions = []
        for figure_id in frame.figures:
            figure = state.figures.get(figure_id)
            if figure is None or figure.space is None:
                continue
            for space in step_spaces(state, figure):
                actions.append(Action(f"push:{figure_id}:{space}",
                                      f"Move {combat.name(figure)} to {names[space]}",
                                      {"verb": "push", "figure": figure_id,
                                       "space": names[space]}))
        if not actions:
            return None
        actions.append(Action("push-done", "Move no more of them", {"verb": "stop"}))
        return Decision.of(SURVIVORS, "Explosive Ammo: move an affected figure up to 1 space?",
                           actions)

    def run(self, state: Left4DeadState, frame: AmmoPush) -> None:
        state.pop()

    def apply(self, state: Left4DeadState, frame: AmmoPush, action_id: str) -> None:
        if action_id == "push-done":
            frame.figures.clear()
            return
        _, figure_id, space = action_id.split(":")
        figure = state.figures[figure_id]
        frame.figures.remove(figure_id)
        figure.space = int(space)
        state.event(f"The blast moves {combat.name(figure)} to {state.board.names[int(space)]}.",
                    EXPLOSIVE)
        items.entered(state, figure, int(space))
        common.sweep(state)  # a captor moved away lets go


# Last: weapons imports this module (imported at the top, the cycle would find it half made);
# every attack asks it, and an import in the function cost about 1 µs a call.
from deadtable.games.left_4_dead import weapons  # noqa: E402
