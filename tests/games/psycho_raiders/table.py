"""Helpers for Psycho Raiders rules tests: a game past its set-up, characters placed at will,
and the next dice scripted."""

from __future__ import annotations

from typing import Any

from deadtable.games.psycho_raiders import SPEC
from deadtable.games.psycho_raiders.hiding import lit
from deadtable.games.psycho_raiders.setup import place
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from deadtable.games.psycho_raiders.turn import Turn


def new(players: int = 2, sinister: tuple[int, ...] = (1, 1), **options: Any
        ) -> PsychoRaidersState:
    """A game at the campers' first decision: no events, the Sinister Roll scripted (the count,
    then a D6 per townsperson, in the Sheet's order)."""
    game = SPEC.bind(players=players, events="none", **options)
    state = game.new(seed=1, dice=list(sinister))
    while state.decision is not None and state.decision.ids[0].startswith("rank:"):
        state.apply(state.decision.ids[0])
    assert isinstance(state, PsychoRaidersState)
    return state


def script(state: PsychoRaidersState, *rolls: int) -> None:
    state.dice.script = list(reversed(rolls))


def drive_to(state: PsychoRaidersState, vehicle: str, name: str) -> int:
    """Put a vehicle and everyone aboard on the hex called `name`."""
    state.forget_looks()  # set by hand: what the state carried from its last look is stale
    space = state.vehicles[vehicle] = state.board.space(name)
    for char in state.chars.values():
        if char.vehicle == vehicle:
            char.tokens = {1: space}
    return space


def on_the_road(players: int = 2, **options: Any) -> PsychoRaidersState:
    """`new`, with the campers' pickup (at their camp on Crucible) on the main road at
    10,25, the campers aboard: for the rules of driving."""
    state = new(players, **options)
    drive_to(state, "Pickup Truck", "10,25")
    return state


def put(state: PsychoRaidersState, key: str, space: str | int) -> None:
    char = state.chars[key]
    where = state.board.space(space) if isinstance(space, str) else space
    state.forget_looks()  # set by hand: what the state carried from its last look is stale
    place(state, char, where)
    char.vehicle = None


def park_everyone(state: PsychoRaidersState) -> None:
    """Every raider and camper off in a far corner, so tests place only who they need."""
    corner = [state.board.space(f"{c},{r}") for c in range(0, 4) for r in range(26, 32)]
    chars = [c for c in state.chars.values() if c.kind != "townsfolk"]
    for char, space in zip(chars, corner[::2], strict=False):
        put(state, char.key, space)


def quiet_hex(state: PsychoRaidersState, near: int | None = None) -> int:
    """A grass hex, unlit, far from the corner where park_everyone puts people."""
    for space in range(state.board.size):
        coord = state.board.offset(space)
        if (coord is not None and state.board.terrain[space] == "grassland"
                and not lit(state, space) and coord[1] < 12 and coord[0] > 14):
            return space
    raise AssertionError("no quiet hex")


def raider_on_camper(raider: str, camper: str, space: str | int | None = None
                     ) -> PsychoRaidersState:
    """A new game, everyone parked, `raider` and `camper` on one space (a `quiet_hex` if
    none is named), the campers' turns ended, at the start of the raider's turn."""
    state = new()
    park_everyone(state)
    space = quiet_hex(state) if space is None else space
    put(state, camper, space)
    put(state, raider, space)
    for key in ("randy", "ginger", "dawn"):
        take_turn(state, key)
        state.apply("end")
    take_turn(state, raider)
    return state


def take_turn(state: PsychoRaidersState, key: str) -> None:
    """Make `key` the character whose turn it is: its seat chooses it, or, the last of the
    seat's characters waiting, its turn has begun unasked (sequence.PhaseHandler.run)."""
    decision = state.decision
    assert decision is not None
    if f"turn:{key}" in decision.ids:
        state.apply(f"turn:{key}")
    assert any(isinstance(f, Turn) and f.char == key for f in state.stack), (
        key, decision.ids, state.stack[-1])


def ginger_turn() -> tuple[PsychoRaidersState, str]:
    """A new game, everyone parked, Ginger alone on a quiet hex at her turn: (state, the hex)."""
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "ginger", spot)
    take_turn(state, "ginger")
    return state, state.board.name(spot)


def spud_beside_hidden_ginger() -> tuple[PsychoRaidersState, int]:
    """Ginger hidden (token 2 real) on a quiet hex, the campers' phase over, Spud on foot
    beside her tokens at the start of his turn: (state, Ginger's hex)."""
    state, name = ginger_turn()
    spot = state.board.space(name)
    state.apply(f"hide:{name}:new")
    state.apply("end")
    for key in ("dawn", "randy"):
        take_turn(state, key)
        state.apply("end")
    near = next(n for n in state.board.neighbours[spot] if state.board.coords[n] is not None
                and state.board.terrain[n] in ("grassland", "road"))
    put(state, "spud", near)
    take_turn(state, "spud")
    return state, spot
