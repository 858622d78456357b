"""The kernel's encoder (kernel/encode.c) writes the RL encoding's observation bit for bit as
encoding.py does from the Python view, for aim="card" and aim="slot": over every option value,
a data file with other numbers and titles, random play and the heuristic's long games."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from deadtable.engine.dice import Dice
from deadtable.games.chainsaw_warrior import SPEC
from deadtable.games.chainsaw_warrior.data import DEFAULT
from deadtable.games.chainsaw_warrior.rules import OVERKILL
from tests.extras import need
from tests.observations import assert_same

np = need("numpy", reason="the rl extra (numpy) is not installed")
need("deadtable.games.chainsaw_warrior.kernel._cw",
     reason="the Chainsaw Warrior kernel is not built (pip install -e . with a C compiler)")

from deadtable.envs.encodings import encoding_for  # noqa: E402
from deadtable.games.chainsaw_warrior.kernel import READINGS  # noqa: E402
from tests.games.chainsaw_warrior.test_kernel import (  # noqa: E402
    Policy,
    _other_value,
    heuristic_policy,
    other_numbers,
    random_policy,
)

AIMS = ("card", "slot")


def compare(options: dict[str, Any], seeds: range, policy: str = "random",
            aim: str = "card") -> tuple[int, set[str]]:
    """Plays each seed with the Python rules and the kernel side by side, comparing the two
    observations at every decision and at the end: the steps compared and the questions met."""
    game = SPEC.bind(**options)
    encoding = encoding_for(game, aim=aim)
    kernel = game.kernel
    assert kernel is not None
    encode = encoding.kernel_encoder(kernel)
    assert encode is not None
    fast = np.zeros(encoding.size, np.float32)
    steps, questions = 0, set()
    for seed in seeds:
        state, kernel_game, dice = game.new(seed=seed), kernel.new(seed), Dice(seed)
        choose: Policy = (random_policy if policy == "random"
                          else heuristic_policy(seed, share=3 if policy == "mixed" else 0))
        while True:
            encode(kernel_game, fast)
            expected = encoding.encode(state.view("warrior"))
            assert_same(encoding, fast, expected, f"seed {seed} step {steps}")
            steps += 1
            questions.add(state.phase)
            if state.outcome is not None:
                break
            action = choose(state, dice)
            state.apply(action)
            kernel_game.apply_id(action)
    return steps, questions


@pytest.mark.parametrize("aim", AIMS)
def test_random_play_with_the_default_options(aim: str) -> None:
    assert compare({}, range(60), aim=aim)[0] > 1500


@pytest.mark.parametrize("aim", AIMS)
def test_the_heuristics_long_games(aim: str) -> None:
    """Fights of several opponents, Kitting Out, the Magnetic Field, the building's end."""
    steps, questions = compare({}, range(40), policy="heuristic", aim=aim)
    assert steps > 1200
    assert {"kit", "shoot", "order", "escape", "free"} <= questions


OPTIONS = [
    *({option: _other_value(option)} for option in READINGS),
    *({option: True} for option in OVERKILL),
    {"difficulty": "medium"}, {"difficulty": "easy"},
]


@pytest.mark.parametrize("options", OPTIONS,
                         ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()))
def test_every_option_value(options: dict[str, Any]) -> None:
    compare(options, range(8), policy="mixed")
    compare(options, range(8), policy="mixed", aim="slot")


def other_titles(tmp_path: Any) -> str:
    """other_numbers' data with titles shared otherwise: Mutant Things counted as Rat Packs."""
    path = tmp_path / "other-titles.toml"
    text = open(other_numbers(tmp_path)).read()
    old = '[house.mutant-thing]\nname = "Mutant Thing"'
    assert old in text
    path.write_text(text.replace(old, '[house.mutant-thing]\nname = "Rat Pack"', 1))
    return str(path)


@pytest.mark.parametrize("aim", AIMS)
def test_a_data_file_of_other_numbers_and_titles(tmp_path: Any, aim: str) -> None:
    data = other_titles(tmp_path)
    game = SPEC.bind(data=data)
    assert len(encoding_for(game).titles) < len(encoding_for(SPEC.bind()).titles)
    compare({"data": data}, range(20), policy="mixed", aim=aim)
    compare({"data": data, "advanced-equipment": True}, range(20), aim=aim)


def test_a_wrong_buffer_or_game_is_refused() -> None:
    game = SPEC.bind()
    encoding = encoding_for(game)
    encode = encoding.kernel_encoder(game.kernel)
    kernel_game = game.kernel.new(1)
    with pytest.raises(ValueError, match=f"contiguous float32 buffer of {encoding.size}"):
        encode(kernel_game, np.zeros(10, np.float32))
    with pytest.raises(ValueError, match="float32"):
        encode(kernel_game, np.zeros(encoding.size, np.float64))
    other = SPEC.bind(data=str(DEFAULT)).kernel.new(1)  # another kernel of the same cards
    encode(other, np.zeros(encoding.size, np.float32))
    with pytest.raises(TypeError):
        encode(object(), np.zeros(encoding.size, np.float32))


def test_the_encoder_pickles_as_its_encoding() -> None:
    game = SPEC.bind()
    encoding = encoding_for(game)
    encode = encoding.kernel_encoder(game.kernel)
    again = pickle.loads(pickle.dumps(encode))
    one, two = np.zeros(encoding.size, np.float32), np.ones(encoding.size, np.float32)
    encode(game.kernel.new(5), one)
    again(game.kernel.new(5), two)
    assert (one == two).all() and one.any()
