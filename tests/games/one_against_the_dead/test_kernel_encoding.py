"""The kernel's encoder (kernel/encode.c) writes the RL encoding's observation bit for bit as
encoding.py does from the Python view: over every option value, the data file with other
numbers, random play and the heuristic's long games to the helicopter."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import deadtable
from tests.extras import need
from tests.observations import assert_same

np = need("numpy", reason="the rl extra (numpy) is not installed")
need("deadtable.games.one_against_the_dead.kernel._oatd",
     "One Against the Dead's kernel is not built (pip install -e . with a C compiler)")

from deadtable.envs.encodings import encoding_for  # noqa: E402
from tests.games.one_against_the_dead.test_kernel import OPTION_VALUES  # noqa: E402

OTHER_NUMBERS = str(Path(__file__).parent / "data" / "other-numbers.toml")


def compare(options: dict[str, Any], seeds: range, heuristic: bool = False) -> int:
    """Plays each seed with the Python rules and the kernel side by side, comparing the two
    encodings at every decision and at the end; the steps compared."""
    from deadtable.agents import make_agent, observe

    game = deadtable.load("one-against-the-dead", **options)
    encoding = encoding_for(game)
    kernel = game.kernel
    assert kernel is not None
    fast = np.zeros(encoding.size, np.float32)
    steps = 0
    for seed in seeds:
        state, kernel_game = game.new(seed=seed), kernel.new(seed)
        pick = random.Random(seed)
        agent = make_agent("heuristic", seed=seed, game=game.id) if heuristic else None
        while True:
            kernel_game.encode(fast, encoding.provisions_max)
            expected = encoding.encode(state.view("player"))
            assert_same(encoding, fast, expected, f"seed {seed} step {steps}")
            steps += 1
            if state.outcome is not None:
                break
            action = (agent.act(observe(state)) if agent is not None
                      else pick.choice(state.decision.ids))
            state.apply(action)
            kernel_game.apply_id(action)
    return steps


def test_random_play_with_the_default_options() -> None:
    assert compare({}, range(150)) > 5000


@pytest.mark.parametrize(("name", "value"), OPTION_VALUES, ids=lambda v: str(v)[-24:])
def test_every_option_value(name: str, value: Any) -> None:
    compare({name: value}, range(12))


@pytest.mark.parametrize("options", [{}, {"data": OTHER_NUMBERS, "share-by": "dice"},
                                     {"row": 15, "final-battle": "survive"}])
def test_the_heuristics_long_games(options: dict[str, Any]) -> None:
    """The heuristic walks to the helicopter: survivors, weapons, provisions, the battle."""
    assert compare(options, range(20), heuristic=True) > 400


def test_a_wrong_buffer_is_refused() -> None:
    game = deadtable.load("one-against-the-dead")
    kernel_game = game.kernel.new(1)
    with pytest.raises(ValueError, match="contiguous float32 buffer of 2506 numbers"):
        kernel_game.encode(np.zeros(10, np.float32), 6.0)
    with pytest.raises(ValueError, match="float32"):
        kernel_game.encode(np.zeros(2506, np.float64), 6.0)
