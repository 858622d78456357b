"""Psycho Raiders in the browser: a turn with nothing left but its end ends by itself (5.2),
the page going straight on to the next question and its event log saying why; the seat's last
waiting character's turn begins unasked, the log saying so."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import click_and_wait, shots
from tests.ui.web.test_psycho_raiders_browser import server
from tests.ui.web.test_psycho_raiders_walk_browser import SIZES, post, sized

__all__ = ["server"]  # the fixture: a server of its own for this module

pytestmark = pytest.mark.browser  # left out of `make test-fast`
ENDED = "Ginger has nothing left to do: the turn ends."


def decision(server: Server, game_id: str, token: str) -> dict[str, Any]:
    found: dict[str, Any] = server.get(game_id, token)["decision"]
    return found


@pytest.mark.parametrize("size", list(SIZES))
def test_a_turn_with_nothing_left_ends_by_itself_and_says_so(server: Server, size: str,
                                                             tmp_path: Path) -> None:
    errors: list[str] = []
    made = server.create("psycho-raiders", seats={"raiders": "random"}, seed=5,
                         options={"events": "none"})
    game_id, token = made["id"], made["seats"]["campers"]["token"]
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while server.get(game_id, token)["to_move"] != "campers":  # the raiders' Sinister Roll
        assert time.monotonic() < deadline
        time.sleep(0.1)
    # Ginger spends what she could use but her steps: the campers' Adrenaline, her Will (for
    # Speed), her scream, and, out of the pickup, her action
    for action in ("turn:ginger", "adrenaline:1:5", *["will:1"] * 5, "scream", "move:1:4,29",
                   "search"):
        post(server, game_id, token, action)
    assert decision(server, game_id, token)["prompt"] == "Ginger: move and take one action"
    with sized(size) as context:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(made["seats"]["campers"]["url"])
        page.wait_for_selector('body[data-status="your-turn"]', state="attached")
        steps = 0
        while decision(server, game_id, token)["prompt"].startswith("Ginger"):
            ids = [a["id"] for a in decision(server, game_id, token)["actions"]]
            assert "end" in ids and all(i.startswith("move:") or i == "end" for i in ids), ids
            hexagon = page.locator("svg.pr-map g.hex.reach").first
            hexagon.scroll_into_view_if_needed()
            click_and_wait(page, f'svg.pr-map g.hex.reach[data-space="'
                                 f'{hexagon.get_attribute("data-space")}"]')
            steps += 1
        assert steps >= 5  # her 15 Speed, less what the ground cost
        log = [e["text"] for e in server.get(game_id, token)["view"]["log"]]
        assert log[-1] == ENDED and log[-2].startswith("Ginger moves to ")
        # nobody asked her to end: the page is at the campers' next question
        page.wait_for_selector(f'#log li:has-text("{ENDED}")', state="attached")
        assert "Which of your characters" in page.inner_text("#prompt")
        assert page.locator('#actions button[data-action="end"]').count() == 0
        page.screenshot(path=str(shots(tmp_path) / f"pr-ended-unasked-{size}.png"),
                        full_page=size == "phone")
        # Dawn's turn, then Randy's: the last waiting, begun unasked
        click_and_wait(page, 'button[data-action="turn:dawn"]')
        click_and_wait(page, 'button[data-action="end"]')
        page.wait_for_selector('#log li:has-text("Randy\'s turn (seat campers has no other '
                               'character waiting).")', state="attached")
        assert page.inner_text("#prompt").startswith("Randy")
    assert errors == []
