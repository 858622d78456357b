"""ZOMBIES: the matching rule, the sum of the other new number cards, making change."""

from __future__ import annotations

import pytest

import deadtable
from deadtable.games.one_against_the_dead.zombies import make_change, new_zombies
from deadtable.sim.run import play_one
from tests.games.one_against_the_dead.conftest import city, new, play
from tests.logs import texts

POOL = {10: 5, 5: 1, 1: 4}


def test_rulebook_example_a_four_of_clubs_next_to_your_two_of_clubs_makes_no_zombies() -> None:
    # "if you are currently on the two of clubs and you turn up a four of clubs as next in
    # your path, it would NOT be counted in your new zombie allocation."
    # Fists of Fury against 10 + 1 + 1: script every die to live so the count shows.
    state = new(city(start="2C", row=["4C", "5S", "6S", "7S", "8S", "9S"],
                     draws=["3D", "4D", "5D"]), dice=[6, 6, 6])
    play(state, "place:up", "place:down")
    assert state.zombies == 3 + 4 + 5  # the diamonds count; the 4 of clubs does not
    # the log names the cards that brought them
    assert ("12 new zombies from the 3 of diamonds, the 4 of diamonds and the 5 of diamonds "
            "(not matching): 12 with you.") in texts(state)


def test_rulebook_example_a_club_next_to_a_heart_does_not_match_both_and_counts() -> None:
    # "if you play a card above your current position that is a club, but the card next to
    # it is a heart, it does NOT match both adjoining cards, so it IS counted."
    state = new(city(start="2C", draws=["3H", "4D", "5D"]))
    play(state, "place:up", "place:down")  # the 3 of hearts lies above the start card
    state.pos = (1, 0)  # now stand on the 4 of clubs, with the 3 of hearts up and to the left
    state.grid[(1, 1)] = "9C"
    state.revealed = [(1, 1)]
    assert new_zombies(state) == (9, [])
    state.grid[(0, 1)] = "3C"  # with a club there instead, it matches both and does not count
    assert new_zombies(state) == (0, ["9C"])


def test_a_card_may_match_one_neighbour_by_suit_and_another_by_number() -> None:
    state = new(city(start="2C", draws=["9H", "4D", "5D"]))
    play(state, "place:up", "place:down")
    state.pos = (1, 0)
    state.grid[(1, 0)] = "4C"
    state.grid[(1, 1)] = "9C"  # a club like the 4 below it, a 9 like the 9 of hearts beside it
    state.revealed = [(1, 1)]
    assert new_zombies(state) == (0, ["9C"])
    other = new(city(start="2C", draws=["9H", "4D", "5D"]), match_mixed=False)
    play(other, "place:up", "place:down")
    other.pos, other.grid[(1, 1)], other.revealed = (1, 0), "9C", [(1, 1)]
    assert new_zombies(other) == (9, [])


def test_face_cards_count_as_neighbours_unless_the_option_says_numbers_only() -> None:
    for option, expected in (("all-cards", (7, [])), ("numbers-only", (0, ["7C"]))):
        state = new(city(start="2C", draws=["3D", "4D", "5D"]), match_neighbours=option)
        play(state, "place:up", "place:down")
        state.pos = (1, 0)
        state.grid[(0, 1)] = "QH"  # a queen of hearts next to the new card
        state.grid[(1, 1)] = "7C"  # matches the 4 of clubs below it
        state.revealed = [(1, 1)]
        assert new_zombies(state) == expected, option


def test_the_joker_never_matches_so_a_card_beside_it_counts() -> None:
    state = new(city(start="2C", draws=["3D", "4D", "5D"]))
    play(state, "place:up", "place:down")
    state.pos, state.grid[(0, 1)], state.grid[(1, 1)] = (1, 0), "joker", "7C"
    state.revealed = [(1, 1)]
    assert new_zombies(state) == (7, [])


def test_cards_turned_up_the_same_turn_are_not_existing_cards_unless_opted() -> None:
    # Standing on the 4 of clubs, a new 7 of clubs above it, a new 8 of hearts beside that.
    for same_turn, expected in ((False, (8, ["7C"])), (True, (15, []))):
        state = new(city(start="2C", draws=["3D", "4D", "5D"]), match_same_turn=same_turn)
        play(state, "place:up", "place:down")
        state.pos = (1, 0)
        state.grid[(0, 1)] = "8H"
        state.grid[(1, 1)] = "7C"
        state.revealed = [(0, 1), (1, 1)]
        assert new_zombies(state) == expected, same_turn


def test_with_cards_placed_beside_you_the_same_turn_option_changes_no_game() -> None:
    """Every card a turn reveals lies beside the card you stand on (flip-placement
    current-card), so no two of them are ever orthogonal neighbours: `match-same-turn` can
    change nothing there (docs: A-27). Checked over whole random games."""
    agents = {"player": "random"}
    plain = deadtable.load("one-against-the-dead")
    opted = deadtable.load("one-against-the-dead", match_same_turn=True)
    for index in range(3000):
        assert play_one(plain, 3, agents, index) == play_one(opted, 3, agents, index), index


def test_rulebook_example_16_plus_5_is_two_tens_and_a_one() -> None:
    # "if you already have 16 zombies with you and must add five more, the total is 21
    # zombies. Return the 5-point zombie die and add one 10-point zombie die."
    assert make_change(16, POOL) == {10: 1, 5: 1, 1: 1}
    assert make_change(21, POOL) == {10: 2, 5: 0, 1: 1}


@pytest.mark.parametrize(("count", "dice"), [
    (0, {10: 0, 5: 0, 1: 0}), (4, {10: 0, 5: 0, 1: 4}), (9, {10: 0, 5: 1, 1: 4}),
    (59, {10: 5, 5: 1, 1: 4}),
])
def test_make_change_uses_the_fewest_dice(count: int, dice: dict[int, int]) -> None:
    assert make_change(count, POOL) == dice


def test_sixty_zombies_cannot_be_shown() -> None:
    assert make_change(60, POOL) is None
