"""The HeroScape core rules as the variant plays them: combat dice, height, engagement, moving,
climbing, water, falling, leaving engagements (reference/left4dead-heroscape.md)."""

from __future__ import annotations

import pytest

from deadtable.engine.board import query
from deadtable.games.left_4_dead import combat, movement
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


def test_a_skull_is_1_to_3_a_shield_4_or_5_and_each_unblocked_skull_wounds(lane):
    put(lane, "bill", "2,2")
    zombie = infected(lane, ZOMBIE, "3,2")
    survivor_turn(lane, "bill", step="attack")
    assert f"attack:card:{zombie.id}" in ids(lane)
    script(lane, 1, 4, 6, 4, 1, 6)  # attack: skull, shield, blank; defense: shield, skull, blank
    lane.apply(f"attack:card:{zombie.id}")
    assert "3 dice roll 1 skull(s), 3 dice roll 1 shield(s): 0 wound(s)" in last_events(lane, 1)[0]
    assert zombie.space is not None
    survivor_turn(lane, "bill", step="attack")  # another turn: two skulls, no shield
    script(lane, 2, 3, 5, 6, 6, 5)
    lane.apply(f"attack:card:{zombie.id}")
    assert zombie.space is None and zombie.id not in lane.figures
    assert lane.destroyed_zombies == 1


def test_the_higher_figure_rolls_one_more_die_and_two_from_ten_levels_up(lane):
    bill = put(lane, "bill", "9,0")  # level 16
    low = infected(lane, ZOMBIE, "9,1")  # level 0: 16 levels down
    assert combat.height_bonus(lane, bill, low) == 2
    assert combat.height_bonus(lane, low, bill) == 0
    step = infected(lane, ZOMBIE, "8,0")  # level 6
    assert combat.height_bonus(lane, bill, step) == 2
    put(lane, "zoey", "8,1")  # level 0, below the zombie on 8,0 by 6 levels
    assert combat.height_bonus(lane, step, lane.figures["zoey"]) == 1
    script(lane, 6, 6, 6, 6, 6, 6, 6, 6)
    combat.roll_attack(lane, lane.figures["zoey"], step, 3)
    assert "3 dice roll 0 skull(s), 4 dice roll 0 shield(s)" in last_events(lane, 1)[0]


def test_special_attacks_are_not_modified_by_height(lane):
    bill = put(lane, "bill", "9,0")
    low = infected(lane, ZOMBIE, "9,1")
    script(lane, *[6] * 10)
    combat.roll_attack(lane, low, bill, 6, special=True)
    assert "6 dice roll 0 skull(s), 4 dice roll 0 shield(s)" in last_events(lane, 1)[0]


def test_adjacent_figures_are_not_engaged_when_one_stands_on_the_others_top(lane):
    bill = put(lane, "bill", "8,0")  # level 6
    high = infected(lane, ZOMBIE, "9,0")  # level 16: 10 above, Bill is Height 5
    assert not movement.engaged(lane, bill, high)
    low = infected(lane, ZOMBIE, "7,1")  # level 0, 6 below Bill: Bill's base is above its top
    assert not movement.engaged(lane, bill, low)
    level = infected(lane, ZOMBIE, "7,0")  # level 6, beside Bill
    assert movement.engaged(lane, bill, level)
    assert movement.engaged_with(lane, bill) == [level]


def test_climbing_costs_a_space_per_level_and_no_climb_of_the_figures_height(lane):
    put(lane, "bill", "4,0")  # level 0; 5,0 is level 2, 6,0 level 4
    survivor_turn(lane, "bill")
    assert f"move:{at(lane, '5,0')}" in ids(lane)  # 1 + 2 levels = 3 of Bill's 5
    assert f"move:{at(lane, '6,0')}" not in ids(lane)  # 3 + 3 = 6
    routes = movement.routes(lane, lane.figures["bill"])
    assert routes[at(lane, "5,0")][0].cost == 3
    put(lane, "bill", "8,0")  # level 6 beside the level-16 tower: a 10-level climb
    assert at(lane, "9,0") not in movement.routes(lane, lane.figures["bill"], 20)


def test_entering_water_ends_the_move(lane):
    put(lane, "bill", "2,1")
    water = at(lane, "3,1")
    routes = movement.routes(lane, lane.figures["bill"])
    assert water in routes
    for options in routes.values():
        for route in options:
            assert water not in route.spaces[:-1], "a route went on through the water"


def test_a_mud_man_slithers_through_water(lane):
    mud = infected(lane, "mud-man", "2,1")
    bill = put(lane, "bill", "2,3")
    assert not movement.stops_in(lane, mud)(at(lane, "3,1"))
    assert movement.stops_in(lane, bill)(at(lane, "3,1"))


def test_leaving_an_engagement_costs_one_die_from_each_enemy_left(lane):
    put(lane, "bill", "2,2")
    infected(lane, ZOMBIE, "3,2")
    survivor_turn(lane, "bill")
    script(lane, 2)  # the zombie's one die: a skull
    lane.apply(f"move:{at(lane, '0,2')}")
    bill = lane.figures["bill"]
    assert bill.space == at(lane, "0,2") and bill.wounds == 1
    assert any("leaves an engagement" in e and "a skull, 1 wound" in e for e in last_events(lane))


def test_moving_around_an_enemy_while_staying_engaged_is_free(lane):
    put(lane, "bill", "2,2")
    zombie = infected(lane, ZOMBIE, "3,2")
    bill = lane.figures["bill"]
    routes = movement.routes(lane, bill)
    beside = [n for n in lane.board.neighbours[zombie.space] if n in routes and n != bill.space
              and n in lane.board.neighbours[bill.space]]
    assert beside and all(routes[n][0].penalty == 0 for n in beside)


@pytest.mark.parametrize(("fall_dice", "rolls", "wounds"), [(3, (1, 1, 4), 2), (2, (1, 1), 2)])
def test_a_fall_of_height_plus_10_costs_3_dice_or_2_as_an_option(tmp_path, fall_dice, rolls,
                                                                   wounds):
    state = empty(map=small_map(tmp_path), **{"major-fall-dice": fall_dice})
    bill = put(state, "bill", "9,0")  # level 16, a drop of 16 to 9,1: Height 5 + 10 or more
    survivor_turn(state, "bill")
    script(state, *rolls)
    state.apply(f"move:{at(state, '9,1')}")
    assert bill.wounds == wounds
    assert state.dice.script == []


def test_a_fall_of_height_costs_one_die_and_infected_never_take_falling_damage(lane):
    bill = put(lane, "bill", "9,0")
    survivor_turn(lane, "bill")
    script(lane, 3)
    lane.apply(f"move:{at(lane, '8,0')}")  # a drop of 10: at least Height 5, less than 15
    assert bill.wounds == 1
    zombie = infected(lane, ZOMBIE, "8,1")
    zombie.space = at(lane, "9,0")
    movement.walk(lane, zombie, movement.routes(lane, zombie)[at(lane, "9,1")][0])
    assert zombie.space == at(lane, "9,1") and zombie.wounds == 0


def test_a_walk_meets_an_enemy_that_came_while_it_walked(lane, monkeypatch):
    # a walk reads where the enemies stand once, and again when another figure has moved or
    # come since (placements): here a zombie arrives beside the second space as Bill enters it
    put(lane, "bill", "4,2")
    survivor_turn(lane, "bill")
    entered = movement.items.entered

    def arriving(state, figure, space):
        entered(state, figure, space)
        if space == at(lane, "3,2"):
            infected(state, ZOMBIE, "3,3")

    monkeypatch.setattr(movement.items, "entered", arriving)
    script(lane, 2)  # the newcomer's one die as Bill leaves it: a skull
    route = movement.routes(lane, lane.figures["bill"])[at(lane, "1,2")][0]
    assert route.spaces[1] == at(lane, "3,2")
    movement.walk(lane, lane.figures["bill"], route)
    assert lane.figures["bill"].wounds == 1
    assert any("leaves an engagement" in e for e in last_events(lane))


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("swipes", [True, False])
def test_a_survivor_lying_down_swipes_at_a_figure_leaving_it_unless_the_option_says_not(
        tmp_path, monkeypatch, swipes, compiled):
    # "While on its side, a survivor may not move, use any items except secondary weapons":
    # the leaving-engagement attack is the figure's own, so by default it still makes it
    monkeypatch.setattr(query, "_enabled", compiled and query.compiled())
    state = empty(map=small_map(tmp_path), **{"incapped-swipes": swipes})
    bill = put(state, "bill", "2,2")
    bill.down = True
    zombie = infected(state, ZOMBIE, "3,2")
    away = at(state, "5,2")
    route = movement.routes(state, zombie)[away][0]
    assert route.penalty == (1 if swipes else 0)
    script(state, 2)  # Bill's one die, if he rolls: a skull
    movement.walk(state, zombie, route)
    assert any("leaves an engagement with Bill" in e for e in last_events(state)) == swipes
    if swipes:
        assert zombie.id not in state.figures  # a zombie has 1 Life
    else:
        assert zombie.space == away and state.dice.script == [2]
