"""Left 4 Dead asks its movement questions in data form, answered by the compiled geometry
(engine/board/query.py) where it is built: the same games as with the callbacks. Random games
with the compiled geometry on and off take the same actions among the same legal ones to the
same outcome, and along the way every figure's routes and the horde's field are the same."""

from __future__ import annotations

import math
from array import array
from typing import Any

import pytest

from deadtable import registry
from deadtable.engine.board import query as q
from deadtable.engine.dice import Dice
from deadtable.games.left_4_dead import horde, movement
from tests.engine.board.test_compiled import built


def _geometry(state: Any) -> list[Any]:
    """What routes and horde_field answer now, for every figure on the map."""
    found: list[Any] = [horde.horde_field(state)]
    for figure in state.figures.values():
        if figure.space is None:
            continue
        for with_attacks in (True, False):
            found.append(list(movement.routes(state, figure, with_attacks=with_attacks).items()))
        found.append(list(movement.routes(state, figure, 2, through_all=True).items()))
    return found


def _play(seed: int, compiled: bool, probe_every: int) -> tuple[list[Any], str]:
    was = q.use_compiled(compiled)
    try:
        state = registry.load("left-4-dead").python_rules().new(seed=seed)
        pick = Dice(seed + 1)
        trace: list[Any] = []
        step = 0
        while (decision := state.decision) is not None and step < 3000:
            ids = [a.id for a in decision.actions]
            choice = ids[pick.below(len(ids))]
            trace.append((ids, choice))
            if step % probe_every == 0:
                trace.append(repr(_geometry(state)))
            state.apply(choice)
            step += 1
        return trace, repr(state.outcome)
    finally:
        q.use_compiled(was)


@built
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_are_the_same_with_the_compiled_geometry(seed: int) -> None:
    on = _play(seed, True, 80)
    off = _play(seed, False, 80)
    assert on[1] == off[1]
    assert len(on[0]) == len(off[0])
    for a, b in zip(on[0], off[0], strict=True):
        assert a == b


def _states(seed: int, every: int) -> list[Any]:
    state = registry.load("left-4-dead").python_rules().new(seed=seed)
    pick = Dice(seed + 7)
    found = []
    step = 0
    while (decision := state.decision) is not None and step < 3000:
        if step % every == 0:
            found.append(state.clone())
        state.apply(decision.actions[pick.below(len(decision.actions))].id)
        step += 1
    return found


@pytest.mark.parametrize("seed", [4, 5])
def test_the_query_says_what_the_callbacks_say(seed: int) -> None:
    # every space and step: the flags are routes' can_pass, can_end and stops and
    # step_cost's blocked spaces, and the masks give the leaving-engagement attacks `engaged`
    # counts, for every figure (whatever the heights and levels on the map)
    for state in _states(seed, 150):
        board = state.board
        blocked = state.blocked_spaces()
        for figure in [f for f in state.figures.values() if f.space is not None][::3]:
            occupied = state.occupancy()
            occupied.pop(figure.space)
            enemy_at = {s: f for s, f in occupied.items() if f.side != figure.side}
            query = movement.move_query(state, figure, figure.space, 5, occupied, False,
                                        enemy_at, True)
            assert query is not None and query.engaged is not None
            stops = movement.stops_in(state, figure)
            assert set(query.closed) == set(blocked)
            assert set(query.no_end) == set(occupied)
            assert set(query.no_pass) == {s for s, f in occupied.items()
                                          if f.side != figure.side}
            assert query.flags is not None
            assert [bool(f & q.STOPS) for f in query.flags] == \
                [stops(s) for s in range(board.size)]
            assert query.height == movement.height(state, figure)
            near = [{at for at, e in enemy_at.items()
                     if movement.engaged(state, figure, e, s)} for s in range(board.size)]
            masks = query.engaged
            for a in range(board.size):
                for b in board.neighbours[a]:
                    assert (masks[a] & ~masks[b]).bit_count() == len(near[a] - near[b])


@pytest.mark.parametrize("seed", [4, 5])
def test_nearest_is_the_lowest_of_the_routes_ends(seed: int) -> None:
    # movement.nearest (what the horde asks of each zombie) is routes' ends lowest on the
    # field, if lower than where the figure stands: for every figure, witches and survivors too
    moved = 0
    for state in _states(seed, 60):
        field = horde.horde_field(state)
        for figure in [f for f in state.figures.values() if f.space is not None]:
            ends = movement.routes(state, figure, with_attacks=False)
            best = min(field[s] for s in ends)
            expected = [] if best >= field[figure.space] or best == math.inf else \
                sorted(s for s in ends if field[s] == best)
            assert movement.nearest(state, figure, array("d", field)) == expected
            moved += bool(expected)
    assert moved > 10
