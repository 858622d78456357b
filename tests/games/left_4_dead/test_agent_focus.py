"""Where the search agent compares actions (agent_focus.py, `mcts:focus=true`), on scripted
positions of the small lane (positions.SMALL_MAP: safe rooms at the west and east ends)."""

from __future__ import annotations

from deadtable.games.left_4_dead.agent import HeuristicAgent
from deadtable.games.left_4_dead.agent_focus import TARGETS, covered, focus
from deadtable.games.left_4_dead.rounds import SideTurn
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.positions import (
    at,
    choose,
    horde_turn,
    infected,
    place_team,
    survivor_turn,
    turn,
)


def named(state: Left4DeadState) -> list[str]:
    """What focus names at the decision due, given the heuristic's own choice."""
    assert state.decision is not None
    return focus(state, state.decision.ids, choose(HeuristicAgent(seed=1), state))


def test_the_order_of_turns_is_searched_only_while_the_infected_press(
        lane: Left4DeadState) -> None:
    place_team(lane, bill="2,2", francis="2,3", louis="3,2", zoey="3,3")
    turn(lane, SideTurn("survivors", "1"))
    assert named(lane) == []  # nobody near: any order does
    infected(lane, "zombies-of-morindan", "6,2")
    lane._decision = None
    assert sorted(named(lane)) == ["turn:bill", "turn:francis", "turn:louis", "turn:zoey"]


def test_a_teammate_down_makes_the_order_matter(lane: Left4DeadState) -> None:
    place_team(lane, bill="2,2", francis="2,3", louis="3,2", zoey="3,3")
    lane.figures["zoey"].down = True
    turn(lane, SideTurn("survivors", "1"))
    assert "turn:bill" in named(lane)


def test_targets_one_weapon_each_the_heuristics_best_first(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="0,2", louis="0,3", zoey="5,1")
    hunter = infected(lane, "hunter", "5,2")
    lane.figures["zoey"].markers["pinned"] = hunter.id
    for space in ("1,0", "0,0", "1,1"):
        infected(lane, "zombies-of-morindan", space)
    lane.figures["bill"].items["secondary"] = "second-pistol"
    survivor_turn(lane, "bill", step="attack")
    assert lane.decision is not None
    targets = {i.split(":")[2] for i in lane.decision.ids if i.startswith("attack:")}
    chosen = named(lane)
    assert chosen[0] == choose(HeuristicAgent(seed=1), lane)
    assert chosen[0].endswith(f":{hunter.id}")  # the captor first
    aims = [action.split(":")[2] for action in chosen]
    assert len(aims) == len(set(aims)) == min(TARGETS, len(targets))  # one weapon a target
    assert set(aims) == targets


def test_heals_are_compared_with_going_on(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="3,3", louis="4,2", zoey="6,2")
    lane.figures["bill"].items["health"] = "health-kit"
    lane.figures["louis"].wounds = 2  # too few for the heuristic, not for a search
    lane.figures["francis"].wounds = 2
    survivor_turn(lane, "bill", step="before")
    chosen = named(lane)
    assert chosen[0] == "go-on"
    assert set(chosen) == {"go-on", "heal:louis", "heal:francis"}


def test_standing_a_teammate_up_is_never_put_off(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="5,2", louis="5,3", zoey="4,2")
    lane.figures["zoey"].down = True
    lane.figures["bill"].items["health"] = "health-kit"
    lane.figures["bill"].wounds = 2
    survivor_turn(lane, "bill", step="before")
    assert named(lane) == []


def test_a_move_next_to_the_horde_is_compared_with_a_covered_one(
        lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="3,3", louis="2,2", zoey="2,3")
    infected(lane, "zombies-of-morindan", "6,2")
    survivor_turn(lane, "bill", step="move")
    preferred = choose(HeuristicAgent(seed=1), lane)
    assert preferred == f"move:{at(lane, '5,2')}"  # on toward the safe room, next to it
    chosen = named(lane)
    assert chosen[0] == preferred and len(chosen) == 2
    alternative = int(chosen[1].split(":")[1])
    assert covered(lane, alternative, "bill") and not covered(lane, at(lane, "5,2"), "bill")


def test_a_covered_move_and_a_quiet_one_are_the_heuristics(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="3,3", louis="2,2", zoey="2,3")
    survivor_turn(lane, "bill", step="move")
    assert named(lane) == []  # nobody near: the heuristic's move
    infected(lane, "zombies-of-morindan", "7,0")  # near enough to press, not to engage
    lane._decision = None
    preferred = choose(HeuristicAgent(seed=1), lane)
    assert covered(lane, int(preferred.split(":")[1]), "bill")
    assert named(lane) == []


def test_standing_alone_is_not_covered(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="8,3", louis="8,2", zoey="9,3")
    assert not covered(lane, at(lane, "3,2"), "bill")
    assert covered(lane, at(lane, "7,2"), "bill")


def test_pickups_are_the_heuristics(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="3,3", louis="2,2", zoey="2,3")
    infected(lane, "zombies-of-morindan", "6,2")
    lane.items_on_map[lane.board.space("4,2")] = ["uzi", "auto-shotgun"]
    survivor_turn(lane, "bill", step="pickup")
    assert named(lane) == []


def test_the_infected_are_never_searched(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="3,3", louis="2,2", zoey="2,3")
    infected(lane, "zombies-of-morindan", "4,2")
    infected(lane, "zombies-of-morindan", "5,2")
    horde_turn(lane)
    assert lane.decision is not None and lane.decision.seat == "infected"
    assert named(lane) == []
