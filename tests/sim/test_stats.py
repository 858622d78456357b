import pytest

from deadtable.sim.stats import Played, Tally, wilson


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
