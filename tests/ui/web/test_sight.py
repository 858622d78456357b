"""GET /api/games/{id}/sight: the line-of-sight ruler of a game that has one, for any token of
the game, reading only the open table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.extras import need

need("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")
need("httpx2", reason="the web extra is not installed: pip install -e '.[web]'")

from fastapi.testclient import TestClient  # noqa: E402

from deadtable.ui.web import create_app  # noqa: E402
from tests.ui.web.conftest import create, token  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite")) as test_client:
        yield test_client


def test_the_ruler_answers_any_token_of_the_game(client: TestClient) -> None:
    made = create(client, "left-4-dead", seats={"infected": "random"}, seed=5)
    base = f"/api/games/{made['id']}/sight"
    for who in (token(made, "survivors"), made["spectator"]["token"]):
        response = client.get(base, params={"token": who, "from": "3,2", "to": "10,9"})
        assert response.status_code == 200, response.text
        seen = response.json()
        assert seen["clear"] is False and seen["blocked_at"] == ["3,2", "3,3"]
        assert seen["spaces"][0] == "3,2" and seen["spaces"][-1] == "10,9"
        assert "wall" in seen["reason"]
    clear = client.get(base, params={"token": token(made, "survivors"), "from": "0,5",
                                     "to": "6,5"}).json()
    assert clear["clear"] is True and clear["distance"] == 6


def test_the_ruler_refuses_bad_tokens_spaces_and_games_without_one(client: TestClient) -> None:
    made = create(client, "left-4-dead", seats={"infected": "random"}, seed=5)
    base = f"/api/games/{made['id']}/sight"
    good = token(made, "survivors")
    assert client.get(base, params={"token": "nope", "from": "0,0", "to": "1,1"}
                      ).status_code == 403
    bad = client.get(base, params={"token": good, "from": "0,0", "to": "99,99"})
    assert bad.status_code == 422 and "99,99" in bad.json()["detail"]["error"]
    solo = create(client, "one-against-the-dead")
    none = client.get(f"/api/games/{solo['id']}/sight",
                      params={"token": token(solo, "player"), "from": "a", "to": "b"})
    assert none.status_code == 404 and "no line-of-sight ruler" in none.json()["detail"]["error"]
    assert client.get("/api/games/nosuchgame/sight",
                      params={"token": good, "from": "0,0", "to": "1,1"}).status_code == 404
