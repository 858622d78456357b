"""Last Night on Earth at the terminal, for people: the zombie player's `advance` moves every
zombie still to move as the zombie agent would (toward the heroes, Zombie Hunger obeyed),
stops where the agent would play Shamble (a card is the person's), and stands past the
other zombie player's zombies (ui/macro_cli.py, games/last_night_on_earth/macros.py)."""

from __future__ import annotations

from tests.games.last_night_on_earth.table import at
from tests.games.last_night_on_earth.test_rest_advance import (
    five_zombies,
    shamble_near,
    three_zombies,
)
from tests.ui.test_go_cli import play  # the play loop, every seat a person (hot-seat)


def test_advance_is_listed_and_in_help_and_moves_the_zombies(tmp_path) -> None:
    state, (z1, z2, z3) = three_zombies(tmp_path)
    said = play(state, "\nhelp\nadvance\nq\n")
    assert "advance: they move as the zombie agent would, toward the heroes" in said  # help
    assert "  rest: The rest stay (3 zombies to move)" in said
    assert ("  advance: The rest advance (3 zombies to move): each zombie still to move goes "
            "as the zombie agent would move it") in said
    assert "The rest advance (3 zombies to move): 3 choices made" in said
    assert state.history[:3] == [f"move:{z1}:{at(state, '0,2')}",
                                 f"move:{z2}:{at(state, '5,1')}",
                                 f"move:{z3}:{at(state, '2,3')}"]


def test_advance_stops_where_the_agent_would_play_shamble_and_undo_takes_one_back(
        tmp_path) -> None:
    state, (z1, z2, _z3) = shamble_near(tmp_path)
    said = play(state, "\nadvance\nadvance\nundo\nq\n")
    assert ("The rest advance (3 zombies to move): 1 choice made; stopped: the zombie agent "
            "would play Shamble on Zombie 2") in said
    assert "(advance: the zombie agent would play Shamble on Zombie 2" in said  # listed, why
    # typed again: refused, with why
    assert "\nadvance: the zombie agent would play Shamble on Zombie 2 (a hero" in said
    assert "Undone: Zombie 1 moves to 0,2" in said  # its one move taken back
    assert state.history == [] and state.zombies[z1] == at(state, "0,3")
    assert "Shamble" in state.zombie_hand


def test_advance_goes_on_past_the_other_zombie_players_zombies(tmp_path) -> None:
    state, (z1, z2, z3, z4, z5) = five_zombies(tmp_path)
    said = play(state, f"\nadvance\n\nstay:{z2}\nstay:{z4}\nq\n")
    assert ("The rest of your zombies advance (1 now, 2 after zombies-2's): 1 choice made; "
            "waiting: zombies-2 decides now: Move Zombie 2 (1 space)") in said
    assert said.count("Pass to zombies-1") == 1  # never asked again for its zombies
    assert "zombies-1: Zombie 3 moves to " in said and "(The rest of your zombies advance)" in said
    assert [a.split(":")[:2] for a in state.history[-5:]] == [
        ["move", z1], ["stay", z2], ["move", z3], ["stay", z4], ["move", z5]]
