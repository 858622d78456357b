"""The campers' pickup through the web API (deadtable/engine/reach.py, ui/web/app.py): before
the driver announces its speed (10.1) the payload's reach already carries the vehicle's hexes
and the speed each needs (`how`), and POST /go announces that speed first, as the ordinary
action; from the second turn a drive goes on past the raiders' Road Trap question (16.2) where
their agent lets it pass, and stops where it declares Road Trap."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from deadtable import registry
from deadtable.agents import base
from deadtable.agents.base import Observation
from deadtable.games.psycho_raiders.agent import HeuristicAgent
from deadtable.ui.web import create_app
from tests.ui.web.conftest import TEST_GAMES, create, settle, token
from tests.ui.web.test_api import actions_in_db
from tests.ui.web.test_go import act, get, go, past_the_roll, take_turn

PR = "psycho-raiders"
PICKUP = "Pickup Truck"
TRACK = ["4,29", "5,29", "6,29", "7,29", "8,29", "9,29", "10,29"]  # the camp's track east


class Passer(HeuristicAgent):
    """The raiders' heuristic, but it always lets a campers' vehicle drive on (16.2)."""

    def act(self, obs: Observation) -> str:
        return "let-pass" if "let-pass" in obs.decision.ids else super().act(obs)


class Trapper(HeuristicAgent):
    """The raiders' heuristic, but it declares Road Trap the first time it may (16.2)."""

    def act(self, obs: Observation) -> str:
        return "road-trap" if "road-trap" in obs.decision.ids else super().act(obs)


@pytest.fixture
def web(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[TestClient]:
    monkeypatch.setattr(registry, "_MODULES", {**TEST_GAMES, PR: "deadtable.games.psycho_raiders"})
    monkeypatch.setattr(registry, "_loaded", {})
    registry.spec(PR)  # its own agents registered first
    monkeypatch.setitem(base._GAME_FACTORIES, PR, {**base._GAME_FACTORIES.get(PR, {}),
                                                   "passer": Passer, "trapper": Trapper})
    with TestClient(create_app(tmp_path / "games.sqlite", agent_pause=0)) as client:
        yield client


def test_before_its_speed_the_payload_has_the_pickups_reach_and_go_announces_it(
        web: TestClient, tmp_path: Path) -> None:
    _, game_id, raiders, campers = past_the_roll(web)
    take_turn(web, game_id, campers, "randy")
    mine = get(web, game_id, campers)
    assert not any(a["id"].startswith("car:") for a in mine["decision"]["actions"])
    pickup = mine["reach"][PICKUP]
    assert pickup["from"] == "3,29" and pickup["spaces"]["11,28"] == [*TRACK, "11,28"]
    assert pickup["how"]["11,28"] == "High Speed" and pickup["how"]["2,29"] == "Off-Road Speed"
    assert set(pickup["how"]) == set(pickup["spaces"])  # every hex needs the speed announced
    assert "how" not in mine["reach"]["Randy"]  # on foot: no opening
    assert get(web, game_id, raiders)["reach"] is None  # the other seat never gets it
    before = actions_in_db(tmp_path / "games.sqlite", game_id)
    after = go(web, game_id, campers, "11,28", mover=PICKUP).json()
    assert after["walked"] == {"target": "11,28", "mover": PICKUP, "steps": 8, "last": "11,28",
                               "stopped": False, "why": None, "how": "High Speed"}
    played = actions_in_db(tmp_path / "games.sqlite", game_id)[len(before):]
    assert played == ["drive:high", *(f"car:{s}" for s in [*TRACK, "11,28"])]
    log = [e["text"] for e in after["view"]["log"]]
    assert "Randy drives the Pickup Truck at High Speed." in log


def test_a_bad_walk_to_a_hex_no_speed_reaches_changes_nothing(web: TestClient,
                                                             tmp_path: Path) -> None:
    _, game_id, _, campers = past_the_roll(web)
    take_turn(web, game_id, campers, "randy")
    before = actions_in_db(tmp_path / "games.sqlite", game_id)
    refused = go(web, game_id, campers, "20,2", mover=PICKUP)
    assert refused.status_code == 422
    assert "20,2 is out of reach of Pickup Truck" in refused.json()["detail"]["error"]
    assert actions_in_db(tmp_path / "games.sqlite", game_id) == before


def second_turn_at_the_wheel(web: TestClient, raiders_agent: str) -> tuple[str, str]:
    """Raiders played by `raiders_agent`; the campers end their first turn in camp and Randy
    takes the wheel in the second: (game id, the campers' token)."""
    created = create(web, PR, seed=2, options={"events": "none"},
                     seats={"raiders": raiders_agent})
    game_id, campers = created["id"], token(created, "campers")
    settle(web, game_id, campers)
    for key in ("randy", "ginger", "dawn"):
        take_turn(web, game_id, campers, key)
        act(web, game_id, campers, "end")
    now = settle(web, game_id, campers)  # the raiders' agent plays their first turn
    assert now["to_move"] == "campers" and now["view"]["turn"] == 2
    take_turn(web, game_id, campers, "randy")
    return game_id, campers


def test_a_drive_goes_on_past_road_trap_when_the_raiders_agent_lets_it_pass(
        web: TestClient, tmp_path: Path) -> None:
    game_id, campers = second_turn_at_the_wheel(web, "passer")
    pickup = get(web, game_id, campers)["reach"][PICKUP]
    # beyond the first hex only because the raiders' agent passes; High Speed, offered first
    assert pickup["spaces"]["7,29"] == TRACK[:4] and pickup["how"]["7,29"] == "High Speed"
    before = actions_in_db(tmp_path / "games.sqlite", game_id)
    after = go(web, game_id, campers, "7,29", mover=PICKUP).json()
    assert after["walked"]["steps"] == 4 and after["walked"]["stopped"] is False
    played = actions_in_db(tmp_path / "games.sqlite", game_id)[len(before):]
    # after each road hex the raiders' agent was asked, as between taps, and let it pass
    assert played[:8] == ["drive:high", "car:4,29", "let-pass", "car:5,29", "let-pass",
                          "car:6,29", "let-pass", "car:7,29"]


def test_a_drive_stops_where_the_raiders_agent_declares_road_trap(
        web: TestClient, tmp_path: Path) -> None:
    game_id, campers = second_turn_at_the_wheel(web, "trapper")
    after = go(web, game_id, campers, "7,29", mover=PICKUP).json()
    walked: dict[str, Any] = after["walked"]
    assert walked["steps"] == 1 and walked["stopped"] is True and walked["last"] == "4,29"
    assert "Road Trap! The Pickup Truck must stop." in walked["why"]
    assert [v["space"] for v in after["view"]["vehicles"] if v["name"] == PICKUP] == ["4,29"]
    assert after["reach"] is None or PICKUP not in after["reach"]  # stopped until next turn
