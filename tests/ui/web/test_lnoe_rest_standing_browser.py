"""Last Night on Earth in the browser with two zombie players, both people: the button reads
"The rest of your zombies stay (N now, M after zombies-2's)"; a click stays the player's
own zombies up to the other player's next one, and while the other player moves, the page
says the rest will stay as they come (the payload's `order`); the other player's moves
bring them, each stayed at once, and the line goes when none is left. At 390x844 (touch)
and 1366x900; screenshots kept with DEADTABLE_SHOTS=dir."""

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
LNOE = "last-night-on-earth"


def to_two_players_rest(server: Server, made: dict[str, Any]) -> dict[str, Any]:
    """Each seat passes or stays where it may, else takes its first choice, till a zombie
    player's "rest" has zombies after the other player's: that seat's payload."""
    for _ in range(200):
        to_move = server.get(made["id"], made["spectator"]["token"])["to_move"]
        data = server.get(made["id"], made["seats"][to_move]["token"])
        macros = data["macros"] or []
        if macros and macros[0]["available"] and macros[0]["later"]:
            return data
        ids = [a["id"] for a in data["decision"]["actions"]]
        post(server, made["id"], made["seats"][to_move]["token"],
             next((i for i in ids if i.startswith(("pass", "stay:", "next"))), ids[0]))
    raise AssertionError("no zombie player with zombies after the other's in 200 decisions")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_rest_of_your_zombies_stay_past_the_other_players(
        server: Server, size: str, tmp_path: Path) -> None:
    errors: list[str] = []
    with sized(size) as context:
        made = server.create(LNOE, seed=3, options={"zombie-players": 2})
        data = to_two_players_rest(server, made)
        seat = data["seat"]
        other = "zombies-2" if seat == "zombies-1" else "zombies-1"
        [rest, _advance] = data["macros"]
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(made["seats"][seat]["url"])
        button = page.locator('button.macro[data-macro="rest"]')
        button.wait_for()
        assert button.inner_text() == rest["label"]
        assert f"after {other}'s)" in rest["label"]
        # near the choices, not at the page's end: asked again while the page may still be
        # laying itself out (a CI run under load once measured the button 15 screens down)
        page.wait_for_function(
            """([selector, most]) => {
                const box = document.querySelector(selector).getBoundingClientRect();
                return box.height > 0 && box.bottom <= most;
            }""", arg=['button.macro[data-macro="rest"]', page.viewport_size["height"] * 3],
            timeout=10_000)
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-rest-two-{size}.png"))
        click_and_wait(page, 'button.macro[data-macro="rest"]')
        page.wait_for_selector("#actions .order")
        line = page.inner_text("#actions .order")
        assert line == (f"The rest of your zombies stay: {rest['later']} still to come, each "
                        "taken as the rules come to it; your undo, or a choice the macro "
                        "cannot make, ends it")
        assert server.get(made["id"], made["seats"][seat]["token"])["order"]["left"] == \
            rest["later"]
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-rest-standing-{size}.png"))
        # the other player answers its zombies (by the API); this page is never asked a stay
        token = made["seats"][other]["token"]
        for _ in range(20):
            now = server.get(made["id"], token)
            if not (now["decision"] and now["macros"]):
                break
            ids = [a["id"] for a in now["decision"]["actions"]]
            post(server, made["id"], token, next((i for i in ids if i.startswith("stay:")),
                                                 ids[0]))
        mine = server.get(made["id"], made["seats"][seat]["token"])
        assert mine["order"] is None and not mine["macros"]  # all stayed, the step over
        page.wait_for_selector(f'body[data-step="{mine["step"]}"]', state="attached")
        assert page.locator("#actions .order").count() == 0
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-rest-standing-done-{size}.png"),
                        full_page=True)
    assert errors == []
