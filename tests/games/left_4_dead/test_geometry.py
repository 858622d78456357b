"""Left 4 Dead asks its movement questions in data form, answered by the compiled geometry
(engine/board/query.py) where it is built: the same games as with the callbacks. Random games
with the compiled geometry on and off take the same actions among the same legal ones to the
same outcome, and along the way every figure's routes and the horde's field are the same."""

from __future__ import annotations

from typing import Any

import pytest

from deadtable import registry
from deadtable.engine.board import query as q
from deadtable.engine.dice import Dice
from deadtable.games.left_4_dead import horde, movement

pytestmark = pytest.mark.skipif(q._geometry is None,
                                reason="the compiled geometry is not built")


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


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_are_the_same_with_the_compiled_geometry(seed: int) -> None:
    on = _play(seed, True, 80)
    off = _play(seed, False, 80)
    assert on[1] == off[1]
    assert len(on[0]) == len(off[0])
    for a, b in zip(on[0], off[0], strict=True):
        assert a == b
