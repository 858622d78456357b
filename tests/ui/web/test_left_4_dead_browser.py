"""Left 4 Dead in the browser, at desktop size and on a 390 px phone: the survivors' page draws
the hex map; clicking a survivor whose turn it may be and then one of its highlighted spaces
moves it; the ruler shows where sight is blocked. Screenshots go to the test's tmp folder
(DEADTABLE_SHOTS=dir keeps them somewhere to look at)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import ARGS, CHROMIUM, TIMEOUT_MS, Server, sync_api

pytestmark = pytest.mark.browser  # left out of `make test-fast`

SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`deadtable serve` with the registered games (Left 4 Dead among them)."""
    db = tmp_path_factory.mktemp("l4dweb") / "games.sqlite"
    running = Server(db, [sys.executable, "-c", "from deadtable.ui.cli import main; main()",
                          "serve"])
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def shots(tmp_path: Path) -> Path:
    wanted = os.environ.get("DEADTABLE_SHOTS")
    folder = Path(wanted) if wanted else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def click_and_wait(page: Any, selector: str) -> None:
    step = page.get_attribute("body", "data-step")
    page.click(selector)
    page.wait_for_selector(f'body:not([data-step="{step}"])', state="attached")


def figure_space(server: Server, game_id: str, token: str, figure: str) -> str:
    view = server.get(game_id, token)["view"]
    return str(next(f["space"] for f in view["figures"] if f["id"] == figure))


@pytest.mark.parametrize("size", list(SIZES))
def test_click_a_survivor_then_a_space_and_use_the_ruler(
        server: Server, browser: Any, size: str, tmp_path: Path) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=size == "phone")
    context.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    try:
        made = server.create("left-4-dead", seats={"infected": "random"}, seed=5)
        seat = made["seats"]["survivors"]
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(seat["url"])
        page.wait_for_selector("svg.l4d-map g.token.survivor")
        assert page.locator("svg.l4d-map g.hex").count() == 504
        assert page.locator(".survivor-card").count() == 4 or size == "phone"
        folder = shots(tmp_path)
        page.screenshot(path=str(folder / f"l4d-{size}-start.png"), full_page=True)
        # The safe room's weapons, one per survivor, by their buttons.
        while page.locator('g.token.can-act[data-figure="bill"]').count() == 0:
            page.wait_for_selector('body[data-status="your-turn"]', state="attached")
            click_and_wait(page, "button.action >> nth=0")
        # Bill takes a turn: click him; his reachable spaces light up; click one.
        before = figure_space(server, made["id"], seat["token"], "bill")
        click_and_wait(page, 'g.token.can-act[data-figure="bill"]')
        reach = page.locator("svg.l4d-map g.hex.reach")
        assert reach.count() >= 1
        # A space inside the start safe room: out of the safe room, Bill's next decision may be
        # an attack, and tapping a zombie would choose its target instead of inspecting it.
        room = ("1,1", "2,1", "3,1", "1,2", "2,2", "3,2")
        target = next(space for i in range(reach.count())
                      if (space := reach.nth(i).get_attribute("data-space")) in room)
        page.screenshot(path=str(folder / f"l4d-{size}-reach.png"))
        click_and_wait(page, f'svg.l4d-map g.hex.reach[data-space="{target}"]')
        assert figure_space(server, made["id"], seat["token"], "bill") == target != before
        page.wait_for_selector('g.token[data-figure="bill"]')
        # Tapping a figure without moves shows the spaces within its Range.
        page.click("svg.l4d-map g.token.zombie >> nth=0")
        page.wait_for_selector("svg.l4d-map g.token.zombie.inspected")
        assert "Range 1" in page.inner_text(".l4d-range")
        assert page.locator("svg.l4d-map .range path.in-range").count() == 1
        # The ruler: two spaces, the answer from the server, drawn and said.
        page.click('button[data-tool="ruler"]')
        page.click('svg.l4d-map g.hex[data-space="3,2"]', force=True)
        page.click('svg.l4d-map g.hex[data-space="10,9"]', force=True)
        page.wait_for_selector(".l4d-ruler[data-clear]")
        said = page.inner_text(".l4d-ruler")
        assert "3,2 → 10,9" in said and "blocked" in said and "wall between 3,2 and 3,3" in said
        assert page.locator("svg.l4d-map .ruler-block").count() == 1
        page.screenshot(path=str(folder / f"l4d-{size}-ruler.png"), full_page=True)
        # Zoomed out the whole map is in its box, a phone's too: neither scrolls sideways
        # (zoomed in, the map scrolls inside its box: test_left_4_dead_zoom_browser.py).
        box = page.locator(".l4d-map-box")
        scroll_width = box.evaluate("node => node.scrollWidth")
        client_width = box.evaluate("node => node.clientWidth")
        page_width = page.evaluate("document.documentElement.scrollWidth")
        assert page_width <= width + 1
        assert scroll_width <= client_width + 1
        assert errors == []
    finally:
        context.close()


def test_states_hard_to_reach_by_clicks_are_drawn(
        server: Server, browser: Any, tmp_path: Path) -> None:
    """The page's renderer given a view with what a short game does not reach: fire and acid
    on spaces, a wounded survivor down, one in a hero closet, markers, items lying about."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    try:
        made = server.create("left-4-dead", seats={"infected": "random"}, seed=5)
        page = context.new_page()
        page.goto(made["seats"]["survivors"]["url"])
        page.wait_for_selector("svg.l4d-map g.token.survivor")
        drawn = page.evaluate("""async () => {
          const token = new URLSearchParams(location.search).get("token");
          const id = location.pathname.split("/").pop();
          const payload = await (await fetch(`/api/games/${id}?token=${token}`)).json();
          const v = payload.view;
          const [bill, francis, louis] = v.figures.filter((f) => f.side === "survivors");
          Object.assign(bill, {wounds: 2, down: true, incaps: 1, space: "5,5"});
          Object.assign(francis, {closet: true, markers: {"pinned-by": "hunter-1"}});
          louis.ammo = {[Object.values(louis.items).pop()]: 3};
          v.effects = [{kind: "molotov", space: "6,6", side: "survivors"},
                       {kind: "spitter-acid", space: "7,6", side: "infected"}];
          v.items = {"5,4": ["Pipe Bomb", "Pipe Bomb", "Pain Pills"]};
          v.crescendo = 2;
          payload.decision = null;
          const board = document.getElementById("board");
          const after = Deadtable.renderers["left-4-dead"](v, board, payload).after;
          const q = (s) => board.querySelectorAll(s).length;
          return {fire: q(".effect-fire"), acid: q(".effect-acid"), down: q(".token.down"),
                  closet: q(".token.closet"), wounds: q(".token .wounds"),
                  items: board.querySelector(".items-here text").textContent,
                  cards: after.querySelector(".survivor-cards").textContent,
                  status: board.querySelector(".l4d-status").textContent};
        }""")
        assert drawn["fire"] == 1 and drawn["acid"] == 1
        assert drawn["down"] == 1 and drawn["closet"] == 1 and drawn["wounds"] >= 1
        assert drawn["items"] == "3"
        assert "DOWN" in drawn["cards"] and "incapacitated 1×" in drawn["cards"]
        assert "in a hero closet" in drawn["cards"] and "3 ammo" in drawn["cards"]
        assert "CRESCENDO 2" in drawn["status"]
        page.screenshot(path=str(shots(tmp_path) / "l4d-desktop-states.png"), full_page=True)
    finally:
        context.close()


def test_a_whole_chapter_played_by_clicks_against_the_director(
        server: Server, browser: Any, tmp_path: Path) -> None:
    """A chapter from the safe room's weapons to its end, every survivor decision made by a
    click in the page (a figure, a lit space, or a button), the director playing the infected
    on the server. One round (max-rounds=1) keeps it short: the end screen shows the result."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    try:
        made = server.create("left-4-dead", seats={"infected": "director"}, seed=11,
                             options={"max-rounds": 1})
        seat = made["seats"]["survivors"]
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(seat["url"])
        page.wait_for_selector("svg.l4d-map g.token.survivor")
        clicks = moved = turns = 0
        while clicks < 400:
            page.wait_for_selector('body[data-status="your-turn"], body[data-status="over"]',
                                   state="attached")
            if page.get_attribute("body", "data-status") == "over":
                break
            lit = page.locator("svg.l4d-map g.hex.reach")
            if moved < 3 and lit.count():  # move by the map a few times: click a lit space
                click_and_wait(page, f'svg.l4d-map g.hex.reach >> nth={lit.count() // 2}')
                moved += 1
            elif moved < 3 and page.locator("svg.l4d-map g.token.can-move").count():
                click_and_wait(page, "svg.l4d-map g.token.can-move >> nth=0")
            elif turns < 3 and page.locator("svg.l4d-map g.token.can-act").count():
                click_and_wait(page, "svg.l4d-map g.token.can-act >> nth=0")  # give a turn
                turns += 1
            else:  # otherwise the last button: take none, end the move, end the turn
                click_and_wait(page, "button.action:visible >> nth=-1")
            clicks += 1
        assert page.get_attribute("body", "data-status") == "over"
        assert moved >= 1
        outcome = server.get(made["id"], seat["token"])["view"]["outcome"]
        assert outcome is not None and set(outcome["results"]) == {"survivors", "infected"}
        page.screenshot(path=str(shots(tmp_path) / "l4d-chapter-over.png"), full_page=True)
        assert errors == []
    finally:
        context.close()
