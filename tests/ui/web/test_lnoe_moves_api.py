"""Last Night on Earth over the web API, for people: the moving hero's reach in the heroes'
payload only, POST /go walking it as ordinary steps, and POST /macro running "the rest stay"
for the zombie player as ordinary stays; bad requests change nothing, and neither the reach
nor the macros carry a hand or a deck's order to anyone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from deadtable import registry
from deadtable.ui.web import create_app
from tests.ui.web.conftest import TEST_GAMES, create, token
from tests.ui.web.test_api import actions_in_db
from tests.ui.web.test_go import act, get, go

LNOE = "last-night-on-earth"


@pytest.fixture
def web(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[TestClient]:
    monkeypatch.setattr(registry, "_MODULES", {**TEST_GAMES,
                                               LNOE: "deadtable.games.last_night_on_earth"})
    monkeypatch.setattr(registry, "_loaded", {})
    with TestClient(create_app(tmp_path / "games.sqlite", agent_pause=0)) as client:
        yield client


def macro(client: TestClient, game_id: str, tok: str | None, name: str) -> Any:
    return client.post(f"/api/games/{game_id}/macro", json={"token": tok, "macro": name})


def moving_zombies(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game of people on both sides, at the zombies' first zombie to move: (created, the
    zombies' payload). Each decision before it passes where it may, else takes its first
    choice."""
    created = create(client, LNOE, seed=3)
    game_id = created["id"]
    for _ in range(40):
        seat = get(client, game_id, created["spectator"]["token"])["to_move"]
        now = get(client, game_id, token(created, seat))
        if now["macros"]:
            return created, now
        ids = [a["id"] for a in now["decision"]["actions"]]
        act(client, game_id, token(created, seat), "pass" if "pass" in ids else ids[0])
    raise AssertionError("no zombie to move in 40 decisions")


def hero_moving(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """The same game at the first hero moving 2 or more, the zombies' turn all stays:
    (created, the heroes' payload)."""
    created, now = moving_zombies(client)
    game_id = created["id"]
    toks = {"zombies": token(created, "zombies"), "heroes": token(created, "heroes")}
    for _ in range(80):
        seat = now["to_move"]
        now = get(client, game_id, toks[seat])
        if seat == "heroes" and now["view"]["moving"] and now["view"]["moving"]["left"] > 1:
            return created, now
        if now["macros"] and now["macros"][0]["available"]:
            assert macro(client, game_id, toks[seat], "rest").status_code == 200
        else:
            labels = [a["label"] for a in now["decision"]["actions"]]
            pick = next((i for i, t in enumerate(labels) if t.startswith(("Move", "Keep"))),
                        next((i for i, t in enumerate(labels) if "takes a turn" in t), 0))
            act(client, game_id, toks[seat], now["decision"]["actions"][pick]["id"])
        now = get(client, game_id, toks["heroes"])
    raise AssertionError("no hero moved 2 or more")


def test_the_zombies_payload_offers_the_rest_stay_and_nobody_elses(web: TestClient) -> None:
    created, mine = moving_zombies(web)
    game_id = created["id"]
    [rest, _advance] = mine["macros"]
    assert rest["id"] == "rest" and rest["label"].startswith("The rest stay (")
    assert rest["available"] is True
    for other in (token(created, "heroes"), created["spectator"]["token"]):
        assert get(web, game_id, other)["macros"] is None


def test_the_rest_stay_runs_ordinary_stays_and_stops_at_zombie_hunger(
        web: TestClient, tmp_path: Path) -> None:
    created, mine = moving_zombies(web)
    game_id, tok = created["id"], token(created, "zombies")
    assert "Zombie 4 must move by Zombie Hunger" in mine["macros"][0]["note"]  # (seed 3)
    stored = len(actions_in_db(tmp_path / "games.sqlite", game_id))
    response = macro(web, game_id, tok, "rest")
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["ran"]["why"].startswith("Zombie 4 must move: Zombie Hunger")
    taken = actions_in_db(tmp_path / "games.sqlite", game_id)[stored:]
    assert len(taken) == after["ran"]["actions"] == after["step"] - mine["step"] > 0
    assert all(a.startswith("stay:") for a in taken)  # the rules' own action, each stored
    assert after["decision"]["prompt"].startswith("Move Zombie 4")
    assert after["macros"][0]["available"] is False  # the page's button, disabled
    refused = macro(web, game_id, tok, "rest")
    assert refused.status_code == 422 and "Zombie 4 must move" in refused.text
    back = web.post(f"/api/games/{game_id}/undo", json={"token": tok}).json()
    assert back["step"] == after["step"] - 1  # undo takes back one stay
    act(web, game_id, tok, taken[-1])  # stayed again
    act(web, game_id, tok, after["decision"]["actions"][0]["id"])  # Zombie 4 moves
    again = macro(web, game_id, tok, "rest").json()
    assert again["ran"]["actions"] > 0 and again["macros"] is None  # the movement is over


@pytest.mark.parametrize(("who", "name", "status", "words"), [
    ("zombies", "everyone", 422, "no 'everyone' now; offered: rest"),
    ("zombies", "", 422, "at least 1 character"),
    ("heroes", "rest", 409, "it is zombies's turn, not heroes's"),
    ("spectator", "rest", 403, "a spectator link cannot play"),
])
def test_bad_macros_are_refused_and_change_nothing(web: TestClient, who: str, name: str,
                                                   status: int, words: str) -> None:
    created, mine = moving_zombies(web)
    tok = created["spectator"]["token"] if who == "spectator" else token(created, who)
    response = macro(web, created["id"], tok, name)
    assert response.status_code == status
    assert words in response.text
    assert get(web, created["id"], token(created, "zombies"))["step"] == mine["step"]


def test_a_hero_walks_to_a_far_square(web: TestClient, tmp_path: Path) -> None:
    created, mine = hero_moving(web)
    game_id, tok = created["id"], token(created, "heroes")
    hero = mine["view"]["moving"]["hero"]
    assert list(mine["reach"]) == [hero]
    spaces = mine["reach"][hero]["spaces"]
    assert set(spaces) <= set(mine["view"]["moving"]["reach"])  # within the outlined area
    assert get(web, game_id, token(created, "zombies"))["reach"] is None
    assert get(web, game_id, created["spectator"]["token"])["reach"] is None
    path = max(spaces.values(), key=len)
    assert len(path) > 1
    stored = len(actions_in_db(tmp_path / "games.sqlite", game_id))
    response = go(web, game_id, tok, path[-1])
    assert response.status_code == 200, response.text
    walked = response.json()["walked"]
    assert walked == {"target": path[-1], "mover": hero, "steps": len(path), "last": path[-1],
                      "stopped": False, "why": None}
    taken = actions_in_db(tmp_path / "games.sqlite", game_id)[stored:]
    assert len(taken) == len(path) and all(a.startswith("step:") for a in taken)
    found = next(h for h in response.json()["view"]["heroes"] if h["name"] == hero)
    assert found["space"] == path[-1]


def test_the_reach_and_the_macros_carry_no_card(web: TestClient) -> None:
    """Space names and a figure's name, the macro's words: no card of a hand or a deck."""
    created, mine = hero_moving(web)
    names = {s[0] for s in mine["view"]["town"]["spaces"]}
    said: set[str] = set()
    for figure, found in mine["reach"].items():
        assert found["from"] in names and set(found["spaces"]) <= names
        assert all(set(path) <= names for path in found["spaces"].values())
        said |= {figure, found["from"], *found["spaces"]}
    cards = set(registry.load(LNOE).new(seed=3).data.cards)  # type: ignore[attr-defined]
    assert said and not cards & said
    _, zombies = moving_zombies(web)
    words = " ".join(f"{m['label']} {m['note']}" for m in zombies["macros"])
    assert not any(card in words for card in cards if card != "Shamble")  # a rule, not a hand


def test_no_frame_to_the_heroes_or_a_spectator_carries_the_macros(web: TestClient) -> None:
    created, mine = moving_zombies(web)
    game_id = created["id"]
    heroes, watch = token(created, "heroes"), created["spectator"]["token"]
    with web.websocket_connect(f"/api/games/{game_id}/ws?token={heroes}") as theirs, \
            web.websocket_connect(f"/api/games/{game_id}/ws?token={watch}") as spectator:
        frames = [theirs.receive_json(), spectator.receive_json()]
        assert macro(web, game_id, token(created, "zombies"), "rest").status_code == 200
        frames += [theirs.receive_json(), spectator.receive_json()]  # the run's one frame
    assert [f["step"] for f in frames] == [mine["step"]] * 2 + [frames[2]["step"]] * 2
    assert frames[2]["step"] > mine["step"]
    assert all(f["macros"] is None and f.get("ran") is None for f in frames)
