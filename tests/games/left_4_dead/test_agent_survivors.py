"""The survivors' heuristic, one behaviour per test, on scripted positions of the small lane
(positions.SMALL_MAP: start safe room at the west end, end safe room at 9,2 and 9,3)."""

from __future__ import annotations

import pytest

from deadtable.engine.board import distance
from deadtable.games.left_4_dead.agent import HeuristicAgent
from deadtable.games.left_4_dead.agent_common import goal_field
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.positions import at, infected, place_team, survivor_turn, turn
from tests.games.left_4_dead.positions import choose as pick


def choose(state: Left4DeadState) -> str:
    return pick(HeuristicAgent(seed=1), state)


def moved_to(state: Left4DeadState, action: str) -> int:
    assert action.startswith("move:"), action
    return int(action.split(":")[1])


def test_walks_toward_the_safe_room(lane: Left4DeadState) -> None:
    place_team(lane, bill="2,2", francis="2,3", louis="1,2", zoey="1,3")
    survivor_turn(lane, "bill")
    goal = goal_field(lane)
    assert goal[moved_to(lane, choose(lane))] < goal[at(lane, "2,2")]


def test_keeps_with_the_team(lane: Left4DeadState) -> None:
    # Bill could walk 5 spaces east; Zoey, Francis and Louis wait in the start safe room.
    place_team(lane, bill="2,2", francis="0,3", louis="1,2", zoey="0,2")
    survivor_turn(lane, "bill")
    goal = goal_field(lane)
    rear = max(goal[at(lane, s)] for s in ("0,3", "1,2", "0,2"))
    chosen = choose(lane)
    ahead = rear - (goal[moved_to(lane, chosen)] if chosen != "stop" else goal[at(lane, "2,2")])
    assert ahead <= 3
    assert min(goal[int(i.split(":")[1])] for i in lane.decision.ids if i.startswith("move:")) \
        < rear - 3  # it could have gone farther


def test_goes_to_a_teammate_down(lane: Left4DeadState) -> None:
    place_team(lane, bill="7,2", francis="8,2", louis="8,3", zoey="2,2")
    lane.figures["zoey"].down = True
    survivor_turn(lane, "bill")
    space = moved_to(lane, choose(lane))
    assert distance(lane.board, space, at(lane, "2,2")) == 1


def test_stands_a_teammate_up(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="5,2", louis="5,3", zoey="4,2")
    lane.figures["zoey"].down = True
    survivor_turn(lane, "bill", step="before")
    assert choose(lane) == "stand:zoey"


@pytest.mark.parametrize(("slot", "item", "hurt", "use"), [
    ("health", "health-kit", 3, "heal:bill"),  # a kit costs the turn: keep it for worse
    ("pills", "pain-pills", 2, "pills:pain-pills"),
])
def test_heals_once_hurt_enough(lane: Left4DeadState, slot: str, item: str, hurt: int,
                                use: str) -> None:
    place_team(lane, bill="3,2", francis="5,2", louis="5,3", zoey="6,2")
    bill = lane.figures["bill"]
    bill.items[slot] = item
    bill.wounds = hurt - 1
    survivor_turn(lane, "bill", step="before")
    assert choose(lane) == "go-on"
    bill.wounds = hurt
    survivor_turn(lane, "bill", step="before")
    assert choose(lane) == use


def test_revives_with_the_defibrillator(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="5,2", louis="5,3", zoey="6,2")
    lane.figures["zoey"].space = None
    lane.pending_closet.append("zoey")
    lane.figures["bill"].items["health"] = "defibrillator"
    survivor_turn(lane, "bill", step="before")
    assert choose(lane) == "defib:zoey"


def test_picks_up_a_better_weapon_only(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="5,2", louis="5,3", zoey="6,2")
    lane.figures["bill"].items["weapon"] = "pump-shotgun"
    lane.items_on_map[at(lane, "4,2")] = ["uzi"]
    survivor_turn(lane, "bill", step="pickup")
    assert choose(lane) == "go-on"
    lane.items_on_map[at(lane, "4,2")] = ["uzi", "auto-shotgun"]
    survivor_turn(lane, "bill", step="pickup")
    assert choose(lane) == f"pick:{at(lane, '4,2')}:auto-shotgun"


def test_shoots_the_hunter_pinning_a_teammate_first(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="0,2", louis="0,3", zoey="5,1")
    hunter = infected(lane, "hunter", "5,2")
    lane.figures["zoey"].markers["pinned"] = hunter.id
    zombie = infected(lane, "zombies-of-morindan", "1,0")  # nearer Bill
    survivor_turn(lane, "bill", step="attack")
    assert {f"attack:card:{zombie.id}", f"attack:card:{hunter.id}"} <= set(lane.decision.ids)
    assert choose(lane) == f"attack:card:{hunter.id}"


def test_leaves_a_calm_witch_alone(lane: Left4DeadState) -> None:
    place_team(lane, bill="3,2", francis="0,2", louis="0,3", zoey="1,2")
    witch = infected(lane, "witch", "6,2")
    survivor_turn(lane, "bill", step="attack")
    assert f"attack:card:{witch.id}" in lane.decision.ids
    assert choose(lane) == "end"


def test_does_not_end_its_move_next_to_a_calm_witch(lane: Left4DeadState) -> None:
    place_team(lane, bill="5,2", francis="4,2", louis="4,3", zoey="5,3")
    witch = infected(lane, "witch", "7,3")
    survivor_turn(lane, "bill")
    chosen = choose(lane)
    end = moved_to(lane, chosen) if chosen != "stop" else at(lane, "5,2")
    assert witch.space is not None and distance(lane.board, end, witch.space) > 1


def test_throws_a_molotov_on_a_crowd_not_on_one_zombie(lane: Left4DeadState) -> None:
    place_team(lane, bill="1,2", francis="0,2", louis="0,3", zoey="1,3")
    lane.figures["bill"].items["explosive"] = "molotov-cocktail"
    infected(lane, "zombies-of-morindan", "5,1")
    survivor_turn(lane, "bill", step="attack")
    assert not choose(lane).startswith("throw:")
    for space in ("5,2", "4,1", "6,1"):
        infected(lane, "zombies-of-morindan", space)
    survivor_turn(lane, "bill", step="attack")
    chosen = choose(lane)
    assert chosen.startswith("throw:molotov-cocktail:")
    target = int(chosen.rsplit(":", 1)[1])
    hit = {target, *lane.board.neighbours[target]}
    assert sum(1 for f in lane.infected() if f.space in hit) >= 3
    assert not any(f.space in hit for f in lane.survivors())


def test_lures_a_pressing_horde_away_with_a_bile_bomb(lane: Left4DeadState) -> None:
    place_team(lane, bill="2,2", francis="1,2", louis="1,3", zoey="2,3")
    lane.figures["bill"].items["explosive"] = "bile-bomb"
    for space in ("3,2", "3,3", "3,1", "2,1"):
        infected(lane, "zombies-of-morindan", space)
    survivor_turn(lane, "bill", step="attack")
    chosen = choose(lane)
    assert chosen.startswith("throw:bile-bomb:")
    target = int(chosen.rsplit(":", 1)[1])
    assert all(distance(lane.board, target, f.space) >= 3 for f in lane.survivors()
               if f.space is not None)


def test_rescues_a_teammate_from_the_hero_closet(lane: Left4DeadState) -> None:
    place_team(lane, bill="4,3", francis="3,2", louis="3,3", zoey="5,3")
    lane.figures["zoey"].closet = True
    survivor_turn(lane, "bill", step="attack")
    assert choose(lane) == "rescue:zoey"


def test_the_one_behind_or_the_one_who_can_help_acts_first(lane: Left4DeadState) -> None:
    from deadtable.games.left_4_dead.rounds import SideTurn

    place_team(lane, bill="6,2", francis="5,2", louis="2,2", zoey="5,3")
    turn(lane, SideTurn("survivors", "1"))
    assert choose(lane) == "turn:louis"
    lane.figures["zoey"].down = True  # Bill and Francis stand next to her
    lane._decision = None
    assert choose(lane) in ("turn:bill", "turn:francis")
