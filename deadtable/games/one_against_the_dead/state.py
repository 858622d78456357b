"""The game's data: the city grid, you, your survivor, the weapons, the zombies with you."""

from __future__ import annotations

from typing import Any

from deadtable.engine.cards import Pile
from deadtable.engine.decisions import Decision
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState
from deadtable.games.one_against_the_dead import cards
from deadtable.games.one_against_the_dead.data import Rules

Pos = tuple[int, int]

# Orthogonal neighbours, in the order the rules and the prompts list them.
DIRECTIONS: dict[str, Pos] = {"right": (1, 0), "up": (0, 1), "down": (0, -1), "left": (-1, 0)}
SEAT = "player"


def step(pos: Pos, direction: str) -> Pos:
    dx, dy = DIRECTIONS[direction]
    return (pos[0] + dx, pos[1] + dy)


def neighbours(pos: Pos) -> list[Pos]:
    x, y = pos
    return [(x + 1, y), (x, y + 1), (x, y - 1), (x - 1, y)]


_BY_DELTA = {d: name for name, d in DIRECTIONS.items()}


def direction_to(src: Pos, dst: Pos) -> str:
    name = _BY_DELTA.get((dst[0] - src[0], dst[1] - src[1]))
    if name is None:
        raise ValueError(f"{dst} is not next to {src}")
    return name


class Weapon:
    """A weapon and its charge die (None for weapons that never run out). Immutable."""

    __slots__ = ("kind", "charge")

    def __init__(self, kind: str, charge: int | None) -> None:
        self.kind = kind
        self.charge = charge

    def used(self) -> Weapon:
        return self if self.charge is None else Weapon(self.kind, self.charge - 1)

    @property
    def spent(self) -> bool:
        return self.charge is not None and self.charge <= 0

    def label(self) -> str:
        return self.kind if self.charge is None else f"{self.kind} ({self.charge})"

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "charge": self.charge}

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> Weapon | None:
        return None if data is None else cls(data["kind"], data["charge"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Weapon) and (self.kind, self.charge) == (other.kind, other.charge)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Weapon({self.kind!r}, {self.charge})"


class Survivor:
    __slots__ = ("life", "life_max", "weapon")

    def __init__(self, life: int, life_max: int, weapon: Weapon | None = None) -> None:
        self.life = life
        self.life_max = life_max  # his starting life: provisions never heal him above it
        self.weapon = weapon

    def copy(self) -> Survivor:
        return Survivor(self.life, self.life_max, self.weapon)

    def to_data(self) -> dict[str, Any]:
        weapon = None if self.weapon is None else self.weapon.to_data()
        return {"life": self.life, "life_max": self.life_max, "weapon": weapon}

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> Survivor | None:
        if data is None:
            return None
        return cls(data["life"], data["life_max"], Weapon.from_data(data["weapon"]))


def _pos_list(items: Any) -> list[list[int]]:
    return [[x, y] for x, y in items]


class OneAgainstTheDeadState(GameState):
    __slots__ = (
        "rules", "deck", "removed", "grid", "face_down", "start", "helicopter", "pos",
        "came_from", "life", "life_max", "weapon", "survivor", "map_weapons", "map_survivor",
        "zombies", "kills", "turn", "phase", "flips", "holding", "pending", "revealed",
        "provisions", "use_weapon", "share", "battle_round",
    )

    rules: Rules
    deck: Pile
    removed: list[str]  # the cards SETUP took out of the deck
    grid: dict[Pos, str]  # every card on the table, face up or down
    face_down: set[Pos]
    start: Pos
    helicopter: Pos
    pos: Pos  # the card you stand on
    came_from: Pos  # the card you moved from (the same as pos before your first move)
    life: int
    life_max: int
    weapon: Weapon | None  # None: Fists of Fury only
    survivor: Survivor | None  # the survivor with you
    map_weapons: dict[Pos, Weapon]  # unclaimed weapons lying on face cards
    map_survivor: tuple[Pos, Survivor] | None  # an unrescued survivor in the rubble of an Ace
    zombies: int  # zombies with you
    kills: int
    turn: int  # moves made
    phase: str  # see turn.py: the rulebook step the game is in
    flips: list[Pos]  # face-down neighbours still to turn over this turn
    holding: Pos | None  # a flipped non-number card waiting to be placed
    pending: list[str]  # drawn cards still to place, the next one first
    revealed: list[Pos]  # number cards turned up this turn (they make zombies)
    provisions: int  # a Joker's life points waiting to be shared with the survivor
    use_weapon: bool  # COMBAT: do you use your weapon this round
    share: tuple[int, int, int] | None  # COMBAT: the survivor's 10-, 5- and 1-zombie dice
    battle_round: int  # rounds fought in the final battle

    # -- geometry --------------------------------------------------------------------------
    def face_up(self, p: Pos) -> bool:
        return p in self.grid and p not in self.face_down

    def open_spots(self, around: Pos | None = None) -> list[Pos]:
        """Open positions orthogonally adjacent to a card (the one you stand on by default)."""
        return [n for n in neighbours(self.pos if around is None else around) if n not in self.grid]

    def distance(self, p: Pos) -> int:
        return abs(p[0] - self.helicopter[0]) + abs(p[1] - self.helicopter[1])

    def on_path(self, p: Pos) -> bool:
        """A spot "in the path between you and the helicopter": a step that brings you closer."""
        return self.distance(p) < self.distance(self.pos)

    # -- the state contract ----------------------------------------------------------------
    def _decide(self) -> Decision:
        from deadtable.games.one_against_the_dead.turn import decide

        return decide(self)

    def _apply(self, action_id: str) -> None:
        from deadtable.games.one_against_the_dead.turn import apply

        apply(self, action_id)

    def _view(self, seat: str) -> dict[str, Any]:
        from deadtable.games.one_against_the_dead.view import view

        return view(self)

    def _public_view(self) -> dict[str, Any]:
        """A solo game keeps nothing from an onlooker that its player knows."""
        return self._view(SEAT)

    def _hidden(self, seat: str) -> dict[str, Any]:
        """For undo: the deck's order and the face-down cards are what the player cannot see."""
        return {
            "a card was drawn": list(self.deck.cards),
            "a face-down card was turned over": sorted((list(p), self.grid[p])
                                                       for p in self.face_down),
        }

    def determinize(self, seat: str, dice: Dice) -> None:
        """The deck order and the face-down cards are unknown: deal them anew."""
        super().determinize(seat, dice)
        hidden = sorted(self.face_down)
        # Sorted first: the deal must not depend on where the cards truly lie (Pile.redeal).
        unknown = sorted([self.grid[p] for p in hidden] + self.deck.cards)
        dice.shuffle(unknown)
        for p, card in zip(hidden, unknown, strict=False):
            self.grid[p] = card
        self.deck.cards = unknown[len(hidden):]

    def _copy_into(self, other: Any) -> None:
        other.rules = self.rules
        other.deck = self.deck.clone()
        other.removed = self.removed
        other.grid = self.grid.copy()
        other.face_down = self.face_down.copy()
        other.start = self.start
        other.helicopter = self.helicopter
        other.pos = self.pos
        other.came_from = self.came_from
        other.life = self.life
        other.life_max = self.life_max
        other.weapon = self.weapon  # immutable
        other.survivor = None if self.survivor is None else self.survivor.copy()
        other.map_weapons = self.map_weapons.copy()
        ms = self.map_survivor
        other.map_survivor = None if ms is None else (ms[0], ms[1].copy())
        other.zombies = self.zombies
        other.kills = self.kills
        other.turn = self.turn
        other.phase = self.phase
        other.flips = self.flips.copy()
        other.holding = self.holding
        other.pending = self.pending.copy()
        other.revealed = self.revealed.copy()
        other.provisions = self.provisions
        other.use_weapon = self.use_weapon
        other.share = self.share
        other.battle_round = self.battle_round

    def _data(self) -> dict[str, Any]:
        ms = self.map_survivor
        return {
            "deck": self.deck.to_data(),
            "removed": list(self.removed),
            "grid": [[x, y, c] for (x, y), c in sorted(self.grid.items())],
            "face_down": _pos_list(sorted(self.face_down)),
            "start": list(self.start),
            "helicopter": list(self.helicopter),
            "pos": list(self.pos),
            "came_from": list(self.came_from),
            "life": self.life,
            "life_max": self.life_max,
            "weapon": None if self.weapon is None else self.weapon.to_data(),
            "survivor": None if self.survivor is None else self.survivor.to_data(),
            "map_weapons": [[x, y, w.to_data()] for (x, y), w in sorted(self.map_weapons.items())],
            "map_survivor": None if ms is None else [list(ms[0]), ms[1].to_data()],
            "zombies": self.zombies,
            "kills": self.kills,
            "turn": self.turn,
            "phase": self.phase,
            "flips": _pos_list(self.flips),
            "holding": None if self.holding is None else list(self.holding),
            "pending": list(self.pending),
            "revealed": _pos_list(self.revealed),
            "provisions": self.provisions,
            "use_weapon": self.use_weapon,
            "share": None if self.share is None else list(self.share),
            "battle_round": self.battle_round,
        }

    def _load(self, data: dict[str, Any]) -> None:
        from deadtable.games.one_against_the_dead.rules import rules_for

        def pos(p: list[int]) -> Pos:
            return (p[0], p[1])

        self.rules = rules_for(self.game.options)
        self.deck = Pile.from_data(data["deck"])
        self.removed = list(data["removed"])
        self.grid = {(x, y): c for x, y, c in data["grid"]}
        self.face_down = {pos(p) for p in data["face_down"]}
        self.start = pos(data["start"])
        self.helicopter = pos(data["helicopter"])
        self.pos = pos(data["pos"])
        self.came_from = pos(data["came_from"])
        self.life = data["life"]
        self.life_max = data["life_max"]
        self.weapon = Weapon.from_data(data["weapon"])
        self.survivor = Survivor.from_data(data["survivor"])
        self.map_weapons = {
            (x, y): Weapon(w["kind"], w["charge"]) for x, y, w in data["map_weapons"]
        }
        ms = data["map_survivor"]
        survivor = None if ms is None else Survivor.from_data(ms[1])
        self.map_survivor = None if ms is None or survivor is None else (pos(ms[0]), survivor)
        self.zombies = data["zombies"]
        self.kills = data["kills"]
        self.turn = data["turn"]
        self.phase = data["phase"]
        self.flips = [pos(p) for p in data["flips"]]
        self.holding = None if data["holding"] is None else pos(data["holding"])
        self.pending = list(data["pending"])
        self.revealed = [pos(p) for p in data["revealed"]]
        self.provisions = data["provisions"]
        self.use_weapon = data["use_weapon"]
        share = data["share"]
        self.share = None if share is None else (share[0], share[1], share[2])
        self.battle_round = data["battle_round"]

    def card_name(self, p: Pos) -> str:
        return cards.name(self.grid[p])
