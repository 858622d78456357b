"""Properties: making change with the zombie dice, and the invariants random play must keep
(life, zombies, one weapon of each kind, one survivor, the 54 cards, hidden cards, clone and
JSON round trips) for many seeds and option combinations."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import deadtable
from deadtable.games.one_against_the_dead import cards
from deadtable.games.one_against_the_dead.data import load_rules
from deadtable.games.one_against_the_dead.state import OneAgainstTheDeadState, step
from deadtable.games.one_against_the_dead.zombies import make_change
from tests.games.one_against_the_dead.conftest import GAME

POOL = load_rules().zombie_dice  # {10: 5, 5: 1, 1: 4}
FACE_RANK = {"bat": "J", "chainsaw": "Q", "shotgun": "K"}


# -- making change ----------------------------------------------------------------------------
def fewest_dice(n: int) -> int | None:
    best = None
    for t, f, o in product(range(POOL[10] + 1), range(POOL[5] + 1), range(POOL[1] + 1)):
        if 10 * t + 5 * f + o == n and (best is None or t + f + o < best):
            best = t + f + o
    return best


def test_the_pool_is_the_rulebooks_four_ones_one_five_and_five_tens() -> None:
    assert POOL == {10: 5, 5: 1, 1: 4}


@given(st.integers(min_value=0, max_value=59))
def test_make_change_uses_the_fewest_dice_and_adds_up(n: int) -> None:
    dice = make_change(n, POOL)
    assert dice is not None
    assert sum(size * count for size, count in dice.items()) == n
    assert all(0 <= dice.get(size, 0) <= POOL[size] for size in POOL)
    assert sum(dice.values()) == fewest_dice(n)


@given(st.integers(min_value=60, max_value=100_000))
def test_make_change_cannot_show_60_or_more(n: int) -> None:
    if n < 100:
        assert fewest_dice(n) is None
    assert make_change(n, POOL) is None


# -- random play --------------------------------------------------------------------------------
OPTIONS = st.fixed_dictionaries({
    "row": st.integers(min_value=1, max_value=8),
    "weapon-powers": st.sampled_from(["3-4-5", "3-4-6", "3-5-6", "4-5-6"]),
    "survivor-life": st.sampled_from(["d6", "2d6", "d6+3"]),
    "final-battle": st.sampled_from(["kill-all", "survive"]),
    "helicopter-zombies": st.sampled_from(["card-value", "none"]),
    "flip-placement": st.sampled_from(["current-card", "previous-card"]),
    "match-neighbours": st.sampled_from(["all-cards", "numbers-only"]),
    "match-same-turn": st.booleans(),
    "match-mixed": st.booleans(),
    "share-by": st.sampled_from(["zombies", "dice"]),
    "scoring": st.sampled_from(["life", "kills"]),
    "max-turns": st.sampled_from([200, 4, 15]),
})


def choose(state: OneAgainstTheDeadState, rng: random.Random, eager: bool) -> str:
    """A random legal action; an eager player prefers finds, weapons and the helicopter."""
    legal = state.decision.ids  # type: ignore[union-attr]
    if eager and rng.random() < 0.8:
        for prefix in ("rescue", "take:", "arm:", "fight:weapon", "survivor:weapon"):
            picks = [a for a in legal if a.startswith(prefix)]
            if picks:
                return rng.choice(picks)
        closer = [
            a for a in legal
            if a.startswith("move:") and state.distance(_dest(state, a)) < state.distance(state.pos)
        ]
        if closer:
            return rng.choice(closer)
    return rng.choice(legal)


def _dest(state: OneAgainstTheDeadState, action: str) -> tuple[int, int]:
    return step(state.pos, action.split(":")[1])


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(k) + strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings(v)]
    return []


def check_invariants(state: OneAgainstTheDeadState) -> None:
    row = state.options["row"]
    rules = state.rules
    # Life.
    assert state.life_max == 2 * row
    assert 0 <= state.life <= state.life_max
    if state.outcome is None:
        assert state.life > 0
    # Survivors: at most one, alive, never above his starting life.
    assert state.survivor is None or state.map_survivor is None
    if state.survivor is not None:
        assert 1 <= state.survivor.life <= state.survivor.life_max
    if state.map_survivor is not None:
        where, waiting = state.map_survivor
        assert 1 <= waiting.life == waiting.life_max
        assert state.face_up(where) and cards.rank(state.grid[where]) == "A"
        assert waiting.weapon is None
    # Zombies.
    assert 0 <= state.zombies <= 59
    # Weapons: at most one of each kind among carried and lying on the map.
    kinds = [w.kind for w in state.map_weapons.values()]
    held = [state.weapon] + ([state.survivor.weapon] if state.survivor else [])
    kinds += [w.kind for w in held if w is not None]
    assert len(kinds) == len(set(kinds)), kinds
    # A survivor never carries a more powerful weapon than you (Fists < Bat < Chainsaw < Shotgun).
    if state.survivor is not None and state.survivor.weapon is not None:
        mine = "fists" if state.weapon is None else state.weapon.kind
        assert rules.rank[state.survivor.weapon.kind] <= rules.rank[mine]
    for where, weapon in state.map_weapons.items():
        assert state.face_up(where) and cards.rank(state.grid[where]) == FACE_RANK[weapon.kind]
    for weapon in [*held, *state.map_weapons.values()]:
        if weapon is None:
            continue
        if weapon.kind in rules.charged:
            assert weapon.charge is not None and 1 <= weapon.charge <= 6
        else:
            assert weapon.charge is None
    # The city: face-down cards only on the row between start and helicopter.
    assert state.face_down <= {(x, 0) for x in range(1, row + 1)}
    assert state.face_down <= set(state.grid)
    assert state.helicopter == (row + 1, 0) and state.face_up(state.helicopter)
    assert state.face_up(state.pos) and cards.is_number(state.grid[state.pos])
    # Every card is somewhere: the deck, the table, in hand, or removed at SETUP.
    everywhere = [*state.deck.cards, *state.grid.values(), *state.pending, *state.removed]
    assert Counter(everywhere) == Counter(cards.full_deck())
    # The view: JSON, no face-down card, no deck order.
    seen = state.view("player")
    json.dumps(seen)
    log = [e["text"] for e in seen.pop("log")]
    assert seen.pop("removed") == sorted(state.removed)  # set aside in the open at SETUP
    shown = set(strings(seen))
    hidden = {state.grid[p] for p in state.face_down} | set(state.deck.cards)
    assert not (shown & hidden), shown & hidden
    assert state.deck.cards == [] or state.deck.cards not in list(_lists(seen))
    for p in state.face_down:
        assert not any(cards.name(state.grid[p]) in line for line in log)
    for card in set(state.deck.cards) - {cards.JOKER}:
        name = cards.name(card)
        assert all(line.startswith("Burned") for line in log if name in line)
    for entry in seen["cards"]:
        assert (entry["card"] is None) == ((entry["x"], entry["y"]) in state.face_down)


def _lists(value: Any) -> Any:
    if isinstance(value, list):
        yield value
        for v in value:
            yield from _lists(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _lists(v)


def check_copies(state: OneAgainstTheDeadState, action: str) -> None:
    """A clone and a JSON round trip offer the same decision and play on identically."""
    assert state.decision is not None
    legal = state.decision.ids
    before = state.to_data()
    clone = state.clone()
    loaded = state.game.from_json(state.to_json())
    for copy in (clone, loaded):
        assert copy.decision is not None and copy.decision.ids == legal
        assert copy.to_data() == before
    clone.apply(action)
    assert state.to_data() == before  # play on the clone never touches the original
    state.apply(action)
    loaded.apply(action)
    assert clone.to_data() == state.to_data() == loaded.to_data()


def run(seed: int, options: dict[str, Any], eager: bool, copies_every: int) -> str:
    game = deadtable.load(GAME, **options)
    state = game.new(seed=seed)
    assert isinstance(state, OneAgainstTheDeadState)
    rng = random.Random(seed)
    check_invariants(state)
    steps = 0
    while state.decision is not None:
        action = choose(state, rng, eager)
        if steps % copies_every == 0:
            check_copies(state, action)
        else:
            state.apply(action)
        check_invariants(state)
        steps += 1
        assert steps < 5_000
    assert state.outcome is not None
    assert state.outcome.cause in ("evacuated", "killed", "overrun", "stranded", "out-of-time")
    assert (state.outcome.results["player"] == "win") == (state.outcome.cause == "evacuated")
    if state.outcome.cause == "evacuated":
        assert state.pos == state.helicopter
    return state.outcome.cause


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1), options=OPTIONS, eager=st.booleans())
def test_random_play_keeps_the_invariants(seed: int, options: dict[str, Any], eager: bool) -> None:
    run(seed, options, eager, copies_every=3)


def test_seeded_play_keeps_the_invariants_and_reaches_every_kind_of_ending() -> None:
    causes = Counter()
    for seed in range(200):
        options = {"row": 1 + seed % 4, "max-turns": 200 if seed % 5 else 6,
                   "final-battle": "survive" if seed % 2 else "kill-all"}
        causes[run(seed, options, eager=True, copies_every=4)] += 1
    assert {"evacuated", "killed", "out-of-time"} <= set(causes), causes

