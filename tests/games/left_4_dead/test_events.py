"""Audit of Game Rules with scripted dice: the Crescendo Event (trigger, its rounds by A-46's
two readings, the waves in place of Spawning Zombies) and the difficulties' first-wound cases
(Advanced: the Witch's first wound incapacitates; Expert: the Tank's incapacitates and the
Witch's destroys)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.games.left_4_dead import chapter, combat, endofround, spawning
from deadtable.games.left_4_dead.data import RULES
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.positions import empty, script
from tests.games.left_4_dead.table import table, turn

BLANK, SHIELD, SKULL = 6, 4, 1
EXPERT = "Game Rules: Expert Difficulty"
ADVANCED = "Game Rules: Advanced Difficulty"


def on_trigger(**options: object) -> Left4DeadState:
    """Chapter 1 (the floodgate's crescendo), Bill on the trigger, no infected."""
    state = empty(**options)
    state.figures["bill"].space = state.board.markers_of("crescendo-trigger")[0].space
    return state


def game_reading(tmp_path: Path) -> str:
    path = tmp_path / "rules.toml"
    old = 'counted_from = "event"'
    text = RULES.read_text()
    assert old in text
    path.write_text(text.replace(old, 'counted_from = "game"', 1))
    return str(path)


def cited(state: Left4DeadState, cite: str) -> list[str]:
    return [e.text for e in state.log if e.cite == cite]


# -- Crescendo Events ---------------------------------------------------------------------
def test_no_survivor_on_the_trigger_no_event() -> None:
    state = on_trigger()
    state.figures["bill"].space = state.board.space("3,3")
    assert not chapter.crescendo_wave(state) and state.crescendo == 0


@pytest.mark.parametrize(("difficulty", "wave"), [("easy", 3), ("advanced", 5)])
def test_the_crescendo_wave_replaces_spawning_zombies(difficulty: str, wave: int) -> None:
    state = on_trigger(difficulty=difficulty)
    script(state, 1)  # the specials' d20 (1 + modifier: a Boomer); no zombies roll before it
    endofround.end_of_round(state)
    kinds = [f.kind for f in state.infected()]
    assert kinds.count(spawning.ZOMBIE) == wave and kinds.count("boomer") == 1
    assert not cited(state, spawning.ZOMBIES) and not state.dice.script
    assert cited(state, chapter.CRESCENDO)[:2] == [
        "A survivor stands on the crescendo trigger: the Crescendo Event begins.",
        f"A wave of {wave} zombies."]


def test_the_event_reading_lasts_three_event_rounds_however_late() -> None:
    state = on_trigger()
    state.round = 7
    assert chapter.crescendo_wave(state)  # the trigger's wave
    for event_round in (1, 2, 3):
        assert state.blocked_spaces(), f"open before the wave of event round {event_round}"
        state.round += 1
        assert chapter.crescendo_wave(state)
    assert not state.blocked_spaces() and state.crescendo_over
    assert not chapter.crescendo_wave(state)
    assert len(state.infected()) == 4 * 4


def test_the_game_reading_ends_at_the_end_of_game_round_3(tmp_path: Path) -> None:
    state = on_trigger(rules=game_reading(tmp_path))
    state.round = 2
    assert chapter.crescendo_wave(state) and state.blocked_spaces()
    state.round = 3
    assert chapter.crescendo_wave(state)  # round 3's wave, then over
    assert not state.blocked_spaces()
    assert cited(state, chapter.CRESCENDO)[-1].startswith("The Crescendo Event is over")


def test_the_game_reading_after_round_3_is_one_wave(tmp_path: Path) -> None:
    state = on_trigger(rules=game_reading(tmp_path))
    state.round = 5
    assert chapter.crescendo_wave(state)
    assert not state.blocked_spaces() and len(state.infected()) == 4
    assert state.view("survivors")["crescendo"] == 0  # over: no CRESCENDO on the status line


# -- Difficulty: first wounds through real attacks ---------------------------------------------
def expert_tank_attacks_bill(*rolls: int) -> Left4DeadState:
    """On Expert, the Tank next to Bill attacks him without moving, the dice scripted."""
    state = table({"tank-1": "3,6", "bill": "4,6"}, difficulty="expert")
    turn(state, "tank-1")
    state.apply("stay")
    script(state, *rolls)
    state.apply("attack:bill")
    return state


def test_expert_tank_punch_first_wound_incapacitates() -> None:
    state = expert_tank_attacks_bill(SKULL, SKULL, SKULL, BLANK, BLANK, BLANK, BLANK, BLANK,
                                     BLANK)
    bill = state.figures["bill"]
    assert bill.down and bill.incaps == 1 and bill.wounds == 0
    assert "The Tank's first wound incapacitates Bill (Expert)." in cited(state, EXPERT)
    assert state.first_wounds == ["tank"]


def test_a_blocked_attack_does_not_spend_the_first_wound_rule() -> None:
    state = expert_tank_attacks_bill(SKULL, BLANK, BLANK, BLANK, BLANK, SHIELD, SHIELD, BLANK,
                                     BLANK)
    assert state.first_wounds == [] and not state.figures["bill"].down


@pytest.mark.parametrize(("difficulty", "destroyed"), [("advanced", False), ("expert", True)])
def test_the_witchs_first_wound_on_a_survivor_already_down(difficulty: str,
                                                          destroyed: bool) -> None:
    state = table({"witch-1": "3,6", "bill": "4,6", "zoey": "2,6"}, difficulty=difficulty)
    bill, zoey, witch = (state.figures[k] for k in ("bill", "zoey", "witch-1"))
    bill.down, bill.incaps = True, 1
    combat.wound(state, bill, 1, witch)
    assert (bill.space is None) == destroyed and state.first_wounds == ["witch"]
    if not destroyed:
        assert bill.wounds == 1 and bill.incaps == 1  # an ordinary wound: it lies there
    combat.wound(state, zoey, 1, witch)  # the rule is spent: an ordinary wound
    assert zoey.wounds == 1 and not zoey.down


def test_the_first_wound_rules_count_once_a_campaign() -> None:
    state = empty(campaign="dead-river", difficulty="advanced")
    state.first_wounds.append("witch")
    room = state.board.zones["end"].spaces
    for n, figure in enumerate(state.survivors()):
        figure.space = room[n]
    chapter.check_end(state)
    state.settle()
    assert state.chapter == 2 and state.first_wounds == ["witch"]
