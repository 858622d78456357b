"""Which games the conformance suite runs against: every registered game, found at collection.

Each game runs with its default options on SEEDS seeds, and once more for every non-default
value of each option that has `choices` (and the flipped value of each true/false option) on
VARIANT_SEEDS seeds. A registered game that cannot be loaded becomes one failing case that
says why, rather than silently dropping out of the suite.

DEADTABLE_CONFORMANCE_SEEDS=<n> changes SEEDS (variants get a fifth of it, at least one).
A board game's random game takes thousands of steps, so such a game plays GAME_SEEDS[game]
seeds instead (its variants one each), with GAME_OPTIONS[game] added to every case (a chapter
of Left 4 Dead cut short after a few rounds); `make conformance-long` plays every game whole
on SEEDS.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from deadtable import registry
from deadtable.engine.game import Game

SEEDS = int(os.environ.get("DEADTABLE_CONFORMANCE_SEEDS", "40"))
VARIANT_SEEDS = max(1, SEEDS // 5)
LONG = bool(os.environ.get("DEADTABLE_CONFORMANCE_SEEDS"))
GAME_SEEDS: dict[str, int] = {} if LONG else {
    "left-4-dead": 3, "last-night-on-earth": 3, "psycho-raiders": 2}
GAME_OPTIONS: dict[str, dict[str, Any]] = {} if LONG else {
    "left-4-dead": {"max-rounds": 4}, "psycho-raiders": {"max-turns": 3}}


@dataclass(frozen=True)
class Case:
    """One game with one set of option values, and the seeds to play it on."""

    game_id: str
    options: dict[str, Any] = field(default_factory=dict)
    seeds: tuple[int, ...] = ()
    error: str | None = None  # why the registered game could not be loaded

    @property
    def id(self) -> str:
        if self.error is not None:
            return f"{self.game_id}:unloadable"
        if not self.options:
            return self.game_id
        return self.game_id + ":" + ",".join(f"{k}={v}" for k, v in self.options.items())

    def bind(self) -> Game:
        if self.error is not None:
            pytest.fail(f"registered game {self.game_id!r} cannot be loaded: {self.error}")
        return registry.spec(self.game_id).bind(**self.options)


def variant_values(option: Any) -> Iterable[Any]:
    """The values of an option, other than its default, that get a case of their own."""
    if option.choices is not None:
        values: Iterable[Any] = option.choices
    elif option.kind is bool:
        values = (not option.default,)
    else:
        values = ()
    return [v for v in values if v != option.default]


def conformance_cases(
    game_ids: Iterable[str] | None = None,
    seeds: int = SEEDS,
    variant_seeds: int = VARIANT_SEEDS,
) -> list[Case]:
    """The cases for the given games (default: every registered game)."""
    cases: list[Case] = []
    for game_id in registry.game_ids() if game_ids is None else game_ids:
        try:
            spec = registry.spec(game_id)
            spec.bind()
        except Exception as error:  # a broken game must show up as a failure, not vanish
            cases.append(Case(game_id, seeds=(0,), error=f"{type(error).__name__}: {error}"))
            continue
        game_seeds = min(seeds, GAME_SEEDS.get(game_id, seeds))
        game_variant_seeds = min(variant_seeds, 1 if game_id in GAME_SEEDS else variant_seeds)
        base = GAME_OPTIONS.get(game_id, {})
        cases.append(Case(game_id, dict(base), seeds=tuple(range(game_seeds))))
        for option in spec.options:
            for value in variant_values(option):
                # Other seeds than the default case's, so variants see other games too.
                first = 1000 * (len(cases) + 1)
                cases.append(
                    Case(game_id, {**base, option.name: value},
                         tuple(range(first, first + game_variant_seeds)))
                )
    return cases


@functools.cache
def registered_cases() -> list[Case]:
    return conformance_cases()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize `case` (and `case, seed` where a test takes a seed) over the games."""
    if "case" not in metafunc.fixturenames:
        return
    cases = registered_cases()
    if "seed" in metafunc.fixturenames:
        metafunc.parametrize(
            ("case", "seed"),
            [pytest.param(c, s, id=f"{c.id}-seed{s}") for c in cases for s in c.seeds],
        )
    else:
        metafunc.parametrize("case", [pytest.param(c, id=c.id) for c in cases])


@pytest.fixture
def game(case: Case) -> Game:
    """The case's game bound to its options (fails the test if the game cannot be loaded)."""
    return case.bind()


@pytest.fixture
def cases_for():
    """conformance_cases itself, for the suite's own tests (with a monkeypatched registry)."""
    return conformance_cases
