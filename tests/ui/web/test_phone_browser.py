"""The pages as players, spectators and screen readers meet them: every game and the lobby on a
390 px phone (nothing wider than the screen, touch-sized buttons, the board still in view
after each move), the end screen's ways on, the lobby's list of this browser's games and its
copy buttons, no rulebook-audit references, the event log's heading, Chainsaw Warrior's
Endurance track, labels for screen readers, and /docs under its own Content-Security-Policy.

Screenshots go to the test's tmp folder, or to DEADTABLE_SHOTS=dir."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser, shots

__all__ = ["browser"]  # the fixture, shared with the Left 4 Dead browser tests
pytestmark = pytest.mark.browser  # left out of `make test-fast`

PHONE = {"width": 390, "height": 844}
AUDIT = re.compile(r"\bA-\d+\b")  # a rulebook-audit reference, for developers only
GAMES = {
    "one-against-the-dead": {"seed": 3, "options": {"row": 2}},
    "chainsaw-warrior": {"seed": 5},
    "left-4-dead": {"seed": 2, "seats": {"infected": "random"}},
}
# A city 22 cards long scrolls in its own box rather than shrink past reading.
SETUPS = {**GAMES, "one-against-the-dead:row=20": {"seed": 1, "options": {"row": 20}}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`deadtable serve` with every registered game; agents without a pause."""
    db = tmp_path_factory.mktemp("phone") / "games.sqlite"
    running = Server(db, [sys.executable, "-c", "from deadtable.ui.cli import main; main()",
                          "serve", "--agent-pause", "0"])
    running.start()
    yield running
    running.stop()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(TIMEOUT_MS)
    yield context
    context.close()


def width(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def board_in_view(page: Any) -> bool:
    return bool(page.evaluate("""() => {
        const r = document.getElementById("board").getBoundingClientRect();
        return r.bottom > 40 && r.top < window.innerHeight - 40;
    }"""))


def wait_for_turn(page: Any) -> str:
    page.wait_for_selector('body[data-status="your-turn"], body[data-status="over"]',
                           state="attached")
    return str(page.get_attribute("body", "data-status"))


def tap_and_wait(page: Any, selector: str) -> None:
    step = page.get_attribute("body", "data-step")
    button = page.locator(selector)
    button.scroll_into_view_if_needed()
    button.tap()
    page.wait_for_selector(f'body:not([data-step="{step}"])', state="attached")


@pytest.mark.parametrize("setup", list(SETUPS))
def test_each_game_fits_a_phone_and_the_board_stays_in_view_after_a_move(
        server: Server, phone: Any, setup: str, tmp_path: Path) -> None:
    game = setup.split(":")[0]
    made = server.create(game, **SETUPS[setup])
    seat = next(iter(made["seats"]))
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(made["seats"][seat]["url"])
    page.wait_for_selector("#board svg")
    folder = shots(tmp_path)
    for move in range(4):
        if wait_for_turn(page) == "over":
            break
        assert width(page) <= PHONE["width"], f"wider than the phone before move {move}"
        for box in page.locator("button.action:visible").all()[:6]:
            assert box.bounding_box()["height"] >= 44, "a button too small for a fingertip"
        tap_and_wait(page, "button.action:visible >> nth=0")
        assert board_in_view(page), f"the board scrolled away after move {move}"
        assert width(page) <= PHONE["width"], f"wider than the phone after move {move}"
        page.screenshot(path=str(folder / f"phone-{setup.replace(':', '-')}-{move}.png"))
    assert not AUDIT.search(page.inner_text("body")), "an audit reference shown to a player"
    assert not errors, errors


def test_the_lobby_fits_a_phone_with_every_games_form(server: Server, phone: Any,
                                                      tmp_path: Path) -> None:
    page = phone.new_page()
    page.goto(f"{server.base}/")
    page.wait_for_selector("button.game")
    assert width(page) <= PHONE["width"]
    for game in GAMES:
        page.locator(f'button[data-game="{game}"]').tap()
        page.wait_for_selector('#new-title:has-text("New game")')
        assert width(page) <= PHONE["width"], f"the {game} form is wider than the phone"
        assert not AUDIT.search(page.inner_text("#new-game")), "an audit reference in the form"
    page.screenshot(path=str(shots(tmp_path) / "phone-lobby.png"), full_page=True)


def test_the_end_screen_leads_on_and_the_lobby_keeps_this_browsers_games(
        server: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/")
        page.click('button[data-game="one-against-the-dead"]')
        assert page.locator("#my-games").is_hidden(), "no games kept yet"
        page.fill('[data-option="row"]', "1")
        page.fill("#seed", "8")  # the row's change redraws the seats: wait for it
        page.wait_for_load_state("networkidle")
        page.fill('[data-seat="player"]', "heuristic")
        page.click("#create-button")
        page.wait_for_selector("a.spectator-link")
        assert page.locator("a.seat-link").count() == 0, "the agent's seat has no link"
        watch_url = page.get_attribute("a.spectator-link", "href")
        # Copy link: the spectator's link on the clipboard.
        copy = page.locator("#links button.copy").last
        copy.click()
        page.wait_for_selector('#links button.copy[data-copied="yes"]')
        assert page.evaluate("navigator.clipboard.readText()") == watch_url
        # The lobby lists the game, with its link, at once and after a reload.
        page.reload()
        page.wait_for_selector("#my-games:not([hidden])")
        kept = page.locator("#my-game-list li")
        assert kept.count() == 1 and "One Against the Dead" in kept.inner_text()
        assert kept.locator("a.resume").get_attribute("href") == watch_url
        assert kept.locator("a.resume").inner_text() == "Watch"
        # The game of agents, watched to its end: the result in words, and the ways on.
        kept.locator("a.resume").click()
        page.wait_for_selector('body[data-status="over"]', state="attached")
        status = page.inner_text("#status")
        assert re.match(r"Game over: player (won|lost) \(\w[\w ]*\)", status), status
        assert "scores:" not in status and not AUDIT.search(page.inner_text("body"))
        page.click("#copy-link")
        page.wait_for_selector('#copy-link[data-copied="yes"]')
        assert page.evaluate("navigator.clipboard.readText()") == page.url
        page.click("a.new-game")
        page.wait_for_selector("#new-game:not([hidden])")
        assert page.inner_text("#new-title") == "New game: One Against the Dead (dice variant)"
        assert "over" in page.inner_text("#my-game-list li")
        page.goto(watch_url)
        page.wait_for_selector('body[data-status="over"]', state="attached")
        page.click("a.to-lobby")
        page.wait_for_selector("#my-games:not([hidden])")
        page.click("#my-game-list button.forget")
        page.wait_for_selector("#my-games[hidden]", state="attached")
        assert page.evaluate("localStorage.getItem('deadtable.games')") == "{}"
    finally:
        context.close()


def test_the_event_logs_heading_covers_no_line(server: Server, browser: Any) -> None:
    made = server.create("chainsaw-warrior", seed=5)
    context = browser.new_context(viewport={"width": 1280, "height": 500})
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(made["seats"]["warrior"]["url"])
        while page.evaluate("document.getElementById('log').scrollHeight") <= page.evaluate(
                "document.getElementById('log').clientHeight") + 40:
            assert wait_for_turn(page) == "your-turn", "the game ended before the log was long"
            tap = page.locator("button.action >> nth=0")
            step = page.get_attribute("body", "data-step")
            tap.click()
            page.wait_for_selector(f'body:not([data-step="{step}"])', state="attached")
        for where in (0.3, 0.6, 1.0):
            covered = page.evaluate("""(where) => {
                const log = document.getElementById("log");
                log.scrollTop = (log.scrollHeight - log.clientHeight) * where;
                document.getElementById("events").scrollIntoView({block: "start"});
                const top = log.getBoundingClientRect().top;
                const line = [...log.children].find(
                    (li) => li.getBoundingClientRect().bottom > top + 8);
                const r = line.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + 30, Math.max(r.top, top) + 3);
                return line.contains(hit) ? null
                    : `${hit.tagName} ${hit.id} ${hit.textContent.slice(0, 40)}`;
            }""", where)
            assert covered is None, f"a log line is covered by {covered} at {where}"
    finally:
        context.close()


def test_boards_are_labelled_for_screen_readers_and_the_endurance_track_is_drawn(
        server: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        cw = server.create("chainsaw-warrior", seed=5)
        page.goto(cw["seats"]["warrior"]["url"])
        page.wait_for_selector("svg.cw-endurance")
        warrior = server.get(cw["id"], cw["seats"]["warrior"]["token"])["view"]["warrior"]
        assert page.locator("svg.cw-endurance rect.endurance.on").count() == warrior["endurance"]
        assert page.get_attribute("svg.cw-endurance", "aria-label").startswith(
            f"Endurance {warrior['endurance']}; Radiation 0 of {warrior['endurance']}")
        for selector in ("svg.cw-clock", "svg.cw-wounds", "svg.cw-item"):
            assert page.get_attribute(selector, "aria-label"), selector

        oatd = server.create("one-against-the-dead", seed=3)
        page.goto(oatd["seats"]["player"]["url"])
        page.wait_for_selector("svg.city g.card")
        view = server.get(oatd["id"], oatd["seats"]["player"]["token"])["view"]
        assert page.get_attribute("svg.city", "role") == "group"
        labels = page.eval_on_selector_all("svg.city g.card",
                                           "cards => cards.map(c => c.getAttribute('aria-label'))")
        assert len(labels) == len(view["cards"]) and all(labels)
        assert sum("you are here" in label for label in labels) == 1
        assert sum(label.startswith("a face-down city block") for label in labels) == sum(
            not c["face_up"] for c in view["cards"])
        assert "placing cards" in page.inner_text("#board") or "moving" in page.inner_text(
            "#board"), "the phase in words, not the rules code's name"

        l4d = server.create("left-4-dead", seed=2, seats={"infected": "random"})
        page.goto(l4d["seats"]["survivors"]["url"])
        page.wait_for_selector("svg.l4d-map g.token.survivor")
        assert page.get_attribute("svg.l4d-map", "role") == "group"
        hexes = page.eval_on_selector_all("svg.l4d-map g.hex",
                                          "hs => hs.map(h => h.getAttribute('aria-label'))")
        assert hexes and all(h and h.startswith("space ") for h in hexes)
        tokens = page.eval_on_selector_all("svg.l4d-map g.token",
                                           "ts => ts.map(t => t.getAttribute('aria-label'))")
        assert tokens and all(t and ", on space " in t for t in tokens)
    finally:
        context.close()


SWAGGER_STANDIN = """
window.SwaggerUIBundle = function (config) {
  fetch(config.url).then((r) => r.json()).then((schema) => {
    const box = document.querySelector(config.dom_id);
    for (const path of Object.keys(schema.paths)) {
      const line = document.createElement("p");
      line.className = "path";
      line.textContent = path;
      box.append(line);
    }
  });
};
window.SwaggerUIBundle.presets = {apis: {}};
window.SwaggerUIStandalonePreset = {};
"""


def test_the_docs_page_runs_under_its_own_policy(server: Server, browser: Any) -> None:
    """Swagger UI's own files come from their CDN, which this machine may not reach: a stand-in
    is served in their place, so what is tested is the page's policy letting them run."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    refused: list[str] = []
    try:
        context.route("https://cdn.jsdelivr.net/**", lambda route: route.fulfill(
            status=200, body=SWAGGER_STANDIN if route.request.url.endswith(".js") else "",
            content_type="text/javascript" if route.request.url.endswith(".js")
            else "text/css"))
        page = context.new_page()
        page.on("console", lambda m: refused.append(m.text)
                if "Content Security Policy" in m.text else None)
        page.goto(f"{server.base}/docs")
        page.wait_for_selector('#swagger-ui p.path:has-text("/api/games/{game_id}/actions")')
        assert not refused, refused
    finally:
        context.close()
