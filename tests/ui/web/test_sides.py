"""Several seats and sides on the server: agents that move after the request, one move at a
time; seats chosen by side; each human seat's every response holding its own hand only; agents
going on by themselves after a restart. Night Watch (tests/sim/sides_game.py) is the game."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from deadtable.ui.web import create_app
from tests.sim.sides_game import CARDS, secrets_of
from tests.ui.web.conftest import create, settle, token

GAME = "night-watch"
HEROES = ("hero-1", "hero-2")
AGENTS = {"hero-1": "random", "hero-2": "first", "zombies": "random"}


def moves_in_db(db: Path, game_id: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?",
                                (game_id,)).fetchone()[0])


def wait_for(check: Any, timeout: float = 60.0) -> None:
    """Until `check()` holds; the timeout only keeps a broken test from hanging."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.01)


def test_a_game_of_agents_is_played_after_it_is_created_one_move_at_a_time(
        web_games: dict, db: Path) -> None:
    # A pause before each move, so that a watcher connecting now sees most of the game.
    with TestClient(create_app(db, agent_pause=0.1)) as client:
        created = create(client, GAME, options={"rounds": 3}, seats=AGENTS, seed=7)
        assert created["seats"] == {} and created["step"] == 0, "nothing played in the request"
        assert created["to_move"] == "hero-1"
        watch = created["spectator"]["token"]
        frames = []
        with client.websocket_connect(f"/api/games/{created['id']}/ws?token={watch}") as socket:
            while not frames or frames[-1]["outcome"] is None:
                frames.append(socket.receive_json())
        steps = [frame["step"] for frame in frames]
        assert len(frames) >= 2 and frames[0]["outcome"] is None
        assert steps == list(range(steps[0], steps[0] + len(steps))), "one frame per move"
        assert steps[-1] == 12
        assert all(set(f["view"]) >= {"cards_held", "log"} for f in frames)


def test_an_agent_answers_a_human_after_the_request(client: TestClient, db: Path) -> None:
    created = create(client, GAME, options={"rounds": 1}, seats={"zombies": "random",
                                                                 "hero-2": "first"}, seed=3)
    assert list(created["seats"]) == ["hero-1"]
    assert created["agents"] == {"hero-2": "first", "zombie-1": "random",
                                 "zombie-2": "random"}
    tok = token(created, "hero-1")
    moved = client.post(f"/api/games/{created['id']}/actions",
                        json={"token": tok, "action": "stand"}).json()
    assert moved["step"] == 1 and moved["to_move"] == "hero-2" and moved["decision"] is None
    done = settle(client, created["id"], tok)
    assert done["outcome"] is not None and done["step"] == 4 == moves_in_db(db, created["id"])


def test_seats_are_chosen_by_seat_or_side_a_seats_own_winning(client: TestClient) -> None:
    created = create(client, GAME, seats={"zombies": "random", "zombie-2": "human",
                                          "heroes": "human"})
    assert list(created["seats"]) == ["hero-1", "hero-2", "zombie-2"]
    assert created["agents"] == {"zombie-1": "random"}
    assert created["sides"] == {"heroes": list(HEROES), "zombies": ["zombie-1", "zombie-2"]}
    refused = client.post("/api/games", json={"game": GAME, "seats": {"ghouls": "random"}})
    assert refused.status_code == 422
    assert refused.json()["detail"]["error"] == (
        "'ghouls' is neither a seat nor a side of night-watch; seats: hero-1, hero-2, zombie-1, "
        "zombie-2; sides: heroes (hero-1, hero-2), zombies (zombie-1, zombie-2)")


def test_the_lobby_asks_which_seats_and_sides_the_options_make(client: TestClient) -> None:
    three = client.post("/api/seating", json={"game": GAME, "options": {"players": 3}})
    every = ["first", "mcts", "random"]  # the agents for every game play every seat
    assert three.json() == {"seats": ["hero-1", "hero-2", "zombie-1"],
                            "sides": {"heroes": list(HEROES), "zombies": ["zombie-1"]},
                            "agents_by_seat": dict.fromkeys(["hero-1", "hero-2", "zombie-1"],
                                                            every)}
    bad = client.post("/api/seating", json={"game": GAME, "options": {"players": 5}})
    assert bad.status_code == 422 and "players" in bad.json()["detail"]["error"]


def test_each_human_seat_gets_only_its_own_hand_in_every_channel(client: TestClient) -> None:
    created = create(client, GAME, options={"rounds": 3}, seats={"zombies": "random"}, seed=11)
    game_id = created["id"]
    live = client.app.state.hub.live[game_id]  # type: ignore[attr-defined]
    tokens = {seat: token(created, seat) for seat in HEROES}
    tokens["spectator"] = created["spectator"]["token"]
    seen: dict[str, list[str]] = {who: [] for who in tokens}
    url = f"/api/games/{game_id}/ws?token="
    with client.websocket_connect(url + tokens["hero-1"]) as one, \
            client.websocket_connect(url + tokens["hero-2"]) as two, \
            client.websocket_connect(url + tokens["spectator"]) as watch:
        sockets = {"hero-1": one, "hero-2": two, "spectator": watch}
        for _ in range(20):
            now = {who: settle(client, game_id, tok) for who, tok in tokens.items()}
            for who, data in now.items():
                seen[who].append(json.dumps(data))
            if now["spectator"]["outcome"] is not None:
                break
            seat = now["spectator"]["to_move"]
            action = now[seat]["decision"]["actions"][0]["id"]  # draw: hands grow
            seen[seat].append(client.post(f"/api/games/{game_id}/actions",
                                          json={"token": tokens[seat], "action": action}).text)
        assert live.state.outcome is not None
        for who, socket in sockets.items():  # every frame pushed, up to the last move's
            while True:
                frame = socket.receive_text()
                seen[who].append(frame)
                if json.loads(frame)["step"] == len(live.state.history):
                    break
    hands = {seat: secrets_of(live.state, seat) for seat in live.state.game.seats}
    for who, texts in seen.items():
        everything = "\n".join(texts)
        shown = {card for card in CARDS if card in everything}
        mine = hands.get(who, set())
        assert shown == mine, f"{who} was shown {sorted(shown - mine)}"
    assert len(hands["hero-1"]) > 1, "the hands grew during the game"


def test_agents_queue_for_the_servers_agent_slots_and_every_game_finishes(
        web_games: dict, db: Path) -> None:
    with TestClient(create_app(db, agent_pause=0, agent_slots=1)) as client:
        made = [create(client, GAME, options={"rounds": 4}, seats=AGENTS, seed=n)
                for n in range(4)]
        for created in made:
            done = settle(client, created["id"], created["spectator"]["token"])
            assert done["outcome"] is not None and done["agent_error"] is None
            assert moves_in_db(db, created["id"]) == 16
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert all(hub.live[c["id"]].runner is None for c in made), "their tasks are done"


def test_a_restarted_server_lets_agents_go_on_without_anyone_asking(
        web_games: dict, db: Path) -> None:
    with TestClient(create_app(db, agent_pause=0.2)) as client:
        created = create(client, GAME, options={"rounds": 4}, seats=AGENTS, seed=5)
        wait_for(lambda: moves_in_db(db, created["id"]) >= 1)
    stopped_at = moves_in_db(db, created["id"])
    assert stopped_at < 16, "the server stopped mid-game"
    with TestClient(create_app(db, agent_pause=0)):
        # Nobody opens the game: the server's start-up lets its agents finish it.
        wait_for(lambda: moves_in_db(db, created["id"]) == 16)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM finished WHERE game_id = ?",
                            (created["id"],)).fetchone()[0] == 1
