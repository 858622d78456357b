"""Seats and sides: GameSpec.sides, Game.sides and side_of, Outcome.by_side."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from deadtable.engine.state import Outcome
from tests.sim import race_game, sides_game


def test_a_game_without_sides_has_one_side_per_seat_named_as_the_seat() -> None:
    game = race_game.SPEC.bind(players=2)
    assert game.sides == {"red": ("red",), "blue": ("blue",)}
    assert game.side_of("blue") == "blue"


def test_a_game_declares_its_sides_from_its_options() -> None:
    four = sides_game.SPEC.bind()
    assert four.sides == {"heroes": ("hero-1", "hero-2"), "zombies": ("zombie-1", "zombie-2")}
    assert [four.side_of(s) for s in four.seats] == ["heroes", "heroes", "zombies", "zombies"]
    three = sides_game.SPEC.bind(players=3)
    assert three.sides["zombies"] == ("zombie-1",)


def test_side_of_an_unknown_seat_names_the_seats() -> None:
    with pytest.raises(ValueError, match="unknown seat 'zombie-3'; seats of night-watch: hero-1"):
        sides_game.SPEC.bind().side_of("zombie-3")


def with_sides(sides: dict[str, tuple[str, ...]]) -> Any:
    return replace(sides_game.SPEC, sides=lambda options: sides)


@pytest.mark.parametrize(("sides", "says"), [
    ({"heroes": ("hero-1", "hero-2"), "zombies": ("zombie-1",)},
     "seat(s) zombie-2 in no side; every seat must be in exactly one side"),
    ({"heroes": ("hero-1", "hero-2", "zombie-1"), "zombies": ("zombie-1", "zombie-2")},
     "seat 'zombie-1' is in two sides, 'heroes' and 'zombies'"),
    ({"heroes": ("hero-1", "hero-2"), "zombies": ("zombie-1", "zombie-2", "zombie-9")},
     "side 'zombies' names 'zombie-9', which is not a seat"),
    ({"heroes": ("hero-1", "hero-2", "zombie-1", "zombie-2"), "zombies": ()},
     "side 'zombies' has no seats"),
    ({"hero-1": ("hero-1", "hero-2"), "zombies": ("zombie-1", "zombie-2")},
     "side 'hero-1' is named as a seat but holds hero-1, hero-2"),
])
def test_sides_are_checked_when_the_game_is_bound(sides: dict, says: str) -> None:
    with pytest.raises(ValueError, match=f"night-watch: {says}".replace("(", r"\(")
                       .replace(")", r"\)")):
        with_sides(sides).bind()


def test_by_side_folds_the_seats_results_into_their_sides() -> None:
    sides = sides_game.SPEC.bind().sides
    won = Outcome({"hero-1": "win", "hero-2": "win", "zombie-1": "loss", "zombie-2": "loss"},
                  "higher side")
    assert won.by_side(sides) == {"heroes": "win", "zombies": "loss"}
    drawn = Outcome(dict.fromkeys(("hero-1", "hero-2", "zombie-1", "zombie-2"), "draw"), "tie")
    assert drawn.by_side(sides) == {"heroes": "draw", "zombies": "draw"}


def test_by_side_says_which_side_does_not_share_a_result() -> None:
    sides = sides_game.SPEC.bind().sides
    split = Outcome({"hero-1": "win", "hero-2": "loss", "zombie-1": "loss", "zombie-2": "loss"},
                    "odd")
    with pytest.raises(ValueError, match=r"the seats of side 'heroes' do not share a result "
                                         r"\(hero-1 win, hero-2 loss\)"):
        split.by_side(sides)
    with pytest.raises(ValueError, match=r"side 'zombies': no result for seat\(s\) zombie-2"):
        Outcome({"hero-1": "win", "hero-2": "win", "zombie-1": "loss"}, "odd").by_side(sides)


def test_every_game_of_night_watch_ends_with_one_result_per_side() -> None:
    from deadtable.agents import agent_maker, observe

    game = sides_game.SPEC.bind()
    seen = set()
    for seed in range(60):
        state = game.new(seed=seed)
        agents = {s: agent_maker("random", game.id)(seed * 10 + n)
                  for n, s in enumerate(game.seats)}
        while (decision := state.decision) is not None:
            state.apply(agents[decision.seat].act(observe(state)))
        assert state.outcome is not None
        seen.add(tuple(sorted(state.outcome.by_side(game.sides).items())))
    assert len(seen) == 3, "heroes win, zombies win and draws all happen"
