"""Last Night on Earth in the browser, for people: the zombie player's "The rest advance"
button beside "The rest stay" (phone and desktop): disabled, saying why, where the zombie
agent would play Shamble on the zombie asked (a card is the person's); else the town draws,
before it is pressed, an arrow from each zombie it would move to its next square (the
payload's preview), and a press takes those moves as ordinary actions, the zombies then on
the arrows' squares. At 390x844 and 1366x900; screenshots kept with DEADTABLE_SHOTS=dir."""

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


def zombies_moving(server: Server, made: dict[str, Any]) -> dict[str, Any]:
    """Each side passes where it may (else its first choice) till a zombie is to move: the
    zombies' payload."""
    for _ in range(40):
        to_move = server.get(made["id"], made["spectator"]["token"])["to_move"]
        data = server.get(made["id"], made["seats"][to_move]["token"])
        if data["macros"]:
            return data
        ids = [a["id"] for a in data["decision"]["actions"]]
        post(server, made["id"], made["seats"][to_move]["token"],
             "pass" if "pass" in ids else ids[0])
    raise AssertionError("no zombie to move in 40 decisions")


def square_of(data: dict[str, Any], figure: str) -> str:
    names = [s[0] for s in data["view"]["town"]["spaces"]]
    space = next(z["space"] for z in data["view"]["zombies"] if z["id"] == figure)
    return names[space] if isinstance(space, int) else str(space)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_rest_advance_button_its_arrows_and_its_run(server: Server, size: str,
                                                        tmp_path: Path) -> None:
    errors: list[str] = []
    with sized(size) as context:
        made = server.create(LNOE, seed=3)  # people on both sides
        seat = made["seats"]["zombies"]
        data = zombies_moving(server, made)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(seat["url"])
        page.wait_for_selector('button.macro[data-macro="advance"]')
        rest, advance = data["macros"]
        # (seed 3) the agent would play Shamble on Zombie 1: the button is there, disabled, why
        button = page.locator('button.macro[data-macro="advance"]')
        assert button.inner_text() == advance["label"] and button.is_disabled()
        assert page.locator('button.macro[data-macro="rest"]').is_enabled()
        assert "would play Shamble on Zombie 1" in page.inner_text("#actions .macros")
        assert page.locator("g.lnoe-advance-arrow").count() == 0  # nothing it would take
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-advance-shamble-{size}.png"),
                        full_page=True)
        # the person moves Zombie 1 (its first square): the button comes alive, arrows drawn
        first = next(a["id"] for a in data["decision"]["actions"] if a["id"].startswith("move:"))
        post(server, made["id"], seat["token"], first)
        page.wait_for_selector('button.macro[data-macro="advance"]:not([disabled])')
        data = server.get(made["id"], seat["token"])
        _rest, advance = data["macros"]
        preview = advance["preview"]
        assert preview and advance["available"]
        arrows = page.locator("g.lnoe-advance-arrow")
        assert arrows.count() == len(preview)
        drawn = [(arrows.nth(i).get_attribute("data-figure"), arrows.nth(i).get_attribute(
            "data-to")) for i in range(arrows.count())]
        assert drawn == [(m["figure"], m["to"]) for m in preview]
        assert all(square_of(data, m["figure"]) == m["from"] for m in preview)
        assert "the rest advance\u201d would move each zombie" in page.inner_text(".lnoe-legend")
        page.locator("svg.lnoe-town").scroll_into_view_if_needed()
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-advance-arrows-{size}.png"),
                        full_page=True)
        click_and_wait(page, 'button.macro[data-macro="advance"]')
        after = server.get(made["id"], seat["token"])
        ran = after["step"] - data["step"]
        assert ran >= len(preview) > 0
        said = page.inner_text("#actions")
        assert f"{ran} choice{'s' if ran > 1 else ''} made for you" in said
        for m in preview:  # each zombie it drew an arrow for went to that square
            assert any(e["text"] == f"{m['name']} moves to {m['to']}." or
                       e["text"].startswith(f"{m['name']} moves to {m['to']} (")
                       for e in after["view"]["log"])
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-advance-ran-{size}.png"),
                        full_page=True)
    assert errors == []
