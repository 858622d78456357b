"""The table of Last Night on Earth: the town, the heroes and their cards, the zombies, the
decks and the Sun track.

Spaces are the town board's dense integers. A zombie is an id ("zombie-7", or "zombie-becky"
for a Zombie Hero) and its space; the pool is what is left of the 14 miniatures. A hero's items
and weapons lie face up in front of it (both sides see them); its event and townsfolk cards
are in its hand, which only the heroes' seat sees. The Zombie hand only the zombies' seat sees;
nobody sees the order of either deck.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from deadtable.engine.cards import Pile, Visibility
from deadtable.engine.dice import Dice
from deadtable.engine.procedure import Frames, Handler, ProcedureState
from deadtable.games.last_night_on_earth.data import Card, Hero, Scenario, Town

HEROES = "heroes"
ZOMBIES = "zombies"
SEATS = (HEROES, ZOMBIES)


class HeroFigure:
    """One hero in play: where it stands, its wounds, what it carries and holds."""

    __slots__ = ("name", "space", "wounds", "items", "hand", "dead", "faith", "kept_faith")

    def __init__(self, name: str, space: int) -> None:
        self.name = name
        self.space = space
        self.wounds = 0
        self.items: list[str] = []  # weapons and items, face up
        self.hand: list[str] = []  # event and townsfolk cards, hidden from the zombies
        self.dead = False
        self.faith = 0  # extra fight dice from Faith until the end of the turn
        self.kept_faith = False  # a Faith card remaining in play on a Holy hero

    def copy(self) -> HeroFigure:
        other = HeroFigure.__new__(HeroFigure)
        other.name = self.name
        other.space = self.space
        other.wounds = self.wounds
        other.items = list(self.items)
        other.hand = list(self.hand)
        other.dead = self.dead
        other.faith = self.faith
        other.kept_faith = self.kept_faith
        return other

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "space": self.space, "wounds": self.wounds,
                "items": list(self.items), "hand": list(self.hand), "dead": self.dead,
                "faith": self.faith, "kept_faith": self.kept_faith}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> HeroFigure:
        hero = cls(data["name"], data["space"])
        hero.wounds = data["wounds"]
        hero.items = list(data["items"])
        hero.hand = list(data["hand"])
        hero.dead = data["dead"]
        hero.faith = data["faith"]
        hero.kept_faith = data["kept_faith"]
        return hero


class LastNightState(ProcedureState):
    __slots__ = (
        "data", "town", "scenario", "heroes", "zombies", "next_zombie", "hero_deck",
        "hero_discard", "zombie_deck", "zombie_discard", "zombie_hand", "in_play", "turn",
        "kills", "heroes_killed", "fight_card_played", "cornered", "overdrawn", "pits",
        "gas", "targets", "folk", "escort", "saved", "folk_lost", "passed", "zhand2", "zplayer",
        "lost_turns",
        "hero_in_play", "last_fight", "fight_log_end",
    )

    FRAMES: ClassVar[Frames]
    HANDLERS: ClassVar[dict[str, Handler[Any, Any]]]

    data: Any  # setup.GameData: heroes, decks and scenarios as loaded (shared by copies)
    town: Town  # shared by every copy: the town never changes during a game
    scenario: Scenario
    heroes: dict[str, HeroFigure]  # in play order of set-up
    zombies: dict[str, int]  # zombie id -> its space
    next_zombie: int  # the number the next zombie from the pool is named by
    hero_deck: Pile
    hero_discard: Pile
    zombie_deck: Pile
    zombie_discard: Pile
    zombie_hand: Pile
    in_play: list[str]  # Zombie cards that stay in play: "Heavy Rain", "Lights Out (Diner)"
    pits: list[int]  # the spawning pits now: the town's, new ones, less those burned
    gas: list[int]  # gas markers (Gasoline), one entry each
    targets: list[int]  # Burn 'Em Out: the set-up pits still to burn
    folk: dict[str, int]  # Save the Townsfolk: townsfolk token -> its space
    escort: dict[str, str]  # hero -> the townsfolk token it takes along
    saved: int  # townsfolk brought to the Center of Town
    folk_lost: int  # townsfolk killed
    passed: list[str]  # players who let the question now asked pass (seats.py)
    lost_turns: dict[str, str]  # hero -> the Zombie card that makes it lose its next turn
    # Hero cards in play: "Heroic Resolve (Sally)", "Old Betsy (4,18)", "Blocked Windows"
    hero_in_play: list[str]
    zhand2: list[str]  # the part of the Zombie hand zombies-2 holds (zseats.py)
    zplayer: str  # the zombie seat that played the last Zombie card
    turn: int  # the Sun track: turns begun (the game ends after scenario.sun_track)
    kills: int  # zombies killed by the heroes
    heroes_killed: int
    fight_card_played: bool  # the one Fight card of this turn is spent
    cornered: bool  # Cornered is in force until the next Zombie turn begins
    overdrawn: bool  # Oh the Horror!: discard down to hand size at the next turn's start
    # the last fight's public entry (lastfight.py), never changed, so copies share it
    last_fight: dict[str, Any] | None
    fight_log_end: int  # the log's length when the last fight ended

    # -- lookups ----------------------------------------------------------------------------
    @property
    def board(self) -> Any:
        return self.town.board

    def hero(self, name: str) -> Hero:
        return self.data.heroes[name]

    def card(self, name: str) -> Card:
        return self.data.cards[name]

    def living(self) -> list[HeroFigure]:
        return [h for h in self.heroes.values() if not h.dead]

    def zombies_at(self, space: int) -> list[str]:
        return [z for z, s in self.zombies.items() if s == space]

    def heroes_at(self, space: int) -> list[HeroFigure]:
        return [h for h in self.heroes.values() if not h.dead and h.space == space]

    def pool(self) -> int:
        """Zombie miniatures not on the board (Zombie Heroes are not of the 14)."""
        on_board = sum(1 for z in self.zombies if not is_zombie_hero(z))
        return int(self.data.scenarios.game["zombies"]) - on_board

    def seat_of(self, hero: str) -> str:
        """The hero player's seat that plays `hero` (seats.py)."""
        from deadtable.games.last_night_on_earth.seats import seat_of

        return seat_of(self, hero)

    def inside(self, space: int) -> bool:
        return self.town.building_of[space] is not None

    def name(self, space: int) -> str:
        where = self.town.building_of[space]
        return f"{self.board.names[space]} ({where})" if where else self.board.names[space]

    # -- the state contract -------------------------------------------------------------------
    def _view(self, seat: str) -> dict[str, Any]:
        from deadtable.games.last_night_on_earth.view import view

        return view(self, seat)

    def _public_view(self) -> dict[str, Any]:
        from deadtable.games.last_night_on_earth.view import view

        return view(self, None)

    def _hidden(self, seat: str) -> dict[str, Any]:
        """For undo: both decks' order, and the hands of the other seats."""
        hidden: dict[str, Any] = {
            "a Hero card was drawn": list(self.hero_deck.cards),
            "a Zombie card was drawn": list(self.zombie_deck.cards),
        }
        from deadtable.games.last_night_on_earth.zseats import hand_of

        others = [s for s in self.game.sides[ZOMBIES] if s != seat]
        if others:
            hidden["a Zombie card was played or drawn"] = [hand_of(self, s) for s in others]
        hidden["a hero's hand changed"] = {h.name: list(h.hand) for h in self.heroes.values()
                                           if self.seat_of(h.name) != seat}
        return hidden

    def determinize(self, seat: str, dice: Dice) -> None:
        """Deal anew what `seat` cannot see: both decks' order, and the other seats' hands
        from the cards they could be (those hands and their deck together). The hands of the
        seat deciding now stay as they are: its legal actions are on the table (an agent only
        searches when its own seat decides, so this tells it nothing)."""
        decision = self.decision
        deciding = decision.seat if decision is not None else None
        super().determinize(seat, dice)
        self.hero_deck.redeal(dice)
        self.zombie_deck.redeal(dice)
        self._redeal_zombie_hands(seat, deciding, dice)
        others = [h for h in self.heroes.values()
                  if self.seat_of(h.name) not in (seat, deciding)]
        if not others:
            return
        unseen = [c for h in others for c in h.hand] + self.hero_deck.cards
        unseen.sort()
        dice.shuffle(unseen)
        for h in others:
            size = len(h.hand)
            h.hand, unseen = unseen[:size], unseen[size:]
        self.hero_deck.cards = unseen

    def _redeal_zombie_hands(self, seat: str, deciding: str | None, dice: Dice) -> None:
        """The zombie hands `seat` cannot see, dealt anew from those cards and the deck."""
        from deadtable.games.last_night_on_earth.zseats import Z2, hand_of

        players = self.game.sides[ZOMBIES]
        hands = {s: hand_of(self, s) for s in players}
        hidden = [s for s in players if s not in (seat, deciding)]
        if not hidden:
            return
        unseen = [c for s in hidden for c in hands[s]] + self.zombie_deck.cards
        unseen.sort()
        dice.shuffle(unseen)
        for s in hidden:
            size = len(hands[s])
            hands[s], unseen = unseen[:size], unseen[size:]
        self.zombie_deck.cards = unseen
        self.zombie_hand.cards = [c for s in players for c in hands[s]]
        self.zhand2 = list(hands[Z2]) if Z2 in hands else []

    def _data(self) -> dict[str, Any]:
        return {
            "heroes": [h.to_data() for h in self.heroes.values()],
            "zombies": dict(self.zombies),
            "next_zombie": self.next_zombie,
            "hero_deck": list(self.hero_deck.cards),
            "hero_discard": list(self.hero_discard.cards),
            "zombie_deck": list(self.zombie_deck.cards),
            "zombie_discard": list(self.zombie_discard.cards),
            "zombie_hand": list(self.zombie_hand.cards),
            "in_play": list(self.in_play),
            "pits": list(self.pits),
            "gas": list(self.gas),
            "targets": list(self.targets),
            "folk": dict(self.folk),
            "escort": dict(self.escort),
            "saved": self.saved,
            "folk_lost": self.folk_lost,
            "passed": list(self.passed),
            "lost_turns": dict(self.lost_turns),
            "hero_in_play": list(self.hero_in_play),
            "zhand2": list(self.zhand2),
            "zplayer": self.zplayer,
            "turn": self.turn,
            "kills": self.kills,
            "heroes_killed": self.heroes_killed,
            "fight_card_played": self.fight_card_played,
            "cornered": self.cornered,
            "overdrawn": self.overdrawn,
            "last_fight": self.last_fight,
            "fight_log_end": self.fight_log_end,
            "town": {"corners": dict(self.town.corners)},
            "stack": self._stack_data(),
        }

    def _load(self, data: dict[str, Any]) -> None:
        from deadtable.games.last_night_on_earth.setup import game_data, town_for

        self.data = game_data(self.game.options)
        self.scenario = self.data.scenarios.scenarios[self.game.options["scenario"]]
        self.town = town_for(self.game.options, self.scenario, self.seed)
        self.heroes = {h["name"]: HeroFigure.from_data(h) for h in data["heroes"]}
        self.zombies = dict(data["zombies"])
        self.next_zombie = data["next_zombie"]
        make_piles(self, data)
        self.in_play = list(data["in_play"])
        self.pits = list(data["pits"])
        self.gas = list(data["gas"])
        self.targets = list(data["targets"])
        self.folk = dict(data["folk"])
        self.escort = dict(data["escort"])
        self.saved = data["saved"]
        self.folk_lost = data["folk_lost"]
        self.passed = list(data["passed"])
        self.lost_turns = dict(data["lost_turns"])
        self.hero_in_play = list(data["hero_in_play"])
        self.zhand2 = list(data["zhand2"])
        self.zplayer = data["zplayer"]
        self.turn = data["turn"]
        self.kills = data["kills"]
        self.heroes_killed = data["heroes_killed"]
        self.fight_card_played = data["fight_card_played"]
        self.cornered = data["cornered"]
        self.overdrawn = data["overdrawn"]
        self.last_fight = data.get("last_fight")  # saves from before it: none yet
        self.fight_log_end = data.get("fight_log_end", 0)
        self._load_stack(data["stack"])
        if "fight_log_end" not in data:  # a save from before the last fight's entry
            from deadtable.games.last_night_on_earth.lastfight import place_saved

            place_saved(self)

    def _copy_into(self, other: Any) -> None:
        other.data = self.data
        other.town = self.town
        other.scenario = self.scenario
        other.heroes = {k: h.copy() for k, h in self.heroes.items()}
        other.zombies = dict(self.zombies)
        other.next_zombie = self.next_zombie
        other.hero_deck = self.hero_deck.clone()
        other.hero_discard = self.hero_discard.clone()
        other.zombie_deck = self.zombie_deck.clone()
        other.zombie_discard = self.zombie_discard.clone()
        other.zombie_hand = self.zombie_hand.clone()
        other.in_play = list(self.in_play)
        other.pits = list(self.pits)
        other.gas = list(self.gas)
        other.targets = list(self.targets)
        other.folk = dict(self.folk)
        other.escort = dict(self.escort)
        other.saved = self.saved
        other.folk_lost = self.folk_lost
        other.passed = list(self.passed)
        other.lost_turns = dict(self.lost_turns)
        other.hero_in_play = list(self.hero_in_play)
        other.zhand2 = list(self.zhand2)
        other.zplayer = self.zplayer
        other.turn = self.turn
        other.kills = self.kills
        other.heroes_killed = self.heroes_killed
        other.fight_card_played = self.fight_card_played
        other.cornered = self.cornered
        other.overdrawn = self.overdrawn
        other.last_fight = self.last_fight
        other.fight_log_end = self.fight_log_end
        self._copy_stack(other)


def make_piles(state: LastNightState, cards: dict[str, list[str]]) -> None:
    """The five piles from their cards (top first)."""
    state.hero_deck = Pile("Hero deck", cards["hero_deck"])
    state.hero_discard = Pile("Hero discard pile", cards["hero_discard"], Visibility.OPEN)
    state.zombie_deck = Pile("Zombie deck", cards["zombie_deck"])
    state.zombie_discard = Pile("Zombie discard pile", cards["zombie_discard"],
                                Visibility.OPEN)
    state.zombie_hand = Pile("Zombie hand", cards["zombie_hand"], Visibility.OWNER, ZOMBIES)


@cache  # a few dozen figure ids, asked for on every hot path
def is_zombie_hero(zombie: str) -> bool:
    return not zombie.split("-", 1)[1].isdigit()
