"""Last Night on Earth in the browser, after the zombie agent's fight: the heroes' page keeps
a "last fight" panel (who fought whom where, the dice, the highest compared, the result and
why) till the next fight ends, on a 1366 px desktop and a 390 px phone. Screenshots go to
the test's tmp folder (DEADTABLE_SHOTS=dir keeps them)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser, server, shots

__all__ = ["browser", "server"]  # the module's fixtures, shared
pytestmark = pytest.mark.browser  # left out of `make test-fast`


def after_a_zombie_fight(server: Server) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game where the heroes always take their last choice (pass, end, roll) until the zombie
    agent has fought a hero in the zombies' turn and the heroes decide again; the game and the
    heroes' payload then."""
    made = server.create("last-night-on-earth", seats={"zombies": "zombie"}, seed=3)
    token = made["seats"]["heroes"]["token"]
    zombies_fought = False
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        got = server.get(made["id"], token)
        if got["decision"] is None:
            assert got["outcome"] is None, "the game ended before a zombie fight"
            time.sleep(0.05)  # the zombie agent is thinking
            continue
        view = got["view"]
        if zombies_fought and view["fight"] is None and view["last_fight"]:
            return made, got
        if view["fight"] and view["turn_of"] == "the zombies' turn":
            zombies_fought = True
        action = got["decision"]["actions"][-1]["id"]
        response = httpx.post(f"{server.base}/api/games/{made['id']}/actions",
                              json={"token": token, "action": action}, timeout=30)
        assert response.status_code == 200, response.text
    raise AssertionError("no zombie fight in 120 s")


@contextmanager
def page_at(browser: Any, size: tuple[int, int], url: str) -> Iterator[tuple[Any, list[str]]]:
    """A page of that size at `url`, and the script errors it shows."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        yield page, errors
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1366, 900), (390, 844)])
def test_the_last_fight_stays_on_the_page(server: Server, browser: Any, tmp_path: Path,
                                           size: tuple[int, int]) -> None:
    made, got = after_a_zombie_fight(server)
    fought = got["view"]["last_fight"]
    spectator = server.get(made["id"], made["spectator"]["token"])["view"]["last_fight"]
    assert spectator == fought  # public: the same for every seat
    with page_at(browser, size, made["seats"]["heroes"]["url"]) as (page, errors):
        panel = page.locator(".lnoe-last-fight")
        panel.wait_for()
        text = panel.inner_text()
        assert f"Last fight: {fought['hero']} against {fought['zombie']} on {fought['space']}" \
            in text
        assert f"{fought['hero']} rolled {' '.join(map(str, fought['hero_dice']))}" in text
        assert f"{fought['zombie']} rolled {' '.join(map(str, fought['zombie_dice']))}" in text
        assert f"Highest: {fought['highest'][0]} against {fought['highest'][1]}" in text
        assert fought["result"] in text
        assert panel.is_visible()
        town = page.locator("svg.lnoe-town").bounding_box()
        box = panel.bounding_box()
        choices = page.locator("button.action").last.bounding_box()
        if size[0] < 900:  # a phone: under the town and after the choices
            assert box["y"] > choices["y"] > town["y"]
        else:  # beside the town, in sight without scrolling
            assert box["x"] >= town["x"] + town["width"] - 1
            assert box["y"] < size[1]
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-last-fight-{size[0]}.png"),
                        full_page=True)
        assert errors == []


def braaains_under_way(server: Server) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both sides played through the API (seed 2: the heroes take their last choice, the
    zombies play Braaains! when they may) until the heroes are asked to re-roll against it;
    the game and the heroes' payload then."""
    made = server.create("last-night-on-earth", seed=2)
    tokens = {seat: made["seats"][seat]["token"] for seat in ("heroes", "zombies")}
    for _ in range(100):
        got = {seat: server.get(made["id"], token) for seat, token in tokens.items()}
        fight = got["heroes"]["view"]["fight"]
        if fight and fight["braaains"] and got["heroes"]["decision"]:
            return made, got["heroes"]
        seat = next(s for s in tokens if got[s]["decision"])
        ids = [a["id"] for a in got[seat]["decision"]["actions"]]
        action = next((a for a in ("play:Braaains!", "let-be") if a in ids), ids[-1])
        response = httpx.post(f"{server.base}/api/games/{made['id']}/actions",
                              json={"token": tokens[seat], "action": action}, timeout=30)
        assert response.status_code == 200, response.text
    raise AssertionError("no Braaains! in 100 choices")


@pytest.mark.parametrize("size", [(1366, 900), (390, 844)])
def test_the_fight_under_way_shows_braaains(server: Server, browser: Any, tmp_path: Path,
                                            size: tuple[int, int]) -> None:
    made, got = braaains_under_way(server)
    fight = got["view"]["fight"]
    line = (f"Fight: {fight['hero']} {' '.join(map(str, fight['hero_dice']))} against "
            f"{fight['zombie']} {' '.join(map(str, fight['zombie_dice']))} (+1 Braaains!)")
    with page_at(browser, size, made["seats"]["heroes"]["url"]) as (page, errors):
        shown = page.locator(".lnoe-fight")
        shown.wait_for()
        assert shown.inner_text() == line and shown.is_visible()
        # the card played in the fight can be read: its text under What the cards do
        assert "Braaains!Fight: add 1 to the zombie's highest fight die." in \
            page.locator(".lnoe-texts").text_content()
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-braaains-{size[0]}.png"),
                        full_page=True)
        assert errors == []
