"""Psycho Raiders in the browser: the far hexes a camper can still get to this turn (the
payload's reach) drawn lighter than the gold hexes one step away, and walked to by a tap: at
once on a desktop (the route drawn on hover), on a phone the first tap showing the route and
a button, the second walking. Each step is an ordinary move in the log."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import ARGS, CHROMIUM, TIMEOUT_MS, Server, httpx, sync_api
from tests.ui.web.test_left_4_dead_browser import click_and_wait, shots
from tests.ui.web.test_psycho_raiders_browser import server

__all__ = ["server"]  # the fixture: a server of its own for this module

pytestmark = pytest.mark.browser  # left out of `make test-fast`
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}


def dawn(server: Server, game_id: str, token: str) -> tuple[str, dict[str, Any]]:
    """Dawn's hex and the campers' payload."""
    data = server.get(game_id, token)
    found = next(c for c in data["view"]["characters"] if c["name"] == "Dawn")
    return str(found["tokens"][0]["space"]), data


@contextmanager
def sized(size: str) -> Iterator[Any]:
    """A browser context of one of SIZES (a phone's with touch), closed after."""
    width, height = SIZES[size]
    with sync_api.sync_playwright() as playwright:
        browser: Any = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        phone = size == "phone"
        context = browser.new_context(viewport={"width": width, "height": height},
                                      has_touch=phone, is_mobile=phone)
        context.set_default_timeout(TIMEOUT_MS)
        try:
            yield context
        finally:
            context.close()
            browser.close()


def campers_turn(server: Server, context: Any, errors: list[str],
                 key: str) -> tuple[dict[str, Any], dict[str, Any], Any]:
    """A game against random raiders, the campers' page open at `key`'s turn (its page errors
    kept in `errors`): (the game made, the campers' seat, the page)."""
    made = server.create("psycho-raiders", seats={"raiders": "random"}, seed=5,
                         options={"events": "none"})
    seat = made["seats"]["campers"]
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(seat["url"])
    page.wait_for_selector('body[data-status="your-turn"]', state="attached")
    click_and_wait(page, f'button[data-action="turn:{key}"]')
    return made, seat, page


@pytest.mark.parametrize("size", list(SIZES))
def test_a_tap_on_a_far_hex_walks_there(server: Server, size: str, tmp_path: Path) -> None:
    phone = size == "phone"
    errors: list[str] = []
    with sized(size) as context:
        made, seat, page = campers_turn(server, context, errors, "dawn")
        # her first step takes her out of the campers' pickup: more than a move, so none of
        # her hexes is far yet; the far hexes are the pickup's, she being able to drive it
        # (its reach before a speed is announced, 10.1)
        far = page.locator("svg.pr-map g.hex.far")
        pickup = server.get(made["id"], seat["token"])["reach"]["Pickup Truck"]["spaces"]
        assert far.count() and all(far.nth(i).get_attribute("data-space") in pickup
                                   for i in range(far.count()))
        first = page.locator("svg.pr-map g.hex.reach").first.get_attribute("data-space")
        click_and_wait(page, f'svg.pr-map g.hex.reach[data-space="{first}"]')
        start, data = dawn(server, made["id"], seat["token"])
        paths = data["reach"]["Dawn"]["spaces"]
        gold = {a["args"]["space"] for a in data["decision"]["actions"]
                if (a.get("args") or {}).get("verb") == "move"}
        far = page.locator("svg.pr-map g.hex.far")
        drawn = {far.nth(i).get_attribute("data-space") for i in range(far.count())}
        assert drawn == set(paths) - gold and len(drawn) > 5
        target = max(drawn, key=lambda s: (len(paths[s]), s))
        hexagon = f'svg.pr-map g.hex.far[data-space="{target}"]'
        page.locator(hexagon).scroll_into_view_if_needed()
        if phone:  # the first tap shows the route and a button; nothing moves yet
            page.locator(hexagon).tap()
            page.wait_for_selector(".pr-walk button")
            assert page.locator(".pr-route-line").count() == 1
            assert f"({len(paths[target])} steps)" in page.inner_text(".pr-walk")
            page.screenshot(path=str(shots(tmp_path) / "pr-walk-route-phone.png"))
            assert dawn(server, made["id"], seat["token"])[0] == start
        else:
            page.hover(hexagon)
            assert page.locator(".pr-route-line").count() == 1
            page.screenshot(path=str(shots(tmp_path) / "pr-walk-hover-desktop.png"))
        click_and_wait(page, hexagon)
        now, after = dawn(server, made["id"], seat["token"])
        assert now == target
        assert after["step"] == data["step"] + len(paths[target])
        moves = [e["text"] for e in after["view"]["log"][-len(paths[target]):]]
        assert moves == [f"Dawn moves to {s}." for s in paths[target]]
        assert "Dawn walked to" in page.inner_text(".pr-walked")
        page.screenshot(path=str(shots(tmp_path) / f"pr-walked-{size}.png"), full_page=True)
    assert errors == []


def test_the_other_seats_page_and_a_spectators_never_show_the_reach(server: Server,
                                                                     tmp_path: Path) -> None:
    with sync_api.sync_playwright() as playwright:
        browser: Any = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        context.set_default_timeout(TIMEOUT_MS)
        try:
            made = server.create("psycho-raiders", seed=5, options={"events": "none"})
            campers, raiders = made["seats"]["campers"], made["seats"]["raiders"]
            pages = {name: context.new_page() for name in ("campers", "raiders", "spectator")}
            pages["raiders"].goto(raiders["url"])
            pages["raiders"].wait_for_selector('body[data-status="your-turn"]', state="attached")
            while (data := server.get(made["id"], raiders["token"]))["to_move"] == "raiders":
                pages["raiders"].click(
                    f'button[data-action="{data["decision"]["actions"][0]["id"]}"]')
                pages["raiders"].wait_for_selector(
                    f'body:not([data-step="{data["step"]}"])', state="attached")
            pages["campers"].goto(campers["url"])
            pages["spectator"].goto(made["spectator"]["url"])
            page = pages["campers"]
            page.wait_for_selector('body[data-status="your-turn"]', state="attached")
            click_and_wait(page, 'button[data-action="turn:dawn"]')
            first = page.locator("svg.pr-map g.hex.reach").first.get_attribute("data-space")
            click_and_wait(page, f'svg.pr-map g.hex.reach[data-space="{first}"]')
            step = server.get(made["id"], campers["token"])["step"]
            assert page.locator("svg.pr-map g.hex.far").count() > 5
            for name in ("raiders", "spectator"):
                other = pages[name]
                other.wait_for_selector(f'body[data-step="{step}"]', state="attached")
                assert other.locator("svg.pr-map g.hex.far, .pr-walk, .pr-route-line").count() == 0
        finally:
            context.close()
            browser.close()


def post(server: Server, game_id: str, token: str, action: str) -> None:
    response = httpx.post(f"{server.base}/api/games/{game_id}/actions",
                          json={"token": token, "action": action}, timeout=30)
    assert response.status_code == 200, response.text


def to_ginger_hidden(server: Server, made: dict[str, Any]) -> None:
    """Ginger out of the pickup and hidden, everyone's turn ended, at her next turn."""
    game_id = made["id"]
    tokens = {seat: made["seats"][seat]["token"] for seat in ("campers", "raiders")}
    for action in ("turn:ginger", None, "hide:4,29:new"):
        if action is None:  # her first step: out of the pickup
            action = next(a["id"] for a in server.get(game_id, tokens["campers"])["decision"]
                          ["actions"] if a["id"].startswith("move:"))
        post(server, game_id, tokens["campers"], action)
    while True:
        data = server.get(game_id, tokens["raiders"])
        seat = data["to_move"]
        ids = [a["id"] for a in server.get(game_id, tokens[seat])["decision"]["actions"]]
        if seat == "campers" and "turn:ginger" in ids:
            break
        post(server, game_id, tokens[seat], "end" if "end" in ids else next(
            (i for i in ids if i.startswith("turn:")), "no-reveal" if "no-reveal" in ids
            else ids[0]))
    post(server, game_id, tokens["campers"], "turn:ginger")


def test_a_far_hex_both_hidden_tokens_reach_asks_which_walks(server: Server,
                                                              tmp_path: Path) -> None:
    with sync_api.sync_playwright() as playwright:
        browser: Any = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                      is_mobile=True)
        context.set_default_timeout(TIMEOUT_MS)
        try:
            made = server.create("psycho-raiders", seed=5, options={"events": "none"})
            while server.get(made["id"], made["seats"]["raiders"]["token"])["to_move"] \
                    == "raiders":  # the Sinister Roll's order
                data = server.get(made["id"], made["seats"]["raiders"]["token"])
                post(server, made["id"], made["seats"]["raiders"]["token"],
                     data["decision"]["actions"][0]["id"])
            to_ginger_hidden(server, made)
            campers = made["seats"]["campers"]
            data = server.get(made["id"], campers["token"])
            assert sorted(data["reach"]) == ["Ginger token 1", "Ginger token 2"]
            both = set(data["reach"]["Ginger token 1"]["spaces"]) \
                & set(data["reach"]["Ginger token 2"]["spaces"])
            gold = {a["args"]["space"] for a in data["decision"]["actions"]
                    if (a.get("args") or {}).get("verb") == "move"}
            far = sorted(both - gold)
            assert far
            page = context.new_page()
            page.goto(campers["url"])
            page.wait_for_selector('body[data-status="your-turn"]', state="attached")
            hexagon = f'svg.pr-map g.hex.far[data-space="{far[0]}"]'
            page.locator(hexagon).scroll_into_view_if_needed()
            page.locator(hexagon).tap()
            page.wait_for_selector(".pr-walk button")
            ways = {n: len(data["reach"][f"Ginger token {n}"]["spaces"][far[0]]) for n in (1, 2)}
            assert page.locator(".pr-walk button").all_inner_texts() == [
                f"Walk Ginger token {n} there ({ways[n]} steps)" for n in (1, 2)]
            page.screenshot(path=str(shots(tmp_path) / "pr-walk-which-phone.png"))
            click_and_wait(page, '.pr-walk button[data-walk="Ginger token 2"]')
            ginger = next(c for c in server.get(made["id"], campers["token"])["view"]
                          ["characters"] if c["name"] == "Ginger")
            assert {t["token"]: t["space"] for t in ginger["tokens"]}[2] == far[0]
            raiders = context.new_page()
            raiders.goto(made["seats"]["raiders"]["url"])
            raiders.wait_for_selector("svg.pr-map g.hex")
            assert raiders.locator("svg.pr-map g.hex.far, .pr-walk, .pr-walked").count() == 0
        finally:
            context.close()
            browser.close()
