"""Last Night on Earth at the terminal: `go SPACE` is offered only where it reaches farther
than one step (a hero with moves left, a zombie on a Shamble), not on a zombie's plain
one-space move or a hero's last step, where the space typed is the same choice; typing `go`
there says why (deadtable/ui/go_cli.py's why_not), and `help` says so."""

from __future__ import annotations

from tests.games.last_night_on_earth.table import at
from tests.games.last_night_on_earth.test_rest_standing import five_zombies
from tests.games.last_night_on_earth.test_walks_and_rest import becky_moving, shambling
from tests.ui.test_go_cli import play  # the play loop, every seat a person (hot-seat)


def usage_lines(said: str) -> list[str]:
    return [line for line in said.splitlines() if line.strip().startswith("(or ")]


def test_a_plain_zombie_move_offers_no_go_and_says_why(tmp_path) -> None:
    state, (z1, *_rest) = five_zombies(tmp_path)
    said = play(state, "\ngo\ngo 0,2\nhelp\nq\n")
    [usage] = usage_lines(said)
    assert "go SPACE" not in usage
    assert ("go: every space Zombie 1 can get to now is one step away: type the space (or its "
            "choice's number); go walks only farther than one step") in said
    assert said.count("go: every space Zombie 1") == 2  # `go` alone and `go 0,2` alike
    assert "Offered only where some space is more than one step away" in said  # help
    assert state.zombies[z1] == at(state, "0,3")  # nothing moved


def test_a_shambling_zombie_is_offered_go(tmp_path) -> None:
    state, _zombies = shambling(tmp_path)
    said = play(state, "\ngo\nq\n")
    assert "go SPACE" in usage_lines(said)[0]
    assert "Zombie 1 can still get to (steps): " in said


def test_a_hero_is_offered_go_until_her_last_step(tmp_path) -> None:
    state = becky_moving(tmp_path, 2)
    said = play(state, f"\nstep:{at(state, '4,3')}\ngo\nq\n")
    first, last = usage_lines(said)
    assert "go SPACE" in first and "go SPACE" not in last
    assert "go: every space Becky can get to now is one step away" in said
