"""The terminal's `help` for Chainsaw Warrior (GameSpec.help): the rules of the question the
decision asks, in a few lines, and what each Equipment card the warrior carries does, in the
rulebook's own words (data/help.toml) with its numbers from the card data. Reads the view
only."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from deadtable.engine.decisions import Decision
from deadtable.games.chainsaw_warrior.data import Item
from deadtable.games.chainsaw_warrior.setup import card_data

TURN = ("A turn (Sequence of Play): the Time marker moves one box (30 seconds; at 30 minutes "
        "night falls and your HtH drops by 1; at 60 minutes Darkness has won), then you turn "
        "over the next House card and meet what it shows. Find Darkness and destroy it with "
        "the Laser-lance (or the Implosion Waistcoat).")

FIGHT = ("A fight (Fighting Creatures): you may shoot first, after a Reflexes test (2 dice at "
         "or under your Reflexes): 2 dice + Marksmanship at or over the number the weapon "
         "lists for the creature kills it. Otherwise Hand-to-Hand: 2 dice + your HtH against "
         "2 dice + its Attack; the higher wounds the other. After any round you may try a "
         "Lucky Shot (one die) with a weapon that lists the creature, or try to escape.")

KITTING_OUT = ("Kitting Out: train your ratings, then spend your Equipment Allowance (1 die + "
               "2 points) on cards drawn at random from the piles of their cost (Clothing, "
               "Devices and HtH Weapons 1, Guns 2, Heavy Weapons 3); at most one Gun, one Heavy "
               "Weapon and 13 items. The Laser-lance is free and always taken.")

# question (the view's "question") -> the rule in a few lines; the fights share FIGHT
QUESTIONS = {
    "train": KITTING_OUT, "kit": KITTING_OUT, "order": KITTING_OUT, "full": KITTING_OUT,
    "wait-kit": "Waiting for more equipment (optional rules): the clock starts at 10 minutes "
                "and you gain half a die (rounded up) of Equipment Allowance.",
    "shoot": FIGHT, "lucky": FIGHT, "step-6": FIGHT, "burst": FIGHT, "dum-dums": FIGHT,
    "frenzy": FIGHT, "agent-3": FIGHT, "meat-machine": FIGHT,
    "escape": "Escaping (after the first full round of HtH): one die at or over the "
              "creature's Escape Rating (Zombie 2, Rat Pack 3, Chaos Agent 4, Mutant 5, Meat "
              "Machine 6); a creature with the No Escape symbol cannot be escaped. Failing, you "
              "take the most wounds it could deal and roll on the Extra Wound table; getting "
              "away costs a die of 30-second boxes.",
    "dump": "A Dump: refill limited-use equipment, or take a fresh set of uses as a Spare "
            "Clip; One Use Only items cannot be recharged.",
    "door": "A Locked Door: open it with the Lock-Pick Set or Acid, or smash it with a weapon "
            "(2 dice at or over its Locked Door number).",
    "net": "A net: a Wire-cutter, Chainsaw, Acid, Laser-lance or Knife cuts you out in 30 "
           "seconds (one use of a limited weapon); else a die of minutes to struggle free.",
    "slime": "The Slime: burn it with Acid, a Flare Gun (at night), a Flamethrower or the "
             "Laser-lance: 2 dice + Marksmanship, 7 or more; less, and the mission is over.",
}


@cache
def _words() -> dict[str, str]:
    with (Path(__file__).parent / "data" / "help.toml").open("rb") as file:
        words: dict[str, str] = tomllib.load(file)["equipment"]
    return words


def _numbers(item: Item) -> str:
    parts = [item.type]
    if item.uses is not None:
        parts.append(f"{item.uses} uses" + (", one use only" if item.one_use else ""))
    if item.to_hit:
        parts.append("to hit " + ", ".join(f"{c} {n}" for c, n in item.to_hit.items()))
    if item.hth_bonus:
        parts.append(f"HtH +{item.hth_bonus}")
    if item.door is not None:
        parts.append(f"Locked Door {item.door}")
    return "; ".join(parts)


def _first_sentence(text: str) -> str:
    end = text.find(". ")
    return text if end < 0 else text[:end + 1]


def help(options: dict[str, Any], view: dict[str, Any], decision: Decision | None,
         topic: str) -> list[tuple[str, str]]:
    items = card_data(options).items
    words = _words()
    if topic:
        wanted = topic.strip().lower().replace(" ", "-")
        found = [item for key, item in items.items()
                 if wanted in (key, item.name.lower().replace(" ", "-"))
                 or item.name.lower().startswith(topic.strip().lower())]
        return [(f"{item.name} ({_numbers(item)})", words.get(item.id, "")) for item in found[:3]]
    question = str(view.get("question") or "")
    carried = [items[entry["id"]] for entry in view.get("items", []) if entry["id"] in items]
    kit = "\n".join(f"{item.name} ({_numbers(item)}): {_first_sentence(words.get(item.id, ''))}"
                    for item in carried)
    now = QUESTIONS.get(question) or TURN
    sections = [("Now" + (f": {decision.prompt}" if decision is not None else ""), now)]
    if now is not TURN:
        sections.append(("The turn", TURN))
    sections.append(("Your equipment (help NAME: the whole card)",
                     kit or "none yet: it is chosen when kitting out"))
    return sections
