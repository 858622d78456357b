"""The game's data: the warrior, the clock, the House decks and their discards, the Wandering
Zombie deck, the equipment piles and display, and the fight in progress.

Play is a list of pending steps (`tasks`, the last one runs next) and, when the player must
choose, a `phase` naming the question with its `ctx`; turn.py runs the steps in the rulebook's
order until a question or the end."""

from __future__ import annotations

from typing import Any

from deadtable.engine.cards import Pile
from deadtable.engine.decisions import Decision
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState
from deadtable.games.chainsaw_warrior.data import CardData
from deadtable.games.chainsaw_warrior.equipment import Carried
from deadtable.games.chainsaw_warrior.rules import Rules
from deadtable.games.chainsaw_warrior.warrior import Warrior

SEAT = "warrior"


class Fight:
    """FIGHTING CREATURES: one encounter with one creature or several (Multiple Opponents)."""

    __slots__ = ("opponents", "current", "rounds", "shot", "context", "next_hth", "no_escape",
                 "lucky_bonus", "no_lucky", "knife_dropped", "step", "wandering", "fought",
                 "poison", "flash", "berserk", "lost_round")

    def __init__(self, opponents: list[str], context: str = "") -> None:
        self.opponents = opponents  # creatures still to be beaten, by card id
        self.current: str | None = None  # the one you fight hand-to-hand now
        self.rounds = 0  # HtH rounds fought in this encounter
        self.shot = False  # the one Aimed Shot of the encounter is taken (or not allowed)
        self.context = context  # "", "ambush", "agent-9", "net", "floorboards", "wire"
        self.next_hth = 0  # Extra Wound table: HtH modifier for the next round only
        self.no_escape = False  # Extra Wound table: no escape next round
        self.lucky_bonus = 0  # Extra Wound table 4: +1 to a Lucky Shot this round
        self.no_lucky = False  # Extra Wound table 8+: no Lucky Shot this round
        self.knife_dropped = False  # a thrown Knife lies on the floor until the fight is won
        self.step = "start"  # where the procedure stands: see fight.py
        self.wandering: list[str] = []  # Wandering Zombies, returned to their deck after
        self.fought: list[str] = []  # creatures that have had a round (first-round weapons)
        self.poison: dict[str, int] = {}  # the Needle: creature -> rounds until it dies
        self.flash = ""  # a Flash Bomb thrown: "bonus" (+3 HtH) or "escape"
        self.berserk = False  # Frenzy: +3 HtH this round, double damage if you lose it
        self.lost_round = False  # you lost the last round and were wounded (Frenzy)

    def copy(self) -> Fight:
        other = Fight.__new__(Fight)
        for name in Fight.__slots__:
            setattr(other, name, getattr(self, name))
        other.opponents = self.opponents.copy()
        other.wandering = self.wandering.copy()
        other.fought = self.fought.copy()
        other.poison = self.poison.copy()
        return other

    def to_data(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in Fight.__slots__}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Fight:
        fight = cls.__new__(cls)
        for name in Fight.__slots__:
            setattr(fight, name, data[name])
        fight.opponents = list(fight.opponents)
        fight.wandering = list(fight.wandering)
        fight.fought = list(fight.fought)
        fight.poison = dict(fight.poison)
        return fight


class ChainsawWarriorState(GameState):
    __slots__ = (
        "data", "warrior", "time", "decks", "discards", "current", "removed", "seen",
        "wandering", "piles", "items", "field_until", "turned", "free", "phase", "ctx",
        "tasks", "fight", "left_building", "exiting", "rules", "smash_until", "flare",
        "known", "determination", "sprint", "mark",
    )

    data: CardData
    warrior: Warrior
    time: int  # boxes of 30 seconds on the Time Track
    decks: list[Pile]  # Deck One, Deck Two
    discards: list[Pile]  # their discard piles, face up
    current: int  # 0 while Deck One lasts, then 1
    removed: list[str]  # House cards out of the game (the Chasm, Time Grenades' victims...)
    seen: set[str]  # House cards ever turned face up (for determinizing)
    wandering: Pile
    piles: dict[str, Pile]  # the face-down Equipment piles, by card back
    items: list[Carried]  # your equipment display
    field_until: int  # the Magnetic Field's blank marker (0: none)
    turned: str | None  # the House card just turned
    free: bool  # in a free area: you may pause, reload, heal
    phase: str  # the question being asked ("" while play runs)
    ctx: dict[str, Any]  # what the question is about
    tasks: list[dict[str, Any]]  # pending steps; the last runs next; never mutated in place
    fight: Fight | None
    left_building: int  # how many times you escaped the building
    exiting: int  # cards still to encounter on the way out (0: not leaving)
    rules: Rules
    smash_until: int  # Smash wears off at this box (0: not taken)
    flare: int  # cards the Flare Gun still lights up as Clear
    known: list[str]  # the top cards of the current deck seen with the Remote Camera
    determination: int  # Determination counters (Overkill option)
    sprint: bool  # the card just turned was entered at a sprint (Overkill option)
    mark: list[int]  # Determination: wounds, radiation, venom, items as the card was turned

    def event(self, text: str, cite: str = "", to: str | tuple[str, ...] | None = None) -> None:
        # a name with its own full stop at the end of a sentence ("C.N.E.S.") ends it
        if text.endswith("..") and not text.endswith("..."):
            text = text[:-1]
        super().event(text, cite, to)

    # -- the state contract ----------------------------------------------------------------
    def _decide(self) -> Decision:
        from deadtable.games.chainsaw_warrior.turn import decide

        return decide(self)

    def _apply(self, action_id: str) -> None:
        from deadtable.games.chainsaw_warrior.turn import apply

        apply(self, action_id)

    def _view(self, seat: str) -> dict[str, Any]:
        from deadtable.games.chainsaw_warrior.view import view

        return view(self)

    def _public_view(self) -> dict[str, Any]:
        """A solo game keeps nothing from an onlooker that its warrior knows."""
        return self._view(SEAT)

    def _hidden(self, seat: str) -> dict[str, Any]:
        """For undo: the face-down decks and piles, and what the warrior has seen of them."""
        return {
            "a House card was turned over": [list(deck.cards) for deck in self.decks],
            "a card was seen": [sorted(self.seen), list(self.known)],
            "a Wandering Zombie card was drawn": list(self.wandering.cards),
            "an Equipment card was drawn": {k: list(p.cards) for k, p in self.piles.items()},
        }

    def determinize(self, seat: str, dice: Dice) -> None:
        """Unseen House cards may lie in either deck: deal them anew into the same places;
        every deck's order is unknown; Darkness stays in Deck Two until it is met; the next
        card keeps the back you can see."""
        super().determinize(seat, dice)
        nxt = self.current if self.decks[self.current] else 1
        back = self.data.card(self.decks[nxt].cards[0]).back if self.decks[nxt] else None
        slots = [(d, i) for d, deck in enumerate(self.decks)
                 for i, card in enumerate(deck.cards)
                 if card not in self.seen and card != self.data.darkness]
        # Sorted first: the deal must not depend on where the cards truly lie (Pile.redeal).
        unknown = sorted(self.decks[d].cards[i] for d, i in slots)
        dice.shuffle(unknown)
        for (d, i), card in zip(slots, unknown, strict=True):
            self.decks[d].cards[i] = card
        for deck in self.decks:
            deck.redeal(dice)
        if self.known:  # the Remote Camera's cards stay where it saw them
            deck = self.decks[self.current]
            rest = list(deck.cards)
            for card in self.known:
                rest.remove(card)
            deck.cards = [*self.known, *rest]
        elif back is not None:
            self._keep_top_back(nxt, back, dice)
        self.wandering.redeal(dice)
        for pile in self.piles.values():
            pile.redeal(dice)

    def _keep_top_back(self, nxt: int, back: str, dice: Dice) -> None:
        deck = self.decks[nxt]
        here = [i for i, c in enumerate(deck.cards) if self.data.card(c).back == back]
        if here:
            i = here[dice.below(len(here))]
            deck.cards[0], deck.cards[i] = deck.cards[i], deck.cards[0]
            return
        # The card with that back was dealt to the other deck: trade identities with it.
        other = self.decks[1 - nxt]
        there = [i for i, c in enumerate(other.cards) if self.data.card(c).back == back
                 and c not in self.seen and c != self.data.darkness]
        mine = [i for i, c in enumerate(deck.cards) if c not in self.seen
                and c != self.data.darkness]
        j, k = there[dice.below(len(there))], mine[dice.below(len(mine))]
        other.cards[j], deck.cards[k] = deck.cards[k], other.cards[j]
        deck.cards[0], deck.cards[k] = deck.cards[k], deck.cards[0]

    def _copy_into(self, other: Any) -> None:
        other.data = self.data
        other.warrior = self.warrior.copy()
        other.time = self.time
        other.decks = [d.clone() for d in self.decks]
        other.discards = [d.clone() for d in self.discards]
        other.current = self.current
        other.removed = self.removed.copy()
        other.seen = self.seen.copy()
        other.wandering = self.wandering.clone()
        other.piles = {k: p.clone() for k, p in self.piles.items()}
        other.items = [c.copy() for c in self.items]
        other.field_until = self.field_until
        other.turned = self.turned
        other.free = self.free
        other.phase = self.phase
        other.ctx = self.ctx  # replaced, never mutated
        other.tasks = self.tasks.copy()  # its dicts are never mutated
        other.fight = None if self.fight is None else self.fight.copy()
        other.left_building = self.left_building
        other.exiting = self.exiting
        other.rules = self.rules
        other.smash_until = self.smash_until
        other.flare = self.flare
        other.known = self.known.copy()
        other.determination = self.determination
        other.sprint = self.sprint
        other.mark = self.mark  # replaced, never mutated

    def _data(self) -> dict[str, Any]:
        return {
            "warrior": self.warrior.to_data(),
            "time": self.time,
            "decks": [d.to_data() for d in self.decks],
            "discards": [d.to_data() for d in self.discards],
            "current": self.current,
            "removed": list(self.removed),
            "seen": sorted(self.seen),
            "wandering": self.wandering.to_data(),
            "piles": {k: p.to_data() for k, p in self.piles.items()},
            "items": [c.to_data() for c in self.items],
            "field_until": self.field_until,
            "turned": self.turned,
            "free": self.free,
            "phase": self.phase,
            "ctx": self.ctx,
            "tasks": self.tasks,
            "fight": None if self.fight is None else self.fight.to_data(),
            "left_building": self.left_building,
            "exiting": self.exiting,
            "smash_until": self.smash_until,
            "flare": self.flare,
            "known": list(self.known),
            "determination": self.determination,
            "sprint": self.sprint,
            "mark": list(self.mark),
        }

    def _load(self, data: dict[str, Any]) -> None:
        from deadtable.games.chainsaw_warrior.setup import card_data

        self.data = card_data(self.game.options)
        self.rules = Rules.from_options(self.game.options)
        self.warrior = Warrior.from_data(data["warrior"])
        self.time = data["time"]
        self.decks = [Pile.from_data(d) for d in data["decks"]]
        self.discards = [Pile.from_data(d) for d in data["discards"]]
        self.current = data["current"]
        self.removed = list(data["removed"])
        self.seen = set(data["seen"])
        self.wandering = Pile.from_data(data["wandering"])
        self.piles = {k: Pile.from_data(p) for k, p in data["piles"].items()}
        self.items = [Carried.from_data(c) for c in data["items"]]
        self.field_until = data["field_until"]
        self.turned = data["turned"]
        self.free = data["free"]
        self.phase = data["phase"]
        self.ctx = data["ctx"]
        self.tasks = list(data["tasks"])
        self.fight = None if data["fight"] is None else Fight.from_data(data["fight"])
        self.left_building = data["left_building"]
        self.exiting = data["exiting"]
        self.smash_until = data["smash_until"]
        self.flare = data["flare"]
        self.known = list(data["known"])
        self.determination = data["determination"]
        self.sprint = data["sprint"]
        self.mark = list(data["mark"])
