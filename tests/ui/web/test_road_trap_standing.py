"""Two people, two links, Psycho Raiders from the second turn: the raiders' person's standing
answer to Road Trap (16.2; engine/standing.py, ui/web/app.py) and a campers' walk that waits
for the raiders' person and goes on by itself when they let it.

- With the standing answer set ("until said" or "for the rest of this round"), a campers'
  walk to a far road hex goes through: the question is still asked after each road hex and
  answered "let it drive on" for the raiders, the same actions a person's taps make.
- Without it, the walk stops after the first road hex, "waiting for raiders (Road Trap)" on
  the campers' page; each "let it drive on" lets it go on by itself, a Road Trap ends it.
- The setting is the raiders' own: kept in the store (a restarted server keeps it), never in
  the campers' payload, and the campers' reach is the same whatever it is."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from deadtable.ui.web import create_app
from tests.ui.web.conftest import create, token
from tests.ui.web.test_api import actions_in_db
from tests.ui.web.test_go import act, get, go, take_turn, web

__all__ = ["web"]  # the fixture: a server with Psycho Raiders registered (test_go.py)

PR = "psycho-raiders"
PICKUP = "Pickup Truck"
TRACK = ["4,29", "5,29", "6,29", "7,29"]  # the camp's track east: road hexes (16.2 asks)


def second_turn(web: TestClient) -> tuple[str, str, str]:
    """Both seats people; the first turn played by hand on both links and Randy at the
    pickup's wheel in the second: (game id, the raiders' token, the campers')."""
    created = create(web, PR, seed=2, options={"events": "none"})
    game_id = created["id"]
    raiders, campers = token(created, "raiders"), token(created, "campers")
    while (now := get(web, game_id, raiders))["to_move"] == "raiders":  # the Sinister Roll
        act(web, game_id, raiders, now["decision"]["actions"][0]["id"])
    for key in ("randy", "ginger", "dawn"):
        take_turn(web, game_id, campers, key)
        act(web, game_id, campers, "end")
    for key in ("spud", "beau", "fluke", "torch"):
        take_turn(web, game_id, raiders, key)
        act(web, game_id, raiders, "end")
    take_turn(web, game_id, campers, "randy")
    assert get(web, game_id, campers)["view"]["turn"] == 2
    return game_id, raiders, campers


def watching_token(web: TestClient, game_id: str) -> str:
    """The game's spectator link's token."""
    found: str = web.app.state.hub.live[game_id].stored.spectator  # type: ignore[attr-defined]
    return found


def stand(web: TestClient, game_id: str, tok: str | None, until: str,
          question: str = "road-trap") -> Any:
    return web.post(f"/api/games/{game_id}/standing",
                    json={"token": tok, "question": question, "until": until})


def standing(payload: dict[str, Any], question: str = "road-trap") -> dict[str, Any]:
    """The payload's standing answer to `question` (one per question the seat may be asked)."""
    found: dict[str, Any] = next(s for s in payload["standing"] if s["id"] == question)
    return found


def pickup_at(payload: dict[str, Any]) -> str:
    found: str = next(v["space"] for v in payload["view"]["vehicles"] if v["name"] == PICKUP)
    return found


def test_with_the_standing_answer_a_campers_walk_drives_through(web: TestClient,
                                                                tmp_path: Path) -> None:
    game_id, raiders, campers = second_turn(web)
    asked = stand(web, game_id, raiders, "said")
    assert asked.status_code == 200, asked.text
    assert standing(asked.json())["until"] == "said" and standing(asked.json())["in_force"]
    assert standing(asked.json(), "reveal")["until"] == "off"  # the other question's own
    before = actions_in_db(tmp_path / "games.sqlite", game_id)
    after = go(web, game_id, campers, "7,29", mover=PICKUP).json()
    assert after["walked"]["steps"] == 4 and after["walked"]["stopped"] is False
    assert pickup_at(after) == "7,29"
    played = actions_in_db(tmp_path / "games.sqlite", game_id)[len(before):]
    # the question asked after each road hex (the last too), answered for the raiders as by
    # hand, so the campers decide again
    assert played == ["drive:high", "car:4,29", "let-pass", "car:5,29", "let-pass",
                      "car:6,29", "let-pass", "car:7,29", "let-pass"]
    assert after["to_move"] == "campers"
    with sqlite3.connect(tmp_path / "games.sqlite") as db:
        seats = db.execute("SELECT seat FROM actions WHERE game_id = ? AND action = "
                           "'let-pass'", (game_id,)).fetchall()
    assert seats == [("raiders",)] * 4  # the raiders' own decisions


def test_without_it_the_walk_waits_for_the_raiders_and_goes_on_when_they_let_it(
        web: TestClient, tmp_path: Path) -> None:
    game_id, raiders, campers = second_turn(web)
    after = go(web, game_id, campers, "7,29", mover=PICKUP).json()
    walked = after["walked"]
    assert walked["steps"] == 1 and walked["stopped"] is True and walked["last"] == "4,29"
    assert walked["why"] == "waiting for raiders (Road Trap)" and walked["waiting"] == "raiders"
    assert after["to_move"] == "raiders" and after["decision"] is None
    assert after["waiting"] == {"target": "7,29", "mover": PICKUP, "last": "4,29",
                                "on": "raiders", "why": "waiting for raiders (Road Trap)"}
    theirs = get(web, game_id, raiders)
    assert theirs["waiting"] is None and theirs["walked"] is None  # the campers' plan is theirs
    assert {a["id"] for a in theirs["decision"]["actions"]} == {"road-trap", "let-pass"}
    act(web, game_id, raiders, "let-pass")  # the walk goes on by itself, to the next question
    mine = get(web, game_id, campers)
    assert pickup_at(mine) == "5,29" and mine["to_move"] == "raiders"
    assert mine["waiting"]["last"] == "5,29"
    act(web, game_id, raiders, "let-pass")
    act(web, game_id, raiders, "let-pass")
    mine = get(web, game_id, campers)
    assert pickup_at(mine) == "7,29" and mine["waiting"] is None
    assert mine["walked"] == {"target": "7,29", "mover": PICKUP, "steps": 4, "last": "7,29",
                              "stopped": False, "why": None, "how": "High Speed"}
    assert get(web, game_id, raiders)["walked"] is None
    # the same actions as five taps and three answers by hand; the raiders are asked once
    # more, after the walk's last road hex
    played = actions_in_db(tmp_path / "games.sqlite", game_id)[-8:]
    assert played == ["drive:high", "car:4,29", "let-pass", "car:5,29", "let-pass",
                      "car:6,29", "let-pass", "car:7,29"]
    assert mine["to_move"] == "raiders"


def test_a_waiting_walk_ends_where_the_raiders_declare_road_trap(web: TestClient) -> None:
    game_id, raiders, campers = second_turn(web)
    go(web, game_id, campers, "7,29", mover=PICKUP)
    act(web, game_id, raiders, "road-trap")
    mine = get(web, game_id, campers)
    assert pickup_at(mine) == "4,29" and mine["waiting"] is None
    assert mine["walked"] is None  # nothing went on: the log says why it stopped
    assert any("Road Trap! The Pickup Truck must stop." in e["text"] for e in mine["view"]["log"])


def test_setting_it_while_the_walk_waits_answers_now_and_the_walk_goes_on(
        web: TestClient) -> None:
    game_id, raiders, campers = second_turn(web)
    go(web, game_id, campers, "7,29", mover=PICKUP)
    assert stand(web, game_id, raiders, "round").status_code == 200
    mine = get(web, game_id, campers)
    assert pickup_at(mine) == "7,29" and mine["walked"]["stopped"] is False


def test_the_campers_never_learn_the_setting(web: TestClient) -> None:
    game_id, raiders, campers = second_turn(web)
    unset = get(web, game_id, campers)
    watching = watching_token(web, game_id)
    stand(web, game_id, raiders, "said")
    now = get(web, game_id, campers)
    assert unset["standing"] is None and now["standing"] is None
    assert get(web, game_id, watching)["standing"] is None
    # their reach and everything else they see is the same, set or not
    assert unset["reach"] == now["reach"] and unset["view"] == now["view"]
    assert unset["undo"] == now["undo"]
    assert now["reach"][PICKUP]["spaces"]["7,29"] == TRACK  # past the question either way
    # nor may they set or read it through the API
    refused = stand(web, game_id, campers, "said")
    assert refused.status_code == 422
    assert refused.json()["detail"]["error"] == ("no standing answer for campers: Psycho "
                                                 "Raiders never asks campers 'road-trap'")


def test_setting_it_sends_the_campers_socket_no_frame(web: TestClient) -> None:
    game_id, raiders, campers = second_turn(web)
    path = f"/api/games/{game_id}/ws"
    with web.websocket_connect(f"{path}?token={campers}") as mine, \
            web.websocket_connect(f"{path}?token={raiders}") as theirs:
        first = mine.receive_json()
        theirs.receive_json()
        stand(web, game_id, raiders, "said")
        assert standing(theirs.receive_json())["until"] == "said"  # their own page hears
        act(web, game_id, campers, "drive:high")
        # the campers' next frame is that move's: none came when the raiders set it (a frame
        # then, even the same, would tell them something was set)
        assert mine.receive_json()["step"] == first["step"] + 1


def test_the_setting_is_kept_with_the_game_and_cleared_by_the_raiders(
        web: TestClient, tmp_path: Path) -> None:
    game_id, raiders, campers = second_turn(web)
    stand(web, game_id, raiders, "said")
    with TestClient(create_app(tmp_path / "games.sqlite", agent_pause=0)) as again:
        theirs = again.get(f"/api/games/{game_id}", params={"token": raiders}).json()
        assert standing(theirs)["until"] == "said"  # a restarted server keeps it
        cleared = standing(stand(again, game_id, raiders, "off").json())
        assert cleared["until"] == "off" and cleared["in_force"] is False
        walked = go(again, game_id, campers, "7,29", mover=PICKUP).json()["walked"]
        assert walked["stopped"] is True and walked["waiting"] == "raiders"


def test_for_the_rest_of_this_round_lapses_when_the_round_ends(web: TestClient) -> None:
    game_id, raiders, campers = second_turn(web)
    stand(web, game_id, raiders, "round")
    theirs = standing(get(web, game_id, raiders))
    assert theirs["until"] == "round" and theirs["in_force"] is True
    assert theirs["choices"]["round"] == ("Road Trap: let the campers' vehicles drive on for "
                                          "the rest of this round")
    # a round later it no longer holds (read as the page reads it)
    live = web.app.state.hub.live[game_id]  # type: ignore[attr-defined]
    live.state.round += 1
    assert standing(get(web, game_id, raiders)) == {**theirs, "until": "off",
                                                    "in_force": False}


def test_bad_standing_requests_change_nothing(web: TestClient, tmp_path: Path) -> None:
    game_id, raiders, _ = second_turn(web)
    bad = stand(web, game_id, raiders, "forever")
    assert bad.status_code == 422 and "until must be one of" in bad.json()["detail"]["error"]
    created = create(web, PR, seed=2, options={"events": "none"}, seats={"raiders": "random"})
    agent = web.post(f"/api/games/{created['id']}/standing",
                     json={"token": token(created, "campers"), "until": "said"})
    assert agent.status_code == 422
    assert stand(web, game_id, "not-a-token", "said").status_code == 403
    assert standing(get(web, game_id, raiders))["until"] == "off"
    assert stand(web, game_id, watching_token(web, game_id), "said").status_code == 403
    with sqlite3.connect(tmp_path / "games.sqlite") as db:
        assert db.execute("SELECT count(*) FROM standing").fetchone() == (0,)


def test_an_answer_the_standing_answer_made_is_not_undone_while_it_holds(
        web: TestClient) -> None:
    game_id, raiders, campers = second_turn(web)
    stand(web, game_id, raiders, "said")
    act(web, game_id, campers, "drive:high")
    act(web, game_id, campers, "car:4,29")  # a tap: asked, and answered for the raiders
    mine, theirs = get(web, game_id, campers), get(web, game_id, raiders)
    assert mine["to_move"] == "campers" and pickup_at(mine) == "4,29"
    assert mine["undo"] == {"available": False, "why": "raiders has decided since"}
    assert theirs["undo"]["available"] is False
    assert "your standing answer would make that choice again" in theirs["undo"]["why"]
    refused = web.post(f"/api/games/{game_id}/undo", json={"token": raiders})
    assert refused.status_code == 409
    stand(web, game_id, raiders, "off")  # asked each time again: their answer may be undone
    assert web.post(f"/api/games/{game_id}/undo", json={"token": raiders}).status_code == 200
    theirs = get(web, game_id, raiders)
    assert {a["id"] for a in theirs["decision"]["actions"]} == {"road-trap", "let-pass"}
