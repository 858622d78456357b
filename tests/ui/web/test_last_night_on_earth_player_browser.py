"""Last Night on Earth in the browser as a person first sees it, without the docs: every
building named on the town (the log and the choices name buildings: "Search the Hospital"), a
hero's square and a pit to burn named with their building, and the scenario's goal over the
town (how each side wins a click away). Screenshots go to the test's tmp folder
(DEADTABLE_SHOTS=dir keeps them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser, click_and_wait, server, shots

__all__ = ["browser", "server"]  # the module's fixtures, shared
pytestmark = pytest.mark.browser  # left out of `make test-fast`


def open_seat(server: Server, browser: Any, seat: str, width: int, height: int,
              **options: str) -> tuple[Any, Any, dict[str, Any]]:
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=width < 500)
    context.set_default_timeout(TIMEOUT_MS)
    against = {"heroes": ("zombies", "zombie"), "zombies": ("heroes", "heuristic")}[seat]
    made = server.create("last-night-on-earth", seats={against[0]: against[1], seat: "human"},
                         seed=5, options=options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(made["seats"][seat]["url"])
    page.wait_for_selector("svg.lnoe-town circle.hero")
    made["errors"] = errors
    made["view"] = server.get(made["id"], made["seats"][seat]["token"])["view"]
    return context, page, made


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).bounding_box()
    return found


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)])
def test_every_building_is_named_inside_its_walls(
        server: Server, browser: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    context, page, made = open_seat(server, browser, "zombies", *size, scenario="burn-em-out")
    try:
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-names-{size[0]}.png"), full_page=True)
        town = made["view"]["town"]
        assert page.locator("svg.lnoe-town text.building-name").count() == len(town["buildings"])
        for building, spaces in town["buildings"].items():
            label = box(page, f'svg.lnoe-town text.building-name[data-building="{building}"]')
            assert page.locator(f'text.building-name[data-building="{building}"]') \
                .text_content() == building.replace(" ", "")  # a word a line
            squares = [box(page, f'svg.lnoe-town rect.square[data-space="{s}"]') for s in spaces]
            left, top = min(s["x"] for s in squares), min(s["y"] for s in squares)
            right = max(s["x"] + s["width"] for s in squares)
            bottom = max(s["y"] + s["height"] for s in squares)
            middle = (label["x"] + label["width"] / 2, label["y"] + label["height"] / 2)
            assert left < middle[0] < right and top < middle[1] < bottom, building
            assert label["height"] >= 5, building  # legible on a phone too
        # the pits to burn and the heroes' squares say which building they are in
        inside = {s: b for b, spaces in town["buildings"].items() for s in spaces}
        line = page.inner_text(".lnoe-scenario")
        for pit in made["view"]["pits_to_burn"]:
            assert f"{pit} ({inside[pit]})" in line, line
        hero = next(h for h in made["view"]["heroes"] if h["space"] in inside)
        card = page.inner_text(f'.lnoe-hero[data-hero="{hero["name"]}"]')
        assert f'on {hero["space"]} ({inside[hero["space"]]})' in card, card
        assert made["errors"] == []
    finally:
        context.close()


def test_the_goal_is_over_the_town_and_how_the_zombies_win_a_click_away(
        server: Server, browser: Any, tmp_path: Path) -> None:
    context, page, made = open_seat(server, browser, "heroes", 1366, 900,
                                    scenario="escape-in-the-truck", decks="advanced")
    try:
        summary = page.locator(".lnoe-goal summary")
        assert summary.inner_text() == "Goal: The heroes win by escaping in the truck."
        town = box(page, "svg.lnoe-town")
        assert box(page, ".lnoe-goal summary")["y"] < town["y"]  # read before the town
        assert not page.locator(".lnoe-goal li").first.is_visible()
        summary.click()
        lines = page.locator(".lnoe-goal li").all_inner_texts()
        assert lines[0] == "The zombies win by killing 4 heroes or when the Sun track runs out."
        assert any("Keys" in line for line in lines[1:]), lines
        page.screenshot(path=str(shots(tmp_path) / "lnoe-goal-1366.png"))
        assert made["errors"] == []
    finally:
        context.close()


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)])
def test_the_choices_are_in_sight_with_the_town(
        server: Server, browser: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """On a phone the choices follow the town's legend (the heroes' cards come after them);
    from 900 px they sit beside the town, and the whole town fits the window's height."""
    context, page, made = open_seat(server, browser, "heroes", *size)
    try:
        page.wait_for_selector('body[data-status="your-turn"]', state="attached")
        page.screenshot(path=str(shots(tmp_path) / f"lnoe-choices-{size[0]}.png"))
        town, choice = box(page, "svg.lnoe-town"), box(page, "button.action >> nth=0")
        cards = box(page, ".lnoe-heroes")
        assert choice["y"] < cards["y"]  # the choices before the heroes' cards
        if size[0] < 900:
            legend = box(page, ".lnoe-legend")
            # before: four hero cards between the legend and the first choice
            assert 0 <= choice["y"] - (legend["y"] + legend["height"]) < 150
        else:
            assert choice["x"] >= town["x"] + town["width"]  # beside the town
            assert town["y"] + town["height"] <= size[1]  # all of it in the window
            assert town["width"] >= 500
        assert made["errors"] == []
    finally:
        context.close()


def test_undo_takes_back_a_choice_that_revealed_nothing(
        server: Server, browser: Any, tmp_path: Path) -> None:
    """Choosing which hero acts reveals nothing: Undo is offered and brings the choice back;
    a move's roll reveals a die: no Undo after it."""
    context, page, made = open_seat(server, browser, "heroes", 390, 844)
    try:
        for _ in range(6):  # the zombies' turn's card windows until the heroes choose a hero
            page.wait_for_selector('body[data-status="your-turn"]', state="attached")
            if page.locator("button.action", has_text="takes a turn").count():
                break
            click_and_wait(page, "button.action >> nth=0")
        before = page.locator("button.action").all_inner_texts()
        click_and_wait(page, "button.action >> nth=0")  # the first hero takes a turn
        page.wait_for_selector("#undo", state="visible")
        click_and_wait(page, "#undo")
        page.wait_for_selector('body[data-status="your-turn"]', state="attached")
        assert page.locator("button.action").all_inner_texts() == before
        click_and_wait(page, "button.action >> nth=0")
        move = page.locator("button.action", has_text="Move: roll a D6")
        click_and_wait(page, f'button.action[data-action="{move.get_attribute("data-action")}"]')
        assert page.locator("#undo").is_hidden(), "the roll is known: no taking it back"
        page.screenshot(path=str(shots(tmp_path) / "lnoe-undo-390.png"))
        assert made["errors"] == []
    finally:
        context.close()


def test_the_zombie_to_move_is_ringed(server: Server, browser: Any, tmp_path: Path) -> None:
    """"Move Zombie 1" while the zombies on its square look alike: its token is ringed."""
    context, page, made = open_seat(server, browser, "zombies", 1366, 900,
                                    scenario="burn-em-out")
    try:
        for _ in range(8):  # the card windows until a zombie's own move is asked
            page.wait_for_selector('body[data-status="your-turn"]', state="attached")
            if page.locator("button.action", has_text="stays where it is").count():
                break
            click_and_wait(page, "button.action >> nth=-1")  # play no more cards now
        prompt = page.inner_text("#prompt")
        assert prompt.startswith("Move Zombie "), prompt
        zombie = prompt.removeprefix("Move ").split(" (")[0]
        ringed = page.locator("svg.lnoe-town circle.zombie.selected")
        assert ringed.count() == 1
        assert ringed.locator("title").text_content().startswith(f"{zombie} on ")
        page.screenshot(path=str(shots(tmp_path) / "lnoe-zombie-ringed-1366.png"))
        assert made["errors"] == []
    finally:
        context.close()
