"""Psycho Raiders in the browser: the campers' page draws Crucible; choosing a camper's turn
and clicking one of the outlined hexes moves it there. Two people play a game to its end, each
on their own link: the campers on a phone, Spud and Beau's player on a desktop, the heuristic
agent playing Fluke and Torch; at every step each page is checked for the other side's
secrets (the raiders' page never marks which hide token is real, the campers' page never tells
who is sinister). The page as a person meets it: a legend naming every colour and mark,
buildings named on the map, a piece the seat may attack outlined and clickable, the whole map
in a desktop window with the characters beside it, and on a phone the characters folded so
the choices come right after the map."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deadtable.games.psycho_raiders.attacks import _verb_action
from tests.ui.web.test_browser import ARGS, CHROMIUM, TIMEOUT_MS, Server, sync_api
from tests.ui.web.test_left_4_dead_browser import browser, click_and_wait, shots

__all__ = ["browser"]  # the fixture, shared with the Left 4 Dead browser tests
pytestmark = pytest.mark.browser  # left out of `make test-fast`


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("prweb") / "games.sqlite"
    running = Server(db, [sys.executable, "-c", "from deadtable.ui.cli import main; main()",
                          "serve"])
    running.start()
    yield running
    running.stop()


def test_choose_a_camper_then_click_a_hex(server: Server, tmp_path: Path) -> None:
    with sync_api.sync_playwright() as playwright:
        browser: Any = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        try:
            made = server.create("psycho-raiders", seats={"raiders": "random"}, seed=5)
            seat = made["seats"]["campers"]
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(seat["url"])
            page.wait_for_selector("svg.pr-map g.hex")
            assert page.locator("svg.pr-map g.hex").count() == 704
            page.wait_for_selector('body[data-status="your-turn"]', state="attached")
            click_and_wait(page, 'button[data-action="turn:dawn"]')
            reach = page.locator("svg.pr-map g.hex.reach")
            assert reach.count() >= 1
            target = reach.first.get_attribute("data-space")
            click_and_wait(page, f'svg.pr-map g.hex.reach[data-space="{target}"]')
            view = server.get(made["id"], seat["token"])["view"]
            dawn = next(c for c in view["characters"] if c["name"] == "Dawn")
            assert dawn["tokens"][0]["space"] == target
            page.screenshot(path=str(shots(tmp_path) / "psycho-raiders.png"), full_page=True)
        finally:
            context.close()
            browser.close()
        assert errors == []


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
MOST_CLICKS = 400


def row(action: str) -> int:
    """The row of a move's hex ("move:1:11,20" -> 20); a room counts as far south."""
    place = action.split(":", 2)[2]
    return int(place.split(",")[1]) if "," in place else 99


def choose(seat: str, ids: list[str], pick: random.Random) -> str:
    """A person in a hurry: campers run north and hide when they can; raiders wander a bit."""
    hides = [i for i in ids if i.startswith("hide:") and i.endswith(":new")]
    if hides and seat == "campers":
        return hides[0]
    moves = [i for i in ids if i.startswith("move:") and not i.endswith(":off")]
    if moves and seat == "campers":
        return min(moves, key=lambda i: (row(i), i))
    if moves and pick.random() < 0.4:
        return pick.choice(moves)
    return "end" if "end" in ids else ids[0]


def play(page: Any, action: str) -> None:
    """Click the action's button, opening the fold it is in ("Moves (6)") first if shut."""
    button = page.locator(f'button[data-action="{action}"]')
    if not button.is_visible():
        page.locator("#actions details.fold", has=button).locator("summary").click()
    click_and_wait(page, f'#actions button[data-action="{action}"]')


def leaks(page: Any, seat: str) -> list[str]:
    """What the page shows that its seat may not know, while the game goes on (at its end
    every seat is shown the secrets)."""
    found = []
    text = page.inner_text("body")
    real = page.locator(".pr-token.camper.real, .pr-token.townsfolk.real").count()
    cards = " ".join(page.locator(".pr-card").all_inner_texts())
    # read after what it shows: a page that showed the end's secrets says "over" by now (the
    # other seat's click may have ended the game since this loop's statuses were read)
    if page.get_attribute("body", "data-status") == "over":
        return []
    if seat == "campers":
        if "sinister" in cards or '"sinister": true' in text:
            found.append("a sinister townsperson shown to the campers")
    else:
        if real:
            found.append("a camper's real hide token ringed on the raiders' page")
        if "(you)" in text or "You are token" in text:
            found.append("a camper's real token named on the raiders' page")
    return found


def settled(pages: dict[str, Any]) -> dict[str, str]:
    """Each page's status once one of them has a decision or the game is over (the agent's
    moves in between arrive by themselves)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        statuses = {seat: page.get_attribute("body", "data-status")
                    for seat, page in pages.items()}
        if {"your-turn", "over"} & set(statuses.values()):
            return statuses
        next(iter(pages.values())).wait_for_timeout(100)
    raise AssertionError(f"no page had a decision within {TIMEOUT_MS} ms: {statuses}")


def test_two_people_play_a_short_game_to_its_end(server: Server, tmp_path: Path) -> None:
    made = server.create("psycho-raiders",
                         options={"players": 3, "max-turns": 3, "events": "none"},
                         seats={"fluke-torch": "heuristic"}, seed=7)
    assert set(made["seats"]) == {"campers", "spud-beau"}
    with sync_api.sync_playwright() as playwright:
        browser: Any = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        errors: list[str] = []
        pages: dict[str, Any] = {}
        try:
            for seat, viewport in (("campers", PHONE), ("spud-beau", DESKTOP)):
                context = browser.new_context(viewport=viewport)
                context.set_default_timeout(TIMEOUT_MS)
                page = context.new_page()
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.goto(made["seats"][seat]["url"])
                page.wait_for_selector("svg.pr-map g.hex")
                pages[seat] = page
            pick, clicks, seen_real, problems = random.Random(1), 0, False, []
            while clicks < MOST_CLICKS:
                statuses = settled(pages)
                if "over" in statuses.values():
                    break
                for seat, page in pages.items():
                    problems += leaks(page, seat)
                    seen_real = seen_real or page.locator(".pr-token.real").count() > 0
                    if statuses[seat] != "your-turn":
                        continue
                    ids = [b.get_attribute("data-action")
                           for b in page.locator("button[data-action]").all()]
                    play(page, choose(seat, ids, pick))
                    clicks += 1
            for seat, page in pages.items():
                page.wait_for_selector('body[data-status="over"]', state="attached")
                page.screenshot(path=str(shots(tmp_path) / f"psycho-raiders-{seat}-end.png"),
                                full_page=True)
                assert "Game over" in page.inner_text("body")
        finally:
            for page in pages.values():
                page.context.close()
            browser.close()
    assert problems == [] and errors == []
    assert seen_real  # the campers hid, and their page ringed their real token
    outcome = server.get(made["id"], made["seats"]["campers"]["token"])["outcome"]
    assert outcome is not None


def box(page: Any, selector: str) -> dict[str, float]:
    """The element's box once it is shown: a tap may have the page redraw it (the ruler's
    answer, an agent's move), and between the old one going and the new one standing
    Playwright's bounding_box answers None."""
    element = page.locator(selector).first
    for _ in range(50):
        element.wait_for(state="visible")
        found: dict[str, float] | None = element.bounding_box()
        if found is not None:
            return found
        page.wait_for_timeout(20)
    raise AssertionError(f"{selector} never stood still long enough to be measured")


def campers_page(server: Server, browser: Any, viewport: dict[str, int]) -> tuple[Any, Any]:
    """(context, page) of the campers' seat at their first decision, the raiders an agent."""
    made = server.create("psycho-raiders", seats={"raiders": "random"}, seed=5)
    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(made["seats"]["campers"]["url"])
    page.wait_for_selector('body[data-status="your-turn"]', state="attached")
    page.wait_for_selector("svg.pr-map g.hex")
    return context, page


def test_the_legend_names_every_mark_and_the_buildings_are_named(server: Server,
                                                                browser: Any) -> None:
    context, page = campers_page(server, browser, DESKTOP)
    try:
        legend = page.locator(".pr-legend")
        assert legend.is_visible()
        text = legend.inner_text()
        for mark in ("long grass", "graveyard", "lake", "building", "you may move there",
                     "attack", "streetlight", "raider", "camper", "townsperson",
                     "your real token", "vehicle", "weapons lying there", "fire"):
            assert mark in text, mark
        names = page.locator("svg.pr-map text.pr-building").all_text_contents()
        assert {"Sheriff's Station", "Gas Station", "Chapel"} <= set(names)
        # the hex's tooltip names its building and who stands there
        view = server.get(*game_and_token(page))["view"]
        hex_name, building = next(iter(view["map"]["footprints"].items()))
        title = page.locator(f'svg.pr-map g.hex[data-space="{hex_name}"] title')
        assert building in (title.text_content() or "")
    finally:
        context.close()


def on_page(body: str) -> str:
    """A script for page.evaluate: `body` run with the seat's payload fetched afresh (`D` the
    page's Deadtable, `arg` evaluate's argument), to feed the renderer offers of its own."""
    return ("async (arg) => {\n  const D = window.Deadtable;\n"
            "  const url = location.pathname.replace('/games/', '/api/games/') + location.search;\n"
            "  const payload = await (await fetch(url)).json();\n" + body + "}")


def game_and_token(page: Any) -> tuple[str, str]:
    url = page.url  # /games/<id>?token=<token>
    return url.split("/games/")[1].split("?")[0], url.split("token=")[1]


def test_a_piece_the_seat_may_attack_is_outlined_and_clicked(server: Server,
                                                            browser: Any) -> None:
    """The renderer reads an attack offer's own arguments (the game's Action for attacking
    Ginger, as attacks.py makes it) and outlines the hex Ginger stands on, in red, which
    plays it when clicked."""
    attack = _verb_action("attack", "ginger", "Ginger")
    offer = {"id": attack.id, "label": attack.label, "args": attack.args}
    context, page = campers_page(server, browser, DESKTOP)
    try:
        chosen = page.evaluate(on_page("""
            const ginger = payload.view.characters.find((c) => c.name === "Ginger");
            ginger.vehicle = null;  // standing on the map, not in the pickup
            payload.decision.actions = [arg];
            const board = document.createElement("div");
            document.body.append(board);
            let played = null;
            D.act = (id) => { played = id; };
            D.renderers["psycho-raiders"](payload.view, board, payload);
            const target = board.querySelector("g.hex.target");
            if (target) target.dispatchEvent(new MouseEvent("click"));
            return {id: played, space: ginger.tokens[0].space,
              targets: [...board.querySelectorAll("g.hex.target")].map((g) => g.dataset.space),
              stroke: target && target.querySelector("polygon").getAttribute("stroke")};
        """), offer)
        assert chosen["id"] == attack.id
        assert chosen["targets"] == [chosen["space"]]
        assert chosen["stroke"] == "#ff5a4a"
    finally:
        context.close()


def test_on_a_desktop_the_whole_map_fits_the_window_beside_the_choices(
        server: Server, browser: Any, tmp_path: Path) -> None:
    """At 1366x900 one scroll shows the whole map and, beside it, the prompt with Undo on its
    line and every button: a tap on the map and a button press need no scrolling between."""
    context, page = campers_page(server, browser, {"width": 1366, "height": 900})
    try:
        right = map_and_choices_in_sight(page, 900)
        page.screenshot(path=str(shots(tmp_path) / "psycho-raiders-desktop.png"))
        assert page.locator(".pr-cards-box").get_attribute("open") is not None
        cards = box(page, ".pr-cards-box")
        assert cards["x"] >= right  # beside the map, not under it
        assert box(page, "#events")["x"] >= cards["x"] + cards["width"]  # the log beside them
    finally:
        context.close()


def map_and_choices_in_sight(page: Any, height: int) -> float:
    """With Dawn's turn chosen and the page scrolled to the map's bottom: the whole map in
    the window, and beside it the prompt, Undo on its line and every button. The map's
    right edge."""
    click_and_wait(page, 'button[data-action="turn:dawn"]')
    page.evaluate("document.querySelector('svg.pr-map').scrollIntoView({block: 'end'})")
    drawn = box(page, "svg.pr-map")
    assert drawn["height"] <= height - 100  # the whole map, with room for its ruler line
    assert drawn["y"] >= 0 and drawn["y"] + drawn["height"] <= height + 1  # rounding
    right = drawn["x"] + drawn["width"]
    prompt, undo = box(page, "#prompt"), box(page, "#undo")
    assert prompt["x"] >= right and prompt["y"] >= 0  # beside the map, in sight
    assert undo["y"] < prompt["y"] + prompt["height"]  # on the prompt's line
    for button in page.locator("#actions > button, #actions summary").all():
        place = button.bounding_box()
        assert place["x"] >= right and place["y"] + place["height"] <= height
    return right


def test_on_a_phone_the_choices_follow_the_map(server: Server, browser: Any,
                                              tmp_path: Path) -> None:
    context, page = campers_page(server, browser, PHONE)
    try:
        assert page.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
        fold = page.locator(".pr-cards-box")
        assert fold.get_attribute("open") is None
        assert "Randy" in fold.locator("summary").inner_text()
        gap = box(page, "#actions")["y"] - (box(page, ".pr-map-box")["y"]
                                            + box(page, ".pr-map-box")["height"])
        assert gap < 450, f"{gap:.0f} px between the map and the choices"
        page.screenshot(path=str(shots(tmp_path) / "psycho-raiders-phone.png"), full_page=True)
        # unfolded, the cards stay open across the next move's redraw
        fold.locator("summary").click()
        click_and_wait(page, 'button[data-action="turn:randy"]')
        assert page.locator(".pr-cards-box").get_attribute("open") is not None
        assert page.locator(".pr-card").first.is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_ruler_says_and_draws_sight_and_line_of_fire(server: Server, browser: Any,
                                                        size: str, tmp_path: Path) -> None:
    """With the ruler on, two taps measure between two hexes: the server's answer in words
    (hexes, sight for hiding, line of fire), written under the map so that the map stays
    still under the finger, and its line on the map; moves are not played."""
    viewport = PHONE if size == "phone" else {"width": 1366, "height": 900}
    context, page = campers_page(server, browser, viewport)
    try:
        step = page.get_attribute("body", "data-step")
        page.click('button[data-tool="ruler"]')
        assert page.get_attribute('button[data-tool="ruler"]', "aria-pressed") == "true"
        where = None
        for space in ("3,29", "7,24"):
            page.click(f'svg.pr-map g.hex[data-space="{space}"]', force=True)
            at = (box(page, ".pr-map-box")["y"],
                  page.evaluate("document.querySelector('.pr-map-box').scrollLeft"))
            assert where in (None, at), f"the map moved from {where} to {at} between taps"
            where = at
        said = page.wait_for_selector(".pr-ruler[data-clear]")
        assert box(page, ".pr-map-box")["y"] == where[0]
        frame = box(page, ".pr-map-box")
        assert box(page, ".pr-ruler")["y"] >= frame["y"] + frame["height"]  # under the map
        text = said.inner_text()
        assert text.startswith("3,29 to 7,24: 6 hexes") and "line of fire (14.3)" in text
        assert page.locator("svg.pr-map .pr-ruler-end").count() == 2
        assert page.locator("svg.pr-map .pr-ruler-line").count() >= 1
        assert page.get_attribute("body", "data-step") == step  # nothing was played
        assert page.evaluate("document.documentElement.scrollWidth") == viewport["width"]
        page.screenshot(path=str(shots(tmp_path) / f"psycho-raiders-ruler-{size}.png"))
        page.click('button[data-tool="ruler"]')  # off: the marks go
        assert page.locator("svg.pr-map .pr-ruler-end").count() == 0
    finally:
        context.close()


def dawns_space(server: Server, page: Any) -> str:
    view = server.get(*game_and_token(page))["view"]
    space: str = next(c for c in view["characters"] if c["name"] == "Dawn")["tokens"][0]["space"]
    return space


def test_on_a_phone_the_moves_fold_into_one_line_and_a_tap_on_a_hex_moves(
        server: Server, browser: Any, tmp_path: Path) -> None:
    """Dawn's turn offers six moves and five Adrenaline steps: each folds into one line
    ("Moves (6)", "Adrenaline (5)") among the other buttons, Undo stays on the prompt's line,
    a tap on a gold hex moves her there, and a fold opened stays open at the next step."""
    context, page = campers_page(server, browser, PHONE)
    try:
        click_and_wait(page, 'button[data-action="turn:dawn"]')
        offered = server.get(*game_and_token(page))["decision"]["actions"]
        moves = page.locator('#actions details.fold[data-group="Moves"]')
        assert moves.get_attribute("open") is None
        assert moves.locator("summary").inner_text().startswith(
            f"Moves ({sum(a['id'].startswith('move:') for a in offered)})")
        assert page.locator('#actions details.fold[data-group="Adrenaline"]').count() == 1
        # every choice is still a button, reachable by Tab and a screen reader once unfolded
        assert page.locator("#actions button[data-action]").count() == len(offered)
        shown = [b for b in page.locator("#actions button[data-action]").all() if b.is_visible()]
        assert len(shown) <= 5
        prompt, undo = box(page, "#prompt"), box(page, "#undo")
        assert undo["y"] < prompt["y"] + prompt["height"]  # the two boxes share a line
        assert prompt["y"] < undo["y"] + undo["height"]
        assert undo["x"] >= prompt["x"] + prompt["width"]  # beside it, on its line
        page.screenshot(path=str(shots(tmp_path) / "psycho-raiders-phone-folds.png"),
                        full_page=True)
        moves.locator("summary").click()
        target = page.locator("svg.pr-map g.hex.reach").first.get_attribute("data-space")
        step = page.get_attribute("body", "data-step")
        page.locator(f'svg.pr-map g.hex.reach[data-space="{target}"]').tap()
        page.wait_for_selector(f'body:not([data-step="{step}"])', state="attached")
        assert dawns_space(server, page) == target
        again = page.locator('#actions details.fold[data-group="Moves"]')
        assert again.get_attribute("open") is not None  # the person's fold kept
        # her two ways to hide stay in sight: too few to fold
        hides = [a["id"] for a in server.get(*game_and_token(page))["decision"]["actions"]
                 if a["id"].startswith("hide:")]
        assert len(hides) == 2
        for hide in hides:
            assert page.locator(f'button[data-action="{hide}"]').is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1366, 900), (1280, 720), (1000, 800), (900, 700)])
def test_the_whole_map_is_in_the_window_as_the_page_opens(server: Server, browser: Any,
                                                          size: tuple[int, int]) -> None:
    """Unscrolled, the map's bottom rows (where the campers start) are in the window: its
    height leaves room for all that stands above it (they were 70 px under the edge)."""
    width, height = size
    context, page = campers_page(server, browser, {"width": width, "height": height})
    try:
        assert page.evaluate("window.scrollY") == 0
        drawn = box(page, "svg.pr-map")
        assert drawn["y"] + drawn["height"] <= height
        assert box(page, "#prompt")["y"] < height / 3  # beside it, near the top
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1366, 900), (1000, 800), (900, 700)])
def test_beside_the_map_the_moves_start_unfolded(server: Server, browser: Any,
                                                 size: tuple[int, int], tmp_path: Path) -> None:
    """From 900 px wide, where the choices stand beside the map, "Moves" starts open (folded
    for a phone's sake, it hid six buttons where there was room for them), its buttons in
    sight; the Adrenaline steps stay folded. Shut by the person, it stays shut at their
    next step."""
    width, height = size
    context, page = campers_page(server, browser, {"width": width, "height": height})
    try:
        click_and_wait(page, 'button[data-action="turn:dawn"]')
        moves = page.locator('#actions details.fold[data-group="Moves"]')
        assert moves.get_attribute("open") is not None
        buttons = moves.locator("button[data-action]")
        assert buttons.count() >= 2
        for button in buttons.all():
            place = button.bounding_box()
            assert button.is_visible() and place["y"] + place["height"] <= height
        assert page.locator('#actions details.fold[data-group="Adrenaline"]')\
            .get_attribute("open") is None
        page.screenshot(path=str(shots(tmp_path) / f"psycho-raiders-moves-{width}.png"))
        moves.locator("summary").click()
        assert moves.get_attribute("open") is None
        target = page.locator("svg.pr-map g.hex.reach").first.get_attribute("data-space")
        click_and_wait(page, f'svg.pr-map g.hex.reach[data-space="{target}"]')
        assert dawns_space(server, page) == target
        again = page.locator('#actions details.fold[data-group="Moves"]')
        assert again.count() == 1 and again.get_attribute("open") is None  # kept shut
    finally:
        context.close()


def test_a_folded_choice_is_played_by_its_key_only_once_its_fold_is_open(
        server: Server, browser: Any) -> None:
    """A window under 900 px wide (the choices under the map) folds the moves."""
    context, page = campers_page(server, browser, {"width": 800, "height": 900})
    try:
        click_and_wait(page, 'button[data-action="turn:dawn"]')
        first = page.locator('#actions details.fold[data-group="Moves"] button').first
        key = first.get_attribute("data-key")
        action = first.get_attribute("data-action")
        assert key and action
        step = page.get_attribute("body", "data-step")
        page.keyboard.press(key)
        page.wait_for_timeout(300)
        assert page.get_attribute("body", "data-step") == step  # shut: nothing played
        page.locator('#actions details.fold[data-group="Moves"] summary').focus()
        page.keyboard.press("Enter")  # opened from the keyboard
        page.keyboard.press(key)
        page.wait_for_selector(f'body:not([data-step="{step}"])', state="attached")
        assert dawns_space(server, page) == action.rsplit(":", 1)[1]
    finally:
        context.close()


def test_on_a_phone_zoom_in_makes_hexes_a_fingertip_and_scrolls_both_ways(
        server: Server, browser: Any, tmp_path: Path) -> None:
    context, page = campers_page(server, browser, PHONE)
    try:
        click_and_wait(page, 'button[data-action="turn:dawn"]')
        before = box(page, "svg.pr-map")["width"]
        page.click('button[data-tool="zoom"]')
        assert page.inner_text('button[data-tool="zoom"]') == "− Zoom out"
        drawn, frame = box(page, "svg.pr-map"), box(page, ".pr-map-box")
        assert drawn["width"] >= 1.9 * before
        hex_box = box(page, "svg.pr-map g.hex polygon")
        assert hex_box["width"] >= 40, f"a hex {hex_box['width']:.0f} px wide"
        assert drawn["width"] > frame["width"] and drawn["height"] > frame["height"]
        assert frame["height"] <= PHONE["height"] * 0.7  # the choices still follow it
        # the box is scrolled to Dawn's moves, in sight inside it
        reach = box(page, "svg.pr-map g.hex.reach")
        for at, size in (("x", "width"), ("y", "height")):
            assert frame[at] <= reach[at]
            assert reach[at] + reach[size] <= frame[at] + frame[size]
        assert page.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
        page.screenshot(path=str(shots(tmp_path) / "psycho-raiders-phone-zoom.png"))
        target = page.locator("svg.pr-map g.hex.reach").first.get_attribute("data-space")
        step = page.get_attribute("body", "data-step")
        page.locator(f'svg.pr-map g.hex.reach[data-space="{target}"]').tap()
        page.wait_for_selector(f'body:not([data-step="{step}"])', state="attached")
        assert dawns_space(server, page) == target
        assert page.inner_text('button[data-tool="zoom"]') == "− Zoom out"  # still zoomed
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1000, 800), (1100, 800), (1199, 760), (900, 700)])
def test_between_a_phone_and_a_wide_desktop_the_map_fits_beside_the_choices(
        server: Server, browser: Any, size: tuple[int, int], tmp_path: Path) -> None:
    """From 900 to 1199 px wide the map fits the window's height with the choices beside it,
    and the event log beside it too, right under the choices and before the rooms and the
    characters (it was under the whole page, a screen or two down)."""
    width, height = size
    context, page = campers_page(server, browser, {"width": width, "height": height})
    try:
        right = map_and_choices_in_sight(page, height)
        page.screenshot(path=str(shots(tmp_path) / f"psycho-raiders-{width}.png"))
        events, choices = box(page, "#events"), box(page, "#choices")
        assert events["x"] >= right
        assert 0 <= events["y"] - (choices["y"] + choices["height"]) <= 20
        assert events["y"] + events["height"] <= box(page, "#board-after")["y"]
        assert page.evaluate("document.documentElement.scrollWidth") == width
    finally:
        context.close()


def test_appear_anywhere_is_a_tap_on_the_map_and_its_offers_fold(server: Server,
                                                                  browser: Any) -> None:
    """Appear Anywhere offers every hex and room (16.2): the renderer leaves its hexes
    without the gold outline (it would cover the town and hide the steps) and a tap on one
    plays it; it asks the page to fold the offers into one line, and on a phone folds the
    rooms' list (one button each) and the key under one line each."""
    context, page = campers_page(server, browser, PHONE)
    try:
        drawn = page.evaluate(on_page("""
            const places = [...payload.view.map.hexes.map(([name]) => name),
              ...payload.view.map.rooms.map(([name]) => name)];
            payload.decision.actions = places.map((name) => ({id: `appear:${name}`,
              label: `Appear Anywhere: to ${name} (16.2)`, args: {verb: "appear", space: name}}));
            const board = document.createElement("div");
            document.body.append(board);
            let played = null;
            D.act = (id) => { played = id; };
            const result = D.renderers["psycho-raiders"](payload.view, board, payload);
            const hex = board.querySelector('g.hex[data-space="5,5"]');
            hex.dispatchEvent(new MouseEvent("click"));
            return {played, groups: result.groups, offered: places.length,
              reach: board.querySelectorAll("g.hex.reach").length,
              hexes: payload.view.map.hexes.length,
              rooms: result.after.querySelector("details.pr-rooms-box").open,
              roomButtons: result.after.querySelectorAll("details.pr-rooms-box button").length,
              key: board.querySelector("details.pr-key").open};
        """))
        assert drawn["played"] == "appear:5,5"
        assert drawn["reach"] == 0
        [group] = drawn["groups"]
        assert group["name"] == "Appear" and len(group["ids"]) == drawn["offered"]
        assert "tap any hex" in group["note"]
        assert drawn["roomButtons"] == drawn["offered"] - drawn["hexes"]
        assert drawn["rooms"] is False and drawn["key"] is False  # folded on a phone
    finally:
        context.close()


def test_zoomed_in_the_others_moves_leave_the_map_where_the_person_looks(
        server: Server, browser: Any) -> None:
    """While the seat waits, each of the others' steps redraws the map: it stays scrolled
    where the person left it; at the seat's next decision it scrolls to the hexes offered."""
    context, page = campers_page(server, browser, PHONE)
    try:
        click_and_wait(page, 'button[data-action="turn:dawn"]')
        page.click('button[data-tool="zoom"]')
        kept = page.evaluate(on_page("""
            const board = document.getElementById("board");
            const draw = (changes) => {
              const next = Object.assign({}, payload, changes);
              D.renderers["psycho-raiders"](payload.view, board, next);
              const box = board.querySelector(".pr-map-box");
              return [box.scrollLeft, box.scrollTop];
            };
            board.querySelector(".pr-map-box").scrollTo(120, 150);
            await new Promise((done) => requestAnimationFrame(done));
            const waiting = draw({step: payload.step + 1, decision: null});
            const deciding = draw({step: payload.step + 2});
            const box = board.querySelector(".pr-map-box").getBoundingClientRect();
            const reach = board.querySelector("g.hex.reach").getBoundingClientRect();
            return {waiting, deciding, inside: reach.top >= box.top && reach.bottom <= box.bottom
              && reach.left >= box.left && reach.right <= box.right};
        """))
        assert kept["waiting"] == [120, 150]
        assert kept["deciding"] != [120, 150] and kept["inside"]
    finally:
        context.close()


def test_a_tap_on_a_hex_two_tokens_may_reach_asks_which_under_the_map(server: Server,
                                                                      browser: Any) -> None:
    """A hidden character's two tokens may both move to one hex: a tap on it plays nothing
    but offers both under the map (its ring on the map), scrolled into sight, where a tap on
    one plays it."""
    context, page = campers_page(server, browser, PHONE)
    try:
        asked = page.evaluate(on_page("""
            payload.decision.actions = [1, 2].map((token) => ({id: `move:${token}:5,5`,
              label: `Token ${token} moves to 5,5 (1 Speed)`,
              args: {verb: "move", token, space: "5,5"}}));
            const board = document.createElement("div");
            document.body.append(board);
            const played = [];
            D.act = (id) => { played.push(id); };
            D.renderers["psycho-raiders"](payload.view, board, payload);
            board.querySelector('g.hex[data-space="5,5"]').dispatchEvent(new MouseEvent("click"));
            const before = played.length;
            const line = board.querySelector(".pr-which");
            const shown = line.getBoundingClientRect();
            const seen = shown.top >= 0 && shown.bottom <= innerHeight;  // scrolled into sight
            const map = board.querySelector(".pr-map-box").getBoundingClientRect();
            const offers = [...line.querySelectorAll("button")];
            offers[1].click();
            const ring = board.querySelectorAll("svg.pr-map .pr-ruler-end").length;
            const under = line.getBoundingClientRect().top >= map.bottom;
            return {before, played, text: line.textContent, ring, under, seen};
        """))
        assert asked["before"] == 0  # the tap alone played nothing
        assert asked["text"].startswith("5,5: which?") and "Token 1 moves" in asked["text"]
        assert asked["played"] == ["move:2:5,5"]
        assert asked["ring"] == 1 and asked["under"] and asked["seen"]
    finally:
        context.close()


def test_a_phone_on_its_side_draws_the_map_to_tap_not_to_fit(server: Server,
                                                            browser: Any) -> None:
    """844x390 is too short to fit the map's height: it is drawn across the width instead,
    its hexes a tap wide, and the page no wider than the screen."""
    context, page = campers_page(server, browser, {"width": 844, "height": 390})
    try:
        hex_box = box(page, "svg.pr-map g.hex polygon")
        assert hex_box["width"] >= 30, f"a hex {hex_box['width']:.0f} px wide"
        assert page.evaluate("document.documentElement.scrollWidth") == 844
    finally:
        context.close()
