"""`racer`: a scripted campers' policy that races the pickup up the road (what a person found
beat the heuristic raiders with): every camper rides, the first to take a turn drives at
High Speed along the road's hexes to its exit north, re-rolls a Dangerous Turns result that
skids or flips with Will (10.2: the rules offer the re-roll only then), and drives off the
north edge by road (6.1). (Safe Speed where High would cross a sharp turn while the raiders'
van could not catch the pickup anyway was tried: the raiders won more, docs/psycho-raiders.md
"Agents".) Where the pickup can go no nearer (wrecked, stopped
by raiders standing on the road, 10.5, or the exit guarded by the van), the campers get out
and play the heuristic on foot (on the exit, they step out to hide and leave, 6.1); a raider
standing on the road ahead is rammed first when the vehicle's Strength beats its best blow
(15.21, 15.22).
Everything else (fights, damage, the raiders' seat) is the heuristic's."""

from __future__ import annotations

from typing import Any

from deadtable.games.psycho_raiders.agent import HeuristicAgent, road_step, wary
from deadtable.games.psycho_raiders.attacks import best_close
from deadtable.games.psycho_raiders.bearings import away, north, road_ahead
from deadtable.games.psycho_raiders.state import CAMPERS, RAIDERS, REAL, PsychoRaidersState
from deadtable.games.psycho_raiders.vehicles import room_for_car


class RacerAgent(HeuristicAgent):
    """The heuristic, but the campers race their vehicle to the road's exit (`race`)."""

    def _turn(self, state: PsychoRaidersState, frame: Any, ids: list[str]) -> str:
        char = state.chars[frame.char]
        if state.side_of(char) == CAMPERS:
            pick = race(state, frame, char, ids)
            if pick is not None:
                return pick
        return super()._turn(state, frame, ids)


def race(state: PsychoRaidersState, frame: Any, char: Any, ids: list[str]) -> str | None:
    """The racer's choice for a camper, or None to play the heuristic (on foot)."""
    for first in ("escape-road", "turn-roll:reroll"):
        if first in ids:
            return first
    real = next((t for t, s in state.real.get(char.key, {}).items() if s.value == REAL), None)
    if real is not None and f"move:{real}:off" in ids:
        return f"move:{real}:off"  # on the north edge: step off (6.1)
    name = char.vehicle
    if name is None or name not in state.vehicles or state.cars[name]["wrecked"]:
        return None
    ahead = road_ahead(state.board)
    here = state.vehicles[name]
    if frame.driving == name:
        cars = [i for i in ids if i.startswith("car:")]
        step = road_step(state, char, cars) if cars else None
        if step is not None:
            return step
        blocker = blocking(state, char, name)
        if blocker is not None and f"ram:{blocker}" in ids and rams(state, name, blocker):
            return f"ram:{blocker}"  # 15.21: the raider on the road ahead
        if blocker is not None:
            return None  # stopped by a raider it would not beat: out, and on foot
        return "end" if "end" in ids else None
    if here in ahead and ahead[here] == 0:
        if "drive:high" in ids and free_exit(state, name):
            return "drive:high"  # then off the edge by road
        return step_out(state, char, ids)  # the exit guarded (6.1): out, to hide and walk off
    if here not in ahead:
        return None  # off the road: walk
    if "drive:high" in ids:
        if nearer(state, char, name):
            return "drive:high"
        blocker = blocking(state, char, name)
        if blocker is not None and rams(state, name, blocker):
            return "drive:high"  # to ram the raider on the road ahead
        return None
    if state.cars[name]["moved"] == state.round and nearer(state, char, name) \
            and "end" in ids:
        return "end"  # a rider: the pickup drove this turn, and goes on next turn
    return None


def free_exit(state: PsychoRaidersState, name: str) -> bool:
    """6.1: no raiders' vehicle (the van, or one a raider drove) within 5 hexes."""
    here = state.vehicles[name]
    return not any(
        other != name and not state.cars[other]["wrecked"]
        and (other == "Van" or state.cars[other]["driven_by"] == RAIDERS)
        and away(state, here, space) < 5 for other, space in state.vehicles.items())


def step_out(state: PsychoRaidersState, char: Any, ids: list[str]) -> str | None:
    """Out of the vehicle on the road's exit, where it may not escape (6.1: the raiders' van
    within 5 hexes): a camper leaves by the north edge only hidden, so it steps out to a
    hex of the edge (or the nearest to it), the farthest from the raiders, to hide there and
    step off."""
    moves = [i for i in ids if i.startswith("move:") and not i.endswith(":off")]
    if not moves:
        return None
    return min(moves, key=lambda i: (north(state, state.board.space(i.split(":", 2)[2])),
                                     -wary(state, char, i.split(":", 2)[2]), i))


def nearer(state: PsychoRaidersState, char: Any, name: str) -> bool:
    """Whether a road hex one nearer the exit than the vehicle is one it may enter."""
    ahead = road_ahead(state.board)
    here = state.vehicles[name]
    return any(ahead.get(there, 99) < ahead[here] and room_for_car(state, char, there)
               for there in state.board.neighbours[here])


def rams(state: PsychoRaidersState, name: str, blocker: str) -> bool:
    """Whether the vehicle's Strength beats the blocker's best close blow (15.22: D6 and
    strength each, the loser takes the difference; the vehicle's +2 for a straight run is
    not counted on): a strong raider wrecks the vehicle that rams it."""
    return bool(state.cars[name]["strength"] > best_close(state, state.chars[blocker]))


def blocking(state: PsychoRaidersState, char: Any, name: str) -> str | None:
    """A raider-side character standing on the road hex ahead of the vehicle (10.5: the
    vehicle may not drive onto it), if one is."""
    ahead = road_ahead(state.board)
    here = state.vehicles[name]
    for there in state.board.neighbours[here]:
        if ahead.get(there, 99) >= ahead[here]:
            continue
        for other in state.chars.values():
            if (state.active(other) and other.vehicle is None and not other.hidden
                    and state.side_of(other) != CAMPERS and state.space_of(other) == there):
                return str(other.key)
    return None
