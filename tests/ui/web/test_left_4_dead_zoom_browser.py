"""Left 4 Dead's map zoomed out and in, on a 390x844 phone and a 1366x900 desktop, measured on
the screen as Psycho Raiders' is (test_psycho_raiders_zoom_browser.py): zoomed out the whole
map is in its box (on a phone it opened less than half its width wide), zoomed in a hex is 40 px
or more and the survivor deciding is in the box, even from the map's far corner; the zoom is
kept across a reload, and a pinch (a phone) or Ctrl and the wheel (a desktop) zooms the map,
not the page. Screenshots in DEADTABLE_SHOTS."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import Server
from tests.ui.web.test_left_4_dead_browser import browser, server, shots
from tests.ui.web.test_left_4_dead_marks_browser import survivors_page
from tests.ui.web.test_psycho_raiders_zoom_browser import (
    assert_whole_width,
    in_frame,
    measure,
    out_then_in,
    pinched_and_reloaded,
    press_zoom,
)

__all__ = ["browser", "server"]  # fixtures, shared with the other Left 4 Dead browser tests
pytestmark = pytest.mark.browser  # left out of `make test-fast`

SIZES = {"phone": (390, 844), "desktop": (1366, 900)}
L4D = {"svg": "svg.l4d-map", "box": ".l4d-map-box"}
BILL = 'svg.l4d-map g.token[data-figure="bill"] circle.body'


@pytest.mark.parametrize("size", list(SIZES))
def test_zoomed_out_the_whole_map_is_in_sight_and_zoomed_in_a_hex_is_a_fingertip(
        server: Server, browser: Any, size: str, tmp_path: Path) -> None:
    with survivors_page(server, browser, SIZES[size]) as (page, _, errors):
        page.wait_for_selector("#actions button.action")
        assert "Bill" in page.inner_text("#prompt")  # Bill decides (his weapon)
        out_then_in(page, L4D, shots(tmp_path) / f"l4d-zoom-{size}-out.png")
        seen = in_frame(page, BILL, L4D["box"])
        assert seen["inside"], f"Bill {seen['at']} outside {seen['frame']}"
        page.screenshot(path=str(shots(tmp_path) / f"l4d-zoom-{size}-in.png"))
        press_zoom(page)
        assert_whole_width(measure(page, L4D))
        # the survivors in the map's far corner (the south-east): zoomed in, scrolled to them
        page.evaluate("""async () => {
          const token = new URLSearchParams(location.search).get("token");
          const id = location.pathname.split("/").pop();
          const payload = await (await fetch(`/api/games/${id}?token=${token}`)).json();
          const [far] = payload.view.map.spaces.filter(([, q]) => q !== null)
            .sort((a, b) => (b[1] + 1.5 * b[2]) - (a[1] + 1.5 * a[2]));
          payload.view.figures.filter((f) => f.side === "survivors")
            .forEach((f) => { f.space = far[0]; });
          Deadtable.renderers["left-4-dead"](payload.view, document.getElementById("board"),
                                             payload);
        }""")
        press_zoom(page)
        seen = in_frame(page, BILL, L4D["box"])
        assert seen["inside"], f"Bill {seen['at']} outside {seen['frame']}"
        page.screenshot(path=str(shots(tmp_path) / f"l4d-zoom-{size}-in-corner.png"))
        assert errors == []


@pytest.mark.parametrize("size", list(SIZES))
def test_the_zoom_is_remembered_and_a_pinch_zooms_the_map_not_the_page(
        server: Server, browser: Any, size: str) -> None:
    with survivors_page(server, browser, SIZES[size]) as (page, _, errors):
        pinched_and_reloaded(page, size, L4D, "svg.l4d-map g.token.survivor")
        # each game's map its own: Psycho Raiders' zoom untouched
        assert page.evaluate("[localStorage.getItem('deadtable.zoom.left-4-dead'),"
                             " localStorage.getItem('deadtable.zoom.psycho-raiders')]") \
            == ["out", None]
        assert errors == []


def test_on_a_phones_whole_map_the_figures_letters_are_drawn_larger(server: Server,
                                                                    browser: Any) -> None:
    """Zoomed out on a phone (hexes ~12 px) a figure's letters are 5.5 px or more on the screen
    (they were 3.6 at that scale), a survivor's 7 or more, in a disc no wider than its hex."""
    with survivors_page(server, browser, SIZES["phone"]) as (page, _, errors):
        seen = page.evaluate("""() => {
          const svg = document.querySelector("svg.l4d-map");
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          const px = (sel) => Math.min(...[...svg.querySelectorAll(sel)]
            .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
          const hex = svg.querySelector("g.hex polygon").getBoundingClientRect().width;
          const discs = [...svg.querySelectorAll("g.token circle.body")]
            .map((c) => c.getBoundingClientRect().width);
          return {scale, survivor: px("g.token.survivor text.name"), any: px("g.token text.name"),
            hex, disc: Math.max(...discs),
            levels: [...svg.querySelectorAll("text.level")]
              .filter((t) => getComputedStyle(t).display !== "none").length};
        }""")
        assert seen["scale"] < 0.5  # the small map
        assert seen["survivor"] >= 7 and seen["any"] >= 5.5, seen
        assert seen["disc"] <= seen["hex"] + 0.5, seen
        assert seen["levels"] == 0  # ~2 px digits left out
        assert errors == []
