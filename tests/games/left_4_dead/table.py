"""Positions for tests of the special infected: figures on named spaces of the chapter-1 map
("col,row"), an infected order marker under way, one special's turn begun, dice scripted."""

from __future__ import annotations

from typing import Any

from deadtable.games.left_4_dead import SPEC, specials
from deadtable.games.left_4_dead.rounds import SideTurn
from deadtable.games.left_4_dead.state import INFECTED, Figure, Left4DeadState
from tests.games.left_4_dead.positions import script

SURVIVORS = ("bill", "francis", "louis", "zoey")
PARK = ("20,1", "22,1", "24,3", "26,1")  # far east of the floodwall: out of everyone's way


def table(placements: dict[str, str], **options: Any) -> Left4DeadState:
    """A fresh chapter with only the named figures where they are named: survivors by name
    ("bill"), infected by "<card>-<n>" ("boomer-1"); unnamed survivors wait in the park."""
    game = SPEC.bind(**options)
    state = game.new(seed=1)
    assert isinstance(state, Left4DeadState)
    state.stack.clear()
    for figure in list(state.figures.values()):
        if figure.side == INFECTED:
            del state.figures[figure.id]
        else:
            figure.space = None
            figure.items.clear()
    for key, at in placements.items():
        space = state.board.space(at)
        if key in state.figures:
            state.figures[key].space = space
        else:
            kind = key.rsplit("-", 1)[0]
            state.figures[key] = Figure(key, kind, INFECTED, space)
    park = iter(PARK)
    for figure in state.survivors():
        if figure.space is None:
            figure.space = state.board.space(next(park))
    state.items_on_map.clear()
    state.effects.clear()
    state.round = 1
    state.push(SideTurn(INFECTED, "1"))
    state._decision = None
    return state


def turn(state: Left4DeadState, figure_id: str, *rolls: int) -> None:
    """Begin the figure's turn (its order marker revealed), rolls scripted."""
    script(state, *rolls)
    specials.begin_turn(state, state.figures[figure_id])
    state._decision = None
    state.settle()


def at(state: Left4DeadState, figure_id: str) -> str | None:
    space = state.figures[figure_id].space
    return None if space is None else state.board.names[space]


def space(state: Left4DeadState, name: str) -> int:
    return state.board.space(name)


def ids(state: Left4DeadState) -> list[str]:
    """The actions due; none once the order marker's turn is over (the stack is empty)."""
    if not state.stack:
        return []
    decision = state.decision
    assert decision is not None
    return list(decision.ids)


def verbs(state: Left4DeadState) -> set[str]:
    return {i.split(":")[0] for i in ids(state)}


def events(state: Left4DeadState, cite: str = "") -> list[str]:
    return [e.text for e in state.log if cite in (e.cite or "")]


def in_special_turn(state: Left4DeadState) -> bool:
    return bool(state.stack) and state.stack[-1].KIND == "special-turn"


def args(state: Left4DeadState, action_id: str) -> dict[str, Any]:
    """The structured arguments of a due action, as an agent reads them."""
    decision = state.decision
    assert decision is not None
    action = decision.get(action_id)
    assert action is not None and action.args is not None
    return dict(action.args)
