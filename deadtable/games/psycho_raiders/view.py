"""What a seat sees: the sheets (public, 4.5), every token where it stands, and, only for the
seat playing a character, which of its tokens is real (12) and, only for the raiders' seats,
who is sinister (17.2). A spectator (seat None) sees what every seat sees."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from deadtable.engine.board import Board
from deadtable.engine.decisions import Action
from deadtable.engine.standing import StandingOffer
from deadtable.engine.state import GameState
from deadtable.games.psycho_raiders.abilities import RoadTrap
from deadtable.games.psycho_raiders.state import RAIDERS, REAL, PsychoRaidersState
from deadtable.games.psycho_raiders.turn import OFF, Turn


@lru_cache(maxsize=4)
def map_view(board: Board) -> dict[str, Any]:
    """The static map, once per board: hexes (name, axial q and r, terrain), rooms (name and
    building), and the markers, for drawing (the rules read the board)."""
    names = board.names
    buildings = {s: z.name for z in board.zones.values() if z.kind == "building"
                 for s in z.spaces}
    return {
        "hexes": [[names[i], *board.coords[i], board.terrain[i]]  # type: ignore[misc]
                  for i in range(board.size) if board.coords[i] is not None],
        "rooms": [[names[i], buildings.get(i, "")] for i in range(board.size)
                  if board.coords[i] is None],
        "markers": [[m.kind, names[m.space]] for m in board.markers
                    if m.kind in ("streetlight", "sharp-turn", "telephone")],
        "footprints": {names[h]: b for h, b in footprints(board).items()},
    }


def footprints(board: Board) -> dict[int, str]:
    """Which building each hex of building terrain is the footprint of (4.12: its rooms lie
    off the grid): the building whose rooms face the most hexes around the footprint."""
    faced: dict[int, str] = {}
    for zone in board.zones.values():
        if zone.kind == "building":
            for room in zone.spaces:
                for there in board.neighbours[room]:
                    if board.coords[there] is not None:
                        faced.setdefault(there, zone.name)
    found: dict[int, str] = {}
    for start in range(board.size):
        if board.terrain[start] != "building" or start in found:
            continue
        block, queue = {start}, [start]
        while queue:  # the footprint: building hexes joined to each other
            here = queue.pop()
            for there in board.neighbours[here]:
                if board.terrain[there] == "building" and there not in block:
                    block.add(there)
                    queue.append(there)
        around = [faced[n] for h in block for n in board.neighbours[h] if n in faced]
        if around:
            name = max(sorted(set(around)), key=around.count)
            found.update(dict.fromkeys(block, name))
    return found


def view(state: PsychoRaidersState, seat: str | None) -> dict[str, Any]:
    board = state.board
    chars = []
    for char in state.chars.values():
        secrets = state.real[char.key]
        tokens = []
        for token, space in sorted(char.tokens.items()):
            shown = secrets[token].shown(seat) if seat is not None else (
                secrets[token].value if secrets[token].revealed else None)
            tokens.append({"token": token, "space": board.name(space),
                           "real": None if shown is None else shown == REAL})
        sinister = state.sinister.get(char.key)
        known = sinister is not None and (sinister.revealed or (
            seat is not None and sinister.visible(seat)))
        chars.append({
            "name": char.name, "kind": char.kind, "seat": char.seat,
            "side": state.side_of(char),
            "sinister": (sinister.value == "sinister") if known and sinister else None,
            "speed": char.speed, "strength": char.strength, "will": char.will,
            "sheet": list(char.start), "weapons": list(char.weapons),
            "empty": list(char.emptied), "shots": dict(char.shots),
            "hidden": char.hidden, "tokens": tokens, "vehicle": char.vehicle,
            "alerted": char.alerted, "dead": char.dead, "escaped": char.escaped,
            "on_fire": char.on_fire, "grabbed_by": char.grabbed_by,
        })
    return {
        "map": map_view(board),
        "turn": state.round,
        "weather": state.weather,
        "characters": chars,
        "vehicles": [{"name": name, "space": board.name(space),
                      "speeds": [state.cars[name][m] for m in ("high", "safe", "off_road")],
                      "strength": state.cars[name]["strength"],
                      "wrecked": state.cars[name]["wrecked"],
                      "on_fire": bool(state.cars[name].get("on_fire"))}
                     for name, space in state.vehicles.items()],
        "locked": [[board.name(a), board.name(b)] for a, b in state.locked],
        "burning": [board.name(s) for s in state.burning],
        "dropped": {board.name(s): len(cards) for s, cards in state.dropped.items()},
        "kill_deck": len(state.kill),
    }


def move_of(state: PsychoRaidersState, action: Action) -> tuple[str, str, str] | None:
    """A step of the character whose turn it is, or of the vehicle it drives, as interfaces
    read it (GameSpec.moves): the mover (a hidden character's each token its own: `Randy
    token 2`; a vehicle's hex by its name: `Van`, 10.1), the space it stands on and the hex or
    room it steps to; None for any other action, and for leaving by the north edge (no space
    on the map, 6.1)."""
    args = action.args or {}
    verb = args.get("verb")
    if verb not in ("move", "car") or args.get("space") in (None, OFF) or not state.stack:
        return None
    frame = state.stack[-1]
    if not isinstance(frame, Turn):
        return None
    if verb == "car":  # offered only while the turn's character drives (10.1)
        here = state.vehicles.get(frame.driving)
        return None if here is None else (frame.driving, state.board.names[here], args["space"])
    char = state.chars[frame.char]
    token = args["token"]
    here = char.tokens.get(token)
    if here is None:
        return None
    mover = f"{char.name} token {token}" if char.hidden else char.name
    return mover, state.board.names[here], args["space"]


def speed_of(state: PsychoRaidersState, action: Action) -> str | None:
    """A driver's announced speed (10.1: "High Speed"), read as the opening of its vehicle's
    drive (GameSpec.openings): a walk to a hex the vehicle reaches announces it first."""
    args = action.args or {}
    if args.get("verb") != "drive":
        return None
    return f"{str(args['mode']).replace('_', '-').title()} Speed"


def let_pass(state: GameState) -> str | None:
    """"Let it drive on", where the raiders are asked about Road Trap after a road hex of a
    campers' drive (16.2; GameSpec.passes): a walk goes past it when their agent so answers
    (and a person's standing answer, ROAD_TRAP)."""
    stack = state.stack  # type: ignore[attr-defined]  # (a PsychoRaidersState: GameSpec.passes)
    if not stack or not isinstance(stack[-1], RoadTrap):
        return None
    decision = state.decision
    return "let-pass" if decision is not None and "let-pass" in decision else None


def _raiders_seats(options: Mapping[str, Any]) -> tuple[str, ...]:
    return _raiders_of(int(options["players"]))


@lru_cache(maxsize=16)
def _raiders_of(players: int) -> tuple[str, ...]:  # (each page's payload asks: 33 us uncached)
    from deadtable.games.psycho_raiders.setup import seat_sides  # set-up imports the rules

    return seat_sides(players)[RAIDERS]


def _round(state: GameState) -> int:
    return int(state.round)  # type: ignore[attr-defined]


def no_reveal(state: GameState) -> str | None:
    """"Not now", where the raiders are asked before a campers' turn whether to reveal a
    sinister townsperson (17.21; sequence.py's reveal question): whatever they could reveal,
    so a standing answer answers it the same whether or not a reveal is possible."""
    decision = state.decision
    return "no-reveal" if decision is not None and "no-reveal" in decision else None


# The raiders' person may answer these two questions in advance, for the rest of the round or
# until they say otherwise (GameSpec.standing, engine/standing.py): each is still asked when
# the rules ask it and answered with its pass for them.
# Road Trap: after each road hex a campers' vehicle drives (16.2): "let it drive on".
ROAD_TRAP = StandingOffer(
    "road-trap", "Road Trap", "Let the campers' vehicles drive on", let_pass, _raiders_seats,
    _round, "Set, it lets them drive on after every road hex: to declare Road Trap, set it "
    "back to ask you each time first.")
# The reveal: before each campers' turn once a townsperson is in play (17.21): "not now",
# whether or not a sinister townsperson could be revealed (so its timing tells nobody).
REVEAL = StandingOffer(
    "reveal", "Sinister reveal", "'Not now'", no_reveal, _raiders_seats, _round,
    "Set, it answers 'not now' before each campers' turn even when you could reveal one: to "
    "reveal then, set it back to ask you each time first. In your raiders' own turns you may "
    "still reveal one (17.21).")
OFFERS = (ROAD_TRAP, REVEAL)
