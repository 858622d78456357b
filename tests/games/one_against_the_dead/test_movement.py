"""MOVEMENT: moving, flipping, drawing and placing, and the blocked path."""

from __future__ import annotations

from tests.games.one_against_the_dead.conftest import ROW, city, ids, new, play
from tests.logs import texts


def test_a_flipped_number_card_stays_and_every_open_space_gets_a_card() -> None:
    state = new(city(draws=["3D", "4D", "5D"]))
    assert state.grid[(1, 0)] == "4C" and (1, 0) not in state.face_down
    play(state, "place:up", "place:down")  # the last card has one space left: no question
    assert [state.grid[p] for p in [(0, 1), (0, -1), (-1, 0)]] == ["3D", "4D", "5D"]
    assert state.pending == []


def test_the_player_chooses_where_each_drawn_card_goes() -> None:
    state = new(city(draws=["3D", "4D", "5D"]))
    assert ids(state) == ["place:up", "place:down", "place:left"]
    play(state, "place:left", "place:up")
    assert state.grid[(-1, 0)] == "3D" and state.grid[(0, 1)] == "4D"
    assert state.grid[(0, -1)] == "5D"


def test_you_move_onto_an_adjacent_face_up_number_card_never_a_non_number_card() -> None:
    state = new(city(draws=["JD", "4D", "5D"]), dice=[1] * 5)
    play(state, "place:up", "place:down")  # the bat on JD is above you
    play(state, "fight:fists")  # the 4 of diamonds and 5 of diamonds made 9 zombies
    moves = [a for a in ids(state) if a.startswith("move:")]
    assert moves == ["move:right", "move:down", "move:left"]  # not up onto the jack


def test_moving_turns_over_the_next_face_down_card() -> None:
    state = new(city(draws=["3D", "4D", "5D", "2H", "3H"]), dice=[1] * 20)
    play(state, "place:up", "place:down")
    while state.phase != "move":
        state.apply(ids(state)[-1])
    play(state, "move:right")
    assert state.pos == (1, 0)
    assert (2, 0) not in state.face_down and state.grid[(2, 0)] == ROW[1]


def test_a_flipped_non_number_card_goes_to_another_open_space_next_to_you() -> None:
    state = new(city(row=["JH", *ROW[1:]], draws=["3D", "4D", "5D"]))
    assert state.phase == "place-flipped"
    assert ids(state) == ["place:up", "place:down", "place:left"]  # not where it lay
    play(state, "place:up")
    assert state.grid[(0, 1)] == "JH" and state.map_weapons[(0, 1)].kind == "bat"
    # Its old space is open again and is drawn for like the others.
    assert state.grid.get((1, 0)) == "3D" or state.pending[0] == "3D"


def test_a_flipped_non_number_card_with_nowhere_else_to_go_stays() -> None:
    state = new(city(draws=["3D", "4D", "5D", "6D", "7D", "8D"]), dice=[1] * 30)
    play(state, "place:up", "place:down")
    while state.phase != "move":
        state.apply(ids(state)[-1])
    # Surround (1, 0) so that only its own space is open, and make (2, 0) a queen.
    state.grid[(2, 0)] = "QH"
    state.grid[(1, 1)] = "6H"
    state.grid[(1, -1)] = "7H"
    play(state, "move:right")
    assert state.grid[(2, 0)] == "QH" and state.map_weapons[(2, 0)].kind == "chainsaw"


def test_non_number_cards_stay_out_of_your_path_when_they_can() -> None:
    state = new(city(row=["JH", *ROW[1:]], draws=["QD", "KH", "5D"]))
    play(state, "place:up")  # the jack goes up: open are right (path), down, left
    # Two non-number cards and two spaces off the path: the queen may not block it.
    assert ids(state) == ["place:down", "place:left"]
    play(state, "place:down")
    assert ids(state) == ["place:left"] or state.grid[(-1, 0)] == "KH"
    assert state.grid[(1, 0)] == "5D"  # the number card is left for the path


def test_a_number_card_must_leave_room_off_the_path_for_the_non_numbers() -> None:
    state = new(city(row=["JH", *ROW[1:]], draws=["5D", "QD", "KH"]))
    play(state, "place:up")
    # Two non-number cards still to come and two spaces off the path: the 5 takes the path.
    assert state.grid[(1, 0)] == "5D"


def test_if_every_card_drawn_is_a_non_number_the_path_is_blocked() -> None:
    state = new(city(row=["JH", *ROW[1:]], draws=["QD", "KH", "AC"]))
    play(state, "place:up")
    # Three non-number cards for three spaces: one must go in the path.
    assert ids(state) == ["place:right", "place:down", "place:left"]
    play(state, "place:down", "place:left")
    assert state.grid[(1, 0)] == "AC"
    # Walled in by non-number cards with nothing left to turn up nearby: stranded.
    assert state.outcome is not None and state.outcome.cause == "stranded"


def test_when_the_deck_runs_out_the_last_cards_are_placed_and_the_rest_stay_open() -> None:
    # The rulebook is silent (see docs): one card is drawn per open space while the deck
    # lasts; with one card left for two open spaces you draw it and choose where it goes,
    # and the other space stays open; with none left nothing is drawn and play goes on.
    state = new(city(draws=["3D", "4D", "5D"]), dice=[1] * 20)
    play(state, "place:up", "place:down")
    state.deck.cards = ["6D"]
    play(state, "move:right")  # onto the 4C: the 5S turns up; two open spaces, one card
    assert ids(state) == ["place:up", "place:down"]
    assert "You draw the 6 of diamonds." in texts(state)
    play(state, "place:down")
    assert state.grid[(1, -1)] == "6D" and (1, 1) not in state.grid and state.phase == "move"
    play(state, "move:right")  # onto the 5S: the 6S turns up; the deck is empty
    assert texts(state)[-3:-1] == ["You turn over the 6 of spades.", "The deck is empty."]
    assert (2, 1) not in state.grid and (2, -1) not in state.grid
    assert state.outcome is None and ids(state) == ["move:right", "move:left"]
