"""The web server's undo (POST /api/games/{id}/undo): allowed for a seat's own decision that
revealed nothing, refused with the reason otherwise, never for a spectator or a wrong token;
the store forgets what was undone; an agent waiting to move never races an undo."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from deadtable import registry
from deadtable.ui.web import create_app
from tests.ui.web.conftest import TEST_GAMES, create, settle, token
from tests.ui.web.test_api import actions_in_db

L4D = "left-4-dead"
WEAPONS = 4  # Left 4 Dead, seed 1: each survivor takes a weapon, then initiative is rolled


@pytest.fixture
def l4d_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_MODULES", {**TEST_GAMES, L4D: "deadtable.games.left_4_dead"})
    monkeypatch.setattr(registry, "_loaded", {})


def serve(db: Path, agent_pause: float = 0) -> TestClient:
    return TestClient(create_app(db, agent_pause=agent_pause))


@pytest.fixture
def web(l4d_games: None, tmp_path: Path) -> Iterator[TestClient]:
    with serve(tmp_path / "games.sqlite") as client:
        yield client


def move(client: TestClient, game_id: str, tok: str, action: str | None = None
         ) -> dict[str, Any]:
    """Play `action`, or the first action offered; the new payload."""
    if action is None:
        now = client.get(f"/api/games/{game_id}", params={"token": tok}).json()
        action = now["decision"]["actions"][0]["id"]
    response = client.post(f"/api/games/{game_id}/actions", json={"token": tok, "action": action})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def undo(client: TestClient, game_id: str, tok: str | None) -> Any:
    return client.post(f"/api/games/{game_id}/undo", json={"token": tok})


def survivors_turn(client: TestClient, **seats: str) -> tuple[dict[str, Any], str]:
    created = create(client, L4D, seed=1, seats=seats)
    tok = token(created, "survivors")
    for _ in range(WEAPONS):
        move(client, created["id"], tok)
    return created, tok


def test_a_move_is_undone_and_the_store_forgets_it(web: TestClient, tmp_path: Path) -> None:
    created, tok = survivors_turn(web, infected="human")
    game_id = created["id"]
    before = web.get(f"/api/games/{game_id}", params={"token": tok}).json()
    assert before["undo"] == {"available": False, "why": "the dice were rolled"}
    after = move(web, game_id, tok, "turn:bill")
    assert after["undo"] == {"available": True, "why": None}
    moved = move(web, game_id, tok)
    assert len(actions_in_db(tmp_path / "games.sqlite", game_id)) == WEAPONS + 2
    response = undo(web, game_id, tok)
    assert response.status_code == 200, response.text
    back = undo(web, game_id, tok).json()
    assert back["step"] == before["step"] == moved["step"] - 2
    assert back["view"] == before["view"] and back["decision"] == before["decision"]
    assert back["undos"] == 2 and back["undo"]["available"] is False
    assert len(actions_in_db(tmp_path / "games.sqlite", game_id)) == WEAPONS
    refused = undo(web, game_id, tok)
    assert refused.status_code == 409
    assert refused.json()["detail"]["error"] == "cannot undo: the dice were rolled"


def test_a_restarted_server_replays_the_game_as_played_and_can_undo(
        l4d_games: None, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    with serve(db) as first:
        created, tok = survivors_turn(first, infected="human")
        start = first.get(f"/api/games/{created['id']}", params={"token": tok}).json()
        move(first, created["id"], tok, "turn:bill")
        assert undo(first, created["id"], tok).status_code == 200
        move(first, created["id"], tok, "turn:zoey")
        kept = first.get(f"/api/games/{created['id']}", params={"token": tok}).json()
    assert actions_in_db(db, created["id"])[-1] == "turn:zoey"
    with serve(db) as second:
        again = second.get(f"/api/games/{created['id']}", params={"token": tok}).json()
        assert again["view"] == kept["view"] and again["step"] == kept["step"] == WEAPONS + 1
        assert again["undo"] == kept["undo"] == {"available": True, "why": None}
        back = undo(second, created["id"], tok).json()
    assert back["view"] == start["view"] and back["step"] == WEAPONS


def test_spectators_and_wrong_tokens_cannot_undo(web: TestClient) -> None:
    created, tok = survivors_turn(web, infected="human")
    move(web, created["id"], tok, "turn:bill")
    spectator = undo(web, created["id"], created["spectator"]["token"])
    assert spectator.status_code == 403
    assert spectator.json()["detail"]["error"] == "a spectator link cannot undo"
    for wrong in (None, "", "x" * 32):
        assert undo(web, created["id"], wrong).status_code == 403
    seen = web.get(f"/api/games/{created['id']}",
                   params={"token": created["spectator"]["token"]}).json()
    assert seen["undo"] is None and seen["step"] == WEAPONS + 1


def test_another_seats_decision_closes_the_window(web: TestClient) -> None:
    created, tok = survivors_turn(web, infected="human")
    move(web, created["id"], tok, "end-turn")
    infected = token(created, "infected")
    refused = undo(web, created["id"], infected)
    assert refused.status_code == 409
    assert refused.json()["detail"]["error"] == "cannot undo: survivors has decided since"
    move(web, created["id"], infected, "end-turn")
    refused = undo(web, created["id"], tok)
    assert refused.json()["detail"]["error"] == "cannot undo: infected has decided since"


def test_an_agent_that_has_moved_closes_the_window(web: TestClient) -> None:
    created, tok = survivors_turn(web, infected="director")
    move(web, created["id"], tok, "end-turn")
    settle(web, created["id"], tok)
    refused = undo(web, created["id"], tok)
    assert refused.status_code == 409
    assert refused.json()["detail"]["error"] == "cannot undo: infected has decided since"


def test_an_agent_waiting_to_move_finds_the_undone_game(l4d_games: None, tmp_path: Path) -> None:
    """The agent's task waits `agent_pause` before it moves; an undo in that pause takes the
    turn back, and the task then finds no agent to move and stops."""
    with serve(tmp_path / "games.sqlite", agent_pause=0.5) as client:
        created, tok = survivors_turn(client, infected="director")
        passed = move(client, created["id"], tok, "end-turn")
        assert passed["to_move"] == "infected"
        response = undo(client, created["id"], tok)
        assert response.status_code == 200, response.text
        assert response.json()["to_move"] == "survivors"
        time.sleep(1.0)  # past the agent's pause: it must not have moved
        now = client.get(f"/api/games/{created['id']}", params={"token": tok}).json()
        assert now["step"] == passed["step"] - 1 and now["to_move"] == "survivors"
