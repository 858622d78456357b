"""Two zombie players at the terminal (hot-seat): `rest` stays the player's own zombies up to
the other player's next one, then goes on: each time the rules come back to one of its
zombies in this movement step, it stays without asking, until one must move by Zombie Hunger
(the player is asked, told why); its own undo ends it (ui/cli.py's play loop, ui/macro_cli.py)."""

from __future__ import annotations

from tests.games.last_night_on_earth.table import at
from tests.games.last_night_on_earth.test_rest_standing import five_zombies
from tests.ui.test_go_cli import play  # the play loop, every seat a person (hot-seat)


def test_rest_goes_on_past_the_other_zombie_players_zombies(tmp_path) -> None:
    state, (z1, z2, z3, z4, z5) = five_zombies(tmp_path)
    to = at(state, "2,3")
    said = play(state, f"\nrest\n\nmove:{z2}:{to}\nstay:{z4}\nq\n")
    assert ("  rest: The rest of your zombies stay (1 now, 2 after zombies-2's): each zombie "
            "still to move stays") in said
    assert ("The rest of your zombies stay (1 now, 2 after zombies-2's): 1 choice made; "
            "waiting: zombies-2 decides now: Move Zombie 2 (1 space); the macro goes on each "
            "time you are asked again in this step") in said
    assert said.count("Pass to zombies-1") == 1  # never asked again for its stays
    assert "zombies-1: Zombie 3 stays where it is (The rest of your zombies stay)" in said
    assert "zombies-1: Zombie 5 stays where it is (The rest of your zombies stay)" in said
    assert state.history[-5:] == [f"stay:{z1}", f"move:{z2}:{to}", f"stay:{z3}",
                                  f"stay:{z4}", f"stay:{z5}"]


def test_the_standing_rest_stops_at_zombie_hunger_and_says_why(tmp_path) -> None:
    state, (z1, z2, z3, _z4, _z5) = five_zombies(tmp_path, hungry="6,1")
    said = play(state, f"\nrest\n\nstay:{z2}\n\nq\n")
    assert state.history[-2:] == [f"stay:{z1}", f"stay:{z2}"]
    assert said.count("Pass to zombies-1") == 2  # asked about Zombie 3, which must move
    assert ("The rest of your zombies stay: stopped: Zombie 3 must move: Zombie Hunger (a hero "
            "is next to it)") in said
    assert state.decision.seat == "zombies-1" and state.decision.prompt == "Move Zombie 3 (1 space)"


def test_the_other_player_cannot_undo_past_the_stays_taken_for_the_first(tmp_path) -> None:
    state, (z1, z2, z3, _z4, _z5) = five_zombies(tmp_path)
    said = play(state, f"\nrest\n\nstay:{z2}\nundo\nq\n")
    # Zombie 3's stay, zombies-1's, came after zombies-2's choice: that choice stays made
    assert "cannot undo: zombies-1 has decided since" in said
    assert state.history[-3:] == [f"stay:{z1}", f"stay:{z2}", f"stay:{z3}"]
    assert state.decision.seat == "zombies-2" and state.decision.prompt == "Move Zombie 4 (1 space)"
