"""Two page details checked on the screen: on a Psycho Raiders hex where several tokens
stand, a list beside the hex names them in letters of at least 10 px (on hover on a desktop,
by a tap on a zoomed-in phone), leaving the hex in sight; and every game's page header on one
line on a 390 px phone (the connection a dot that keeps its words), as before on a desktop."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import shots
from tests.ui.web.test_psycho_raiders_browser import server
from tests.ui.web.test_psycho_raiders_walk_browser import SIZES, post, sized

__all__ = ["server"]  # the fixture: a server of its own for this module

pytestmark = pytest.mark.browser  # left out of `make test-fast`
GAMES = ["one-against-the-dead", "chainsaw-warrior", "left-4-dead", "last-night-on-earth",
         "psycho-raiders"]


def two_on_a_hex(server: Server) -> tuple[dict[str, Any], str]:
    """Dawn and Ginger out of the pickup, each onto 4,29 (no third may go there now)."""
    made = server.create("psycho-raiders", seats={"raiders": "random"}, seed=5,
                         options={"events": "none"})
    token = made["seats"]["campers"]["token"]
    for who in ("dawn", "ginger"):
        for action in (f"turn:{who}", "move:1:4,29", "end"):
            deadline = time.monotonic() + TIMEOUT_MS / 1000  # the raiders' agent plays between
            while not (server.get(made["id"], token)["decision"] or time.monotonic() > deadline):
                time.sleep(0.1)
            post(server, made["id"], token, action)
    return made, "4,29"


def on_screen(page: Any, space: str) -> dict[str, Any]:
    """The list beside `space`: its letters' size on the screen, its box, the hex's box and the
    map's frame (what of the map is in sight)."""
    found: dict[str, Any] = page.evaluate("""space => {
      const svg = document.querySelector('svg.pr-map');
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const list = svg.querySelector(`.pr-stack[data-space="${space}"]`);
      const texts = [...list.querySelectorAll('text')];
      return {px: Math.min(...texts.map(t => parseFloat(getComputedStyle(t).fontSize) * scale)),
        lines: texts.map(t => t.textContent), list: list.getBoundingClientRect().toJSON(),
        hex: svg.querySelector(`g.hex[data-space="${space}"] polygon`)
          .getBoundingClientRect().toJSON(),
        frame: document.querySelector('.pr-map-box').getBoundingClientRect().toJSON()};
    }""", space)
    return found


@pytest.mark.parametrize("size", list(SIZES))
def test_a_shared_hex_names_its_tokens_legibly(server: Server, size: str, tmp_path: Path) -> None:
    made, space = two_on_a_hex(server)
    errors: list[str] = []
    with sized(size) as context:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(made["seats"]["campers"]["url"])
        page.wait_for_selector(f'svg.pr-map g.hex[data-space="{space}"] .pr-token')
        assert page.locator(".pr-stack").count() == 0  # nothing over the map until asked
        if size == "desktop":  # the key says how to ask (folded on a phone)
            assert "several on a hex: hover or tap it for who" in page.inner_text(".pr-legend")
        hex_ = f'svg.pr-map g.hex[data-space="{space}"]'
        if size == "phone":
            page.click('.pr-tools button[data-tool="zoom"]')
            page.locator(hex_).scroll_into_view_if_needed()
            page.locator(hex_).tap()
        else:
            page.hover(hex_)
        page.wait_for_selector(f'.pr-stack[data-space="{space}"]')
        page.screenshot(path=str(shots(tmp_path) / f"pr-stack-{size}.png"))
        seen = on_screen(page, space)
        assert seen["px"] >= 10, f"the list's letters are {seen['px']:.1f} px"
        assert sorted(seen["lines"]) == ["Da  Dawn", "Gi  Ginger"]
        box, hexbox = seen["list"], seen["hex"]
        assert box["x"] >= hexbox["x"] + hexbox["width"] - 1 or \
            box["x"] + box["width"] <= hexbox["x"] + 1, "the list covers its hex"
        frame = seen["frame"]
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"], \
            f"the list runs out of the map's frame: {box} in {frame}"
        if size == "phone":  # a second tap puts it away
            page.locator(hex_).tap()
            page.wait_for_selector(".pr-stack", state="detached")
        else:  # the mouse gone, the list goes
            page.mouse.move(1, 1)
            page.wait_for_selector(".pr-stack", state="detached")
    assert errors == []


def one_line(page: Any) -> list[dict[str, float]]:
    """The header's boxes, checked to stand on one line."""
    boxes = [page.locator(sel).bounding_box()
             for sel in ("header h1", "#who", "#connection", "#copy-link")]
    middles = [b["y"] + b["height"] / 2 for b in boxes]
    assert max(middles) - min(middles) < 12, f"the header is on two lines: {boxes}"
    assert all(b["x"] + b["width"] <= page.viewport_size["width"] for b in boxes)
    return boxes


@pytest.mark.parametrize("game", GAMES)
def test_the_header_is_one_line_on_a_phone(server: Server, game: str, tmp_path: Path) -> None:
    made = server.create(game, seed=1)
    url = next(iter(made["seats"].values()))["url"]
    errors: list[str] = []
    for size in SIZES:
        with sized(size) as context:
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(url)
            page.wait_for_selector('body[data-connection="up"]', state="attached")
            page.wait_for_function("document.getElementById('who').textContent !== ''")
            page.screenshot(path=str(shots(tmp_path) / f"header-{game}-{size}.png"))
            boxes = one_line(page)
            connection = page.locator("#connection")
            assert connection.get_attribute("title") == "connected"
            if size == "phone":  # a dot, its words still in the page for a screen reader
                assert boxes[2]["width"] <= 16 and connection.text_content() == "connected"
                # "Playing" left out, the seat said whole (no ellipsis)
                seat = next(iter(made["seats"]))
                assert page.inner_text("#who").startswith(seat)
                assert page.evaluate("(n => n.scrollWidth <= n.clientWidth)"
                                     "(document.getElementById('who'))")
            else:  # a desktop's header as it was: the words, at the page's size
                assert page.evaluate("parseFloat(getComputedStyle(document.querySelector("
                                     "'#connection')).fontSize)") >= 13
                assert page.inner_text("#who").startswith("Playing ")
    assert errors == []
