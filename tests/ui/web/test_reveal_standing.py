"""The raiders' person's standing answer to the sinister reveal (17.21; engine/standing.py,
ui/web/app.py), beside Road Trap's (test_road_trap_standing.py): a seat keeps one standing
answer per question, set and cleared each on its own, in the store (a file from before
questions were named still opens: its answers are Road Trap's), never shown to another seat.

- POST /standing names the question; a question the game does not have is refused, naming
  those it has, and changes nothing.
- Answered "not now" for them before each campers' turn, whether or not they could reveal
  one: a random game's campers' payloads are the same whether the raiders answer by hand, for
  the rest of each round or until they say otherwise, and whether or not a reveal was
  possible, and with it set the raiders are never asked by hand."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from deadtable.games.psycho_raiders.screaming import reveal_offers
from deadtable.ui.web import create_app
from deadtable.ui.web.store import Store
from tests.ui.web.conftest import create, token
from tests.ui.web.test_go import act, get, web
from tests.ui.web.test_road_trap_standing import PR, second_turn, stand, standing

__all__ = ["web"]  # the fixture: a server with Psycho Raiders registered (test_go.py)

# a game in which, within 150 random choices, the raiders are asked with a reveal possible
# and without one
SEED = 17


def test_each_question_is_set_and_cleared_on_its_own(web: TestClient, tmp_path: Path) -> None:
    game_id, raiders, _ = second_turn(web)
    both = stand(web, game_id, raiders, "said", "reveal").json()
    assert [s["id"] for s in both["standing"]] == ["road-trap", "reveal"]
    assert standing(both, "reveal")["until"] == "said" and standing(both)["until"] == "off"
    reveal = standing(both, "reveal")
    assert reveal["question"] == "Sinister reveal"
    assert reveal["choices"]["round"] == ("Sinister reveal: 'not now' for the rest "
                                          "of this round")
    assert "even when you could reveal one" in reveal["note"]
    stand(web, game_id, raiders, "round")
    with sqlite3.connect(tmp_path / "games.sqlite") as db:
        rows = db.execute("SELECT seat, question, until FROM standing ORDER BY question"
                          ).fetchall()
    assert rows == [("raiders", "reveal", "said"), ("raiders", "road-trap", "round")]
    cleared = stand(web, game_id, raiders, "off", "reveal").json()
    assert standing(cleared, "reveal")["until"] == "off" and standing(cleared)["until"] == "round"
    with TestClient(create_app(tmp_path / "games.sqlite", agent_pause=0)) as again:
        kept = again.get(f"/api/games/{game_id}", params={"token": raiders}).json()
        assert standing(kept)["until"] == "round" and standing(kept, "reveal")["until"] == "off"


def test_a_question_the_game_does_not_have_is_refused_naming_its_own(
        web: TestClient, tmp_path: Path) -> None:
    game_id, raiders, campers = second_turn(web)
    before = get(web, game_id, raiders)
    bad = stand(web, game_id, raiders, "said", "road trap")
    assert bad.status_code == 422
    assert bad.json()["detail"]["error"] == (
        "no standing answer for raiders: Psycho Raiders has no question 'road trap' to answer "
        "in advance: it has 'road-trap', 'reveal'")
    missing = web.post(f"/api/games/{game_id}/standing", json={"token": raiders,
                                                               "until": "said"})
    assert missing.status_code == 422 and "question" in missing.text
    assert stand(web, game_id, campers, "said", "reveal").status_code == 422  # not theirs
    assert get(web, game_id, raiders) == before
    with sqlite3.connect(tmp_path / "games.sqlite") as db:
        assert db.execute("SELECT count(*) FROM standing").fetchone() == (0,)


OLD_STANDING = """CREATE TABLE standing (
    game_id TEXT NOT NULL REFERENCES games(id), seat TEXT NOT NULL, until TEXT NOT NULL,
    round INTEGER NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, seat));"""


def test_a_file_from_before_questions_were_named_opens_its_answers_road_traps(
        web: TestClient, tmp_path: Path) -> None:
    game_id, raiders, campers = second_turn(web)
    path = tmp_path / "games.sqlite"
    web.app.state.hub.store.close()  # type: ignore[attr-defined]  # (the file as it was)
    with sqlite3.connect(path) as db:  # the old table: one standing answer a seat
        db.executescript(f"DROP TABLE standing; {OLD_STANDING}")
        db.execute("INSERT INTO standing VALUES (?, 'raiders', 'said', 2, 0.0)", (game_id,))
    assert Store(path).load(game_id).standing == {  # type: ignore[union-attr]
        "raiders": {"road-trap": ("said", 2)}}
    with sqlite3.connect(path) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(standing)")]
        assert columns == ["game_id", "seat", "question", "until", "round", "at"]
    with TestClient(create_app(path, agent_pause=0)) as again:
        theirs = again.get(f"/api/games/{game_id}", params={"token": raiders}).json()
        assert standing(theirs)["until"] == "said" and standing(theirs, "reveal")["until"] == "off"
        # and it answers Road Trap for them: the campers' walk drives through
        walked = again.post(f"/api/games/{game_id}/go", json={
            "token": campers, "space": "7,29", "mover": "Pickup Truck"}).json()["walked"]
        assert walked["stopped"] is False and walked["steps"] == 4
    assert Store(path).load(game_id).standing == {  # type: ignore[union-attr]
        "raiders": {"road-trap": ("said", 2)}}  # opened again: migrated once, kept


def random_game(web: TestClient, mode: str, steps: int = 150) -> dict[str, Any]:
    """A random game through the API, both seats people making `steps` choices at random
    from one seeded stream (the raiders never reveal; every other townsperson turned
    sinister, secretly, a third of the way in), the raiders' reveal answered by hand
    ("off"), for the rest of each round ("round": set again each time they are asked by
    hand) or until said
    ("said"). Returns the campers' payloads at each of their decisions (the game's id left
    out), how often the raiders were asked by hand, and how often a reveal was possible."""
    created = create(web, PR, seed=SEED, options={"events": "none"})
    game_id = created["id"]
    tokens = {seat: token(created, seat) for seat in ("raiders", "campers")}
    while (now := get(web, game_id, tokens["raiders"]))["to_move"] == "raiders":
        act(web, game_id, tokens["raiders"], now["decision"]["actions"][0]["id"])  # the roll
    live = web.app.state.hub.live[game_id]  # type: ignore[attr-defined]
    if mode == "said":
        stand(web, game_id, tokens["raiders"], "said", "reveal")
    rng = random.Random(SEED)
    seen: list[dict[str, Any]] = []
    by_hand = possible = chosen = 0
    turned = False
    while chosen < steps:  # (the same random choices in each mode, however it answers)
        if chosen == steps // 3 and not turned:  # every other townsperson sinister from
            turned = True  # here, secretly: a reveal possible at the questions after only
            for key in list(live.state.sinister)[::2]:
                live.state.sinister[key].value = "sinister"
            live.state._decision = None
        possible += "no-reveal" in live.state.decision and bool(reveal_offers(live.state))
        seat = live.state.decision.seat
        now = get(web, game_id, tokens[seat])
        ids = [a["id"] for a in now["decision"]["actions"]]
        if seat == "campers":
            seen.append({k: v for k, v in now.items() if k != "id"})
        if "no-reveal" in ids:  # asked by hand
            by_hand += 1
            steps_before = len(live.state.history)
            if mode == "round":  # set again: it answers the question now
                assert stand(web, game_id, tokens[seat], "round", "reveal").status_code == 200
            if len(live.state.history) == steps_before:
                act(web, game_id, tokens[seat], "no-reveal")
            continue
        act(web, game_id, tokens[seat], rng.choice([i for i in ids if
                                                    not i.startswith("reveal:")]))
        chosen += 1
    return {"campers": seen, "by_hand": by_hand, "possible": possible,
            "history": list(live.state.history)}


def test_the_campers_payloads_are_the_same_whatever_the_raiders_reveal_answer(
        web: TestClient) -> None:
    by_hand, said, round_ = (random_game(web, mode) for mode in ("off", "said", "round"))
    asked = by_hand["history"].count("no-reveal")
    # a reveal was possible at some questions and not at others, and all were answered
    # "not now" the same way
    assert by_hand["by_hand"] == asked > by_hand["possible"] > 0
    assert said["possible"] == 0 and said["by_hand"] == 0  # never asked by hand: answered
    assert said["history"] == by_hand["history"] == round_["history"]
    assert 0 < round_["by_hand"] < asked  # once a round at most
    assert len(by_hand["campers"]) > 50
    assert said["campers"] == by_hand["campers"] == round_["campers"]
    assert all(p["standing"] is None for p in said["campers"])
