"""Psycho Raiders in the browser: a driver's vehicle (10.1) has a reach like a walker's. The
raiders' van, its speed announced, shows the far hexes it can still be driven to this turn,
its route drawn from the van's hex; a tap drives it there a hex at a time, the sharp turn at
High Speed ending the drive (10.2). The campers' pickup, at Safe Speed on its camp's track,
has its next hex in gold and the rest of its 4 as far hexes. The other seat's page never
shows the reach."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import Server
from tests.ui.web.test_left_4_dead_browser import click_and_wait, shots
from tests.ui.web.test_psycho_raiders_browser import server
from tests.ui.web.test_psycho_raiders_walk_browser import SIZES, post, sized

__all__ = ["server"]  # the fixture: a server of its own for this module

pytestmark = pytest.mark.browser  # left out of `make test-fast`
SHARP = "10,23"  # the sharp turn the van reaches in 8 hexes up the road from 10,31


def wait_step(page: Any, step: int) -> None:
    page.wait_for_selector(f'body[data-step="{step}"]', state="attached")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_raiders_drive_the_van_by_a_tap_and_the_campers_pickup_has_its_hex(
        server: Server, size: str, tmp_path: Path) -> None:
    phone = size == "phone"
    errors: list[str] = []
    with sized(size) as context:
        made = server.create("psycho-raiders", seed=5, options={"events": "none"})
        game_id = made["id"]
        campers, raiders = made["seats"]["campers"], made["seats"]["raiders"]
        while (data := server.get(game_id, raiders["token"]))["to_move"] == "raiders":
            post(server, game_id, raiders["token"], data["decision"]["actions"][0]["id"])
        pages = {name: context.new_page() for name in ("campers", "raiders")}
        for name, page in pages.items():
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(made["seats"][name]["url"])
        mine = pages["campers"]
        mine.wait_for_selector('body[data-status="your-turn"]', state="attached")
        click_and_wait(mine, 'button[data-action="turn:randy"]')
        mine.click('#actions details.fold[data-group="Drive"] summary')  # the speeds fold
        click_and_wait(mine, 'button[data-action="drive:safe"]')
        # the pickup's camp: the track east, 4 hexes at Safe Speed; the first is gold
        assert mine.locator('svg.pr-map g.hex.reach[data-space="4,29"]').count() == 1
        far = mine.locator("svg.pr-map g.hex.far")
        assert {far.nth(i).get_attribute("data-space") for i in range(far.count())} == {
            "5,29", "6,29", "7,29"}
        post(server, game_id, campers["token"], "end")
        post(server, game_id, campers["token"], "turn:ginger")
        post(server, game_id, campers["token"], "end")
        post(server, game_id, campers["token"], "end")  # Dawn's, the last: begun unasked
        page = pages["raiders"]
        page.wait_for_selector('body[data-status="your-turn"]', state="attached")
        click_and_wait(page, 'button[data-action="turn:spud"]')
        page.click('#actions details.fold[data-group="Drive"] summary')
        click_and_wait(page, 'button[data-action="drive:high"]')
        data = server.get(game_id, raiders["token"])
        van = data["reach"]["Van"]
        assert van["from"] == "10,31" and len(van["spaces"][SHARP]) == 8
        # Spud's Appear Anywhere (16.2) offers every hex: the far hexes show through it
        gold = {a["args"]["space"] for a in data["decision"]["actions"]
                if (a.get("args") or {}).get("verb") in ("car", "move")}
        far = page.locator("svg.pr-map g.hex.far")
        drawn = {far.nth(i).get_attribute("data-space") for i in range(far.count())}
        assert drawn == set(van["spaces"]) - gold and SHARP in drawn
        hexagon = f'svg.pr-map g.hex.far[data-space="{SHARP}"]'
        assert "drive here: Van, 8 steps" in page.text_content(f"{hexagon} title")
        page.locator(hexagon).scroll_into_view_if_needed()
        # Appear Anywhere could take Spud there too: a tap asks which, the route drawn
        if phone:
            page.locator(hexagon).tap()
        else:
            page.click(hexagon)
        drive = '.pr-which button[data-walk="Van"]'
        page.wait_for_selector(drive)
        if not phone:  # the hovered hex's route gives way to the tapped one's on leaving
            page.mouse.move(0, 0)
        assert page.inner_text(drive) == "Drive the Van there (8 steps)"
        assert page.locator(f'.pr-which button[data-choice="appear:{SHARP}"]').count() == 1
        line = page.locator(".pr-route-line")
        assert line.count() == 1  # from the van's hex through each of its 8 hexes
        assert len((line.get_attribute("points") or "").split()) == 9
        assert server.get(game_id, raiders["token"])["step"] == data["step"]  # not yet
        page.screenshot(path=str(shots(tmp_path) / f"pr-drive-route-{size}.png"))
        click_and_wait(page, drive)
        page.wait_for_selector(".pr-walked")
        after = server.get(game_id, raiders["token"])
        assert after["step"] == data["step"] + 8
        assert [v["space"] for v in after["view"]["vehicles"] if v["name"] == "Van"] == \
            [SHARP]
        assert page.inner_text(".pr-walked").startswith(
            f"The Van drove to {SHARP} (8 steps): The Van moves to {SHARP}. A sharp turn "
            "at High Speed: Dangerous Turns ")
        page.screenshot(path=str(shots(tmp_path) / f"pr-drove-{size}.png"), full_page=True)
        theirs = pages["campers"]
        wait_step(theirs, after["step"])
        assert theirs.locator("svg.pr-map g.hex.far, .pr-walk, .pr-walked, "
                              ".pr-route-line").count() == 0
    assert errors == []
