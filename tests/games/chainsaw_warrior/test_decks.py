"""The House decks, retracing steps, Missing Darkness, and the clock."""

from __future__ import annotations

import pytest

from deadtable.engine.cards import Pile
from deadtable.engine.dice import Dice
from deadtable.games.chainsaw_warrior import clock
from deadtable.games.chainsaw_warrior.decks import build_house, retrace_steps

CARDS = [f"card-{i}" for i in range(20)] + ["darkness"]


def test_darkness_is_only_ever_in_the_second_deck_and_the_piles_are_equal() -> None:
    for seed in range(50):
        one, two = build_house(Dice(seed), CARDS, "darkness")
        assert "darkness" not in one and "darkness" in two
        assert len(one) == 10 and len(two) == 11
        assert sorted(one.cards + two.cards) == sorted(CARDS)


def test_darkness_lands_anywhere_in_the_second_deck() -> None:
    places = {build_house(Dice(s), CARDS, "darkness")[1].cards.index("darkness")
              for s in range(300)}
    assert places == set(range(11))


def test_a_house_without_darkness_or_with_an_odd_count_is_refused() -> None:
    with pytest.raises(ValueError, match="lack Darkness"):
        build_house(Dice(0), CARDS[:-1], "darkness")
    with pytest.raises(ValueError, match="two equal piles"):
        build_house(Dice(0), CARDS[1:], "darkness")


def test_retracing_puts_five_discards_back_into_the_current_pack() -> None:
    discards = Pile("discards", [f"d{i}" for i in range(8)])
    deck = Pile("deck", ["a", "b"])
    assert retrace_steps(Dice(3), discards, deck) == 5
    assert len(discards) == 3 and len(deck) == 7
    assert set(deck.cards) >= {"a", "b"}


def test_retracing_with_fewer_than_five_discards_takes_them_all_or_nothing() -> None:
    discards = Pile("discards", ["d1", "d2"])
    deck = Pile("deck", ["a"])
    assert retrace_steps(Dice(3), discards, deck) == 2
    assert len(discards) == 0 and sorted(deck.cards) == ["a", "d1", "d2"]
    assert retrace_steps(Dice(3), discards, deck) == 0  # no discards: no effect


def test_the_clock_ticks_in_thirty_second_boxes() -> None:
    assert clock.minutes(1) == 0.5 and clock.label(25) == "12:30"
    assert not clock.is_night(59) and clock.is_night(60)  # night at 30 minutes
    assert not clock.out_of_time(119) and clock.out_of_time(120)  # lost at 60 minutes
