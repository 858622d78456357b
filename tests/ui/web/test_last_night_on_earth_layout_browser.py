"""Last Night on Earth's page at a 390 x 844 phone and a 1366 x 900 desktop: every building's
name legible (a least size on the screen, no hero or zombie token over it), no empty band where
the choices go while another seat decides, and the town's legend above the fold on the
desktop. Screenshots go to the test's tmp folder (DEADTABLE_SHOTS=dir keeps them)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import Server
from tests.ui.web.test_last_night_on_earth_fight_browser import after_a_zombie_fight, page_at
from tests.ui.web.test_left_4_dead_browser import browser, server, shots

__all__ = ["browser", "server"]  # the module's fixtures, shared
pytestmark = pytest.mark.browser  # left out of `make test-fast`
SIZES = [(390, 844), (1366, 900)]


def waiting_for_the_zombies(server: Server) -> dict[str, Any]:
    """A game of two people, the zombies to decide first: the heroes' page waits."""
    made = server.create("last-night-on-earth", seed=3)
    deadline = time.monotonic() + 30
    while server.get(made["id"], made["seats"]["zombies"]["token"])["decision"] is None:
        assert time.monotonic() < deadline, "the zombies were never asked"
        time.sleep(0.05)
    return made


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def names_read(page: Any) -> None:
    """Every building's name in letters of 11 px on the screen, no hero or zombie token over
    it (its box, with the dark edge round the letters)."""
    names = page.locator("svg.lnoe-town .building-name")
    assert names.count() >= 10
    tokens = [page.locator(sel).nth(i).bounding_box()
              for sel in ("svg.lnoe-town circle.hero", "svg.lnoe-town circle.zombie")
              for i in range(page.locator(sel).count())]
    scale = page.evaluate("(svg => svg.getBoundingClientRect().width / svg.viewBox.baseVal"
                          ".width)(document.querySelector('svg.lnoe-town'))")
    for i in range(names.count()):
        name = names.nth(i)
        label = name.get_attribute("data-building")
        px = float(name.get_attribute("font-size")) * scale  # its letters' size on the screen
        assert px >= 10.9, f"{label}: {px:.1f} px"
        assert not [t for t in tokens if overlaps(name.bounding_box(), t)], \
            f"a token covers {label}"


@pytest.mark.parametrize("size", SIZES)
def test_building_names_read_and_no_band_waits_for_choices(
        server: Server, browser: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    made = waiting_for_the_zombies(server)
    with page_at(browser, size, made["seats"]["heroes"]["url"]) as (page, errors):
        page.wait_for_selector('body[data-status="waiting"] svg.lnoe-town circle.hero')
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-layout-{size[0]}.png"), full_page=True)
        names_read(page)
        # waiting: no buttons; beside the town no band for them between the town and the
        # cards; on a phone one line says whom the game waits for (the status line above the
        # town is out of sight there), and the cards follow it at the usual spacing
        assert page.locator("button.action").count() == 0
        choices = page.locator("#choices").bounding_box()  # None: not drawn
        if size[0] >= 900:
            assert choices is None or choices["height"] <= 2, \
                f"a band of {choices['height']:.0f} px"
        else:
            assert page.inner_text("#prompt").startswith("Waiting for zombies")
            assert choices is not None and choices["height"] <= 60, choices
            board = page.locator("#board").bounding_box()
            after = page.locator("#board-after").bounding_box()
            assert choices["y"] - (board["y"] + board["height"]) <= 14
            assert after["y"] - (choices["y"] + choices["height"]) <= 14
        legend = page.locator(".lnoe-legend").bounding_box()
        if size[0] >= 900:
            assert legend["y"] + legend["height"] <= size[1], "the legend is below the fold"
            page.set_viewport_size({"width": 390, "height": 844})  # sized anew on a resize
            page.wait_for_function("document.querySelector('svg.lnoe-town')"
                                   ".getBoundingClientRect().width < 400")
            names_read(page)
        assert errors == []


def test_a_building_full_of_zombies_has_its_name_beside_it(
        server: Server, browser: Any, tmp_path: Path) -> None:
    made, got = after_a_zombie_fight(server)  # seed 3: six zombies fill the Diner's squares
    diner = set(got["view"]["town"]["buildings"]["Diner"])
    assert len([z for z in got["view"]["zombies"] if z["space"] in diner]) == len(diner)
    with page_at(browser, (390, 844), made["seats"]["heroes"]["url"]) as (page, errors):
        page.wait_for_selector("svg.lnoe-town circle.hero")
        page.screenshot(path=str(shots(tmp_path) / "lnoe-layout-crowded-390.png"),
                        full_page=True)
        names_read(page)
        assert errors == []
