"""The Undo button in the browser: shown on the survivors' page only while their last decision
may be taken back; clicking it takes back Bill's turn; the spectator's page never shows it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser, click_and_wait, server

__all__ = ["browser", "server"]  # the fixtures, shared with the Left 4 Dead browser tests
pytestmark = pytest.mark.browser  # left out of `make test-fast`


def test_clicking_undo_takes_back_a_figures_turn(server: Server, browser: Any) -> None:
    made = server.create("left-4-dead", seats={"infected": "human"}, seed=1)
    seat, errors = made["seats"]["survivors"], []
    # each page in its own context, closed with it
    page, watcher = (browser.new_page(viewport={"width": 1280, "height": 900}) for _ in "12")
    for each in (page, watcher):
        each.set_default_timeout(TIMEOUT_MS)
        each.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(seat["url"])
        page.wait_for_selector("svg.l4d-map g.token.survivor")
        while page.locator('g.token.can-act[data-figure="bill"]').count() == 0:
            page.wait_for_selector('body[data-status="your-turn"]', state="attached")
            click_and_wait(page, "button.action >> nth=0")
        assert page.locator("#undo").is_hidden(), "initiative was rolled: nothing to undo"
        step = server.get(made["id"], seat["token"])["step"]
        click_and_wait(page, 'g.token.can-act[data-figure="bill"]')
        page.wait_for_selector("#undo", state="visible")
        assert page.locator("svg.l4d-map g.hex.reach").count() >= 1
        click_and_wait(page, "#undo")
        assert page.get_attribute("body", "data-step") == str(step)
        assert server.get(made["id"], seat["token"])["step"] == step
        page.wait_for_selector("#undo", state="hidden")
        assert page.locator("svg.l4d-map g.hex.reach").count() == 0
        assert page.locator('g.token.can-act[data-figure="bill"]').count() == 1
        watcher.goto(made["spectator"]["url"])
        watcher.wait_for_selector("svg.l4d-map g.token.survivor")
        assert watcher.locator("#undo").is_hidden()
        assert errors == []
    finally:
        page.close()
        watcher.close()
