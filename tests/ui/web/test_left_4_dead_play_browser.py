"""What a person playing chapter 1 as the survivors tripped over, pinned: an item to pick up
under the survivor's own token is picked by a click on the token; a figure selected for its
moves does not keep its ring into another figure's turn; at a new step of this seat, the figure
moving, off the map's box, is scrolled into it. The payloads are the server's, with the
decision drawn in their place; the choice a click makes is read, not played."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.web.test_browser import Server
from tests.ui.web.test_left_4_dead_browser import browser, server
from tests.ui.web.test_left_4_dead_marks_browser import survivors_page

__all__ = ["browser", "server"]  # fixtures, shared with the other Left 4 Dead browser tests
pytestmark = pytest.mark.browser  # left out of `make test-fast`

DESKTOP = (1366, 900)
PHONE = (390, 844)

# Deadtable.act records the choice instead of playing it; draw(decision, step, moves, more)
# draws the server's payload with `decision` (and the figures moved: {id: space}; more
# infected: [kind, name, space], made from a zombie) at `step`.
SETUP = """() => {
  window.acted = [];
  Deadtable.act = (id) => { window.acted.push(id); };
  window.draw = async (decision, step, moves, more) => {
    const token = new URLSearchParams(location.search).get("token");
    const id = location.pathname.split("/").pop();
    const payload = await (await fetch(`/api/games/${id}?token=${token}`)).json();
    for (const f of payload.view.figures) if (moves && moves[f.id]) f.space = moves[f.id];
    const zombie = payload.view.figures.find((f) => f.kind === "zombies-of-morindan");
    for (const [kind, name, space] of more || []) {
      payload.view.figures.push(Object.assign({}, zombie, {id: name.toLowerCase()
        .replace(" ", "-"), kind, name, card: name.split(" ")[0], space}));
    }
    payload.decision = decision;
    if (step !== undefined) payload.step = step;
    Deadtable.renderers["left-4-dead"](payload.view, document.getElementById("board"), payload);
    return payload.view;
  };
}"""


def test_an_item_under_the_survivors_token_is_picked_by_a_click_on_it(
        server: Server, browser: Any) -> None:
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        page.evaluate(SETUP)
        view = page.evaluate("""() => draw({prompt: "Bill: pick up an item?", actions: [
          {id: "pick:x:molotov", label: "Bill picks up the Molotov",
           args: {verb: "pick", space: "1,1", item: "molotov"}},
          {id: "go-on", label: "Leave the items", args: {verb: "go-on"}}]})""")
        assert next(f["space"] for f in view["figures"] if f["id"] == "bill") == "1,1"
        assert "Click a highlighted space (1,1) for its choices." in page.inner_text(".l4d-hint")
        page.evaluate("document.querySelector('g.token[data-figure=\"bill\"]')"
                      ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
        assert page.evaluate("window.acted") == ["pick:x:molotov"]
        assert errors == []


def test_a_selection_ends_with_its_moves(server: Server, browser: Any) -> None:
    """Zoey moving is ringed; at the next decision (who takes a turn) no figure is."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        page.evaluate(SETUP)
        page.evaluate("""() => draw({prompt: "Zoey: move where?", actions: [
          {id: "move:1", label: "Move Zoey to 4,3",
           args: {verb: "move", figure: "zoey", space: "4,3", cost: 1, attacks: 0}}]}, 100)""")
        assert page.locator("g.token.selected").count() == 1
        page.evaluate("""() => draw({prompt: "Who takes a turn?", actions: [
          {id: "turn:bill", label: "Bill takes a turn",
           args: {verb: "turn", figure: "bill"}}]}, 101)""")
        assert page.locator("g.token.selected").count() == 0
        assert errors == []


def test_the_figure_moving_is_brought_into_the_map_box(server: Server, browser: Any) -> None:
    """On a phone, zoomed in, the map scrolled near the safe room; at the next step Louis moves
    far to the south-east: the box scrolls to him. A redraw at the same step (a tap) does not
    move the map."""
    with survivors_page(server, browser, PHONE) as (page, _, errors):
        page.evaluate(SETUP)
        page.tap('button[data-tool="zoom"]')
        page.wait_for_selector('button[data-tool="zoom"].on')
        page.evaluate("() => { const b = document.querySelector('.l4d-map-box');"
                      " b.scrollLeft = 300; b.scrollTop = 10; }")
        page.wait_for_timeout(100)  # the scroll is remembered from its event
        moving = """() => draw({prompt: "Louis: move where?", actions: [
          {id: "move:1", label: "Move Louis to 25,15",
           args: {verb: "move", figure: "louis", space: "25,15", cost: 1, attacks: 0}}]},
          500, {louis: "24,15"})"""
        page.evaluate(moving)
        inside = """() => {
          const box = document.querySelector(".l4d-map-box").getBoundingClientRect();
          const it = document.querySelector('g.token[data-figure="louis"]')
            .getBoundingClientRect();
          return it.left >= box.left && it.right <= box.right
            && it.top >= box.top && it.bottom <= box.bottom;
        }"""
        assert page.evaluate(inside)
        page.wait_for_timeout(100)
        page.evaluate("() => { document.querySelector('.l4d-map-box').scrollLeft = 40; }")
        page.wait_for_timeout(100)
        page.evaluate(moving)  # the same step again: the person's scroll stands
        assert page.evaluate("document.querySelector('.l4d-map-box').scrollLeft") == 40
        assert errors == []


def test_two_specials_of_a_kind_carry_their_numbers(server: Server, browser: Any) -> None:
    """Two Jockeys on the map are Jo1 and Jo2 as the log names them Jockey 1 and 2; a lone
    Smoker stays Sm."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        page.evaluate(SETUP)
        page.evaluate("""() => draw(null, undefined, {}, [["jockey", "Jockey 1", "6,6"],
          ["jockey", "Jockey 2", "8,6"], ["smoker", "Smoker 3", "10,6"]])""")
        said = page.eval_on_selector_all("svg.l4d-map g.token.special",
                                         "ts => ts.map(t => t.querySelector('text.name')"
                                         ".textContent)")
        assert sorted(said) == ["Jo1", "Jo2", "Sm"]
        assert errors == []


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_weapons_laid_out_say_what_they_do(server: Server, browser: Any,
                                               size: tuple[int, int]) -> None:
    """At the safe room's kit-out, right after the choices, the rulebook's words for each
    weapon a button offers (the view's item_texts), so a player compares them before taking
    one; on a desktop the prompt and first choice stay on the screen."""
    with survivors_page(server, browser, size) as (page, made, errors):
        page.wait_for_selector("#actions button.action")
        payload = server.get(made["id"], made["seats"]["survivors"]["token"])
        offered = {a["args"]["item"] for a in payload["decision"]["actions"]
                   if a["args"].get("item")}
        said = page.eval_on_selector_all(
            "#board-after .l4d-item-texts li", "ls => ls.map(l => [l.dataset.item, l.textContent])")
        texts = payload["view"]["item_texts"]
        assert offered and {item for item, _ in said} == offered
        assert all(text == f"{texts[item][0]} {texts[item][1]}" for item, text in said)
        assert "Range 4. Attack 3." in " ".join(text for _, text in said)  # the Chrome Shotgun
        if size == DESKTOP:
            first = page.locator("#actions button.action").first.bounding_box()
            assert first is not None and first["y"] + first["height"] <= size[1]
        assert errors == []


def test_spaces_to_throw_at_are_outlined_not_lit_as_moves(server: Server, browser: Any) -> None:
    """Bill attacking with a Molotov in hand: the spaces to throw it at are dashed outlines
    (not the gold of a move), the hint and the key say what they are, and a click on one
    offers the throw."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        page.evaluate(SETUP)
        page.evaluate("""() => draw({prompt: "Bill: attack?", actions: [
          ...["3,3", "4,3", "5,3"].map((space) => ({id: `throw:molotov:${space}`,
            label: `Throw the Molotov at ${space}`,
            args: {verb: "throw", item: "molotov-cocktail", space}})),
          {id: "end", label: "Do not attack", args: {verb: "end"}}]})""")
        assert page.locator("svg.l4d-map .aim-mark").count() == 3
        assert page.locator("svg.l4d-map .reach-mark").count() == 0
        assert "Dashed orange spaces (3): click one to throw at it or light it." in (
            page.inner_text(".l4d-hint"))
        assert "a space to throw an explosive at" in page.inner_text(".l4d-legend")
        page.evaluate("document.querySelector('g.hex[data-space=\"4,3\"]')"
                      ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
        assert page.evaluate("window.acted") == ["throw:molotov:4,3"]
        assert errors == []
