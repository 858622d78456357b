"""Survivor Rules and THE SURVIVORS: incapacitation, standing up, destruction and Hero Closets,
Beat Down, item pickup and slots, the Health Kit and Pain Pills, the safe room's weapons."""

from __future__ import annotations

import pytest

from deadtable import registry
from deadtable.games.left_4_dead import combat, endofround, spawning, survivors
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
    survivor_turn,
)


def test_each_survivor_chooses_one_of_the_safe_rooms_four_weapons():
    state = registry.load("left-4-dead").new(seed=3)
    decision = state.decision
    assert decision is not None and decision.seat == "survivors"
    takes = [i for i in decision.ids if i.startswith("take:")]
    assert 1 <= len(takes) <= 4 and "take-none" in decision.ids
    first = takes[0]
    state.apply(first)
    bill = state.figures["bill"]
    assert first.split(":")[1] in bill.items.values()
    assert bill.items["health"] == "health-kit"  # "Each survivor starts with a health kit"
    assert sum(1 for i in state.pool.cards if i == "health-kit") == 4  # 8 less the 4 given


def test_a_survivor_who_would_be_destroyed_is_incapacitated_instead(lane):
    bill = put(lane, "bill", "2,2")
    bill.wounds = 4
    combat.wound(lane, bill, 3, None)
    assert bill.down and bill.wounds == 0 and bill.incaps == 1 and bill.space is not None
    assert "Bill is incapacitated (1 Incapped Marker(s))." in last_events(lane)


def test_a_survivor_lying_down_takes_a_wound_at_the_end_of_each_round(lane):
    bill = put(lane, "bill", "2,2")
    put(lane, "zoey", "4,3")
    bill.down, bill.incaps = True, 1
    endofround.bleed(lane)
    assert bill.wounds == 1


def test_a_third_incapped_marker_destroys_and_the_items_stay_where_it_fell(lane):
    bill = put(lane, "bill", "2,2")
    put(lane, "zoey", "4,3")
    bill.incaps, bill.wounds = 2, 4
    bill.items["weapon"] = "uzi"
    combat.wound(lane, bill, 1, None)
    assert bill.space is None and bill.incaps == 0 and not bill.markers
    assert sorted(lane.items_on_map[at(lane, "2,2")]) == ["health-kit", "uzi"]
    assert lane.pending_closet == ["bill"]


def test_a_destroyed_survivor_waits_in_a_hero_closet_with_2_wounds_until_rescued(lane):
    bill = put(lane, "bill", "2,2")
    zoey = put(lane, "zoey", "4,3")
    bill.incaps, bill.wounds = 2, 4
    combat.wound(lane, bill, 1, None)
    spawning.hero_closets(lane)
    assert bill.space == at(lane, "5,3") and bill.closet and bill.wounds == 2
    assert not lane.pending_closet
    survivor_turn(lane, "zoey", step="attack")  # Zoey stands next to the closet
    assert "rescue:bill" in ids(lane)
    lane.apply("rescue:bill")
    assert not bill.closet and zoey.acted


def test_an_adjacent_survivor_gives_up_its_turn_to_stand_one_up_with_2_life(lane):
    bill = put(lane, "bill", "2,2")
    zoey = put(lane, "zoey", "3,2")
    bill.down, bill.incaps = True, 1
    survivor_turn(lane, "zoey", step="before")
    assert "stand:bill" in ids(lane)
    lane.apply("stand:bill")
    assert not bill.down and combat.life(lane, bill) - bill.wounds == 2
    assert zoey.space == at(lane, "3,2")  # the stand-up was Zoey's whole turn


def test_an_incapacitated_survivor_attacks_only_with_a_secondary_weapon(lane):
    bill = put(lane, "bill", "2,2")
    zombie = infected(lane, ZOMBIE, "3,2")
    bill.down = True
    bill.items["weapon"] = "uzi"
    assert not survivors.may_act(lane, bill)  # no secondary weapon: no turn at all
    bill.items["secondary"] = "magnum"
    assert survivors.may_act(lane, bill)
    survivor_turn(lane, "bill", step="attack")
    assert ids(lane) == [f"attack:magnum:{zombie.id}", "end"]


@pytest.mark.parametrize(("roll", "moved", "wounded"),
                         [(10, False, False), (11, True, False), (16, True, False),
                          (17, True, True)])
def test_beat_down_moves_on_11_and_wounds_first_on_17(tmp_path, roll, moved, wounded):
    state = empty(map=small_map(tmp_path))
    put(state, "bill", "2,2")
    put(state, "zoey", "0,0")
    tough = infected(state, "worker", "3,2")  # Life 1: a wound destroys it
    survivor_turn(state, "bill")
    script(state, roll)
    state.apply(f"beat:{tough.id}")
    if wounded:
        assert tough.id not in state.figures
    elif moved:
        assert tough.space != at(state, "3,2") and tough.wounds == 0
    else:
        assert tough.space == at(state, "3,2")
        assert f"beat:{tough.id}" in ids(state)  # a second Beat Down is still allowed


def test_beat_down_is_allowed_twice_a_move(lane):
    put(lane, "bill", "2,2")
    zombie = infected(lane, ZOMBIE, "3,2")
    survivor_turn(lane, "bill")
    script(lane, 5, 5)
    lane.apply(f"beat:{zombie.id}")
    lane.apply(f"beat:{zombie.id}")
    assert not any(i.startswith("beat:") for i in ids(lane))


def test_picking_up_swaps_a_slot_and_leaves_the_old_item(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["weapon"] = "uzi"
    lane.items_on_map[at(lane, "3,2")] = ["pump-shotgun", "pain-pills"]
    survivor_turn(lane, "bill", step="pickup")
    assert set(ids(lane)) >= {f"pick:{at(lane, '3,2')}:pump-shotgun",
                              f"pick:{at(lane, '3,2')}:pain-pills"}
    lane.apply(f"pick:{at(lane, '3,2')}:pump-shotgun")
    assert bill.items["weapon"] == "pump-shotgun"
    assert lane.items_on_map[at(lane, "2,2")] == ["uzi"]  # another survivor may take it
    lane.apply(f"pick:{at(lane, '3,2')}:pain-pills")
    assert bill.items["pills"] == "pain-pills" and at(lane, "3,2") not in lane.items_on_map


def test_a_health_kit_leaves_one_wound_and_clears_incaps_instead_of_the_turn(lane):
    bill = put(lane, "bill", "2,2")
    zoey = put(lane, "zoey", "3,2")
    zoey.wounds, zoey.incaps = 4, 2
    survivor_turn(lane, "bill", step="before")
    assert "heal:zoey" in ids(lane) and "heal:bill" not in ids(lane)  # Bill has no wound
    lane.apply("heal:zoey")
    assert zoey.wounds == 1 and zoey.incaps == 0 and "health" not in bill.items
    assert bill.space == at(lane, "2,2")


def test_pain_pills_set_wounds_aside_and_they_come_back_one_a_round(lane):
    bill = put(lane, "bill", "2,2")
    bill.wounds = 3
    bill.items["pills"] = "pain-pills"
    survivor_turn(lane, "bill", step="before")
    lane.apply("pills:pain-pills")
    assert bill.wounds == 0 and bill.set_aside == 3 and "pills" not in bill.items
    endofround.returning_wounds(lane)
    assert bill.wounds == 1 and bill.set_aside == 2
    bill.wounds = 4  # only 1 Life left: no more come back
    endofround.returning_wounds(lane)
    assert bill.wounds == 4 and bill.set_aside == 2


def test_an_adrenaline_shot_sets_aside_two_wounds_and_adds_one_move_this_round(lane):
    from deadtable.games.left_4_dead.movement import move_budget

    bill = put(lane, "bill", "2,2")
    bill.wounds = 3
    bill.items["pills"] = "adrenaline-shot"
    survivor_turn(lane, "bill", step="before")
    lane.apply("pills:adrenaline-shot")
    assert bill.wounds == 1 and bill.set_aside == 2
    assert move_budget(lane, bill) == 6
    lane.round += 1
    assert move_budget(lane, bill) == 5


def test_pills_can_be_given_to_an_adjacent_survivor(lane):
    bill = put(lane, "bill", "2,2")
    zoey = put(lane, "zoey", "3,2")
    bill.items["pills"] = "pain-pills"
    survivor_turn(lane, "bill", step="before")
    lane.apply("give:zoey")
    assert zoey.items["pills"] == "pain-pills" and "pills" not in bill.items


def test_a_survivor_does_not_pick_back_up_what_it_swapped_away_this_turn(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["weapon"] = "uzi"
    lane.items_on_map[at(lane, "3,2")] = ["pump-shotgun"]
    survivor_turn(lane, "bill", step="pickup")
    lane.apply(f"pick:{at(lane, '3,2')}:pump-shotgun")
    assert lane.items_on_map[at(lane, "2,2")] == ["uzi"]
    assert not any(f.KIND == "survivor-turn" and f.step == "pickup" for f in lane.stack)
    zoey = put(lane, "zoey", "1,2")
    from deadtable.games.left_4_dead import items

    assert [a.id for a in items.pickup_actions(lane, zoey)] == [f"pick:{at(lane, '2,2')}:uzi"]


def test_a_defeat_names_what_took_the_last_survivor_down(lane):
    """Designed (docs/left-4-dead.md, "Winning"): the cause of a defeat says what took the last
    standing survivor down, an infected's card or the rule that wounded it."""
    from deadtable.games.left_4_dead import chapter

    for figure_id in ("francis", "louis", "zoey"):
        put(lane, figure_id, "0,3").down = True
    bill = put(lane, "bill", "2,2")
    hunter = infected(lane, "hunter", "3,2")
    bill.wounds = 4
    combat.wound(lane, bill, 3, hunter)
    chapter.check_end(lane)
    assert lane.outcome is not None
    assert lane.outcome.cause == "no survivor left standing (last down: Hunter)"


def test_wounds_while_down_are_named_as_such(lane):
    from deadtable.games.left_4_dead import chapter

    bill = put(lane, "bill", "2,2")
    bill.down, bill.incaps, bill.wounds = True, 2, 4
    endofround.bleed(lane)
    assert lane.last_down == "Survivor Rules: Incapacitated"
    assert chapter.nobody_standing(lane) == (
        "no survivor left standing (last down: wounds while incapacitated)")


def test_a_power_that_downs_a_survivor_is_named_by_its_special():
    from deadtable.games.left_4_dead.chapter import downed_words

    assert downed_words("SPITTER: Acid Vomit") == "Spitter (Acid Vomit)"
    assert downed_words("Tank") == "Tank"
    assert downed_words("HeroScape core rules: Falling") == "a fall"
