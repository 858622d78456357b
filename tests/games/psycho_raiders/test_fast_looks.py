"""A turn's look carried past its action (glance.Glance.past) and the sequence's cheaper
questions answer as the plain ones do (docs/psycho-raiders.md "Speed")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.dice import derive_seed
from deadtable.games.psycho_raiders import attacks, hiding, screaming
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.sequence import Phase, PhaseHandler, ready
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from deadtable.games.psycho_raiders.turn import Turn, _walk
from tests.games.psycho_raiders.test_fast_paths import _kept_afresh

GAMES = [{}, {"players": 5}, {"players": 13}, {"events": "every-turn", "fog-dial": "on"}]


def _same_as_fresh(state: PsychoRaidersState, seen: Glance) -> None:
    """`seen` sees what a look taken now sees, and what it keeps is what the rules would
    work out now (what it keeps by space, its actions and keys there, the decisions made
    afresh check: test_fast_paths.py)."""
    char = seen.char
    fresh = Glance(state, char)
    assert (seen.side, seen.here, seen.own) == (fresh.side, fresh.here, fresh.own)
    assert (seen.friends, seen.enemies, seen.crowd) == (fresh.friends, fresh.enemies,
                                                        fresh.crowd)
    assert seen.grips or not fresh.grips  # a hold seen may have been let go since
    for name, found in seen.kept.items():
        if name == "screams":
            assert found == screaming.offers(state, char)
        elif name == "walk":
            assert found == _walk(state, char, None)
        elif name == "reach":
            assert found == attacks.reach(state, char)
        elif name in ("unalerted", "reveals", "enemy-spaces", "enemy-aboard", "enemy-cars",
                      "enemy-pieces") or (type(name) is tuple and name[0] in (
                          "can-hide", "abilities")):
            assert found == _kept_afresh(state, char, fresh, name), name


def _play(options: dict[str, object], seed: int,
          each: Callable[[PsychoRaidersState], None]) -> PsychoRaidersState:
    game = registry.load("psycho-raiders", **options)
    state = game.new(seed=derive_seed(seed, 0))
    assert isinstance(state, PsychoRaidersState)
    players = {seat: agent_maker("random", game.id)(derive_seed(seed, 0, 1 + n))
               for n, seat in enumerate(game.seats)}
    while (decision := state.decision) is not None:
        each(state)
        state.apply(players[decision.seat].act(observe(state)))
    return state


@pytest.mark.parametrize("options", GAMES)
def test_every_turn_decisions_look_is_a_fresh_look(options: dict[str, object]) -> None:
    """At every decision of a turn, the look it took (new, turned from the turn before,
    stepped with a move or carried past an action) is what a look taken then sees."""
    looked = []

    def check(state: PsychoRaidersState) -> None:
        look, frame = state.look, state.stack[-1]
        if isinstance(frame, Turn) and look is not None and look[0] is frame:
            _same_as_fresh(state, look[1])
            looked.append(len(look[1].kept))

    assert _play(options, 11, check).outcome is not None
    assert len(looked) > 300 and sum(looked) > 300


@pytest.mark.parametrize("options", GAMES)
def test_a_look_carried_past_an_action_is_a_fresh_look(options: dict[str, object],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Glance.past carries a turn's look over its action when every line logged since
    changed no piece (a search, Will, a scream nobody heard) or only the character's own
    tokens (a hide, a hidden screamer revealed); the look it gives is a fresh one, and it
    gives none after anything else (an attack, a townsperson alerted)."""
    cites: dict[str, int] = {}
    refused = []
    past = Glance.past

    def checked(seen: Glance, state: PsychoRaidersState, unmoved: frozenset[str],
                own: frozenset[str]) -> Glance | None:
        since = [e.cite for e in state.log[seen.logged:]]
        look = past(seen, state, unmoved, own)
        if look is None:
            refused.append(since)
            assert any(c not in unmoved and c not in own for c in since) or (
                seen.char.vehicle is not None)
            return None
        _same_as_fresh(state, look)
        for cite in since:
            cites[cite] = cites.get(cite, 0) + 1
        return look

    monkeypatch.setattr(Glance, "past", checked)
    assert _play(options, 12, lambda state: None).outcome is not None
    assert hiding.HIDE in cites and screaming.SCREAM in cites, cites
    assert refused  # some actions (attacks, getting out of a vehicle, ...) take a new look


@pytest.mark.parametrize("options", GAMES)
def test_the_waiting_found_once_are_those_ready(options: dict[str, object]) -> None:
    """The phase's waiting characters, found once until something is logged (the reveal
    question, then the seat's question, then a turn begun unasked), are those ready now:
    at each phase decision, the ones its decision found."""
    handler, reused = PhaseHandler(), []

    def check(state: PsychoRaidersState) -> None:
        frame = state.stack[-1]
        if isinstance(frame, Phase):
            known = state.waiting
            reused.append(known is not None and known[0] is frame
                          and known[1] == len(state.log))
            assert handler._waiting(state, frame) == [
                c for c in state.chars.values() if c.turned != state.round
                and c.key not in frame.done and ready(state, c, frame.side)]

    assert _play(options, 13, check).outcome is not None
    assert len(reused) > 20 and all(reused)

