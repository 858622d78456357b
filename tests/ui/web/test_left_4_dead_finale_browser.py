"""Left 4 Dead's finale in the browser: Dead River's chapter 5 played to its end through the
web API (the survivors' decisions posted one by one, the director playing the infected on the
server), then the page's end screen: the escape, the finale's status line, the rescue
vehicle drawn. The survivors' choices come from the heuristic on a copy of the game made with
the server's seed and the server's agent seeding, so the director on the server meets the same
table (a mismatch shows as a refused action). Screenshot: DEADTABLE_SHOTS=dir."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx2 as httpx  # as tests/ui/web/test_browser.py
import pytest

from deadtable import registry
from deadtable.agents import observe
from deadtable.agents.seating import seat_agents
from tests.ui.web.test_browser import ARGS, CHROMIUM, TIMEOUT_MS, Server, sync_api
from tests.ui.web.test_left_4_dead_browser import server, shots

__all__ = ["server"]  # the module's `deadtable serve` fixture, shared

pytestmark = pytest.mark.browser  # left out of `make test-fast`

OPTIONS = {"campaign": "dead-river", "chapter": 5}


def escaping_seed() -> int:
    """The first seed whose finale the heuristic survivors escape against the director, seated
    as the server seats them: it loses most finales, and which ones changes whenever an
    agent or a rule does, so the test looks for one instead of naming it."""
    game = registry.load("left-4-dead", **OPTIONS)
    for seed in range(60):
        state = game.new(seed=seed)
        players = seat_agents(state, {"survivors": "heuristic", "infected": "director"})
        while (decision := state.decision) is not None:
            state.apply(players[decision.seat].act(observe(state)))
        if state.outcome is not None and state.outcome.cause == "escaped in the rescue vehicle":
            return seed
    raise AssertionError("the heuristic escaped none of 60 finales")


def wait_for_step(client: Any, game_id: str, token: str, step: int) -> dict[str, Any]:
    """The survivors' page once the server's game has made `step` moves (its agents move in
    the background)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        seen: dict[str, Any] = client.get(f"/api/games/{game_id}",
                                          params={"token": token}).json()
        if seen["step"] >= step:
            assert seen["step"] == step, f"the server's game went past step {step}"
            return seen
        time.sleep(0.02)
    raise AssertionError(f"the server's game did not reach step {step} in 30 s")


def play_survivors_by_api(server: Server, game_id: str, token: str, seed: int) -> int:
    """Post every survivors' decision the heuristic makes on the copy; returns how many."""
    game = registry.load("left-4-dead", **OPTIONS)
    state = game.new(seed=seed)
    players = seat_agents(state, {"survivors": "heuristic", "infected": "director"})
    posted = 0
    with httpx.Client(base_url=server.base, timeout=30) as client:
        while (decision := state.decision) is not None:
            action = players[decision.seat].act(observe(state))
            if decision.seat == "survivors":  # the server's director has made the same moves
                seen = wait_for_step(client, game_id, token, len(state.history))
                legal = [a["id"] for a in seen["decision"]["actions"]]
                assert action in legal, (action, legal)
                response = client.post(f"/api/games/{game_id}/actions",
                                       json={"token": token, "action": action})
                assert response.status_code == 200, response.text
                posted += 1
            state.apply(action)
        wait_for_step(client, game_id, token, len(state.history))
    assert state.outcome is not None and state.outcome.cause == "escaped in the rescue vehicle"
    return posted


def test_the_finale_played_to_the_escape_shows_the_end_screen(server: Server,
                                                              tmp_path: Path) -> None:
    seed = escaping_seed()
    made = server.create("left-4-dead", seats={"infected": "director"}, seed=seed,
                         options=OPTIONS)
    seat = made["seats"]["survivors"]
    assert play_survivors_by_api(server, made["id"], seat["token"], seed) > 100
    final = server.get(made["id"], seat["token"])
    assert final["outcome"]["results"] == {"survivors": "win", "infected": "loss"}
    assert final["view"]["finale"]["arrived"] and final["view"]["escaped"]
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(TIMEOUT_MS)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(seat["url"])
            page.wait_for_selector('body[data-status="over"]', state="attached")
            page.wait_for_selector("svg.l4d-map g.token.survivor")
            status = page.locator(".l4d-status").text_content() or ""
            assert "RESCUE HERE" in status
            assert page.locator("svg.l4d-map .zone-fill-rescue-vehicle").count() == 10
            assert page.locator("svg.l4d-map .marker-finale-trigger").count() == 1
            body: Any = page.locator("body").text_content() or ""
            assert "escaped in the rescue vehicle" in body
            page.screenshot(path=str(shots(tmp_path) / "l4d-finale-over.png"), full_page=True)
            assert errors == []
        finally:
            browser.close()
