"""Last Night on Earth over the web API, for people: POST /macro "advance" moves every zombie
still to move as the zombie agent would (agent.py ZombieAgent, asked through the zombie seat's
own observation, its dice seeded from the game's length), each as the ordinary, stored action
a click would take; with two zombie players it stands past the other player's zombies like
"rest" (engine/macros.py, StandingOrder). Only the deciding zombie seat sees or runs it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from deadtable import registry
from deadtable.agents.base import observe
from deadtable.games.last_night_on_earth.agent import ZombieAgent
from tests.ui.web.conftest import create, token
from tests.ui.web.test_api import actions_in_db
from tests.ui.web.test_go import act, get
from tests.ui.web.test_lnoe_moves_api import LNOE, macro, moving_zombies, web
from tests.ui.web.test_lnoe_rest_standing_api import Z1, Z2

__all__ = ["web"]  # the fixture: a server of people's seats for each test


def by_hand(client: TestClient, game_id: str, tok: str, now: dict[str, Any]) -> dict[str, Any]:
    """Where "advance" stops (the agent would play Shamble), the person moves that zombie
    (its first move) until the macro is offered again: the seat's payload then."""
    for _ in range(20):
        found = {m["id"]: m for m in now["macros"] or []}
        if "advance" not in found or found["advance"]["available"]:
            return now
        assert "would play Shamble on Zombie " in found["advance"]["note"]
        ids = [a["id"] for a in now["decision"]["actions"]]
        act(client, game_id, tok, next(i for i in ids if i.startswith("move:")))
        now = get(client, game_id, tok)
    raise AssertionError("advance never offered again")


def test_the_zombies_payload_offers_advance_beside_rest(web: TestClient) -> None:
    created, mine = moving_zombies(web)
    rest, advance = mine["macros"]
    assert (rest["id"], advance["id"]) == ("rest", "advance")
    assert advance["label"].startswith("The rest advance (")
    # (seed 3) the agent would play Shamble on the first zombie: the person is asked, why said
    assert advance["available"] is False
    assert advance["note"].startswith("the zombie agent would play Shamble on Zombie 1")
    mine = by_hand(web, created["id"], token(created, "zombies"), mine)
    advance = mine["macros"][1]
    assert advance["available"] is True and "as the zombie agent would" in advance["note"]
    for other in (token(created, "heroes"), created["spectator"]["token"]):
        assert get(web, created["id"], other)["macros"] is None


def test_advance_takes_the_zombie_agents_steps_as_stored_actions(
        web: TestClient, tmp_path: Path) -> None:
    created, mine = moving_zombies(web)
    game_id, tok = created["id"], token(created, "zombies")
    mine = by_hand(web, game_id, tok, mine)
    preview = mine["macros"][1]["preview"]  # the moves the page draws before the press
    before = actions_in_db(tmp_path / "games.sqlite", game_id)
    response = macro(web, game_id, tok, "advance")
    assert response.status_code == 200, response.text
    after = response.json()
    taken = actions_in_db(tmp_path / "games.sqlite", game_id)[len(before):]
    assert len(taken) == after["ran"]["actions"] == after["step"] - mine["step"] > 1
    # the same game replayed here: each stored action is the zombie agent's choice there
    state = registry.load(LNOE).new(seed=3)
    for action in before:
        state.apply(action)
    for action in taken:
        assert state.decision.seat == "zombies"
        assert action == ZombieAgent(len(state.history)).act(observe(state))
        assert action.startswith(("move:", "stay:", "stop:"))  # never a card
        state.apply(action)
    assert after["ran"]["why"] is None or "Shamble" in after["ran"]["why"]
    names = [s[0] for s in after["view"]["town"]["spaces"]]
    moved = [(a.split(":")[1], names[int(a.split(":")[2])]) for a in taken
             if a.startswith("move:")]
    assert moved == [(m["figure"], m["to"]) for m in preview] and moved  # as drawn
    assert get(web, game_id, token(created, "heroes"))["macros"] is None  # the zombies' only
    back = web.post(f"/api/games/{game_id}/undo", json={"token": tok}).json()
    assert back["step"] == after["step"] - 1  # undo takes back one move


def test_advance_is_refused_to_the_heroes_and_changes_nothing(web: TestClient) -> None:
    created, mine = moving_zombies(web)
    refused = macro(web, created["id"], token(created, "heroes"), "advance")
    assert refused.status_code == 409 and "it is zombies's turn, not heroes's" in refused.text
    unknown = macro(web, created["id"], token(created, "zombies"), "charge")
    assert unknown.status_code == 422 and "offered: rest, advance" in unknown.text
    assert get(web, created["id"], token(created, "zombies"))["step"] == mine["step"]


def two_players_advancing(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """People in every seat, two zombie players, at a zombie player's move whose "advance"
    can start and has zombies after the other player's: (created, that seat's payload). A
    zombie the agent would Shamble is moved by hand; other questions pass or stay."""
    created = create(client, LNOE, seed=3, options={"zombie-players": 2})
    game_id = created["id"]
    for _ in range(300):
        seat = get(client, game_id, created["spectator"]["token"])["to_move"]
        now = get(client, game_id, token(created, seat))
        found = {m["id"]: m for m in now["macros"] or []}
        if "advance" in found and found["advance"]["available"] and found["advance"]["later"]:
            return created, now
        ids = [a["id"] for a in now["decision"]["actions"]]
        hand = "advance" in found and not found["advance"]["available"]
        pick = next((i for i in ids if i.startswith("move:")), ids[0]) if hand else next(
            (i for i in ids if i.startswith(("pass", "stay:", "next"))), ids[0])
        act(client, game_id, token(created, seat), pick)
    raise AssertionError("no zombie player to advance with zombies after the other's")


def test_advance_stands_past_the_other_zombie_players_zombies(
        web: TestClient, tmp_path: Path) -> None:
    created, mine = two_players_advancing(web)
    game_id, seat = created["id"], mine["seat"]
    other = Z2 if seat == Z1 else Z1
    _rest, advance = mine["macros"]
    assert advance["label"].startswith("The rest of your zombies advance (")
    response = macro(web, game_id, token(created, seat), "advance")
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["ran"]["order"] is True and after["to_move"] == other
    assert after["order"]["label"] == "The rest of your zombies advance"
    assert after["order"]["left"] == advance["later"]
    assert get(web, game_id, token(created, other))["order"] is None  # its own seat's only
    stored = len(actions_in_db(tmp_path / "games.sqlite", game_id))
    answered = 0
    while (now := get(web, game_id, token(created, other)))["decision"] and \
            now["macros"] and answered < 20:
        ids = [a["id"] for a in now["decision"]["actions"]]
        act(web, game_id, token(created, other),
            next((i for i in ids if i.startswith("stay:")), ids[0]))
        answered += 1
    taken = actions_in_db(tmp_path / "games.sqlite", game_id)[stored:]
    assert answered >= 1 and len(taken) >= answered + 1  # its zombies moved between
    assert get(web, game_id, token(created, seat))["order"] is None  # the step is over
