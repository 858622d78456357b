"""The web API refuses an agent seated where it does not play (a 422 that names the agents that
would, and nothing stored), and tells the lobby which agents play each seat."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.ui.web.conftest import app, create

L4D = "left-4-dead"
LNOE = "last-night-on-earth"
NOT_INFECTED = ("'heuristic' plays the survivors in left-4-dead, not the infected; "
                "for the infected: director, first, mcts, random")


@pytest.fixture
def real(db: Path) -> Iterator[TestClient]:
    """The app with the registered games as they are (Left 4 Dead, Last Night on Earth ...)."""
    with TestClient(app(db)) as test_client:
        yield test_client


def games_stored(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        (count,) = conn.execute("SELECT COUNT(*) FROM games").fetchone()
        return int(count)


@pytest.mark.parametrize("seed", [5, 11])
def test_the_survivors_agent_as_the_infected_is_refused_and_nothing_kept(
        real: TestClient, db: Path, seed: int) -> None:
    response = real.post("/api/games", json={"game": L4D, "seed": seed,
                                             "seats": {"infected": "heuristic"}})
    assert response.status_code == 422
    assert response.json()["detail"]["error"] == NOT_INFECTED
    assert games_stored(db) == 0


@pytest.mark.parametrize(("seats", "options", "says"), [
    ({"heroes": "zombie"}, {}, "'zombie' plays the zombies in last-night-on-earth, not the "
                               "heroes; for the heroes: first, heuristic, mcts, random"),
    ({"zombies": "heuristic"}, {"zombie-players": 2},
     "not zombies-1 (the zombies); for zombies-1 (the zombies): first, mcts, random, zombie"),
    ({"survivors": "mcts:rollout=heuristic"}, {}, "its rollouts play every seat with"),
])
def test_other_agents_off_their_side_are_refused(real: TestClient, db: Path, seats: dict,
                                                 options: dict, says: str) -> None:
    game = L4D if "survivors" in seats else LNOE
    response = real.post("/api/games", json={"game": game, "options": options, "seats": seats})
    assert response.status_code == 422
    assert says in response.json()["detail"]["error"]
    assert games_stored(db) == 0


def test_each_agent_on_its_own_side_is_seated(real: TestClient, db: Path) -> None:
    created = create(real, L4D, seed=5, seats={"survivors": "human", "infected": "director"})
    assert created["agents"] == {"infected": "director"}
    created = create(real, LNOE, seed=5, seats={"heroes": "heuristic", "zombies": "zombie"})
    assert created["agents"] == {"heroes": "heuristic", "zombies": "zombie"}
    assert games_stored(db) == 2


def test_the_catalogue_says_the_fewest_and_most_seats_the_options_make(
        real: TestClient) -> None:
    counts = {g["id"]: g["seat_counts"] for g in real.get("/api/catalogue").json()}
    assert counts == {"one-against-the-dead": [1, 1], "chainsaw-warrior": [1, 1],
                      L4D: [2, 2], LNOE: [2, 6],  # 4 hero players and 2 zombie players
                      "psycho-raiders": [2, 13]}  # players, 17


def test_the_catalogue_and_seating_list_the_agents_of_each_seat(real: TestClient) -> None:
    catalogue = {g["id"]: g for g in real.get("/api/catalogue").json()}
    l4d = catalogue[L4D]["agents_by_seat"]
    assert l4d == {"survivors": ["first", "heuristic", "mcts", "random"],
                   "infected": ["director", "first", "mcts", "random"]}
    assert catalogue["psycho-raiders"]["agents_by_seat"] == {
        "campers": ["first", "heuristic", "mcts", "racer", "random"],  # racer: campers only
        "raiders": ["first", "heuristic", "mcts", "random"]}
    four = real.post("/api/seating", json={"game": LNOE, "options": {"hero-players": 2,
                                                                     "zombie-players": 2}})
    heroes, zombies = ["first", "heuristic", "mcts", "random"], ["first", "mcts", "random",
                                                                  "zombie"]
    assert four.json()["agents_by_seat"] == {"heroes-1": heroes, "heroes-2": heroes,
                                             "zombies-1": zombies, "zombies-2": zombies}
