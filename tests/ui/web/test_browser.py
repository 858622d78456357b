"""Browser tests: Playwright driving Debian's Chromium against `deadtable serve` running in a
subprocess on a free port. A whole game played by clicks, two seats in two browser contexts,
and a server killed with SIGKILL in the middle of a game and started again.

Chromium is /usr/bin/chromium (apt-get install chromium; .ci/run installs it). Without it these
tests are skipped, except under CI, where they fail.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx  # starlette's TestClient uses httpx2 too (plain httpx is deprecated there)
import pytest

from tests.extras import need
from tests.ui.web.games import CW, OATD

sync_api = need(
    "playwright.sync_api", reason="the web extra is not installed: pip install -e '.[web]'")

pytestmark = pytest.mark.browser  # left out of `make test-fast`

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[3]
TIMEOUT_MS = 15_000

if not os.path.exists(CHROMIUM):
    if os.environ.get("CI"):
        raise RuntimeError(f"{CHROMIUM} is missing; .ci/run should have installed chromium")
    pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium", allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """`deadtable serve` in a subprocess: started, killed with SIGKILL, started again."""

    def __init__(self, db: Path, command: list[str]) -> None:
        self.db = db
        self.port = free_port()
        self.command = command
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [*self.command, "--port", str(self.port), "--db", str(self.db)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                out = self.process.stdout.read().decode() if self.process.stdout else ""
                raise RuntimeError(f"the server exited ({self.process.returncode}): {out}")
            try:
                if httpx.get(f"{self.base}/api/catalogue", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def create(self, game: str, **body: Any) -> dict[str, Any]:
        response = httpx.post(f"{self.base}/api/games", json={"game": game, **body}, timeout=30)
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    def get(self, game_id: str, token: str) -> dict[str, Any]:
        response = httpx.get(f"{self.base}/api/games/{game_id}", params={"token": token},
                             timeout=10)
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the test games registered (tests/ui/web/server_main.py)."""
    db = tmp_path_factory.mktemp("web") / "games.sqlite"
    running = Server(db, [sys.executable, "-m", "tests.ui.web.server_main"])
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    made = browser.new_context(viewport={"width": 1280, "height": 900})
    made.set_default_timeout(TIMEOUT_MS)
    yield made
    made.close()


def step_of(page: Any) -> int:
    return int(page.get_attribute("body", "data-step"))


def click_and_wait(page: Any, selector: str) -> int:
    """Click an action button; wait until the page shows the next step. Returns that step."""
    step = step_of(page)
    page.click(selector)
    page.wait_for_selector(f'body:not([data-step="{step}"])', state="attached")
    return step_of(page)


def play_to_the_end(page: Any, limit: int = 400) -> None:
    for _ in range(limit):
        # Agents move after a human's move, on the server: wait for the next turn or the end.
        page.wait_for_selector('body[data-status="your-turn"], body[data-status="over"]',
                               state="attached")
        if page.get_attribute("body", "data-status") == "over":
            return
        click_and_wait(page, "button.action >> nth=0")
    raise AssertionError(f"the game did not end within {limit} clicks")


def test_a_whole_game_of_one_against_the_dead_played_by_clicks(
        server: Server, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.base}/")
    page.click(f'button[data-game="{OATD}"]')
    page.fill('[data-option="row"]', "3")
    page.select_option('[data-option="final-battle"]', "survive")
    page.fill("#seed", "5")
    page.click("#create-button")
    page.click('a.seat-link[data-seat="player"]')
    page.wait_for_selector('body[data-status="your-turn"]', state="attached")
    game_id = page.url.split("/games/")[1].split("?")[0]
    token = page.url.split("token=")[1]
    data = server.get(game_id, token)
    assert data["view"]["helicopter"] == [4, 0], "the lobby's row option reached the game"

    # The board: the city as SVG cards, you on the start, your life and the zombie dice.
    cards = data["view"]["cards"]
    assert page.locator("svg.city g.card").count() == len(cards)
    face_down = sum(1 for c in cards if not c["face_up"])
    assert face_down > 0 and page.locator("svg.city g.card.face-down").count() == face_down
    assert page.locator("svg.city g.you").count() == 1
    life = data["view"]["life"]
    assert page.inner_text('[data-stat="life"] .value') == f"{life}/{data['view']['life_max']}"
    assert page.locator("svg.track.life rect.on").count() == life
    # the weapons' powers: a zombie die dies on a roll at or under its fighter's weapon's
    assert page.inner_text('[data-stat="weapon"] .value') == "fists of fury · power 2"
    assert page.inner_text('[data-stat="powers"] .value') == (
        "fists 2 · bat 3 · chainsaw 4 · shotgun 5")
    buttons = page.locator("button.action")
    assert buttons.count() == len(data["decision"]["actions"])
    assert buttons.nth(0).locator("kbd").inner_text() == "1"
    assert page.locator("#log li").count() == len(data["view"]["log"])

    page.keyboard.press("1")  # the first action's shortcut
    page.wait_for_selector('body[data-step="1"]', state="attached")
    play_to_the_end(page)
    final = server.get(game_id, token)
    assert final["outcome"] is not None
    assert step_of(page) == final["step"] > 3
    status = page.inner_text("#status")
    result = {"win": "won", "loss": "lost"}[final["outcome"]["results"]["player"]]
    cause = final["outcome"]["cause"].replace("-", " ")
    score = final["outcome"]["scores"]["player"]
    assert status.startswith(f"Game over: you {result} ({cause}) — your score {score:g}.")
    assert page.locator("#status a.new-game").count() == 1
    assert page.locator("#status a.to-lobby").get_attribute("href") == "/"
    assert page.locator("button.action").count() == 0
    last, event = page.locator("#log li").last, final["view"]["log"][-1]
    assert last.inner_text().startswith(event["text"])  # then its why, small and muted
    assert event["why"] and last.locator(".why").inner_text() == event["why"]
    assert last.get_attribute("title") == event["why"]
    assert not errors, errors


def test_a_chainsaw_warrior_game_played_through_several_fights(
        server: Server, context: Any) -> None:
    created = server.create(CW, seed=5)
    game_id, token = created["id"], created["seats"]["warrior"]["token"]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(created["seats"]["warrior"]["url"])
    page.wait_for_selector('body[data-status="your-turn"]', state="attached")
    page.wait_for_selector("svg.cw-clock", state="attached")
    fights = 0
    in_fight = False
    for _ in range(200):
        if page.get_attribute("body", "data-status") == "over":
            break
        page.wait_for_selector('body[data-status="your-turn"]', state="attached")
        data = server.get(game_id, token)
        view = data["view"]
        # The board shows what the view says: the clock, the tracks, the equipment, the fight.
        assert page.inner_text('[data-stat="clock"] .clock') == view["clock"]
        w = view["warrior"]
        assert page.locator("svg.cw-endurance rect.rad.on").count() == min(
            w["radiation"], w["endurance"])
        assert page.locator("svg.cw-wounds rect.on").count() == w["wounds"]
        assert page.locator("svg.cw-item").count() == len(view["items"])
        for item in view["items"]:
            if item["uses"] is not None:
                shown = page.locator(f'svg.cw-item[data-item="{item["id"]}"] .uses').first
                assert shown.text_content() == str(item["uses"])
        fighting = page.locator('[data-fight="on"]').count() == 1
        assert fighting == (view["fight"] is not None)
        if fighting:
            for opponent in view["fight"]["opponents"]:
                assert page.locator(f'svg.cw-card[data-card="{opponent["id"]}"]').count() == 1
        fights += fighting and not in_fight
        in_fight = fighting
        click_and_wait(page, "button.action >> nth=0")
    final = server.get(game_id, token)
    assert final["outcome"] is not None and page.get_attribute("body", "data-status") == "over"
    assert fights >= 3, f"only {fights} fights"
    # Chainsaw Warrior words its own result ("Mission failed: ..., 26 minutes into the hour.")
    assert final["outcome_text"].startswith(("Mission accomplished", "Mission failed"))
    assert page.inner_text("#status").startswith(f"Game over: {final['outcome_text']}")
    assert not errors, errors
    # A spectator of this solo game sees what the warrior sees: the same board.
    watch = context.new_page()
    watch.goto(created["spectator"]["url"])
    watch.wait_for_selector('body[data-status="over"]', state="attached")
    # The first frame may be drawn before the game's renderer script has loaded (the generic
    # page); the board is redrawn when it arrives.
    watch.wait_for_selector("svg.cw-clock", state="attached")
    assert watch.locator("svg.cw-clock").count() == 1
    assert watch.locator("svg.cw-item").count() == len(final["view"]["items"])
    assert watch.locator("#log li").count() == len(final["view"]["log"])


def test_two_browsers_on_one_game_each_see_only_their_own_seat(
        server: Server, browser: Any) -> None:
    created = server.create("secret", seed=77)
    game_id = created["id"]
    words = {seat: server.get(game_id, created["seats"][seat]["token"])["view"]["my_word"]
             for seat in ("red", "blue")}
    pages = {}
    contexts = []
    for seat in ("red", "blue"):
        context = browser.new_context()
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        pages[seat] = context.new_page()
        pages[seat].goto(created["seats"][seat]["url"])
    watch_context = browser.new_context()
    contexts.append(watch_context)
    watch = watch_context.new_page()
    watch.goto(created["spectator"]["url"])
    try:
        red, blue = pages["red"], pages["blue"]
        red.wait_for_selector('body[data-status="your-turn"]', state="attached")
        blue.wait_for_selector('body[data-status="waiting"]', state="attached")
        blue.wait_for_selector('body[data-connection="up"]', state="attached")
        assert "Waiting for red" in blue.inner_text("#status")
        # No renderer of its own: the generic page lays the view out as a table.
        assert "my word" in red.inner_text("#board table.value")
        assert [red.locator("button.action kbd").nth(i).inner_text() for i in (0, 1)] == ["1", "2"]
        assert blue.locator("button.action").count() == 0

        click_and_wait(red, 'button.action[data-action="pass"]')
        # Blue's page hears of it over its WebSocket, and it is blue's turn there.
        blue.wait_for_selector('body[data-status="your-turn"][data-step="1"]', state="attached")
        red.wait_for_selector('body[data-status="waiting"]', state="attached")
        blue.keyboard.press("1")  # pass, by its shortcut
        red.wait_for_selector('body[data-status="your-turn"][data-step="2"]', state="attached")
        watch.wait_for_selector('body[data-step="2"]', state="attached")
        assert "red passes." in watch.inner_text("#log")

        for seat, page in pages.items():
            other = "blue" if seat == "red" else "red"
            html = page.content()
            assert words[seat] in html, f"{seat} should see its own word"
            assert words[other] not in html, f"{seat}'s page shows {other}'s word"
            assert f"Playing {seat}" in page.inner_text("#who")
        spectator_html = watch.content()
        assert words["red"] not in spectator_html and words["blue"] not in spectator_html
        assert watch.locator("button.action").count() == 0
    finally:
        for context in contexts:
            context.close()


def test_a_server_killed_mid_game_restarts_and_the_page_goes_on(
        tmp_path: Path, context: Any) -> None:
    """The real command line: deadtable serve, SIGKILL, deadtable serve on the same file."""
    cli = [sys.executable, "-c", "from deadtable.ui.cli import main; main()", "serve"]
    server = Server(tmp_path / "games.sqlite", cli)
    server.start()
    try:
        created = server.create(OATD, options={"row": 4}, seed=21)
        game_id, token = created["id"], created["seats"]["player"]["token"]
        page = context.new_page()
        page.goto(created["seats"]["player"]["url"])
        page.wait_for_selector('body[data-connection="up"][data-status="your-turn"]',
                               state="attached")
        click_and_wait(page, "button.action >> nth=0")
        click_and_wait(page, "button.action >> nth=-1")
        before = server.get(game_id, token)
        assert before["step"] == step_of(page) == 2

        server.kill()
        page.wait_for_selector('body[data-connection="down"]', state="attached")
        with pytest.raises(httpx.HTTPError):
            httpx.get(f"{server.base}/api/games/{game_id}", params={"token": token}, timeout=2)

        server.start()
        page.wait_for_selector('body[data-connection="up"]', state="attached")
        assert server.get(game_id, token) == before, "the game resumed exactly where it was"
        assert step_of(page) == 2
        play_to_the_end(page)
        assert server.get(game_id, token)["outcome"] is not None

        # The WebSocket handshake itself is refused with HTTP 403 for a wrong token.
        from websockets.exceptions import InvalidStatus
        from websockets.sync.client import connect

        with pytest.raises(InvalidStatus) as refused:
            connect(f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws?token=nope").close()
        assert refused.value.response.status_code == 403
    finally:
        server.stop()


def test_the_lobby_says_why_it_cannot_create_a_game(server: Server, context: Any) -> None:
    page = context.new_page()
    page.goto(f"{server.base}/")
    page.click('button[data-game="race"]')
    page.fill('[data-seat="player"]', "genius")
    page.click("#create-button")
    page.wait_for_selector("#create-error:has-text('unknown agent')")
    assert "valid agents: first, mcts, random" in page.inner_text("#create-error")
    assert page.locator("#created").is_hidden()
    page.fill('[data-seat="player"]', "random")
    page.click("#create-button")
    page.wait_for_selector("a.spectator-link")
    assert page.locator("a.seat-link").count() == 0, "an agent's seat gets no link"
    page.click("a.spectator-link")
    page.wait_for_selector('body[data-status="over"]', state="attached")
    assert "Watching" in page.inner_text("#who")
    assert "Game over" in page.inner_text("#status")


def test_the_lobby_seats_each_side_and_agents_play_on_the_server(
        server: Server, context: Any) -> None:
    page = context.new_page()
    page.goto(f"{server.base}/")
    page.click('button[data-game="night-watch"]')
    page.wait_for_selector('[data-seat="zombie-2"]')
    assert "hero-1 (heroes)" in page.inner_text("#seats")
    assert "zombie-2 (zombies)" in page.inner_text("#seats")
    page.fill('[data-seat="hero-2"]', "first")
    # Three players: the server says which seats that makes; what was typed stays.
    page.select_option('[data-option="players"]', "3")
    page.wait_for_selector('[data-seat="zombie-2"]', state="detached")
    assert page.input_value('[data-seat="hero-2"]') == "first"
    page.fill('[data-seat="zombie-1"]', "random")
    page.click("#create-button")
    page.wait_for_selector("a.spectator-link")
    assert [page.locator("a.seat-link").nth(0).get_attribute("data-seat")] == ["hero-1"]
    assert page.locator("a.seat-link").count() == 1
    page.click("a.seat-link")
    page.wait_for_selector('body[data-status="your-turn"]', state="attached")
    assert page.inner_text("#who") == "Playing hero-1 (heroes)"
    play_to_the_end(page)
    # The agents' moves reached this page over its WebSocket, after its own.
    log = page.inner_text("#log")
    assert "hero-2 " in log and "zombie-1 " in log and "Game over" in log


def test_an_agents_answer_that_arrives_before_the_response_leaves_the_buttons_live(
        server: Server, context: Any) -> None:
    """The agent answers over the WebSocket while the page's own move is still on its way
    (its response held back here): once it arrives, the buttons of the newer turn work."""
    created = server.create("race", options={"players": 2, "target": 30},
                            seats={"blue": "random"}, seed=4)
    page = context.new_page()

    def held_back(route: Any) -> None:
        response = route.fetch()
        time.sleep(1.5)  # blue's agent moves 0.3 s after red: its frame comes first
        route.fulfill(response=response)

    page.route("**/actions", held_back)
    page.goto(created["seats"]["red"]["url"])
    page.wait_for_selector('body[data-connection="up"][data-status="your-turn"]',
                           state="attached")
    page.click('button.action[data-action="walk"]')
    page.wait_for_selector('body[data-step="2"][data-status="your-turn"]', state="attached")
    page.wait_for_selector('button.action[data-action="walk"]:enabled')
    click_and_wait(page, 'button.action[data-action="walk"]')
    assert step_of(page) >= 3
