"""The heuristic raiders waste no steps: a raider-side token never walks back onto a hex it
has stood on this turn since its last action (every step spends Speed, 10.3, and the
camper-side tokens stand still in the raiders' turn, 5.2-5.3), so no walk goes back and forth
(before: 0,0 to 0,1 and back three times in one turn, in 53 of 100 two-player games)."""

from __future__ import annotations

from deadtable.agents import observe
from deadtable.engine.dice import derive_seed
from deadtable.games.psycho_raiders import SPEC
from deadtable.games.psycho_raiders.agent import HeuristicAgent
from deadtable.games.psycho_raiders.state import CAMPERS, PsychoRaidersState
from tests.games.psycho_raiders.table import spud_beside_hidden_ginger


def walks_back(state: PsychoRaidersState, agents: dict[str, HeuristicAgent],
               rounds: int) -> list[tuple[int, str, list[str]]]:
    """Play to the end of `rounds`; the raider-side walks that came back onto a hex stood on
    since the character's last action: (round, character, the hexes)."""
    trails: dict[tuple[int, str, int], list[int]] = {}
    acted: dict[tuple[int, str], int] = {}
    while (decision := state.decision) is not None and state.round <= rounds:
        action = agents[decision.seat].act(observe(state))
        frame = state.stack[-1]
        who = getattr(frame, "char", "") if frame.KIND == "turn" else ""
        if who and not action.startswith(("move:", "end")):
            acted[(state.round, who)] = acted.get((state.round, who), 0) + 1
        state.apply(action)
        for char in state.chars.values():
            if not state.active(char) or char.vehicle or state.side_of(char) == CAMPERS:
                continue
            for token, space in char.tokens.items():
                trail = trails.setdefault(
                    (state.round, char.key, acted.get((state.round, char.key), 0) * 10 + token),
                    [])
                if not trail or trail[-1] != space:
                    trail.append(space)
    return [(r, key, [state.board.name(s) for s in trail])
            for (r, key, _), trail in trails.items() if len(set(trail)) < len(trail)]


def test_heuristic_raiders_never_walk_back_within_a_turn() -> None:
    """Games 3 and 4 of `sim --seed 1` (two players): before, Fluke walked 0,5-0,4-0,3-0,4-0,3
    -0,4-0,3 in round 8 of game 3 and 10,17-9,17-10,17-9,17 in round 3 of game 4."""
    game = SPEC.bind(players=2)
    for index in (3, 4):
        state = game.new(seed=derive_seed(1, index))
        agents = {seat: HeuristicAgent(derive_seed(1, index, 1 + n))
                  for n, seat in enumerate(game.seats)}
        assert walks_back(state, agents, rounds=9) == []
        assert state.round > 3  # the games got as far as the walks that looped


def test_a_step_back_onto_the_trail_is_not_offered_to_the_hunt() -> None:
    state, spot = spud_beside_hidden_ginger()
    agent = HeuristicAgent(1)
    spud = state.chars["spud"]
    start = spud.tokens[1]
    state.apply(agent.act(observe(state)))  # onto Ginger's tokens, to seek there
    assert spud.tokens[1] == spot
    frame = state.stack[-1]
    decision = state.decision
    assert decision is not None
    back = f"move:1:{state.board.name(start)}"
    assert back in decision.ids  # the rules offer the step back...
    kept = agent._no_return(state, frame, spud, list(decision.ids))
    assert back not in kept  # ...the hunt never sees it
    assert "end" in kept and any(i.startswith("move:1:") for i in kept)
    assert any(i.startswith("seek:ginger:") for i in kept)


def test_an_action_starts_a_new_trail() -> None:
    """After a seek (12.6) the board has changed: a token removed, so a hex walked through
    before may be the way to the next token."""
    state, spot = spud_beside_hidden_ginger()
    agent = HeuristicAgent(1)
    spud = state.chars["spud"]
    start = spud.tokens[1]
    state.apply(agent.act(observe(state)))
    frame = state.stack[-1]
    assert not frame.acted
    frame.acted = True  # as a seek or an attack leaves it
    decision = state.decision
    assert decision is not None
    kept = agent._no_return(state, frame, spud, list(decision.ids))
    assert f"move:1:{state.board.name(start)}" in kept
