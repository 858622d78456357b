"""Two zombie players over the web API: POST /macro "rest" stays the player's own zombies up
to the other player's next one and then stands (engine/macros.py, Standing): when the other
player's choice brings the rules back to one of its zombies, the server stays it at once, as
that seat's ordinary, stored action, until the step ends or a zombie must move. The standing
is in its own seat's payload only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.ui.web.conftest import create, token
from tests.ui.web.test_api import actions_in_db
from tests.ui.web.test_go import act, get
from tests.ui.web.test_lnoe_moves_api import LNOE, macro, web

__all__ = ["web"]  # the fixture: a server of people's seats for each test
Z1, Z2 = "zombies-1", "zombies-2"


def two_players_moving(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """People in every seat, two zombie players, at a zombie player's move whose "rest" has
    zombies after the other player's: (created, that seat's payload)."""
    created = create(client, LNOE, seed=3, options={"zombie-players": 2})
    game_id = created["id"]
    for _ in range(200):
        seat = get(client, game_id, created["spectator"]["token"])["to_move"]
        now = get(client, game_id, token(created, seat))
        if now["macros"] and now["macros"][0]["available"] and now["macros"][0]["later"]:
            return created, now
        ids = [a["id"] for a in now["decision"]["actions"]]
        pick = next((i for i in ids if i.startswith(("pass", "stay:", "next"))), ids[0])
        act(client, game_id, token(created, seat), pick)
    raise AssertionError("no zombie player with zombies after the other's in 200 decisions")


def test_the_rest_stands_and_stays_the_players_zombies_after_the_others(
        web: TestClient, tmp_path: Path) -> None:
    created, mine = two_players_moving(web)
    game_id, seat = created["id"], mine["seat"]
    other = Z2 if seat == Z1 else Z1
    [rest, _advance] = mine["macros"]
    assert rest["label"].startswith("The rest of your zombies stay (")
    assert f"after {other}'s)" in rest["label"]
    response = macro(web, game_id, token(created, seat), "rest")
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["ran"]["order"] is True and after["to_move"] == other
    assert after["ran"]["why"].startswith(f"{other} decides now: Move Zombie ")
    assert after["order"]["label"] == "The rest of your zombies stay"  # no stale counts
    assert after["order"]["left"] == rest["later"]
    for someone in (token(created, other), token(created, "heroes"),
                    created["spectator"]["token"]):
        assert get(web, game_id, someone)["order"] is None  # its own seat's only
    # the other player answers each of its zombies; the first one's are stayed between
    stored = len(actions_in_db(tmp_path / "games.sqlite", game_id))
    answered = 0
    while (now := get(web, game_id, token(created, other)))["decision"] and \
            now["macros"] and answered < 20:
        ids = [a["id"] for a in now["decision"]["actions"]]
        act(web, game_id, token(created, other),
            next((i for i in ids if i.startswith("stay:")), ids[0]))
        answered += 1
        assert get(web, game_id, token(created, seat))["decision"] is None or \
            not get(web, game_id, token(created, seat))["macros"]  # never asked a stay
    taken = actions_in_db(tmp_path / "games.sqlite", game_id)[stored:]
    assert answered >= 1 and len(taken) == answered + rest["later"]
    assert get(web, game_id, token(created, seat))["order"] is None  # the step is over
    # a zombie player's stay taken for it is its own: the other cannot undo past it
    refused = web.post(f"/api/games/{game_id}/undo", json={"token": token(created, other)})
    assert refused.status_code == 409 and "has decided since" in refused.json()["detail"]["error"]
