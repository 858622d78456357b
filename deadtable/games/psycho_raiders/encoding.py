"""Psycho Raiders: every action id the game can offer, and a seat's view as numbers.

Actions are TEMPLATES expanded over domains from the game's data and map
(deadtable/envs/encodings/board.py): `{place}` every space's name (hexes and rooms),
`{building}` the map's zones, `{key}` every character of the sheets (lower-case name),
`{vehicle}` the vehicle data, `{weapon}` the weapon data and `personal`, `{token}` a hide
token's number (up to the most tokens a sheet gives), `{amount}` a Will or Adrenaline
amount (0 up to the highest sheet stat, plus the Will every character's kill could add,
plus the largest Adrenaline ability), `{mode}` a driving mode, `{stat}` speed, strength,
will. Every figure has a fixed key here, so the encoding needs no figure slots. To extend:
a new character, weapon, vehicle or map needs nothing; a new kind of action is one
template appended to TEMPLATES (and a new ENV_VERSION).

Observation: per space what stands and lies there (only what the seat's view shows: a
hidden character's tokens where the seat may see them), per character (the sheets' order)
its side, state, stats and weapons, per vehicle its place and state, then the turn and
the kill deck. All from `state.view(seat)`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from deadtable.engine.game import Game
from deadtable.envs.encodings.board import BoardEncoding, one_hot, scaled
from deadtable.games.psycho_raiders.attacks import PERSONAL
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from deadtable.games.psycho_raiders.turn import OFF
from deadtable.games.psycho_raiders.vehicles import MODES

WORDS = ("car-lose:speed", "car-lose:strength", "composure", "dodge", "end", "escape",
         "escape-road", "keep", "pickup", "reroll", "scream", "search", "turn-roll:keep",
         "turn-roll:reroll", "walkie")
PLACE_VERBS = ("appear", "declare-hide", "lock", "wall", "open")
KEY_VERBS = ("attack", "grab", "ram", "rank", "reveal", "turn")
VEHICLE_VERBS = ("board", "hotwire", "keys")
TEMPLATES = WORDS + (
    "adrenaline:{amount}", "adrenaline:{token}:{amount}", "will:{amount}",
    *(f"{verb}:{{place}}" for verb in PLACE_VERBS),
    "hide:{place}:{which}", "move:{token}:{place}", f"move:{{token}}:{OFF}",
    "car:{place}", "call:{building}",
    *(f"{verb}:{{key}}" for verb in KEY_VERBS),
    "flank:{key}:{key}", "seek:{key}:{token}", "shoot:{key}:{token}",
    *(f"{verb}:{{vehicle}}" for verb in VEHICLE_VERBS),
    "open:{car}", "ram:{car}", "hit-car:{vehicle}:{weapon}", "drive:{mode}",
    "lose:{stat}", "pass:{weapon}:{key}", "weapon:{weapon}",
)
SIDES = ("raider", "camper", "townsfolk")
STATS = ("speed", "strength", "will")
STAT_SCALE = 10.0
TOKEN_SLOTS = 3


class PsychoRaidersEncoding(BoardEncoding):
    def __init__(self, game: Game) -> None:
        state = game.new(seed=0)  # the map and the data the options choose (no play)
        assert isinstance(state, PsychoRaidersState)
        rules, board = state.rules, state.board
        sheets = rules.sheets.characters
        self.keys = tuple(name.lower() for name in sheets)
        self.vehicles = tuple(rules.vehicles)
        self.weapons = tuple(rules.weapons)
        self.places = tuple(board.names)
        self.tokens = max(c.tokens for c in sheets.values())
        highest = max(max(c.speed, c.strength, c.will) for c in sheets.values())
        kills = int(rules.numbers.get("raider_kill_will", 0)) * len(sheets)
        boost = max((a.amount or 0 for a in rules.sheets.abilities), default=0)
        self.amounts = highest + kills + boost
        domains = {
            "place": self.places, "building": tuple(board.zones), "key": self.keys,
            "vehicle": self.vehicles, "car": [f"vehicle={v}" for v in self.vehicles]
            + [f"car={v}" for v in self.vehicles],
            "weapon": (*self.weapons, PERSONAL), "mode": MODES, "stat": STATS,
            "which": ("keep", "new"), "token": [str(t) for t in range(1, self.tokens + 1)],
            "amount": [str(n) for n in range(self.amounts + 1)],
        }
        self.channels = 5
        self.per_char = 13 + len(SIDES) + len(self.weapons) + 3 * TOKEN_SLOTS
        self.per_vehicle = 8
        features = [
            ("spaces", len(self.places) * self.channels,
             f"per space (the map's {len(self.places)}, index order), {self.channels} "
             "numbers: a hex, a room, a vehicle, characters seen there / 4, weapons "
             "dropped there / 4"),
            ("characters", len(self.keys) * self.per_char,
             f"per character ({', '.join(self.keys)}): in play, dead, escaped, hidden, "
             "alerted, on fire, in a vehicle, grabbed, sinister shown (yes, no), speed, "
             "strength, will / 10, side one-hot (raider, camper, townsfolk), weapons carried "
             f"by name, then up to {TOKEN_SLOTS} tokens seen: present, x, y (over the map)"),
            ("vehicles", len(self.vehicles) * self.per_vehicle,
             f"per vehicle ({', '.join(self.vehicles)}): on the map, x, y, its three "
             "speeds / 10, strength / 10, wrecked"),
            ("clock", 2, "turn / max-turns, kill deck cards / 20"),
        ]
        self.max_turns = float(game.options["max-turns"])
        super().__init__(game, TEMPLATES, domains, features)

    def max_game_length(self) -> int:
        return 100_000

    def _map(self, board: dict[str, Any]) -> tuple[Any, ...]:
        """The map's space indices, hex coordinates and extent, and its unchanging
        channels (a hex, a room)."""
        index = {p: i for i, p in enumerate(self.places)}
        coords = {h[0]: (h[1], h[2]) for h in board["hexes"]}
        width = max(1, max(q for q, _ in coords.values()))
        height = max(1, max(r for _, r in coords.values()))
        static = np.zeros((len(self.places), self.channels), np.float32)
        for name in coords:
            static[index[name], 0] = 1.0
        for room in board["rooms"]:
            static[index[room[0]], 1] = 1.0
        return index, coords, width, height, static

    def encode_into(self, view: dict[str, Any], out: np.ndarray) -> None:
        board = view["map"]
        key = (len(board["hexes"]), len(board["rooms"]), board["hexes"][0][0])
        index, coords, width, height, static = self.board(key, lambda: self._map(board))
        c = self.channels
        out[:len(self.places) * c].reshape(len(self.places), c)[:] = static
        for vehicle in view["vehicles"]:
            if vehicle["space"] in index:
                out[index[vehicle["space"]] * c + 2] = 1.0
        for place, dropped in view["dropped"].items():
            if place in index:
                out[index[place] * c + 4] = scaled(dropped, 4.0)
        base = self.offsets["characters"]
        for char in view["characters"]:
            key = char["name"].lower()
            if key not in self.keys:
                continue
            at = base + self.keys.index(key) * self.per_char
            self._character(char, at, out)
            tokens = at + 13 + len(SIDES) + len(self.weapons)
            for k, token in enumerate(char["tokens"][:TOKEN_SLOTS]):
                space = token.get("space")
                if space in index:
                    out[index[space] * c + 3] = min(1.0, out[index[space] * c + 3] + 0.25)
                    out[tokens + 3 * k] = 1.0
                    q, r = coords.get(space, (0, 0))
                    out[tokens + 3 * k + 1] = scaled(q, width)
                    out[tokens + 3 * k + 2] = scaled(r, height)
        base = self.offsets["vehicles"]
        for vehicle in view["vehicles"]:
            if vehicle["name"] not in self.vehicles:
                continue
            at = base + self.vehicles.index(vehicle["name"]) * self.per_vehicle
            space = vehicle["space"]
            if space is not None:
                out[at] = 1.0
                q, r = coords.get(space, (0, 0))
                out[at + 1], out[at + 2] = scaled(q, width), scaled(r, height)
            for k, speed in enumerate(vehicle["speeds"][:3]):
                out[at + 3 + k] = scaled(speed, STAT_SCALE)
            out[at + 6] = scaled(vehicle["strength"], STAT_SCALE)
            out[at + 7] = float(bool(vehicle["wrecked"]))
        at = self.offsets["clock"]
        out[at] = scaled(view["turn"], self.max_turns)
        out[at + 1] = scaled(view["kill_deck"], 20.0)

    def _character(self, char: dict[str, Any], at: int, out: np.ndarray) -> None:
        out[at] = 1.0
        for k, flag in enumerate(("dead", "escaped", "hidden", "alerted", "on_fire")):
            out[at + 1 + k] = float(bool(char.get(flag)))
        out[at + 6] = float(char.get("vehicle") is not None)
        out[at + 7] = float(char.get("grabbed_by") is not None)
        sinister = char.get("sinister")
        out[at + 8] = float(sinister is True)
        out[at + 9] = float(sinister is False)
        for k, stat in enumerate(STATS):
            value = char.get(stat)
            out[at + 10 + k] = scaled(value if isinstance(value, int) else 0, STAT_SCALE)
        one_hot(out, at + 13, SIDES, char.get("kind"))
        for weapon in char.get("weapons", ()):
            one_hot(out, at + 13 + len(SIDES), self.weapons, weapon)


def make(game: Game) -> PsychoRaidersEncoding:
    return PsychoRaidersEncoding(game)
