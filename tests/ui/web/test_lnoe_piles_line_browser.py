"""Last Night on Earth's discard piles on a phone: a line over the town, in sight without a
scroll ("Discards: Hero 10 (top Pump Shotgun) · Zombie 5 (top A Town Overrun)", as at the
terminal), a tap on a pile opening it under the line (the newest card first, each with its
text), a second tap closing it; the side's piles hidden there. On a desktop (1366 x 900) the
line is hidden and the piles stand beside the town as before. Screenshots go to the test's
tmp folder (DEADTABLE_SHOTS=dir keeps them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import Server
from tests.ui.web.test_last_night_on_earth_fight_browser import page_at
from tests.ui.web.test_last_night_on_earth_piles_browser import both_piles, play_until
from tests.ui.web.test_left_4_dead_browser import browser, server, shots

__all__ = ["browser", "server"]  # the module's fixtures, shared
pytestmark = pytest.mark.browser  # left out of `make test-fast`
PHONE, DESKTOP = (390, 844), (1366, 900)


@pytest.fixture(scope="module")
def piled(server: Server) -> tuple[dict[str, Any], dict[str, Any]]:
    return play_until(server, both_piles)


def test_on_a_phone_the_piles_are_a_line_over_the_town_a_tap_opens(
        server: Server, browser: Any, tmp_path: Path, piled: Any) -> None:
    made, got = piled
    view = got["view"]
    hero, zombie = view["hero_discard"], view["zombie_discard"]
    with page_at(browser, PHONE, made["seats"]["heroes"]["url"]) as (page, errors):
        line = page.locator(".lnoe-piles-line")
        line.wait_for()
        assert line.locator(".lnoe-piles-row").text_content() == (
            f"Discards: Hero {hero['count']} (top {hero['cards'][0]}) · "
            f"Zombie {zombie['count']} (top {zombie['cards'][0]})")
        town = page.locator("svg.lnoe-town").bounding_box()
        box = line.bounding_box()
        assert box["y"] + box["height"] <= town["y"] + 1  # over the town
        assert box["y"] + box["height"] < PHONE[1]  # in sight as the page opens
        assert not page.locator(".lnoe-side .lnoe-piles").is_visible()  # never twice
        tabs = {side: line.locator(f'button.lnoe-pile-tab[data-pile="{side}"]')
                for side in ("Hero", "Zombie")}
        for tab in tabs.values():  # a finger's tap
            tap = tab.bounding_box()
            assert tap["height"] >= 28 and tap["x"] + tap["width"] <= PHONE[0]
            assert tab.get_attribute("aria-expanded") == "false"
        page.screenshot(path=str(shots(tmp_path) / "lnoe-piles-line-390.png"))
        tabs["Hero"].click()
        opened = page.locator('.lnoe-piles-line ol[data-pile="Hero"] li')
        assert opened.count() == len(hero["cards"])
        for i, name in enumerate(hero["cards"]):  # the newest first, each with its text
            assert opened.nth(i).inner_text() == f"{name} {view['cards'][name]}"
        listed = page.locator(".lnoe-piles-line ol").bounding_box()
        assert listed["y"] + listed["height"] <= page.locator(
            "svg.lnoe-town").bounding_box()["y"] + 1  # under the line, over the town
        assert listed["height"] <= 0.4 * PHONE[1] + 1  # a long pile scrolls within
        assert page.locator('.lnoe-piles-line button[data-pile="Hero"]').get_attribute(
            "aria-expanded") == "true"
        page.screenshot(path=str(shots(tmp_path) / "lnoe-piles-line-open-390.png"))
        # the other pile's tap shows it instead; a second tap closes it
        page.locator('.lnoe-piles-line button[data-pile="Zombie"]').click()
        assert page.locator('.lnoe-piles-line ol[data-pile="Zombie"] li').count() == len(
            zombie["cards"])
        assert page.locator('.lnoe-piles-line ol[data-pile="Hero"]').count() == 0
        page.locator('.lnoe-piles-line button[data-pile="Zombie"]').click()
        assert page.locator(".lnoe-piles-line ol").count() == 0
        assert errors == []


def test_on_a_phone_an_empty_pile_is_a_line_with_nothing_to_open(
        server: Server, browser: Any, tmp_path: Path) -> None:
    made = server.create("last-night-on-earth", seats={"zombies": "zombie"}, seed=7)
    with page_at(browser, PHONE, made["seats"]["heroes"]["url"]) as (page, errors):
        row = page.locator(".lnoe-piles-line .lnoe-piles-row")
        row.wait_for()
        assert row.text_content() == "Discards: Hero 0 · Zombie 0"
        assert page.locator(".lnoe-piles-line button").count() == 0
        page.screenshot(path=str(shots(tmp_path) / "lnoe-piles-line-empty-390.png"))
        assert errors == []


def test_on_a_desktop_the_piles_stand_beside_the_town_and_no_line(
        server: Server, browser: Any, tmp_path: Path, piled: Any) -> None:
    made, got = piled
    with page_at(browser, DESKTOP, made["seats"]["heroes"]["url"]) as (page, errors):
        side = page.locator(".lnoe-side .lnoe-piles")
        side.wait_for()
        assert not page.locator(".lnoe-piles-line").is_visible()
        town = page.locator("svg.lnoe-town").bounding_box()
        box = side.bounding_box()
        assert box["x"] >= town["x"] + town["width"] - 1  # beside the town
        assert box["y"] < DESKTOP[1]  # in sight as the page opens
        page.screenshot(path=str(shots(tmp_path) / "lnoe-piles-side-1366.png"))
        assert errors == []
