"""Game options: defaults, names, values, command-line pairs and their errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deadtable.engine.options import BadOption, Option, OptionSet


def options() -> OptionSet:
    return OptionSet(
        [
            Option("row", 8, "cards in the row", minimum=4, maximum=12),
            Option("final-battle", "kill-all", "the ending", choices=("kill-all", "survive")),
            Option("hard-mode", False, "fewer provisions"),
            Option("players", 1, "how many survivors", choices=(1, 2, 4)),
            Option("name", "Ash", "the survivor's name"),
            Option("bonus", 0, "any whole number"),
        ]
    )


def test_resolve_gives_defaults():
    assert options().resolve({}) == {
        "row": 8,
        "final-battle": "kill-all",
        "hard-mode": False,
        "players": 1,
        "name": "Ash",
        "bonus": 0,
    }


def test_resolve_accepts_underscore_or_dash_names():
    resolved = options().resolve({"final_battle": "survive", "hard-mode": True, "row": 4})
    assert resolved["final-battle"] == "survive"
    assert resolved["hard-mode"] is True
    assert resolved["row"] == 4
    assert "final_battle" not in resolved


def test_resolve_does_not_change_its_input():
    given_options = {"row": 5}
    options().resolve(given_options)
    assert given_options == {"row": 5}


def test_unknown_option_lists_the_valid_names():
    with pytest.raises(BadOption) as caught:
        options().resolve({"colour": "red"})
    text = str(caught.value)
    assert "unknown option 'colour'" in text
    assert "valid options: bonus, final-battle, hard-mode, name, players, row" in text


def test_unknown_option_with_no_options():
    with pytest.raises(BadOption, match="valid options: none"):
        OptionSet([]).resolve({"row": 8})


@pytest.mark.parametrize(
    ("name", "value", "accepted"),
    [
        ("row", 3, "a whole number from 4 to 12"),
        ("row", 13, "a whole number from 4 to 12"),
        ("row", "8", "a whole number from 4 to 12"),
        ("row", True, "a whole number from 4 to 12"),
        ("row", 8.0, "a whole number from 4 to 12"),
        ("final-battle", "flee", "one of 'kill-all', 'survive'"),
        ("hard-mode", 1, "true or false"),
        ("hard-mode", "yes", "true or false"),
        ("players", 3, "one of 1, 2, 4"),
        ("name", 7, "text"),
    ],
)
def test_bad_value_says_what_is_accepted(name, value, accepted):
    with pytest.raises(BadOption) as caught:
        options().resolve({name: value})
    text = str(caught.value)
    assert f"option {name!r}: {value!r} is not accepted; it must be {accepted}" in text
    assert "(default " in text


def test_bad_option_is_a_value_error():
    assert issubclass(BadOption, ValueError)


def test_describe_values_for_open_ranges():
    assert Option("n", 0, "").describe_values() == "a whole number"
    assert Option("n", 0, "", minimum=1).describe_values() == "a whole number from 1"
    assert Option("n", 0, "", maximum=9).describe_values() == "a whole number to 9"


@given(st.integers(-100, 100))
def test_int_range_is_enforced(value):
    resolve = options().resolve
    if 4 <= value <= 12:
        assert resolve({"row": value})["row"] == value
    else:
        with pytest.raises(BadOption):
            resolve({"row": value})


@given(st.integers(-(10**12), 10**12))
def test_unbounded_int_takes_any_int(value):
    assert options().resolve({"bonus": value})["bonus"] == value


# -- command-line pairs --------------------------------------------------------------------------
def test_parse_pairs_types_the_values():
    parsed = options().parse_pairs(
        ["row=10", "final_battle=survive", "hard-mode=yes", "players=4", "name=Kim", " bonus = -3 "]
    )
    assert parsed == {
        "row": 10,
        "final-battle": "survive",
        "hard-mode": True,
        "players": 4,
        "name": "Kim",
        "bonus": -3,
    }
    assert options().resolve(parsed)["row"] == 10


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("True", True),
        ("yes", True),
        ("on", True),
        ("1", True),
        ("false", False),
        ("NO", False),
        ("off", False),
        ("0", False),
    ],
)
def test_parse_pairs_bool_spellings(text, value):
    assert options().parse_pairs([f"hard-mode={text}"]) == {"hard-mode": value}


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ("hard-mode=maybe", "option 'hard-mode': 'maybe' is not true or false"),
        ("row=ten", "option 'row': 'ten' is not a whole number from 4 to 12"),
        ("row=99", "option 'row': 99 is not accepted; it must be a whole number from 4 to 12"),
        ("players=3", "option 'players': 3 is not accepted; it must be one of 1, 2, 4"),
        ("players=two", "option 'players': 'two' is not one of 1, 2, 4"),
        ("final-battle=flee", "it must be one of 'kill-all', 'survive'"),
        ("colour=red", "unknown option 'colour'; valid options: bonus, final-battle"),
    ],
)
def test_parse_pairs_bad_values(pair, message):
    with pytest.raises(BadOption) as caught:
        options().parse_pairs([pair])
    assert message in str(caught.value)


@pytest.mark.parametrize("pair", ["row", "row:8", ""])
def test_malformed_pair_shows_the_form(pair):
    with pytest.raises(BadOption) as caught:
        options().parse_pairs([pair])
    assert f"option {pair!r} must be written NAME=VALUE, e.g. row=8" in str(caught.value)


def test_a_switch_named_bare_is_on():
    assert options().parse_pairs(["hard-mode"]) == {"hard-mode": True}
    assert options().parse_pairs(["hard_mode", "hard-mode=false"]) == {"hard-mode": False}


@pytest.mark.parametrize(
    ("pair", "example"),
    [
        ("row=far", "e.g. row=8"),
        ("final-battle=win", "e.g. final-battle=survive"),
        ("hard-mode=perhaps", "e.g. hard-mode=true"),
        ("speed=3", "e.g. row=8"),
    ],
)
def test_option_errors_show_an_example_from_the_game(pair, example):
    with pytest.raises(BadOption) as caught:
        options().parse_pairs([pair])
    assert str(caught.value).endswith(example)


def test_parse_pairs_keeps_equals_signs_in_the_value():
    assert options().parse_pairs(["name=a=b"]) == {"name": "a=b"}


@given(st.integers(4, 12), st.booleans(), st.sampled_from(["kill-all", "survive"]))
def test_parse_pairs_round_trips_values(row, hard, battle):
    pairs = [f"row={row}", f"hard-mode={str(hard).lower()}", f"final-battle={battle}"]
    assert options().parse_pairs(pairs) == {"row": row, "hard-mode": hard, "final-battle": battle}


def test_describe_and_iteration():
    described = options().describe()
    assert [d["name"] for d in described] == [o.name for o in options()]
    assert described[0] == {
        "name": "row",
        "default": 8,
        "values": "a whole number from 4 to 12",
        "help": "cards in the row",
    }
    assert described[2]["values"] == "true or false"


def test_option_kind_comes_from_the_default():
    assert Option("x", 1, "").kind is int
    assert Option("x", True, "").kind is bool
    assert Option("x", "a", "").kind is str
