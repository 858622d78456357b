"""Secrets: who may read them, revealing, and determinization within groups."""

from __future__ import annotations

from collections import Counter

from deadtable.engine.dice import Dice
from deadtable.engine.secrets import Secret, redeal


def markers() -> list[Secret]:
    # the raiders' order markers, face down on three cards; the campers see none of them
    return [Secret(v, ("raiders",), group="markers:raiders") for v in ("2", "X", "1", "3")]


def test_a_secret_shows_only_to_its_owners_until_revealed():
    secret = Secret("real", ("player-3",), group="hide:joey")
    assert secret.shown("player-3") == "real" and secret.shown("player-1") is None
    assert secret.reveal() == "real"
    assert secret.shown("player-1") == "real"


def test_json_round_trip_and_copies_are_independent():
    secret = Secret(3, ("survivors",), group="g")
    again = Secret.from_data(secret.to_data())
    assert again == secret
    other = secret.copy()
    other.reveal()
    assert not secret.revealed and other != secret


def test_redeal_keeps_seen_values_and_permutes_the_unseen_within_their_group():
    hidden = markers()
    tokens = [Secret("decoy", ("p1",), group="hide:a"), Secret("real", ("p1",), group="hide:a")]
    known = Secret("2", ("campers",), group="markers:campers")
    opened = Secret("1", ("raiders",), revealed=True, group="markers:raiders")
    everything = [*hidden, *tokens, known, opened]
    redeal(everything, "campers", Dice(5))
    assert known.value == "2" and opened.value == "1"
    assert Counter(s.value for s in hidden) == Counter(["2", "X", "1", "3"])
    assert sorted(str(s.value) for s in tokens) == ["decoy", "real"]


def test_redeal_depends_on_the_dice_not_on_the_true_values():
    # two worlds that differ only in where the secret values truly lie deal alike
    a, b = markers(), list(reversed(markers()))
    for s, t in zip(a, b, strict=True):
        s.group = t.group = "markers:raiders"
    redeal(a, "campers", Dice(11))
    redeal(b, "campers", Dice(11))
    assert [s.value for s in a] == [s.value for s in b]


def test_redeal_samples_every_arrangement():
    seen = set()
    for seed in range(200):
        hidden = markers()
        redeal(hidden, "campers", Dice(seed))
        seen.add(tuple(s.value for s in hidden))
    assert len(seen) == 24  # 4! arrangements of four distinct markers


def test_the_owner_redeals_nothing():
    hidden = markers()
    redeal(hidden, "raiders", Dice(1))
    assert [s.value for s in hidden] == ["2", "X", "1", "3"]
