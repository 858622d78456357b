"""Piles of cards: moving cards, who sees what, copies and plain data."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deadtable.engine.cards import EmptyPile, Pile, Visibility
from deadtable.engine.dice import Dice

cards_lists = st.lists(st.text(alphabet="A23456789TJQKHDSC", min_size=1, max_size=3), max_size=30)


def deck() -> Pile:
    return Pile("deck", ["AS", "2S", "3S", "4S", "5S"])


# -- moving cards ----------------------------------------------------------------------------------
def test_draw_takes_the_top_card():
    pile = deck()
    assert pile.draw() == "AS"
    assert pile.draw() == "2S"
    assert pile.cards == ["3S", "4S", "5S"]
    assert len(pile) == 3


def test_draw_from_an_empty_pile_names_the_pile():
    pile = Pile("discard")
    with pytest.raises(EmptyPile, match="the discard pile is empty"):
        pile.draw()
    assert isinstance(EmptyPile("x"), LookupError)


def test_draw_many_takes_from_the_top_and_stops_when_empty():
    pile = deck()
    assert pile.draw_many(2) == ["AS", "2S"]
    assert pile.draw_many(0) == []
    assert pile.draw_many(10) == ["3S", "4S", "5S"]
    assert pile.draw_many(1) == []
    assert len(pile) == 0 and not pile


@given(cards_lists, st.integers(0, 40))
def test_draw_many_splits_the_pile(cards, n):
    pile = Pile("p", cards)
    taken = pile.draw_many(n)
    assert taken + pile.cards == cards
    assert len(taken) == min(n, len(cards))


def test_peek_does_not_move_cards():
    pile = deck()
    assert pile.peek() == ["AS"]
    assert pile.peek(3) == ["AS", "2S", "3S"]
    assert pile.peek(99) == pile.cards
    assert len(pile) == 5
    assert Pile("empty").peek() == []


def test_put_on_top_and_bury():
    pile = deck()
    pile.put_on_top("KH")
    pile.bury("QH")
    assert pile.cards[0] == "KH" and pile.cards[-1] == "QH"
    assert pile.draw() == "KH"
    assert pile.draw_many(10)[-1] == "QH"


def test_remove_and_contains():
    pile = deck()
    assert "3S" in pile and "KH" not in pile
    pile.remove("3S")
    assert pile.cards == ["AS", "2S", "4S", "5S"]
    with pytest.raises(LookupError, match="'KH' is not in the deck pile"):
        pile.remove("KH")
    assert pile.cards == ["AS", "2S", "4S", "5S"]


def test_remove_takes_one_copy_only():
    pile = Pile("p", ["X", "Y", "X"])
    pile.remove("X")
    assert pile.cards == ["Y", "X"]


def test_discard_to_moves_a_card_on_top_of_another_pile():
    hand, discards = Pile("hand", ["7H", "8H"]), Pile("discards", ["2C"])
    hand.discard_to(discards, "8H")
    assert hand.cards == ["7H"] and discards.cards == ["8H", "2C"]
    with pytest.raises(LookupError):
        hand.discard_to(discards, "8H")
    assert discards.cards == ["8H", "2C"]


def test_reshuffle_from_turns_the_discards_into_the_deck():
    pile, discards = Pile("deck", ["AS"]), Pile("discards", ["2S", "3S", "4S"])
    pile.reshuffle_from(discards, Dice(3))
    assert sorted(pile.cards) == ["2S", "3S", "4S", "AS"]
    assert discards.cards == [] and len(discards) == 0


@given(cards_lists, cards_lists, st.integers(0, 2**64 - 1))
def test_reshuffle_from_is_a_deterministic_permutation(cards, discarded, seed):
    pile, discards = Pile("deck", cards), Pile("discards", discarded)
    twin, twin_discards = pile.clone(), discards.clone()
    pile.reshuffle_from(discards, Dice(seed))
    twin.reshuffle_from(twin_discards, Dice(seed))
    assert Counter(pile.cards) == Counter(cards) + Counter(discarded)
    assert len(discards) == 0
    assert pile.cards == twin.cards


@given(cards_lists, st.integers(0, 2**64 - 1))
def test_redealt_is_the_pile_redeal_deals_and_leaves_the_dice_alike(cards, seed):
    """Pile.redealt: the order redeal deals, though dealt only when first read, and the dice
    left at once where redeal leaves them; the pile it copies unchanged."""
    pile, twin = Pile("deck", cards, Visibility.OWNER, "p1"), Pile("deck", cards)
    dice, twin_dice = Dice(seed), Dice(seed)
    copy = pile.redealt(dice)
    twin.redeal(twin_dice)
    assert dice.state == twin_dice.state
    assert dice.below(1000) == twin_dice.below(1000)  # the shuffle does not move them again
    assert copy.cards == twin.cards
    assert (copy.name, copy.visibility, copy.owner) == ("deck", Visibility.OWNER, "p1")
    assert pile.cards == cards


def test_a_redealt_pile_set_before_it_is_read_keeps_what_was_set():
    copy = deck().redealt(Dice(3))
    copy.cards = ["JH"]
    assert copy.draw() == "JH" and not copy


def test_shuffle_uses_the_dice():
    a, b = Pile("a", [str(i) for i in range(20)]), Pile("b", [str(i) for i in range(20)])
    a.shuffle(Dice(1))
    b.shuffle(Dice(1))
    assert a.cards == b.cards != [str(i) for i in range(20)]


# -- who sees what ---------------------------------------------------------------------------------
def test_hidden_pile_shows_only_its_count():
    pile = deck()
    for seat in (None, "p1", "p2"):
        assert pile.view(seat) == {"name": "deck", "count": 5}


def test_owner_pile_shows_its_cards_to_its_owner_only():
    hand = Pile("hand", ["7H", "8H"], Visibility.OWNER, owner="p1")
    assert hand.view("p1") == {"name": "hand", "count": 2, "cards": ["7H", "8H"]}
    assert hand.view("p2") == {"name": "hand", "count": 2}
    assert hand.view(None) == {"name": "hand", "count": 2}


def test_owner_pile_without_owner_shows_nobody():
    hand = Pile("hand", ["7H"], Visibility.OWNER)
    assert "cards" not in hand.view(None)
    assert "cards" not in hand.view("p1")


def test_top_pile_shows_its_top_card():
    discards = Pile("discards", ["9C", "2D"], Visibility.TOP)
    for seat in (None, "p1"):
        assert discards.view(seat) == {"name": "discards", "count": 2, "top": "9C"}
    assert Pile("discards", [], Visibility.TOP).view("p1") == {"name": "discards", "count": 0}


def test_open_pile_shows_every_card_to_everyone():
    row = Pile("row", ["AS", "KD"], Visibility.OPEN)
    for seat in (None, "p1", "p2"):
        assert row.view(seat) == {"name": "row", "count": 2, "cards": ["AS", "KD"]}


def test_view_is_a_copy():
    row = Pile("row", ["AS"], Visibility.OPEN)
    row.view(None)["cards"].append("KD")
    assert row.cards == ["AS"]


def test_visibility_accepts_its_string_values():
    assert Pile("p", visibility="open").visibility is Visibility.OPEN  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Pile("p", visibility="sideways")  # type: ignore[arg-type]


# -- copies and data -------------------------------------------------------------------------------
def test_clone_is_isolated():
    pile = Pile("hand", ["7H", "8H"], Visibility.OWNER, "p1")
    twin = pile.clone()
    assert twin == pile and twin is not pile and twin.cards is not pile.cards
    twin.draw()
    twin.bury("KS")
    assert pile.cards == ["7H", "8H"]
    pile.put_on_top("2C")
    assert twin.cards == ["8H", "KS"]
    assert twin != pile


@given(cards_lists, st.sampled_from(list(Visibility)), st.sampled_from([None, "p1", "zombie"]))
def test_data_round_trip(cards, visibility, owner):
    pile = Pile("some pile", cards, visibility, owner)
    again = Pile.from_data(json.loads(json.dumps(pile.to_data())))
    assert again == pile
    assert again.to_data() == pile.to_data()
    assert again.visibility is visibility
    for seat in (None, "p1", "zombie"):
        assert again.view(seat) == pile.view(seat)


def test_data_form():
    pile = Pile("hand", ["7H"], Visibility.OWNER, "p1")
    assert pile.to_data() == {"name": "hand", "cards": ["7H"], "visibility": "owner", "owner": "p1"}
    assert repr(pile) == "Pile('hand', 1 cards, owner)"


def test_piles_compare_by_data_and_are_unhashable():
    assert Pile("a", ["1"]) == Pile("a", ["1"])
    assert Pile("a", ["1"]) != Pile("b", ["1"])
    assert Pile("a", ["1"]) != Pile("a", ["1"], Visibility.OPEN)
    assert Pile("a") != ["a"]
    with pytest.raises(TypeError):
        hash(Pile("a"))
