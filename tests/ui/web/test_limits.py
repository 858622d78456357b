"""The server under load and attack: tokens checked before any replay, one game's replay
holding up no other, agents' work bounded (budget, games, threads) while people's requests
are answered, and edge cases of the body, the options, the WebSocket and the store.

Agents that think until released (a Gate) stand for long searches: each test asserts what
holds *while* they think, never how long anything took."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from deadtable.agents import base
from deadtable.agents.base import Observation
from deadtable.ui.web import Limits, create_app
from deadtable.ui.web import app as web_app
from deadtable.ui.web.limits import MAX_DEPTH
from deadtable.ui.web.store import Store
from tests.ui.web.conftest import CW, OATD, create, settle, token

GUARD = 60.0  # seconds: only keeps a broken test from hanging; nothing is timed


class Gate:
    """Agents that think until the gate opens, counting how many are thinking."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.lock = threading.Lock()
        self.thinking = 0
        self.started = threading.Semaphore(0)

    def agent(self, seed: int) -> Any:
        gate = self

        class Waiting:
            def act(self, obs: Observation) -> str:
                with gate.lock:
                    gate.thinking += 1
                gate.started.release()
                gate.open.wait(GUARD)
                with gate.lock:
                    gate.thinking -= 1
                return obs.decision.actions[0].id

        return Waiting()

    def wait_started(self, n: int = 1) -> None:
        for _ in range(n):
            assert self.started.acquire(timeout=GUARD), "the agent never started thinking"


@pytest.fixture
def gate(web_games: dict, monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    made = Gate()
    monkeypatch.setitem(base._GAME_FACTORIES, "race", {"waiting": made.agent})
    monkeypatch.setitem(base._GAME_FACTORIES, "secret", {"waiting": made.agent})
    yield made
    made.open.set()  # never leave a thread waiting


def in_thread(call: Any) -> Any:
    """call() in a thread, its result once it returns (within GUARD)."""
    box: list[Any] = []
    thread = threading.Thread(target=lambda: box.append(call()), daemon=True)
    thread.start()
    thread.join(GUARD)
    assert box, "the request was never answered"
    return box[0]


def actions_in_db(db: Path, game_id: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?",
                                (game_id,)).fetchone()[0])


RACE = {"options": {"players": 2, "target": 12}}


# -- agents: after the request, one move at a time, bounded -----------------------------------
def test_a_game_of_agents_is_created_before_any_agent_moves_then_unfolds_move_by_move(
        gate: Gate, db: Path) -> None:
    with TestClient(create_app(db, agent_pause=0)) as client:
        created = create(client, "race", seats={"red": "waiting", "blue": "waiting"}, seed=3,
                         **RACE)
        assert created["step"] == 0 and created["seats"] == {}
        gate.wait_started()  # red's agent is thinking: the request has long returned
        assert actions_in_db(db, created["id"]) == 0
        watch = created["spectator"]["token"]
        with client.websocket_connect(f"/api/games/{created['id']}/ws?token={watch}") as ws:
            frames = [ws.receive_json()]
            assert frames[0]["step"] == 0
            gate.open.set()
            while frames[-1]["outcome"] is None:
                frames.append(ws.receive_json())
    steps = [f["step"] for f in frames]
    assert steps == list(range(len(steps))) and len(steps) > 3, "one frame per agent move"


def test_a_person_is_answered_while_every_agent_slot_is_thinking(gate: Gate, db: Path) -> None:
    """More agents thinking than the default thread pool has threads: the store's writes for a
    person's move must not queue behind them."""
    slots = 8
    with TestClient(create_app(db, limits=Limits(pause=0, slots=slots))) as client:
        for seed in range(slots):
            create(client, "race", seats={"red": "waiting"}, seed=seed, **RACE)
        gate.wait_started(slots)
        duel = create(client, "secret", seed=5)
        moved = in_thread(lambda: client.post(
            f"/api/games/{duel['id']}/actions", json={"token": token(duel, "red"),
                                                      "action": "pass"}))
        assert moved.status_code == 200 and moved.json()["step"] == 1
        assert gate.thinking == slots and not gate.open.is_set(), "answered while they think"
        gate.open.set()


def test_agents_asking_for_more_search_than_the_cap_are_refused(web_games: dict,
                                                                db: Path) -> None:
    with TestClient(create_app(db, limits=Limits(pause=0, budget=300))) as client:
        for seats, says in [
            ({"player": "mcts:iterations=301"}, "iterations=301 is over this server's cap of 300"),
            ({"player": "mcts:iterations=100,final=1000"}, "final=1000 is over"),
            ({"player": "mcts:iterations=10,rollout=mcts"}, "rollout=mcts searches"),
        ]:
            refused = client.post("/api/games", json={"game": OATD, "seats": seats})
            assert refused.status_code == 422, seats
            error = refused.json()["detail"]["error"]
            assert error.startswith("seat 'player': ") and says in error, error
            assert "--agent-budget" in error or "rollout" in error
        ok = create(client, OATD, seats={"player": "mcts:iterations=300,rollout=heuristic"})
        assert ok["agents"] == {"player": "mcts:iterations=300,rollout=heuristic"}
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1, "refused: no trace"


def test_games_with_agents_beyond_the_cap_are_refused_until_one_ends(gate: Gate,
                                                                     db: Path) -> None:
    with TestClient(create_app(db, limits=Limits(pause=0, games=1))) as client:
        first = create(client, "race", seats={"red": "waiting", "blue": "waiting"}, seed=1,
                       **RACE)
        gate.wait_started()
        refused = client.post("/api/games", json={"game": "race", "seats": {"red": "random"},
                                                  **RACE})
        assert refused.status_code == 503
        assert "already at work in 1 game, its limit" in refused.json()["detail"]["error"]
        assert "--agent-games" in refused.json()["detail"]["error"]
        create(client, "secret", seed=1)  # people alone need no agent
        gate.open.set()
        assert settle(client, first["id"], first["spectator"]["token"])["outcome"] is not None
        create(client, "race", seats={"red": "random"}, **RACE)


# -- loading games after a restart -------------------------------------------------------------
def two_stored_games(db: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    with TestClient(create_app(db, agent_pause=0)) as client:
        return (create(client, "race", seats={"blue": "random"}, seed=4, **RACE),
                create(client, "secret", seed=2))


def test_a_wrong_token_replays_nothing_and_wakes_no_agent(
        web_games: dict, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    race, _ = two_stored_games(db)
    Store(db).append(race["id"], 0, "red", "walk")  # blue's agent is to move when replayed
    replayed: list[str] = []
    real = web_app.rebuild
    monkeypatch.setattr(web_app, "rebuild",
                        lambda stored: (replayed.append(stored.id), real(stored))[1])
    monkeypatch.setattr(web_app.Store, "agent_games", lambda self: [])  # no start-up resume
    game = race["id"]
    with TestClient(create_app(db, agent_pause=0)) as client:
        for bad in (None, "nope", race["spectator"]["token"] + "x"):
            got = client.get(f"/api/games/{game}", params={"token": bad} if bad else {})
            assert got.status_code == 403
            moved = client.post(f"/api/games/{game}/actions", json={"token": bad,
                                                                    "action": "walk"})
            assert moved.status_code == 403
            with pytest.raises(WebSocketDisconnect) as refused, \
                    client.websocket_connect(f"/api/games/{game}/ws?token={bad or ''}"):
                pass
            assert refused.value.code == 1008
            assert client.get(f"/api/games/{game}/sight",
                              params={"token": bad or "", "from": "a", "to": "b"}
                              ).status_code == 403
        assert replayed == [] and actions_in_db(db, game) == 1, "no replay, no agent move"
        assert settle(client, game, token(race, "red"))["step"] == 2
        assert replayed == [game]


def test_replaying_one_game_holds_up_no_other(web_games: dict, db: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    race, secret = two_stored_games(db)
    started, go_on = threading.Event(), threading.Event()
    real = web_app.rebuild

    def slow(stored: Any) -> Any:
        if stored.id == race["id"]:  # a long game, replayed slowly
            started.set()
            go_on.wait(GUARD)
        return real(stored)

    monkeypatch.setattr(web_app, "rebuild", slow)

    async def scenario() -> None:
        hub = web_app.Hub(Store(db), Limits(pause=0))
        long = asyncio.create_task(hub.open(race["id"], token(race, "red")))
        await asyncio.to_thread(started.wait, GUARD)
        other = asyncio.create_task(hub.open(secret["id"], token(secret, "blue")))
        done, _ = await asyncio.wait({long, other}, timeout=GUARD,
                                     return_when=asyncio.FIRST_COMPLETED)
        assert done == {other}, "the other game waited for the slow replay"
        assert other.result()[1] == "blue"
        go_on.set()
        assert (await long)[1] == "red"
        await hub.stop()

    try:
        asyncio.run(scenario())
    finally:
        go_on.set()


@pytest.mark.parametrize(("column", "value", "says"), [
    ("setup", '{"nonsense": 1}', "its stored set-up {\"nonsense\": 1} does not fit"),
    ("setup", "not json", "its stored set-up is not JSON"),
    ("setup", "[1, 2]", "its stored set-up should be a JSON object"),
    ("options", '"row"', "its stored options should be a JSON object"),
])
def test_a_stored_game_whose_setup_is_corrupt_says_so(
        web_games: dict, db: Path, column: str, value: str, says: str) -> None:
    with TestClient(create_app(db, agent_pause=0)) as client:
        created = create(client, OATD, seed=4)
    with sqlite3.connect(db) as conn:
        conn.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, created["id"]))
    with TestClient(create_app(db, agent_pause=0), raise_server_exceptions=False) as client:
        got = client.get(f"/api/games/{created['id']}",
                         params={"token": token(created, "player")})
        assert got.status_code == 410, got.text
        error = got.json()["detail"]["error"]
        assert error.startswith(f"game {created['id']} cannot be resumed: ") and says in error


# -- bodies, options, sockets ------------------------------------------------------------------
def test_an_option_sent_as_text_gets_the_message_for_its_kind(client: TestClient) -> None:
    for game, options, says in [
        (OATD, {"row": "8"}, "option 'row' takes a whole number from 1 to 20, not the text '8'"),
        (CW, {"clothing-hth": "true"}, "option 'clothing-hth' takes true or false"),
    ]:
        refused = client.post("/api/games", json={"game": game, "options": options})
        assert refused.status_code == 422
        error = refused.json()["detail"]["error"]
        assert error.startswith(says) and "without quotes" in error, error
        assert "free text" not in error
    # Options that take free text are still refused as such.
    free = client.post("/api/games", json={"game": OATD, "options": {"data": "x.toml"}})
    assert free.status_code == 422 and "free text" in free.json()["detail"]["error"]


def test_deeply_nested_json_gets_422_saying_so(client: TestClient) -> None:
    created = create(client, OATD, seed=1)
    deep = "[" * 2000 + "]" * 2000
    for url, body in [
        ("/api/games", f'{{"game": "one-against-the-dead", "options": {deep}}}'),
        (f"/api/games/{created['id']}/actions", f'{{"token": "t", "action": {deep}}}'),
        ("/api/seating", "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)),
    ]:
        refused = client.post(url, content=body, headers={"content-type": "application/json"})
        assert refused.status_code == 422, (url, refused.text)
        assert f"nests deeper than {MAX_DEPTH} levels" in refused.json()["detail"]["error"]
    # Brackets inside a string are text, not nesting: the game says the action is not legal.
    in_text = client.post(f"/api/games/{created['id']}/actions",
                          json={"token": token(created, "player"), "action": "[{" * 200})
    assert in_text.status_code == 409


def test_a_binary_websocket_frame_is_refused_cleanly(client: TestClient) -> None:
    created = create(client, "secret", seed=3)
    url = f"/api/games/{created['id']}/ws?token="
    with client.websocket_connect(url + token(created, "blue")) as blue:
        blue.receive_json()
        with client.websocket_connect(url + token(created, "red")) as red:
            red.receive_json()
            red.send_text("hello")  # text is ignored: the socket stays open
            red.send_bytes(b"\x00\xff")
            closed = red.receive()
            assert closed == {"type": "websocket.close", "code": 1003,
                              "reason": web_app.BINARY_REFUSED}
        moved = client.post(f"/api/games/{created['id']}/actions",
                            json={"token": token(created, "red"), "action": "pass"})
        assert moved.status_code == 200
        assert blue.receive_json()["step"] == 1, "the game and other sockets go on"


def test_the_docs_page_gets_a_policy_that_lets_swagger_ui_run(client: TestClient) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200 and "SwaggerUIBundle" in docs.text
    policy = docs.headers["content-security-policy"]
    inline = docs.text.split("<script>", 1)[1].split("</script>", 1)[0]
    import base64
    import hashlib
    digest = base64.b64encode(hashlib.sha256(inline.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in policy and "https://cdn.jsdelivr.net" in policy
    assert "'unsafe-inline'" not in policy.split("script-src", 1)[1].split(";", 1)[0]
    for page in ("/", "/openapi.json"):
        assert client.get(page).headers["content-security-policy"] == \
            web_app.SECURITY_HEADERS["Content-Security-Policy"]
    assert json.loads(client.get("/openapi.json").text)["info"]["title"] == "deadtable"


def test_serve_takes_the_limits_from_its_options(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    from typer.testing import CliRunner

    import deadtable.ui.web as web
    from deadtable.ui.cli import app as cli

    seen: list[Limits] = []
    monkeypatch.setattr(web, "serve", lambda host, port, db, limits: seen.append(limits))
    db = str(tmp_path / "g.sqlite")
    ran = CliRunner().invoke(cli, ["serve", "--db", db, "--agent-budget", "300",
                                   "--agent-games", "3", "--agent-slots", "4"])
    assert ran.exit_code == 0, ran.output
    assert seen == [Limits(pause=0.3, slots=4, budget=300, games=3)]
    refused = CliRunner().invoke(cli, ["serve", "--db", db, "--agent-budget", "0"])
    assert refused.exit_code == 2 and not seen[1:]


def test_the_action_that_ends_a_game_notes_it_over_in_the_same_transaction(db: Path) -> None:
    """A server stopped right after the last move must not take the game for one whose agents
    should go on."""
    from deadtable.ui.web.store import Seat, StoredGame

    store = Store(db)
    store.create(StoredGame("g", "race", "1", {}, 1, {}, "s", [Seat("p", "random", None)]))
    store.append("g", 0, "p", "walk")
    assert store.agent_games() == ["g"]
    store.append("g", 1, "p", "walk", ends=True)
    assert store.agent_games() == []


@pytest.mark.parametrize(("body", "deep"), [
    (b"[" * MAX_DEPTH + b"]" * MAX_DEPTH, False),
    (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), True),
    (b'{"a": "' + b"[" * 100 + b'"}', False),  # inside a string: text
    (b'{"a": "\\"' + b"[" * 100 + b'"}', False),  # an escaped quote does not end the string
    (b'{"a": "\\\\"' + b", " + b"[" * 40 + b"]" * 40 + b"}", True),  # an escaped backslash does
    (b"[]" * 1000, False),  # many, side by side
])
def test_nesting_is_measured_outside_strings(body: bytes, deep: bool) -> None:
    from deadtable.ui.web.limits import too_deep

    assert too_deep(body) is deep
