"""The heuristic agent: legal, sensible, and far better than random."""

from __future__ import annotations

import pytest

from deadtable.agents import make_agent, observe
from deadtable.games.one_against_the_dead.state import Survivor, Weapon
from deadtable.sim.run import simulate
from tests.games.one_against_the_dead.conftest import GAME, city, combat_scene, new, play


def heuristic():  # type: ignore[no-untyped-def]
    return make_agent("heuristic", seed=1, game=GAME)


def test_it_is_a_game_agent_not_offered_to_other_games() -> None:
    with pytest.raises(ValueError, match="unknown agent 'heuristic'"):
        make_agent("heuristic", seed=1)


def test_it_takes_a_better_weapon_and_rescues_survivors() -> None:
    state = combat_scene(12, weapon=Weapon("bat", None))
    state.map_weapons[(0, 1)] = Weapon("shotgun", 3)
    state._decision = None
    assert heuristic().act(observe(state)) == "take:shotgun"
    state = combat_scene(12)
    state.map_survivor = ((0, 1), Survivor(4, 4))
    state._decision = None
    assert heuristic().act(observe(state)) == "rescue"


def test_it_lays_a_number_card_where_it_matches() -> None:
    # On the 2 of diamonds, the 3 of diamonds matches it by suit. Above and to the left a
    # 7 of hearts spoils the spaces above and left; below, a 3 of spades matches by number.
    state = new(city(start="2D", draws=["3D", "6H", "5H"]))
    state.grid[(-1, 1)] = "7H"
    state.grid[(1, -1)] = "3S"
    state._decision = None
    assert heuristic().act(observe(state)) == "place:down"


def test_it_saves_a_charged_weapon_for_big_fights() -> None:
    small = combat_scene(3, weapon=Weapon("shotgun", 2))
    assert heuristic().act(observe(small)) == "fight:fists"
    big = combat_scene(20, weapon=Weapon("shotgun", 2))
    assert heuristic().act(observe(big)) == "fight:weapon"
    bat = combat_scene(3, weapon=Weapon("bat", None))
    assert heuristic().act(observe(bat)) == "fight:weapon"


def test_it_heads_for_the_helicopter() -> None:
    state = new(city(draws=["3D", "4D", "5D"]), dice=[1] * 4)
    play(state, "place:up", "place:down")
    assert state.phase == "move"
    assert heuristic().act(observe(state)) == "move:right"


def test_it_wins_far_more_often_than_random_play() -> None:
    smart = simulate(GAME, {}, 200, 5, {"player": "heuristic"}, 1)
    blind = simulate(GAME, {}, 200, 5, {"player": "random"}, 1)
    # Measured with 2000 games: heuristic 0.67 [0.65, 0.69], random 0.013 [0.011, 0.015].
    assert smart["win_rate"] > 0.5 > 0.1 > blind["win_rate"]
