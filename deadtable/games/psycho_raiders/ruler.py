"""The line-of-sight ruler for interfaces (the browser's Ruler, GET /api/games/{id}/sight):
does one space see another, for hiding and seeking (12.2: walls, closed doors, vehicles,
buildings, trees, graves and the lake block; characters do not), and is there a line of fire
for a weapon (14.3: characters block too, every token alike, and the lake does not)? It reads
only what every seat sees: the map, the weather, the doors opened, where the vehicles and the
tokens stand, never which token is real."""

from __future__ import annotations

from typing import Any

from deadtable.engine.board.sight import sight
from deadtable.games.psycho_raiders import attacks, hiding
from deadtable.games.psycho_raiders.state import PsychoRaidersState


def ruler(state: PsychoRaidersState, frm: str, to: str) -> dict[str, Any]:
    board = state.board
    index = {board.name(i): i for i in range(board.size)}
    for name in (frm, to):
        if name not in index:
            raise ValueError(f"no space {name!r} on Crucible: name a hex as column,row "
                             "(such as 7,3) or a room as the map names it")
    a, b = index[frm], index[to]
    far = hiding.distance(state, a, b)
    rooms = board.coords[a] is None or board.coords[b] is None
    vehicles = {s: 1 for s in state.vehicles.values() if s not in (a, b)}
    seen = sight(board, a, b, figures=vehicles, opaque=hiding.opaque(state, lake=True),
                 edge_sight=hiding.openings(state) if rooms else None)
    fog = hiding.fogged(state, a, b)
    clear = seen.clear and not fog
    blocked: Any = seen.blocked_at
    if isinstance(blocked, tuple):
        blocked = [board.name(s) for s in blocked]
    elif blocked is not None:
        blocked = board.name(blocked)
    reason = "Fog: nothing is seen beyond 3 hexes" if fog and seen.clear else seen.reason
    return {
        "from": frm,
        "to": to,
        "clear": clear,  # sight for hiding and seeking (12.2)
        "fire": attacks.line_of_fire(state, a, b),  # a weapon's line (14.3)
        "spaces": [board.name(s) for s in seen.spaces if 0 <= s < board.size],
        "blocked_at": None if clear or fog and seen.clear else blocked,
        "reason": "" if clear else reason,
        "distance": far,
        "lit": hiding.lit(state, b),  # a streetlight or fire lights the far end (12.5)
    }
