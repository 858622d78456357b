"""The round (initiative, three collective turns a side), items each round, the Crescendo
Event, and how a chapter ends."""

from __future__ import annotations

import pytest

from deadtable import registry
from deadtable.games.left_4_dead import chapter, rounds, spawning
from deadtable.games.left_4_dead.rounds import Round
from tests.games.left_4_dead.positions import (
    ZOMBIE,
    at,
    empty,
    ids,
    infected,
    last_events,
    put,
    script,
    small_map,
)


def test_initiative_ties_roll_again_and_the_higher_goes_first(lane):
    script(lane, 7, 7, 3, 12)
    assert rounds.initiative(lane) == ["infected", "survivors"]
    assert "both sides roll 7; they roll again" in " ".join(last_events(lane))


def test_each_side_takes_three_collective_turns_a_round_in_initiative_order():
    state = registry.load("left-4-dead").new(seed=5)
    while state.decision is not None and state.round <= 1:
        state.apply("end-turn" if "end-turn" in state.decision.ids else state.decision.ids[-1])
    texts = [e.text for e in state.log]
    first_round = texts[:texts.index("Round 2 begins.")]
    initiative = next(t for t in first_round if t.startswith("Initiative:"))
    first = "survivors" if "the survivors go first" in initiative else "infected"
    second = "infected" if first == "survivors" else "survivors"
    reveals = [t for t in first_round if "reveal order marker" in t]
    assert reveals == [f"The {side} reveal order marker {n}." for n in "123"
                       for side in (first, second)]


def test_every_survivor_may_act_under_each_marker_in_any_order(lane):
    for name, space in (("bill", "0,2"), ("francis", "0,3"), ("louis", "1,2"),
                        ("zoey", "1,3")):
        put(lane, name, space)
    lane.stack.append(rounds.SideTurn("survivors", "1"))
    lane.settle()
    assert ids(lane) == ["turn:bill", "turn:francis", "turn:louis", "turn:zoey", "end-turn"]
    lane.apply("turn:louis")
    assert lane.stack[-1].KIND == "survivor-turn"


@pytest.mark.parametrize(("difficulty", "count"), [("easy", 4), ("normal", 3), ("advanced", 2),
                                                    ("expert", 1)])
def test_items_appear_each_round_at_the_next_item_location(tmp_path, difficulty, count):
    state = empty(map=small_map(tmp_path), difficulty=difficulty)
    put(state, "bill", "0,2")
    before = len(state.pool)
    spawning.round_items(state)
    assert len(state.items_on_map[at(state, "6,2")]) == count
    assert len(state.pool) == before - count


def test_no_items_appear_at_a_location_the_survivors_have_passed(lane):
    put(lane, "bill", "8,2")  # past the item location at 6,2, nearer the safe room
    spawning.round_items(lane)
    assert not lane.items_on_map


def test_the_survivors_win_when_every_one_on_the_map_stands_in_the_safe_room(lane):
    put(lane, "bill", "9,2")
    put(lane, "zoey", "9,3")
    closet = put(lane, "louis", "5,3")
    closet.closet = True  # left behind in a Hero Closet
    chapter.check_end(lane)
    assert lane.outcome is not None and lane.outcome.results["survivors"] == "win"
    assert lane.outcome.cause == "reached the safe room" and lane.escaped == ["bill", "zoey"]


def test_a_survivor_lying_down_in_the_safe_room_does_not_win_the_chapter(lane):
    put(lane, "bill", "9,2")
    zoey = put(lane, "zoey", "9,3")
    zoey.down = True
    chapter.check_end(lane)
    assert lane.outcome is None


def test_the_infected_win_when_no_survivor_stands(lane):
    bill = put(lane, "bill", "4,2")
    bill.down = True
    chapter.check_end(lane)
    assert lane.outcome is not None and lane.outcome.results == {"survivors": "loss",
                                                                 "infected": "win"}


def test_the_infected_win_at_the_end_of_the_last_round(tmp_path):
    state = empty(map=small_map(tmp_path), **{"max-rounds": 2})
    put(state, "bill", "0,2")
    state.round = 2
    chapter.check_end(state, end_of_round=True)
    assert state.outcome is not None and state.outcome.cause == "overrun before the safe room"
    # the player reads the limit, not the developers' "designed:"
    assert state.log[-1].cite == "Round limit: 2 rounds (the max-rounds option)"


def test_a_crescendo_event_sends_waves_for_three_rounds_then_removes_the_obstacle():
    state = empty()  # the packaged chapter: the floodgate shuts the way east
    trigger = state.board.markers_of("crescendo-trigger")[0].space
    gate = state.blocked_spaces()
    assert gate
    state.figures["bill"].space = trigger
    before = len(state.infected())
    assert chapter.crescendo_wave(state)  # starts: an immediate wave instead of spawning
    assert len(state.infected()) == before + 3 + 1  # normal: 3 + modifier 1
    for _ in range(3):
        assert chapter.crescendo_wave(state)
    assert not state.blocked_spaces()
    assert not chapter.crescendo_wave(state)  # over: Spawning Zombies again
    assert len(state.infected()) == before + 4 * 4


def test_a_round_ends_with_spawning_and_begins_with_items(lane):
    put(lane, "bill", "0,2")
    lane.stack = [Round(step="end")]
    script(lane, 1, 1)  # zombies: 1 + 1 = 2; specials: 1 + 1 = a Boomer
    lane.settle()
    kinds = sorted(f.kind for f in lane.infected())
    assert kinds == ["boomer", ZOMBIE, ZOMBIE]
    assert lane.round == 2 and lane.items_on_map  # round 2 began with its items


def test_a_survivor_in_a_hero_closet_is_not_in_play_for_the_infected(lane):
    bill = put(lane, "bill", "5,3")
    bill.closet = True
    put(lane, "zoey", "0,2")
    zombie = infected(lane, ZOMBIE, "6,3")
    from deadtable.games.left_4_dead import horde

    assert [f.id for f in horde.targets_in_play(lane)] == ["zoey"]
    field = horde.horde_field(lane)
    assert field[at(lane, "0,2")] == 0 and field[zombie.space] > 1


def test_the_view_says_where_the_round_stands_in_words(lane):
    from deadtable.games.left_4_dead.view import phase
    from tests.games.left_4_dead.positions import survivor_turn

    put(lane, "bill", "0,2")
    survivor_turn(lane, "bill")
    assert phase(lane) == "survivors' turn 1 · Bill moving"
    assert lane.view("survivors")["phase"] == phase(lane)
