"""Synchronised search worlds (mcts `sync=true`): each game marks its fixed points, so two
imagined games that played different actions roll the same dice from the next point on."""

from __future__ import annotations

import pytest

import deadtable
from deadtable.agents import make_agent, observe
from deadtable.engine.dice import Dice, derive_seed
from deadtable.engine.state import GameState

# The points each game marks: One Against the Dead a move, Chainsaw Warrior a card turned over.
GAMES = ("chainsaw-warrior", "one-against-the-dead")


def _world(game_id: str, seed: int) -> GameState:
    state = deadtable.load(game_id).new(seed=seed)
    world = observe(state).sample(Dice(seed))
    world.dice.synchronise()
    return world


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_marks_its_fixed_points_in_a_synchronised_world(game_id: str) -> None:
    world = _world(game_id, 3)
    assert world.dice.base is not None
    agent = make_agent("heuristic", seed=1, game=game_id)
    while world.decision is not None and world.dice.marks < 3:
        world.apply(agent.act(observe(world)))
    assert world.dice.marks >= 3  # the game went past three of its points


def test_one_against_the_dead_moves_realign_worlds_that_rolled_differently() -> None:
    world = _world("one-against-the-dead", 5)
    agent = make_agent("heuristic", seed=1, game="one-against-the-dead")
    while not any(a.startswith("move:") for a in world.decision.ids):  # type: ignore[union-attr]
        world.apply(agent.act(observe(world)))
    one, other = world.clone(), world.clone()
    other.dice.rolls_of(4)  # as if this world had fought a longer battle before moving
    move = next(a for a in world.decision.ids if a.startswith("move:"))  # type: ignore[union-attr]
    one.apply(move)
    other.apply(move)
    # The move's mark restarted both streams alike: all but the count of dice rolled agree.
    assert one.dice.state == other.dice.state == derive_seed(world.dice.base or 0, 1)
    assert one.view("player") == other.view("player")


def test_chainsaw_warrior_cards_realign_worlds_that_rolled_differently() -> None:
    world = _world("chainsaw-warrior", 2)
    agent = make_agent("heuristic", seed=1, game="chainsaw-warrior")
    while world.dice.marks == 0:  # through Kitting Out to the first card turned over
        world.apply(agent.act(observe(world)))
    marks = world.dice.marks
    one, other = world.clone(), world.clone()
    other.dice.rolls_of(4)  # as if this world had fought a longer battle before
    player_one, player_other = make_agent("heuristic", seed=2, game="chainsaw-warrior"), \
        make_agent("heuristic", seed=2, game="chainsaw-warrior")
    while one.dice.marks == marks and one.decision is not None:
        one.apply(player_one.act(observe(one)))
    while other.dice.marks == marks and other.decision is not None:
        other.apply(player_other.act(observe(other)))
    assert one.dice.marks == other.dice.marks == marks + 1
    # Between the two cards they rolled differently (the log shows it); at the second card
    # both streams restarted at the same point.
    assert one.view("warrior")["log"] != other.view("warrior")["log"]
    assert one.dice.state == other.dice.state
