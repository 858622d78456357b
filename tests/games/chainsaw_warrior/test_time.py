"""SEQUENCE OF PLAY's Time Phase, NIGHT TIME, running out of time, and PAUSING AND RELOADING.

One box of the Time Track is 30 seconds: night falls at box 60, the game is lost at box 120.
After the stacked Deck One the conftest's stop card (Dump 2) waits without a die rolled."""

from __future__ import annotations

import pytest

from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState
from tests.games.chainsaw_warrior.conftest import STOP, item_uses, play, start, used_all_dice
from tests.logs import texts

WZ = [f"wandering-zombie-{n}" for n in range(1, 24)]


def stopped(state: ChainsawWarriorState) -> bool:
    return state.phase == "dump" and state.ctx["card"] == STOP


def logged(state: ChainsawWarriorState, text: str) -> bool:
    return any(text in line for line in texts(state))


def at_box(box: int, deck: list[str], dice: list[int], **kw: object) -> ChainsawWarriorState:
    """A game whose first card is a Locked Door with nothing to retrace (no effect); the Time
    marker is put on `box` there, and play goes on into `deck`."""
    state = start(["locked-door-1", *deck], dice, **kw)  # type: ignore[arg-type]
    assert state.phase == "door"
    state.time = box
    return state


# -- the Time Phase ------------------------------------------------------------------------------
def test_every_turn_moves_the_time_marker_one_box_of_thirty_seconds() -> None:
    """"Time Phase: Move the Time marker one box along the Time Track. This shows that 30
    seconds have passed during the Exploration Phase.\""""
    state = start(["clear-1", "empty-1", "clear-2", "empty-2"], [1, 2, 3, 4])
    assert state.time == 5 and stopped(state) and used_all_dice(state)
    entered = [line.split("]")[0] for line in texts(state) if line.startswith("[")]
    assert entered == ["[0:30", "[1:00", "[1:30", "[2:00", "[2:30"]


# -- Night -------------------------------------------------------------------------------------
def _agent_2_round(box: int, kit: list[str] | None = None) -> ChainsawWarriorState:
    """Chaos Agent 2 allows no Aimed Shot: straight into a round, it 1+1+9, you 1+1+HtH."""
    state = at_box(box, ["chaos-agent-2"], [1, 1, 1, 1], kit=kit or [])
    return play(state, "retrace")


def test_night_falls_at_thirty_minutes_and_costs_one_hth() -> None:
    """"When the timer reaches 30 minutes night falls, and you must reduce your HtH by 1
    point.\""""
    day = _agent_2_round(58)  # the turn is box 59: still day
    assert logged(day, "it scores 11, you 13")
    assert [line for line in texts(day) if "Night falls" in line or "it scores" in line][0] == (
        "Round 1 against the Chaos Agent 2: it scores 11, you 13 (its 2 + HtH 9; your 2 + HtH "
        "11).")  # night comes after
    night = _agent_2_round(59)  # the turn is box 60: 30 minutes
    assert logged(night, "Night falls")
    assert logged(night, "it scores 11, you 12")
    assert used_all_dice(night)


@pytest.mark.parametrize("item", ["infra-red-goggles", "torch"])
def test_infra_red_goggles_and_the_torch_cancel_the_night_penalty(item: str) -> None:
    """Infra-Red Goggles: "When night falls you won't need to have 1 deducted from your HtH
    rating." Torch: "you don't take the HtH penalty for fighting after dark.\""""
    state = _agent_2_round(59, kit=[item])
    assert logged(state, "Night falls") and logged(state, "it scores 11, you 13")


def test_night_needs_powered_goggles() -> None:
    """The Goggles are electric in our data: in a Magnetic Field they do not help."""
    state = at_box(59, ["chaos-agent-2"], [1, 1, 1, 1], kit=["infra-red-goggles"])
    state.field_until = 100
    play(state, "retrace", "explore")  # (a free area while the Field lasts: you may wait)
    assert logged(state, "it scores 11, you 12")


# -- Out of time ---------------------------------------------------------------------------------
def test_at_sixty_minutes_you_are_out_of_time_and_lose() -> None:
    """"When the timer reaches 60 minutes you are out of time and Darkness has won!"; "Dying,
    turning into a Zombie or running out of time is a lose.\""""
    state = at_box(119, ["clear-1"], [])
    play(state, "retrace")
    assert state.outcome is not None
    assert state.outcome.results == {"warrior": "loss"} and state.outcome.cause == "time"
    assert state.time == 120 and state.decision is None
    assert state.decks[0].cards[0] == "clear-1"  # the next card is never turned


def test_time_lost_in_a_trap_can_run_out_the_clock() -> None:
    """A failed Spiked Pit: "roll one die and move the Time marker that many minutes\""""
    state = at_box(110, ["spiked-pit-1"], [6, 6, 1, 6])  # turn at 111; 1 wound; 6 minutes
    play(state, "retrace")
    assert state.outcome is not None and state.outcome.cause == "time"
    assert state.time == 123 and state.warrior.wounds == 13 and used_all_dice(state)


def test_a_box_short_of_sixty_minutes_play_goes_on() -> None:
    state = at_box(118, ["locked-door-2"], [])
    play(state, "retrace")
    assert state.outcome is None and state.time == 119 and state.phase == "door"


# -- Pausing and Reloading -----------------------------------------------------------------------
def _empty_lance_with_clip(dice: list[int], **kw: object) -> ChainsawWarriorState:
    state = at_box(0, [], dice, **kw)
    state.items[0].uses = 0
    state.items[0].clip = True
    return play(state, "retrace")


def test_reloading_from_a_spare_clip_takes_thirty_seconds_and_a_zombie_check() -> None:
    """"To reload a weapon using a Spare Clip you must again be in a free area. Reloading
    takes 30 seconds (advance the Time marker 1 box), during which time you should roll for a
    Wandering Zombie as usual.\""""
    state = _empty_lance_with_clip([3])
    assert state.phase == "free"
    assert state.decision.ids == ["explore", "reload:laser-lance"]
    play(state, "reload:laser-lance")
    assert item_uses(state, "laser-lance") == 6 and not state.items[0].clip
    assert logged(state, "Wandering Zombie check: 3")
    assert state.time == 0 + 1 + 1 and stopped(state) and used_all_dice(state)


def test_a_zombie_that_comes_while_reloading_arrives_after_the_reload() -> None:
    """"If the roll indicates that one arrives you may assume that it turns up after you have
    reloaded.\""""
    state = _empty_lance_with_clip([6], wandering=WZ)
    play(state, "reload:laser-lance")
    assert state.phase == "shoot" and f"shoot:laser-lance:{WZ[0]}" in state.decision.ids
    assert item_uses(state, "laser-lance") == 6


def test_no_reload_while_uses_remain() -> None:
    """"When the uses number reaches '0' simply trade in the Spare Clip\""""
    state = at_box(0, [], [])
    state.items[0].uses = 3
    state.items[0].clip = True
    play(state, "retrace")
    assert stopped(state)  # no pause offered: nothing to do but go on


def test_no_reload_outside_a_free_area() -> None:
    """"you must again be in a free area": not in the Magnetic Field's room."""
    state = at_box(0, ["magnetic-field-1"], [1, 1])
    state.items[0].uses = 0
    state.items[0].clip = True
    play(state, "retrace")
    assert state.decision.ids == ["explore", "reload:laser-lance"]
    play(state, "explore")  # not now: on into the Field
    assert stopped(state) and used_all_dice(state)  # the Field's room: straight on
    assert item_uses(state, "laser-lance") == 0
