"""Standing answers to several questions a game offers (engine/standing.py), on Psycho
Raiders' two (view.py's OFFERS): Road Trap after a road hex of a campers' drive (16.2) and the
sinister reveal before each campers' turn (17.21). Each question is answered only by its own
standing answer, while it is in force (until said, or for the rest of the round it was set
in), and the reveal's answers "not now" whether or not a reveal is possible."""

from __future__ import annotations

import pytest

from deadtable import registry
from deadtable.engine.standing import (
    OFF,
    THIS_ROUND,
    UNTIL_SAID,
    Standing,
    StandingOffer,
    asked,
    check_offers,
    setting,
    standing_answer,
)
from deadtable.games.psycho_raiders import SPEC
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from deadtable.games.psycho_raiders.view import OFFERS, REVEAL, ROAD_TRAP
from tests.games.psycho_raiders.test_pickup_reach import on_the_road_turn_two
from tests.games.psycho_raiders.test_rules import _gravedigger_alerted


def reveal_asked(sinister: tuple[int, ...]) -> PsychoRaidersState:
    """The raiders asked before a campers' turn whether to reveal (17.21), the Gravedigger in
    play: (2, 1, 6) rolls him sinister (a reveal possible), (1, 1) nobody."""
    return _gravedigger_alerted(sinister)


def road_trap_asked() -> PsychoRaidersState:
    state = on_the_road_turn_two()
    state.apply("car:11,24")
    return state


def test_the_game_offers_both_questions_each_with_its_own_id() -> None:
    assert registry.standing_offers(SPEC) == OFFERS
    assert [o.id for o in OFFERS] == ["road-trap", "reveal"]
    assert all(o.seats(SPEC.bind(players=2).options) == ("raiders",) for o in OFFERS)
    assert REVEAL.choice_words(UNTIL_SAID) == ("Sinister reveal: 'not now' until I "
                                               "say otherwise")
    assert "even when you could reveal one" in REVEAL.note  # it answers all the same
    assert "raiders' own turns" in REVEAL.note  # where else they may reveal (turn.py offers)
    assert registry.standing_offers(registry.spec("left-4-dead")) == ()


def test_each_question_is_answered_only_by_its_own_standing_answer() -> None:
    trap, reveal = road_trap_asked(), reveal_asked((1, 1))
    assert asked(trap, OFFERS) is ROAD_TRAP and asked(reveal, OFFERS) is REVEAL
    assert asked(on_the_road_turn_two(), OFFERS) is None  # the campers' own decision
    only_reveal = {"raiders": {"reveal": Standing(UNTIL_SAID, 1)}}
    only_trap = {"raiders": {"road-trap": Standing(UNTIL_SAID, 1)}}
    assert standing_answer(reveal, OFFERS, only_reveal) == "no-reveal"
    assert standing_answer(trap, OFFERS, only_reveal) is None  # asked by hand
    assert standing_answer(trap, OFFERS, only_trap) == "let-pass"
    assert standing_answer(reveal, OFFERS, only_trap) is None
    both = {"raiders": {**only_reveal["raiders"], **only_trap["raiders"]}}
    assert standing_answer(trap, OFFERS, both) == "let-pass"
    assert standing_answer(reveal, OFFERS, both) == "no-reveal"
    assert standing_answer(reveal, OFFERS, {"campers": only_reveal["raiders"]}) is None
    assert standing_answer(reveal, (), both) is None  # a game that offers none


def test_the_reveal_is_answered_the_same_whether_or_not_a_reveal_is_possible() -> None:
    possible, not_possible = reveal_asked((2, 1, 6)), reveal_asked((1, 1))
    assert possible.decision.ids == ["reveal:gravedigger", "no-reveal"]
    assert not_possible.decision.ids == ["no-reveal"]
    kept = {"raiders": {"reveal": Standing(UNTIL_SAID, 1)}}
    for state in (possible, not_possible):
        assert standing_answer(state, OFFERS, kept) == "no-reveal"
        state.apply("no-reveal")
        assert state.decision.seat == "campers"  # the campers' turn, either way
    assert possible.view("campers") == not_possible.view("campers")


def test_for_the_rest_of_this_round_lapses_with_the_round() -> None:
    state = reveal_asked((1, 1))
    kept = {"raiders": {"reveal": Standing(THIS_ROUND, state.round)}}
    assert setting(REVEAL, state, kept["raiders"]) == THIS_ROUND
    assert standing_answer(state, OFFERS, kept) == "no-reveal"
    state.round += 1
    assert setting(REVEAL, state, kept["raiders"]) == OFF
    assert standing_answer(state, OFFERS, kept) is None
    assert setting(REVEAL, state, None) == OFF and setting(ROAD_TRAP, state, {}) == OFF
    kept["raiders"]["reveal"] = Standing(UNTIL_SAID, 0)  # set rounds ago: still in force
    assert standing_answer(state, OFFERS, kept) == "no-reveal"


def test_offers_must_have_distinct_one_word_ids() -> None:
    twin = StandingOffer("reveal", "Again", "Pass", REVEAL.passes, REVEAL.seats, REVEAL.round)
    with pytest.raises(ValueError, match="share an id"):
        check_offers((REVEAL, twin))
    for bad in ("", "road trap", "Reveal", "said"):
        with pytest.raises(ValueError, match="one lower-case word"):
            check_offers((StandingOffer(bad, "Q", "Pass", REVEAL.passes, REVEAL.seats,
                                        REVEAL.round),))
    with pytest.raises(ValueError, match="lasts"):
        Standing(OFF, 1)
