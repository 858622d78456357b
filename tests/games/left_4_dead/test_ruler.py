"""The line-of-sight ruler interfaces ask about any two spaces (GameSpec.ruler)."""

from __future__ import annotations

import pytest

from deadtable import registry
from deadtable.games.left_4_dead.ruler import ruler
from deadtable.games.left_4_dead.state import Left4DeadState


@pytest.fixture(scope="module")
def state() -> Left4DeadState:
    game = registry.load("left-4-dead")
    assert game.spec.ruler == "deadtable.games.left_4_dead.ruler:ruler"
    made = game.new(seed=5)
    assert isinstance(made, Left4DeadState)
    return made


def test_a_clear_line_names_its_spaces(state: Left4DeadState) -> None:
    seen = ruler(state, "0,5", "6,5")
    assert seen["clear"] is True and seen["blocked_at"] is None
    assert seen["spaces"] == ["0,5", "1,5", "2,5", "3,5", "4,5", "5,5", "6,5"]
    assert seen["distance"] == 6


def test_a_wall_blocks_and_is_named(state: Left4DeadState) -> None:
    seen = ruler(state, "3,2", "10,9")  # out of the start safe room through its wall
    assert seen["clear"] is False
    assert seen["blocked_at"] == ["3,2", "3,3"]
    assert "wall between 3,2 and 3,3" in seen["reason"]


def test_sight_is_symmetric_and_a_figure_between_blocks(state: Left4DeadState) -> None:
    occupied = {f.space for f in state.figures.values() if f.space is not None}
    names = state.board.names
    # A figure standing in the middle of a straight line at level 0 blocks it.
    for figure in state.figures.values():
        if figure.space is None or figure.side != "infected":
            continue
        coords = state.board.coords[figure.space]
        if coords is None:
            continue
        q, r = coords
        ends = []
        for dq in (-2, 2):
            other = next((i for i, c in enumerate(state.board.coords)
                          if c == (q + dq, r)), None)
            if other is None or other in occupied or state.board.level[other] != \
                    state.board.level[figure.space]:
                break
            ends.append(names[other])
        if len(ends) == 2:
            seen = ruler(state, ends[0], ends[1])
            back = ruler(state, ends[1], ends[0])
            assert seen["clear"] is False and seen["blocked_at"] == names[figure.space]
            assert back["clear"] is False
            return
    pytest.skip("no zombie with two free spaces beside it on this seed")


def test_an_unknown_space_is_refused(state: Left4DeadState) -> None:
    with pytest.raises(ValueError, match="no space '99,99'"):
        ruler(state, "0,0", "99,99")
