"""A whole game of Last Night on Earth through the terminal's play loop, a person's answers
scripted: as the heroes against the zombie agent, and as the zombies against the hero agents.
Each plays to the end screen; a wrong answer is refused with what would be right, `help` and
Enter (the only choice) work on the way."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import deadtable
from deadtable.agents import observe
from deadtable.agents.seating import seat_agents
from deadtable.ui.cli import app

pytestmark = pytest.mark.slow  # hundreds of screens drawn: left out of `make test-fast`


def play(person: str, against: str, agent: str, answers: list[str], seed: int = 3) -> str:
    # The zombies' seat is the zombie agent's unless a person claims it (`zombies=human`).
    result = CliRunner().invoke(app, ["play", "last-night-on-earth", "--seed", str(seed),
                                      "-a", f"{against}={agent}", "-a", f"{person}=human"],
                                input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stdout[-2000:]
    assert "Traceback" not in result.stdout
    return result.stdout


@pytest.mark.parametrize(("person", "against", "agent"), [
    ("heroes", "zombies", "zombie"),
    ("zombies", "heroes", "heuristic"),
])
def test_a_person_plays_a_whole_scenario_in_the_terminal(
        person: str, against: str, agent: str) -> None:
    # A person's first answers: a wrong one, help, then the first choice every time (Enter
    # where it is the only one). 3000 answers are more than a game asks.
    out = play(person, against, agent, ["zz", "help"] + ["1"] * 3000)
    assert "'zz' is not an action here: type a number from 1 to" in out
    assert f"{person}>" in out and out.count(f"{person}>") > 100
    assert "Sun track" in out and "turn" in out
    # Who wins depends on the agents' play: the end screen names the same side as the result.
    assert "The end:" in out
    side = "heroes" if "Game over: win:heroes" in out else "zombies"
    assert f"Game over: win:{side}" in out
    assert f"{side} win" in out.rsplit("The end:", 1)[1]


def first_heroes_decision_with_one_choice() -> int:
    """A seed whose first heroes' decision (after the zombie agent's first moves, as `play`
    seeds it) offers one action only."""
    game = deadtable.load("last-night-on-earth")
    for seed in range(100):
        state = game.new(seed=seed)
        zombies = seat_agents(state, {"zombies": "zombie"})["zombies"]
        while (decision := state.decision) is not None and decision.seat == "zombies":
            state.apply(zombies.act(observe(state)))
        if decision is not None and len(decision.actions) == 1:
            return seed
    raise AssertionError("no seed in 0..99 starts the heroes on a single choice")


def test_enter_takes_the_only_choice() -> None:
    # The heroes' first decision has one choice (answering a zombie card, say): Enter takes it.
    out = play("heroes", "zombies", "zombie", ["", "q"], first_heroes_decision_with_one_choice())
    assert "Enter takes the only choice" in out
    assert "is not an action here" not in out
    assert out.count("heroes>") == 2  # Enter answered; the next decision asked, then q
