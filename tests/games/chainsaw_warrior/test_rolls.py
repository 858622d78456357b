"""The fighting rolls, with the rulebook's own examples."""

from __future__ import annotations

import pytest

from deadtable.engine.dice import Dice
from deadtable.games.chainsaw_warrior.rolls import aimed_shot, escape, hth_round, reflex_test


@pytest.mark.parametrize(("dice", "passed"), [((4, 4), True), ((5, 4), False), ((1, 1), True)])
def test_reflexes_succeed_at_or_under_the_rating(dice: tuple[int, int], passed: bool) -> None:
    # "if your Reflexes are 8, a roll of any number from 2 to 8 is a success"
    assert reflex_test(Dice(0, dice), 8).passed is passed


def test_a_card_can_add_to_the_reflex_roll() -> None:
    # Mines: "Test your Reflexes, adding 2 to the die roll."
    assert reflex_test(Dice(0, [3, 3]), 8, modifier=2).passed is True
    assert reflex_test(Dice(0, [3, 4]), 8, modifier=2).passed is False


def test_example_of_play_the_sub_machine_gun_shot() -> None:
    # "SMG against Zombies is 5, but I've got a +1 Marksmanship so I need a 4 or more.
    # A roll of 7 and there's one (hopefully truly) dead Zombie."
    shot = aimed_shot(Dice(0, [3, 4]), to_hit=5, marksmanship=1)
    assert shot == (7, 8, True)
    assert aimed_shot(Dice(0, [1, 2]), to_hit=5, marksmanship=1).passed is False  # 3 + 1 < 5
    assert aimed_shot(Dice(0, [1, 2]), to_hit=4, marksmanship=1).passed is True  # 4 or more


def test_blaster_example_with_poor_marksmanship() -> None:
    # "The card says a 7 is needed; taking your poor aim into account you need to roll an 8."
    assert aimed_shot(Dice(0, [4, 3]), to_hit=7, marksmanship=-1).passed is False
    assert aimed_shot(Dice(0, [4, 4]), to_hit=7, marksmanship=-1).passed is True


def test_example_of_play_chaos_agent_2() -> None:
    # "He's got an Attack of 9, compared to my HtH 11 score. He gets a pair of 6s, giving an
    # attack score of 21 (gulp!); I counter with a 3 and a 1, for a score of 15 and he's hit me!"
    assert hth_round(Dice(0, [6, 6, 3, 1]), creature_hth=9, warrior_hth=11) == (21, 15, "lose")
    # "The Agent rolls a total of 6, giving him an attack score of 15; I counter with a roll of
    # 10 to give me 21. Got him"
    assert hth_round(Dice(0, [3, 3, 5, 5]), creature_hth=9, warrior_hth=11) == (15, 21, "win")


def test_equal_scores_are_a_draw() -> None:
    assert hth_round(Dice(0, [4, 4, 3, 3]), creature_hth=8, warrior_hth=10).result == "draw"


@pytest.mark.parametrize(("rating", "roll", "away"), [
    (2, 1, False), (2, 2, True), (3, 2, False), (4, 4, True), (5, 4, False), (6, 6, True),
])
def test_escape_needs_the_rating_or_more_on_one_die(rating: int, roll: int, away: bool) -> None:
    assert escape(Dice(0, [roll]), rating).passed is away
