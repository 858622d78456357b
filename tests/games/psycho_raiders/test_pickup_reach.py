"""The campers' pickup from its camp, a driver's reach before its speed is announced, and walks
past the raiders' Road Trap question (docs/psycho-raiders.md, "In the terminal": `go`):

- Crucible's camp (P, 3,29) is the end of a track to the main road, so in a fresh game the
  pickup the campers begin in (4.4, 17) has a legal drive out by road (10.1) and a reach;
- before the driver announces High, Safe or Off-Road Speed (10.1) the reach already shows the
  vehicle's hexes, each with the speed that gets there (GameSpec.openings), without
  announcing it; a walk there announces it first, as the ordinary action;
- from the second turn the raiders are asked about Road Trap (16.2) after each road hex of a
  campers' drive: the search and the walk go past the question where the raiders' agent
  lets the vehicle drive on (GameSpec.passes), and stop where it declares Road Trap."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

from rich.console import Console

from deadtable import registry
from deadtable.engine.decisions import Action
from deadtable.engine.reach import PassReader, Route, reach, route_to
from deadtable.engine.state import GameState
from deadtable.engine.undo import UndoStack
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from deadtable.games.psycho_raiders.view import let_pass, speed_of
from deadtable.ui import cli
from tests.games.psycho_raiders.table import new, on_the_road, take_turn

PICKUP = "Pickup Truck"
SPEC = registry.spec("psycho-raiders")
TRACK = ["4,29", "5,29", "6,29", "7,29", "8,29", "9,29", "10,29"]  # the camp's track east


def routes(state: GameState, seat: str = "campers",
           through: PassReader | None = None) -> dict[str, dict[str, Route]]:
    read = registry.move_reader(SPEC)
    opens, _ = registry.walk_readers(SPEC)
    assert read is not None and opens is not None
    return reach(state, seat, read, opens, through)


def randy_at_the_wheel(state: PsychoRaidersState) -> PsychoRaidersState:
    take_turn(state, "randy")
    return state


def test_the_pickup_drives_out_of_its_camp_by_road_in_a_fresh_game() -> None:
    state = randy_at_the_wheel(new())
    assert state.board.name(state.vehicles[PICKUP]) == "3,29"
    assert {"drive:high", "drive:safe", "drive:off_road"} <= set(state.decision.ids)
    state.apply("drive:high")  # 10.1: it begins on a road, so High Speed is open
    for space in TRACK:  # High Speed 9: the track's seven hexes, then north
        assert f"car:{space}" in state.decision.ids
        state.apply(f"car:{space}")
    state.apply("car:11,28")
    assert state.board.name(state.vehicles[PICKUP]) == "11,28"
    assert all(state.board.terrain[state.board.space(s)] == "road" for s in [*TRACK, "11,28"])


def test_before_its_speed_the_reach_shows_each_hex_with_the_speed_that_gets_there() -> None:
    state = randy_at_the_wheel(new())
    before = state.to_json()
    found = routes(state)
    assert state.to_json() == before  # nothing announced, nothing moved
    pickup = found[PICKUP]
    north = pickup["11,28"]  # the track's 7 hexes, then north onto the main road
    assert north.opening == ("drive:high",) and north.how == "High Speed"
    assert north.spaces == (*TRACK, "11,28") and north.start == "3,29"
    assert north.actions == ("drive:high", *(f"car:{s}" for s in north.spaces))
    assert max(len(r.steps) for r in pickup.values()) == 9
    assert pickup["2,29"].how == "Off-Road Speed"  # the camp's long grass: off the road
    # the same search without the openings knows only Randy's own steps (getting out)
    read = registry.move_reader(SPEC)
    assert read is not None
    assert list(reach(state, "campers", read)) == ["Randy"]
    assert "Randy" in found and all(not r.opening for r in found["Randy"].values())


def test_of_two_speeds_that_get_there_the_route_keeps_the_first_offered() -> None:
    state = randy_at_the_wheel(new())
    pickup = routes(state)[PICKUP]
    # 5,29 is 2 hexes at High, Safe or Off-Road Speed alike: High, offered first, is kept
    assert pickup["5,29"].how == "High Speed" and len(pickup["5,29"].steps) == 2


def test_the_readers_name_a_speed_and_the_let_pass_and_nothing_else() -> None:
    state = randy_at_the_wheel(new())
    assert speed_of(state, state.decision.get("drive:safe")) == "Safe Speed"
    assert speed_of(state, state.decision.get("drive:off_road")) == "Off-Road Speed"
    assert speed_of(state, Action("move:1:4,29", "", {"verb": "move"})) is None
    assert let_pass(state) is None  # a turn's decision is no Road Trap question


def on_the_road_turn_two() -> PsychoRaidersState:
    state = on_the_road()
    state.round = 2  # 16.2: Road Trap may be declared from the second turn
    take_turn(state, "randy")
    state.apply("drive:safe")
    return state


def agents_pass(state: GameState) -> str | None:
    decision = state.decision
    return let_pass(state) if decision is not None and decision.seat == "raiders" else None


def test_road_trap_ends_the_reach_unless_the_raiders_agent_lets_it_pass() -> None:
    state = on_the_road_turn_two()
    alone = routes(state)[PICKUP]
    assert {len(r.steps) for r in alone.values()} == {1}  # a person is asked after each hex
    through = routes(state, through=agents_pass)[PICKUP]
    assert max(len(r.steps) for r in through.values()) == 4  # Safe Speed 4 (15.3)
    assert through["11,21"].spaces == ("11,24", "10,23", "11,22", "11,21")
    step = state.clone()
    step.apply("car:11,24")
    assert let_pass(step) == "let-pass"  # the raiders' question, and its passing answer


def play(state: GameState, answers: str, agents: dict[str, Callable[[GameState], str]]) -> str:
    """The terminal's play loop with `answers` typed, the raiders' Road Trap answered by
    `agents` (a stand-in agent: an object with act(observation))."""
    out = io.StringIO()
    console = Console(file=out, width=200)
    stdin = sys.stdin
    sys.stdin = io.StringIO(answers)

    class Stub:
        def __init__(self, choose: Callable[[GameState], str]) -> None:
            self.choose = choose

        def act(self, observation: object) -> str:
            return self.choose(state)

    try:
        cli._play(console, state, {s: Stub(c) for s, c in agents.items()},  # type: ignore[misc]
                  lambda: None, UndoStack(), {})
    finally:
        sys.stdin = stdin
    return out.getvalue()


def test_go_lists_the_pickups_reach_by_speed_and_walks_announcing_it_first() -> None:
    state = randy_at_the_wheel(new())
    said = play(state, "\ngo\ngo 11,28\nq\n", {})  # Enter: the hot seat passed
    assert "Pickup Truck at High Speed (go announces it first) can still get to (steps): " in said
    assert "11,28 (8)" in said and "10,27 (9)" in said  # High Speed 9 (15.3's 9-4-3)
    assert "Pickup Truck at Off-Road Speed (go announces it first) can still get to (steps): " \
        "2,29 (1), 6,28 (3)" in said  # the camp's long grass, off the track
    assert "Pickup Truck moved to 11,28 (8 of 8 steps at High Speed)" in said
    drive = state.history.index("drive:high")
    assert state.history[drive:] == ["drive:high", *(f"car:{s}" for s in [*TRACK, "11,28"])]


def test_go_drives_past_the_raiders_agent_letting_it_pass_and_stops_at_its_road_trap() -> None:
    state = on_the_road_turn_two()
    said = play(state, "go 11,21\nq\n", {"raiders": lambda s: "let-pass"})
    assert "Pickup Truck moved to 11,21 (4 of 4 steps)" in said
    # each hex the raiders' agent asked and answered, as between two typed steps (the last
    # answered by the play loop once the walk was over)
    assert state.history[-8:] == ["car:11,24", "let-pass", "car:10,23", "let-pass", "car:11,22",
                                  "let-pass", "car:11,21", "let-pass"]
    state = on_the_road_turn_two()
    said = play(state, "go 11,21\nq\n", {"raiders": lambda s: "road-trap"})
    assert ("Pickup Truck stopped at 11,24 after 1 of 4 steps toward 11,21: Spud: Road Trap! "
            "The Pickup Truck must stop. The Pickup Truck stops dead at 11,24.") in said
    assert state.board.name(state.vehicles[PICKUP]) == "11,24"


def test_go_with_the_raiders_a_person_searches_past_their_question() -> None:
    state = on_the_road_turn_two()
    found = routes(state)  # the engine without a pass: the question ends the reach
    route = route_to(found, "11,24", PICKUP)
    assert route.steps == ("car:11,24",)
    assert "11,21" not in found[PICKUP]
    # the terminal's reach goes past it whoever answers it (the walk waits for a person), so
    # it never shows the campers how the raiders answer (tests/ui/test_road_trap_auto_cli.py)
    said = play(state, "\ngo\nq\n", {})  # Enter: the hot seat passed to the campers
    assert "Pickup Truck can still get to (steps): " in said and "11,21 (4)" in said
