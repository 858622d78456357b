"""The terminal's `help` for Left 4 Dead (GameSpec.help): the rules of the step the decision is
in, in a few lines, what each survivor carries does, and `help NAME` for an item, an infected
or a figure on the map, in the rulebook's own words (data/help.toml). Reads the view only:
both sides see the whole table."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from deadtable.engine.decisions import Decision

ROUND = ("A round: items appear at the next Item Location; both sides roll the d20 for "
         "initiative (ties again); then turns 1, 2 and 3, each side in initiative order taking "
         "a collective turn (every survivor, or the horde and each special, may act once, in "
         "any order the side chooses); then the end of the round and spawning. The survivors "
         "win when every one on the map stands in the end safe room; in a finale, a survivor "
         "on the finale trigger at the end of a round calls the rescue, and when it has come "
         "every survivor standing aboard the rescue vehicle escapes.")

TURN = {
    "move": "Moving: up to Move spaces; climbing costs 1 extra move a level and a step "
            "climbs fewer levels than the figure's Height; water stops you; leaving an engaged "
            "enemy lets it attack you with 1 die. Then you may attack.",
    "attack": "Attacking (or instead: throw an explosive, light a gas can, fireworks or tank "
              "within your Range and sight; standing on a Minigun or Heavy Machine Gun, fire "
              "it; shooting by a car sets its alarm off): a target within Range (in spaces) "
              "and in clear line of sight "
              "(`sight bill hunter` checks it): roll the Attack dice (skulls hit), the target "
              "rolls its Defense dice (shields block); each unblocked skull is a wound. The "
              "higher figure rolls 1 die more (2 at 10 or more levels); special attacks are "
              "never modified.",
    "pickup": "Picking up: an item on or next to your space goes into its slot (weapon, "
              "secondary, explosive, health, pills); one of each.",
    "before": "Before the turn: use pills or an adrenaline shot, or a health kit instead of "
              "the turn.",
    "choose": "Your side's turn: choose which figure acts next, or end the turn.",
}
PHASES = {
    "kit-out": "In the safe room: each survivor takes a weapon from those laid out.",
    "round": ROUND,
    "survival-instinct": "Survival Instinct: a survivor moves out of harm's way.",
    "explosive-push": "Explosive Ammo: you may move each affected infected figure up to 1 "
                      "space (or `push-done`).",
    "horde-turn": "The horde's turn: the zombies move toward the nearest survivor (Horde "
                  "Movement) and attack.",
}


@cache
def _entries() -> dict[str, list[str]]:
    with (Path(__file__).parent / "data" / "help.toml").open("rb") as file:
        entries: dict[str, list[str]] = tomllib.load(file)["entries"]
    return entries


def texts(items: Iterable[str]) -> dict[str, list[str]]:
    """Item id -> [its title, the rulebook's words] for the items named (the page's "what the
    items do"); items without an entry are left out. Made once for each set of items (every
    view asks): a new dict each time, the words in it shared (read them, never change them)."""
    return dict(_texts(frozenset(items)))


@cache
def _texts(items: frozenset[str]) -> tuple[tuple[str, list[str]], ...]:
    entries = _entries()
    return tuple((item, entries[item]) for item in sorted(items) if item in entries)


def _key(text: str) -> str:
    return text.strip().lower().replace(" ", "-").replace("_", "-").replace("'", "")


def _entry(name: str) -> tuple[str, str] | None:
    entries = _entries()
    key = _key(name)
    found = entries.get(key) or next(
        (e for k, e in entries.items() if k.startswith(key) and len(key) >= 3), None)
    return None if found is None else (found[0], found[1])


def _figure_line(f: dict[str, Any]) -> str:
    return (f"{f['name']} ({f['card']}) at {f['space']}: Life {f['life']} ({f['wounds']} "
            f"wounds), Move {f['move']}, Range {f['range']}, Attack {f['attack']}, Defense "
            f"{f['defense']}, Height {f['height']}")


def help(options: dict[str, Any], view: dict[str, Any], decision: Decision | None,
         topic: str) -> list[tuple[str, str]]:
    figures = [f for f in view.get("figures", []) if isinstance(f, dict)]
    if topic:
        key = _key(topic)
        sections = []
        for f in figures:
            if key in (_key(str(f["id"])), _key(str(f["name"]))):
                carried = [(_entry(str(v)) or (str(v), ""))[0] for v in f["items"].values()]
                sections.append((f["name"], _figure_line(f) + "\nCarries: "
                                 + (", ".join(carried) or "nothing")))
                card = _entry(str(f["card"]))
                if card is not None:
                    sections.append(card)
        entry = _entry(topic)
        if entry is not None and entry not in sections:
            sections.append(entry)
        return sections
    procedure = [str(p).split(":") for p in view.get("procedure", [])]
    kind, step = procedure[-1] if procedure else ("", "")
    now = TURN.get(step, "") if kind in ("survivor-turn", "special-turn", "side-turn") \
        else PHASES.get(kind, "")
    prompt = f": {decision.prompt}" if decision is not None else ""
    sections = [(f"Now ({view.get('phase', '')}){prompt}", now or ROUND)]
    if now != ROUND:
        sections.append(("The round", ROUND))
    holders: dict[str, list[str]] = {}  # item -> who carries it, each item told once
    for f in figures:
        if f.get("side") == "survivors":
            for item in f["items"].values():
                holders.setdefault(str(item), []).append(str(f["name"]))
    carried = [f"{entry[0]}, carried by {', '.join(who)}: {entry[1]}"
               for item, who in holders.items() if (entry := _entry(item)) is not None]
    if carried:
        sections.append(("What the survivors carry (help NAME: any item, infected or figure)",
                         "\n".join(carried)))
    return sections
