"""Left 4 Dead's markers and effects in the browser, and any figure's Range and sight on request.

The page's renderer is given the game's real view with each marker or effect put in (a short
game reaches few of them), and each must show: a badge on the token with its words for a screen
reader, the survivor's card or the infected line in words, a ring on the space for an effect,
the status line for deployed ammo, and the key. Then "Range & sight" on an infected figure:
the page asks the server's ruler and rings the survivors it sees. Screenshots at 1280x800 and
390x844 go to the test's tmp folder (DEADTABLE_SHOTS=dir keeps them)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.ui.web.test_browser import TIMEOUT_MS, Server
from tests.ui.web.test_left_4_dead_browser import browser, server, shots

__all__ = ["browser", "server"]  # fixtures, shared with the other Left 4 Dead browser tests
pytestmark = pytest.mark.browser  # left out of `make test-fast`

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}

# Puts `change` into the game's own view and draws it; says what the page shows.
DRAW = """async (change) => {
  const token = new URLSearchParams(location.search).get("token");
  const id = location.pathname.split("/").pop();
  const payload = await (await fetch(`/api/games/${id}?token=${token}`)).json();
  const v = payload.view;
  const survivors = v.figures.filter((f) => f.side === "survivors");
  const bill = survivors.find((f) => f.id === "bill");
  const base = {wounds: 0, incaps: 0, down: false, closet: false, markers: {}, items: {},
    ammo: {}, set_aside: 0, level: 0, life: 5, move: 5, range: 1, attack: 2, defense: 2,
    height: 5};
  for (const f of change.add || []) v.figures.push(Object.assign({}, base, f));
  for (const [fid, patch] of Object.entries(change.figures || {})) {
    Object.assign(v.figures.find((f) => f.id === fid), patch);
  }
  v.effects = change.effects || [];
  if (change.environment) v.environment = change.environment;
  payload.decision = null;
  const board = document.getElementById("board");
  const drawn = Deadtable.renderers["left-4-dead"](v, board, payload);
  // The cards, the infected, the items and the key go under the choices.
  const after = document.getElementById("board-after");
  after.replaceChildren(drawn.after);
  const all = (s) => [...board.querySelectorAll(s)];
  return {
    badges: all(".token .card-mark").map((b) => [b.closest(".token").dataset.figure,
      b.getAttribute("class"), b.getAttribute("aria-label")]),
    tokens: Object.fromEntries(all(".token").map((t) => [t.dataset.figure,
      t.getAttribute("aria-label")])),
    effects: all(".effect").map((e) => [e.getAttribute("class"), e.dataset.space,
      e.getAttribute("aria-label")]),
    area: all(".effect-area polygon").length,
    hexes: Object.fromEntries(all("g.hex").filter((h) => h.dataset.space === "6,6")
      .map((h) => [h.dataset.space, h.getAttribute("aria-label")])),
    cards: after.querySelector(".survivor-cards").textContent,
    infected: after.querySelector(".l4d-infected").textContent,
    items: after.querySelector(".l4d-items").textContent,
    status: board.querySelector(".l4d-status").textContent,
    legend: after.querySelector(".l4d-legend").textContent,
    bill: bill.space,
    environment: all("g.marker-env").map((g) => [g.dataset.environment,
      g.querySelector("title").textContent]),
  };
}"""


@contextmanager
def survivors_page(server: Server, browser: Any, size: str | tuple[int, int] = "desktop",
                   ) -> Iterator[tuple[Any, dict[str, Any], list[str]]]:
    """A new game's survivors' page at `size` (one of SIZES, or a width and height; a phone
    narrower than 600 px has touch), drawn: (page, the game made, page errors)."""
    width, height = SIZES[size] if isinstance(size, str) else size
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=width < 600)
    context.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    try:
        made = server.create("left-4-dead", seats={"infected": "random"}, seed=5)
        opened = context.new_page()
        opened.on("pageerror", lambda error: errors.append(str(error)))
        opened.goto(made["seats"]["survivors"]["url"])
        opened.wait_for_selector("svg.l4d-map g.token.survivor")
        yield opened, made, errors
    finally:
        context.close()


@pytest.fixture(scope="module")
def page(server: Server, browser: Any) -> Iterator[Any]:
    with survivors_page(server, browser) as (opened, _, _):
        yield opened


def special(kind: str, name: str, space: str = "6,5", **more: Any) -> dict[str, Any]:
    return {"id": f"{kind}-1", "name": name, "kind": kind, "card": kind, "side": "infected",
            "space": space, **more}


# key, the infected that places it, the survivor's words, the infected's words
PLACED = [("pinned", "hunter", "Hunter 1", "pinned by Hunter 1", "pinning Bill"),
          ("grabbed", "charger", "Charger 1", "grabbed by Charger 1", "grabbing Bill"),
          ("ridden", "jockey", "Jockey 1", "ridden by Jockey 1", "riding Bill"),
          ("tongue", "smoker", "Smoker 1", "tongue of Smoker 1", "tongue on Bill"),
          ("vomit", "boomer", "Boomer 1", "vomit of Boomer 1", "vomited on Bill"),
          ("mud", "mud-man", "Mud Man 1", "mud of Mud Man 1", "mud on Bill")]


@pytest.mark.parametrize(("key", "kind", "name", "survivor_words", "captor_words"), PLACED)
def test_a_marker_an_infected_placed(page: Any, key: str, kind: str, name: str,
                                     survivor_words: str, captor_words: str) -> None:
    drawn = page.evaluate(DRAW, {"add": [special(kind, name)],
                                 "figures": {"bill": {"markers": {key: f"{kind}-1"}}}})
    assert ["bill", f"card-mark mark-{key}", survivor_words] in drawn["badges"]
    assert f"markers: {survivor_words}" in drawn["tokens"]["bill"]  # said to a screen reader
    assert survivor_words in drawn["cards"]
    assert f"{name} at 6,5 [{captor_words}]" in drawn["infected"]
    assert captor_words in drawn["tokens"][f"{kind}-1"]
    plain = page.evaluate(DRAW, {})
    assert not [b for b in plain["badges"] if b[0] == "bill"]


def test_burning_wandering_disturbed_risen_adrenaline(page: Any) -> None:
    drawn = page.evaluate(DRAW, {
        "add": [special("hunter", "Hunter 1", markers={"burn": "molotov-cocktail"}, wounds=1,
                        life=4),
                special("witch", "Witch 1", "8,8", markers={"disturbed-by": "bill"}),
                special("zombies-of-morindan", "Zombie 99", "9,9", markers={"risen": 1})],
        "figures": {"zoey": {"markers": {"adrenaline": 1}}}})
    badges = {(f, cls): words for f, cls, words in drawn["badges"]}
    assert badges[("hunter-1", "card-mark mark-burn")] == "burning (molotov cocktail)"
    assert badges[("witch-1", "card-mark mark-disturbed-by")] == "disturbed by Bill"
    assert badges[("zombies-of-morindan-1", "card-mark mark-risen")] == "risen this turn"
    assert badges[("zoey", "card-mark mark-adrenaline")] == "adrenaline (round 1)"
    assert "Hunter 1 at 6,5 (1/4 wounds) [burning (molotov cocktail)]" in drawn["infected"]
    assert "(1 risen this turn)" in drawn["infected"]


def test_incapped_markers_set_aside_wounds_ammo_and_fuel(page: Any) -> None:
    drawn = page.evaluate(DRAW, {"figures": {
        "bill": {"incaps": 2, "wounds": 3},
        "zoey": {"set_aside": 2, "items": {"secondary": "chainsaw"}, "ammo": {"chainsaw": 1}},
        "louis": {"items": {"weapon": "grenade-launcher"}, "ammo": {"grenade-launcher": 3}}}})
    badges = {(f, cls): words for f, cls, words in drawn["badges"]}
    assert badges[("bill", "card-mark incaps")] == "2 incapped markers"
    assert badges[("zoey", "card-mark set-aside")] == "2 wounds set aside"
    assert badges[("zoey", "card-mark ammo")] == "1 fuel marker (chainsaw)"
    assert badges[("louis", "card-mark ammo")] == "3 ammo markers (grenade launcher)"
    assert "2 wounds set aside" in drawn["cards"] and "chainsaw 1 fuel" in drawn["cards"]
    assert "grenade launcher 3 ammo" in drawn["cards"]
    assert "incapacitated 2× (2 incapped markers)" in drawn["cards"]
    assert "Life 2/5" in drawn["tokens"]["bill"] and "2 incapped markers" in drawn["tokens"]["bill"]


EFFECTS = [("molotov-cocktail", "fire", "fire (molotov cocktail) on 6,6 and next to it"),
           ("gas-can", "fire", "fire (gas can) on 6,6 and next to it"),
           ("acid", "acid", "acid on 6,6 and next to it"),
           ("bile-bomb", "bile", "bile bomb on 6,6"),
           ("pipe-bomb", "blast", "pipe bomb (explodes) on 6,6 and next to it"),
           ("smoke", "smoke", "smoke on 6,6 and next to it")]


@pytest.mark.parametrize(("kind", "name", "words"), EFFECTS)
def test_an_effect_on_a_space(page: Any, kind: str, name: str, words: str) -> None:
    drawn = page.evaluate(DRAW, {"effects": [{"kind": kind, "space": "6,6", "side": "x"}]})
    assert drawn["effects"] == [[f"effect effect-{name}", "6,6", words]]
    assert drawn["area"] == (0 if name == "bile" else 6)  # the spaces next to it, tinted
    assert words in drawn["hexes"]["6,6"] and words in drawn["items"]


@pytest.mark.parametrize(("kind", "said"), [("explosive-ammo", "EXPLOSIVE AMMO"),
                                            ("incendiary-ammo", "INCENDIARY AMMO")])
def test_deployed_ammo(page: Any, kind: str, said: str) -> None:
    drawn = page.evaluate(DRAW, {"effects": [{"kind": kind, "space": None,
                                              "side": "survivors"}]})
    assert f"{said} (every survivor, this round)" in drawn["status"]
    assert f"{kind.replace('-', ' ')}: every survivor has it" in drawn["items"]
    assert drawn["effects"] == []


def test_environmental_items_and_alarms_on_the_map_and_an_alarm_in_the_status(
        page: Any) -> None:
    drawn = page.evaluate(DRAW, {"effects": [{"kind": "alarm", "space": None,
                                              "side": "infected"}]})
    kinds = {kind for kind, _ in drawn["environment"]}
    assert kinds == {"minigun", "heavy-machine-gun", "gas-can", "fireworks", "propane-tank",
                     "oxygen-tank", "car", "metal-detector"}  # chapter 1 has one of each
    assert ["gas-can", "Gas Can at 21,6"] in drawn["environment"]
    assert "ALARM" in drawn["status"] and "car alarm" in drawn["legend"]
    lit = page.evaluate(DRAW, {"environment": [{"kind": "car", "name": "Car alarm (car)",
                                                "spaces": ["19,7", "20,7"]}]})
    assert [k for k, _ in lit["environment"]] == ["car", "car"]  # the rest lit or set off


def test_the_key_names_every_marker_and_effect(page: Any) -> None:
    legend = page.evaluate(DRAW, {})["legend"]
    for words in ("held: P pinned, G grabbed, R ridden, T tongue", "vomit", "mud", "burning",
                  "disturbed", "wandering", "risen this turn", "adrenaline",
                  "incapped markers", "wounds set aside", "ammo or fuel markers", "fire",
                  "acid", "bile bomb", "smoke", "pipe bomb (explodes)", "EXPLOSIVE / INCENDIARY"):
        assert words in legend


@pytest.mark.parametrize("size", list(SIZES))
def test_range_and_sight_of_an_infected_figure_on_request(
        server: Server, browser: Any, size: str, tmp_path: Path) -> None:
    """The survivors' seat turns on "Range & sight" and clicks a Hunter standing among them:
    its Range is shaded and each survivor in it is ringed as the server's ruler answers."""
    with survivors_page(server, browser, size) as (opened, made, errors):
        seat = made["seats"]["survivors"]
        view = server.get(made["id"], seat["token"])["view"]
        survivors = {f["id"]: f["space"] for f in view["figures"] if f["side"] == "survivors"}
        # A Hunter drawn on an empty space of the survivors' safe room with a long Range (the
        # ruler answers for the real table: the map and where the survivors stand).
        taken = {f["space"] for f in view["figures"] if f["space"]}
        room = next(z["spaces"] for z in view["map"]["zones"].values()
                    if survivors["bill"] in z["spaces"] and z["kind"] == "safe-room")
        spot = next(s for s in room if s not in taken)
        opened.evaluate(DRAW, {"add": [special("hunter", "Hunter 1", spot, range=40,
                                               markers={"burn": "molotov-cocktail"})],
                               "effects": [{"kind": "acid", "space": spot, "side": "infected"}]})
        opened.click('button[data-tool="sight"]')
        assert opened.get_attribute('button[data-tool="sight"]', "aria-pressed") == "true"
        opened.click('svg.l4d-map g.token[data-figure="hunter-1"]')
        opened.wait_for_selector("svg.l4d-map circle.sight-ring")
        rings = opened.eval_on_selector_all(
            "svg.l4d-map circle.sight-ring",
            "rings => rings.map((r) => [r.dataset.figure, r.classList.contains('sees')])")
        said = opened.inner_text(".l4d-range")
        assert "Hunter 1: Range 40 (shaded)" in said
        base = server.base
        for figure, sees in rings:
            answer = httpx.get(f"{base}/api/games/{made['id']}/sight", params={
                "token": seat["token"], "from": spot, "to": survivors[figure]}).json()
            assert sees == answer["clear"]
        assert {f for f, _ in rings} == set(survivors)  # every survivor, none of its own side
        seen = [f for f, sees in rings if sees]
        assert seen, "a Hunter beside Bill sees someone"
        names = {f["id"]: f["name"] for f in view["figures"]}
        assert all(names[f] in said.split("sees in range:")[1] for f in seen)
        opened.screenshot(path=str(shots(tmp_path) / f"l4d-{size}-sight.png"), full_page=True)
        # Clicking the Hunter again puts it away; the tool off, a survivor's click moves again.
        opened.click('svg.l4d-map g.token[data-figure="hunter-1"]')
        assert opened.locator("svg.l4d-map circle.sight-ring").count() == 0
        assert errors == []


@pytest.mark.parametrize("size", list(SIZES))
def test_every_mark_at_once_fits_the_page(server: Server, browser: Any, size: str,
                                          tmp_path: Path) -> None:
    """All the markers and effects at once, on a desktop and a 390 px phone: the page does not
    grow past the screen's width, and each badge stays inside the map."""
    with survivors_page(server, browser, size) as (opened, _, errors):
        drawn = opened.evaluate(DRAW, {
            "add": [special("hunter", "Hunter 1", "3,2", markers={"burn": "molotov-cocktail"}),
                    special("boomer", "Boomer 1", "4,4")],
            "figures": {"bill": {"markers": {"pinned": "hunter-1", "vomit": "boomer-1"},
                                 "incaps": 1, "wounds": 2},
                        "zoey": {"set_aside": 2, "items": {"secondary": "chainsaw"},
                                 "ammo": {"chainsaw": 2}, "markers": {"adrenaline": 1}}},
            "effects": [{"kind": "molotov-cocktail", "space": "5,3", "side": "survivors"},
                        {"kind": "acid", "space": "5,6", "side": "infected"},
                        {"kind": "bile-bomb", "space": "7,4", "side": "survivors"},
                        {"kind": "pipe-bomb", "space": "8,2", "side": "survivors"},
                        {"kind": "explosive-ammo", "space": None, "side": "survivors"}]})
        assert len(drawn["badges"]) == 7 and len(drawn["effects"]) == 4
        assert opened.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0] + 1
        opened.evaluate("document.querySelector('details.l4d-more').open = true")
        opened.screenshot(path=str(shots(tmp_path) / f"l4d-{size}-marks.png"), full_page=True)
        opened.locator("svg.l4d-map").screenshot(
            path=str(shots(tmp_path) / f"l4d-{size}-marks-map.png"))
        assert errors == []
