"""Last Night on Earth in the browser, for people: the moving hero's far squares (the payload's
reach) drawn lighter and dashed beside the gold one-step squares and walked to by a tap (on a
desktop at once, the route drawn on hover; on a phone a first tap shows the route and a button,
the second walks), and the zombie player's "The rest stay" button over the choices: a run of
ordinary stays that stops at a zombie Zombie Hunger makes move, saying so. At 390x844 and
1366x900; screenshots kept with DEADTABLE_SHOTS=dir."""

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


def hero_moving(server: Server, page: Any, made: dict[str, Any]) -> dict[str, Any]:
    """The heroes' choices by button until a hero moves 2 or more: the heroes' payload."""
    token = made["seats"]["heroes"]["token"]
    for _ in range(30):
        page.wait_for_selector('body[data-status="your-turn"]', state="attached")
        data = server.get(made["id"], token)
        moving = data["view"]["moving"]
        if moving and moving["left"] > 1:
            return data
        buttons = page.locator("button.action")
        labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
        pick = next((i for i, t in enumerate(labels) if t.startswith(("Move", "Keep"))),
                    next((i for i, t in enumerate(labels) if "takes a turn" in t), 0))
        click_and_wait(page, f"button.action >> nth={pick}")
    raise AssertionError("no hero moved 2 or more")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_tap_on_a_far_square_walks_the_hero_there(server: Server, size: str,
                                                     tmp_path: Path) -> None:
    phone = size == "phone"
    errors: list[str] = []
    with sized(size) as context:
        made = server.create(LNOE, seats={"zombies": "zombie"}, seed=3)
        token = made["seats"]["heroes"]["token"]
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(made["seats"]["heroes"]["url"])
        data = hero_moving(server, page, made)
        hero = data["view"]["moving"]["hero"]
        paths = data["reach"][hero]["spaces"]
        names = [s[0] for s in data["view"]["town"]["spaces"]]
        gold = {names[a["args"]["space"]] for a in data["decision"]["actions"]
                if (a.get("args") or {}).get("verb") == "step"}
        walk = page.locator("svg.lnoe-town rect.square.walk")
        drawn = {walk.nth(i).get_attribute("data-space") for i in range(walk.count())}
        assert drawn == {s for s, p in paths.items() if len(p) > 1} - gold and len(drawn) > 3
        outline = "(r) => [getComputedStyle(r).stroke, getComputedStyle(r).strokeDasharray]"
        one = page.locator(f'svg.lnoe-town rect.square[data-space="{sorted(gold)[0]}"]')
        assert one.evaluate(outline) == ["rgb(255, 213, 74)", "none"]  # a step: solid gold
        assert walk.first.evaluate(outline) == ["rgb(255, 240, 160)", "3px, 2px"]  # paler, dashed
        assert "a click walks there" in page.inner_text(".lnoe-legend")
        taken = {h["space"] for h in data["view"]["heroes"]} | \
            {z["space"] for z in data["view"]["zombies"]}
        target = max(drawn - taken, key=lambda s: (len(paths[s]), s))
        square = f'svg.lnoe-town rect.square.walk[data-space="{target}"]'
        page.locator(square).scroll_into_view_if_needed()
        if phone:  # the first tap shows the route and a button; nothing moves yet
            page.locator(square).tap()
            page.wait_for_selector(".lnoe-walk button")
            assert page.locator(".lnoe-route-line").count() == 1
            assert f"Walk {hero} there ({len(paths[target])} steps)" in page.inner_text(
                ".lnoe-walk")
            page.screenshot(path=str(shots(tmp_path) / "lnoe-walk-route-phone.png"),
                            full_page=True)
            assert server.get(made["id"], token)["step"] == data["step"]
        else:
            page.hover(square)
            assert page.locator(".lnoe-route-line").count() == 1
            page.screenshot(path=str(shots(tmp_path) / "lnoe-walk-hover-desktop.png"))
        click_and_wait(page, square)
        after = server.get(made["id"], token)
        found = next(h for h in after["view"]["heroes"] if h["name"] == hero)
        assert found["space"] == target
        moves = [e["text"] for e in after["view"]["log"] if e["text"].startswith(f"{hero} moves")]
        assert moves[-len(paths[target]):] == [f"{hero} moves to {s}." for s in paths[target]]
        assert f"{hero} moved to {target} ({len(paths[target])} steps)" in page.inner_text(
            ".lnoe-walk.walked")
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-walked-{size}.png"), full_page=True)
    assert errors == []


@pytest.mark.parametrize("size", list(SIZES))
def test_the_rest_stay_button_moves_the_zombie_turn_on(server: Server, size: str,
                                                        tmp_path: Path) -> None:
    errors: list[str] = []
    with sized(size) as context:
        made = server.create(LNOE, seed=3)  # people on both sides
        seat = made["seats"]["zombies"]
        for _ in range(40):  # each side passes where it may, till a zombie is to move
            to_move = server.get(made["id"], made["spectator"]["token"])["to_move"]
            data = server.get(made["id"], made["seats"][to_move]["token"])
            if data["macros"]:
                break
            ids = [a["id"] for a in data["decision"]["actions"]]
            post(server, made["id"], made["seats"][to_move]["token"],
                 "pass" if "pass" in ids else ids[0])
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(seat["url"])
        page.wait_for_selector('button.macro[data-macro="rest"]')
        [rest, _advance] = data["macros"]
        button = page.locator('button.macro[data-macro="rest"]')
        assert button.inner_text() == rest["label"] and button.is_enabled()
        assert rest["note"] in page.inner_text("#actions .macros")
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-rest-{size}.png"), full_page=True)
        click_and_wait(page, 'button.macro[data-macro="rest"]')
        # (seed 3) a hero is next to Zombie 4: the zombies before it stay, and the run stops there
        after = server.get(made["id"], seat["token"])
        ran = after["step"] - data["step"]
        assert ran > 0 and after["decision"]["prompt"].startswith("Move Zombie 4")
        said = page.inner_text("#actions")
        assert f"{ran} choice{'s' if ran > 1 else ''} made for you; stopped: Zombie 4 must " \
            "move: Zombie Hunger" in said
        assert page.locator('button.macro[data-macro="rest"]').is_disabled()
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-rest-hunger-{size}.png"),
                        full_page=True)
    assert errors == []
