"""Fixtures for the web server's tests. They need the web extra (`pip install -e '.[web]'`,
which `make test` installs); without it every test here is skipped, saying so."""

from __future__ import annotations

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

__all__ = ["CW", "OATD", "TEST_GAMES", "create", "token"]



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
    with TestClient(create_app(db)) as test_client:
        yield test_client


def create(client: TestClient, game: str, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, **body})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def token(created: dict[str, Any], seat: str) -> str:
    value: str = created["seats"][seat]["token"]
    return value
