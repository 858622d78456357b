"""Left 4 Dead's page says why an enemy is not a target, in the rules' words (the ruler's
`attack`, targeting.py), on a click while a survivor attacks and on the ruler between two
enemies; writes the spaces' names on the map (a toggle, on by itself when zoomed in); and
names the round limit in the status line. At 1366x900 and on a 390x844 phone.
Screenshots go to the test's tmp folder (DEADTABLE_SHOTS=dir keeps them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.ui.web.test_browser import Server
from tests.ui.web.test_left_4_dead_browser import browser, server, shots
from tests.ui.web.test_left_4_dead_marks_browser import survivors_page

__all__ = ["browser", "server"]  # fixtures, shared with the other Left 4 Dead browser tests
pytestmark = pytest.mark.browser  # left out of `make test-fast`

DESKTOP = (1366, 900)
PHONE = (390, 844)

# Draw the page as if Bill were attacking with one target (the first zombie), or with none
# (`targets` false: his turn stands at its attack, its only choice "Do not attack").
ATTACKING = """async (targets) => {
  const token = new URLSearchParams(location.search).get("token");
  const id = location.pathname.split("/").pop();
  const payload = await (await fetch(`/api/games/${id}?token=${token}`)).json();
  const zombies = payload.view.figures.filter((f) => f.kind === "zombies-of-morindan");
  const first = zombies[0];
  payload.view.turn = {figure: "bill", step: "attack"};
  payload.decision = {prompt: "Bill: attack?", actions: [
    ...(targets ? [{id: `attack:card:${first.id}`, label: `Bill attacks ${first.name}`,
      args: {verb: "attack", figure: "bill", weapon: "card", target: first.id}}] : []),
    {id: "end", label: "Do not attack", args: {verb: "end"}}]};
  Deadtable.renderers["left-4-dead"](payload.view, document.getElementById("board"), payload);
  const bill = payload.view.figures.find((f) => f.id === "bill");
  return {bill: bill.space, other: zombies[1].id, otherSpace: zombies[1].space,
          otherName: zombies[1].name};
}"""


def ruler_says(server: Server, made: dict[str, Any], frm: str, to: str) -> dict[str, Any]:
    """The server's ruler between two spaces, as any seat may ask it."""
    token = made["seats"]["survivors"]["token"]
    answer = httpx.get(f"{server.base}/api/games/{made['id']}/sight",
                       params={"token": token, "from": frm, "to": to}, timeout=10)
    assert answer.status_code == 200, answer.text
    said: dict[str, Any] = answer.json()
    return said


def click(page: Any, figure: str) -> None:
    """A click on a token wherever the map box has it scrolled (on or off the screen)."""
    page.evaluate("f => document.querySelector(`g.token[data-figure=\"${f}\"]`)"
                  ".dispatchEvent(new MouseEvent('click', {bubbles: true}))", figure)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_click_on_an_enemy_not_a_target_says_why(server: Server, browser: Any,
                                                   tmp_path: Path, size: tuple[int, int]) -> None:
    """Bill attacking, a zombie that is not his target clicked: the line under the map gives
    the ruler's reason from Bill to it, word for word, with its rule's section; the line from
    Bill to it is drawn, no attack is made, and the line fits the screen."""
    with survivors_page(server, browser, size) as (page, made, errors):
        page.wait_for_selector("#actions button.action")
        step = page.get_attribute("body", "data-step")
        drawn = page.evaluate(ATTACKING, True)
        click(page, drawn["other"])
        page.wait_for_selector(".l4d-why[data-may]")
        said = ruler_says(server, made, drawn["bill"], drawn["otherSpace"])["attack"]
        assert said["attacker"] == "bill" and said["may"] is False
        line = page.inner_text(".l4d-why")
        assert line == f"{drawn['otherName']} is not a target: {said['text']} ({said['cite']})"
        assert page.locator("svg.l4d-map .ruler .ruler-end").count() == 2
        assert page.get_attribute("body", "data-step") == step  # nothing was played
        where = page.locator(".l4d-why").bounding_box()
        assert where is not None and where["x"] + where["width"] <= size[0]
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        page.screenshot(path=str(shots(tmp_path) / f"l4d-why-{size[0]}.png"))
        assert errors == []


def test_no_target_at_all_the_hint_says_to_click_one(server: Server, browser: Any) -> None:
    """Bill's attack with no figure to attack (only "Do not attack"): the hint says so and
    that a click on an enemy tells why."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        page.wait_for_selector("#actions button.action")
        drawn = page.evaluate(ATTACKING, False)
        assert "No enemy is a target of Bill now: click one to read why." in page.inner_text(
            ".l4d-hint")
        click(page, drawn["other"])
        page.wait_for_selector(".l4d-why[data-may]")
        assert page.inner_text(".l4d-why").startswith(f"{drawn['otherName']} is not a target: ")
        assert errors == []


def test_the_ruler_between_a_survivor_and_a_zombie_says_if_it_may_attack(
        server: Server, browser: Any) -> None:
    """The Ruler from Bill's space to a zombie's: after the sight, whether Bill may attack it,
    in the server's words."""
    with survivors_page(server, browser, DESKTOP) as (page, made, errors):
        view = server.get(made["id"], made["seats"]["survivors"]["token"])["view"]
        bill = next(f["space"] for f in view["figures"] if f["id"] == "bill")
        zombie = next(f for f in view["figures"] if f["side"] == "infected")
        page.click('button[data-tool="ruler"]')
        for space in (bill, zombie["space"]):
            page.evaluate("s => document.querySelector(`g.hex[data-space=\"${s}\"]`)"
                          ".dispatchEvent(new MouseEvent('click', {bubbles: true}))", space)
        page.wait_for_selector(".l4d-ruler[data-clear]")
        said = ruler_says(server, made, bill, zombie["space"])["attack"]
        assert page.inner_text(".l4d-ruler[data-clear] .attack") == (
            f"{zombie['name']} is not a target: {said['text']} ({said['cite']})"
            if not said["may"] else f"{said['text']} ({said['cite']})")
        assert errors == []


def test_space_names_on_a_toggle_and_by_themselves_when_zoomed(server: Server, browser: Any,
                                                               tmp_path: Path) -> None:
    """On the desktop the names are off until "Names" is pressed; then every space has its
    name, as the log writes it, at least 9 px high. On a phone, zooming in shows them; pressed
    off they stay off."""
    with survivors_page(server, browser, DESKTOP) as (page, made, errors):
        assert page.locator("text.space-name").count() == 0
        page.click('button[data-tool="names"]')
        page.wait_for_selector('button[data-tool="names"][aria-pressed="true"]')
        names = page.eval_on_selector_all(
            "text.space-name", "ts => ts.map(t => [t.dataset.space, t.textContent,"
            " t.getBoundingClientRect().height])")
        hexes = page.locator("svg.l4d-map g.hex").count()
        assert len(names) == hexes and all(space == text for space, text, _ in names)
        assert min(height for _, _, height in names) >= 9
        page.screenshot(path=str(shots(tmp_path) / "l4d-names-desktop.png"))
        assert errors == []
    with survivors_page(server, browser, PHONE) as (page, _, errors):
        assert page.locator("text.space-name").count() == 0
        page.tap('button[data-tool="zoom"]')
        page.wait_for_selector('button[data-tool="names"][aria-pressed="true"]')
        assert page.locator("text.space-name").count() > 0
        page.screenshot(path=str(shots(tmp_path) / "l4d-names-phone-zoomed.png"))
        page.tap('button[data-tool="names"]')
        page.wait_for_selector('button[data-tool="names"][aria-pressed="false"]')
        assert page.locator("text.space-name").count() == 0
        assert errors == []


def test_the_status_names_the_round_limit(server: Server, browser: Any) -> None:
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        assert page.inner_text(".l4d-status strong").endswith(" of 30")
        assert "end of round 30" in str(page.get_attribute(".l4d-status strong", "title"))
        assert errors == []
