"""A raider who may still use Appear Anywhere (16.2) is offered every hex of Crucible: the map
outlines in gold only the hexes a step reaches (Appear's alone would outline the whole town and
hide the steps), a tap on any other hex still offers the appearance, and zoomed in on a phone
the box shows the raider's van, not the town's north-west corner (the first hex Appear
offers). Screenshots in DEADTABLE_SHOTS."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx2 as httpx  # as test_browser.py: starlette uses httpx2
import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser, click_and_wait, shots
from tests.ui.web.test_psycho_raiders_browser import server
from tests.ui.web.test_psycho_raiders_zoom_browser import SIZES, in_frame, zoomed

__all__ = ["browser", "server"]
pytestmark = pytest.mark.browser


def raiders_at_their_turn(server: Server) -> tuple[dict[str, Any], str]:
    """A game whose raiders are a person and campers the heuristic, played through the API to
    the raiders' first choice of who goes (the Sinister Roll's ranking taken in order)."""
    made = server.create("psycho-raiders", seats={"campers": "heuristic"}, seed=11)
    token = made["seats"]["raiders"]["token"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        data = server.get(made["id"], token)
        decision = data.get("decision")
        ids = [a["id"] for a in decision["actions"]] if decision else []
        if "turn:spud" in ids:
            return made, token
        if decision and decision.get("seat") == "raiders":
            response = httpx.post(f"{server.base}/api/games/{made['id']}/actions",
                                  json={"token": token, "action": ids[0]}, timeout=10)
            assert response.status_code == 200, response.text
        else:
            time.sleep(0.2)  # the campers' agent at work
    raise AssertionError("the raiders never came to choose who goes")


@pytest.mark.parametrize("size", list(SIZES))
def test_appear_anywhere_does_not_outline_the_whole_town(server: Server, browser: Any,
                                                         size: str, tmp_path: Path) -> None:
    made, token = raiders_at_their_turn(server)
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(made["seats"]["raiders"]["url"])
        page.wait_for_selector('body[data-status="your-turn"]', state="attached")
        click_and_wait(page, 'button[data-action="turn:spud"]')
        decision = server.get(made["id"], token)["decision"]
        offered = [a["args"] for a in decision["actions"] if "space" in a.get("args", {})]
        appear = {a["space"] for a in offered if a["verb"] == "appear"}
        steps = {a["space"] for a in offered if a["verb"] != "appear"}
        assert len(appear) > 300, "Appear Anywhere offers the whole town"
        gold = set(page.eval_on_selector_all("svg.pr-map g.hex.reach",
                                             "(gs) => gs.map((g) => g.dataset.space)"))
        assert gold == steps, f"gold {sorted(gold)} against the steps {sorted(steps)}"
        # a hex only Appear offers: no gold outline, and a tap still appears there
        far = sorted(appear - steps)[0]
        stroke = page.get_attribute(f'svg.pr-map g.hex[data-space="{far}"] polygon', "stroke")
        assert stroke == "#222"
        if not zoomed(page):
            page.click('button[data-tool="zoom"]')
            page.wait_for_function("() => document.querySelector('.pr-map-box.zoomed')")
        if phone:  # the box scrolled to the van Spud drives, not to the first hex Appear offers
            seen = in_frame(page, ".pr-vehicle.mine", ".pr-map-box")
            assert seen["inside"], f"the van {seen['at']} outside {seen['frame']}"
        page.screenshot(path=str(shots(tmp_path) / f"pr-appear-{size}.png"))
        step = page.get_attribute("body", "data-step")
        page.eval_on_selector(f'svg.pr-map g.hex[data-space="{far}"]',
                              "(g) => g.dispatchEvent(new MouseEvent('click', {bubbles: true}))")
        page.wait_for_selector(f'body:not([data-step="{step}"])', state="attached")
        log = [e["text"] for e in server.get(made["id"], token)["view"]["log"]]
        assert f"Spud: appears at {far}." in log[-3:], log[-3:]
        assert errors == []
    finally:
        context.close()


def test_a_vehicle_and_a_piece_on_foot_on_one_hex_are_both_in_sight(
        server: Server, browser: Any, tmp_path: Path) -> None:
    """10.5 lets a vehicle share its hex with one piece outside it: the van that has dropped
    Beau off is drawn above him, not under his disc (the van's box was hidden by it)."""
    made, token = raiders_at_their_turn(server)
    for action in ("turn:spud", "drive:high", "car:11,30", "car:10,29", "drop:beau"):
        response = httpx.post(f"{server.base}/api/games/{made['id']}/actions",
                              json={"token": token, "action": action}, timeout=10)
        assert response.status_code == 200, response.text
    context = browser.new_context(viewport=SIZES["desktop"])
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        page.goto(made["seats"]["raiders"]["url"])
        page.wait_for_selector('body[data-status="your-turn"]', state="attached")
        boxes = page.evaluate("""() => {
          const g = document.querySelector('svg.pr-map g.hex[data-space="10,29"]');
          const box = (el) => el.getBoundingClientRect().toJSON();
          return {hex: box(g.querySelector('polygon')), van: box(g.querySelector('.pr-vehicle')),
            beau: [...g.querySelectorAll('circle.pr-token')].map(box)};
        }""")
        van, hexagon = boxes["van"], boxes["hex"]
        assert len(boxes["beau"]) == 1
        beau = boxes["beau"][0]
        assert van["bottom"] <= beau["top"] + 0.5, f"the van {van} over Beau {beau}"
        for piece in (van, beau):  # both inside their hex
            assert hexagon["left"] <= piece["left"] and piece["right"] <= hexagon["right"]
            assert hexagon["top"] <= piece["top"] and piece["bottom"] <= hexagon["bottom"]
        page.locator('svg.pr-map g.hex[data-space="10,29"]').scroll_into_view_if_needed()
        page.screenshot(path=str(shots(tmp_path) / "pr-van-and-beau-desktop.png"))
    finally:
        context.close()
