"""Psycho Raiders' map zoomed out and in, on a 390x844 phone and a 1366x900 desktop, measured
on the screen: zoomed out, the whole town is in its box, the first and the last column's hexes
inside it and the page no wider than the window (on a phone the map opened about 12 of its 17
columns wide); zoomed in, a hex is a fingertip (40 px or more) and the box is scrolled to the
seat's own piece (the campers' pickup, all of them aboard) and then to the hexes it may go to.
The zoom is kept by the browser across a reload; a pinch on the phone's map (two fingers, sent
through the DevTools protocol) and Ctrl with the wheel on a desktop zoom the map, not the page,
the hex under the fingers staying under them. Screenshots in DEADTABLE_SHOTS (both sizes, both
zooms). The helpers serve Left 4 Dead's tests too (test_left_4_dead_zoom_browser.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser, click_and_wait, shots
from tests.ui.web.test_psycho_raiders_browser import campers_page, server
from tests.ui.web.test_psycho_raiders_labels_browser import on_screen, two_on_a_hex

__all__ = ["browser", "server"]  # the fixtures, shared with the other Psycho Raiders tests
pytestmark = pytest.mark.browser  # left out of `make test-fast`

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}
PR = {"svg": "svg.pr-map", "box": ".pr-map-box"}


def measure(page: Any, where: dict[str, str]) -> dict[str, Any]:
    """On the screen: the map box's frame, the leftmost and rightmost of its hexes' edges (the
    first and the last column), a hex's width, the box's and the page's scroll widths."""
    found: dict[str, Any] = page.evaluate("""([svgSel, boxSel]) => {
      const box = document.querySelector(boxSel);
      const hexes = [...document.querySelectorAll(`${svgSel} g.hex polygon`)]
        .map((p) => p.getBoundingClientRect());
      const widths = hexes.map((h) => h.width).sort((a, b) => a - b);
      return {frame: box.getBoundingClientRect().toJSON(), hexes: hexes.length,
        left: Math.min(...hexes.map((h) => h.left)), right: Math.max(...hexes.map((h) => h.right)),
        hex: widths[widths.length >> 1], boxScroll: box.scrollWidth, boxWidth: box.clientWidth,
        page: document.documentElement.scrollWidth, window: innerWidth};
    }""", [where["svg"], where["box"]])
    return found


def assert_whole_width(seen: dict[str, Any]) -> None:
    """Every column in the box's frame and the window: no scrolling sideways to see one."""
    frame = seen["frame"]
    assert seen["hexes"] > 100
    assert frame["left"] - 1 <= seen["left"] and seen["right"] <= frame["right"] + 1, \
        f"columns from {seen['left']:.0f} to {seen['right']:.0f} px in a box " \
        f"from {frame['left']:.0f} to {frame['right']:.0f} px"
    assert 0 <= seen["left"] and seen["right"] <= seen["window"]
    assert seen["boxScroll"] <= seen["boxWidth"] + 1, "the map's box scrolls sideways"
    assert seen["page"] == seen["window"], "the page scrolls sideways"


def in_frame(page: Any, selector: str, box_selector: str) -> dict[str, Any]:
    """Whether `selector`'s first element is wholly inside the map box's frame and the window,
    and both boxes."""
    found: dict[str, Any] = page.evaluate("""([sel, boxSel]) => {
      const at = document.querySelector(sel).getBoundingClientRect();
      const frame = document.querySelector(boxSel).getBoundingClientRect();
      return {inside: at.left >= frame.left - 0.5 && at.right <= frame.right + 0.5
        && at.top >= frame.top - 0.5 && at.bottom <= frame.bottom + 0.5
        && at.top >= 0 && at.bottom <= innerHeight && at.left >= 0 && at.right <= innerWidth,
        at: at.toJSON(), frame: frame.toJSON()};
    }""", [selector, box_selector])
    return found


def zoomed(page: Any) -> bool:
    """Whether the zoom tool says the map is zoomed in (its words: "− Zoom out", on a phone
    Left 4 Dead's "− Zoom"; out, "+ Zoom in" or "+ Zoom")."""
    text: str = page.inner_text('button[data-tool="zoom"]')
    assert text.startswith(("+ Zoom", "− Zoom")), text
    return text.startswith("−")


def wait_zoom(page: Any, was: bool) -> None:
    page.wait_for_function("was => document.querySelector('button[data-tool=\"zoom\"]')"
                           ".textContent.startsWith(was ? '+' : '−')", arg=was)


def press_zoom(page: Any) -> None:
    was = zoomed(page)
    page.click('button[data-tool="zoom"]')
    wait_zoom(page, was)


def middle_hex(page: Any, where: dict[str, str]) -> dict[str, Any]:
    """The hex nearest the middle of the map's visible frame: its name and its centre."""
    found: dict[str, Any] = page.evaluate("""([svgSel, boxSel]) => {
      const frame = document.querySelector(boxSel).getBoundingClientRect();
      const mx = frame.left + frame.width / 2, my = frame.top + Math.min(frame.height, innerHeight
        - frame.top) / 2;
      let best = null;
      for (const g of document.querySelectorAll(`${svgSel} g.hex`)) {
        const r = g.querySelector("polygon").getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const d = Math.hypot(x - mx, y - my);
        if (!best || d < best.d) best = {d, x, y, space: g.dataset.space};
      }
      return best;
    }""", [where["svg"], where["box"]])
    return found


def off_by(page: Any, space: str, x: float, y: float, where: dict[str, str]) -> float:
    """How far from a point of the window a hex's centre is drawn, in hexes."""
    found: float = page.evaluate("""([space, x, y, svgSel]) => {
      const r = document.querySelector(`${svgSel} g.hex[data-space="${space}"] polygon`)
        .getBoundingClientRect();
      return Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y) / r.width;
    }""", [space, x, y, where["svg"]])
    return found


def pinch(page: Any, x: float, y: float, spread: float) -> None:
    """Two fingers at (x, y), 20 px apart, moved apart to 20 + `spread` px, then lifted: real
    touch events, sent through the DevTools protocol (Playwright has no multi-touch)."""
    cdp = page.context.new_cdp_session(page)

    def fingers(gap: float) -> list[dict[str, float]]:
        return [{"x": x - gap / 2, "y": y, "id": 1}, {"x": x + gap / 2, "y": y, "id": 2}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(20)})
    for i in range(1, 7):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": fingers(20 + spread * i / 6)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def zoom_by_gesture(page: Any, size: str, where: dict[str, str], zoom_in: bool) -> None:
    """Zoom by a pinch (a phone) or Ctrl and the wheel (a desktop) at the map's middle hex: the
    page itself not zoomed, and zooming in the hex under the fingers still under them (or a
    hex away at most, where the box cannot scroll so far)."""
    was = zoomed(page)
    spot = middle_hex(page, where)
    x, y = spot["x"], spot["y"]
    if size == "phone":
        pinch(page, x, y, 120 if zoom_in else -15)  # apart zooms in, together out
    else:
        page.mouse.move(x, y)
        page.keyboard.down("Control")
        page.mouse.wheel(0, -120 if zoom_in else 120)
        page.keyboard.up("Control")
    wait_zoom(page, was)
    assert zoomed(page) == zoom_in
    assert page.evaluate("visualViewport.scale") == 1, "the page was zoomed, not the map"
    # zoomed out, the whole map in its box, it cannot stay put; zoomed in, a box hardly
    # taller than the map (Left 4 Dead's on a desktop) may not scroll as far as it would need
    if zoom_in:
        moved = off_by(page, spot["space"], x, y, where)
        assert moved <= 1, f"the hex under the fingers moved {moved:.2f} hexes away"


def out_then_in(page: Any, where: dict[str, str], shot: Path) -> tuple[dict[str, Any],
                                                                       dict[str, Any]]:
    """The map as the page opens (zoomed out: the whole of it in sight), then zoomed in by its
    button (a hex 40 px or more, the box scrolling, not the page): both measures. `shot`: the
    zoomed-out screenshot's file."""
    assert not zoomed(page)  # it opens zoomed out
    out = measure(page, where)
    assert_whole_width(out)
    page.screenshot(path=str(shot))
    press_zoom(page)
    near = measure(page, where)
    assert near["hex"] >= 40, f"a hex {near['hex']:.1f} px wide zoomed in"
    assert near["boxScroll"] > near["boxWidth"] and near["page"] == near["window"]
    return out, near


@pytest.mark.parametrize("size", list(SIZES))
def test_zoomed_out_the_whole_town_is_in_sight_and_zoomed_in_a_hex_is_a_fingertip(
        server: Server, browser: Any, size: str, tmp_path: Path) -> None:
    context, page = campers_page(server, browser, SIZES[size])
    try:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        out, near = out_then_in(page, PR, shots(tmp_path) / f"pr-zoom-{size}-out.png")
        assert near["hex"] >= 1.9 * out["hex"]
        # the campers all ride the pickup: zoomed in, the box shows it (the piece they decide for)
        seen = in_frame(page, ".pr-vehicle.mine", PR["box"])
        assert seen["inside"], f"the campers' pickup {seen['at']} outside {seen['frame']}"
        page.screenshot(path=str(shots(tmp_path) / f"pr-zoom-{size}-in.png"))
        # Dawn's turn: her moves (gold hexes) and her pickup in the box
        click_and_wait(page, 'button[data-action="turn:dawn"]')
        assert zoomed(page)
        for selector in ("svg.pr-map g.hex.reach", ".pr-vehicle.mine"):
            seen = in_frame(page, selector, PR["box"])
            assert seen["inside"], f"{selector} {seen['at']} outside {seen['frame']}"
        page.screenshot(path=str(shots(tmp_path) / f"pr-zoom-{size}-in-dawn.png"))
        press_zoom(page)
        assert_whole_width(measure(page, PR))
        page.screenshot(path=str(shots(tmp_path) / f"pr-zoom-{size}-out-dawn.png"))
        assert errors == []
    finally:
        context.close()


def pinched_and_reloaded(page: Any, size: str, where: dict[str, str], drawn: str) -> None:
    """Zoomed in by a gesture, and so again after a reload; zoomed out by one, and so after a
    reload. `drawn`: what the page shows once the map is drawn."""
    for zoom_in in (True, False):
        zoom_by_gesture(page, size, where, zoom_in=zoom_in)
        for _ in range(2):  # as zoomed, then the same after a reload: this browser kept it
            assert zoomed(page) == zoom_in
            seen = measure(page, where)
            if zoom_in:
                assert seen["hex"] >= 40
            else:
                assert_whole_width(seen)
            page.reload()
            page.wait_for_selector(drawn)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_zoom_is_remembered_and_a_pinch_zooms_the_map_not_the_page(
        server: Server, browser: Any, size: str) -> None:
    context, page = campers_page(server, browser, SIZES[size])
    try:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        pinched_and_reloaded(page, size, PR, "svg.pr-map g.hex")
        assert page.evaluate("localStorage.getItem('deadtable.zoom.psycho-raiders')") == "out"
        assert errors == []
    finally:
        context.close()


def test_on_a_phones_whole_town_the_letters_are_drawn_larger(server: Server,
                                                             browser: Any) -> None:
    """Zoomed out on a phone (hexes ~16 px) a token's letters and a vehicle's are 7 px or more
    on the screen (they were about 5), and the gold outline of a hex to go to 2 px or more."""
    context, page = campers_page(server, browser, SIZES["phone"])
    try:
        click_and_wait(page, 'button[data-action="turn:dawn"]')
        seen = page.evaluate("""() => {
          const svg = document.querySelector("svg.pr-map");
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          const px = (sel) => Math.min(...[...svg.querySelectorAll(sel)]
            .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
          const outline = svg.querySelector("g.hex.reach polygon");
          return {scale, token: px("text.pr-label:not(.small)"), car: px("text.pr-car"),
            building: px("text.pr-building"),
            outline: parseFloat(outline.getAttribute("stroke-width")) * scale};
        }""")
        assert seen["scale"] < 0.8  # the small map
        assert seen["token"] >= 7 and seen["car"] >= 6 and seen["building"] >= 5.5, seen
        assert seen["outline"] >= 1.9, seen
    finally:
        context.close()


def test_on_a_phones_whole_town_a_shared_hex_still_lists_its_tokens_legibly(
        server: Server, browser: Any, tmp_path: Path) -> None:
    """Zoomed out on a phone a shared hex's discs carry no letters (about 4 px there); a tap
    lists who stands there beside the hex, in letters of 10 px or more (sized for the scale
    the map is drawn at), inside the map's frame."""
    made, space = two_on_a_hex(server)
    # this module's browser (a second Playwright, as `sized` starts, may not run beside it)
    context = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(made["seats"]["campers"]["url"])
        hex_ = f'svg.pr-map g.hex[data-space="{space}"]'
        page.wait_for_selector(f"{hex_} .pr-token")
        assert not zoomed(page)
        assert page.locator(f"{hex_} .pr-token").count() == 2
        assert page.locator(f"{hex_} text.pr-label").count() == 0
        page.locator(hex_).tap()
        page.wait_for_selector(f'.pr-stack[data-space="{space}"]')
        page.screenshot(path=str(shots(tmp_path) / "pr-zoom-phone-out-stack.png"))
        seen = on_screen(page, space)
        assert seen["px"] >= 10, f"the list's letters are {seen['px']:.1f} px"
        assert sorted(seen["lines"]) == ["Da  Dawn", "Gi  Ginger"]
        frame, box = seen["frame"], seen["list"]
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"]
    finally:
        context.close()
