"""Psycho Raiders in the browser: the campers' page draws Crucible; choosing a camper's turn
and clicking one of the outlined hexes moves it there."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import ARGS, CHROMIUM, TIMEOUT_MS, Server, sync_api
from tests.ui.web.test_left_4_dead_browser import click_and_wait, shots

pytestmark = pytest.mark.browser  # left out of `make test-fast`


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("prweb") / "games.sqlite"
    running = Server(db, [sys.executable, "-c", "from deadtable.ui.cli import main; main()",
                          "serve"])
    running.start()
    yield running
    running.stop()


def test_choose_a_camper_then_click_a_hex(server: Server, tmp_path: Path) -> None:
    with sync_api.sync_playwright() as playwright:
        browser: Any = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        try:
            made = server.create("psycho-raiders", seats={"raiders": "random"}, seed=5)
            seat = made["seats"]["campers"]
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(seat["url"])
            page.wait_for_selector("svg.pr-map g.hex")
            assert page.locator("svg.pr-map g.hex").count() == 704
            page.wait_for_selector('body[data-status="your-turn"]', state="attached")
            click_and_wait(page, 'button[data-action="turn:dawn"]')
            reach = page.locator("svg.pr-map g.hex.reach")
            assert reach.count() >= 1
            target = reach.first.get_attribute("data-space")
            click_and_wait(page, f'svg.pr-map g.hex.reach[data-space="{target}"]')
            view = server.get(made["id"], seat["token"])["view"]
            dawn = next(c for c in view["characters"] if c["name"] == "Dawn")
            assert dawn["tokens"][0]["space"] == target
            page.screenshot(path=str(shots(tmp_path) / "psycho-raiders.png"), full_page=True)
        finally:
            context.close()
            browser.close()
        assert errors == []
