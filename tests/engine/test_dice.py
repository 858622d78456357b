"""Dice: determinism, ranges, scripting, shuffles, sub-seeds and uniformity."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deadtable.engine.dice import (
    Dice,
    DiceExpression,
    ScriptedDiceError,
    derive_seed,
    halve_up,
    parse_dice,
    parse_expression,
)

MASK = (1 << 64) - 1
seeds = st.integers(min_value=0, max_value=MASK)
any_seeds = st.integers(min_value=-(1 << 70), max_value=1 << 70)


# -- determinism -----------------------------------------------------------------------------------
def test_generator_is_splitmix64():
    # The published splitmix64 outputs for seed 0: saved games depend on this never changing.
    dice = Dice(0)
    assert dice._next() == 0xE220A8397B1DCDAF
    assert dice._next() == 0x6E789E6AA1B965F4


def test_rolls_are_pinned():
    assert Dice(42).rolls_of(10, 6) == [5, 1, 2, 3, 1, 6, 2, 5, 3, 4]
    assert Dice(0).rolls_of(5, 20) == [18, 9, 1, 20, 3]


@given(seeds)
def test_same_seed_same_rolls(seed):
    assert Dice(seed).rolls_of(20, 6) == Dice(seed).rolls_of(20, 6)


@given(any_seeds)
def test_seed_is_taken_modulo_2_64(seed):
    assert Dice(seed).state == seed & MASK
    assert Dice(seed).rolls_of(5, 20) == Dice(seed & MASK).rolls_of(5, 20)


@given(seeds, st.integers(min_value=0, max_value=30))
def test_clone_continues_identically_and_independently(seed, warmup):
    dice = Dice(seed)
    dice.rolls_of(warmup, 6)
    twin = dice.clone()
    assert twin == dice
    assert twin.rolls_of(10, 20) == dice.rolls_of(10, 20)
    twin.d6()
    assert twin != dice  # rolling the clone did not move the original
    assert twin.rolls == dice.rolls + 1


@given(seeds, st.integers(min_value=0, max_value=30), st.lists(st.integers(1, 6), max_size=5))
def test_data_round_trip_continues_identically(seed, warmup, script):
    dice = Dice(seed, script)
    dice.rolls_of(warmup, 6)  # some or all of the script, then maybe the generator
    data = json.loads(json.dumps(dice.to_data()))
    again = Dice.from_data(data)
    assert again == dice
    assert again.to_data() == dice.to_data()
    assert again.rolls_of(10, 6) == dice.rolls_of(10, 6)
    assert again.rolls == dice.rolls


def test_to_data_keeps_the_remaining_script_in_order():
    dice = Dice(1, [1, 2, 3])
    assert dice.d6() == 1
    assert dice.to_data()["script"] == [2, 3]
    assert Dice.from_data(dice.to_data()).rolls_of(2) == [2, 3]


def test_dice_are_unhashable_and_compare_by_data():
    assert Dice(3) == Dice(3)
    assert Dice(3) != Dice(4)
    assert Dice(3) != Dice(3, [1])
    assert Dice(3) != "Dice(3)"
    with pytest.raises(TypeError):
        hash(Dice(3))


# -- ranges ----------------------------------------------------------------------------------------
@given(seeds)
def test_d6_and_d20_ranges(seed):
    dice = Dice(seed)
    assert all(1 <= dice.d6() <= 6 for _ in range(30))
    assert all(1 <= dice.d20() <= 20 for _ in range(30))


@given(seeds, st.integers(min_value=0, max_value=12), st.integers(min_value=1, max_value=100))
def test_n_dice_of_m_sides(seed, n, sides):
    dice = Dice(seed)
    rolls = dice.rolls_of(n, sides)
    assert len(rolls) == n
    assert all(1 <= r <= sides for r in rolls)
    assert dice.rolls == n


@given(seeds, st.integers(0, 8), st.integers(1, 20), st.integers(-10, 10))
def test_total_range(seed, n, sides, plus):
    assert n + plus <= Dice(seed).total(n, sides, plus) <= n * sides + plus


@given(seeds)
def test_total_is_the_sum_of_the_same_rolls(seed):
    assert Dice(seed).total(3, 6, 2) == sum(Dice(seed).rolls_of(3, 6)) + 2


@given(seeds)
def test_d66_digits(seed):
    dice = Dice(seed)
    for _ in range(20):
        value = dice.d66()
        assert 11 <= value <= 66
        tens, units = divmod(value, 10)
        assert 1 <= tens <= 6 and 1 <= units <= 6


def test_d66_reads_tens_then_units():
    assert Dice(0, [3, 5]).d66() == 35
    assert Dice(0, [6, 1]).d66() == 61


def test_d66_covers_all_36_results():
    dice = Dice(11)
    seen = {dice.d66() for _ in range(3000)}
    assert seen == {10 * t + u for t in range(1, 7) for u in range(1, 7)}


@given(seeds, st.integers(0, 10), st.data())
def test_keep_highest(seed, n, data):
    keep = data.draw(st.integers(0, n))
    kept = Dice(seed).keep_highest(n, keep, 6)
    rolled = Dice(seed).rolls_of(n, 6)
    assert kept == sorted(rolled, reverse=True)[:keep]
    assert len(kept) == keep
    assert kept == sorted(kept, reverse=True)


def test_keep_highest_scripted():
    assert Dice(0, [2, 6, 4, 1]).keep_highest(4, 2) == [6, 4]
    assert Dice(0, [2, 6, 4, 1]).keep_highest(4, 0) == []


@pytest.mark.parametrize(("n", "keep"), [(2, 3), (2, -1), (0, 1)])
def test_keep_highest_rejects_impossible_keeps(n, keep):
    with pytest.raises(ValueError, match=f"cannot keep {keep} of {n} dice"):
        Dice(0).keep_highest(n, keep)


@pytest.mark.parametrize(("value", "half"), [(7, 4), (6, 3), (1, 1), (0, 0), (2, 1), (13, 7)])
def test_halve_up(value, half):
    assert halve_up(value) == half


@given(st.integers(min_value=0, max_value=10**9))
def test_halve_up_is_ceiling_of_half(value):
    assert halve_up(value) == math.ceil(value / 2) == (value + 1) // 2


def test_below_and_choice():
    dice = Dice(5)
    assert all(0 <= dice.below(7) < 7 for _ in range(200))
    assert {dice.below(3) for _ in range(200)} == {0, 1, 2}
    assert dice.choice(["only"]) == "only"
    with pytest.raises(ValueError, match="positive bound"):
        dice.below(0)


# -- expressions -----------------------------------------------------------------------------------
@given(seeds)
def test_parse_and_roll_2d6_plus_6(seed):
    assert 8 <= Dice(seed).parse_and_roll("2d6+6") <= 18


@pytest.mark.parametrize(
    ("expr", "low", "high"),
    [
        ("d6", 1, 6),
        ("D20", 1, 20),
        (" 2d6 + 6 ", 8, 18),
        ("4d6", 4, 24),
        ("2d6-1", 1, 11),
        ("d66", 11, 66),
        ("3d1+2", 5, 5),
    ],
)
def test_parse_and_roll_ranges(expr, low, high):
    dice = Dice(9)
    for _ in range(200):
        assert low <= dice.parse_and_roll(expr) <= high


def test_parse_and_roll_d66_is_tens_and_units():
    assert Dice(0, [2, 3]).parse_and_roll("d66") == 23


def test_parse_and_roll_uses_the_script():
    assert Dice(0, [1, 2]).parse_and_roll("2d6+6") == 9


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("d6", ((1, 6), 0)), ("2d6+6", ((2, 6), 6)), ("3d6-2", ((3, 6), -2)), ("d20", ((1, 20), 0))],
)
def test_parse_dice(text, parsed):
    assert parse_dice(text) == parsed


@pytest.mark.parametrize(
    "text", ["", "6", "d", "xd6", "2d", "2x6", "d6+", "2d6+x", "2d6+6-1", "2d6-1+3", "-2d6", "dd6"]
)
def test_parse_dice_rejects_garbage_and_names_the_form(text):
    with pytest.raises(ValueError, match="is not a dice expression; write it like 'd6'"):
        parse_dice(text)


# -- scripted dice ---------------------------------------------------------------------------------
def test_script_is_consumed_in_order_then_the_generator_takes_over():
    dice = Dice(42, [3, 5, 2])
    assert [dice.d6(), dice.d6(), dice.d6()] == [3, 5, 2]
    # Scripted rolls do not move the generator: the next rolls are the seed's first rolls.
    assert dice.rolls_of(10, 6) == Dice(42).rolls_of(10, 6)
    assert dice.rolls == 13


def test_script_is_checked_per_die():
    dice = Dice(0, [20, 6, 1])
    assert dice.d20() == 20
    assert dice.roll(6) == 6
    assert dice.roll(2) == 1


@pytest.mark.parametrize(("value", "sides"), [(7, 6), (0, 6), (-1, 6), (21, 20), (2, 1)])
def test_scripted_value_that_does_not_fit_raises(value, sides):
    dice = Dice(0, [value])
    expected = f"scripted roll {value} cannot come up on a d{sides}"
    with pytest.raises(ScriptedDiceError, match=expected):
        dice.roll(sides)


def test_scripted_dice_error_is_a_value_error_naming_the_faces():
    with pytest.raises(ValueError, match="a d6 shows 1 to 6"):
        Dice(0, [9]).d6()


def test_d66_checks_each_scripted_digit():
    with pytest.raises(ScriptedDiceError):
        Dice(0, [3, 7]).d66()
    with pytest.raises(ScriptedDiceError):
        Dice(0, [35]).d66()  # a d66 is two d6, not one 66-sided die


# -- shuffles --------------------------------------------------------------------------------------
@given(seeds, st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_permutation(seed, items):
    shuffled = list(items)
    Dice(seed).shuffle(shuffled)
    assert Counter(shuffled) == Counter(items)


@given(seeds, st.lists(st.integers(1, 6), min_size=1, max_size=5))
def test_shuffle_does_not_consume_the_script(seed, script):
    scripted = Dice(seed, script)
    plain = Dice(seed)
    a, b = list(range(30)), list(range(30))
    scripted.shuffle(a)
    plain.shuffle(b)
    assert a == b  # the script did not change the shuffle
    assert scripted.rolls_of(len(script), 6) == script  # and is still all there
    assert scripted.script == []


@given(seeds, st.lists(st.integers(), max_size=70))
def test_shuffle_is_fisher_yates_on_below(seed, items):
    """The written-out shuffle draws what `below` would, and leaves the dice where it would."""
    shuffled, expected = list(items), list(items)
    dice, twin = Dice(seed), Dice(seed)
    dice.shuffle(shuffled)
    for i in range(len(expected) - 1, 0, -1):
        j = twin.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled == expected
    assert dice.state == twin.state


@given(seeds, st.integers(-3, 200))
def test_skip_leaves_the_dice_where_as_many_draws_would(seed, calls):
    dice, twin = Dice(seed), Dice(seed)
    dice.skip(calls)
    for _ in range(calls):
        twin.below(7)
    assert dice.state == twin.state


def test_shuffle_is_deterministic_and_does_shuffle():
    a, b = list(range(52)), list(range(52))
    Dice(7).shuffle(a)
    Dice(7).shuffle(b)
    assert a == b
    assert a != list(range(52))
    c = list(range(52))
    Dice(8).shuffle(c)
    assert c != a


def test_shuffle_reaches_every_order_of_three_evenly():
    dice = Dice(123)
    counts: Counter[tuple[int, ...]] = Counter()
    trials = 6000
    for _ in range(trials):
        items = [0, 1, 2]
        dice.shuffle(items)
        counts[tuple(items)] += 1
    assert len(counts) == 6
    p = 1 / 6
    sigma = math.sqrt(trials * p * (1 - p))
    assert all(abs(c - trials * p) < 5 * sigma for c in counts.values()), counts


# -- sub-seeds -------------------------------------------------------------------------------------
def test_derive_seed_is_pinned():
    assert derive_seed(7) == 7
    assert derive_seed(7, 0) == 7191089600892374487
    assert derive_seed(7, 1) == 309689372594955804
    assert derive_seed(2024, 3, 1) == 11050932641505605219


@given(seeds, st.lists(st.integers(0, 1000), max_size=4))
def test_derive_seed_is_stable_and_in_range(seed, path):
    value = derive_seed(seed, *path)
    assert value == derive_seed(seed, *path)
    assert 0 <= value <= MASK


@given(seeds)
def test_derive_seed_differs_per_path(seed):
    paths = [(), (0,), (1,), (2,), (0, 0), (0, 1), (1, 0), (0, 0, 0)]
    derived = [derive_seed(seed, *p) for p in paths]
    assert len(set(derived)) == len(paths)


def test_derive_seed_differs_per_seed():
    assert len({derive_seed(s, 0) for s in range(1000)}) == 1000
    assert len({derive_seed(5, i) for i in range(1000)}) == 1000


# -- uniformity ------------------------------------------------------------------------------------
def test_d6_is_roughly_uniform():
    n = 60_000
    p = 1 / 6
    dice = Dice(20240601)
    counts = Counter(dice.d6() for _ in range(n))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    # Each face count is Binomial(n, 1/6): mean 10000, sigma about 91.3; allow 5 sigma.
    sigma = math.sqrt(n * p * (1 - p))
    for face, count in counts.items():
        assert abs(count - n * p) < 5 * sigma, (face, count)
    # Chi-square with 5 degrees of freedom: mean 5, sd sqrt(10); 5 + 5 * sqrt(10) is about 20.8.
    chi2 = sum((c - n * p) ** 2 / (n * p) for c in counts.values())
    assert chi2 < 5 + 5 * math.sqrt(10), chi2


def test_d20_is_roughly_uniform():
    n = 40_000
    p = 1 / 20
    dice = Dice(99)
    counts = Counter(dice.d20() for _ in range(n))
    sigma = math.sqrt(n * p * (1 - p))
    assert set(counts) == set(range(1, 21))
    assert all(abs(c - n * p) < 5 * sigma for c in counts.values()), counts


def test_keep_highest_expressions_roll_n_keep_k_and_add() -> None:
    from deadtable.engine.dice import Dice

    assert Dice(0, [2, 5, 3]).parse_and_roll("3d6kh1+5") == 10
    assert Dice(0, [2, 5, 3]).parse_and_roll("3d6kh2") == 8
    assert Dice(0, [4, 1]).parse_and_roll("2d6kh1") == 4
    with pytest.raises(ValueError, match="how many dice to keep"):
        Dice(0).parse_and_roll("2d6kh")


# -- synchronised dice (search worlds) --------------------------------------------------------
def test_synchronised_dice_roll_alike_after_each_mark_however_many_rolls_came_before():
    world = Dice(41)
    world.synchronise()
    one, other = world.clone(), world.clone()
    one.rolls_of(3)  # one imagined game rolls three dice before the next fixed point,
    other.rolls_of(7)  # the other seven
    one.mark()
    other.mark()
    assert one.rolls_of(10) == other.rolls_of(10)
    one.mark()
    other.rolls_of(2)
    other.mark()
    assert one.rolls_of(5) == other.rolls_of(5)


def test_a_real_games_dice_ignore_marks():
    marked, plain = Dice(41), Dice(41)
    marked.mark()
    assert marked.rolls_of(10) == plain.rolls_of(10)
    assert marked.to_data() == plain.to_data()
    assert "synchronised" not in marked.to_data()


def test_synchronised_dice_survive_clone_and_data():
    dice = Dice(5)
    dice.synchronise()
    dice.mark()
    dice.roll()
    copy = Dice.from_data(dice.to_data())
    assert copy == dice and copy.clone() == dice
    copy.mark()
    dice.mark()
    assert copy.rolls_of(4) == dice.rolls_of(4)


@pytest.mark.parametrize(
    ("text", "expected", "highest"),
    [
        ("d6", DiceExpression(1, 6), 6),
        ("2D6 + 6", DiceExpression(2, 6, 6), 18),
        ("3d6kh1+5", DiceExpression(3, 6, 5, keep=1), 11),
        ("d66", DiceExpression(2, 6, d66=True), 66),
        ("4d6-1", DiceExpression(4, 6, -1), 23),
    ],
)
def test_parse_expression_reads_what_parse_and_roll_rolls(text, expected, highest):
    e = parse_expression(text)
    assert e == expected and e.highest == highest
    for seed in range(20):  # rolling the parsed expression is rolling the text
        assert Dice(seed).roll_expression(e) == Dice(seed).parse_and_roll(text)


@pytest.mark.parametrize("text", ["2d6kh", "d", "2x6", "2d6+x", "2d6-1+3"])
def test_parse_expression_refuses_what_parse_and_roll_refuses(text):
    with pytest.raises(ValueError) as refused:
        parse_expression(text)
    with pytest.raises(ValueError) as also:
        Dice(1).parse_and_roll(text)
    assert str(refused.value) == str(also.value)
