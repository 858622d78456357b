"""The line-of-sight ruler for interfaces: does one space see another, and where is the line
blocked? It reads only the map and where the figures stand, which both sides see whole.

A figure standing on an end space looks (or is seen) at its own height; an empty end is taken
as a survivor standing there (the Survivors' card height). Figures in between block as they do
for an attack (movement.can_see): standing ones, at their heights.

Where a figure stands on each end, of the two sides, the answer says too whether the first may
attack the second, or why not, from the rules that make the attack choices (targeting.py).
"""

from __future__ import annotations

from typing import Any

from deadtable.engine.board.sight import sight
from deadtable.games.left_4_dead import movement, targeting
from deadtable.games.left_4_dead.state import Figure, Left4DeadState


def ruler(state: Left4DeadState, frm: str, to: str) -> dict[str, Any]:
    board = state.board
    index = {name: i for i, name in enumerate(board.names)}
    if frm not in index or to not in index:
        missing = frm if frm not in index else to
        raise ValueError(f"no space {missing!r} on this map")
    a, b = index[frm], index[to]
    default = int(state.data.cards["survivors"].height)
    occupants = state.occupancy()
    ends = []
    for space in (a, b):
        figure = occupants.get(space)
        ends.append(movement.height(state, figure) if figure is not None else default)
    others = {f.space: movement.height(state, f) for f in state.figures.values()
              if f.space is not None and f.space not in (a, b) and not f.down}
    seen = sight(board, a, b, height_a=ends[0], height_b=ends[1], figures=others)
    blocked: Any = seen.blocked_at
    if isinstance(blocked, tuple):
        blocked = [board.names[s] for s in blocked]
    elif blocked is not None:
        blocked = board.names[blocked]
    distance = movement.spaces_away(state, a, b)
    return {
        "from": frm,
        "to": to,
        "clear": seen.clear,
        "spaces": [board.names[s] for s in seen.spaces if 0 <= s < board.size],
        "blocked_at": blocked,
        "reason": targeting.blocker(state, seen) if not seen.clear else seen.reason,
        "distance": None if distance == float("inf") else int(distance),
        "heights": ends,
        "attack": _attack(state, occupants.get(a), occupants.get(b)),
    }


def _attack(state: Left4DeadState, attacker: Figure | None,
            target: Figure | None) -> dict[str, Any] | None:
    """The first end's figure attacking the second's: may it, or why not (enemies only)."""
    if attacker is None or target is None or attacker.side == target.side:
        return None
    return targeting.verdict(state, attacker, target)
