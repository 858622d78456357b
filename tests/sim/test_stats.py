import math
from collections import Counter

import pytest

from deadtable.sim.stats import (
    Pairs,
    Played,
    Tally,
    binomial_tail,
    mcnemar,
    newcombe_paired,
    percentile,
    wilson,
)


@pytest.mark.parametrize(
    ("successes", "n", "expected"),
    [
        (50, 100, (0.4038, 0.5962)),
        (0, 10, (0.0, 0.2775)),
        (10, 10, (0.7225, 1.0)),
        (1, 3, (0.0615, 0.7923)),
        (900, 1000, (0.8798, 0.9170)),
    ],
)
def test_wilson_matches_known_intervals(
    successes: int, n: int, expected: tuple[float, float]
) -> None:
    lo, hi = wilson(successes, n)
    assert lo == pytest.approx(expected[0], abs=1e-4)
    assert hi == pytest.approx(expected[1], abs=1e-4)


def test_wilson_widens_with_z() -> None:
    narrow, wide = wilson(30, 100, z=1.0), wilson(30, 100, z=2.576)
    assert wide[0] < narrow[0] < 0.3 < narrow[1] < wide[1]


def test_wilson_with_no_games_is_the_whole_range() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson(3, 2)
    with pytest.raises(ValueError):
        wilson(-1, 2)


def played(label: str, steps: int, result: str, score: float) -> Played:
    return Played(label, steps, {"red": result, "blue": "loss"}, {"red": score}, label + "-cause")


def test_tallies_merge_to_the_same_as_one_tally() -> None:
    games = [played("win", 3, "win", 1), played("loss", 5, "loss", 0), played("win", 4, "win", 2)]
    whole = Tally("red")
    for game in games:
        whole.add(game)
    left, right = Tally("red"), Tally("red")
    left.add(games[0])
    right.add(games[1])
    right.add(games[2])
    left.merge(right)
    assert left == whole
    summary = whole.summary()
    assert summary["outcomes"] == {"loss": 1, "win": 2}
    assert summary["win_rate"] == pytest.approx(2 / 3)
    assert summary["mean_steps"] == 4
    assert summary["causes"] == {"loss-cause": 1, "win-cause": 2}
    assert summary["mean_score"] == {"red": 1.0}


def test_tally_rates_lengths_and_causes_of_loss() -> None:
    tally = Tally("red")
    for game in [played("win", 3, "win", 1), played("loss", 5, "loss", 0),
                 played("win", 4, "win", 2), played("draw", 4, "draw", 0)]:
        tally.add(game)
    summary = tally.summary()
    assert summary["rates"]["win"]["count"] == 2 and summary["rates"]["win"]["rate"] == 0.5
    assert summary["rates"]["draw"]["count"] == 1 and summary["rates"]["loss"]["count"] == 1
    lo, hi = summary["rates"]["win"]["ci95"]
    assert (lo, hi) == pytest.approx(wilson(2, 4))
    assert summary["length"] == {"mean": 4.0, "sd": pytest.approx(math.sqrt(0.5)), "min": 3,
                                 "p10": 3, "median": 4, "p90": 5, "max": 5}
    assert summary["loss_causes"] == {"loss-cause": 1}
    assert tally.histogram() == {3: 1, 4: 2, 5: 1}
    assert Tally.from_data(tally.to_data()) == tally


def test_percentiles_of_counted_values() -> None:
    counts = Counter({1: 5, 2: 3, 10: 2})  # 1 1 1 1 1 2 2 2 10 10
    assert [percentile(counts, q) for q in (0.1, 0.5, 0.6, 0.8, 0.9, 1.0)] == [1, 1, 2, 2, 10, 10]
    assert percentile(Counter(), 0.5) == 0


@pytest.mark.parametrize(
    ("only_a", "only_b", "expected"),
    [
        (12, 2, 212 / 2**14),  # 2 * P(X <= 2), X ~ Binomial(14, 1/2)
        (0, 5, 2 / 32),
        (3, 3, 1.0),
        (0, 0, 1.0),
        (1, 0, 1.0),
        (10, 0, 2 / 1024),
    ],
)
def test_mcnemar_exact_matches_the_binomial_tail(only_a: int, only_b: int, expected: float) -> None:
    p, method = mcnemar(only_a, only_b)
    assert method == "exact"
    assert p == pytest.approx(expected, rel=1e-12)


def test_mcnemar_with_many_discordant_pairs_uses_the_normal_approximation() -> None:
    p, method = mcnemar(5000, 4800)  # 9800 pairs: still exact
    assert method == "exact"
    chi = 199 / math.sqrt(9800)
    assert p == pytest.approx(math.erfc(chi / math.sqrt(2)), rel=0.01)  # they agree here
    q, method = mcnemar(5200, 5000)
    assert method == "normal"
    # chi = (|5200 - 5000| - 1) / sqrt(10200) = 1.97040...; two-sided p = 0.04879...
    assert q == pytest.approx(math.erfc(199 / math.sqrt(10200) / math.sqrt(2)))
    assert q == pytest.approx(0.04879, abs=1e-4)


def test_newcombe_paired_interval() -> None:
    # No difference at all: centred on 0.
    lo, hi = newcombe_paired(40, 0, 0, 60)
    assert lo < 0 < hi and lo == pytest.approx(-hi)
    # Swapping A and B mirrors the interval.
    lo1, hi1 = newcombe_paired(36, 12, 2, 0)
    lo2, hi2 = newcombe_paired(36, 2, 12, 0)
    assert (lo1, hi1) == pytest.approx((-hi2, -lo2))
    assert lo1 < (12 - 2) / 50 < hi1 and lo1 > 0
    # With many pairs it approaches the Wald interval for paired proportions.
    a, b, c, d = 30000, 6000, 4000, 60000
    n = a + b + c + d
    half = 1.96 * math.sqrt(b + c - (b - c) ** 2 / n) / n
    lo, hi = newcombe_paired(a, b, c, d)
    assert lo == pytest.approx((b - c) / n - half, abs=2e-4)
    assert hi == pytest.approx((b - c) / n + half, abs=2e-4)
    assert newcombe_paired(0, 0, 0, 0) == (-1.0, 1.0)
    with pytest.raises(ValueError):
        newcombe_paired(-1, 0, 0, 0)


def test_pairs_count_and_summarise() -> None:
    pairs = Pairs()
    for a_won, b_won in [(True, True), (True, False), (True, False), (False, True), (False, False)]:
        pairs.add(a_won, b_won)
    assert pairs.to_data() == [1, 2, 1, 1] and pairs.games == 5
    summary = pairs.summary()
    assert summary["difference"] == pytest.approx(0.2)
    assert summary["p_value"] == 1.0
    assert "3 discordant pairs" in summary["test"]


def test_the_binomial_tail_in_log_space_equals_the_exact_sum_on_small_cases() -> None:
    for n in range(41):
        for k in range(n // 2 + 1):
            exact = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
            assert binomial_tail(n, k) == pytest.approx(exact, rel=1e-12), (n, k)


@pytest.mark.parametrize(
    ("only_a", "only_b", "expected"),
    [
        # the exact big-integer sums (about 20 s each), computed once:
        # 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n
        (5000, 4800, 0.04440414879984629),
        (4700, 5300, 2.0760336959207247e-09),
        (662, 430, 2.2776613443299727e-12),
        (1309, 4, 0.0),  # below the smallest double, as the exact sum also says
    ],
)
def test_mcnemar_on_thousands_of_discordant_seeds_is_still_exact(
        only_a: int, only_b: int, expected: float) -> None:
    p, method = mcnemar(only_a, only_b)
    assert method == "exact"
    assert p == pytest.approx(expected, rel=1e-9, abs=1e-300)


def test_the_binomial_tail_refuses_a_k_past_the_middle() -> None:
    with pytest.raises(ValueError, match="0 <= k <= n / 2"):
        binomial_tail(10, 6)
