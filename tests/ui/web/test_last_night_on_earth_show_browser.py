"""Last Night on Earth in the browser, what a person must see to play: the scenario's markers
(pits to burn, townsfolk, the truck) on the town and in words, every square the moving hero
can reach outlined (a far one clickable: it walks there, tests/ui/web/test_lnoe_walk_browser.py),
and each zombie
a token of its own. Screenshots at 390 and 1280 px go to the test's tmp folder (DEADTABLE_SHOTS=dir
keeps them)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser, click_and_wait, server, shots

__all__ = ["browser", "server"]  # the module's fixtures, shared
pytestmark = pytest.mark.browser  # left out of `make test-fast`


def open_heroes(server: Server, browser: Any, scenario: str, width: int) -> tuple[Any, Any, dict]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    made = server.create("last-night-on-earth", seats={"zombies": "zombie"}, seed=3,
                         options={"scenario": scenario})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(made["seats"]["heroes"]["url"])
    page.wait_for_selector("svg.lnoe-town circle.hero")
    page.wait_for_selector('body[data-status="your-turn"]', state="attached")
    made["errors"] = errors
    return context, page, made


@contextmanager
def scenario_page(server: Server, browser: Any, scenario: str, width: int,
                  shot: Path) -> Iterator[tuple[Any, dict]]:
    """The heroes' page of a new game of `scenario` and its view; on leaving, a screenshot to
    `shot` and no page error."""
    context, page, made = open_heroes(server, browser, scenario, width)
    try:
        yield page, server.get(made["id"], made["seats"]["heroes"]["token"])["view"]
        page.screenshot(path=str(shot), full_page=True)
        assert made["errors"] == []
    finally:
        context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_scenario_markers_are_drawn_and_told(server: Server, browser: Any, tmp_path: Path,
                                                 width: int) -> None:
    folder = shots(tmp_path)
    with scenario_page(server, browser, "burn-em-out", width,
                       folder / f"lnoe-burn-{width}.png") as (page, view):
        assert page.locator("svg.lnoe-town circle.burn").count() == len(view["pits_to_burn"]) > 0
        inside = {s: b for b, spaces in view["town"]["buildings"].items() for s in spaces}
        assert "Pits to burn: " + "; ".join(f"{pit} ({inside[pit]})" for pit in
                                            view["pits_to_burn"]) in page.inner_text(
            ".lnoe-scenario")
        # each zombie its own token, even where several share a square
        assert page.locator("svg.lnoe-town circle.zombie").count() == len(view["zombies"])
    with scenario_page(server, browser, "save-the-townsfolk", width,
                       folder / f"lnoe-folk-{width}.png") as (page, view):
        assert page.locator("svg.lnoe-town circle.folk").count() == len(view["townsfolk"]) > 0
        assert "0 saved, 0 lost" in page.inner_text(".lnoe-scenario")
    with scenario_page(server, browser, "escape-in-the-truck", width,
                       folder / f"lnoe-truck-{width}.png") as (page, view):
        assert page.locator("svg.lnoe-town rect.truck").count() == 1
        assert f"The truck waits at {view['truck']}" in page.inner_text(".lnoe-scenario")
        assert "the truck" in page.inner_text(".lnoe-legend")


def test_a_square_within_reach_is_outlined_and_a_click_walks_there(
        server: Server, browser: Any, tmp_path: Path) -> None:
    context, page, made = open_heroes(server, browser, "die-zombies-die", 1280)
    token = made["seats"]["heroes"]["token"]
    try:
        for _ in range(30):  # the heroes' choices by button until a hero moves 2 or more
            page.wait_for_selector('body[data-status="your-turn"]', state="attached")
            moving = server.get(made["id"], token)["view"]["moving"]
            if moving and moving["left"] > 1:
                break
            buttons = page.locator("button.action")
            labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
            pick = next((i for i, t in enumerate(labels) if t.startswith(("Move", "Stop"))),
                        next((i for i, t in enumerate(labels) if "takes a turn" in t), 0))
            click_and_wait(page, f"button.action >> nth={pick}")
        assert moving and moving["left"] > 1
        far = {s: first for s, (steps, first) in moving["reach"].items() if steps > 1}
        assert far and page.locator("svg.lnoe-town rect.reach").count() == len(moving["reach"])
        page.screenshot(path=str(shots(tmp_path) / "lnoe-reach.png"), full_page=True)
        reach = server.get(made["id"], token)["reach"][moving["hero"]]["spaces"]
        square = sorted(s for s in far if len(reach.get(s, [])) > 1)[0]
        click_and_wait(page, f'svg.lnoe-town rect.reach[data-space="{square}"]')
        view = server.get(made["id"], token)["view"]
        hero = next(h for h in view["heroes"] if h["name"] == moving["hero"])
        assert hero["space"] == square  # every step of the route, each an ordinary move
        assert made["errors"] == []
    finally:
        context.close()


def test_a_zombie_among_several_is_chosen_by_its_token_then_moved_by_a_square(
        server: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    made = server.create("last-night-on-earth", seats={"heroes": "heuristic"}, seed=4)
    seat = made["seats"]["zombies"]
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(seat["url"])
        page.wait_for_selector('body[data-status="your-turn"]', state="attached")
        click_and_wait(page, 'button.action:has-text("Relentless Advance")')
        got = server.get(made["id"], seat["token"])
        moves: dict[str, list[str]] = {}
        names = [s[0] for s in got["view"]["town"]["spaces"]]
        for action in got["decision"]["actions"]:
            args = action.get("args") or {}
            if args.get("verb") == "move":
                moves.setdefault(args["figure"], []).append(names[args["space"]])
        assert len(moves) > 1  # several zombies may advance: a square alone does not say who
        zombie, squares = max(moves.items(), key=lambda item: len(item[1]))
        page.click(f'svg.lnoe-town circle.zombie.pick[data-zombie="{zombie}"]')
        page.wait_for_selector(f'svg.lnoe-town circle.zombie.selected[data-zombie="{zombie}"]')
        targets = page.locator("svg.lnoe-town rect.target")
        shown = {targets.nth(i).get_attribute("data-space") for i in range(targets.count())}
        assert shown == set(squares)
        click_and_wait(page, f'svg.lnoe-town rect.target[data-space="{squares[0]}"]')
        view = server.get(made["id"], seat["token"])["view"]
        assert next(z["space"] for z in view["zombies"] if z["id"] == zombie) == squares[0]
        assert errors == []
    finally:
        context.close()


def test_old_betsy_and_the_hero_cards_in_play_are_drawn_and_told(
        server: Server, browser: Any, tmp_path: Path) -> None:
    """The Advanced Hero cards that last: the cow on its square (and in the legend), the cards
    in play in the status line. The page's renderer draws a view the rules made, with a cow
    and two cards in play added."""
    context, page, made = open_heroes(server, browser, "die-zombies-die", 1280)
    try:
        view = server.get(made["id"], made["seats"]["heroes"]["token"])["view"]
        square = view["heroes"][0]["space"]
        view["cows"] = [square]
        view["in_play"] = [*view["in_play"], f"Old Betsy ({square})", "Blocked Windows"]
        drawn = page.evaluate("""(view) => {
            const board = document.createElement("div");
            board.id = "advanced";
            document.body.append(board);
            Deadtable.renderers["last-night-on-earth"](view, board, {decision: null});
            return [board.querySelectorAll("svg.lnoe-town circle.cow").length,
                    board.querySelector(".lnoe-legend").innerText,
                    board.querySelector(".lnoe-status").innerText];
        }""", view)
        assert drawn[0] == 1 and "Old Betsy (cow)" in drawn[1]
        assert f"in play: Old Betsy ({square}), Blocked Windows" in drawn[2]
        page.locator("#advanced").screenshot(path=str(shots(tmp_path) / "lnoe-cow.png"))
        assert made["errors"] == []
    finally:
        context.close()


def test_a_shambling_zombies_reach_is_outlined_and_a_far_click_walks_it_there(
        server: Server, browser: Any, tmp_path: Path) -> None:
    """Both sides through the API (seed 1: the zombies play Shamble when they may, the heroes
    take their last choice) until a zombie shambles; then its reach on a phone."""
    made = server.create("last-night-on-earth", seed=1)
    tokens = {seat: made["seats"][seat]["token"] for seat in ("heroes", "zombies")}
    for _ in range(40):
        got = {seat: server.get(made["id"], token) for seat, token in tokens.items()}
        moving = got["zombies"]["view"]["moving"]
        if moving and moving.get("zombie") and got["zombies"]["decision"]:
            break
        seat = next(s for s in tokens if got[s]["decision"])
        ids = [a["id"] for a in got[seat]["decision"]["actions"]]
        action = next((i for i in ids if i.startswith("shamble:")), None) or (
            "let-be" if "let-be" in ids else ids[-1])
        response = httpx.post(f"{server.base}/api/games/{made['id']}/actions",
                              json={"token": tokens[seat], "action": action}, timeout=30)
        assert response.status_code == 200, response.text
    else:
        raise AssertionError("no Shamble in 40 choices")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(made["seats"]["zombies"]["url"])
        page.wait_for_selector('body[data-status="your-turn"]', state="attached")
        assert (f"{moving['mover']} has {moving['left']} to move: every square in reach is "
                "outlined") in page.inner_text(".lnoe-scenario")
        assert page.locator("svg.lnoe-town rect.reach").count() == len(moving["reach"])
        page.screenshot(path=str(shots(tmp_path) / "lnoe-shamble-390.png"), full_page=True)
        far = sorted(s for s, (steps, _) in moving["reach"].items() if steps > 1)
        square = far[0]
        click_and_wait(page, f'svg.lnoe-town rect.reach[data-space="{square}"]')
        view = server.get(made["id"], tokens["zombies"])["view"]  # walked: each step a move
        assert next(z for z in view["zombies"] if z["id"] == moving["zombie"])["space"] == square
        assert errors == []
    finally:
        context.close()
