"""The Psycho Raiders table in the terminal: the turn and weather; Crucible as a hex map (two
characters a hex on its terrain's colour: who stands there, vehicles, building footprints,
streetlights and dropped weapons; the spaces the decision offers in yellow), cropped around the
seat's pieces when the terminal is narrow; the rooms of the buildings (off the grid, 4.12) with
who is in them; a key; a line per character in play; and the log with the why of each line.

Everything comes from the seat's view, so hide tokens are drawn exactly as that seat may know
them: a hidden character's tokens all alike ("G1", "G2"), its real one marked only for the
seat playing it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from deadtable.engine.decisions import Decision
from deadtable.render import HexCells, board_footer, hex_rows, odd_r

LOG_LINES = 8
# Terrain: background colour and the two characters of an empty hex (readable without colour).
TERRAIN: dict[str, tuple[str, str]] = {
    "grassland": ("#3f5f2a", "  "), "long grass": ("#6b7f2e", ",,"), "road": ("#48494e", "::"),
    "tree": ("#1f3a1c", "^^"), "graveyard": ("#5a5560", "++"), "lake": ("#1f4f8f", "~~"),
    "building": ("#6a4a2a", "[]"), "floor": ("#7a5a3a", "[]"),
}
DEFAULT_TERRAIN = ("#444444", "  ")
SIDE_STYLE = {"raiders": "bold bright_red", "campers": "bold bright_white"}
TOWNSFOLK_STYLE = "bold bright_cyan"
OFFERED = Style(color="black", bgcolor="yellow3", bold=True)  # a space the decision offers
MOVING = ("move", "car", "drive")  # verbs whose "space" is a place to go


def short(name: str) -> str:
    """Two letters for a building or vehicle: the initials of two words, else its first two."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isalpha()]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2]


def piece_code(char: dict[str, Any], token: dict[str, Any]) -> str:
    """A character's two letters ("Gi"); a hidden one's tokens by number ("G2"), all alike."""
    if char["hidden"]:
        return f"{char['name'][:1]}{token['token']}"
    return char["name"][:2]


def piece_style(char: dict[str, Any], token: dict[str, Any]) -> str:
    style = SIDE_STYLE.get(char["side"], "bold")
    if char["kind"] == "townsfolk" and char["side"] == "campers":
        style = TOWNSFOLK_STYLE
    if char["hidden"] and token["real"] is True:
        style += " underline reverse"  # the seat's own real token (only its seat knows)
    elif char["hidden"] and token["real"] is False:
        style += " dim"  # a token known to be a decoy
    return style


def on_map(view: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(character, token) for every token in play outside a vehicle."""
    return [(c, t) for c in view["characters"] if not (c["dead"] or c["escaped"])
            and (c["alerted"] or c["kind"] != "townsfolk") and not c["vehicle"]
            for t in c["tokens"]]


def offered(decision: Decision | None) -> set[str]:
    """The spaces the decision offers to go to (steps, a vehicle's hexes)."""
    if decision is None:
        return set()
    return {str(a.args["space"]) for a in decision.actions
            if a.args and a.args.get("verb") in MOVING and "space" in a.args}


class CrucibleMap:
    """Crucible's hexes as odd-r rows, cropped to the width it is given around `focus`."""

    def __init__(self, view: dict[str, Any], highlight: Iterable[str] = ()) -> None:
        self.view = view
        self.highlight = set(highlight)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cells, focus = self.cells()
        yield from hex_rows(cells, focus, options.max_width, "your pieces")

    def cells(self) -> tuple[HexCells, list[tuple[int, int]]]:
        view = self.view
        pieces: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
        for char, token in on_map(view):
            pieces.setdefault(token["space"], []).append((char, token))
        cars = {v["space"]: v for v in view.get("vehicles", [])}
        riders = {c["vehicle"] for c in view["characters"] if c["vehicle"] and not c["dead"]}
        lights = {space for kind, space in view["map"]["markers"] if kind == "streetlight"}
        dropped = view.get("dropped", {})
        footprints = view["map"].get("footprints", {})
        seat = view.get("seat")
        out: HexCells = {}
        focus: list[tuple[int, int]] = []
        for name, q, r, terrain in view["map"]["hexes"]:
            place = odd_r(q, r)
            colour, glyph = TERRAIN.get(terrain, DEFAULT_TERRAIN)
            base = Style(bgcolor=colour, color="grey70")
            style: Style | str = base
            if name in footprints:
                glyph = short(footprints[name]).upper()  # buildings in capitals
            if name in lights:
                glyph, style = "*" + glyph[1], base + Style(color="bright_yellow", bold=True)
            if dropped.get(name):
                glyph, style = "%" + glyph[1], base + Style(color="orange1", bold=True)
            here = pieces.get(name, [])
            car = cars.get(name)
            if here:
                char, token = here[0]
                glyph = piece_code(char, token) if len(here) == 1 else "".join(
                    c["name"][:1] for c, _ in here[:2])  # two pieces: an initial each
                style = base + Style.parse(piece_style(char, token))
                if len(here) > 1:
                    style += Style(underline=True)
                if char.get("seat") == seat:
                    focus.append(place)
            elif car is not None:
                glyph = short(car["name"])
                ink = "grey50" if car["wrecked"] else (
                    "bright_yellow" if car["name"] in riders else "bright_white")
                style = Style(bgcolor="black", color=ink, bold=True)
            if name in self.highlight:
                style = (style if isinstance(style, Style) else base) + OFFERED
                focus.append(place)
            out[place] = (Text(glyph, style=style), base)
        return out, focus


def rooms_text(view: dict[str, Any], highlight: set[str]) -> Text | None:
    """The rooms someone is in, or that the decision offers, by building (4.12)."""
    pieces: dict[str, list[str]] = {}
    for char, token in on_map(view):
        mine = " (you)" if char["hidden"] and token["real"] else ""
        pieces.setdefault(token["space"], []).append(piece_code(char, token) + mine)
    by_building: dict[str, list[str]] = {}
    for room, building in view["map"]["rooms"]:
        if room in pieces or room in highlight:
            part = room.split(": ", 1)[-1]
            who = f" {' '.join(pieces[room])}" if room in pieces else ""
            by_building.setdefault(building or room, []).append(
                f"{part}{who}{' [may go]' if room in highlight else ''}")
    if not by_building:
        return None
    text = Text("Rooms: ", style="bold")
    text.append(" · ".join(f"{b} ({short(b).upper()}): {', '.join(r)}"
                           for b, r in by_building.items()))
    return text


def legend(view: dict[str, Any]) -> Text:
    text = Text("Key: ", style="bold")
    shown = []
    for char in view["characters"]:
        if char["dead"] or char["escaped"] or not (char["alerted"] or char["kind"] != "townsfolk"):
            continue
        code = f"{char['name'][:1]}1-{len(char['tokens'])}" if char["hidden"] else \
            char["name"][:2]
        shown.append((code, char["name"], piece_style(char, {"real": None})))
    for number, (code, name, style) in enumerate(shown):
        text.append(", " if number else "")
        text.append(code, style=style)
        text.append(f" {name}")
    cars = ", ".join(f"{short(v['name'])} {v['name']}" for v in view.get("vehicles", []))
    text.append(f"; vehicles {cars}; * streetlight, % weapons dropped, ^^ trees, ~~ lake, "
                "++ graves, :: road, ,, long grass; your real token reversed; yellow: you may "
                "go there")
    return text


def characters_table(view: dict[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False)
    for column in ("character", "side", "spd/str/will", "weapons", "tokens", "state"):
        table.add_column(column)
    for char in view["characters"]:
        if not char["alerted"] and char["kind"] == "townsfolk":
            continue
        real = [t["real"] and char["hidden"] for t in char["tokens"]]  # known only to its seat
        tokens = "; ".join(f"#{t['token']} {t['space']}{' (you)' if mine else ''}"
                           for t, mine in zip(char["tokens"], real, strict=True)) or "off the map"
        state = [w for w, on in (("dead", char["dead"]), ("escaped", char["escaped"]),
                                 ("hidden", char["hidden"]), ("on fire", char["on_fire"]),
                                 ("sinister", char["sinister"])) if on]
        if char["vehicle"]:
            state.append(f"in the {char['vehicle']}")
        if char["grabbed_by"]:
            state.append(f"held by {char['grabbed_by']}")
        sheet = char["sheet"]
        table.add_row(char["name"], char["side"],
                      f"{char['speed']}/{sheet[0]} {char['strength']}/{sheet[1]} "
                      f"{char['will']}/{sheet[2]}", ", ".join(char["weapons"]) or "-",
                      tokens, ", ".join(state))
    return table


def render(view: dict[str, Any], decision: Decision | None = None) -> RenderableType:
    highlight = offered(decision)
    parts: list[RenderableType] = [
        Text(f"Turn {view['turn']} · weather {view['weather']} · Kill Deck {view['kill_deck']}"
             " · north is up: leave by row 0, hidden, to escape (6.1)")]
    if "map" in view:
        parts.append(CrucibleMap(view, highlight))
        rooms = rooms_text(view, highlight)
        if rooms is not None:
            parts.append(rooms)
        parts.append(legend(view))
    parts.append(characters_table(view))
    parts += board_footer(view, LOG_LINES)
    seat = view.get("seat")
    return Panel(Group(*parts), title="Psycho Raiders" + (f" - {seat}" if seat else ""),
                 title_align="left")
