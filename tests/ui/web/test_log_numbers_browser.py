"""The event log's numbers, in any game: past a hundred events the list's gutter still holds
the whole number ("149.", not "49." with its first digit cut off). A game of agents alone
(Left 4 Dead, two rounds, no pause between moves) makes the long log; its spectator's page
shows it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser
from tests.ui.web.test_phone_browser import server  # agents without a pause

__all__ = ["browser", "server"]  # fixtures, shared with the other browser tests
pytestmark = pytest.mark.browser  # left out of `make test-fast`


def test_a_long_log_shows_its_whole_numbers(server: Server, browser: Any) -> None:
    made = server.create("left-4-dead", seed=3, options={"max-rounds": 2},
                         seats={"survivors": "first", "infected": "director"})
    watch = made["spectator"]["token"]
    deadline = time.monotonic() + 120  # keeps a broken server from hanging the test
    while server.get(made["id"], watch)["to_move"] is not None:
        assert time.monotonic() < deadline, "the agents did not finish"
        time.sleep(0.2)
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(made["spectator"]["url"])
        page.wait_for_selector('body[data-status="over"]', state="attached")
        fits = page.evaluate("""() => {
          const log = document.getElementById("log");
          const last = log.lastElementChild;
          const probe = document.createElement("span");
          probe.textContent = `${log.children.length}.`;
          last.append(probe);  // the number in the line's own font, as its marker is drawn
          const width = probe.getBoundingClientRect().width;
          probe.remove();
          return {count: log.children.length, width,
                  gutter: parseFloat(getComputedStyle(log).paddingLeft)};
        }""")
        assert fits["count"] >= 100
        assert fits["width"] + 4 <= fits["gutter"], fits
    finally:
        context.close()
