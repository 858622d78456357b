"""Last Night on Earth in the browser: the discard piles (each pile's count and top card in
sight, a click opens the whole pile, the newest card first, each with its text), the fight in
progress marked over the last finished one (which stays till the new one has its result), and
every building's name clear of the tokens when its building is full (on the street beside it,
else on a plate); at a 390 x 844 phone and a 1366 x 900 desktop (the piles' panel at the
desktop: on a phone they are a line over the town, test_lnoe_piles_line_browser.py).
Screenshots go to the test's tmp folder (DEADTABLE_SHOTS=dir keeps them)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.ui.web.test_browser import Server
from tests.ui.web.test_last_night_on_earth_fight_browser import page_at
from tests.ui.web.test_last_night_on_earth_layout_browser import names_read, overlaps
from tests.ui.web.test_left_4_dead_browser import browser, server, shots

__all__ = ["browser", "server"]  # the module's fixtures, shared
pytestmark = pytest.mark.browser  # left out of `make test-fast`
SIZES = [(390, 844), (1366, 900)]


def play_until(server: Server, wanted: Callable[[dict[str, Any]], bool],
               seed: int = 7) -> tuple[dict[str, Any], dict[str, Any]]:
    """The heroes take their last choice (pass, end, roll) against the zombie agent until the
    heroes decide in a view `wanted` accepts; the game and the heroes' payload then."""
    made = server.create("last-night-on-earth", seats={"zombies": "zombie"}, seed=seed)
    token = made["seats"]["heroes"]["token"]
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        got = server.get(made["id"], token)
        assert got["outcome"] is None, "the game ended first"
        if got["decision"] is None:
            time.sleep(0.05)  # the zombie agent is thinking
            continue
        if wanted(got["view"]):
            return made, got
        action = got["decision"]["actions"][-1]["id"]
        response = httpx.post(f"{server.base}/api/games/{made['id']}/actions",
                              json={"token": token, "action": action}, timeout=30)
        assert response.status_code == 200, response.text
    raise AssertionError("not reached in 150 s")


def both_piles(view: dict[str, Any]) -> bool:
    return view["hero_discard"]["count"] >= 2 and view["zombie_discard"]["count"] >= 2


@pytest.fixture(scope="module")
def piled(server: Server) -> tuple[dict[str, Any], dict[str, Any]]:
    return play_until(server, both_piles)


# on a phone the piles are a line over the town instead (test_lnoe_piles_line_browser.py)
@pytest.mark.parametrize("size", [(1366, 900)])
def test_each_pile_shows_its_count_and_top_card_and_opens_on_a_click(
        server: Server, browser: Any, tmp_path: Path, piled: Any, size: tuple[int, int]) -> None:
    made, got = piled
    view = got["view"]
    spectator = server.get(made["id"], made["spectator"]["token"])["view"]
    for key in ("hero_discard", "zombie_discard"):  # face up: the same for every seat
        assert spectator[key] == view[key] and view[key]["cards"]
    with page_at(browser, size, made["seats"]["heroes"]["url"]) as (page, errors):
        section = page.locator(".lnoe-piles")
        section.wait_for()
        assert section.is_visible()
        for side, key in (("Hero", "hero_discard"), ("Zombie", "zombie_discard")):
            pile, cards = page.locator(f'.lnoe-pile[data-pile="{side}"]'), view[key]["cards"]
            summary = pile.locator("summary")
            assert summary.inner_text() == (f"{side} discard pile: {len(cards)} cards · "
                                            f"top: {cards[0]}")
            items = pile.locator("li")
            assert not items.first.is_visible()  # closed till a click
            summary.click()
            assert items.count() == len(cards)
            for i, name in enumerate(cards):  # the newest first, each with its text
                assert items.nth(i).inner_text() == f"{name} {view['cards'][name]}"
            assert items.first.is_visible()
        town = page.locator("svg.lnoe-town").bounding_box()
        box = section.bounding_box()
        assert box["x"] >= town["x"] + town["width"] - 1  # beside the town
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-piles-{size[0]}.png"), full_page=True)
        assert errors == []


def test_an_empty_pile_says_so_with_nothing_to_open(server: Server, browser: Any) -> None:
    made = server.create("last-night-on-earth", seats={"zombies": "zombie"}, seed=7)
    with page_at(browser, (1366, 900), made["seats"]["heroes"]["url"]) as (page, errors):
        pile = page.locator('.lnoe-pile[data-pile="Hero"]')
        pile.wait_for()
        assert pile.inner_text() == "Hero discard pile: 0 cards"
        assert pile.evaluate("node => node.tagName") == "P"
        assert errors == []


def fight_after_fight(view: dict[str, Any]) -> bool:
    return bool(view["fight"] and view["last_fight"])


@pytest.mark.parametrize("size", SIZES)
def test_a_fight_in_progress_is_marked_and_the_last_one_stays(
        server: Server, browser: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    made, got = play_until(server, fight_after_fight)
    now, last = got["view"]["fight"], got["view"]["last_fight"]
    with page_at(browser, size, made["seats"]["heroes"]["url"]) as (page, errors):
        marked = page.locator(".lnoe-fight-now")
        marked.wait_for()
        text = marked.inner_text()
        assert text.startswith(f"Fight in progress: {now['hero']} against {now['zombie']} on "
                               f"{now['space']}")
        assert "No result yet: the last finished fight is under this" in text
        panel = page.locator(".lnoe-last-fight")
        shown = panel.inner_text()
        assert f"Last fight: {last['hero']} against {last['zombie']} on {last['space']}" \
            " · finished" in shown
        assert last["result"] in shown
        assert marked.bounding_box()["y"] < panel.bounding_box()["y"]  # in progress on top
        assert marked.is_visible() and panel.is_visible()
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-fight-now-{size[0]}.png"),
                        full_page=True)
        assert errors == []


FILL = """([building, spaces, ring]) => {
  // Zombie tokens on every square of the building (and, with ring, of the whole town), drawn
  // where the page draws its zombies (before the names), then a resize: the page places the
  // names anew among them.
  const svg = document.querySelector('svg.lnoe-town');
  const squares = [...svg.querySelectorAll('rect.square')]
    .filter(r => ring || spaces.includes(r.dataset.space));
  squares.forEach(r => {
    const c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    const x = Number(r.getAttribute('x')), y = Number(r.getAttribute('y'));
    const s = Number(r.getAttribute('width'));
    c.setAttribute('cx', x + s / 2); c.setAttribute('cy', y + s / 2); c.setAttribute('r', s * 0.3);
    c.setAttribute('class', 'zombie added'); c.setAttribute('fill', '#4caf50');
    svg.insertBefore(c, svg.querySelector('g.building-names'));
  });
  window.dispatchEvent(new Event('resize'));
}"""


def steady_box(page: Any, selector: str) -> dict[str, float]:
    """The element's box once it stands: a frame the socket brings (the zombies' agent)
    redraws the town, and between the old element going and the new one standing
    Playwright's bounding_box answers None."""
    element = page.locator(selector).first
    for _ in range(50):
        element.wait_for(state="attached")
        found: dict[str, float] | None = element.bounding_box()
        if found is not None:
            return found
        page.wait_for_timeout(20)
    raise AssertionError(f"{selector} never stood still long enough to be measured")


def name_box(page: Any, building: str) -> dict[str, float]:
    return steady_box(page, f'svg.lnoe-town text.building-name[data-building="{building}"]')


def names_clear_of_each_other(page: Any) -> None:
    names = page.locator("svg.lnoe-town text.building-name")
    boxes = [(names.nth(i).get_attribute("data-building"), names.nth(i).bounding_box())
             for i in range(names.count())]
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1:]:
            assert not overlaps(box, other), f"{a} and {b} overlap"


@pytest.mark.parametrize("size", SIZES)
def test_a_full_building_has_its_name_on_the_street_and_a_full_town_on_a_plate(
        server: Server, browser: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    made = server.create("last-night-on-earth", seats={"zombies": "zombie"}, seed=3)
    view = server.get(made["id"], made["seats"]["heroes"]["token"])["view"]
    buildings = view["town"]["buildings"]
    with page_at(browser, size, made["seats"]["heroes"]["url"]) as (page, errors):
        page.wait_for_selector("svg.lnoe-town circle.hero")
        for building in ("Diner", "Hospital"):  # a small building, filled: its name outside
            spaces = buildings[building]
            page.evaluate(FILL, [building, spaces, False])
            squares = [steady_box(page, f'svg.lnoe-town rect[data-space="{s}"]')
                       for s in spaces]
            name = name_box(page, building)
            inside = sum(overlaps(name, square) for square in squares)
            assert inside < len(squares), f"{building}'s name sits over its full squares"
            names_read(page)  # 11 px letters, no hero or zombie token over any name
        names_clear_of_each_other(page)
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-names-full-{size[0]}.png"),
                        full_page=True)
        assert page.locator("svg.lnoe-town rect.name-plate").count() == 0
        page.evaluate(FILL, ["", [], True])  # every square of the town taken: plates
        plates = page.locator("svg.lnoe-town rect.name-plate")
        assert plates.count() == len(buildings)
        for i in range(plates.count()):
            plate = plates.nth(i)
            label = name_box(page, plate.get_attribute("data-building"))
            box = plate.bounding_box()  # the plate holds its name's letters
            assert box["x"] <= label["x"] and box["y"] <= label["y"]
            assert box["x"] + box["width"] >= label["x"] + label["width"]
            assert box["y"] + box["height"] >= label["y"] + label["height"]
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-names-plates-{size[0]}.png"),
                        full_page=True)
        assert errors == []
