"""What the player may see: every face-up card, where the face-down ones are (not what they
are), the drawn cards in hand, the counts of the deck and the zombie dice; never the deck order
or a face-down card."""

from __future__ import annotations

from typing import Any

from deadtable.games.one_against_the_dead import cards
from deadtable.games.one_against_the_dead.data import WEAPONS
from deadtable.games.one_against_the_dead.rules import power
from deadtable.games.one_against_the_dead.state import OneAgainstTheDeadState
from deadtable.games.one_against_the_dead.zombies import make_change


def view(state: OneAgainstTheDeadState) -> dict[str, Any]:
    ms = state.map_survivor
    table = []
    for (x, y), card in sorted(state.grid.items()):
        up = (x, y) not in state.face_down
        entry: dict[str, Any] = {"x": x, "y": y, "face_up": up, "card": card if up else None}
        weapon = state.map_weapons.get((x, y))
        if weapon is not None:
            entry["weapon"] = weapon.to_data()
        if ms is not None and ms[0] == (x, y):
            entry["survivor"] = {"life": ms[1].life}
        table.append(entry)
    dice = make_change(state.zombies, state.rules.zombie_dice) or {}
    return {
        "phase": state.phase,
        "turn": state.turn,
        "position": list(state.pos),
        "start": list(state.start),
        "helicopter": list(state.helicopter),
        "life": state.life,
        "life_max": state.life_max,
        "weapon": None if state.weapon is None else state.weapon.to_data(),
        "survivor": None if state.survivor is None else state.survivor.to_data(),
        "zombies": state.zombies,
        "zombie_dice": {str(size): n for size, n in sorted(dice.items(), reverse=True)},
        # a zombie die dies on a roll at or under its fighter's weapon's power
        "powers": {w: power(state.rules, state.options, w) for w in WEAPONS},
        "kills": state.kills,
        "cards": table,
        "holding": None if state.holding is None else state.grid[state.holding],
        "to_place": list(state.pending),
        "provisions": state.provisions,
        "deck_count": len(state.deck),
        "removed": sorted(state.removed),
        "names": {e["card"]: cards.name(e["card"]) for e in table if e["card"]}
        | {c: cards.name(c) for c in state.pending},
    }
