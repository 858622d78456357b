"""Psycho Raiders in the browser with two people on two links, from the second turn, on a
phone (390x844) and a desktop (1366x900): the raiders' page sets a standing answer to Road
Trap (16.2) under its choices ("Answer in advance"), and the campers' tap on a far road hex
then drives the pickup through; with it cleared, the campers' drive waits for the raiders'
answer, saying so, and goes on by itself each time the raiders' page lets it drive on
(engine/standing.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2 as httpx  # as tests/ui/web/test_browser.py
import pytest

from tests.ui.web.test_browser import Server
from tests.ui.web.test_left_4_dead_browser import click_and_wait, shots
from tests.ui.web.test_psycho_raiders_browser import server
from tests.ui.web.test_psycho_raiders_walk_browser import SIZES, sized

__all__ = ["server"]  # the fixture: a server of its own for this module

pytestmark = pytest.mark.browser  # left out of `make test-fast`
PICKUP = "Pickup Truck"


def act(server: Server, game_id: str, tok: str, action: str) -> None:
    response = httpx.post(f"{server.base}/api/games/{game_id}/actions",
                          json={"token": tok, "action": action}, timeout=30)
    assert response.status_code == 200, response.text


def second_turn(server: Server) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """Both seats people, the first turn played through the API and Randy at the pickup's
    wheel in the second: (game id, the raiders' link, the campers')."""
    made = server.create("psycho-raiders", seed=2, options={"events": "none"})
    game_id, raiders, campers = made["id"], made["seats"]["raiders"], made["seats"]["campers"]
    while (now := server.get(game_id, raiders["token"]))["to_move"] == "raiders":
        act(server, game_id, raiders["token"], now["decision"]["actions"][0]["id"])
    for key in ("randy", "ginger", "dawn"):
        take_turn(server, game_id, campers["token"], key)
        act(server, game_id, campers["token"], "end")
    for key in ("spud", "beau", "fluke", "torch"):
        take_turn(server, game_id, raiders["token"], key)
        act(server, game_id, raiders["token"], "end")
    take_turn(server, game_id, campers["token"], "randy")
    return game_id, raiders, campers


def take_turn(server: Server, game_id: str, tok: str, key: str) -> None:
    """`key`'s turn: chosen where its seat is asked; the seat's last waiting character's
    turn begins unasked (sequence.PhaseHandler.run)."""
    ids = [a["id"] for a in server.get(game_id, tok)["decision"]["actions"]]
    if f"turn:{key}" in ids:
        act(server, game_id, tok, f"turn:{key}")
    assert server.get(game_id, tok)["decision"]["prompt"].startswith(key.title())


def pickup_at(server: Server, game_id: str, tok: str) -> str:
    view = server.get(game_id, tok)["view"]
    return str(next(v["space"] for v in view["vehicles"] if v["name"] == PICKUP))


def drive_to(page: Any, space: str, phone: bool) -> None:
    """A phone's two taps (the far hex shows the route and its button, which drives), or a
    desktop's click on the far hex."""
    hexagon = f'svg.pr-map g.hex.far[data-space="{space}"]'
    page.locator(hexagon).scroll_into_view_if_needed()
    if not phone:
        click_and_wait(page, hexagon)
        return
    page.locator(hexagon).tap()
    button = f'.pr-walk button[data-walk="{PICKUP}"]'
    page.wait_for_selector(button)
    click_and_wait(page, button)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_raiders_standing_answer_lets_the_campers_drive_through(
        server: Server, size: str, tmp_path: Path) -> None:
    errors: list[str] = []
    phone = size == "phone"
    game_id, raiders, campers = second_turn(server)
    with sized(size) as context:
        theirs, mine = context.new_page(), context.new_page()
        for page in (theirs, mine):
            page.on("pageerror", lambda error: errors.append(str(error)))
        theirs.goto(raiders["url"])
        mine.goto(campers["url"])
        mine.wait_for_selector('body[data-status="your-turn"]', state="attached")
        theirs.wait_for_selector("#standing select")
        assert mine.locator("#standing").is_hidden()  # the campers' page has no such menu
        assert theirs.inner_text("#standing .standing-head") == "Answer in advance:"
        assert theirs.locator("#standing select").count() == 2  # Road Trap, the reveal
        menu = theirs.locator("#standing-road-trap")
        assert menu.input_value() == "off"
        theirs.locator("#standing").scroll_into_view_if_needed()
        # its longest choice is cut to the phone's width, not the page widened
        assert theirs.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]
        theirs.screenshot(path=str(shots(tmp_path) / f"pr-standing-menu-{size}.png"))
        with theirs.expect_response(lambda r: r.url.endswith("/standing")) as answer:
            menu.select_option("said")
        assert answer.value.status == 200
        assert server.get(game_id, raiders["token"])["standing"][0]["until"] == "said"
        assert server.get(game_id, campers["token"])["standing"] is None

        # the campers' two taps drive the pickup 4 road hexes: asked and answered each time
        step = server.get(game_id, campers["token"])["step"]
        drive_to(mine, "7,29", phone)
        mine.wait_for_selector(".pr-walked")
        assert mine.inner_text(".pr-walked") == \
            "The Pickup Truck drove to 7,29 at High Speed (4 steps)"
        after = server.get(game_id, campers["token"])
        assert after["step"] == step + 9 and after["to_move"] == "campers"
        mine.screenshot(path=str(shots(tmp_path) / f"pr-standing-drove-{size}.png"),
                        full_page=True)

        # asked each time again: the drive waits for the raiders, and goes on when they let it
        # the select shows "off" at once; the server has it once its POST is answered
        with theirs.expect_response(lambda r: r.url.endswith("/standing")) as cleared:
            theirs.locator("#standing-road-trap").select_option("off")
        assert cleared.value.status == 200
        assert server.get(game_id, raiders["token"])["standing"][0]["until"] == "off"
        drive_to(mine, "10,29", phone)
        mine.wait_for_selector(".pr-walked")
        assert mine.inner_text(".pr-walked") == ("The Pickup Truck waits at 8,29 after 1 step "
                                                 "toward 10,29: waiting for raiders (Road Trap)")
        assert mine.inner_text("#prompt") == ("Waiting for raiders (Road Trap): Pickup Truck, "
                                              "at 8,29, goes on to 10,29 by itself if they "
                                              "let it…")
        mine.screenshot(path=str(shots(tmp_path) / f"pr-road-trap-waiting-{size}.png"),
                        full_page=True)
        button = 'button[data-action="let-pass"]'
        theirs.wait_for_selector(button)
        theirs.screenshot(path=str(shots(tmp_path) / f"pr-road-trap-asked-{size}.png"),
                          full_page=True)
        click_and_wait(theirs, button)
        assert pickup_at(server, game_id, campers["token"]) == "9,29"  # it went on by itself
        mine.wait_for_function(  # the campers' page follows it over the socket
            "() => document.querySelector('#prompt').textContent.includes('at 9,29,')")
        theirs.wait_for_selector(button)
        click_and_wait(theirs, button)
        assert pickup_at(server, game_id, campers["token"]) == "10,29"
        mine.wait_for_selector(".pr-walked")
        mine.wait_for_function("() => document.querySelector('.pr-walked').textContent"
                               ".includes('drove to 10,29')")
        assert mine.inner_text(".pr-walked") == \
            "The Pickup Truck drove to 10,29 (3 steps)"  # its speed was announced before
        mine.screenshot(path=str(shots(tmp_path) / f"pr-road-trap-went-on-{size}.png"),
                        full_page=True)
    assert errors == []
