"""Counting finished games, and the statistics a batch reports.

- `wilson`: the Wilson score interval for a proportion (win, draw and loss rates).
- `newcombe_paired`: Newcombe's (1998) method 10 interval for the difference of two
  proportions measured on the same subjects (here: the same seeds), from Wilson intervals.
- `mcnemar`: McNemar's test on the discordant pairs: exact (binomial) when there are few of
  them, the normal approximation with continuity correction otherwise.

A Tally holds only sums and counters (outcome labels, causes, game lengths, each side's wins,
draws and losses), so a batch of millions of games takes as little memory as a batch of ten.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class Played(NamedTuple):
    """One finished game, as a batch counts it."""

    label: str  # Outcome.label: "win", "loss", "win:red", "draw"
    steps: int  # actions applied
    results: dict[str, str]  # seat -> win/loss/draw
    scores: dict[str, float]
    cause: str  # Outcome.cause


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion; (0, 1) when there is nothing to go on."""
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n; got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
    # Clamp: rounding can push the ends a hair outside [0, 1] at p = 0 or 1.
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe_paired(
    both: int, only_a: int, only_b: int, neither: int, z: float = 1.96
) -> tuple[float, float]:
    """Interval for p_a - p_b from paired counts (Newcombe 1998, method 10): `both` pairs
    where A and B succeed, `only_a`, `only_b`, `neither`."""
    a, b, c, d = both, only_a, only_b, neither
    if min(a, b, c, d) < 0:
        raise ValueError(f"paired counts cannot be negative: {a, b, c, d}")
    n = a + b + c + d
    if n == 0:
        return -1.0, 1.0
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n, z)
    l2, u2 = wilson(a + c, n, z)
    theta = p1 - p2
    denom = (a + b) * (c + d) * (a + c) * (b + d)
    # Newcombe's estimate of the correlation, with his correction of the cross product.
    cross = a * d - b * c
    corrected = cross - n / 2 if cross > n / 2 else (cross if cross < 0 else 0.0)
    phi = 0.0 if denom == 0 else corrected / math.sqrt(denom)
    dl1, du1, dl2, du2 = p1 - l1, u1 - p1, p2 - l2, u2 - p2
    lower = theta - math.sqrt(max(0.0, dl1 * dl1 - 2 * phi * dl1 * du2 + du2 * du2))
    upper = theta + math.sqrt(max(0.0, du1 * du1 - 2 * phi * du1 * dl2 + dl2 * dl2))
    return max(-1.0, lower), min(1.0, upper)


EXACT_UP_TO = 10_000  # discordant pairs; beyond this the normal approximation is excellent


def binomial_tail(n: int, k: int) -> float:
    """P(X <= k) for X ~ Binomial(n, 1/2), with k <= n / 2.

    Summed in log space, not as big integers (math.comb(10000, i) has 3000 digits; a sum of
    thousands of them took seconds): the largest term, C(n, k) / 2^n, comes from lgamma, and
    the others as ratios to it, C(n, i - 1) / C(n, i) = i / (n - i + 1), until they no longer
    count in a double. A tail below about 1e-308 is 0.0."""
    if not 0 <= k <= n / 2:
        raise ValueError(f"binomial_tail needs 0 <= k <= n / 2, got n={n}, k={k}")
    log_largest = (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                   - n * math.log(2))
    total, term = 0.0, 1.0  # terms relative to the largest, from i = k down
    for i in range(k, 0, -1):
        total += term
        term *= i / (n - i + 1)
        if term < 1e-17 * total:
            break
    else:
        total += term  # i = 0 still counted
    return math.exp(log_largest + math.log(total))


def mcnemar(only_a: int, only_b: int) -> tuple[float, str]:
    """Two-sided p-value of McNemar's test on the discordant pairs, and the method used."""
    if only_a < 0 or only_b < 0:
        raise ValueError(f"discordant counts cannot be negative: {only_a}, {only_b}")
    n = only_a + only_b
    if n == 0:
        return 1.0, "exact"
    if n <= EXACT_UP_TO:
        return min(1.0, 2 * binomial_tail(n, min(only_a, only_b))), "exact"
    chi = (abs(only_a - only_b) - 1) / math.sqrt(n)
    return min(1.0, math.erfc(max(0.0, chi) / math.sqrt(2))), "normal"


def _rate(count: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(count, n)
    return {"count": count, "rate": count / n if n else 0.0, "ci95": [lo, hi]}


RESULTS_ORDER = ("win", "draw", "loss")  # a side's counts: [wins, draws, losses]
RESULT_INDEX = {result: i for i, result in enumerate(RESULTS_ORDER)}


def _rates(counts: list[int]) -> dict[str, Any]:
    """Counts, win rate and each rate with its Wilson interval, for a side or a seat."""
    n = sum(counts)
    lo, hi = wilson(counts[0], n)
    return {
        "games": n,
        "outcomes": dict(zip(RESULTS_ORDER, counts, strict=True)),
        "win_rate": counts[0] / n if n else 0.0,
        "ci95": [lo, hi],
        "rates": {key: _rate(count, n) for key, count in zip(RESULTS_ORDER, counts, strict=True)},
    }


def side_results(results: dict[str, str], sides: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """side -> result, checking that a side's seats share theirs (Outcome.by_side, without
    building an Outcome: this runs once a game in every batch)."""
    folded = {}
    for side, members in sides.items():
        result = results[members[0]]
        for seat in members[1:]:
            if results[seat] != result:
                each = ", ".join(f"{s} {results[s]}" for s in members)
                raise ValueError(f"the seats of side {side!r} do not share a result ({each}); "
                                 f"a side wins, draws or loses as one")
        folded[side] = result
    return folded


def percentile(counts: Counter[int], q: float) -> int:
    """The smallest value with at least a share q of the counted values at or below it."""
    total = sum(counts.values())
    if total == 0:
        return 0
    need = q * total
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= need:
            return value
    return max(counts)


@dataclass
class Tally:
    """Sums over games that merge in any grouping, so workers can each keep one."""

    first_seat: str  # the seat whose results make the win, draw and loss rates
    games: int = 0
    wins: int = 0
    draws: int = 0
    steps: int = 0
    steps_squared: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    causes: Counter[str] = field(default_factory=Counter)
    loss_causes: Counter[str] = field(default_factory=Counter)  # the first seat's losses
    lengths: Counter[int] = field(default_factory=Counter)  # steps -> games that long
    score_sums: dict[str, float] = field(default_factory=dict)
    sides: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the game's, side -> seats
    # side -> [wins, draws, losses]: integers, so they merge to the same sums in any grouping.
    # Keyed in the game's side order from the start, so that every merge keeps one key order.
    side_counts: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for side in self.sides:
            self.side_counts.setdefault(side, [0, 0, 0])

    def add(self, played: Played) -> None:
        self.games += 1
        result = played.results.get(self.first_seat)
        self.wins += result == "win"
        self.draws += result == "draw"
        if result == "loss":
            self.loss_causes[played.cause] += 1
        self.steps += played.steps
        self.steps_squared += played.steps * played.steps
        self.lengths[played.steps] += 1
        self.outcomes[played.label] += 1
        self.causes[played.cause] += 1
        self._add_scores(played.scores)
        if self.sides:
            for side, side_result in side_results(played.results, self.sides).items():
                self.side_counts[side][RESULT_INDEX[side_result]] += 1

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.steps += other.steps
        self.steps_squared += other.steps_squared
        self.outcomes.update(other.outcomes)
        self.causes.update(other.causes)
        self.loss_causes.update(other.loss_causes)
        self.lengths.update(other.lengths)
        self._add_scores(other.score_sums)
        for side, counts in other.side_counts.items():
            mine = self.side_counts.setdefault(side, [0, 0, 0])
            for i, count in enumerate(counts):
                mine[i] += count

    def _add_scores(self, scores: dict[str, float]) -> None:
        for seat, score in scores.items():
            self.score_sums[seat] = self.score_sums.get(seat, 0.0) + score

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    def summary(self) -> dict[str, Any]:
        """The counting part of a simulate() result."""
        n = self.games
        lo, hi = wilson(self.wins, n)
        mean = self.steps / n if n else 0.0
        var = self.steps_squared / n - mean * mean if n else 0.0
        return {
            "outcomes": dict(sorted(self.outcomes.items())),
            "win_rate": self.wins / n if n else 0.0,
            "ci95": [lo, hi],
            "rates": {
                "win": _rate(self.wins, n),
                "draw": _rate(self.draws, n),
                "loss": _rate(self.losses, n),
            },
            "mean_steps": mean,
            "length": {
                "mean": mean,
                "sd": math.sqrt(max(0.0, var)),
                "min": min(self.lengths) if self.lengths else 0,
                "p10": percentile(self.lengths, 0.1),
                "median": percentile(self.lengths, 0.5),
                "p90": percentile(self.lengths, 0.9),
                "max": max(self.lengths) if self.lengths else 0,
            },
            "causes": dict(sorted(self.causes.items())),
            "loss_causes": dict(sorted(self.loss_causes.items())),
            "mean_score": {s: v / n for s, v in sorted(self.score_sums.items())} if n else {},
            "sides": self.sides_summary(),
        }

    def sides_summary(self) -> dict[str, Any]:
        """Per side: its seats, counts, win rate and rates with Wilson intervals; for a side of
        several seats, each seat's too (the same counts, since a side's seats share their
        result). A side's `games` can be fewer than the batch's only when the batch resumed
        chunks kept before sides were counted (see from_data)."""
        out: dict[str, Any] = {}
        for side, counts in self.side_counts.items():
            members = self.sides.get(side, (side,))
            entry: dict[str, Any] = {"seats": list(members), **_rates(counts)}
            if len(members) > 1:
                entry["by_seat"] = {seat: _rates(counts) for seat in members}
            out[side] = entry
        return out

    def histogram(self) -> dict[int, int]:
        """Game length (steps) -> how many games were that long."""
        return dict(sorted(self.lengths.items()))

    # -- plain data, for the results store ---------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {
            "first_seat": self.first_seat,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "steps": self.steps,
            "steps_squared": self.steps_squared,
            "outcomes": dict(self.outcomes),
            "causes": dict(self.causes),
            "loss_causes": dict(self.loss_causes),
            "lengths": [[k, v] for k, v in sorted(self.lengths.items())],
            "score_sums": dict(self.score_sums),
            "sides": {side: list(members) for side, members in self.sides.items()},
            "side_counts": {side: list(counts) for side, counts in self.side_counts.items()},
        }

    @classmethod
    def from_data(cls, data: dict[str, Any],
                  sides: dict[str, tuple[str, ...]] | None = None) -> Tally:
        """A tally kept by to_data. One kept before sides were counted (no `side_counts`)
        gets `sides` (the game's) and, exactly, the counts of the first seat's side: its
        seats share the first seat's results. Other sides' counts cannot be known from it, so
        they count none of its games (their `games` says so)."""
        tally = cls(
            data["first_seat"],
            data["games"],
            data["wins"],
            data["draws"],
            data["steps"],
            data["steps_squared"],
            Counter(data["outcomes"]),
            Counter(data["causes"]),
            Counter(data["loss_causes"]),
            Counter({k: v for k, v in data["lengths"]}),
            dict(data["score_sums"]),
            {side: tuple(members) for side, members in (data.get("sides") or sides or {}).items()},
        )
        if "side_counts" in data:
            tally.side_counts = {side: list(c) for side, c in data["side_counts"].items()}
        else:
            for side, members in tally.sides.items():
                if tally.first_seat in members:
                    tally.side_counts[side] = [tally.wins, tally.draws, tally.losses]
        return tally


@dataclass
class Pairs:
    """Two configurations played on the same seeds: how often each won, game by game."""

    both: int = 0
    only_a: int = 0
    only_b: int = 0
    neither: int = 0

    def add(self, a_won: bool, b_won: bool) -> None:
        if a_won and b_won:
            self.both += 1
        elif a_won:
            self.only_a += 1
        elif b_won:
            self.only_b += 1
        else:
            self.neither += 1

    def merge(self, other: Pairs) -> None:
        self.both += other.both
        self.only_a += other.only_a
        self.only_b += other.only_b
        self.neither += other.neither

    @property
    def games(self) -> int:
        return self.both + self.only_a + self.only_b + self.neither

    def summary(self) -> dict[str, Any]:
        n = self.games
        lo, hi = newcombe_paired(self.both, self.only_a, self.only_b, self.neither)
        p, method = mcnemar(self.only_a, self.only_b)
        return {
            "pairs": {"both": self.both, "only_a": self.only_a, "only_b": self.only_b,
                      "neither": self.neither},
            "difference": (self.only_a - self.only_b) / n if n else 0.0,
            "ci95": [lo, hi],
            "p_value": p,
            "test": f"McNemar ({method}) on {self.only_a + self.only_b} discordant pairs",
        }

    def to_data(self) -> list[int]:
        return [self.both, self.only_a, self.only_b, self.neither]

    @classmethod
    def from_data(cls, data: list[int]) -> Pairs:
        return cls(*data)
