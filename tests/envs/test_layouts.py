"""Encodings that stay true: the docs' layout tables are the code's, each env version pins
its layouts by digest, layouts grow only at their end, and Chainsaw Warrior's slot-aimed
encoding plays the same games as the card-aimed one."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.extras import need

np = need("numpy", reason="the rl extra (numpy) is not installed")

import deadtable  # noqa: E402
from deadtable.envs import ENV_VERSION, layouts  # noqa: E402
from deadtable.envs.encodings import encoding_for  # noqa: E402
from deadtable.games.chainsaw_warrior import encoding as cw_encoding  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def test_the_docs_tables_are_generated_from_the_code() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert layouts.replace_section(text, layouts.markdown()) == text, (
        "docs/research.md's layout tables differ from the code: run "
        "`python scripts/research_tables.py` (and raise ENV_VERSION if a layout changed)")


def test_the_layouts_are_the_ones_this_version_recorded() -> None:
    recorded = layouts.DIGESTS.get(ENV_VERSION)
    assert recorded is not None, f"ENV_VERSION {ENV_VERSION} has no digests in layouts.py"
    assert layouts.digests() == recorded, (
        "an encoding's layout changed: raise deadtable.envs.ENV_VERSION and record the new "
        "digests (scripts/research_tables.py prints them) in deadtable/envs/layouts.py")


def test_a_changed_layout_changes_the_digest() -> None:
    encoding = encoding_for(deadtable.load("one-against-the-dead"))
    layout = encoding.layout()
    assert layout["actions"][0] == "move:right" and encoding.digest() == \
        layouts.DIGESTS[ENV_VERSION]["one-against-the-dead"]
    other = encoding_for(deadtable.load("one-against-the-dead", **{"max-turns": 50}))
    assert other.digest() == encoding.digest()  # options that move no slot keep it
    slots = encoding_for(deadtable.load("chainsaw-warrior"), aim="slot")
    assert slots.digest() != encoding_for(deadtable.load("chainsaw-warrior")).digest()


def test_the_question_order_is_explicit_and_append_only() -> None:
    from deadtable.games.chainsaw_warrior.flow import QUESTIONS

    order = cw_encoding._questions()
    assert order[0] == "" and set(QUESTIONS) <= set(order)
    QUESTIONS["zz-new-question"] = QUESTIONS[order[1]]
    try:
        with pytest.raises(LookupError, match="zz-new-question, not in its encoding's "
                                              "QUESTION_ORDER: append"):
            cw_encoding._questions()
    finally:
        del QUESTIONS["zz-new-question"]


def test_the_slot_encoding_is_small_and_its_default_is_unchanged() -> None:
    game = deadtable.load("chainsaw-warrior")
    cards, slots = encoding_for(game), encoding_for(game, aim="slot")
    assert (cards.num_actions, slots.num_actions) == (2446, 496)
    assert slots.actions[:89] == cards.actions[:89]  # words, draws, slot verbs first
    assert slots.size == cards.size + cw_encoding.OPPONENT_SLOTS * cw_encoding.SLOT_SIZE
    assert sum("@" in a for a in slots.actions) < 300
    with pytest.raises(ValueError, match="aim must be one of card, slot"):
        encoding_for(game, aim="zombie")


def fixed(view: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    return lambda: view


def test_slot_aimed_play_is_the_card_aimed_game() -> None:
    """Random play through the slot encoding: every decision's ids have integers, the
    integers translate back to exactly the legal ids, and fights with several opponents
    come up (so slots above 0 are used)."""
    game = deadtable.load("chainsaw-warrior")
    encoding = encoding_for(game, aim="slot")
    rng = random.Random(5)
    used: set[str] = set()
    for seed in range(40):
        state = game.new(seed=seed)
        while state.outcome is None:
            decision = state.decision
            assert decision is not None
            view = fixed(state.view("warrior"))
            legal = encoding.legal_indices(decision, view)
            back = sorted(encoding.action_id(i, view) for i in legal)
            assert back == sorted(decision.ids)
            index = rng.choice(legal)
            used.add(encoding.actions[index])
            state.apply(encoding.action_id(index, view))
            out = encoding.encode(view())
            assert out.min() >= -1.0 and out.max() <= 1.0
    assert any(a.endswith("@1") or "@1:" in a for a in used)
