"""The game's data: the map, the figures on it and off it, items, lasting effects, the round.

Rulebook: ../shared/seeds/left4dead-heroscape-variant.txt, with the HeroScape core rules of
../shared/reference/left4dead-heroscape.md. Spaces are the board's dense integers; a figure
off the map (in a hero closet, destroyed, not yet spawned) has no space.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from deadtable.engine.board import Board
from deadtable.engine.board.hsc import OBSTACLE_TERRAINS
from deadtable.engine.cards import Pile
from deadtable.engine.dice import Dice
from deadtable.engine.procedure import Frames, Handler, ProcedureState
from deadtable.games.left_4_dead.data import GameData

if TYPE_CHECKING:
    from deadtable.games.left_4_dead.finale import Finale

SURVIVORS = "survivors"
INFECTED = "infected"
SEATS = (SURVIVORS, INFECTED)
SLOTS = ("weapon", "secondary", "explosive", "health", "pills")

# Bumped whenever any figure's space or down changes, in any state of this process: the key of
# the position caches (Left4DeadState.derived), which are rebuilt when it moves on. One counter
# for all states is enough: a change elsewhere only costs a rebuild, never a stale answer.
_placements = 0
_PLACING = frozenset({"space", "down"})
# The last changes counted, (figure, attribute, old, new), oldest first: derived() updates who
# stands where from them instead of rebuilding it (Left4DeadState._carried).
_recent: list[tuple[Figure, str, Any, Any]] = []
_RECENT = 16


def placements() -> int:
    """How many changes of space or down any figure has had in this process (a figure made
    counts one): equal at two moments, no figure stands elsewhere or newly."""
    return _placements


class Figure:
    """One figure: a survivor, a zombie of the horde, an uncommon or special infected."""

    __slots__ = ("id", "kind", "side", "space", "wounds", "incaps", "down", "closet",
                 "markers", "items", "ammo", "set_aside", "acted")

    id: str
    kind: str
    side: str
    space: int | None
    wounds: int
    incaps: int
    down: bool
    closet: bool
    markers: dict[str, Any]
    items: dict[str, str]
    ammo: dict[str, int]
    set_aside: int
    acted: bool

    def __init__(self, id: str, kind: str, side: str, space: int | None = None) -> None:
        put = _SET  # the slots' own setters: a figure's card and state are no placement
        put["id"](self, id)  # "bill", "zombie-4", "boomer-1", "witch-1", "tank-1"
        put["kind"](self, kind)  # its army card: "survivor", "zombie", "clown", ..., "tank"
        put["side"](self, side)
        self.space = space  # a placement: counted (derived)
        put["wounds"](self, 0)
        put["incaps"](self, 0)  # Incapped Markers on its card (survivors)
        put["down"](self, False)  # incapacitated: laid on its side (standing: no change)
        put["closet"](self, False)  # waiting in a Hero Closet for rescue
        # markers on the army card: "vomit", "burn", "mud", "pinned", "grabbed", "ridden",
        # "tongue" (value: the id of the infected that placed it, or 1), "disturbed-by"
        put["markers"](self, {})
        put["items"](self, {})  # survivors: slot -> item
        put["ammo"](self, {})  # item -> Ammo or Fuel Markers left on its card
        put["set_aside"](self, 0)  # wounds set aside by pain pills or an adrenaline shot
        put["acted"](self, False)  # has taken its turn under the current order marker

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _PLACING:
            global _placements
            _recent.append((self, name, getattr(self, name, None), value))
            if len(_recent) > 2 * _RECENT:
                del _recent[:_RECENT]
            _placements += 1
        try:
            setter = _SET[name]
        except KeyError:
            raise AttributeError(f"a Figure has no attribute {name!r}") from None
        setter(self, value)

    def copy(self) -> Figure:
        other = Figure.__new__(Figure)
        put = _SET  # a new figure in a new state: no cache to invalidate
        put["id"](other, self.id)
        put["kind"](other, self.kind)
        put["side"](other, self.side)
        put["space"](other, self.space)
        put["wounds"](other, self.wounds)
        put["incaps"](other, self.incaps)
        put["down"](other, self.down)
        put["closet"](other, self.closet)
        put["markers"](other, dict(self.markers))
        put["items"](other, dict(self.items))
        put["ammo"](other, dict(self.ammo))
        put["set_aside"](other, self.set_aside)
        put["acted"](other, self.acted)
        return other

    @property
    def on_map(self) -> bool:
        return self.space is not None

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "side": self.side, "space": self.space,
                "wounds": self.wounds, "incaps": self.incaps, "down": self.down,
                "closet": self.closet, "markers": dict(self.markers), "items": dict(self.items),
                "ammo": dict(self.ammo), "set_aside": self.set_aside, "acted": self.acted}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Figure:
        figure = cls(data["id"], data["kind"], data["side"], data["space"])
        for key in ("wounds", "incaps", "down", "closet", "set_aside", "acted"):
            setattr(figure, key, data[key])
        figure.markers = dict(data["markers"])
        figure.items = dict(data["items"])
        figure.ammo = dict(data["ammo"])
        return figure

    def __repr__(self) -> str:
        return f"Figure({self.id!r} at {self.space}, wounds {self.wounds})"


# Each slot's setter (its descriptor's __set__): quicker than object.__setattr__, which looks
# the slot up by name; Figure.__setattr__ counts the placements, then sets through these.
_SET: dict[str, Any] = {name: vars(Figure)[name].__set__ for name in Figure.__slots__}


class Effect:
    """Something lying on the map until the end of the round: a thrown Bile Bomb, Molotov or
    Pipe Bomb, Spitter's acid, Smoker's choking smoke, a lit Gas Can."""

    __slots__ = ("kind", "space", "side")

    def __init__(self, kind: str, space: int, side: str) -> None:
        self.kind = kind
        self.space = space
        self.side = side  # whose it is: acid and smoke harm only the other side

    def to_data(self) -> list[Any]:
        return [self.kind, self.space, self.side]

    @classmethod
    def from_data(cls, data: list[Any]) -> Effect:
        return cls(data[0], data[1], data[2])


@lru_cache(maxsize=16)
def _obstacles(board: Board) -> frozenset[int]:
    """The crescendo obstacles' spaces and the standing obstacles': fixed for a map."""
    return _standing(board) | frozenset(s for z in board.zones.values()
                                        if z.kind == "crescendo-obstacle" for s in z.spaces)


@lru_cache(maxsize=16)
def _standing(board: Board) -> frozenset[int]:
    """The hexes of a tree, a glacier or another obstacle of an imported map (engine/board/hsc):
    no figure stands there (HeroScape), a Hunter's leap included."""
    return frozenset(s for s, terrain in enumerate(board.terrain)
                     if terrain in OBSTACLE_TERRAINS)


# What a glance shares with the state it glances at: all but the pool and the dice (dealt
# anew). The caches too: they follow from the figures alone, which are the same ones.
_GLANCE_SHARES = (
    "game", "seed", "setup", "log", "history", "outcome", "stack",
    "data", "chapter", "board", "figures", "round", "items_on_map", "effects", "tank_spawned",
    "witch_spawned", "destroyed_zombies", "first_wounds", "escaped", "spawned",
    "pending_closet", "crescendo", "finale", "horde_acted", "instincts", "spent", "last_down",
    "_derived", "_derived_at", "_derived_len", "_kept", "_decision",
)


class Left4DeadState(ProcedureState):
    __slots__ = (
        "data", "chapter", "board", "figures", "round", "items_on_map", "pool", "effects",
        "next_item",
        "tank_spawned", "witch_spawned", "destroyed_zombies", "first_wounds", "escaped",
        "spawned", "pending_closet", "crescendo", "finale", "horde_acted", "instincts", "spent",
        "last_down",
        "_derived",
        "_derived_at",
        "_derived_len",
        "_kept",
    )

    FRAMES: ClassVar[Frames]
    HANDLERS: ClassVar[dict[str, Handler[Any, Any]]]

    data: GameData
    chapter: int  # the chapter under way: its number in the campaign (or the `chapter` option)
    board: Board  # shared by every copy: a map never changes during a chapter
    figures: dict[str, Figure]  # every figure ever in play, survivors first
    round: int
    items_on_map: dict[int, list[str]]  # space -> items lying there
    pool: Pile  # the item pool, face down
    effects: list[Effect]
    tank_spawned: bool
    witch_spawned: bool
    destroyed_zombies: int  # Zombies of Morindan off the map, ready to rise again or respawn
    first_wounds: list[str]  # Advanced/Expert: the Witch/Tank first-wound rules already used
    escaped: list[str]
    spawned: dict[str, int]  # infected of each kind spawned so far: names "boomer-3"
    pending_closet: list[str]  # survivors destroyed this round, to a Hero Closet at its end
    crescendo: int  # 0: not started; 1..rounds: the event's round under way; more: over
    finale: Finale | None  # a finale chapter's event (finale.py); None in other chapters
    horde_acted: bool  # the horde has taken its turn under the current order marker
    instincts: list[str]  # Fallen Survivors that rolled defense in the attack under way
    spent: list[str]  # environmental items lit and alarms set off ("gas-can@57", "car@car")
    last_down: str  # what last incapacitated or destroyed a survivor ("the Tank"): for the end
    _derived: dict[Any, Any]  # see derived()
    _derived_at: int  # _placements when _derived was made (-1: never)
    _derived_len: int  # len(figures) then
    _kept: dict[str, Any]  # see kept()

    # -- the difficulty ---------------------------------------------------------------------
    @property
    def modifier(self) -> int:
        return int(self.data.rules.difficulties[self.game.options["difficulty"]].modifier)

    @property
    def items_per_round(self) -> int:
        return int(self.data.rules.difficulties[self.game.options["difficulty"]].items_per_round)

    @property
    def crescendo_over(self) -> bool:
        return self.crescendo > self.data.rules.crescendo_rounds

    def blocked_spaces(self) -> frozenset[int]:
        """Spaces no figure may enter: a crescendo obstacle until its event is over, and an
        imported map's trees and other obstacles."""
        if self.crescendo and self.crescendo_over:  # asked at every step: answered at once
            return _standing(self.board)
        return _obstacles(self.board)  # (board_obstacles, without a property's call)

    # -- who is where ----------------------------------------------------------------------
    def derived(self) -> dict[Any, Any]:
        """A cache for what follows from where the figures are and who is down alone (who
        stands where, the horde, the standing figures' heights), emptied whenever a figure
        moves, falls, stands up or enters play. A rule asks the same question many times a
        decision (every zombie's reach asks who stands where); this answers it once. What
        is kept here must depend on nothing else, and nobody may change what it holds."""
        if self._derived_at != _placements or self._derived_len != len(self.figures):
            old, since = self._derived, _placements - self._derived_at
            self._derived = {}
            if since <= len(_recent) and "sides" in old:
                self._carried(old, since)
            self._derived_at, self._derived_len = _placements, len(self.figures)
        return self._derived

    def _carried(self, old: dict[Any, Any], since: int) -> None:
        """Who stands where (_place's answers, the horde's split) carried from `old` into the
        new cache through the last `since` changes instead of made again: a move changes one
        or two spaces. A figure entering or leaving the map, or a figure new or deleted,
        makes the survivors and the infected again (in the figures' order) but carries the
        spaces. Left to _place (nothing carried) where two figures would share a space. The
        dicts are copied, never changed: whoever holds the old ones keeps them."""
        figures = self.figures
        occupancy: dict[int, Figure] = old["occupancy"]
        sides: dict[str, dict[int, Figure]] = old["sides"]
        moved: dict[Figure, list[Any]] = {}  # figure -> [first space, last space]: a walk's
        for figure, name, before, after in _recent[len(_recent) - since:]:  # steps in one
            if name == "space":
                span = moved.get(figure)
                if span is None:
                    moved[figure] = [before, after]
                else:
                    span[1] = after
        entered = self._derived_len != len(figures)  # a figure new or deleted
        moves: list[tuple[Figure, int | None, int | None]] = []
        for figure, (before, after) in moved.items():
            if before != after and (figures.get(figure.id) is figure or (
                    before is not None and occupancy.get(before) is figure)):
                moves.append((figure, before, after))
            # (else another state's figure; one of ours that left the map was deleted after)
        if moves:
            occupancy = dict(occupancy)
            sides = dict(sides)
            copied: list[str] = []  # a side's dict copied only if one of its figures moved
            for figure, _before, _after in moves:
                if figure.side not in copied:
                    copied.append(figure.side)
                    sides[figure.side] = dict(sides[figure.side])
        for figure, before, _after in moves:
            if before is not None:
                if occupancy.get(before) is not figure:
                    return  # two figures on a space
                del occupancy[before], sides[figure.side][before]
            entered = entered or before is None
        for figure, _before, after in moves:
            if after is not None:
                if after in occupancy:
                    return  # two figures on a space
                occupancy[after] = sides[figure.side][after] = figure
            entered = entered or after is None
        cache = self._derived
        if entered:
            survivors, infected, placed = self._listed()
            if len(occupancy) != placed:
                self._derived = {}  # a figure deleted while on the map: made again
                return
            cache["survivors"], cache["infected"] = survivors, infected
        else:
            for key in ("survivors", "infected", "horde"):
                if key in old:
                    cache[key] = old[key]
        cache["occupancy"], cache["sides"] = occupancy, sides
        cache[("others-at", SURVIVORS)] = sides[INFECTED]
        cache[("others-at", INFECTED)] = sides[SURVIVORS]

    def _listed(self) -> tuple[tuple[Figure, ...], tuple[Figure, ...], int]:
        """The survivors (on the map or not) and the infected on the map, in the figures'
        order (as _place lists them), and how many figures stand on the map."""
        survivors: list[Figure] = []
        infected: list[Figure] = []
        placed = 0
        for f in self.figures.values():
            if f.side == SURVIVORS:
                survivors.append(f)
                if f.space is not None:
                    placed += 1
            elif f.space is not None:  # the infected: the other side
                infected.append(f)
                placed += 1
        return tuple(survivors), tuple(infected), placed

    def forget_derived(self) -> None:
        """A new, loaded or cloned state builds its own caches (never shares another's)."""
        self._derived = {}
        self._derived_at = self._derived_len = -1
        self._kept = {}

    def kept(self) -> dict[str, Any]:
        """A cache that outlives a move: answers a rule checks itself before it uses one
        again (movement.nearest_each's, kept with where the figures stood), and what never
        changes in a game (which kinds are in the horde). Emptied only for a new, loaded or
        cloned state."""
        return self._kept

    def survivors(self) -> tuple[Figure, ...]:
        cache = self._derived  # derived()'s test inline: asked a few times a step
        if self._derived_at != _placements or self._derived_len != len(self.figures):
            cache = self.derived()
        found = cache.get("survivors")
        return self._place()[0] if found is None else found

    def infected(self) -> tuple[Figure, ...]:
        """The infected on the map."""
        found = self.derived().get("infected")
        return self._place()[1] if found is None else found

    def occupant(self, space: int) -> Figure | None:
        for figure in self.figures.values():
            if figure.space == space:
                return figure
        return None

    def occupancy(self) -> Mapping[int, Figure]:
        """Space -> the figure standing there (read only: it is shared until a figure moves)."""
        cache = self._derived  # derived()'s test inline, as in survivors
        if self._derived_at != _placements or self._derived_len != len(self.figures):
            cache = self.derived()
        found = cache.get("occupancy")
        return self._place()[2] if found is None else found

    def _place(self) -> tuple[tuple[Figure, ...], tuple[Figure, ...], dict[int, Figure]]:
        """survivors, infected and occupancy in one pass over the figures (most positions
        ask all three), kept in derived()."""
        survivors: list[Figure] = []
        infected: list[Figure] = []
        occupancy: dict[int, Figure] = {}
        sides: dict[str, dict[int, Figure]] = {SURVIVORS: {}, INFECTED: {}}  # who stands where
        shared = False
        for f in self.figures.values():
            space = f.space
            if f.side == SURVIVORS:
                survivors.append(f)
            elif f.side == INFECTED and space is not None:
                infected.append(f)
            if space is not None:
                shared = shared or space in occupancy
                occupancy[space] = f
                sides[f.side][space] = f
        cache = self.derived()
        if not shared:  # (else others_at filters the occupancy: the last figure on a space)
            cache[("others-at", SURVIVORS)] = sides[INFECTED]
            cache[("others-at", INFECTED)] = sides[SURVIVORS]
            cache["sides"] = sides  # derived() may carry them through the next moves
        found = cache["survivors"], cache["infected"], cache["occupancy"] = \
            tuple(survivors), tuple(infected), occupancy
        return found

    def others_at(self, side: str) -> Mapping[int, Figure]:
        """Space -> the figure of another side than `side` standing there: the occupancy's
        enemies (read only: shared until a figure moves)."""
        cache = self.derived()
        key = ("others-at", side)
        found: Mapping[int, Figure] | None = cache.get(key)
        if found is None and "occupancy" not in cache:
            self._place()  # fills it in passing, unless two figures share a space
            found = cache.get(key)
        if found is None:
            found = cache[key] = {s: f for s, f in self.occupancy().items() if f.side != side}
        return found

    def card(self, figure: Figure) -> Any:
        return self.data.cards.cards[figure.kind]

    @property
    def board_obstacles(self) -> frozenset[int]:
        return _obstacles(self.board)

    # -- the state contract ----------------------------------------------------------------
    def _view(self, seat: str) -> dict[str, Any]:
        from deadtable.games.left_4_dead.view import view

        return view(self, seat)

    def _public_view(self) -> dict[str, Any]:
        from deadtable.games.left_4_dead.view import view

        return view(self, None)

    def _hidden(self, seat: str) -> dict[str, Any]:
        """For undo: the face-down item pool is all that either side cannot see."""
        return {"an item was drawn from the pool": list(self.pool.cards)}

    def determinize(self, seat: str, dice: Dice) -> None:
        """The item pool's order and the future rolls are unknown to both sides. Neither
        changes what may be done now, so the decision (its legal actions) is kept: a sample's
        first action need not list them again (test_agent_worlds.py compares them)."""
        decision = self._decision
        super().determinize(seat, dice)
        self.pool = self.pool.redealt(dice)  # shuffled when first read: a glance never is
        self._decision = decision

    def glance(self, seat: str, dice: Dice) -> Left4DeadState:
        """The world a sample deals (the item pool redealt, the dice anew, from `dice`),
        sharing all the rest with this state instead of copying it: the survivors' heuristic
        and the director glance at one at every decision of a search's rollouts, where the
        copies were a fifth of the search's cost. Read it; never change it or play on it."""
        other = type(self).__new__(type(self))
        for name in _GLANCE_SHARES:
            setattr(other, name, getattr(self, name))
        other.pool = self.pool  # determinize deals it anew in a copy
        other.determinize(seat, dice)
        return other

    def _data(self) -> dict[str, Any]:
        return {
            "chapter": self.chapter,
            "figures": [f.to_data() for f in self.figures.values()],
            "round": self.round,
            "items_on_map": [[s, list(items)] for s, items in self.items_on_map.items()],
            "pool": list(self.pool.cards),
            "effects": [e.to_data() for e in self.effects],
            "tank_spawned": self.tank_spawned,
            "witch_spawned": self.witch_spawned,
            "destroyed_zombies": self.destroyed_zombies,
            "first_wounds": list(self.first_wounds),
            "escaped": list(self.escaped),
            "spawned": dict(self.spawned),
            "pending_closet": list(self.pending_closet),
            "crescendo": self.crescendo,
            "finale": None if self.finale is None else self.finale.to_data(),
            "horde_acted": self.horde_acted,
            "instincts": list(self.instincts),
            "spent": list(self.spent),
            "last_down": self.last_down,
            "stack": self._stack_data(),
        }

    def _load(self, data: dict[str, Any]) -> None:
        from deadtable.games.left_4_dead.finale import Finale
        from deadtable.games.left_4_dead.setup import chapter_board, load_data

        self.data = load_data(self.game.options)
        self.chapter = data["chapter"]
        self.board = chapter_board(self.game.options, self.chapter)
        self.figures = {f["id"]: Figure.from_data(f) for f in data["figures"]}
        self.round = data["round"]
        self.items_on_map = {s: list(items) for s, items in data["items_on_map"]}
        self.pool = Pile("item pool", data["pool"])
        self.effects = [Effect.from_data(e) for e in data["effects"]]
        self.tank_spawned = data["tank_spawned"]
        self.witch_spawned = data["witch_spawned"]
        self.destroyed_zombies = data["destroyed_zombies"]
        self.first_wounds = list(data["first_wounds"])
        self.escaped = list(data["escaped"])
        self.spawned = dict(data["spawned"])
        self.pending_closet = list(data["pending_closet"])
        self.crescendo = data["crescendo"]
        self.finale = Finale.from_data(data.get("finale"))
        self.horde_acted = data["horde_acted"]
        self.instincts = list(data["instincts"])
        self.spent = list(data.get("spent", []))  # saved before part 2: none
        self.last_down = str(data.get("last_down", ""))
        self._load_stack(data["stack"])
        self.forget_derived()

    def _copy_into(self, other: Any) -> None:
        other.data = self.data
        other.chapter = self.chapter
        other.board = self.board
        other.figures = {k: f.copy() for k, f in self.figures.items()}
        other.round = self.round
        other.items_on_map = {s: list(items) for s, items in self.items_on_map.items()}
        other.pool = Pile(self.pool.name, self.pool.cards)
        other.effects = [Effect(e.kind, e.space, e.side) for e in self.effects]
        other.tank_spawned = self.tank_spawned
        other.witch_spawned = self.witch_spawned
        other.destroyed_zombies = self.destroyed_zombies
        other.first_wounds = list(self.first_wounds)
        other.escaped = list(self.escaped)
        other.spawned = dict(self.spawned)
        other.pending_closet = list(self.pending_closet)
        other.crescendo = self.crescendo
        other.finale = None if self.finale is None else self.finale.copy()
        other.horde_acted = self.horde_acted
        other.instincts = list(self.instincts)
        other.spent = list(self.spent)
        other.last_down = self.last_down
        self._copy_stack(other)
        other.forget_derived()
