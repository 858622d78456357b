"""Psycho Raiders in the browser: the campers' page draws Crucible; choosing a camper's turn
and clicking one of the outlined hexes moves it there. Two people play a game to its end, each
on their own link: the campers on a phone, Spud and Beau's player on a desktop, the heuristic
agent playing Fluke and Torch; at every step each page is checked for the other side's
secrets (the raiders' page never marks which hide token is real, the campers' page never tells
who is sinister)."""

from __future__ import annotations

import random
import sys
import time
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


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
MOST_CLICKS = 400


def row(action: str) -> int:
    """The row of a move's hex ("move:1:11,20" -> 20); a room counts as far south."""
    place = action.split(":", 2)[2]
    return int(place.split(",")[1]) if "," in place else 99


def choose(seat: str, ids: list[str], pick: random.Random) -> str:
    """A person in a hurry: campers run north and hide when they can; raiders wander a bit."""
    hides = [i for i in ids if i.startswith("hide:") and i.endswith(":new")]
    if hides and seat == "campers":
        return hides[0]
    moves = [i for i in ids if i.startswith("move:") and not i.endswith(":off")]
    if moves and seat == "campers":
        return min(moves, key=lambda i: (row(i), i))
    if moves and pick.random() < 0.4:
        return pick.choice(moves)
    return "end" if "end" in ids else ids[0]


def leaks(page: Any, seat: str) -> list[str]:
    """What the page shows that its seat may not know."""
    found = []
    text = page.inner_text("body")
    if seat == "campers":
        cards = " ".join(page.locator(".pr-card").all_inner_texts())
        if "sinister" in cards or '"sinister": true' in text:
            found.append("a sinister townsperson shown to the campers")
    else:
        if page.locator(".pr-token.camper.real, .pr-token.townsfolk.real").count():
            found.append("a camper's real hide token ringed on the raiders' page")
        if "(you)" in text or "You are token" in text:
            found.append("a camper's real token named on the raiders' page")
    return found


def settled(pages: dict[str, Any]) -> dict[str, str]:
    """Each page's status once one of them has a decision or the game is over (the agent's
    moves in between arrive by themselves)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        statuses = {seat: page.get_attribute("body", "data-status")
                    for seat, page in pages.items()}
        if {"your-turn", "over"} & set(statuses.values()):
            return statuses
        next(iter(pages.values())).wait_for_timeout(100)
    raise AssertionError(f"no page had a decision within {TIMEOUT_MS} ms: {statuses}")


def test_two_people_play_a_short_game_to_its_end(server: Server, tmp_path: Path) -> None:
    made = server.create("psycho-raiders",
                         options={"players": 3, "max-turns": 3, "events": "none"},
                         seats={"fluke-torch": "heuristic"}, seed=7)
    assert set(made["seats"]) == {"campers", "spud-beau"}
    with sync_api.sync_playwright() as playwright:
        browser: Any = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        errors: list[str] = []
        pages: dict[str, Any] = {}
        try:
            for seat, viewport in (("campers", PHONE), ("spud-beau", DESKTOP)):
                context = browser.new_context(viewport=viewport)
                context.set_default_timeout(TIMEOUT_MS)
                page = context.new_page()
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.goto(made["seats"][seat]["url"])
                page.wait_for_selector("svg.pr-map g.hex")
                pages[seat] = page
            pick, clicks, seen_real, problems = random.Random(1), 0, False, []
            while clicks < MOST_CLICKS:
                statuses = settled(pages)
                if "over" in statuses.values():
                    break
                for seat, page in pages.items():
                    problems += leaks(page, seat)
                    seen_real = seen_real or page.locator(".pr-token.real").count() > 0
                    if statuses[seat] != "your-turn":
                        continue
                    ids = [b.get_attribute("data-action")
                           for b in page.locator("button[data-action]").all()]
                    click_and_wait(page, f'button[data-action="{choose(seat, ids, pick)}"]')
                    clicks += 1
            for seat, page in pages.items():
                page.wait_for_selector('body[data-status="over"]', state="attached")
                page.screenshot(path=str(shots(tmp_path) / f"psycho-raiders-{seat}-end.png"),
                                full_page=True)
                assert "Game over" in page.inner_text("body")
        finally:
            for page in pages.values():
                page.context.close()
            browser.close()
    assert problems == [] and errors == []
    assert seen_real  # the campers hid, and their page ringed their real token
    outcome = server.get(made["id"], made["seats"]["campers"]["token"])["outcome"]
    assert outcome is not None
