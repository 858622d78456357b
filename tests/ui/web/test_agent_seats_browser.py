"""The lobby's agent menus list, for each seat, only the agents that play it, and an agent typed
in for a seat it does not play is refused with the server's reason, no game created."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.ui.web import test_left_4_dead_browser
from tests.ui.web.test_browser import ARGS, CHROMIUM, TIMEOUT_MS, Server, sync_api

server = test_left_4_dead_browser.server  # `deadtable serve` with every registered game

pytestmark = pytest.mark.browser  # left out of `make test-fast`


@pytest.fixture(scope="module")
def page(server: Server) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(TIMEOUT_MS)
        yield context.new_page()
        browser.close()


def menu(page: Any, seat: str) -> list[str]:
    """The agents offered for `seat`: its input's datalist."""
    listed = page.get_attribute(f'[data-seat="{seat}"]', "list")
    values: list[str] = page.eval_on_selector_all(
        f"datalist#{listed} option", "options => options.map((o) => o.value)")
    return values


def test_each_seat_offers_only_the_agents_that_play_it(server: Server, page: Any) -> None:
    page.goto(f"{server.base}/")
    page.click('button[data-game="left-4-dead"]')
    page.wait_for_selector('[data-seat="infected"]')
    assert menu(page, "survivors") == ["human", "first", "heuristic", "mcts", "random"]
    assert menu(page, "infected") == ["human", "director", "first", "mcts", "random"]
    assert page.input_value('[data-seat="infected"]') == "director"
    hint = page.inner_text("#seats .hint")
    assert "survivors: first, heuristic, mcts, random" in hint
    assert "infected: director, first, mcts, random" in hint


def test_an_agent_typed_in_for_a_seat_it_does_not_play_is_refused(server: Server,
                                                                   page: Any) -> None:
    page.goto(f"{server.base}/")
    page.click('button[data-game="left-4-dead"]')
    page.fill('[data-seat="infected"]', "heuristic")
    page.click("#create-button")
    page.wait_for_selector("#create-error:has-text('plays the survivors')")
    assert page.inner_text("#create-error").endswith(
        "'heuristic' plays the survivors in left-4-dead, not the infected; "
        "for the infected: director, first, mcts, random")
    assert page.locator("#created").is_hidden()


def test_the_menus_follow_the_seats_the_options_make(server: Server, page: Any) -> None:
    page.goto(f"{server.base}/")
    page.click('button[data-game="last-night-on-earth"]')
    page.wait_for_selector('[data-seat="heroes"]')
    page.select_option('[data-option="hero-players"]', "2")
    page.wait_for_selector('[data-seat="heroes-2"]')
    assert menu(page, "heroes-2") == ["human", "first", "heuristic", "mcts", "random"]
    assert menu(page, "zombies") == ["human", "first", "mcts", "random", "zombie"]
    assert "heroes: first, heuristic, mcts, random" in page.inner_text("#seats .hint")


def test_the_game_list_says_how_many_seats_the_options_may_make(server: Server,
                                                                page: Any) -> None:
    page.goto(f"{server.base}/")
    page.wait_for_selector('button[data-game="psycho-raiders"]')
    seats = {game: page.inner_text(f'button[data-game="{game}"] .seats')
             for game in ("one-against-the-dead", "left-4-dead", "last-night-on-earth",
                          "psycho-raiders")}
    assert seats == {"one-against-the-dead": " — 1 seat", "left-4-dead": " — 2 seats",
                     "last-night-on-earth": " — 2 to 6 seats",
                     "psycho-raiders": " — 2 to 13 seats"}
