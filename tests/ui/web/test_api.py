"""The HTTP and WebSocket API, through FastAPI's TestClient: links, views, actions, errors."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from deadtable.ui.web.app import MAX_BODY
from deadtable.ui.web.store import Store
from tests.ui.web.conftest import CW, OATD, app, create, settle, token


def actions_in_db(db: Path, game_id: str) -> list[str]:
    with sqlite3.connect(db) as conn:
        return [a for (a,) in conn.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY n", (game_id,))]


# -- creating games ----------------------------------------------------------------------------
def test_create_returns_a_private_link_per_human_seat(client: TestClient) -> None:
    created = create(client, OATD, options={"row": 3}, seed=5)
    assert set(created) == {"id", "seats", "agents", "spectator", "sides", "step", "to_move"}
    assert created["sides"] == {"player": ["player"]} and created["step"] == 0
    assert list(created["seats"]) == ["player"] and created["agents"] == {}
    link = created["seats"]["player"]
    assert len(link["token"]) >= 32
    assert link["url"] == f"http://testserver/games/{created['id']}?token={link['token']}"
    assert created["spectator"]["token"] != link["token"]
    again = create(client, OATD, options={"row": 3}, seed=5)
    assert again["id"] != created["id"]
    assert again["seats"]["player"]["token"] != link["token"], "tokens must never repeat"


def test_the_seed_and_options_make_the_game(client: TestClient) -> None:
    a = create(client, OATD, options={"row": 3}, seed=5)
    b = create(client, OATD, options={"row": 3}, seed=5)
    view_a = client.get(f"/api/games/{a['id']}", params={"token": token(a, "player")}).json()
    view_b = client.get(f"/api/games/{b['id']}", params={"token": token(b, "player")}).json()
    assert view_a["view"] == view_b["view"]
    assert view_a["view"]["helicopter"] == [4, 0]  # row 3: three blocks between


@pytest.mark.parametrize(("body", "says"), [
    ({"game": "chess"}, "unknown game 'chess'; registered games"),
    ({"game": OATD, "options": {"row": 99}}, "option 'row': 99 is not accepted"),
    ({"game": OATD, "options": {"rows": 8}}, "unknown option 'rows'"),
    ({"game": OATD, "options": {"data": "/etc/passwd"}}, "takes free text"),
    ({"game": OATD, "seats": {"dealer": "random"}},
     "'dealer' is neither a seat nor a side of one-against-the-dead; seats: player"),
    ({"game": OATD, "seats": {"player": "genius"}}, "unknown agent 'genius'"),
    ({"game": OATD, "seats": {"player": "mcts:width=3"}}, "has no parameter 'width'"),
    ({"game": OATD, "seats": {"player": "mcts:iterations=0"}}, "at least 1"),
])
def test_bad_games_are_refused_with_the_reason(client: TestClient, body: dict, says: str) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 422, response.text
    assert says in response.json()["detail"]["error"]


@pytest.mark.parametrize("body", [
    {"options": {}},  # no game
    {"game": OATD, "seed": -1},
    {"game": OATD, "seed": 2**63},
    {"game": OATD, "seed": "seven"},
    {"game": OATD, "options": {"row": [1]}},
    {"game": OATD, "colour": "red"},
])
def test_malformed_new_games_get_422(client: TestClient, body: dict) -> None:
    assert client.post("/api/games", json=body).status_code == 422


def test_the_catalogue_lists_games_seats_agents_and_browser_safe_options(
        client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/catalogue").json()}
    assert set(games) == {OATD, CW, "race", "secret", "night-watch"}
    oatd = games[OATD]
    assert oatd["seats"] == ["player"] and oatd["sides"] == {"player": ["player"]}
    assert games["night-watch"]["sides"] == {"heroes": ["hero-1", "hero-2"],
                                             "zombies": ["zombie-1", "zombie-2"]}
    assert {"random", "heuristic", "mcts"} <= set(oatd["agents"])
    names = [o["name"] for o in oatd["options"]]
    assert "row" in names and "final-battle" in names
    assert "data" not in names, "a free-text (file name) option must not be offered"
    row = next(o for o in oatd["options"] if o["name"] == "row")
    assert (row["default"], row["minimum"], row["maximum"], row["kind"]) == (6, 1, 20, "int")


# -- seeing and acting -------------------------------------------------------------------------
def test_a_seat_gets_its_view_and_its_decision(client: TestClient) -> None:
    created = create(client, OATD, seed=5)
    got = client.get(f"/api/games/{created['id']}", params={"token": token(created, "player")})
    assert got.status_code == 200
    data = got.json()
    assert data["seat"] == "player" and data["step"] == 0 and data["to_move"] == "player"
    assert data["view"]["seat"] == "player" and "cards" in data["view"]
    assert data["decision"]["seat"] == "player" and data["decision"]["actions"]
    assert data["outcome"] is None
    assert data["renderer"] == "/static/renderers/one-against-the-dead.js"


@pytest.mark.parametrize("params", [{}, {"token": ""}, {"token": "x" * 32}, {"token": "é"}])
def test_a_wrong_or_missing_token_gets_403(client: TestClient, params: dict) -> None:
    created = create(client, OATD, seed=5)
    response = client.get(f"/api/games/{created['id']}", params=params)
    assert response.status_code == 403
    assert "token" in response.json()["detail"]["error"]


def test_a_token_opens_only_its_own_game(client: TestClient) -> None:
    a = create(client, OATD, seed=5)
    b = create(client, OATD, seed=6)
    assert client.get(f"/api/games/{b['id']}", params={"token": token(a, "player")}
                      ).status_code == 403


def test_an_unknown_game_gets_404(client: TestClient) -> None:
    response = client.get("/api/games/nosuchgame", params={"token": "x"})
    assert response.status_code == 404


def test_an_action_is_applied_committed_and_answered_with_the_new_view(
        client: TestClient, db: Path) -> None:
    created = create(client, OATD, seed=5)
    game_id, tok = created["id"], token(created, "player")
    first = client.get(f"/api/games/{game_id}", params={"token": tok}).json()
    action = first["decision"]["actions"][0]["id"]
    response = client.post(f"/api/games/{game_id}/actions", json={"token": tok, "action": action})
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["step"] == 1
    assert after["view"]["log"][:len(first["view"]["log"])] == first["view"]["log"]
    assert len(after["view"]["log"]) > len(first["view"]["log"])
    assert actions_in_db(db, game_id) == [action]
    assert client.get(f"/api/games/{game_id}", params={"token": tok}).json() == after


def test_an_illegal_action_gets_409_naming_the_legal_ones_and_changes_nothing(
        client: TestClient, db: Path) -> None:
    created = create(client, OATD, seed=5)
    game_id, tok = created["id"], token(created, "player")
    before = client.get(f"/api/games/{game_id}", params={"token": tok}).json()
    response = client.post(f"/api/games/{game_id}/actions",
                           json={"token": tok, "action": "fly:away"})
    assert response.status_code == 409
    detail = response.json()["detail"]
    legal = [a["id"] for a in before["decision"]["actions"]]
    assert detail["legal"] == legal
    assert "'fly:away' is not a legal action" in detail["error"]
    assert all(a in detail["error"] for a in legal)
    assert client.get(f"/api/games/{game_id}", params={"token": tok}).json() == before
    assert actions_in_db(db, game_id) == []


@pytest.mark.parametrize("who", ["wrong", "missing", "spectator", "other game"])
def test_an_action_with_a_bad_token_gets_403_and_changes_nothing(
        client: TestClient, db: Path, who: str) -> None:
    created = create(client, OATD, seed=5)
    other = create(client, OATD, seed=5)
    game_id, tok = created["id"], token(created, "player")
    before = client.get(f"/api/games/{game_id}", params={"token": tok}).json()
    action = before["decision"]["actions"][0]["id"]
    body: dict = {"action": action}
    if who == "wrong":
        body["token"] = tok[:-1] + ("A" if tok[-1] != "A" else "B")
    elif who == "spectator":
        body["token"] = created["spectator"]["token"]
    elif who == "other game":
        body["token"] = token(other, "player")
    response = client.post(f"/api/games/{game_id}/actions", json=body)
    assert response.status_code == 403
    assert client.get(f"/api/games/{game_id}", params={"token": tok}).json() == before
    assert actions_in_db(db, game_id) == []


@pytest.mark.parametrize("content", [
    b"not json", b"[]", b'{"token": "t"}', b'{"token": "t", "action": 7}',
    b'{"token": "t", "action": "walk", "also": 1}', b'{"token": 5, "action": "walk"}',
])
def test_a_malformed_action_gets_422(client: TestClient, content: bytes) -> None:
    created = create(client, OATD, seed=5)
    response = client.post(f"/api/games/{created['id']}/actions", content=content,
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 422


def test_an_oversized_body_gets_413_declared_or_streamed(client: TestClient, db: Path) -> None:
    created = create(client, OATD, seed=5)
    game_id, tok = created["id"], token(created, "player")
    huge = json.dumps({"token": tok, "action": "x" * (MAX_BODY + 1)}).encode()
    declared = client.post(f"/api/games/{game_id}/actions", content=huge,
                           headers={"Content-Type": "application/json"})
    assert declared.status_code == 413
    assert "larger than" in declared.json()["detail"]["error"]

    def chunks():  # no Content-Length: the body arrives in pieces
        for i in range(0, len(huge), 1024):
            yield huge[i:i + 1024]

    streamed = client.post(f"/api/games/{game_id}/actions", content=chunks(),
                           headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413
    assert client.post("/api/games", content=b"{" + b" " * MAX_BODY + b"}",
                       headers={"Content-Type": "application/json"}).status_code == 413
    assert actions_in_db(db, game_id) == []


def test_a_spectator_sees_the_public_view_and_cannot_act(client: TestClient) -> None:
    created = create(client, "secret", seed=3)
    watch = client.get(f"/api/games/{created['id']}",
                       params={"token": created["spectator"]["token"]}).json()
    assert watch["seat"] == "spectator" and watch["decision"] is None
    assert watch["to_move"] == "red"
    assert set(watch["view"]) == {"game", "seat", "to_move", "log", "outcome"}


# -- seats, turns and agents -------------------------------------------------------------------
def test_two_seats_each_get_their_own_view_and_only_their_own_decision(
        client: TestClient) -> None:
    created = create(client, "secret", seed=3)
    game_id = created["id"]
    red = client.get(f"/api/games/{game_id}", params={"token": token(created, "red")}).json()
    blue = client.get(f"/api/games/{game_id}", params={"token": token(created, "blue")}).json()
    assert red["seat"] == "red" and blue["seat"] == "blue"
    assert red["view"]["my_word"] != blue["view"]["my_word"]
    assert red["decision"] is not None and blue["decision"] is None
    assert blue["to_move"] == "red"
    wrong_turn = client.post(f"/api/games/{game_id}/actions",
                             json={"token": token(created, "blue"), "action": "pass"})
    assert wrong_turn.status_code == 409
    assert wrong_turn.json()["detail"]["error"] == "it is red's turn, not blue's"
    moved = client.post(f"/api/games/{game_id}/actions",
                        json={"token": token(created, "red"), "action": "pass"}).json()
    assert moved["decision"] is None and moved["to_move"] == "blue"
    blue = client.get(f"/api/games/{game_id}", params={"token": token(created, "blue")}).json()
    assert blue["decision"]["seat"] == "blue"


def test_agents_move_on_the_server_until_a_human_decides(client: TestClient, db: Path) -> None:
    created = create(client, "race", options={"players": 2, "target": 30},
                     seats={"red": "human", "blue": "random"}, seed=4)
    assert list(created["seats"]) == ["red"] and created["agents"] == {"blue": "random"}
    game_id, tok = created["id"], token(created, "red")
    after = client.post(f"/api/games/{game_id}/actions",
                        json={"token": tok, "action": "walk"}).json()
    assert after["step"] == 1 and after["to_move"] == "blue", "agents move after the request"
    after = settle(client, game_id, tok)
    assert after["step"] == 2, "blue's agent answers on the server"
    assert after["to_move"] == "red" and after["decision"] is not None
    assert after["seats"] == {"red": "human", "blue": "random"}
    assert len(actions_in_db(db, game_id)) == 2


def test_a_game_of_agents_only_plays_to_the_end_for_the_spectator(client: TestClient) -> None:
    created = create(client, OATD, options={"row": 2}, seats={"player": "heuristic"}, seed=8)
    assert created["seats"] == {}
    assert created["step"] == 0 and created["to_move"] == "player", "not played in the request"
    watch = settle(client, created["id"], created["spectator"]["token"])
    assert watch["outcome"] is not None and watch["to_move"] is None
    assert watch["view"]["outcome"] == watch["outcome"]
    assert watch["step"] > 3


def test_agents_play_the_same_after_a_restart(web_games: dict, tmp_path: Path) -> None:
    """An agent's move depends only on the game's seed, its seat and the step."""
    outcomes = []
    for name in ("a", "b"):
        with TestClient(app(tmp_path / f"{name}.sqlite")) as client:
            created = create(client, OATD, options={"row": 2}, seats={"player": "random"},
                             seed=8)
            assert settle(client, created["id"], created["spectator"]["token"])["outcome"]
            outcomes.append(actions_in_db(tmp_path / f"{name}.sqlite", created["id"]))
    assert outcomes[0] == outcomes[1] and outcomes[0]


class AlternatingAgent:
    """Walks, then rolls, then walks...: its choice depends on what it did before."""

    def __init__(self, seed: int) -> None:
        self.moves = 0

    def act(self, obs: object) -> str:
        self.moves += 1
        return "walk" if self.moves % 2 else "roll"


@pytest.mark.parametrize("agent", ["alternating", "random"])
def test_an_agent_keeps_its_memory_through_the_game_and_a_restart(
        web_games: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, agent: str) -> None:
    """One agent per seat for the whole game; a restarted server shows it the moves again,
    so the game goes on as it would have without the restart."""
    from deadtable.agents import base

    monkeypatch.setitem(base._GAME_FACTORIES, "race", {"alternating": AlternatingAgent})
    body = {"options": {"players": 2, "target": 40}, "seats": {"red": "human", "blue": agent},
            "seed": 6}

    def play(client: TestClient, game_id: str, tok: str, moves: int) -> None:
        for _ in range(moves):
            response = client.post(f"/api/games/{game_id}/actions",
                                   json={"token": tok, "action": "walk"})
            assert response.status_code == 200, response.text
            settle(client, game_id, tok)  # blue's agent answers

    straight_db, broken_db = tmp_path / "straight.sqlite", tmp_path / "restarted.sqlite"
    with TestClient(app(straight_db)) as client:
        created = create(client, "race", **body)
        play(client, created["id"], token(created, "red"), 8)
    straight = actions_in_db(straight_db, created["id"])
    with TestClient(app(broken_db)) as client:
        again = create(client, "race", **body)
        play(client, again["id"], token(again, "red"), 3)
    with TestClient(app(broken_db)) as client:  # a new server on the same store
        play(client, again["id"], token(again, "red"), 5)
    assert actions_in_db(broken_db, again["id"]) == straight
    blue = straight[1::2]
    assert len(blue) == 8
    if agent == "alternating":
        assert blue == ["walk", "roll"] * 4
    else:
        assert len(set(blue)) == 2


class BrokenAgent:
    def __init__(self, seed: int, mode: str = "raise") -> None:
        self.mode = mode

    def act(self, state: object) -> str:
        if self.mode == "raise":
            raise RuntimeError("out of ideas")
        return "teleport"


@pytest.mark.parametrize(("mode", "says"), [
    ("raise", "RuntimeError: out of ideas"),
    ("illegal", "'teleport' is not a legal action"),
])
def test_a_failing_agent_is_reported_as_the_agents_fault(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, mode: str, says: str) -> None:
    from deadtable.agents import base

    monkeypatch.setitem(base._GAME_FACTORIES, "race", {"broken": BrokenAgent})
    created = create(client, "race", options={"players": 2},
                     seats={"red": f"broken:mode={mode}"})
    seen = settle(client, created["id"], token(created, "blue"))
    assert seen["step"] == 0 and seen["to_move"] == "red"
    error = seen["agent_error"]
    assert error.startswith(f"the 'broken:mode={mode}' agent playing red failed at step 0")
    assert says in error


# -- nothing lost ------------------------------------------------------------------------------
def test_a_new_server_on_the_same_file_resumes_every_game_exactly(
        web_games: dict, db: Path) -> None:
    with TestClient(app(db)) as client:
        oatd = create(client, OATD, seed=11)
        secret = create(client, "secret", seed=2)
        tok = token(oatd, "player")
        for _ in range(3):
            now = client.get(f"/api/games/{oatd['id']}", params={"token": tok}).json()
            client.post(f"/api/games/{oatd['id']}/actions",
                        json={"token": tok, "action": now["decision"]["actions"][-1]["id"]})
        client.post(f"/api/games/{secret['id']}/actions",
                    json={"token": token(secret, "red"), "action": "pass"})
        before = {
            "oatd": client.get(f"/api/games/{oatd['id']}", params={"token": tok}).json(),
            "blue": client.get(f"/api/games/{secret['id']}",
                               params={"token": token(secret, "blue")}).json(),
        }
    with TestClient(app(db)) as client:
        after = {
            "oatd": client.get(f"/api/games/{oatd['id']}", params={"token": tok}).json(),
            "blue": client.get(f"/api/games/{secret['id']}",
                               params={"token": token(secret, "blue")}).json(),
        }
        assert after == before
        assert after["oatd"]["step"] == 3
        go_on = client.post(f"/api/games/{secret['id']}/actions",
                            json={"token": token(secret, "blue"), "action": "pass"})
        assert go_on.status_code == 200 and go_on.json()["step"] == 2


def test_a_server_killed_between_agents_moves_goes_on_with_them(
        web_games: dict, db: Path) -> None:
    with TestClient(app(db)) as client:
        created = create(client, "race", options={"players": 2, "target": 30},
                         seats={"blue": "random"}, seed=4)
    # As if the server died right after committing red's move, before blue's agent moved.
    Store(db).append(created["id"], 0, "red", "walk")
    with TestClient(app(db)) as client:
        now = settle(client, created["id"], token(created, "red"))
    assert now["step"] == 2 and now["to_move"] == "red"
    assert actions_in_db(db, created["id"])[0] == "walk"


def test_a_game_that_no_longer_replays_says_so(web_games: dict, db: Path) -> None:
    with TestClient(app(db)) as client:
        created = create(client, "secret", seed=2)
    Store(db).append(created["id"], 0, "red", "dance")
    with TestClient(app(db)) as client:
        response = client.get(f"/api/games/{created['id']}",
                              params={"token": token(created, "red")})
    assert response.status_code == 410
    assert "cannot be resumed" in response.json()["detail"]["error"]


def test_the_store_refuses_a_second_action_with_the_same_number(db: Path) -> None:
    store = Store(db)
    from deadtable.ui.web.store import Seat, StoredGame

    store.create(StoredGame("g", "race", "1", {}, 1, {"dice": []}, "s", [Seat("p", None, "t")]))
    store.append("g", 0, "p", "walk")
    with pytest.raises(sqlite3.IntegrityError):
        store.append("g", 0, "p", "roll")
    loaded = store.load("g")
    assert loaded is not None and loaded.actions == ["walk"]
    assert loaded.seats == [Seat("p", None, "t")] and loaded.setup == {"dice": []}


# -- WebSocket ---------------------------------------------------------------------------------
def test_the_websocket_pushes_each_new_view_to_each_seat(client: TestClient) -> None:
    created = create(client, "secret", seed=3)
    game_id = created["id"]
    url = f"/api/games/{game_id}/ws?token="
    with client.websocket_connect(url + token(created, "red")) as red, \
            client.websocket_connect(url + token(created, "blue")) as blue, \
            client.websocket_connect(url + created["spectator"]["token"]) as watch:
        first = [red.receive_json(), blue.receive_json(), watch.receive_json()]
        assert [f["seat"] for f in first] == ["red", "blue", "spectator"]
        assert all(f["step"] == 0 for f in first)
        client.post(f"/api/games/{game_id}/actions",
                    json={"token": token(created, "red"), "action": "pass"})
        pushed = [red.receive_json(), blue.receive_json(), watch.receive_json()]
        assert [p["step"] for p in pushed] == [1, 1, 1]
        assert [p["seat"] for p in pushed] == ["red", "blue", "spectator"]
        assert pushed[1]["decision"]["seat"] == "blue" and pushed[0]["decision"] is None
        assert pushed[0]["view"]["my_word"] == first[0]["view"]["my_word"]
        assert "my_word" not in pushed[2]["view"]


@pytest.mark.parametrize("query", ["", "?token=", "?token=nope"])
def test_the_websocket_refuses_a_wrong_token(client: TestClient, query: str) -> None:
    created = create(client, "secret", seed=3)
    with pytest.raises(WebSocketDisconnect) as refused, \
            client.websocket_connect(f"/api/games/{created['id']}/ws{query}"):
        pass
    assert refused.value.code == 1008


# -- pages, schema, headers --------------------------------------------------------------------
def test_pages_are_static_and_carry_no_game_data(client: TestClient) -> None:
    created = create(client, "secret", seed=3)
    lobby = client.get("/")
    assert lobby.status_code == 200 and "text/html" in lobby.headers["content-type"]
    assert "/static/lobby.js" in lobby.text
    page = client.get(f"/games/{created['id']}", params={"token": token(created, "red")})
    assert page.status_code == 200 and "/static/play.js" in page.text
    assert "Each seat is dealt" not in page.text and created["id"] not in page.text
    for path in ("/static/common.js", "/static/play.js", "/static/style.css",
                 "/static/renderers/one-against-the-dead.js", "/static/icon.svg"):
        assert client.get(path).status_code == 200, path
    assert page.headers["referrer-policy"] == "no-referrer"
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_the_openapi_schema_documents_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    assert {"/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions",
            "/api/catalogue"} <= set(paths)
    assert "201" in paths["/api/games"]["post"]["responses"]
    assert {"403", "409", "413", "422"} <= set(paths["/api/games/{game_id}/actions"]["post"][
        "responses"])
    assert set(schema["components"]["schemas"]["NewGame"]["properties"]) == {
        "game", "options", "seats", "seed"}
    assert client.get("/docs").status_code == 200


def test_chainsaw_warriors_end_reads_as_a_result(client: TestClient) -> None:
    # The game words its own result; the scores keep the clock's minutes for programs.
    created = create(client, CW, seats={"warrior": "heuristic"}, seed=3)
    data = settle(client, created["id"], created["spectator"]["token"])
    outcome = data["outcome"]
    assert outcome is not None and set(outcome["scores"]) == {"minutes"}
    assert data["outcome_text"] == (
        f"Mission failed: radiation kills you, {outcome['scores']['minutes']:g} minutes into "
        f"the hour.")
