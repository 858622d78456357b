"""The survivors' heuristic in the finale (Dead River's chapter 5, Ferry Landing): once the
Finale Event has begun it waits for the rescue where the vehicle will come."""

from __future__ import annotations

from deadtable.games.left_4_dead import finale
from deadtable.games.left_4_dead.agent import HeuristicAgent
from deadtable.games.left_4_dead.agent_common import goal_field
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.positions import choose, empty, place_team, put, survivor_turn

TRIGGER = "22,12"  # the harbour master's radio
FERRY = "11,18"  # on the ferry landing, the rescue vehicle's zone


def ferry() -> Left4DeadState:
    return empty(campaign="dead-river", chapter=5)


def test_waits_for_the_rescue_where_it_will_come_once_the_event_has_begun() -> None:
    state = ferry()
    put(state, "bill", TRIGGER)
    trigger, landing = state.board.space(TRIGGER), state.board.space(FERRY)
    before = goal_field(state)
    assert before[trigger] == 0 and before[landing] > 0  # first, call the rescue
    assert finale.end_of_round(state)  # Bill on the radio: the event begins
    after = goal_field(state)
    assert after[landing] == 0 and after[trigger] > 0


def test_walks_from_the_radio_toward_the_landing() -> None:
    state = ferry()
    place_team(state, bill=TRIGGER, francis="21,12", louis="21,13", zoey="22,13")
    assert finale.end_of_round(state)
    survivor_turn(state, "louis")
    action = choose(HeuristicAgent(seed=1), state)
    assert action.startswith("move:")
    field = goal_field(state)
    assert field[int(action.split(":")[1])] < field[state.board.space("21,13")]
