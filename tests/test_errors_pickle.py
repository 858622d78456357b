"""Every exception of the package crosses processes: it pickles, and it can be rebuilt from
its message alone (Gymnasium's AsyncVectorEnv re-raises a worker's error as
`type(error)(error)`), so a user sees the package's own error, never a TypeError."""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil

import pytest

import deadtable
from deadtable.engine.decisions import Action, Decision, IllegalAction
from deadtable.registry import UnknownGame


def package_exceptions() -> list[type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for module in pkgutil.walk_packages(deadtable.__path__, "deadtable."):
        try:
            loaded = importlib.import_module(module.name)
        except ImportError:  # an optional extra's module (web, rl): not installed here
            continue
        for _, cls in inspect.getmembers(loaded, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__.startswith("deadtable."):
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return [found[k] for k in sorted(found)]


EXCEPTIONS = package_exceptions()


def test_the_walk_finds_the_package_exceptions() -> None:
    names = {cls.__name__ for cls in EXCEPTIONS}
    assert {"IllegalAction", "UnknownGame", "BadOption", "GameOver"} <= names


@pytest.mark.parametrize("cls", EXCEPTIONS, ids=lambda c: c.__qualname__)
def test_every_exception_takes_its_message_alone_and_pickles(cls: type[BaseException]) -> None:
    error = cls("what went wrong, and what would be right")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is cls and str(again) == str(error)
    assert "what went wrong" in str(cls(error))  # how AsyncVectorEnv rebuilds it


def test_an_illegal_action_keeps_its_fields_across_pickling() -> None:
    decision = Decision.of("p1", "Pick", [Action("a", "A"), Action("b", "B")])
    error = IllegalAction("c", decision)
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) and "legal actions: a, b" in str(again)
    assert (again.action_id, again.legal) == ("c", ["a", "b"])


def test_an_unknown_game_says_which_games_there_are() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'nope'; registered games: ") as caught:
        deadtable.load("nope")
    assert str(pickle.loads(pickle.dumps(caught.value))) == str(caught.value)
