"""The table of a Psycho Raiders game: the characters and their tokens, the doors, the decks.

Rulebook: ../shared/seeds/psycho-raiders.txt. Spaces are the board's dense integers (hexes and
the buildings' rooms). A character stands where its real token stands; a hidden character has
hide tokens too (12), and which one is real is a `Secret` per token, known to the seat that
plays it. Whether a townsperson is sinister (17.2) is a `Secret` known to the raiders' seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from deadtable.engine.board import Board
from deadtable.engine.cards import Pile
from deadtable.engine.dice import Dice
from deadtable.engine.procedure import Frame, Frames, Handler, ProcedureState, copy_plain
from deadtable.engine.secrets import Secret, redeal
from deadtable.games.psycho_raiders.rules import Rules

if TYPE_CHECKING:
    from deadtable.games.psycho_raiders.glance import Glance

CAMPERS = "campers"
RAIDERS = "raiders"
STATS = ("speed", "strength", "will")
REAL, DECOY = 1, 0


class Character:
    """One character sheet in play (4.5) and its tokens on the map (12.1)."""

    __slots__ = ("name", "key", "kind", "speed", "strength", "will", "start", "weapons", "shots",
                 "emptied", "tokens", "hidden", "vehicle", "alerted", "alerted_round",
                 "dead", "escaped", "on_fire", "grabbed_by", "seat", "turned")

    def __init__(self, name: str, kind: str, stats: tuple[int, int, int],
                 weapons: list[str]) -> None:
        self.name = name  # "Ginger"
        self.key = name.lower()  # its id in actions: "ginger"
        self.kind = kind  # raider | camper | townsfolk
        self.speed, self.strength, self.will = stats
        self.start = stats  # the sheet's numbers: composure restores up to them (11.4)
        self.weapons = weapons  # held cards, at most 3 (11.6)
        self.shots: dict[str, int] = {}  # Gun ammo or Fire fuel left (4.71)
        self.emptied: list[str] = []  # cards turned sideways: Blunt now (4.71)
        self.tokens: dict[int, int] = {}  # token number -> space; empty off the map
        self.hidden = False
        self.vehicle: str | None = None  # the vehicle it sits in
        self.alerted = kind != "townsfolk"
        self.alerted_round = 0  # townsfolk act from the round after they are alerted (8.4)
        self.dead = False
        self.escaped = False
        self.on_fire = False  # a fire token on its sheet (15.6)
        self.grabbed_by: str | None = None  # 13.1
        self.seat = ""  # the seat that plays it now
        self.turned = 0  # the last turn (round) it took its turn in (17.21)

    @property
    def stats(self) -> tuple[int, int, int]:
        return (self.speed, self.strength, self.will)

    def set_stats(self, stats: tuple[int, int, int]) -> None:
        self.speed, self.strength, self.will = stats

    def copy(self) -> Character:
        other = Character.__new__(Character)
        for name in Character.__slots__:
            setattr(other, name, getattr(self, name))
        other.weapons = list(self.weapons)
        other.shots = dict(self.shots)
        other.emptied = list(self.emptied)
        other.tokens = dict(self.tokens)
        return other

    def to_data(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in Character.__slots__}
        data["tokens"] = [[k, v] for k, v in self.tokens.items()]
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Character:
        other = cls.__new__(cls)
        for name in Character.__slots__:
            setattr(other, name, data[name])
        other.start = tuple(data["start"])
        other.weapons = list(data["weapons"])
        other.shots = dict(data["shots"])
        other.emptied = list(data["emptied"])
        other.tokens = {k: v for k, v in data["tokens"]}
        return other

    def __repr__(self) -> str:
        return f"Character({self.name} {self.stats} at {self.tokens})"


class PsychoRaidersState(ProcedureState):
    __slots__ = ("rules", "board", "chars", "real", "sinister", "revealed_sinister", "locked",
                 "opened", "decks", "outdoor", "kill", "kill_discard", "dropped", "weather",
                 "round", "bonus", "vehicles", "abilities_used", "adrenaline", "wall_damage",
                 "cars", "burning", "look", "carried", "ended", "waiting")

    FRAMES: ClassVar[Frames]
    HANDLERS: ClassVar[dict[str, Handler[Any, Any]]]

    rules: Rules  # the data, read once per set of options and shared by every copy
    board: Board
    chars: dict[str, Character]  # key -> character, in the rulebook's order
    real: dict[str, dict[int, Secret]]  # character -> token -> REAL or DECOY (12)
    sinister: dict[str, Secret]  # townsperson -> "sinister" | "loyal" (17.2)
    revealed_sinister: list[str]  # sinister townsfolk the raiders have revealed (17.21)
    locked: list[tuple[int, int]]  # locked edges (11.1, 11.12)
    opened: list[tuple[int, int]]  # doors opened: seen through from now on
    decks: dict[str, Pile]  # location decks, face down (11.5)
    outdoor: Pile
    kill: Pile  # the Kill Deck (4.8)
    kill_discard: list[str]
    dropped: dict[int, list[str]]  # face-down weapons on a space (11.63)
    weather: str  # Clear | Wind | Rain | Fog (7)
    round: int
    bonus: dict[str, int]  # side -> Speed added this round by an event (7)
    vehicles: dict[str, int]  # vehicle -> its hex
    cars: dict[str, dict[str, Any]]  # vehicle -> its speeds, strength, locks, keys (vehicles.py)
    abilities_used: list[str]  # "side:ability" once-per-game abilities spent (16)
    adrenaline: dict[str, int]  # character -> Adrenaline left for Strength this turn (16)
    wall_damage: dict[tuple[int, int], int]  # a wall's strength lost to attacks (15.5)
    burning: list[int]  # location spaces with a fire token (15.6)
    # A turn's Glance (glance.py), kept from its decision to that decision's move (`look`)
    # and carried, moved with the token, to the next decision (`carried`); the look of the
    # decision that ended the last turn, with the log's and the history's lengths then
    # (`ended`): the next turn starts from it if nothing but its start happened (turn.py).
    # Never saved or copied; true while the state changes only through apply() (a test that
    # sets pieces by hand calls forget_looks()).
    look: tuple[Frame, Glance] | None
    carried: Glance | None
    ended: tuple[Glance, int, int] | None
    # The characters waiting for a turn in a phase, with the phase's frame and the log's
    # length when found (sequence.py): the same until something is logged. Kept as the looks.
    waiting: tuple[Frame, int, list[Character]] | None

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.look = self.carried = self.ended = self.waiting = None

    def forget_looks(self) -> None:
        """Drop the looks carried from one step to the next (and the characters found
        waiting): for code that sets pieces by hand (a test's table), not through apply(),
        which alone keeps them true."""
        self.look = self.carried = self.ended = self.waiting = None

    # -- who is who ----------------------------------------------------------------------------
    def side_of(self, char: Character) -> str:
        """The side a character fights for now: a townsperson is the campers' until revealed
        sinister (17.21)."""
        if char.kind == "raider" or char.key in self.revealed_sinister:
            return RAIDERS
        return CAMPERS

    def is_sinister(self, char: Character) -> bool:
        secret = self.sinister.get(char.key)
        return secret is not None and secret.value == "sinister"

    def space_of(self, char: Character) -> int | None:
        """Where the character really is (its real token), None off the map."""
        real = self.real[char.key]
        for token, space in char.tokens.items():
            if real[token].value == REAL:
                return space
        return None

    def active(self, char: Character) -> bool:
        return not char.dead and not char.escaped and char.alerted and bool(char.tokens)

    def pieces(self, space: int) -> list[tuple[Character, int]]:
        """Every character token on a space (12.13: a hide token counts as a character)."""
        return [(c, t) for c in self.chars.values() if not c.dead
                for t, s in c.tokens.items() if s == space]

    def enemies_at(self, char: Character, space: int) -> list[Character]:
        """Unhidden enemy characters standing on a space (alerted ones: others are not in play)."""
        side = self.side_of(char)
        # the cheap tests first: nobody there is the common answer
        return [c for c in self.chars.values() if space in c.tokens.values() and not c.hidden
                and c.vehicle is None and self.active(c) and self.side_of(c) != side
                and self.space_of(c) == space]

    def name(self, space: int) -> str:
        return self.board.name(space)

    # -- the state contract --------------------------------------------------------------------
    def _view(self, seat: str) -> dict[str, Any]:
        from deadtable.games.psycho_raiders.view import view

        return view(self, seat)

    def _public_view(self) -> dict[str, Any]:
        from deadtable.games.psycho_raiders.view import view

        return view(self, None)

    def _secrets(self) -> list[Secret]:
        return [*self.sinister.values(), *(s for c in self.real.values() for s in c.values())]

    def _hidden(self, seat: str) -> dict[str, Any]:
        """For undo: the decks' order, and every secret the seat cannot see."""
        unseen = {f"{k}:{t}": s.value for k, tokens in self.real.items()
                  for t, s in tokens.items() if not s.visible(seat)}
        return {
            "a card was drawn": [list(p.cards) for p in (*self.decks.values(), self.outdoor,
                                                         self.kill)],
            "a hide token was found": unseen,
            "a townsperson was revealed": {k: s.value for k, s in self.sinister.items()
                                           if not s.visible(seat)},
        }

    def determinize(self, seat: str, dice: Dice) -> None:
        """Deal anew what `seat` cannot know: which token is real, who is sinister, the decks."""
        super().determinize(seat, dice)
        redeal(self._secrets(), seat, dice)
        for pile in (*self.decks.values(), self.outdoor, self.kill):
            pile.redeal(dice)

    def _data(self) -> dict[str, Any]:
        return {
            "chars": [c.to_data() for c in self.chars.values()],
            # pairs, not objects: a save sorts an object's keys, and the order matters
            "real": [[k, [[t, s.to_data()] for t, s in v.items()]] for k, v in self.real.items()],
            "sinister": [[k, s.to_data()] for k, s in self.sinister.items()],
            "revealed_sinister": list(self.revealed_sinister),
            "locked": [list(e) for e in self.locked],
            "opened": [list(e) for e in self.opened],
            "decks": [[k, list(p.cards)] for k, p in self.decks.items()],
            "outdoor": list(self.outdoor.cards),
            "kill": list(self.kill.cards),
            "kill_discard": list(self.kill_discard),
            "dropped": [[s, list(c)] for s, c in self.dropped.items()],
            "weather": self.weather,
            "round": self.round,
            "bonus": dict(self.bonus),
            "vehicles": [[k, v] for k, v in self.vehicles.items()],
            "abilities_used": list(self.abilities_used),
            "adrenaline": [[k, v] for k, v in self.adrenaline.items()],
            "wall_damage": [[a, b, v] for (a, b), v in self.wall_damage.items()],
            "cars": [[k, v] for k, v in self.cars.items()],
            "burning": list(self.burning),
            "stack": self._stack_data(),
        }

    def _load(self, data: dict[str, Any]) -> None:
        from deadtable.games.psycho_raiders.setup import load_rules

        self.rules = load_rules(self.game.options)
        self.board = self.rules.board
        self.chars = {c["name"].lower(): Character.from_data(c) for c in data["chars"]}
        self.real = {k: {t: Secret.from_data(s) for t, s in v} for k, v in data["real"]}
        self.sinister = {k: Secret.from_data(s) for k, s in data["sinister"]}
        self.revealed_sinister = list(data["revealed_sinister"])
        self.locked = [(a, b) for a, b in data["locked"]]
        self.opened = [(a, b) for a, b in data["opened"]]
        self.decks = {k: Pile(k, cards) for k, cards in data["decks"]}
        self.outdoor = Pile("Outdoor", data["outdoor"])
        self.kill = Pile("Kill Deck", data["kill"])
        self.kill_discard = list(data["kill_discard"])
        self.dropped = {s: list(c) for s, c in data["dropped"]}
        self.weather = data["weather"]
        self.round = data["round"]
        self.bonus = dict(data["bonus"])
        self.vehicles = {k: v for k, v in data["vehicles"]}
        self.abilities_used = list(data["abilities_used"])
        self.adrenaline = {k: v for k, v in data["adrenaline"]}
        self.wall_damage = {(a, b): v for a, b, v in data["wall_damage"]}
        self.cars = {k: v for k, v in data["cars"]}
        self.burning = list(data["burning"])
        self.look = self.carried = self.ended = self.waiting = None
        self._load_stack(data["stack"])

    def _copy_into(self, other: Any) -> None:
        other.rules = self.rules
        other.board = self.board
        other.chars = {k: c.copy() for k, c in self.chars.items()}
        other.real = {k: {t: s.copy() for t, s in v.items()} for k, v in self.real.items()}
        other.sinister = {k: s.copy() for k, s in self.sinister.items()}
        other.revealed_sinister = list(self.revealed_sinister)
        other.locked = list(self.locked)
        other.opened = list(self.opened)
        other.decks = {k: p.clone() for k, p in self.decks.items()}
        other.outdoor = self.outdoor.clone()
        other.kill = self.kill.clone()
        other.kill_discard = list(self.kill_discard)
        other.dropped = {s: list(c) for s, c in self.dropped.items()}
        other.weather = self.weather
        other.round = self.round
        other.bonus = dict(self.bonus)
        other.vehicles = dict(self.vehicles)
        other.abilities_used = list(self.abilities_used)
        other.adrenaline = dict(self.adrenaline)
        other.wall_damage = dict(self.wall_damage)
        other.cars = copy_plain(self.cars)
        other.burning = list(self.burning)
        other.look = other.carried = other.ended = other.waiting = None
        self._copy_stack(other)
