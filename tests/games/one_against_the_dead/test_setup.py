"""SETUP: the deck, the burn rule, the city row, starting life, and where you start (A-26)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.engine.options import BadOption
from deadtable.games.one_against_the_dead import cards
from tests.games.one_against_the_dead.conftest import ROW, city, new


def all_cards(state):  # type: ignore[no-untyped-def]
    return list(state.deck.cards) + list(state.grid.values()) + list(state.pending)


def test_the_deck_has_48_cards_after_removing_two_aces_two_kings_a_queen_and_a_joker() -> None:
    state = new(seed=3)
    held = all_cards(state)
    assert len(held) == 48
    assert len(state.removed) == 6
    removed_ranks = sorted(cards.rank(c) for c in state.removed)
    assert removed_ranks == ["A", "A", "K", "K", "Q", "joker"]
    assert sorted(held + state.removed) == sorted(cards.full_deck())
    assert sum(1 for c in held if c == cards.JOKER) == 1


def test_removed_cards_vary_with_the_seed_and_never_take_a_stacked_card() -> None:
    removed = {tuple(new(seed=s).removed) for s in range(20)}
    assert len(removed) > 5
    state = new(city(draws=["AH", "KH", "QH"]), seed=1)
    assert not {"AH", "KH", "QH"} & set(state.removed)


def test_non_number_cards_are_burned_to_the_bottom_until_a_number_card_comes_up() -> None:
    deck = ["QH", "joker", "9H", *reversed(ROW), "JD", "AC", "2C"]
    state = new(deck)
    assert state.grid[state.helicopter] == "9H"
    assert state.grid[state.start] == "2C"
    # Burned in order: the queen and Joker first, then the jack and ace at the start card.
    assert state.deck.cards[-4:] == ["QH", "joker", "JD", "AC"]


def test_the_row_has_the_helicopter_right_six_face_down_cards_and_the_start_left() -> None:
    state = new(city())
    assert state.helicopter == (7, 0)
    assert state.start == (0, 0)
    assert [state.grid[(x, 0)] for x in range(1, 7)] == list(ROW)
    # The first card next to you is turned up at once; the rest stay face down.
    assert state.face_down == {(x, 0) for x in range(2, 7)}


def test_life_is_twice_the_face_down_cards() -> None:
    assert new(city()).life == 12
    long = new(city(row=[*ROW, "2S", "3S", "10S", "10C"]), row=10)
    assert long.life == long.life_max == 20
    assert long.helicopter == (11, 0)


def test_you_start_on_the_start_card_and_the_first_turn_reveals_around_it() -> None:
    state = new(city(draws=["3D", "4D", "5D"]))
    assert state.pos == state.start == (0, 0)
    assert state.pending == ["3D", "4D", "5D"]  # one for each open space: up, down, left
    assert state.decision is not None and state.decision.prompt.startswith("Place")


def test_bad_options_and_set_up_are_refused_with_the_valid_values() -> None:
    with pytest.raises(BadOption, match="valid options: .*row"):
        new(rows=8)
    with pytest.raises(BadOption, match="from 1 to 20"):
        new(row=0)
    with pytest.raises(BadOption, match="one of 'data', '3-4-5'"):
        new(weapon_powers="9-9-9")
    with pytest.raises(ValueError, match="not a card"):
        new(["11H"])
    with pytest.raises(ValueError, match="stacked twice"):
        new(["5H", "5H"])


def test_a_users_data_file_sets_the_powers_and_the_survivor_die(tmp_path: Path) -> None:
    from deadtable.games.one_against_the_dead.data import DEFAULT
    from deadtable.games.one_against_the_dead.rules import power

    text = DEFAULT.read_text()
    text = text.replace('default = "3-4-5"', 'default = "4-5-6"')
    text = text.replace('life = "d6"', 'life = "2d6"')
    mine = tmp_path / "rules.toml"
    mine.write_text(text)
    state = new(city(draws=["AD", "3C", "5C"]), dice=[6, 5], data=str(mine))
    state.apply("place:up")  # the ace: a survivor in the rubble
    assert power(state.rules, state.options, "bat") == 4
    assert state.map_survivor is not None and state.map_survivor[1].life == 11  # 2d6: 6 + 5
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("zombies_per_point = 5", 'zombies_per_point = "five"'))
    # A bad file is refused when the game is loaded, as a bad option value.
    with pytest.raises(BadOption, match="damage.zombies_per_point.*should be a int"):
        new(data=str(broken))
    with pytest.raises(BadOption, match="no such data file"):
        new(data=str(tmp_path / "none.toml"))
