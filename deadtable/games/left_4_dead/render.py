"""The Left 4 Dead table in the terminal: the hex map in odd-r rows (two characters a hex: what
stands there and the level, on the terrain's colour, lighter the higher), a legend, a line per
survivor (wounds against Life, incapacitations, down, markers, items and ammo), the infected on
the map, items lying about, effects, the round and phase, and the log with the why of each line.

The map is cropped to a window around the survivors when the terminal is too narrow for it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.color import Color
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from deadtable.engine.decisions import Decision
from deadtable.render import board_footer, hex_rows, odd_r

LOG_LINES = 6

# Terrain colours (HeroScape's tiles), lightened by level.
TERRAIN_RGB: dict[str, tuple[int, int, int]] = {
    "grass": (34, 78, 30), "asphalt": (52, 52, 56), "concrete": (78, 74, 68),
    "rock": (82, 60, 40), "water": (20, 50, 110), "sand": (110, 96, 50),
    "swamp": (50, 64, 38), "road": (52, 52, 56), "dungeon": (60, 56, 70),
    "lava": (120, 40, 20), "ice": (90, 120, 140), "snow": (140, 140, 150),
}
DEFAULT_RGB = (60, 60, 60)
SAFE_RGB = (0, 100, 90)
RESCUE_RGB = (40, 60, 150)  # a finale's rescue vehicle
OBSTACLE_RGB = (110, 20, 20)

# Letters of the infected's army cards (survivors show their initial).
INFECTED_LETTERS: dict[str, str] = {
    "zombies-of-morindan": "z", "boomer": "b", "charger": "c", "hunter": "h", "jockey": "j",
    "smoker": "s", "spitter": "p", "witch": "w", "tank": "T", "clown": "o",
    "fallen-survivor": "f", "hazmat": "m", "mud-man": "d", "riot-control": "r", "worker": "k",
}
INFECTED_NAMES: dict[str, str] = {
    "z": "zombie", "b": "Boomer", "c": "Charger", "h": "Hunter", "j": "Jockey", "s": "Smoker",
    "p": "Spitter", "w": "Witch", "T": "Tank", "o": "Clown", "f": "Fallen Survivor",
    "m": "Hazmat", "d": "Mud Man", "r": "Riot Control", "k": "Worker",
}
# What lies on a space: glyph, style, legend words (first found wins). Under a figure the
# level digit takes the effect's colour instead.
EFFECT_GLYPHS: tuple[tuple[tuple[str, ...], str, str, str], ...] = (
    (("molotov", "fire", "gas-can"), "^", "bold bright_red", "fire"),
    (("acid", "spit"), "~", "bold bright_green", "acid"),
    (("bile",), "@", "bold yellow", "bile bomb"),
    (("smoke",), "%", "bold white", "smoke"),
    (("pipe-bomb", "propane", "oxygen"), "&", "bold orange1", "pipe bomb (explodes)"),
)
EFFECT_UNDER: dict[str, str] = {"fire": "red3", "acid": "green4", "bile bomb": "yellow4",
                                "smoke": "grey50", "pipe bomb (explodes)": "dark_orange3"}
# Markers on an army card, shown on the map as the figure's glyph on a colour (first found wins)
# and in the panels in words: (key, map style, legend words).
CARD_MARKS: tuple[tuple[str, str, str], ...] = (
    ("burn", "bold bright_yellow on dark_orange3", "burning"),
    ("pinned", "bold white on dark_magenta", "held: pinned, grabbed, ridden, tongue"),
    ("grabbed", "bold white on dark_magenta", "held: pinned, grabbed, ridden, tongue"),
    ("ridden", "bold white on dark_magenta", "held: pinned, grabbed, ridden, tongue"),
    ("tongue", "bold white on dark_magenta", "held: pinned, grabbed, ridden, tongue"),
    ("vomit", "bold black on green3", "vomit"),
    ("mud", "bold white on orange4", "mud"),
)
# A marker in words: bare, and with its value (the figure that placed it, an item, a round).
MARKER_WORDS: dict[str, tuple[str, str]] = {
    "vomit": ("vomit", "vomit of {}"), "pinned": ("pinned", "pinned by {}"),
    "grabbed": ("grabbed", "grabbed by {}"), "ridden": ("ridden", "ridden by {}"),
    "tongue": ("tongue", "tongue of {}"), "mud": ("mud", "mud of {}"),
    "burn": ("burning", "burning ({})"), "disturbed-by": ("disturbed", "disturbed by {}"),
    "wandering": ("wandering", "wandering"), "risen": ("risen this turn", "risen this turn"),
    "adrenaline": ("adrenaline", "adrenaline (round {})"),
}
FUEL = ("chainsaw",)  # its markers are Fuel Markers; the others' are Ammo Markers
# Effects on no space: deployed ammo, every survivor's until the end of the round.
DEPLOYED = {"explosive-ammo": "EXPLOSIVE AMMO", "incendiary-ammo": "INCENDIARY AMMO"}
MARKER_GLYPHS: dict[str, tuple[str, str, str]] = {
    "hero-closet": ("#", "bold bright_cyan", "hero closet"),
    "crescendo-trigger": ("!", "bold bright_yellow", "crescendo trigger"),
    "finale-trigger": ("+", "bold bright_magenta", "finale trigger"),  # F is Francis
    "item-location": ("i", "bright_yellow", "item location"),
    "witch-location": ("°", "dim", "witch location"),
    "spawn": (":", "dim", "spawn point"),
}


# Environmental items still in place, Car Alarms and Metal Detectors still armed (view
# "environment"): glyph, style, legend words.
ENVIRONMENT_GLYPHS: dict[str, tuple[str, str, str]] = {kind: look for kinds, look in (
    (("minigun", "heavy-machine-gun"),
     ("=", "bold bright_cyan", "minigun / machine gun (stand on it)")),
    (("gas-can", "fireworks"), ("g", "bold orange1", "gas can / fireworks (light it)")),
    (("propane-tank", "oxygen-tank"), ("t", "bold orange1", "propane / oxygen tank (light it)")),
    (("car",), ("A", "bold yellow on grey23", "car alarm")),
    (("metal-detector",), ("D", "bold yellow on grey23", "metal detector (alarm)")),
) for kind in kinds}
ALARM_WORDS = "ALARM: {} wave(s) of zombies again at the end of the round"


def environment_at(view: dict[str, Any]) -> dict[str, str]:
    """Space -> the kind of environmental item or alarm on it."""
    return {space: e["kind"] for e in view.get("environment", []) for space in e["spaces"]}


def effect_glyph(kind: str) -> tuple[str, str, str]:
    for words, glyph, style, name in EFFECT_GLYPHS:
        if any(w in kind for w in words):
            return glyph, style, name
    return "!", "bold bright_red", kind


def card_mark(figure: dict[str, Any]) -> tuple[str, str] | None:
    """(map style, legend words) of the first marker on the figure's card that the map shows."""
    markers = figure.get("markers") or {}
    return next(((style, words) for key, style, words in CARD_MARKS if key in markers), None)


def marker_words(key: str, value: Any, names: dict[str, str]) -> str:
    """A marker in words, a figure's id read as its name: "pinned by Hunter 1"."""
    bare, told = MARKER_WORDS.get(key, (key.replace("-", " "), key.replace("-", " ") + " {}"))
    if value is None or value in ("", "-") or (value == 1 and key != "adrenaline"):
        return bare  # a bare marker (1), or its placer gone ("-")
    shown = names.get(value, value) if isinstance(value, str) else value
    return told.format(str(shown).replace("-", " ") if shown == value else shown)


def figure_letter(figure: dict[str, Any]) -> str:
    if figure["side"] == "survivors":
        return str(figure["name"])[:1].upper() or "?"
    return INFECTED_LETTERS.get(figure["kind"], "i")


def _shade(rgb: tuple[int, int, int], level: int) -> Color:
    lift = min(level, 12) * 9
    return Color.from_rgb(*(min(255, c + lift) for c in rgb))


class HexMap:
    """The map as odd-r rows of two-character cells, cropped to the width it is given around
    `focus` (a list of (col, row) to keep in sight)."""

    def __init__(self, view: dict[str, Any], highlight: Iterable[str] = ()) -> None:
        self.view = view
        self.highlight = set(highlight)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)

    def cells(self) -> tuple[dict[tuple[int, int], tuple[Text, Style]], list[tuple[int, int]]]:
        view = self.view
        m = view["map"]
        zones = m.get("zones", {})
        safe = {s for z in zones.values() if z["kind"] == "safe-room" for s in z["spaces"]}
        rescue = {s for z in zones.values() if z["kind"] == "rescue-vehicle" for s in z["spaces"]}
        obstacle = set(view.get("obstacle") or [])
        markers: dict[str, str] = {}
        for marker in m.get("markers", []):
            kind = marker["kind"]
            if kind in MARKER_GLYPHS and (kind != "spawn" or marker["space"] not in markers):
                markers.setdefault(marker["space"], kind)
        occupant: dict[str, dict[str, Any]] = {}
        for figure in view.get("figures", []):
            if figure.get("space") is not None:
                occupant[figure["space"]] = figure
        effects = {e["space"]: e["kind"] for e in view.get("effects", []) if e.get("space")}
        environment = environment_at(view)
        items = view.get("items", {})
        out: dict[tuple[int, int], tuple[Text, Style]] = {}
        focus: list[tuple[int, int]] = []
        for name, q, r, terrain, level in m["spaces"]:
            if q is None:
                continue
            col, row = odd_r(q, r)
            if name in safe:
                bg = _shade(SAFE_RGB, level)
            elif name in rescue:
                bg = _shade(RESCUE_RGB, level)
            elif name in obstacle:
                bg = Color.from_rgb(*OBSTACLE_RGB)
            else:
                bg = _shade(TERRAIN_RGB.get(terrain, DEFAULT_RGB), level)
            if name in self.highlight:
                bg = Color.from_rgb(150, 120, 0)  # a space the decision offers
            base = Style(bgcolor=bg, color="grey85")
            glyph, style = " ", ""
            figure = occupant.get(name)
            if figure is not None:
                glyph = figure_letter(figure)
                mark = card_mark(figure)
                if figure["side"] == "survivors":
                    style = "bold white on red" if figure.get("down") else \
                        mark[0] if mark else "bold bright_white"
                    focus.append((col, row))
                elif mark:
                    style = mark[0]
                elif glyph == "z":
                    style = "bold red1"
                else:
                    style = "bold magenta1"
            elif name in effects:
                glyph, style, _ = effect_glyph(effects[name])
            elif name in obstacle:
                glyph, style = "X", "bold bright_red"
            elif items.get(name):
                glyph, style = "*", "bold bright_yellow"
            elif name in environment:
                glyph, style, _ = ENVIRONMENT_GLYPHS[environment[name]]
            elif name in markers:
                glyph, style, _ = MARKER_GLYPHS[markers[name]]
            digit = str(level) if 0 <= level <= 9 else "+"
            cell = Text(glyph, style=base + Style.parse(style) if style else base)
            digit_style = base + Style(dim=True)
            if figure is not None and name in effects:
                under = EFFECT_UNDER.get(effect_glyph(effects[name])[2], "red3")
                digit_style = base + Style(color="white", bgcolor=under, bold=True)
            if name in self.highlight:
                digit_style = base + Style(color="black", bgcolor="bright_yellow", bold=True)
            cell.append(digit, style=digit_style)
            out[(col, row)] = (cell, base)
        return out, focus

    def lines(self, width: int) -> list[Text]:
        cells, focus = self.cells()
        return hex_rows(cells, focus, width, "the survivors")

def legend(view: dict[str, Any], marked: Iterable[str] = ()) -> Text:
    text = Text("Key: ", style="bold")
    parts: list[tuple[str, str, str]] = []
    for figure in view.get("figures", []):
        if figure["side"] == "survivors":
            parts.append((figure_letter(figure), "bold", str(figure["name"])))
    letters = sorted({figure_letter(f) for f in view.get("figures", [])
                      if f["side"] != "survivors" and f.get("space") is not None})
    for letter in letters:
        parts.append((letter, "bold red1" if letter == "z" else "bold magenta1",
                      INFECTED_NAMES.get(letter, "infected")))
    parts.append(("*", "bold bright_yellow", "items"))
    on_map = {marker["kind"] for marker in view["map"].get("markers", [])}
    for kind, (glyph, style, words) in MARKER_GLYPHS.items():
        if kind in on_map and words not in ("witch location", "spawn point"):
            parts.append((glyph, style, words))
    if view.get("obstacle"):
        parts.append(("X", "bold bright_red", "obstacle"))
    shown = {ENVIRONMENT_GLYPHS[kind] for kind in environment_at(view).values()}
    parts += sorted(shown)
    kinds = sorted({effect_glyph(e["kind"]) for e in view.get("effects", []) if e.get("space")})
    for glyph, style, words in kinds:
        parts.append((glyph, style, words))
    marks = {card_mark(f) for f in view.get("figures", []) if f.get("space") is not None}
    for style, words in sorted(m for m in marks if m is not None):
        letter = next(figure_letter(f) for f in view["figures"] if card_mark(f) == (style, words))
        parts.append((letter, style, words))
    for number, (glyph, style, words) in enumerate(parts):
        if number:
            text.append("  ")
        text.append(glyph, style=style)
        text.append(f" {words}")
    text.append("  ")
    text.append("  ", style=Style(bgcolor=Color.from_rgb(*SAFE_RGB)))
    text.append(" safe room; ")
    if any(z["kind"] == "rescue-vehicle" for z in view["map"].get("zones", {}).values()):
        text.append("  ", style=Style(bgcolor=Color.from_rgb(*RESCUE_RGB)))
        text.append(" rescue vehicle; ")
    text.append("digit = level")
    if marked:
        text.append("  ")
        text.append("0", style=Style(color="black", bgcolor="bright_yellow", bold=True))
        text.append(" a space you may choose")
    return text


def _items_text(figure: dict[str, Any]) -> str:
    parts = []
    ammo = figure.get("ammo") or {}
    for slot, item in (figure.get("items") or {}).items():
        shown = str(item).replace("-", " ")
        if item in ammo:
            shown += f" ({ammo[item]} {'fuel' if item in FUEL else 'ammo'})"
        parts.append(shown if slot in ("weapon", "secondary") else f"{shown}")
    return ", ".join(parts) or "nothing"


def survivors_table(view: dict[str, Any]) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=False,
                  title="Survivors", title_justify="left", title_style="bold")
    # The name, space and wounds keep their width; the markers and items wrap in what is left.
    table.add_column("", no_wrap=True, min_width=9)
    table.add_column("space", no_wrap=True, min_width=7)
    table.add_column("wounds", no_wrap=True, min_width=9)
    table.add_column("state", overflow="fold", min_width=12)
    table.add_column("carrying", overflow="fold", min_width=12)
    escaped = set(view.get("escaped") or [])
    names = {f["id"]: f["name"] for f in view.get("figures", [])}
    for figure in view.get("figures", []):
        if figure["side"] != "survivors":
            continue
        life, wounds = int(figure["life"]), int(figure["wounds"])
        bar = Text("♥" * max(0, life - wounds), style="red")
        bar.append("·" * min(life, wounds), style="dim")
        bar.append(f" {wounds}/{life}")
        state: list[tuple[str, Style | str]] = []
        if figure["id"] in escaped:
            state.append(("escaped" if view.get("finale") else "safe", ""))
        if figure.get("down"):
            state.append(("DOWN", "bold red"))
        if figure.get("destroyed"):
            state.append(("destroyed", "bold red"))
        if figure.get("closet"):
            state.append(("closet", ""))
        if figure.get("incaps"):
            state.append((f"{figure['incaps']} incapped marker"
                          f"{'s' if figure['incaps'] > 1 else ''}", "bold"))
        if figure.get("set_aside"):
            state.append((f"{figure['set_aside']} wound{'s' if figure['set_aside'] > 1 else ''} "
                          "set aside", ""))
        for key, value in (figure.get("markers") or {}).items():
            state.append((marker_words(key, value, names), mark_ink(key)))
        space = figure.get("space") or "—"
        if figure.get("level") is not None:
            space += f" L{figure['level']}"
        table.add_row(Text(f"{figure_letter(figure)} {figure['name']}", style="bold"), space,
                      bar, Text(", ").join(Text(w, style=s) for w, s in state) if state
                      else Text("ok"),
                      _items_text(figure))
    return table


CARD_STYLE = {key: style for key, style, _ in CARD_MARKS}


def mark_ink(key: str) -> Style:
    """A marker's words in the colour its figure has on the map (bold), or dim."""
    style = CARD_STYLE.get(key)
    return Style(color=Style.parse(style).bgcolor, bold=True) if style else Style(dim=True)
# A marker seen from the infected that placed it: "[pinning Bill]".
PLACED = {"pinned": "pinning", "grabbed": "grabbing", "ridden": "riding", "tongue": "tongue on",
          "vomit": "vomited on", "mud": "mud on"}


def infected_text(view: dict[str, Any]) -> Text:
    text = Text("Infected: ", style="bold")
    commons = [f for f in view.get("figures", []) if f["side"] != "survivors"
               and f.get("space") is not None and f["kind"] == "zombies-of-morindan"]
    others = [f for f in view.get("figures", []) if f["side"] != "survivors"
              and f.get("space") is not None and f["kind"] != "zombies-of-morindan"]
    names = {f["id"]: f["name"] for f in view.get("figures", [])}
    placed: dict[str, list[tuple[str, str]]] = {}  # an infected's id -> the markers it placed
    for figure in view.get("figures", []):
        for key, value in (figure.get("markers") or {}).items():
            if key in PLACED and value in names:
                placed.setdefault(value, []).append((key, figure["name"]))
    text.append(f"{len(commons)} zombie{'s' if len(commons) != 1 else ''}")
    risen = sum(1 for f in commons if "risen" in (f.get("markers") or {}))
    if risen:
        text.append(f" ({risen} risen this turn)", style="dim")
    for figure in others:
        text.append(", ")
        text.append(f"{figure_letter(figure)} {figure['name']}", style="magenta1")
        text.append(f" {figure['space']}")
        if figure.get("wounds"):
            text.append(f" {figure['wounds']}/{figure['life']} wounds")
        for key, value in (figure.get("markers") or {}).items():
            text.append(f" [{marker_words(key, value, names)}]",
                        style=mark_ink(key))
        for key, victim in placed.get(figure["id"], []):
            text.append(f" [{PLACED.get(key, key)} {victim}]", style=mark_ink(key))
    return text


def status_text(view: dict[str, Any]) -> Text:
    text = Text()
    text.append(f"Round {view.get('round', '?')}", style="bold")
    text.append(f"  {view['map'].get('name', '')}  {view.get('difficulty', '')}")
    if view.get("crescendo"):
        text.append(f"  CRESCENDO {view['crescendo']}", style="bold bright_red")
    if (view.get("finale") or {}).get("text"):
        text.append(f"  {view['finale']['text']}", style="bold bright_magenta")
    for effect in view.get("effects") or []:
        if effect["kind"] in DEPLOYED and not effect.get("space"):
            text.append(f"  {DEPLOYED[effect['kind']]} (every survivor, this round)",
                        style="bold orange1")
    alarms = sum(1 for e in view.get("effects") or [] if e["kind"] == "alarm")
    if alarms:
        text.append(f"  {ALARM_WORDS.format(alarms)}", style="bold yellow")
    text.append(f"  items in pool {view.get('pool', 0)}", style="dim")
    if view.get("phase"):
        text.append("\nNow: ", style="bold")
        text.append(view["phase"], style="cyan")
    return text


def _few(names: list[str], most: int = 6) -> str:
    """Items on a space, the same ones counted, the list cut short after `most` kinds."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    shown = [f"{n} x{c}" if c > 1 else n for n, c in counts.items()]
    if len(shown) > most:
        return f"{len(names)} items: {', '.join(shown[:most])}, ..."
    return ", ".join(shown)


def effect_words(effect: dict[str, Any]) -> str:
    """An effect in words: "^ fire (molotov cocktail) on 6,6 and next to it"."""
    kind = str(effect["kind"])
    if kind == "alarm":
        return "an alarm went off: its zombies come again at the end of the round"
    if not effect.get("space"):
        return f"{kind.replace('-', ' ')}: every survivor has it to the end of the round"
    glyph, _, words = effect_glyph(kind)
    name = kind.replace("-", " ")
    shown = words if words.startswith(name) else f"{words.split(' (')[0]} ({name})"
    around = " and next to it" if words != "bile bomb" else ""  # a bile bomb lures to its space
    return f"{glyph} {shown} on {effect['space']}{around}"


def details_text(view: dict[str, Any]) -> Text:
    text = Text()
    items = view.get("items") or {}
    if items:
        text.append("Items lying: ", style="bold")
        text.append("; ".join(f"{space} {_few(names)}" for space, names in items.items()))
    effects = view.get("effects") or []
    if effects:
        if items:
            text.append("\n")
        text.append("Effects: ", style="bold")
        text.append("; ".join(effect_words(e) for e in effects))
    environment = view.get("environment") or []
    if environment:
        if text.plain:
            text.append("\n")
        text.append("Environment: ", style="bold")
        text.append("; ".join(f"{ENVIRONMENT_GLYPHS[e['kind']][0]} {e['name']} "
                              f"{'-'.join(e['spaces'])}" for e in environment))
    return text


def render(view: dict[str, Any], decision: Decision | None = None) -> RenderableType:
    """The table; with the decision being asked, the spaces its actions name are marked."""
    marked = [] if decision is None else [
        str(a.args["space"]) for a in decision.actions if a.args and a.args.get("space")]
    parts: list[RenderableType] = [status_text(view), HexMap(view, marked), legend(view, marked),
                                   survivors_table(view), infected_text(view)]
    details = details_text(view)
    if details.plain:
        parts.append(details)
    parts += board_footer(view, LOG_LINES)
    seat = view.get("seat")
    title = "Left 4 Dead" + (f" - {seat}" if seat else "")
    return Panel(Group(*parts), title=title, title_align="left", padding=(0, 0))
