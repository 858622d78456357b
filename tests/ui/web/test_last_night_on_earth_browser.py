"""Last Night on Earth in the browser: the heroes' page draws the town's 400 squares with the
heroes and zombies on them, the heroes' cards, and plays a step by clicking a highlighted
square. Screenshots go to the test's tmp folder (DEADTABLE_SHOTS=dir keeps them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser, click_and_wait, server, shots

__all__ = ["browser", "server"]  # the module's fixtures, shared


def test_the_town_is_drawn_and_a_step_is_played_by_clicking(
        server: Server, browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    try:
        made = server.create("last-night-on-earth", seats={"zombies": "zombie"}, seed=3)
        seat = made["seats"]["heroes"]
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(seat["url"])
        page.wait_for_selector("svg.lnoe-town circle.hero")
        assert page.locator("svg.lnoe-town rect.square").count() == 400
        assert page.locator(".lnoe-hero").count() == 4
        assert page.locator("svg.lnoe-town line.wall").count() > 0
        page.screenshot(path=str(shots(tmp_path) / "lnoe-start.png"), full_page=True)
        for _ in range(12):  # the heroes' choices by button until a move offers squares
            page.wait_for_selector('body[data-status="your-turn"]', state="attached")
            if page.locator("svg.lnoe-town rect.target").count():
                break
            buttons = page.locator("button.action")
            moves = [i for i in range(buttons.count())
                     if buttons.nth(i).inner_text().startswith("Move")]
            click_and_wait(page, f"button.action >> nth={moves[0] if moves else 0}")
        target = page.locator("svg.lnoe-town rect.target").first
        space = target.get_attribute("data-space")
        click_and_wait(page, f'svg.lnoe-town rect.target[data-space="{space}"]')
        view = server.get(made["id"], seat["token"])["view"]
        assert any(h["space"] == space for h in view["heroes"])
        assert errors == []
    finally:
        context.close()
