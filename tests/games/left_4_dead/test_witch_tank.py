"""The Witch (Witch Spawning; Double Attack; Furious Focus), the Tank (Rock Throw, Powerful
Punch) and the difficulties' first-wound rules, with scripted dice."""

from __future__ import annotations

import pytest

from deadtable.games.left_4_dead import combat, horde, powers, specials, survivors
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.table import (
    at,
    events,
    ids,
    in_special_turn,
    script,
    space,
    table,
    turn,
    verbs,
)

BLANK, SHIELD, SKULL = 6, 4, 1


# -- Witch -----------------------------------------------------------------------------------
def survivor_moves(state: Left4DeadState, name: str, to: str) -> None:
    survivors.begin_turn(state, name)
    state._decision = None
    state.settle()
    state.apply(f"move:{space(state, to)}")
    if state.stack[-1].KIND == "survivor-turn" and state.stack[-1].step == "move":
        state.apply("stop")


def test_sitting_witch_waits_until_a_survivor_ends_its_move_next_to_her() -> None:
    state = table({"witch-1": "5,6", "bill": "8,6", "zoey": "4,5"})
    witch = state.figures["witch-1"]
    assert not specials.may_act(state, witch)  # sitting: no move, no attack
    assert not any(k == "witch-1" for k, _ in horde.who_may_act(state))
    survivor_moves(state, "bill", "6,6")
    assert witch.markers["disturbed-by"] == "bill"
    assert events(state, "Infected Rules: Witch Spawning")
    assert specials.may_act(state, witch)
    # she attacks only Bill, though Zoey stands next to her too; twice (Double Attack)
    turn(state, "witch-1")
    state.apply("stay")
    assert ids(state) == ["attack:bill", "end"]
    script(state, *[BLANK] * 8)
    state.apply("attack:bill")
    assert ids(state) == ["attack:bill", "end"]
    script(state, *[BLANK] * 8)
    state.apply("attack:bill")
    assert not in_special_turn(state)


def test_a_survivor_that_does_not_move_does_not_disturb() -> None:
    state = table({"witch-1": "5,6", "bill": "6,6"})
    survivors.begin_turn(state, "bill")
    state._decision = None
    state.settle()
    state.apply("stop")  # "Do not move"
    assert "disturbed-by" not in state.figures["witch-1"].markers


def test_attacking_a_figure_next_to_her_disturbs() -> None:
    state = table({"witch-1": "5,6", "zombie-1": "4,6", "zoey": "1,6"})
    specials.attacked(state, state.figures["zoey"], state.figures["zombie-1"])
    assert state.figures["witch-1"].markers["disturbed-by"] == "zoey"
    # the horde attacking is no disturbance
    state = table({"witch-1": "5,6", "zombie-1": "4,6", "zoey": "3,6"})
    specials.attacked(state, state.figures["zombie-1"], state.figures["zoey"])
    assert "disturbed-by" not in state.figures["witch-1"].markers


def test_wandering_witch_moves_slower_and_may_not_attack() -> None:
    state = table({"witch-1": "5,6", "bill": "6,6"})
    witch = state.figures["witch-1"]
    witch.markers["wandering"] = 1
    assert specials.may_act(state, witch)
    turn(state, "witch-1")
    assert powers.move_budget(state, witch) == 4  # Move 7 - 3
    assert f"move:{space(state, '1,6')}" in ids(state)
    assert f"move:{space(state, '0,6')}" not in ids(state)
    state.apply("stay")
    assert not in_special_turn(state)  # no attack: nothing left to do
    specials.disturb(state, witch, state.figures["bill"])
    assert powers.move_budget(state, witch) == 7


def test_her_focus_ends_when_the_disturber_is_destroyed() -> None:
    state = table({"witch-1": "5,6", "bill": "6,6", "zoey": "4,6"})
    witch = state.figures["witch-1"]
    specials.disturb(state, witch, state.figures["bill"])
    bill = state.figures["bill"]
    bill.incaps = 2
    combat.wound(state, bill, 5, None)  # third incap: destroyed
    assert bill.space is None
    turn(state, "witch-1")
    assert witch.markers["disturbed-by"] == "-"
    state.apply("stay")
    assert "attack:zoey" in ids(state)


def test_furious_focus_passes_figures_without_leaving_attacks() -> None:
    state = table({"witch-1": "3,6", "bill": "4,6", "zoey": "20,7"})
    specials.disturb(state, state.figures["witch-1"], state.figures["zoey"])
    turn(state, "witch-1")
    state.apply(f"move:{space(state, '6,6')}")  # through Bill's space, no die rolled
    assert at(state, "witch-1") == "6,6" and state.figures["witch-1"].wounds == 0


# -- Difficulty: first wounds ----------------------------------------------------------------
@pytest.mark.parametrize(("difficulty", "kind", "down", "destroyed"), [
    ("normal", "witch", False, False),
    ("advanced", "witch", True, False),
    ("expert", "witch", False, True),
    ("advanced", "tank", False, False),
    ("expert", "tank", True, False),
])
def test_first_wound_rules(difficulty: str, kind: str, down: bool, destroyed: bool) -> None:
    state = table({f"{kind}-1": "3,6", "bill": "4,6", "zoey": "2,6"}, difficulty=difficulty)
    bill, zoey = state.figures["bill"], state.figures["zoey"]
    combat.wound(state, bill, 1, state.figures[f"{kind}-1"])
    assert bill.down == down and (bill.space is None) == destroyed
    if not down and not destroyed:
        assert bill.wounds == 1
    combat.wound(state, zoey, 1, state.figures[f"{kind}-1"])  # only the first time
    assert zoey.wounds == 1 and not zoey.down


def test_witch_and_tank_life_add_the_modifier() -> None:
    state = table({"witch-1": "3,6", "tank-1": "9,9"}, difficulty="expert")
    assert combat.life(state, state.figures["witch-1"]) == 8
    assert combat.life(state, state.figures["tank-1"]) == 8


# -- Tank ------------------------------------------------------------------------------------
def test_rock_throw_from_height_without_moving_is_never_modified() -> None:
    state = table({"tank-1": "9,6", "bill": "12,7"}, difficulty="easy")
    turn(state, "tank-1")
    state.apply("stay")
    assert ids(state) == ["rock:bill", "end"]
    script(state, SKULL, SKULL, SKULL, BLANK, BLANK, SHIELD, BLANK, BLANK, BLANK)
    state.apply("rock:bill")
    text = events(state, "TANK: Rock Throw")[-1]
    assert "5 dice roll 3 skull(s), 4 dice roll 1 shield(s): 2 wound(s)" in text  # no height
    assert state.figures["bill"].wounds == 2
    assert not in_special_turn(state)


def test_rock_throw_refused_after_moving_or_at_level_0() -> None:
    state = table({"tank-1": "9,6", "bill": "12,7"})
    turn(state, "tank-1")
    state.apply(f"move:{space(state, '10,6')}")  # rubble, level 1: moved
    assert "rock" not in verbs(state)
    state = table({"tank-1": "8,6", "bill": "12,7"})
    turn(state, "tank-1")
    state.apply("stay")
    assert "rock" not in verbs(state)


def test_powerful_punch_throws_three_spaces() -> None:
    state = table({"tank-1": "3,6", "bill": "4,6"}, difficulty="easy")
    turn(state, "tank-1")
    state.apply("stay")
    script(state, SKULL, SKULL, BLANK, BLANK, BLANK, SHIELD, SHIELD, BLANK, BLANK)
    state.apply("attack:bill")
    assert at(state, "bill") == "7,6" and state.figures["bill"].wounds == 0
    assert events(state, "TANK: Powerful Punch")


def test_powerful_punch_blocked_is_a_wound() -> None:
    state = table({"tank-1": "3,6", "bill": "4,6", "zoey": "6,6"}, difficulty="easy")
    turn(state, "tank-1")
    state.apply("stay")
    script(state, SKULL, SKULL, BLANK, BLANK, BLANK, SHIELD, SHIELD, BLANK, BLANK)
    state.apply("attack:bill")
    assert at(state, "bill") == "4,6" and state.figures["bill"].wounds == 1


def test_no_punch_with_fewer_skulls_than_shields() -> None:
    state = table({"tank-1": "3,6", "bill": "4,6"}, difficulty="easy")
    turn(state, "tank-1")
    state.apply("stay")
    script(state, SKULL, BLANK, BLANK, BLANK, BLANK, SHIELD, SHIELD, BLANK, BLANK)
    state.apply("attack:bill")
    assert at(state, "bill") == "4,6" and state.figures["bill"].wounds == 0
    assert not events(state, "TANK: Powerful Punch")
