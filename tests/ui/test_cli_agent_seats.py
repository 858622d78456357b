"""The command line refuses an agent given a seat it does not play (Left 4 Dead's survivors'
`heuristic` as the infected, Last Night on Earth's agents on the other side), before any game
starts: exit 2 and one line saying which agents would do. A bare AGENT is every seat's, so one
that cannot play them all is refused too, naming the seats it plays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.ui.test_cli_errors import refused, run

L4D = "left-4-dead"
LNOE = "last-night-on-earth"
NOT_INFECTED = ("'heuristic' plays the survivors in left-4-dead, not the infected; "
                "for the infected: director, first, mcts, random")


@pytest.mark.parametrize("command", [("sim", "-n", "1"), ("play",)])
def test_the_survivors_agent_as_the_infected_is_refused(command: tuple[str, ...]) -> None:
    out = refused((command[0], L4D, *command[1:], "--seed", "5", "-a", "infected=heuristic"),
                  f"--agent: {NOT_INFECTED}")
    assert "Left 4 Dead" not in out  # no game was started


def test_a_bare_agent_that_cannot_play_every_seat_is_refused_naming_its_seats() -> None:
    refused(("sim", L4D, "-n", "1", "-a", "heuristic"),
            f"--agent: {NOT_INFECTED}; a bare 'heuristic' is every seat's: give it the seats "
            "it plays, e.g. --agent survivors=heuristic")
    # play gives the infected the director unless told otherwise; a bare agent still means all
    refused(("play", L4D, "-a", "heuristic"), NOT_INFECTED)


@pytest.mark.parametrize(("agents", "message"), [
    (("heroes=zombie",), "'zombie' plays the zombies in last-night-on-earth, not the heroes; "
                         "for the heroes: first, heuristic, mcts, random"),
    (("zombies=heuristic",), "'heuristic' plays the heroes in last-night-on-earth, not the "
                             "zombies; for the zombies: first, mcts, random, zombie"),
])
def test_last_night_on_earths_agents_keep_to_their_side(agents: tuple[str, ...],
                                                        message: str) -> None:
    refused(("sim", LNOE, "-n", "1", *(f"-a{a}" for a in agents)), message)


def test_with_several_hero_players_the_message_names_the_seat_and_its_side() -> None:
    refused(("sim", LNOE, "-n", "1", "-o", "hero-players=2", "-a", "heroes-2=zombie"),
            "not heroes-2 (the heroes); for heroes-2 (the heroes): first, heuristic, mcts")


def test_compare_refuses_either_configuration() -> None:
    refused(("compare", LNOE, "-n", "2", "--a", "heuristic", "--b", "heroes=heuristic"),
            "--a: 'heuristic' plays the heroes in last-night-on-earth, not the zombies; "
            "for the zombies: first, mcts, random, zombie; a bare 'heuristic' is every seat's: "
            "give it the seats it plays, e.g. --a heroes=heuristic")
    refused(("compare", L4D, "-n", "2", "--a", "survivors=heuristic", "--b", "infected=heuristic"),
            f"--b: {NOT_INFECTED}")


def test_a_search_that_rolls_out_with_a_one_sided_agent_is_refused() -> None:
    refused(("sim", L4D, "-n", "1", "-a", "mcts:rollout=heuristic"),
            "--agent: 'mcts:rollout=heuristic': its rollouts play every seat with 'heuristic', "
            f"but {NOT_INFECTED}; rollout=lineup plays each seat with the game's own agent")


def test_each_agent_on_its_own_side_plays() -> None:
    code, out, err = run("sim", L4D, "-n", "1", "--seed", "1", "-a", "survivors=heuristic",
                         "-a", "infected=director", "--json")
    assert code == 0, err
    assert json.loads(out)["agents"] == {"survivors": "heuristic", "infected": "director"}


def test_continue_refuses_a_kept_game_with_an_agent_on_the_wrong_seat(tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    code, _, err = run("play", L4D, "--seed", "5", "--save", str(kept), input="q\n")
    assert kept.exists(), err
    data = json.loads(kept.read_text())
    assert data["meta"]["agents"] == {"infected": "director"}
    data["meta"]["agents"] = {"infected": "heuristic"}  # kept before seats were checked
    kept.write_text(json.dumps(data))
    refused(("continue", str(kept)), f"its agents cannot be made: {NOT_INFECTED}")


# -- seats the game's own defaults give an agent ----------------------------------------------
def test_play_says_which_seats_the_games_defaults_gave_an_agent() -> None:
    code, out, _ = run("play", LNOE, "--seed", "4", input="q\n")
    assert ("Played by the game's default agent: zombies by zombie (--agent zombies=human to "
            "play it yourself).") in " ".join(out.split())


def test_play_says_when_every_seat_is_an_agents_and_how_to_take_one() -> None:
    # naming the heroes' agent and not the zombies' leaves nobody to a person: the game plays
    # itself, and the first lines say so and how to play the zombies
    code, out, _ = run("play", LNOE, "--seed", "4", "-a", "heroes=first",
                       "-o", "scenario=die-zombies-die")
    assert code == 0
    assert ("Every seat is played by an agent (zombies by zombie: the game's default): you "
            "watch. To play, add --agent zombies=human.") in " ".join(out.split())


@pytest.mark.parametrize("agents", [("-a", "zombies=zombie"), ("-a", "random"),
                                    ("-a", "zombies=human")])
def test_play_says_nothing_of_defaults_where_the_seats_were_named(
        agents: tuple[str, ...]) -> None:
    code, out, _ = run("play", LNOE, "--seed", "4", *agents, input="q\n")
    assert "default agent" not in out and "you watch" not in out
