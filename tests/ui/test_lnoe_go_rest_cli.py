"""Last Night on Earth at the terminal, for people: `go SPACE` walks the moving hero to a far
square a step at a time, and the zombie player's `rest` lets every zombie still to move stay,
stopping at one Zombie Hunger makes move (deadtable/ui/go_cli.py, ui/macro_cli.py)."""

from __future__ import annotations

from tests.games.last_night_on_earth.table import at
from tests.games.last_night_on_earth.test_walks_and_rest import becky_moving, three_zombies
from tests.ui.test_go_cli import play  # the play loop, both seats people (hot-seat)


def test_go_walks_the_moving_hero_and_undo_takes_back_a_step(tmp_path) -> None:
    state = becky_moving(tmp_path, 4)
    said = play(state, "\ngo\ngo 9,9\ngo 5,1\nundo\nq\n")
    assert "go SPACE" in said
    assert "Becky can still get to (steps): " in said and "5,1 (4)" in said
    assert "9,9 is out of reach of Becky this turn by plain steps" in said
    assert "Becky moved to 5,1 (4 of 4 steps)" in said
    assert "Undone: Step to 5,1" in said
    moved = [e.text for e in state.log if e.text.startswith("Becky moves to")]
    assert moved == ["Becky moves to 4,3.", "Becky moves to 5,3.", "Becky moves to 5,2."]
    assert state.history[1:] == [f"step:{at(state, s)}" for s in ("4,3", "5,3", "5,2")]
    assert state.decision.prompt == "Becky moves (1 left)"  # the last step taken back


def test_rest_lets_the_zombies_stay_and_stops_at_zombie_hunger(tmp_path) -> None:
    state, (z1, z2, z3) = three_zombies(tmp_path)
    said = play(state, f"\nhelp\nrest\nrest\nmove:{z2}:{at(state, '5,1')}\n\nrest\nq\n")
    assert "shortcuts: where the game offers one, its word is listed under the choices" in said
    assert "  rest: The rest stay (3 zombies to move): each zombie still to move stays" in said
    assert ("The rest stay (3 zombies to move): 1 choice made; stopped: Zombie 2 must move: "
            "Zombie Hunger (a hero is next to it)") in said
    assert "rest: Zombie 2 must move: Zombie Hunger" in said  # asked again: refused, why
    assert "The rest stay (1 zombie to move): 1 choice made" in said
    assert state.history[:3] == [f"stay:{z1}", f"move:{z2}:{at(state, '5,1')}", f"stay:{z3}"]
