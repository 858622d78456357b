"""Psycho Raiders in the browser: the campers' pickup at its camp, before Randy announces a
speed (10.1), already shows the hexes it can be driven to this turn by the camp's track, each
with the speed that gets there; a tap on one (on a phone, a tap and then the button) announces
that speed as the ordinary action and drives there a hex at a time."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.web.test_browser import Server
from tests.ui.web.test_left_4_dead_browser import click_and_wait, shots
from tests.ui.web.test_psycho_raiders_browser import server
from tests.ui.web.test_psycho_raiders_walk_browser import SIZES, campers_turn, sized

__all__ = ["server"]  # the fixture: a server of its own for this module

pytestmark = pytest.mark.browser  # left out of `make test-fast`
JUNCTION = "10,29"  # where the camp's track meets the main road: 7 hexes at High Speed


@pytest.mark.parametrize("size", list(SIZES))
def test_the_pickup_is_driven_out_of_camp_by_a_tap_before_its_speed_is_announced(
        server: Server, size: str, tmp_path: Path) -> None:
    phone = size == "phone"
    errors: list[str] = []
    with sized(size) as context:
        made, seat, page = campers_turn(server, context, errors, "randy")
        data = server.get(made["id"], seat["token"])
        assert not any(a["id"].startswith("car:") for a in data["decision"]["actions"])
        pickup = data["reach"]["Pickup Truck"]
        assert len(pickup["spaces"][JUNCTION]) == 7 and pickup["how"][JUNCTION] == "High Speed"
        gold = {a["args"]["space"] for a in data["decision"]["actions"]
                if (a.get("args") or {}).get("verb") == "move"}
        far = page.locator("svg.pr-map g.hex.far")
        drawn = {far.nth(i).get_attribute("data-space") for i in range(far.count())}
        assert drawn == set(pickup["spaces"]) - gold and JUNCTION in drawn
        hexagon = f'svg.pr-map g.hex.far[data-space="{JUNCTION}"]'
        assert "drive here: Pickup Truck at High Speed, 7 steps" in page.text_content(
            f"{hexagon} title")
        page.locator(hexagon).scroll_into_view_if_needed()
        if phone:  # the first tap shows the route and the button; nothing is announced yet
            page.locator(hexagon).tap()
            button = '.pr-walk button[data-walk="Pickup Truck"]'
            page.wait_for_selector(button)
            assert page.inner_text(button) == \
                "Drive the Pickup Truck there at High Speed (7 steps)"
            page.screenshot(path=str(shots(tmp_path) / "pr-pickup-route-phone.png"))
            assert server.get(made["id"], seat["token"])["step"] == data["step"]
            click_and_wait(page, button)
        else:  # hovering draws the route from the pickup's hex; a click drives
            page.hover(hexagon)
            line = page.locator(".pr-route-line")
            assert line.count() == 1 and len((line.get_attribute("points") or "").split()) == 8
            page.screenshot(path=str(shots(tmp_path) / "pr-pickup-hover-desktop.png"))
            click_and_wait(page, hexagon)
        page.wait_for_selector(".pr-walked")
        after = server.get(made["id"], seat["token"])
        assert after["step"] == data["step"] + 8  # the speed announced, then 7 hexes
        assert [v["space"] for v in after["view"]["vehicles"]
                if v["name"] == "Pickup Truck"] == [JUNCTION]
        log = [e["text"] for e in after["view"]["log"][-8:]]
        assert log[0] == "Randy drives the Pickup Truck at High Speed."
        assert log[-1] == f"The Pickup Truck moves to {JUNCTION}."
        assert page.inner_text(".pr-walked") == \
            f"The Pickup Truck drove to {JUNCTION} at High Speed (7 steps)"
        page.screenshot(path=str(shots(tmp_path) / f"pr-pickup-drove-{size}.png"),
                        full_page=True)
    assert errors == []
