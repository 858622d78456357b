"""Nothing leaked: every byte a browser gets (HTML, JSON, WebSocket frames), searched for what
the table hides: the deck order, the face-down cards, the dice's state, the seed, and the other
seats' secrets. One Against the Dead, Chainsaw Warrior, and a two-seat game with secrets."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from deadtable.games.one_against_the_dead import cards
from tests.ui.web.conftest import OATD, create, token
from tests.ui.web.secret_game import WORDS

SEED = 8_123_456_789_012_345  # long enough that finding it by chance is impossible


def oatd_secrets(state: Any) -> list[str]:
    """What the player may not know now, as it would appear in JSON."""
    log = " ".join(e.text for e in state.log)
    hidden = [state.grid[p] for p in state.face_down] + list(state.deck.cards)
    # A card the log has named (the burned card at the bottom of the deck) is known.
    unknown = [c for c in hidden if c != cards.JOKER and cards.name(c) not in log]
    found = [json.dumps(c) for c in unknown]
    found.append(str(state.dice.state))
    found.append(str(SEED))
    found.append(json.dumps(state.deck.cards[:5])[1:-1])  # the deck order itself
    return found


def test_a_whole_game_of_one_against_the_dead_never_shows_a_hidden_card(
        client: TestClient) -> None:
    created = create(client, OATD, options={"row": 4}, seed=SEED)
    game_id, tok = created["id"], token(created, "player")
    live = client.app.state.hub.live[game_id]  # type: ignore[attr-defined]
    watch = created["spectator"]["token"]
    seen_face_down = 0
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={tok}") as socket, \
            client.websocket_connect(f"/api/games/{game_id}/ws?token={watch}") as spectator:
        texts = [json.dumps(created), socket.receive_text(), spectator.receive_text()]
        texts.append(client.get(f"/games/{game_id}", params={"token": tok}).text)
        for _ in range(500):
            secrets = oatd_secrets(live.state)
            seen_face_down = max(seen_face_down, len(live.state.face_down))
            now = client.get(f"/api/games/{game_id}", params={"token": tok})
            texts += [now.text, client.get(f"/api/games/{game_id}", params={"token": watch}).text]
            for text in texts:
                for secret in secrets:
                    assert secret not in text, f"{secret} reached the browser"
            texts = []
            decision = now.json()["decision"]
            if decision is None:
                break
            # The last action: wanders more than the first, so more of the city is turned.
            action = decision["actions"][-1]["id"]
            texts.append(client.post(f"/api/games/{game_id}/actions",
                                     json={"token": tok, "action": action}).text)
            texts += [socket.receive_text(), spectator.receive_text()]
        assert live.state.outcome is not None, "the game should have ended"
    assert seen_face_down > 0, "the test never had a face-down card to look for"


def test_each_seat_gets_only_its_own_secret_in_every_channel(client: TestClient) -> None:
    created = create(client, "secret", seed=SEED)
    game_id = created["id"]
    state = client.app.state.hub.live[game_id].state  # type: ignore[attr-defined]
    words = dict(state.words)
    pool = list(state.pool)
    tokens = {"red": token(created, "red"), "blue": token(created, "blue"),
              "spectator": created["spectator"]["token"]}
    got: dict[str, list[str]] = {seat: [] for seat in tokens}
    sockets = {seat: client.websocket_connect(f"/api/games/{game_id}/ws?token={t}")
               for seat, t in tokens.items()}
    try:
        opened = {seat: s.__enter__() for seat, s in sockets.items()}
        for seat, socket in opened.items():
            got[seat].append(socket.receive_text())
        for turn in range(3):
            seat = ("red", "blue")[turn % 2]
            got[seat].append(client.post(f"/api/games/{game_id}/actions",
                                         json={"token": tokens[seat], "action": "pass"}).text)
            for who, socket in opened.items():
                got[who].append(socket.receive_text())
        for seat, t in tokens.items():
            got[seat].append(client.get(f"/api/games/{game_id}", params={"token": t}).text)
            got[seat].append(client.get(f"/games/{game_id}", params={"token": t}).text)
    finally:
        for s in sockets.values():
            s.__exit__(None, None, None)
    for seat, texts in got.items():
        everything = "\n".join(texts)
        for word in WORDS:
            if seat in words and word == words[seat]:
                assert word in everything, f"{seat} should see its own word"
            else:
                assert word not in everything, f"{seat} saw {word!r}"
        assert str(state.dice.state) not in everything and str(SEED) not in everything
    assert pool, "words left in the hidden pool are searched for too"


def test_a_chainsaw_warrior_game_never_shows_the_house_decks_order(client: TestClient) -> None:
    from tests.ui.web.conftest import CW

    created = create(client, CW, seed=SEED)
    game_id, tok = created["id"], token(created, "warrior")
    live = client.app.state.hub.live[game_id]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={tok}") as socket:
        texts = [json.dumps(created), socket.receive_text()]
        for _ in range(400):
            state = live.state
            piles = [*state.decks, state.wandering, *state.piles.values()]
            face_down = [c for pile in piles for c in pile.cards]
            secrets = [json.dumps(c) for c in face_down]
            secrets += [str(state.dice.state), str(SEED)]
            assert len(face_down) > 10
            now = client.get(f"/api/games/{game_id}", params={"token": tok})
            texts.append(now.text)
            for text in texts:
                for secret in secrets:
                    assert secret not in text, f"{secret} reached the browser"
            decision = now.json()["decision"]
            if decision is None:
                break
            texts = [client.post(f"/api/games/{game_id}/actions",
                                 json={"token": tok, "action": decision["actions"][0]["id"]}).text,
                     socket.receive_text()]
        assert live.state.outcome is not None
