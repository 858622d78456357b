"""A whole game of Last Night on Earth through the terminal's play loop, a person's answers
scripted: as the heroes against the zombie agent, and as the zombies against the hero agents.
Each plays to the end screen; a wrong answer is refused with what would be right, `help` and
Enter (the only choice) work on the way."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from deadtable.ui.cli import app

pytestmark = pytest.mark.slow  # hundreds of screens drawn: left out of `make test-fast`


def play(person: str, against: str, agent: str, answers: list[str]) -> str:
    # The zombies' seat is the zombie agent's unless a person claims it (`zombies=human`).
    result = CliRunner().invoke(app, ["play", "last-night-on-earth", "--seed", "3",
                                      "-a", f"{against}={agent}", "-a", f"{person}=human"],
                                input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stdout[-2000:]
    assert "Traceback" not in result.stdout
    return result.stdout


@pytest.mark.parametrize(("person", "against", "agent", "winner"), [
    ("heroes", "zombies", "zombie", "zombies win"),
    ("zombies", "heroes", "heuristic", "heroes win"),
])
def test_a_person_plays_a_whole_scenario_in_the_terminal(
        person: str, against: str, agent: str, winner: str) -> None:
    # A person's first answers: a wrong one, help, then the first choice every time (Enter
    # where it is the only one). 3000 answers are more than a game asks.
    out = play(person, against, agent, ["zz", "help"] + ["1"] * 3000)
    assert "'zz' is not an action here: type a number from 1 to" in out
    assert f"{person}>" in out and out.count(f"{person}>") > 100
    assert "Sun track" in out and "turn" in out
    assert "The end:" in out and f"Game over: win:{winner.split()[0]}" in out
    assert winner in out.rsplit("The end:", 1)[1]


def test_enter_takes_the_only_choice() -> None:
    # The zombies' first card asks the heroes whether to answer it, with one choice: Enter.
    out = play("heroes", "zombies", "zombie", ["", "q"])
    assert "Enter takes the only choice" in out
    assert "is not an action here" not in out
    assert out.count("heroes>") == 2  # Enter answered; the next decision asked, then q


def test_a_square_is_typed_by_its_name_and_the_figure_deciding_is_shown() -> None:
    # Seed 5: the zombies play no card (2), Zombie 1 takes its first move (1), then Zombie 2,
    # on 13,1, is sent to 13,2 by typing the square.
    out = CliRunner().invoke(app, ["play", "last-night-on-earth", "--seed", "5", "-a",
                                   "heroes=heuristic", "-a", "zombies=human"],
                             input="2\n1\n13,2\nq\n").stdout
    assert "Zombie 2 is on 13,1: its choices are reversed on the town." in out
    assert "Zombie 2 moves to 13,2" in out.split("zombies> 13,2", 1)[1]
