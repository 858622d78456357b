"""The OpenSpiel binding over a game's kernel plays, observes and clones as it does over the
Python rules (deadtable/envs/openspiel.py: _KernelBox)."""

from __future__ import annotations

import pytest

from deadtable import registry
from tests.extras import need

pyspiel = need(
    "pyspiel", reason="the rl extra (open_spiel) is not installed: pip install 'deadtable[rl]'")

import deadtable.envs.openspiel as binding  # noqa: E402
from deadtable.engine.dice import Dice  # noqa: E402

KERNEL_GAMES = [g for g in binding.REGISTERED
                if registry.load(g.removeprefix(binding.PREFIX).replace("_", "-")).kernel]

pytestmark = pytest.mark.skipif(not KERNEL_GAMES, reason="no game has a kernel built here")


def _play(name: str, seed: int, observe_every: int) -> list[object]:
    """A record of a random game through pyspiel: each legal list, some observations, the
    returns and the final state's JSON."""
    game = pyspiel.load_game(name, {"rng_seed": seed})
    pick = Dice(seed)
    record: list[object] = []
    for _ in range(3):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            record.append((state.current_player(), legal))
            if steps % observe_every == 0:
                record.append(state.observation_string(0))
                record.append(list(state.observation_tensor(0)))
            state.apply_action(legal[pick.below(len(legal))])
            steps += 1
        record.append((state.returns(), state.information_state_string(0), str(state)))
    return record


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_the_binding_plays_the_same_over_the_kernel(name: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _play(name, 4, observe_every=7)
    monkeypatch.setenv("DEADTABLE_KERNEL", "0")
    slow = _play(name, 4, observe_every=7)
    assert fast == slow


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_clones_over_the_kernel_are_independent(name: str) -> None:
    game = pyspiel.load_game(name, {"rng_seed": 9})
    state = game.new_initial_state()
    pick = Dice(2)
    for _ in range(3):
        legal = state.legal_actions()
        state.apply_action(legal[pick.below(len(legal))])
    before = str(state)
    clone = state.clone()
    while not clone.is_terminal():
        legal = clone.legal_actions()
        clone.apply_action(legal[pick.below(len(legal))])
    assert str(state) == before  # playing the clone to the end left the original alone
    assert not state.is_terminal()
    # ...and the original still plays on as a fresh copy of itself would
    again = state.clone()
    legal = state.legal_actions()
    assert again.legal_actions() == legal
    state.apply_action(legal[0])
    again.apply_action(legal[0])
    assert str(state) == str(again)


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_serialize_round_trip_over_the_kernel(name: str) -> None:
    game = pyspiel.load_game(name, {"rng_seed": 5})
    state = game.new_initial_state()
    for _ in range(4):
        state.apply_action(state.legal_actions()[-1])
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state)
    assert copy.legal_actions() == state.legal_actions()
