"""Fixtures for the web server's tests. They need the web extra (`pip install -e '.[web]'`,
which `make test` installs); without it every test here is skipped, saying so."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deadtable import registry
from tests.extras import need
from tests.ui.web.games import CW, OATD, TEST_GAMES

need("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")
need("httpx2", reason="the web extra is not installed: pip install -e '.[web]'")

from fastapi.testclient import TestClient  # noqa: E402

from deadtable.ui.web import create_app  # noqa: E402

__all__ = ["CW", "OATD", "TEST_GAMES", "app", "create", "settle", "token"]


def app(db: Path) -> Any:
    """The app with no pause before agents' moves: the tests wait for nobody to watch."""
    return create_app(db, agent_pause=0)



@pytest.fixture
def web_games(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setattr(registry, "_MODULES", dict(TEST_GAMES))
    monkeypatch.setattr(registry, "_loaded", {})
    return TEST_GAMES


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


@pytest.fixture
def client(web_games: dict[str, str], db: Path) -> Iterator[TestClient]:
    with TestClient(app(db)) as test_client:
        yield test_client


def create(client: TestClient, game: str, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, **body})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def token(created: dict[str, Any], seat: str) -> str:
    value: str = created["seats"][seat]["token"]
    return value


def settle(client: TestClient, game_id: str, tok: str, timeout: float = 60.0) -> dict[str, Any]:
    """The payload once no agent is to move (a human decides, the game is over, or its agents
    stopped): agents move in the background, after the request that let them. The timeout
    only keeps a broken test from hanging; it measures nothing."""
    deadline = time.monotonic() + timeout
    while True:
        got = client.get(f"/api/games/{game_id}", params={"token": tok})
        assert got.status_code == 200, got.text
        data: dict[str, Any] = got.json()
        to_move = data["to_move"]
        if to_move is None or data["seats"][to_move] == "human" or data["agent_error"]:
            return data
        assert time.monotonic() < deadline, f"the agents did not finish: {data}"
        time.sleep(0.01)
