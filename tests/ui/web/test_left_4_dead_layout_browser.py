"""Left 4 Dead's page as a person meets it, at 1366x900 and on a 390x844 phone: the choices
follow the map (the cards and the key come after them), a tap on a figure never moves the map
under the finger, the zombies carry the numbers the log and the buttons name them by, and a move
that costs leaving-engagement attacks is marked apart from a free one and named in the key.
Screenshots go to the test's tmp folder (DEADTABLE_SHOTS=dir keeps them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.web.test_browser import Server
from tests.ui.web.test_left_4_dead_browser import browser, server, shots
from tests.ui.web.test_left_4_dead_marks_browser import survivors_page

__all__ = ["browser", "server"]  # fixtures, shared with the other Left 4 Dead browser tests
pytestmark = pytest.mark.browser  # left out of `make test-fast`

DESKTOP = (1366, 900)
PHONE = (390, 844)


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).first.evaluate(
        "node => { const r = node.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }")
    return found


def test_the_choices_follow_the_map_on_a_desktop(server: Server, browser: Any,
                                                 tmp_path: Path) -> None:
    """At 1366x900 the prompt and the first choice are on the screen as the page opens; the
    survivors' cards and the key come after the choices, not between the map and them."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        page.wait_for_selector("#actions button.action")
        page.screenshot(path=str(shots(tmp_path) / "l4d-layout-desktop.png"))
        for selector in ("#prompt", "#actions button.action"):
            where = box(page, selector)
            assert 0 <= where["top"] and where["bottom"] <= DESKTOP[1], (selector, where)
        order = page.evaluate("""() => {
          const choices = document.getElementById("choices");
          const cards = document.querySelector(".survivor-cards");
          return {inAfter: !!cards.closest("#board-after"),
                  follows: !!(choices.compareDocumentPosition(cards)
                              & Node.DOCUMENT_POSITION_FOLLOWING),
                  legend: !!document.querySelector("#board-after .l4d-legend")};
        }""")
        assert order == {"inAfter": True, "follows": True, "legend": True}
        assert page.locator("#board .survivor-cards").count() == 0  # drawn once, after
        assert errors == []


def test_a_tap_on_a_figure_does_not_move_the_map(server: Server, browser: Any,
                                                 tmp_path: Path) -> None:
    """On a phone a tap is a hover then a click: the Range it shows on the hover must not push
    the map down before the click lands, or the click hits the figure above the one tapped."""
    with survivors_page(server, browser, PHONE) as (page, _, errors):
        page.wait_for_selector("#actions button.action")
        zombies = page.locator("svg.l4d-map g.token.zombie")
        tapped = next(zombies.nth(i) for i in range(zombies.count())
                      if 0 < box(page, f"svg.l4d-map g.token.zombie >> nth={i}")["top"]
                      and box(page, f"svg.l4d-map g.token.zombie >> nth={i}")["bottom"] < PHONE[1]
                      and box(page, f"svg.l4d-map g.token.zombie >> nth={i}")["right"] < PHONE[0])
        figure = tapped.get_attribute("data-figure")
        top = page.evaluate("document.querySelector('.l4d-map-box')"
                            ".getBoundingClientRect().top + window.scrollY")
        tapped.tap()
        page.wait_for_selector(f'svg.l4d-map g.token.inspected[data-figure="{figure}"]')
        after = page.evaluate("document.querySelector('.l4d-map-box')"
                              ".getBoundingClientRect().top + window.scrollY")
        assert after == top
        assert "Range 1" in page.inner_text(".l4d-range")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        page.screenshot(path=str(shots(tmp_path) / "l4d-layout-phone-tap.png"))
        assert errors == []


def test_zombies_carry_their_numbers(server: Server, browser: Any) -> None:
    """The log and the buttons say "Zombie 3": its token says z3."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        page.wait_for_selector("#actions button.action")
        said = page.eval_on_selector_all(
            "svg.l4d-map g.token.zombie",
            "ts => ts.map(t => [t.dataset.figure, t.querySelector('text.name').textContent])")
        assert said and all(text == "z" + figure.split("-")[1] for figure, text in said)
        assert errors == []


def test_a_move_into_leaving_engagement_attacks_is_marked_apart(server: Server,
                                                                 browser: Any) -> None:
    """Of two spaces Bill may go to, the one whose way costs attacks is drawn apart, and the key
    says what that mark means."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        page.wait_for_selector("#actions button.action")
        drawn = page.evaluate("""async () => {
          const token = new URLSearchParams(location.search).get("token");
          const id = location.pathname.split("/").pop();
          const payload = await (await fetch(`/api/games/${id}?token=${token}`)).json();
          const move = (n, space, attacks) => ({id: `move:${n}`, label: `Move Bill to ${space}`,
            args: {verb: "move", figure: "bill", space, cost: 1, attacks}});
          payload.decision = {prompt: "Bill: move where?",
                              actions: [move(1, "2,2", 0), move(2, "3,2", 2)]};
          const board = document.getElementById("board");
          const drawn = Deadtable.renderers["left-4-dead"](payload.view, board, payload);
          const mark = (space) => board.querySelector(`.reach-mark[data-space="${space}"]`)
            .getAttribute("class");
          return {free: mark("2,2"), risky: mark("3,2"),
                  key: drawn.after.querySelector(".l4d-legend").textContent};
        }""")
        assert drawn["free"] == "reach-mark"
        assert drawn["risky"] == "reach-mark risky"
        assert "leaving engagement" in drawn["key"]
        assert errors == []


def test_undo_stands_beside_the_prompt(server: Server, browser: Any, tmp_path: Path) -> None:
    """After a decision that revealed nothing (a weapon from the safe room), Undo is on the
    prompt's line, above the buttons, not after a long list of them or under "more choices"."""
    with survivors_page(server, browser, PHONE) as (page, _, errors):
        page.wait_for_selector("#actions button.action")
        step = page.get_attribute("body", "data-step")
        page.click("#actions button.action >> nth=0")
        page.wait_for_selector(f'body:not([data-step="{step}"])', state="attached")
        page.wait_for_selector("#undo:not([hidden])")
        undo, prompt = box(page, "#undo"), box(page, "#prompt")
        first = box(page, "#actions button.action")
        assert undo["bottom"] <= first["top"]
        assert prompt["top"] <= (undo["top"] + undo["bottom"]) / 2 <= prompt["bottom"] + 12
        assert undo["right"] <= PHONE[0]
        page.screenshot(path=str(shots(tmp_path) / "l4d-layout-phone-undo.png"))
        assert errors == []


def test_a_tool_says_it_takes_the_clicks_and_its_cross_shows_over_a_figure(
        server: Server, browser: Any) -> None:
    """With the Ruler on, the hint says clicks measure (not "click a highlighted space"), and the
    ruler is drawn over the figures, so the cross on a figure that blocks the line shows."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        page.click('button[data-tool="ruler"]')
        hint = page.inner_text(".l4d-hint")
        assert "Ruler is on" in hint and "highlighted" not in hint
        layers = page.eval_on_selector_all("svg.l4d-map > g",
                                           "gs => gs.map(g => g.getAttribute('class'))")
        assert layers.index("ruler") > layers.index("figures")
        page.click('button[data-tool="ruler"]')
        page.click('button[data-tool="sight"]')
        assert "Range & sight is on" in page.inner_text(".l4d-hint")
        assert errors == []


def test_zoomed_in_on_a_phone_the_map_shows_the_survivors(server: Server,
                                                          browser: Any) -> None:
    """The survivors near the map's bottom edge, "Zoom in" on a phone: the map is then taller
    than its box as well as wider, and it is scrolled to them both ways."""
    with survivors_page(server, browser, PHONE) as (page, _, errors):
        page.evaluate("""async () => {
          const token = new URLSearchParams(location.search).get("token");
          const id = location.pathname.split("/").pop();
          const payload = await (await fetch(`/api/games/${id}?token=${token}`)).json();
          const spaces = ["12,17", "13,17", "12,16", "13,16"];
          payload.view.figures.filter((f) => f.side === "survivors")
            .forEach((f, i) => { f.space = spaces[i]; });
          payload.decision = null;
          Deadtable.renderers["left-4-dead"](payload.view, document.getElementById("board"),
                                             payload);
        }""")
        page.tap('button[data-tool="zoom"]')
        page.wait_for_selector('button[data-tool="zoom"].on')
        inside = page.evaluate("""() => {
          const box = document.querySelector(".l4d-map-box").getBoundingClientRect();
          const bill = document.querySelector('g.token[data-figure="bill"]')
            .getBoundingClientRect();
          return bill.top >= box.top && bill.bottom <= box.bottom
            && bill.left >= box.left && bill.right <= box.right;
        }""")
        assert inside
        assert errors == []


def redrawn(page: Any, change: str, read: str) -> Any:
    """The board drawn afresh from the seat's payload, `change` (script) made to it first and
    no decision; `read` returns what to check, with `board` and the map's `layers` in scope."""
    return page.evaluate(f"""async () => {{
      const token = new URLSearchParams(location.search).get("token");
      const id = location.pathname.split("/").pop();
      const payload = await (await fetch(`/api/games/${{id}}?token=${{token}}`)).json();
      {change}
      payload.decision = null;
      const board = document.getElementById("board");
      Deadtable.renderers["left-4-dead"](payload.view, board, payload);
      const layers = [...board.querySelectorAll("svg.l4d-map > g")]
        .map((g) => g.getAttribute("class"));
      {read}
    }}""")


def test_a_down_survivors_word_shows_over_the_token_below_it(server: Server,
                                                             browser: Any) -> None:
    """Bill down with Louis on the space below-right: the word DOWN is written over every
    token (a layer after the figures), so Louis's token does not hide it."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        drawn = redrawn(page, """
          const at = {bill: ["5,5", true], louis: ["5,6", false]};
          for (const f of payload.view.figures) {
            if (at[f.id]) Object.assign(f, {space: at[f.id][0], down: at[f.id][1]});
          }""", """
          const word = board.querySelector('.token-words .state[data-figure="bill"]');
          return {layers, word: word && word.textContent};""")
        assert drawn["word"] == "DOWN"
        assert drawn["layers"].index("token-words") > drawn["layers"].index("figures")
        assert errors == []


def test_a_destroyed_survivors_card_has_no_hearts(server: Server, browser: Any) -> None:
    """Louis destroyed (off the map, his wounds gone with his figure): his card says so and
    shows no full Life, which would read as unhurt."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        card = page.evaluate("""async () => {
          const token = new URLSearchParams(location.search).get("token");
          const id = location.pathname.split("/").pop();
          const payload = await (await fetch(`/api/games/${id}?token=${token}`)).json();
          const louis = payload.view.figures.find((f) => f.id === "louis");
          Object.assign(louis, {destroyed: true, space: null, wounds: 0});
          payload.decision = null;
          const drawn = Deadtable.renderers["left-4-dead"](payload.view,
            document.getElementById("board"), payload);
          const node = drawn.after.querySelector('.survivor-card[data-figure="louis"]');
          return {text: node.textContent, hearts: node.querySelectorAll(".hearts").length,
                  cls: node.getAttribute("class")};
        }""")
        assert "destroyed" in card["text"] and card["hearts"] == 0
        assert "destroyed" in card["cls"].split()
        assert errors == []


def test_no_empty_band_between_the_choices_and_the_cards(server: Server, browser: Any) -> None:
    """The error line takes no room while it is empty: the cards follow the last choice
    closely (78 px apart before, for a message that was not there)."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        page.wait_for_selector("#actions button.action")
        assert box(page, "#error")["bottom"] - box(page, "#error")["top"] == 0
        gap = box(page, "#board-after")["top"] - box(page, "#actions")["bottom"]
        assert 0 <= gap < 40, gap
        assert errors == []


def tools_row(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.eval_on_selector_all(
        ".l4d-tools button.tool",
        "bs => bs.map(b => { const r = b.getBoundingClientRect();"
        " return {text: b.innerText, top: r.top, right: r.right}; })")
    return found


@pytest.mark.parametrize("size", [PHONE, (360, 740)])
def test_the_map_tools_stand_on_one_line_on_a_phone(server: Server, browser: Any,
                                                     size: tuple[int, int],
                                                     tmp_path: Path) -> None:
    """Ruler, Range, Zoom and Names on one row above the map on a 390 px phone and a 360 px
    one (they wrapped onto two lines, the map a row lower), zoomed in too; on a desktop the
    buttons say their whole names."""
    with survivors_page(server, browser, size) as (page, _, errors):
        row = tools_row(page)
        assert [t["text"] for t in row] == ["Ruler", "Range", "+ Zoom", "Names"]
        assert len({t["top"] for t in row}) == 1, row
        assert max(t["right"] for t in row) <= size[0]
        page.tap('button[data-tool="zoom"]')
        page.wait_for_selector('button[data-tool="zoom"].on')
        row = tools_row(page)
        assert row[2]["text"] == "− Zoom" and len({t["top"] for t in row}) == 1, row
        page.tap('button[data-tool="sight"]')  # the hint names it as its button does
        assert page.inner_text(".l4d-hint").startswith("Range is on:")
        assert "Press Range again" in page.inner_text(".l4d-hint")
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        page.screenshot(path=str(shots(tmp_path) / f"l4d-layout-tools-{size[0]}.png"))
        assert errors == []
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        assert [t["text"] for t in tools_row(page)] == ["Ruler", "Range & sight", "+ Zoom in",
                                                        "Names"]
        assert errors == []


def test_items_under_a_survivor_keep_their_count_in_sight(server: Server, browser: Any) -> None:
    """Bill, wounded, stands where two items lie: their count is drawn over his token (it was
    under it, hidden), at the hex's top, clear of his wounds' badge."""
    with survivors_page(server, browser, DESKTOP) as (page, _, errors):
        drawn = redrawn(page, """
          payload.view.items = {"5,4": ["pipe-bomb", "pills"]};
          const bill = payload.view.figures.find((f) => f.id === "bill");
          Object.assign(bill, {space: "5,4", wounds: 2});""", """
          const count = board.querySelector('.items-here[data-space="5,4"]');
          const inLayer = count.parentNode.getAttribute("class");
          const box = (node) => { const r = node.getBoundingClientRect();
            return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
          return {layers, inLayer, text: count.textContent.slice(0, 1),
                  count: box(count.querySelector("circle")),
                  wounds: box(board.querySelector('g.token[data-figure="bill"] .wounds circle')),
                  token: box(board.querySelector('g.token[data-figure="bill"] circle.body'))};""")
        assert drawn["text"] == "2"
        assert drawn["layers"].index(drawn["inLayer"]) > drawn["layers"].index("figures")
        count, wounds, token = drawn["count"], drawn["wounds"], drawn["token"]
        middle = ((count["left"] + count["right"]) / 2, (count["top"] + count["bottom"]) / 2)
        assert not (wounds["left"] <= middle[0] <= wounds["right"]
                    and wounds["top"] <= middle[1] <= wounds["bottom"])
        assert token["left"] < middle[0] < token["right"]  # over the token, seen
        assert errors == []


def test_a_few_choices_on_the_map_stay_buttons(server: Server, browser: Any) -> None:
    """Three items to pick up at Bill's space: the renderer leaves them to the page as
    buttons (folded under "more choices", "Leave the items" read as the only choice); a
    move to any of six spaces it still folds, to be clicked on the map."""
    with survivors_page(server, browser, PHONE) as (page, _, errors):
        folded = page.evaluate("""async () => {
          const token = new URLSearchParams(location.search).get("token");
          const id = location.pathname.split("/").pop();
          const payload = await (await fetch(`/api/games/${id}?token=${token}`)).json();
          const board = document.getElementById("board");
          const fold = (actions) => {
            payload.decision = {prompt: "Bill: pick up an item?", actions};
            return Deadtable.renderers["left-4-dead"](payload.view, board, payload).actions;
          };
          const pick = (item) => ({id: `pick:40:${item}`, label: `Pick up the ${item} at 5,4`,
            args: {verb: "pick", space: "5,4", item}});
          const move = (n) => ({id: `move:${n}`, label: `Move Bill to ${n},2`,
            args: {verb: "move", figure: "bill", space: `${n},2`, cost: 1, attacks: 0}});
          const leave = {id: "go-on", label: "Leave the items", args: {verb: "go-on"}};
          return {picks: fold([...["pills", "uzi", "axe"].map(pick), leave]),
                  moves: fold([1, 2, 3, 4, 5, 6].map(move))};
        }""")
        assert folded["picks"] == []
        assert folded["moves"] == [f"move:{n}" for n in range(1, 7)]
        assert errors == []
