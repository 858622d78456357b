"""POST /api/games/{id}/go and the payload's reach (deadtable/engine/reach.py): a seat's figure
walked to a far space as ordinary moves, one undo a step; errors change nothing; another seat's
and a spectator's payloads never carry the reach (which hide token is real stays secret)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from deadtable import registry
from deadtable.ui.web import app as app_module
from deadtable.ui.web import create_app
from tests.ui.web.conftest import TEST_GAMES, create, token
from tests.ui.web.test_api import actions_in_db

PR = "psycho-raiders"


@pytest.fixture
def web(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[TestClient]:
    monkeypatch.setattr(registry, "_MODULES", {**TEST_GAMES, PR: "deadtable.games.psycho_raiders"})
    monkeypatch.setattr(registry, "_loaded", {})
    with TestClient(create_app(tmp_path / "games.sqlite", agent_pause=0)) as client:
        yield client


def get(client: TestClient, game_id: str, tok: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}", params={"token": tok})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def go(client: TestClient, game_id: str, tok: str | None, space: str, **more: Any) -> Any:
    return client.post(f"/api/games/{game_id}/go", json={"token": tok, "space": space, **more})


def campers_moving(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """A two-seat game, both seats people, at Randy's second step (the first gets him out of
    the campers' pickup: more than a move): (created, the campers' payload)."""
    created, game_id, raiders, campers = past_the_roll(client)
    take_turn(client, game_id, campers, "randy")
    act(client, game_id, campers, "move:1:4,29")
    return created, get(client, game_id, campers)


def past_the_roll(client: TestClient) -> tuple[dict[str, Any], str, str, str]:
    """A two-seat game, both seats people, past the Sinister Roll: (created, its id, the
    raiders' token, the campers')."""
    created = create(client, PR, seed=2, options={"events": "none"})
    game_id = created["id"]
    raiders, campers = token(created, "raiders"), token(created, "campers")
    while (now := get(client, game_id, raiders))["to_move"] == "raiders":  # the Sinister Roll
        act(client, game_id, raiders, now["decision"]["actions"][0]["id"])
    return created, game_id, raiders, campers


def act(client: TestClient, game_id: str, tok: str, action: str) -> None:
    response = client.post(f"/api/games/{game_id}/actions", json={"token": tok, "action": action})
    assert response.status_code == 200, response.text


def take_turn(client: TestClient, game_id: str, tok: str, key: str) -> None:
    """`key`'s turn: its seat chooses it, or, the last of the seat's characters waiting, its
    turn has begun unasked (sequence.PhaseHandler.run)."""
    asked = get(client, game_id, tok)["decision"]
    if f"turn:{key}" in [a["id"] for a in asked["actions"]]:
        act(client, game_id, tok, f"turn:{key}")
        asked = get(client, game_id, tok)["decision"]
    assert asked["prompt"].startswith(key.title()), asked["prompt"]


def test_the_reach_is_in_the_deciding_seats_payload_only(web: TestClient) -> None:
    created, mine = campers_moving(web)
    game_id = created["id"]
    assert mine["to_move"] == "campers" and list(mine["reach"]) == ["Randy"]
    randy = mine["reach"]["Randy"]
    steps = {len(path) for path in randy["spaces"].values()}
    assert max(steps) > 1  # far spaces, beyond the gold hexes
    theirs = get(web, game_id, token(created, "raiders"))
    watching = get(web, game_id, created["spectator"]["token"])
    assert theirs["reach"] is None and watching["reach"] is None
    assert "reach" not in theirs["view"] and "spaces" not in str(theirs.get("reach"))


def test_go_walks_as_ordinary_moves_and_undo_takes_back_a_step(web: TestClient,
                                                               tmp_path: Path) -> None:
    created, mine = campers_moving(web)
    game_id, tok = created["id"], token(created, "campers")
    path = max(mine["reach"]["Randy"]["spaces"].values(), key=len)  # the farthest
    target = path[-1]
    stored = len(actions_in_db(tmp_path / "games.sqlite", game_id))
    response = go(web, game_id, tok, target)
    assert response.status_code == 200, response.text
    after = response.json()
    assert len(path) > 1
    assert after["walked"] == {"target": target, "mover": "Randy", "steps": len(path),
                               "last": target, "stopped": False, "why": None}
    assert after["step"] == mine["step"] + len(path)
    moved = [e["text"] for e in after["view"]["log"][-len(path):]]
    assert moved == [f"Randy moves to {s}." for s in path]
    assert actions_in_db(tmp_path / "games.sqlite", game_id)[stored:] == \
        [f"move:1:{s}" for s in path]
    back = web.post(f"/api/games/{game_id}/undo", json={"token": tok}).json()
    assert back["step"] == after["step"] - 1  # one step of the walk
    assert get(web, game_id, token(created, "raiders"))["reach"] is None


@pytest.mark.parametrize(("who", "space", "status", "words"), [
    ("campers", "99,99", 422, "99,99 is out of reach of Randy this turn by plain steps"),
    ("campers", "", 422, "at least 1 character"),
    ("raiders", None, 409, "it is campers's turn, not raiders's"),
    ("spectator", None, 403, "a spectator link cannot play"),
    ("nobody", None, 403, "this link's token does not open this game"),
])
def test_bad_walks_are_refused_and_change_nothing(web: TestClient, who: str, space: str | None,
                                                  status: int, words: str) -> None:
    created, mine = campers_moving(web)
    game_id = created["id"]
    tok = {"spectator": created["spectator"]["token"], "nobody": "x" * 20}.get(who) \
        or token(created, who)
    far = next(s for s, p in mine["reach"]["Randy"]["spaces"].items() if len(p) > 1)
    response = go(web, game_id, tok, far if space is None else space)
    assert response.status_code == status
    assert words in response.text
    assert get(web, game_id, token(created, "campers"))["step"] == mine["step"]


def test_no_frame_to_another_seat_or_a_spectator_carries_the_reach(web: TestClient) -> None:
    created, mine = campers_moving(web)
    game_id = created["id"]
    paths = mine["reach"]["Randy"]["spaces"]
    far = max(paths, key=lambda s: len(paths[s]))
    raiders, watch = token(created, "raiders"), created["spectator"]["token"]
    with web.websocket_connect(f"/api/games/{game_id}/ws?token={raiders}") as theirs, \
            web.websocket_connect(f"/api/games/{game_id}/ws?token={watch}") as spectator:
        frames = [theirs.receive_json(), spectator.receive_json()]
        assert go(web, game_id, token(created, "campers"), far).status_code == 200
        frames += [theirs.receive_json(), spectator.receive_json()]  # the walk's one frame
    assert [f["step"] for f in frames] == [mine["step"]] * 2 + [frames[2]["step"]] * 2
    assert frames[2]["step"] > mine["step"]
    assert all(f["reach"] is None and f.get("walked") is None for f in frames)


def test_a_walk_stops_after_a_step_that_was_not_plain_or_where_it_may_not_go_on(
        web: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    created, mine = campers_moving(web)
    game_id, tok = created["id"], token(created, "campers")
    path = max(mine["reach"]["Randy"]["spaces"].values(), key=len)
    assert len(path) >= 2
    seen = []

    def second_not_plain(before: Any, after: Any, seat: str) -> str | None:
        seen.append(seat)
        return "something was logged beyond the move" if len(seen) == 1 else None

    monkeypatch.setattr(app_module, "not_plain", second_not_plain)
    walked = go(web, game_id, tok, path[-1]).json()
    assert walked["walked"] == {"target": path[-1], "mover": "Randy", "steps": 1,
                                "last": path[0], "stopped": True,
                                "why": "something was logged beyond the move"}
    assert walked["step"] == mine["step"] + 1
    assert actions_in_db(tmp_path / "games.sqlite", game_id)[-1] == f"move:1:{path[0]}"


def test_a_walk_whose_next_step_is_refused_stops_before_it(
        web: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created, mine = campers_moving(web)
    game_id, tok = created["id"], token(created, "campers")
    path = max(mine["reach"]["Randy"]["spaces"].values(), key=len)
    monkeypatch.setattr(app_module, "walk_step",
                        lambda state, seat, route, n, read: "it is raiders's decision now"
                        if n == 1 else None)
    walked = go(web, game_id, tok, path[-1]).json()["walked"]
    assert walked == {"target": path[-1], "mover": "Randy", "steps": 1, "last": path[0],
                      "stopped": True, "why": "it is raiders's decision now"}


def test_the_campers_pickup_is_driven_by_go_from_its_camp(web: TestClient,
                                                          tmp_path: Path) -> None:
    _, game_id, raiders, campers = past_the_roll(web)
    take_turn(web, game_id, campers, "randy")
    act(web, game_id, campers, "drive:safe")  # the camp's track is road (10.1)
    mine = get(web, game_id, campers)
    # Crucible's camp: the track east through the trees, Safe Speed 4 (15.3's 9-4-3)
    track = ["4,29", "5,29", "6,29", "7,29"]
    assert mine["reach"]["Pickup Truck"] == {
        "from": "3,29", "spaces": {s: track[:n + 1] for n, s in enumerate(track)}}
    assert get(web, game_id, raiders)["reach"] is None
    after = go(web, game_id, campers, "7,29", mover="Pickup Truck").json()
    assert after["walked"] == {"target": "7,29", "mover": "Pickup Truck", "steps": 4,
                               "last": "7,29", "stopped": False, "why": None}
    assert [v["space"] for v in after["view"]["vehicles"] if v["name"] == "Pickup Truck"] == \
        ["7,29"]
    assert actions_in_db(tmp_path / "games.sqlite", game_id)[-4:] == [
        f"car:{s}" for s in track]
    assert after["reach"] is None or "Pickup Truck" not in after["reach"]  # its 4 hexes spent


def test_the_raiders_van_drives_to_a_sharp_turn_and_stops_there_for_the_roll(
        web: TestClient) -> None:
    _, game_id, raiders, campers = past_the_roll(web)
    for key in ("randy", "ginger", "dawn"):
        take_turn(web, game_id, campers, key)
        act(web, game_id, campers, "end")
    take_turn(web, game_id, raiders, "spud")
    act(web, game_id, raiders, "drive:high")
    van = get(web, game_id, raiders)["reach"]["Van"]
    assert get(web, game_id, campers)["reach"] is None
    assert van["spaces"]["10,23"][-2:] == ["11,24", "10,23"]  # the sharp turn ends it
    assert all("10,23" not in path[:-1] for path in van["spaces"].values())
    walked = go(web, game_id, raiders, "10,23").json()["walked"]
    why = walked.pop("why")
    assert walked == {"target": "10,23", "mover": "Van", "steps": 8, "last": "10,23",
                      "stopped": False}
    assert why.startswith("The Van moves to 10,23. A sharp turn at High Speed: Dangerous "
                          "Turns ")  # the roll's result, which the log has too
