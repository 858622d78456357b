"""Psycho Raiders in the browser, the raiders' person against the campers' agent (random), on a
phone (390x844) and a desktop (1366x900): once a townsperson is in play the raiders are asked
before each campers' turn whether to reveal a sinister townsperson (17.21). Their page shows a
menu per question it may be asked ("Answer in advance": Road Trap, the sinister reveal), each
with its note; choosing "until I say otherwise" for the reveal answers the question open now
and every later one "not now", so the campers' agent's turns go on to the raiders' own phase
without the raiders being asked (engine/standing.py)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx2 as httpx  # as tests/ui/web/test_browser.py
import pytest

from tests.ui.web.test_api import actions_in_db
from tests.ui.web.test_browser import Server
from tests.ui.web.test_left_4_dead_browser import shots
from tests.ui.web.test_psycho_raiders_browser import server
from tests.ui.web.test_psycho_raiders_walk_browser import SIZES, sized

__all__ = ["server"]  # the fixture: a server of its own for this module

pytestmark = pytest.mark.browser  # left out of `make test-fast`
WHICH = "Which of your characters takes its turn?"  # the raiders' own phase
ASKED = "Before the next campers' turn: reveal a sinister townsperson? (17.21)"


def raiders_asked(server: Server, game_id: str, tok: str) -> dict[str, Any]:
    """The raiders' payload once they decide (the campers' agent moves in between)."""
    deadline = time.monotonic() + 60
    while (now := server.get(game_id, tok))["decision"] is None:
        assert now["outcome"] is None and now["agent_error"] is None
        assert time.monotonic() < deadline, "the campers' agent did not hand over"
        time.sleep(0.05)
    return now


def to_the_reveal(server: Server) -> tuple[str, dict[str, Any]]:
    """A game with the campers' random agent (seed 2: a townsperson in play in the first
    turn), the raiders' Sinister Roll and turns played through the API until they are asked
    to reveal: (game id, the raiders' link)."""
    made = server.create("psycho-raiders", seed=2, seats={"campers": "random"})
    game_id, raiders = made["id"], made["seats"]["raiders"]
    for _ in range(60):
        now = raiders_asked(server, game_id, raiders["token"])
        ids = [a["id"] for a in now["decision"]["actions"]]
        if "no-reveal" in ids:
            return game_id, raiders
        chosen = "end" if "end" in ids else next((i for i in ids if i.startswith("turn:")),
                                                  ids[0])
        response = httpx.post(f"{server.base}/api/games/{game_id}/actions",
                              json={"token": raiders["token"], "action": chosen}, timeout=30)
        assert response.status_code == 200, response.text
    raise AssertionError("the raiders were never asked to reveal")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_reveal_answered_in_advance_lets_the_campers_agent_play_on(
        server: Server, size: str, tmp_path: Path) -> None:
    errors: list[str] = []
    game_id, raiders = to_the_reveal(server)
    with sized(size) as context:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(raiders["url"])
        page.wait_for_selector('button[data-action="no-reveal"]')
        assert page.inner_text("#prompt") == ASKED
        assert page.inner_text("#standing .standing-head") == "Answer in advance:"
        menus = page.locator("#standing select")
        assert menus.count() == 2  # a menu per question
        assert page.locator("#standing-road-trap").input_value() == "off"
        reveal = page.locator("#standing-reveal")
        assert reveal.input_value() == "off"
        assert reveal.locator("option").all_inner_texts() == [
            "Sinister reveal: ask me each time",
            "Sinister reveal: 'not now' for the rest of this round",
            "Sinister reveal: 'not now' until I say otherwise"]
        notes = page.locator("#standing .note").all_inner_texts()
        assert any("even when you could reveal one" in n and "raiders' own turns" in n
                   for n in notes)
        page.locator("#standing").scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]
        page.screenshot(path=str(shots(tmp_path) / f"pr-reveal-menus-{size}.png"))
        before = len(actions_in_db(server.db, game_id))
        with page.expect_response(lambda r: r.url.endswith("/standing")) as answer:
            reveal.select_option("said")
        assert answer.value.status == 200
        # the question open now answered, then the campers' agent's turns, each after a
        # "not now" answered for the raiders, to the raiders' own phase
        page.wait_for_function(f"() => document.querySelector('#prompt').textContent"
                               f" === {WHICH!r}", timeout=90_000)
        played = actions_in_db(server.db, game_id)[before:]
        assert played[0] == "no-reveal" and played.count("no-reveal") >= 2
        # theirs went on (a seat's last waiting camper starts unasked: count any of its choices)
        assert any(a != "no-reveal" for a in played)
        now = server.get(game_id, raiders["token"])
        assert now["decision"]["prompt"] == WHICH and now["to_move"] == "raiders"
        assert next(s for s in now["standing"] if s["id"] == "reveal")["until"] == "said"
        assert page.locator("#standing-reveal").input_value() == "said"
        page.screenshot(path=str(shots(tmp_path) / f"pr-reveal-went-on-{size}.png"),
                        full_page=True)
    assert errors == []
