"""The terminal with two people at one screen (hot seat), Psycho Raiders from the second turn:
the raiders' `auto road-trap` (ui/standing_cli.py, engine/standing.py) answers Road Trap (16.2)
for them, so the campers' `go` drives through without passing the screen; without it, the walk
waits for the raiders and goes on by itself each time they let it drive on, its line kept
for the campers' screen. Their `auto reveal` answers the sinister reveal before each campers'
turn (17.21) "not now", so the campers' turns go on without passing the screen either."""

from __future__ import annotations

import io
import sys

from rich.console import Console

from deadtable.engine.undo import UndoStack
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from deadtable.ui import cli
from tests.engine.test_standing import reveal_asked
from tests.games.psycho_raiders.test_pickup_reach import on_the_road_turn_two

PICKUP = "Pickup Truck"
DRIVE = ["car:11,24", "let-pass", "car:10,23", "let-pass", "car:11,22", "let-pass",
         "car:11,21", "let-pass"]  # Safe Speed 4 (15.3), asked after each road hex


def play(state: PsychoRaidersState, answers: str) -> str:
    """The play loop, both seats people, with `answers` typed."""
    out = io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO(answers)
    try:
        cli._play(Console(file=out, width=200), state, {}, lambda: None, UndoStack(), {})
    finally:
        sys.stdin = stdin
    return out.getvalue()


def screens(said: str) -> list[tuple[str, str]]:
    """(seat, what its screen showed) for each hot-seat pass, in order."""
    parts = said.split("Pass to ")[1:]
    return [(part.split(" ", 1)[0].strip("─ \n"), part) for part in parts]


def test_auto_lets_the_campers_drive_through_and_is_shown_only_to_the_raiders() -> None:
    state = on_the_road_turn_two()
    state.apply("car:11,24")  # a typed step: the raiders are asked
    start = len(state.history)
    said = play(state, "\nauto\nauto said\nauto road-trap said\n\ngo 11,21\nq\n")
    shown = screens(said)
    assert [seat for seat, _ in shown] == ["raiders", "campers"]
    raiders, campers = shown[0][1], shown[1][1]
    assert ("auto: answer in advance (now Road Trap: ask me each time; Sinister reveal: ask me "
            "each time): auto road-trap|reveal off|round|said") in raiders
    assert " * auto road-trap off: Road Trap: ask me each time" in raiders
    assert " * auto reveal off: Sinister reveal: ask me each time" in raiders  # each question
    assert ("auto: say auto QUESTION CHOICE, the question one of road-trap, reveal, the choice "
            "one of off, round, said") in raiders  # `auto said`: which question?
    assert ("Now Road Trap: let the campers' vehicles drive on until I say otherwise."
            in raiders)
    assert "auto" not in campers  # never offered, never said, at the campers' screen
    assert "Pickup Truck moved to 11,21 (3 of 3 steps)" in campers
    # set while asked, it answered at once; then after each road hex of the walk, and the
    # screen never passed back to the raiders
    assert state.history[start:] == DRIVE[1:]


def test_without_auto_the_walk_waits_for_the_raiders_and_goes_on_by_itself() -> None:
    state = on_the_road_turn_two()
    start = len(state.history)
    # the campers walk; the raiders let it drive on three times, then declare Road Trap
    said = play(state, "\ngo 11,21\n\nlet-pass\nlet-pass\nroad-trap\n\nq\n")
    shown = screens(said)
    assert [seat for seat, _ in shown] == ["campers", "raiders", "campers"]
    first, raiders, back = (part for _, part in shown)
    assert ("Pickup Truck stopped at 11,24 after 1 of 4 steps toward 11,21: waiting for "
            "raiders (Road Trap); it goes on by itself if they let it") in first
    assert "toward 11,21" not in raiders  # the walk's line is the campers'
    assert raiders.count("The Pickup Truck drives on the road at") == 3  # asked each hex
    # the campers typed nothing between: the walk went on by itself after each pass
    assert state.history[start:] == [*DRIVE[:5], "road-trap"]
    assert state.board.name(state.vehicles[PICKUP]) == "11,22"
    assert ("Pickup Truck stopped at 10,23 after 2 of 4 steps toward 11,21: waiting for "
            "raiders (Road Trap)") in back
    assert ("Pickup Truck stopped at 11,22 after 3 of 4 steps toward 11,21: waiting for "
            "raiders (Road Trap)") in back


def test_auto_reveal_answers_before_each_campers_turn_without_passing_the_screen() -> None:
    state = reveal_asked((2, 1, 6))  # the Gravedigger sinister: a reveal is possible
    assert state.decision.ids == ["reveal:gravedigger", "no-reveal"]
    start = len(state.history)
    said = play(state, "\nauto reveal said\n\nturn:randy\nend\nturn:ginger\nend\n"
                       "turn:dawn\nend\nq\n")
    shown = screens(said)
    assert [seat for seat, _ in shown] == ["raiders", "campers"]  # never passed back
    raiders, campers = shown[0][1], shown[1][1]
    assert "Now Sinister reveal: 'not now' until I say otherwise." in raiders
    assert "auto" not in campers and "Sinister reveal" not in campers
    # asked before each campers' turn all the same, answered "not now" for them (set while
    # asked, it answered that question at once)
    assert state.history[start:] == ["no-reveal", "turn:randy", "end", "no-reveal",
                                     "turn:ginger", "end", "no-reveal", "turn:dawn", "end",
                                     "no-reveal"]
    assert "gravedigger" not in state.revealed_sinister
