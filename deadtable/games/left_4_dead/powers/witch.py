"""WITCH: Double Attack, Furious Focus, and the Witch Spawning rules for her.

Double Attack is specials.attack; Furious Focus is movement.routes and movement.walk. A sitting
Witch takes no turn until disturbed (specials.may_act); a Wandering Witch moves with Move -3
and may not attack until disturbed. Disturbed (specials.disturb: a survivor ending its move
next to her, attacking her or a figure next to her), she attacks only the figure that
disturbed her until it is destroyed; then she is still disturbed and attacks as any special.
"""

from __future__ import annotations

from deadtable.games.left_4_dead.powers import common
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

FOCUS_OVER = "-"  # the "disturbed-by" value once the figure that disturbed her is destroyed


def begin_turn(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> None:
    focus_id = figure.markers.get("disturbed-by")
    if not focus_id or focus_id == FOCUS_OVER:
        return
    focus = state.figures.get(str(focus_id))
    if focus is None or focus.space is None or focus.closet:
        figure.markers["disturbed-by"] = FOCUS_OVER
        state.event("The figure that disturbed the Witch is destroyed: she may attack anyone.",
                    "Infected Rules: Witch Spawning")


def move_budget(state: Left4DeadState, figure: Figure, base: int) -> int:
    if "wandering" not in figure.markers or figure.markers.get("disturbed-by"):
        return base
    minus = int(common.power(state, "witch", "Wandering Witch")["move_minus"])
    return max(1, base - minus)


