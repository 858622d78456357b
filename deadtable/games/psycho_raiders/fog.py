"""The Fog Dial (advanced game; 4.2's table list: "Determines direction character moves when
moving at full speed in fog"). Designed reading: in Fog, a token whose step spends the last
of its Speed this turn (it moved at full speed) drifts one hex more, free, in the direction
the dial rolls, if it could step there (terrain, walls, stacking, no enemy); else it stays.
Sight in Fog (nothing seen beyond 3 hexes) is `hiding.fogged`."""

from __future__ import annotations

from deadtable.games.psycho_raiders.movement import MOVE, can_pass, room_for
from deadtable.games.psycho_raiders.state import Character, PsychoRaidersState

FOG = "Fog Dial"
# pointy-top axial steps (q, r); north is -r
DIRECTIONS = {"NE": (1, -1), "E": (1, 0), "SE": (0, 1), "SW": (-1, 1), "W": (-1, 0),
              "NW": (0, -1)}


def drift(state: PsychoRaidersState, char: Character, token: int) -> None:
    from deadtable.games.psycho_raiders import hiding

    here = char.tokens[token]
    roll = state.dice.d6()
    direction = str(state.rules.tables.dice["fog_dial"].row(roll)["direction"])
    label = f"{char.name}'s token {token}" if char.hidden else char.name
    there = _toward(state, here, direction)
    if (there is None or not state.rules.tables.terrain[state.board.terrain[there]].enter
            or not can_pass(state, here, there)
            or not room_for(state, char, there, fighting=False)):
        state.event(f"{label} runs blind in the fog ({roll}: {direction}) but goes no "
                    "further.", FOG)
        return
    char.tokens[token] = there
    state.event(f"{label} runs blind in the fog ({roll}: {direction}) and drifts to "
                f"{state.board.name(there)}.", FOG)
    state.event(f"{label} moves to {state.board.name(there)}.", MOVE)
    hiding.exposed(state, char, token)


def _toward(state: PsychoRaidersState, here: int, direction: str) -> int | None:
    """The hex next to `here` in a direction (a room's spaces have none)."""
    coord = state.board.coords[here]
    if coord is None:
        return None
    dq, dr = DIRECTIONS[direction]
    target = (coord[0] + dq, coord[1] + dr)
    return next((n for n in state.board.neighbours[here] if state.board.coords[n] == target),
                None)
