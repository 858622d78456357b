"""The terminal's `go` (deadtable/ui/go_cli.py): `go` lists the reach, `go SPACE` walks there
step by step through the play loop (undo takes back a step), stopping after a step that was
not plain or where the decision changed."""

from __future__ import annotations

import io
import sys

from rich.console import Console

from deadtable.engine.reach import route_to
from deadtable.engine.state import GameState
from deadtable.engine.undo import UndoStack
from deadtable.ui import cli, go_cli
from tests.engine.test_reach import reach
from tests.games.psycho_raiders.table import ginger_turn, on_the_road, put, script, take_turn


def play(state: GameState, answers: str) -> str:
    out = io.StringIO()
    console = Console(file=out, width=200)
    stdin = sys.stdin
    sys.stdin = io.StringIO(answers)
    try:
        cli._play(console, state, {}, lambda: None, UndoStack(), {})
    finally:
        sys.stdin = stdin
    return out.getvalue()


def test_go_walks_step_by_step_and_undo_takes_back_one_step() -> None:
    state, here = ginger_turn()
    said = play(state, "\ngo\ngo 99,99\ngo 20,0\nundo\nq\n")
    assert "Ginger can still get to (steps): " in said and "20,0 (5)" in said
    assert "99,99 is out of reach of Ginger this turn by plain steps" in said
    assert "Ginger moved to 20,0 (5 of 5 steps)" in said
    assert "Undone: Move to 20,0 (1 Speed)" in said
    assert state.history[-4:] == ["move:1:16,0", "move:1:17,0", "move:1:18,0", "move:1:19,0"]
    moves = [e.text for e in state.log if e.text.startswith("Ginger moves to")]
    assert moves == ["Ginger moves to 16,0.", "Ginger moves to 17,0.", "Ginger moves to 18,0.",
                     "Ginger moves to 19,0."]  # ordinary moves, one line each


def test_go_stops_after_a_step_that_was_not_plain_saying_why() -> None:
    state, _ = ginger_turn()
    put(state, "spud", "17,0")
    said = play(state, "\ngo 17,0\nq\n")
    assert "Ginger moved to 17,0 (2 of 2 steps): Ginger moves to 17,0. Ginger stops on an " \
           "enemy and must attack." in said
    assert state.history[-2:] == ["move:1:16,0", "move:1:17,0"]


def test_a_walk_stops_where_the_table_changed_since_its_route_was_found() -> None:
    state, _ = ginger_turn()
    route = route_to(reach(state, "campers"), "20,0", None)
    put(state, "spud", "17,0")  # the route was found before Spud came
    out = io.StringIO()
    go_cli.walk(Console(file=out, width=200), state, "campers", route, state.apply)
    assert out.getvalue().strip() == ("Ginger stopped at 17,0 after 2 of 5 steps toward 20,0: "
                                      "Ginger moves to 17,0. Ginger stops on an enemy and must "
                                      "attack.")
    assert state.history[-2:] == ["move:1:16,0", "move:1:17,0"]
    state, here = ginger_turn()
    gone = route_to(reach(state, "campers"), "18,0", None)
    state.apply("end")  # the decision changed: her turn is over
    out = io.StringIO()
    go_cli.walk(Console(file=out, width=200), state, "campers", gone, state.apply)
    assert out.getvalue().startswith(f"Ginger stopped at {here} after 0 of 3 steps toward 18,0: ")
    assert state.history[-1] == "end"


def test_go_drives_the_vehicle_hex_by_hex_and_a_sharp_turn_at_high_speed_stops_it() -> None:
    state = on_the_road()
    take_turn(state, "randy")
    state.apply("drive:safe")
    said = play(state, "\ngo\ngo 11,24\ngo 11,21\nundo\nq\n")
    assert "Pickup Truck can still get to (steps): " in said and "11,21 (4)" in said
    assert "more than one figure can get to 11,24: Randy, Pickup Truck; say which" in said
    assert "Pickup Truck moved to 11,21 (4 of 4 steps)" in said
    assert "Undone: Drive the Pickup Truck to 11,21" in said
    assert state.history[-3:] == ["car:11,24", "car:10,23", "car:11,22"]
    assert [e.text for e in state.log[-3:]] == [f"The Pickup Truck moves to {s}."
                                               for s in ("11,24", "10,23", "11,22")]
    state = on_the_road()
    take_turn(state, "randy")
    state.apply("drive:high")
    script(state, 1)  # Dangerous Turns 1: safe
    said = play(state, "\ngo pickup truck 10,23\nq\n")
    assert ("Pickup Truck moved to 10,23 (2 of 2 steps): The Pickup Truck moves to 10,23. "
            "A sharp turn at High Speed: Dangerous Turns 1: The vehicle holds the road.") in said
    assert state.history[-2:] == ["car:11,24", "car:10,23"]
