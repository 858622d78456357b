"""Left 4 Dead: every action id the game can offer, and a seat's view as numbers.

Actions are TEMPLATES expanded over domains taken from the game's data and maps
(deadtable/envs/encodings/board.py): `{space}` is a space's index on the board (every map
the game can play: a campaign's chapters included), `{survivor}` a survivor's id from the
cards' survivor names, `{item}` an item id of the item data, `{weapon}` those that attack
(`card`: a figure's own attack; `{area}`, `{line}`, `{thrown}` those fired at a space, down a
line, or thrown), `{direction}` the board's directions, `{count}` a length
along a line. Infected figures are made during play (`zombie-17`), so `{fig}` names one by
the space it stands on now (`fig@S`, one figure to a space); a Zombie Onslaught is named by
its target and its first member (one group to a level); an Explosive Ammo push by the
figure and which neighbour of its space it goes to (`{step}`: `n0`.. in the board's order),
and a horde figure's attack on an infected figure (a Bile Bomb draws it) by the attacker and
which neighbour of its space the target stands on.
To extend: a new item, survivor, map or card needs nothing; a new kind of action is one
template appended to TEMPLATES (and a new ENV_VERSION, its integers being new).

Observation: per space (on every board the game plays, padded to the largest) the map and
what stands and lies there; per survivor (the cards' names, in order) its state and items;
then the round, chapter, difficulty, pool and Crescendo. All from `state.view(seat)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from deadtable.engine.board.hexes import HEX_DIRECTION_NAMES
from deadtable.engine.game import Game
from deadtable.envs.encodings import View
from deadtable.envs.encodings.board import BoardEncoding, one_hot, scaled
from deadtable.games.left_4_dead import setup

WORDS = ("end", "end-turn", "go-on", "stay", "stop", "take-none", "horde-stop",
         "instinct-stay", "vomit:all", "turn:horde")
TEMPLATES = WORDS + (
    "turn:{survivor}", "turn:{fig}",
    "move:{space}", "pounce:{space}", "acid:{space}", "instinct:{space}",
    "charge:{direction}:{count}",
    "attack:{survivor}", "attack:{weapon}:{fig}", "attack:{area}:{at}", "attack:{line}:{ray}",
    "beat:{fig}",
    "pummel:{survivor}", "rock:{survivor}", "tongue:{survivor}", "latch:{survivor}",
    "vomit:{survivor}", "stand:{survivor}", "rescue:{survivor}", "heal:{survivor}",
    "give:{survivor}", "defib:{survivor}",
    "horde-move:{fig}:{space}", "horde-attack:{fig}:{survivor}", "onslaught:{survivor}:{fig}",
    "pick:{space}:{item}", "take:{item}", "deploy:{item}", "pills:{item}",
    "throw:{thrown}:{space}",
    # what the rules gained later, appended in the order it came
    "light:{environmental}:{space}", "push-done", "push:{fig}:{step}",
    "horde-attack:{fig}:{step}",  # the horde drawn by a Bile Bomb onto an infected figure
)
DIFFICULTIES = ("easy", "normal", "advanced", "expert")
ZONE_KINDS = ("safe-room", "crescendo-obstacle", "car")
SURVIVOR_SLOTS = ("weapon", "secondary", "health", "other")
LEVEL_SCALE = 20.0
CHAPTERS = 5.0
POOL_SCALE = 100.0


def boards(game: Game) -> list[Any]:
    """Every board the game can play: its one map, or each chapter of its campaign."""
    campaign = setup.campaign_of(game.options)
    if campaign is None:
        return [setup.chapter_board(game.options)]
    return [c.board for c in campaign.chapters]


class Left4DeadEncoding(BoardEncoding):
    def __init__(self, game: Game) -> None:
        data = setup.load_data(game.options)
        self.boards = boards(game)
        self.spaces = max(b.size for b in self.boards)
        width = max(max((c or (0, 0))[0] for c in b.coords) + 1 for b in boards(game))
        height = max(max((c or (0, 0))[1] for c in b.coords) + 1 for b in boards(game))
        items = tuple(data.items.items)
        weapons = tuple(i for i in items if data.items[i].slot in ("weapon", "secondary"))
        self.survivors = tuple(n.lower() for n in data.cards.survivors.names)
        self.kinds = tuple(k for k in data.cards.cards if k != "survivors")
        self.items = items
        self.item_names = tuple(data.items[i].name for i in items)
        spaces = [str(i) for i in range(self.spaces)]
        domains = {
            "space": spaces, "at": [f"@{s}" for s in spaces],
            "fig": [f"fig@{s}" for s in spaces],
            "survivor": self.survivors, "item": items, "weapon": ("card", *weapons),
            "area": tuple(i for i in weapons if data.items[i].get("target_space")),
            "line": tuple(i for i in weapons if data.items[i].get("line_targets")),
            "thrown": tuple(i for i in items if data.items[i].get("lob")),
            "environmental": tuple(data.items.environmental),
            "step": [f"n{k}" for k in range(max(len(n) for b in self.boards
                                               for n in b.neighbours))],
            "ray": [f"line-{d}" for d in HEX_DIRECTION_NAMES],
            "direction": HEX_DIRECTION_NAMES,
            "count": [str(n) for n in range(1, max(width, height) + 1)],
        }
        self.channels = 4 + len(ZONE_KINDS) + 1 + len(self.kinds) + 3
        per_survivor = 9 + len(SURVIVOR_SLOTS) * len(items)
        features = [
            ("spaces", self.spaces * self.channels,
             f"per space (index order, {self.spaces}), {self.channels} numbers: on the map, "
             "level / 20, obstacle, effect, zone kinds (safe room, crescendo obstacle, car), "
             "a survivor, an infected figure by card (" + ", ".join(self.kinds) + "), its "
             "wounds / life, items lying there / 5, the chapter's start safe room"),
            ("survivors", len(self.survivors) * per_survivor,
             f"per survivor ({', '.join(self.survivors)}): in play, on the map, escaped, "
             "wounds / life, incaps / 3, down, in a closet, markers held / 5, ammo / 10, then the "
             "item in each slot (weapon, secondary, health, other) one-hot over the items"),
            ("round", 2, "round / max-rounds, chapter / 5"),
            ("difficulty", len(DIFFICULTIES), "one-hot: " + ", ".join(DIFFICULTIES)),
            ("pool", 2, "items left in the pool / 100, Crescendo (0 or 1 and beyond, / 3)"),
        ]
        self.per_survivor = per_survivor
        self.max_rounds = float(game.options["max-rounds"])
        super().__init__(game, TEMPLATES, domains, features)

    # -- figures named by where they stand -------------------------------------------------
    def aliases(self, view: dict[str, Any]) -> dict[str, str]:
        index = self._map(view)[0]
        return {f["id"]: f"fig@{index[f['space']]}" for f in view["figures"]
                if f["side"] != "survivors" and f["space"] is not None}

    def names(self, ids: Sequence[str], view: View) -> list[str]:
        """As the templates name them; an Explosive Ammo push (`push:zombie-3:212`, one space
        on) is named by the figure and which of its space's neighbours it goes to (`n2`), and
        a horde attack on an infected figure by which neighbour the target stands on."""
        named = super().names(ids, view)
        if not any(n.startswith("push:") or n.startswith("horde-attack:fig@") and
                   n.count("fig@") == 2 for n in named):
            return named
        seen = view()
        board = self.boards[min(len(self.boards), int(seen["chapter"])) - 1] \
            if len(self.boards) > 1 else self.boards[0]
        out = []
        for name in named:
            verb, *rest = name.split(":")
            if verb in ("push", "horde-attack") and len(rest) == 2:
                figure, to = rest
                if figure.startswith("fig@") and (verb == "push" or to.startswith("fig@")):
                    here, there = int(figure[4:]), int(to.removeprefix("fig@"))
                    near = board.neighbours[here]
                    if there in near:
                        name = f"{verb}:{figure}:n{near.index(there)}"
            out.append(name)
        return out

    def rename(self, parts: list[str], aliases: dict[str, str]) -> list[str]:
        # an Onslaught's members: the group is the one its first member is in
        return [aliases.get(p.split(",")[0], p) if "," in p else aliases.get(p, p)
                for p in parts]

    def max_game_length(self) -> int:
        return 200_000

    # -- the view as numbers ----------------------------------------------------------------
    def encode_into(self, view: dict[str, Any], out: np.ndarray) -> None:
        index, static = self._map(view)
        c = self.channels
        grid = out[:self.spaces * c].reshape(self.spaces, c)
        grid[:] = static
        for name in view["obstacle"]:
            out[index[name] * c + 2] = 1.0
        for effect in view["effects"]:
            if effect["space"] is not None:
                out[index[effect["space"]] * c + 3] = 1.0
        survivor_at, kind_at = 4 + len(ZONE_KINDS), 5 + len(ZONE_KINDS)
        for f in view["figures"]:
            if f["space"] is None:
                continue
            at = index[f["space"]] * c
            if f["side"] == "survivors":
                out[at + survivor_at] = 1.0
                continue
            one_hot(out, at + kind_at, self.kinds, f["kind"])
            out[at + kind_at + len(self.kinds)] = scaled(f["wounds"], max(1, f["life"]))
        lying = kind_at + len(self.kinds) + 1
        for name, items in view["items"].items():
            out[index[name] * c + lying] = scaled(len(items), 5.0)
        self._survivors(view, out)
        at = self.offsets["round"]
        out[at] = scaled(view["round"], self.max_rounds)
        out[at + 1] = scaled(view["chapter"], CHAPTERS)
        one_hot(out, self.offsets["difficulty"], DIFFICULTIES, view["difficulty"])
        at = self.offsets["pool"]
        out[at] = scaled(view["pool"], POOL_SCALE)
        out[at + 1] = scaled(view["crescendo"], 3.0)

    def _map(self, view: dict[str, Any]) -> tuple[dict[str, int], np.ndarray]:
        """The board's space indices and its unchanging channels (on the map, level, zone
        kinds, the start safe room), made once per map: a chapter's map never changes."""
        board = view["map"]
        spaces = board["spaces"]
        key = (board["name"], len(spaces), spaces[0][0], spaces[-1][0], view["chapter"])
        return self.board(key, lambda: self._static(board))

    def _static(self, board: dict[str, Any]) -> tuple[dict[str, int], np.ndarray]:
        spaces = board["spaces"]
        index = {s[0]: i for i, s in enumerate(spaces)}
        static = np.zeros((self.spaces, self.channels), np.float32)
        for i, space in enumerate(spaces):
            static[i, 0] = 1.0
            static[i, 1] = scaled(space[4] or 0, LEVEL_SCALE)
        for zone in board["zones"].values():
            if zone["kind"] in ZONE_KINDS:
                for name in zone["spaces"]:
                    static[index[name], 4 + ZONE_KINDS.index(zone["kind"])] = 1.0
        for name in board["zones"].get("start", {}).get("spaces", ()):
            static[index[name], self.channels - 1] = 1.0
        return index, static

    def _survivors(self, view: dict[str, Any], out: np.ndarray) -> None:
        base = self.offsets["survivors"]
        escaped = set(view["escaped"])
        for f in view["figures"]:
            if f["side"] != "survivors" or f["id"] not in self.survivors:
                continue
            at = base + self.survivors.index(f["id"]) * self.per_survivor
            out[at] = 1.0
            out[at + 1] = float(f["space"] is not None)
            out[at + 2] = float(f["id"] in escaped)
            out[at + 3] = scaled(f["wounds"], max(1, f["life"]))
            out[at + 4] = scaled(f["incaps"], 3.0)
            out[at + 5] = float(bool(f["down"]))
            out[at + 6] = float(bool(f["closet"]))
            out[at + 7] = scaled(len(f["markers"]), 5.0)
            out[at + 8] = scaled(sum(v for v in f["ammo"].values() if isinstance(v, int)),
                                 10.0)
            for k, slot in enumerate(SURVIVOR_SLOTS):
                held = f["items"].get(slot)
                if held is not None:
                    one_hot(out, at + 9 + k * len(self.items), self.items, held)


def make(game: Game) -> Left4DeadEncoding:
    return Left4DeadEncoding(game)
