"""Counting finished games, and the interval around a win rate."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple


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


@dataclass
class Tally:
    """Sums over games that merge in any grouping, so workers can each keep one."""

    first_seat: str  # the seat whose wins make the win rate
    games: int = 0
    wins: int = 0
    steps: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    causes: Counter[str] = field(default_factory=Counter)
    score_sums: dict[str, float] = field(default_factory=dict)

    def add(self, played: Played) -> None:
        self.games += 1
        self.wins += played.results.get(self.first_seat) == "win"
        self.steps += played.steps
        self.outcomes[played.label] += 1
        self.causes[played.cause] += 1
        self._add_scores(played.scores)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.steps += other.steps
        self.outcomes.update(other.outcomes)
        self.causes.update(other.causes)
        self._add_scores(other.score_sums)

    def _add_scores(self, scores: dict[str, float]) -> None:
        for seat, score in scores.items():
            self.score_sums[seat] = self.score_sums.get(seat, 0.0) + score

    def summary(self) -> dict[str, object]:
        """The counting part of a simulate() result."""
        n = self.games
        lo, hi = wilson(self.wins, n)
        return {
            "outcomes": dict(sorted(self.outcomes.items())),
            "win_rate": self.wins / n if n else 0.0,
            "ci95": [lo, hi],
            "mean_steps": self.steps / n if n else 0.0,
            "causes": dict(sorted(self.causes.items())),
            "mean_score": {s: v / n for s, v in sorted(self.score_sums.items())} if n else {},
        }
