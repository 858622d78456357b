"""Last Night on Earth in the terminal: the town as squares numbered across (x) and down (y),
with its walls (`|`, `-`), doors (`/`) and windows (`:`), buildings shaded with `.` (`#` taken
over, `~` lights out), the street `·`, spawning pits `P` (`P!` still to burn), gas `g`, the
truck `T`, townsfolk `t`, Old Betsy the cow `c`, heroes by a letter of their own (the table's
first column) and zombies as `z` (a number: that many); the squares the decision names reversed
and, while a hero moves, the squares within reach underlined. A town taller than TOWN_LINES is
cropped to the band of rows that matters, with a line saying what the rest holds, so the screen
fits a 50-line terminal. Then whose turn it is, the Sun track, the scenario's state, a line per
hero (wounds, items, hand), the decks, the discard piles' counts and top cards (discards.py)
and the seat's own cards, the last fight on the screen after it ends and while the next is
under way (fighttext.py), and the log with the why of each line."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from deadtable.engine.decisions import Decision
from deadtable.engine.state import Outcome
from deadtable.games.last_night_on_earth import discards, fighttext
from deadtable.games.last_night_on_earth.cards import counted
from deadtable.render import board_footer

# The log's last events, however many are new since the seat last decided: a zombie turn can
# make thirty, which would push the town off a 50-line screen; the rest are a `log` away (the
# log's title says how many there are).
LOG_LINES = 3
TOWN_LINES = 17  # the town's most lines (rows and the edges between them) before it is cropped
FIGHT_LINES = 2  # the town's lines given up while the last fight is on the screen (fighttext)
ACROSS = {"wall": "|", "door": "/", "window": ":"}  # an edge between two squares side by side
DOWN = {"wall": "-", "door": "/", "window": ":"}  # an edge between a square and the one below
# What a square may show, for the legend (only the keys the town shows now are listed).
KEYS = {".": ". building", "#": "# taken over", "~": "~ lights out", "\u00b7": "\u00b7 street",
        "P": "P spawning pit", "!": "P! to burn", "z": "z/2-9 zombies", "t": "t townsfolk",
        "g": "g gas", "T": "T the truck", "c": "c Old Betsy (cow)", "+": "+ more"}
REACH = "underline on grey30"  # a square the hero on the move can still get to


def hero_marks(view: dict[str, Any]) -> dict[str, str]:
    """One letter per hero, different for each (Sally S, Sheriff Anderson A): each word's
    initial first, then the name's other letters."""
    marks: dict[str, str] = {}
    for hero in view["heroes"]:
        name = hero["name"]
        tries = [w[0] for w in name.split()] + [c for c in name if c.isalpha()]
        marks[name] = next((c.upper() for c in tries if c.upper() not in marks.values()), "?")
    return marks


def building_cards(view: dict[str, Any]) -> dict[str, str]:
    """The buildings a card in play names: "Diner" -> "#" (taken over) or "~" (lights out)."""
    marks: dict[str, str] = {}
    for entry in view["in_play"]:
        card, _, target = entry.rpartition(" (")
        if card.startswith("My God") and target[:-1] in view["town"]["buildings"]:
            marks[target[:-1]] = "#"
        elif card == "Lights Out" and target[:-1] in view["town"]["buildings"]:
            marks.setdefault(target[:-1], "~")
    return marks


class Squares:
    """What each square of the town shows: two characters and their style."""

    def __init__(self, view: dict[str, Any], marked: set[str]) -> None:
        town = view["town"]
        self.marked = marked
        self.reach = set((view.get("moving") or {}).get("reach", {}))
        self.inside = {s: b for b, spaces in town["buildings"].items() for s in spaces}
        self.cards = building_cards(view)
        marks = hero_marks(view)
        self.tokens: dict[str, list[tuple[str, str]]] = {}
        self.shown: set[str] = set()  # the KEYS drawn, for the legend
        for hero in view["heroes"]:
            if not hero["dead"]:
                self._put(hero["space"], marks[hero["name"]], "bold bright_cyan")
        zombies: dict[str, int] = {}
        for zombie in view["zombies"]:
            zombies[zombie["space"]] = zombies.get(zombie["space"], 0) + 1
        for space, count in zombies.items():
            self._put(space, "z" if count == 1 else str(min(count, 9)), "bold bright_green")
        for space in view.get("townsfolk", {}).values():
            self._put(space, "t", "bold magenta")
        for space in view.get("gas", []):
            self._put(space, "g", "bold dark_orange")
        if view.get("truck"):
            self._put(view["truck"], "T", "bold yellow")
        for space in view.get("cows", []):
            self._put(space, "c", "bold yellow")
        self.pits = set(town["spawning_pits"])  # shaded red under whatever stands there
        burn = set(view.get("pits_to_burn", []))
        for space in town["spawning_pits"]:
            self._put(space, "P", "bold red")
            if space in burn:
                self._put(space, "!", "bold red")

    def _put(self, space: str, mark: str, style: str) -> None:
        self.tokens.setdefault(space, []).append((mark, style))
        self.shown.add("z" if mark.isdigit() else mark)

    def words(self, space: str) -> str:
        """What is on a square in the legend's marks, in full: "B 3z P!"."""
        marks = [f"{m}z" if m.isdigit() else m for m, _ in self.tokens.get(space, [])]
        return " ".join(marks).replace("P !", "P!")

    def cell(self, name: str | None) -> tuple[str, str]:
        if name is None:
            return "  ", ""
        building = self.inside.get(name)
        shade = "on dark_red" if name in self.pits else "on grey23" if building else ""
        ground = self.cards.get(building, ".") if building else "\u00b7"
        tokens = self.tokens.get(name, [])
        if tokens:
            text = "".join(m for m, _ in tokens)
            text = text if len(text) <= 2 else text[0] + "+"
            self.shown |= {"+"} if text.endswith("+") else set()
            style = f"{tokens[0][1]} {shade}"
        else:
            text, style = ground, ("dim " + shade) if building else f"grey35 {shade}"
            self.shown.add(ground)
        if name in self.marked:
            style += " reverse"
        elif name in self.reach:
            style = f"{style.replace(shade, '')} {REACH}"
        return text.ljust(2), style


def town_rows(view: dict[str, Any], focus: set[str], things: set[str],
              most: int = TOWN_LINES) -> tuple[int, int, int]:
    """The rows drawn (first, last) and the town's height: every row if the town fits in
    TOWN_LINES lines, else the band of rows that holds the most focus squares (the choices),
    then the most squares with something on them."""
    town = view["town"]
    at = {name: y for name, x, y, _ in town["spaces"] if x is not None}
    height = 1 + max(at.values())
    lines = [1 + (1 if any(below_edge(view, y)) else 0) for y in range(height)]
    if sum(lines) <= most:
        return 0, height - 1, height
    weight = [0] * height
    for name in focus:
        weight[at[name]] += 1000
    for name in things:
        weight[at[name]] += 1
    best = (-1, 0, 0)
    for first in range(height):
        last, used = first, lines[first]
        while last + 1 < height and used + lines[last + 1] <= most:
            last += 1
            used += lines[last]
        score = sum(weight[first:last + 1])
        if score > best[0]:
            best = (score, first, last)
    return best[1], best[2], height


def below_edge(view: dict[str, Any], y: int) -> list[str]:
    """The edge features under row y, a string per column ("" where there is none)."""
    town = view["town"]
    at = {(x, yy): name for name, x, yy, _ in town["spaces"] if x is not None}
    edges = {frozenset((a, b)): f for a, b, f in town["edges"]}
    width = 1 + max(x for x, _ in at)
    return [edges.get(frozenset((at.get((x, y)), at.get((x, y + 1)))), "")
            for x in range(width)]


def town_text(view: dict[str, Any], marked: set[str], focus: set[str] | None = None,
              most: int = TOWN_LINES) -> tuple[Text, set[str]]:
    """The town, one square every three characters, its x across the top and y down the side,
    so that a person can type a square such as 9,10; a line of edges under a row only where
    the row has one. A town taller than `most` lines is cropped around `focus` (default: the
    marked squares) and a last line says what the rows left out hold. With it, the KEYS that
    the squares drawn show."""
    town = view["town"]
    at: dict[tuple[int, int], str] = {}
    for name, x, y, _ in town["spaces"]:
        if x is not None:
            at[(x, y)] = name
    edges = {(a, b): f for a, b, f in town["edges"]}
    edges.update({(b, a): f for (a, b), f in list(edges.items())})
    squares = Squares(view, marked)
    width = 1 + max(x for x, _ in at)
    first, last, height = town_rows(view, focus if focus is not None else marked,
                                    set(squares.tokens), most)
    text = Text("   " + "".join(f"{x:<3}" for x in range(width)) + "\n", style="dim")
    for y in range(first, last + 1):
        text.append(f"{y:>2} ", style="dim")
        for x in range(width):
            name = at.get((x, y))
            cell, style = squares.cell(name)
            text.append(cell, style=style)
            right = at.get((x + 1, y))
            feature = edges.get((name, right)) if name and right else None
            text.append(ACROSS.get(feature or "", " "), style="bold white")
        below = below_edge(view, y) if y < last else []
        if any(below):
            text.append("\n   ")
            for feature in below:
                text.append(DOWN.get(feature, " ") * 2 + " ", style="bold white")
        text.append("\n")
    if first > 0 or last < height - 1:
        text.append(left_out(view, squares, at, first, last, height), style="dim")
    text.rstrip()
    return text, squares.shown


def left_out(view: dict[str, Any], squares: Squares, at: dict[tuple[int, int], str],
             first: int, last: int, height: int) -> str:
    """What the rows not drawn hold: "rows 0-3 not shown: B at 17,0, z at 1,1"."""
    parts = []
    for low, high in ((0, first - 1), (last + 1, height - 1)):
        if low > high:
            continue
        things = [f"{squares.words(name)} {name}"
                  for (x, y), name in sorted(at.items(), key=lambda i: (i[0][1], i[0][0]))
                  if low <= y <= high and name in squares.tokens]
        rows = f"row {low}" if low == high else f"rows {low}-{high}"
        parts.append(f"{rows}: {', '.join(things) or 'nothing'}")
        if squares.reach & {n for (_, y), n in at.items() if low <= y <= high}:
            parts[-1] += " (and squares within reach)"
    return "Not shown: " + "; ".join(parts)


def legend(view: dict[str, Any], shown: set[str], choices: bool) -> Text:
    """The keys of what the town shows now, and no others."""
    keys = [KEYS[k] for k in KEYS if k in shown]
    text = Text("|- wall  / door  : window  " + "  ".join(keys) + "  A-Z heroes", style="dim")
    if choices:
        text.append("  reversed: choices", style="dim")
    if view.get("moving"):
        text.append("  underlined: reach", style="dim")
    return text


def heroes_table(view: dict[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    for column in ("hero", "space", "wounds", "items", "hand"):
        table.add_column(column)
    marks = hero_marks(view)
    for hero in view["heroes"]:
        wounds = "killed" if hero["dead"] else f"{hero['wounds']}/{hero['max_wounds']}"
        hand = ", ".join(hero["hand"]) if "hand" in hero else counted(hero["hand_count"])
        extra = f" (+{hero['faith']} Faith)" if hero["faith"] else ""
        table.add_row(f"{marks[hero['name']]} {hero['name']}", hero["space"], wounds,
                      ", ".join(hero["items"]) + extra, hand)
    return table


def sun_track(view: dict[str, Any]) -> Text:
    """The Sun track as boxes: the turns gone filled, the ones left empty (dawn at the end)."""
    length, turn = int(view["sun_track"]), int(view["turn"])
    return Text.assemble("Sun track ", ("■" * min(turn, length), "yellow"),
                         ("□" * max(0, length - turn), "dim"),
                         f" turn {turn} of {length}, {max(0, length - turn)} left till dawn")


def scenario_text(view: dict[str, Any]) -> str:
    """The scenario's own state in words: the truck, gas markers, pits still to burn, the
    townsfolk."""
    parts = []
    if view.get("truck"):
        parts.append(f"The truck (T) waits at {view['truck']}")
    if view.get("gas"):
        parts.append(f"Gas (g) on {', '.join(view['gas'])}")
    if "pits_to_burn" in view:
        pits = view["pits_to_burn"]
        parts.append(f"Pits to burn (P!): {', '.join(pits)}" if pits else "Every pit burned")
    if "townsfolk" in view:
        escort = {token: hero for hero, token in view.get("escort", {}).items()}
        # "Townsperson 3" is told as "3": the tokens differ only by their number
        folk = [f"{t.split()[-1]} on {s}" + (f" with {escort[t]}" if t in escort else "")
                for t, s in view["townsfolk"].items()]
        parts.append(f"Townsfolk (t): {', '.join(folk) or 'none waiting'}; "
                     f"{view['townsfolk_saved']} saved, {view['townsfolk_lost']} lost")
    return ". ".join(parts)


def status_text(view: dict[str, Any]) -> Text:
    goal = f" of {view['goal']}" if view.get("goal") else ""
    text = Text(f"{view['scenario']}: {view.get('turn_of', '')}. "
                f"{view['kills']}{goal} zombies killed; {len(view['zombies'])} zombies on the "
                f"board, {view['pool']} in the pool; Hero deck {view['hero_deck']['count']}, "
                f"Zombie deck {view['zombie_deck']['count']}", style="bold")
    text.append("\n")
    text.append_text(sun_track(view))
    if view["in_play"]:
        text.append(f"\nIn play: {', '.join(view['in_play'])}")
    scenario = scenario_text(view)
    if scenario:
        text.append("\n" + scenario)
    hand = view["zombie_hand"]
    if "cards" in hand:
        text.append(f"\nYour Zombie hand: {', '.join(hand['cards']) or 'empty'}")
    else:
        text.append(f"\nZombie hand: {counted(hand['count'])}")
    text.append(f" · {discards.glance(view)}")  # on the hand's line: the screen's lines are few
    fight = view.get("fight")
    if fight:
        text.append("\n" + fighttext.under_way(fight), style="bold yellow")
    return text


def render(view: dict[str, Any], decision: Decision | None = None) -> RenderableType:
    """The table; the squares the decision's actions name (a square to move to, the square
    of a figure to choose) are shown reversed."""
    names = {s[0] for s in view["town"]["spaces"]}
    figures = {z["id"]: z["space"] for z in view["zombies"]}
    figures |= {h["name"]: h["space"] for h in view["heroes"] if not h["dead"]}
    marked = set()
    if decision is not None:
        for action in decision.actions:
            args = action.args or {}
            space = args.get("space")
            if space is not None:
                name = view["town"]["spaces"][space][0] if isinstance(space, int) else space
                if name in names:
                    marked.add(name)
            elif args.get("figure") in figures:
                marked.add(figures[args["figure"]])
    moving = view.get("moving")
    focus = marked | set((moving or {}).get("reach", {}))
    if not focus:  # no choice on the town: the heroes
        focus = {h["space"] for h in view["heroes"] if not h["dead"]}
    # on the screen after a fight ends and through the next one; `help fight` after: the town
    # gives up a few lines for it
    fought = fighttext.panel(view)
    town, shown = town_text(view, marked, focus,
                            TOWN_LINES - (FIGHT_LINES if fought is not None else 0))
    # The town first, then whose turn and the Sun track next to the heroes, the log and the
    # prompt: on a short terminal it is the town's top rows that scroll away.
    parts: list[RenderableType] = [town, legend(view, shown, bool(marked)),
                                   status_text(view), heroes_table(view)]
    if fought is not None:
        parts.insert(3, fought)
    deciding = {(action.args or {}).get("figure") for action in decision.actions} \
        if decision is not None else set()
    # a hero moving is told by the prompt ("Becky moves (3 left)") and the legend
    if not moving and len(deciding) == 1 and (figure := deciding.pop()) in figures:
        who = next((z["name"] for z in view["zombies"] if z["id"] == figure), figure)
        parts.insert(2, Text(f"{who} is on {figures[figure]}: its choices are reversed on "
                             "the town.", style="bold"))
    if int(view.get("unseen") or 0) > LOG_LINES:
        view = {**view, "unseen": LOG_LINES}
    parts += board_footer(view, LOG_LINES)
    seat = view.get("seat")
    return Panel(Group(*parts), title="Last Night on Earth" + (f" - {seat}" if seat else ""),
                 title_align="left", padding=(0, 0))


def outcome_text(outcome: Outcome) -> str:
    """The end in the players' words (GameSpec.outcome_text): 'The zombies win: the Sun track
    ran out. 5 zombies killed, 3 heroes killed, on turn 16.'"""
    # seats to sides: several hero players ("heroes-2") share the heroes' result
    winners = {"zombies" if seat == "zombies" else "heroes"
               for seat, result in outcome.results.items() if result == "win"}
    head = f"The {' and '.join(sorted(winners))} win" if winners else "Nobody wins"
    scores = outcome.scores
    kills, dead = int(scores.get("kills", 0)), int(scores.get("heroes_killed", 0))
    return (f"{head}: {outcome.cause}. {kills} zombie{'s' if kills != 1 else ''} killed, "
            f"{dead} hero{'es' if dead != 1 else ''} killed, on turn {scores.get('turn', '?')}.")
