"""A whole scenario of Last Night on Earth played through the page, to its end screen: as the
heroes against the zombie agent on a desktop, and as the zombies against the hero agents on a
390 px phone. The person clicks the hero to act next on the town when asked, a highlighted square
when the decision offers one (a tap on a pit or a figure drawn over it counts), else the
first choice's button. Screenshots of the
start and the end go to the test's tmp folder (DEADTABLE_SHOTS=dir keeps them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser, shots
from tests.ui.web.test_phone_browser import server  # agents answer without a pause

__all__ = ["browser", "server"]  # the module's fixtures, shared
pytestmark = pytest.mark.browser  # left out of `make test-fast`

MOST_MOVES = 1500  # far more than a game asks of one side


def play_to_the_end(page: Any) -> tuple[int, int, int]:
    """Choose until the game is over: (moves made, of them by clicking a square, by clicking
    the hero to act next)."""
    moves = squares = heroes = 0
    while True:
        page.wait_for_selector('body[data-status="your-turn"], body[data-status="over"]',
                               state="attached")
        if page.get_attribute("body", "data-status") == "over":
            return moves, squares, heroes
        assert moves < MOST_MOVES, "the game did not end"
        step = page.get_attribute("body", "data-step")
        targets = page.locator("svg.lnoe-town rect.target")
        picks = page.locator("svg.lnoe-town circle.hero.pick")
        if picks.count():  # which hero acts next: click its token
            picks.first.click(force=True)
            heroes += 1
        elif targets.count():
            # force: the click lands where a finger would, on a pit or figure over the square
            targets.first.click(force=True)
            squares += 1
        else:
            page.locator("button.action:visible").first.click()
        page.wait_for_selector(f'body:not([data-step="{step}"])', state="attached")
        moves += 1


@pytest.mark.parametrize(("person", "against", "agent", "size"), [
    ("heroes", "zombies", "zombie", (1280, 900)),
    ("zombies", "heroes", "heuristic", (390, 844)),
])
def test_a_person_plays_a_whole_scenario_in_the_browser(
        server: Server, browser: Any, tmp_path: Path, person: str, against: str, agent: str,
        size: tuple[int, int]) -> None:
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=width < 500)
    context.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    try:
        made = server.create("last-night-on-earth", seats={against: agent, person: "human"},
                             seed=3)
        seat = made["seats"][person]
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(seat["url"])
        page.wait_for_selector("svg.lnoe-town circle.hero")
        folder = shots(tmp_path)
        page.screenshot(path=str(folder / f"lnoe-{person}-{width}-start.png"), full_page=True)
        assert page.locator(".lnoe-sun .sun").count() == 15  # Die, Zombies, Die!'s Sun track
        assert page.locator(".lnoe-legend").count() == 1
        turn = page.inner_text(".lnoe-turn")
        assert turn.endswith("turn"), turn  # whose turn it is, in words
        if person == "zombies":  # the seat's own hand, each card with what it does
            assert page.locator(".lnoe-hand .lnoe-card[title]").count() > 0
        moves, squares, heroes = play_to_the_end(page)
        page.screenshot(path=str(folder / f"lnoe-{person}-{width}-end.png"), full_page=True)
        assert moves > 20 and squares > 0
        assert heroes > 0 or person == "zombies"
        status = page.inner_text("#status")
        assert status.startswith("Game over: The ") and " win: " in status, status
        assert page.get_by_role("button", name="New game").count() == 1 or \
            page.get_by_role("link", name="New game").count() == 1
        view = server.get(made["id"], seat["token"])
        assert view["outcome"] is not None
        # nothing scrolls sideways, the town included
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert errors == []
    finally:
        context.close()
