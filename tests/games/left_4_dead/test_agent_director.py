"""The director's choices for the specials, one per test, on scripted positions of the small
lane (positions.SMALL_MAP: flat rows 1-3; row 0 rises to a level-6 roof at 7,0)."""

from __future__ import annotations

import pytest

from deadtable.engine.board import distance
from deadtable.games.left_4_dead.agent import DirectorAgent
from deadtable.games.left_4_dead.powers import boomer
from deadtable.games.left_4_dead.powers.charger import lines
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState
from tests.games.left_4_dead.positions import at, infected, place_team, special_turn, turn
from tests.games.left_4_dead.positions import choose as pick


def choose(state: Left4DeadState) -> str:
    return pick(DirectorAgent(seed=1), state)


def first_choice(state: Left4DeadState, kind: str, space: str) -> tuple[Figure, str]:
    """A special of `kind` put on `space` begins its turn: it and the director's choice."""
    special = infected(state, kind, space)
    special_turn(state, special.id)
    return special, choose(state)


def test_boomer_goes_where_its_vomit_reaches_most_and_vomits_on_all(
        lane: Left4DeadState) -> None:
    place_team(lane, bill="5,1", francis="7,1", louis="5,3", zoey="7,3")
    spewer = infected(lane, "boomer", "1,2")
    special_turn(lane, spewer.id)
    lane.apply(choose(lane))
    assert len(boomer.targets(lane, spewer)) == 4
    assert choose(lane) == "vomit:all"


@pytest.mark.parametrize(("kind", "step", "verb"), [("jockey", "before", "latch"),
                                                    ("smoker", "attack", "tongue")])
def test_captures_go_for_the_isolated_survivor(lane: Left4DeadState, kind: str, step: str,
                                               verb: str) -> None:
    # Bill stands alone; Zoey, as near the special, has Francis and Louis beside her.
    place_team(lane, bill="6,2", francis="1,3", louis="1,2", zoey="2,3")
    special = infected(lane, kind, "4,2")
    special.acted = True
    turn(lane, SpecialTurn(special.id, step=step), "infected")
    assert {f"{verb}:bill", f"{verb}:zoey"} <= set(lane.decision.ids)
    assert choose(lane) == f"{verb}:bill"


def test_hunter_pounces_next_to_the_isolated_survivor(lane: Left4DeadState) -> None:
    place_team(lane, bill="8,2", francis="1,3", louis="1,2", zoey="2,2")
    _, chosen = first_choice(lane, "hunter", "5,1")
    assert chosen.startswith("pounce:")
    assert distance(lane.board, int(chosen.split(":")[1]), at(lane, "8,2")) == 1


def test_tank_keeps_its_height_while_a_rock_reaches(lane: Left4DeadState) -> None:
    place_team(lane, bill="4,2", francis="3,3", louis="3,2", zoey="4,3")
    tank = infected(lane, "tank", "7,0")  # the level-6 roof
    special_turn(lane, tank.id)
    assert choose(lane) == "stay"
    lane.apply("stay")
    assert any(i.startswith("rock:") for i in lane.decision.ids)


def test_tank_closes_in_when_no_rock_reaches(lane: Left4DeadState) -> None:
    place_team(lane, bill="0,2", francis="0,3", louis="1,2", zoey="1,3")
    tank = infected(lane, "tank", "9,3")
    special_turn(lane, tank.id)
    assert choose(lane).startswith("move:")


def test_spitter_splashes_the_most_survivors(lane: Left4DeadState) -> None:
    place_team(lane, bill="5,2", francis="4,2", louis="0,2", zoey="5,3")
    spitter = infected(lane, "spitter", "8,2")
    spitter.acted = True
    turn(lane, SpecialTurn(spitter.id, step="attack"), "infected")
    chosen = choose(lane)
    assert chosen.startswith("acid:")
    space = int(chosen.split(":")[1])
    splash = {space, *lane.board.neighbours[space]}
    assert sum(1 for f in lane.survivors() if f.space in splash) == 3


def test_charger_charges_through_or_next_to_survivors(lane: Left4DeadState) -> None:
    place_team(lane, bill="6,1", francis="0,2", louis="0,3", zoey="1,2")
    charger, chosen = first_choice(lane, "charger", "2,1")
    assert chosen.startswith("charge:")
    _, direction, count = chosen.split(":")
    path = lines(lane, charger)[direction][:int(count)]
    touched = {n for space in path for n in (space, *lane.board.neighbours[space])}
    assert any(f.space in touched for f in lane.survivors())
