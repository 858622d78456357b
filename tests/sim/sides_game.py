"""A throwaway game with several seats in two sides and a secret hand per seat, for testing
everything about seats and sides (simulation, agents per side, hot-seat, the web lobby) before
a real board game exists.

Night Watch: heroes (`hero-1`, `hero-2`) against zombies (`zombie-1`, and `zombie-2` with
`players=4`). Each seat is dealt one card face down from a shuffled deck of eighteen; for
`rounds` rounds each seat in turn draws another card (face down) or stands. Then a seat scores
its hand's total, or 0 if the total is over 12 (bust), and a side scores its best seat's score:
the higher side wins, equal sides draw. A seat's view shows its own hand only, and its log the
cards it drew (a private event); the public view shows how many cards each seat holds. Card
names are long and unusual, so a test can search every output for another seat's cards without
false alarms.
"""

from __future__ import annotations

from typing import Any

import pytest

from deadtable import registry
from deadtable.engine.decisions import Action, Decision
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.options import Option, OptionSet
from deadtable.engine.state import GameState, Outcome

GAME_ID = "night-watch"
MODULE = __name__  # registered by module path, so worker processes can import it too
BUST = 12
ITEMS = ("axe", "flare", "medkit", "pistol", "radio", "rope", "torch", "wrench", "shovel")
# value = 1 + the item's place in ITEMS; two of each, told apart by their suffix
CARDS = tuple(f"{item}-{suffix}" for suffix in ("quartzite", "obsidian") for item in ITEMS)


def card_value(card: str) -> int:
    return 1 + ITEMS.index(card.split("-")[0])


def seats(options: dict[str, Any]) -> tuple[str, ...]:
    zombies = ("zombie-1", "zombie-2")[: options["players"] - 2]
    return ("hero-1", "hero-2", *zombies)


def sides(options: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    all_seats = seats(options)
    return {"heroes": all_seats[:2], "zombies": all_seats[2:]}


def score(hand: list[str]) -> int:
    total = sum(card_value(card) for card in hand)
    return 0 if total > BUST else total


class NightWatchState(GameState):
    __slots__ = ("hands", "deck", "turn", "round")

    hands: dict[str, list[str]]
    deck: list[str]
    turn: int
    round: int

    def _decide(self) -> Decision:
        seat = self.game.seats[self.turn]
        hand = self.hands[seat]
        return Decision.of(
            seat,
            f"Your hand: {', '.join(hand)} (total {sum(map(card_value, hand))}). "
            f"Draw or stand?",
            [Action("draw", "Draw a card face down"), Action("stand", "Stand")],
        )

    def _apply(self, action_id: str) -> None:
        seat = self.game.seats[self.turn]
        if action_id == "draw":
            card = self.deck.pop()
            self.hands[seat].append(card)
            self.event(f"{seat} draws a card.", "Drawing")
            self.event(f"You draw the {card}.", "Drawing", to=seat)  # this seat's alone
        else:
            self.event(f"{seat} stands.")
        self.turn += 1
        if self.turn == len(self.game.seats):
            self.turn = 0
            self.round += 1
            if self.round > self.options["rounds"]:
                self._score()

    def _score(self) -> None:
        scores = {seat: float(score(hand)) for seat, hand in self.hands.items()}
        best = {side: max(scores[s] for s in members) for side, members in self.game.sides.items()}
        self.event(f"Heroes score {best['heroes']:g}, zombies {best['zombies']:g}.")
        if best["heroes"] == best["zombies"]:
            results = dict.fromkeys(self.game.seats, "draw")
        else:
            winner = max(best, key=lambda side: best[side])
            results = {seat: "win" if self.game.side_of(seat) == winner else "loss"
                       for seat in self.game.seats}
        self.finish(Outcome(results, "higher side" if "win" in results.values() else "tie",
                            scores))

    def _view(self, seat: str) -> dict[str, Any]:
        hand = self.hands[seat]
        return {"side": self.game.side_of(seat), "hand": list(hand),
                "total": sum(map(card_value, hand)), **self._public_view()}

    def _public_view(self) -> dict[str, Any]:
        return {"cards_held": {s: len(h) for s, h in self.hands.items()},
                "round": min(self.round, self.options["rounds"]), "deck_left": len(self.deck)}

    def determinize(self, seat: str, dice: Dice) -> None:
        """Deal the cards `seat` cannot see (other hands and the deck) anew."""
        super().determinize(seat, dice)
        unseen = sorted(card for s, hand in self.hands.items() if s != seat for card in hand)
        unseen += sorted(self.deck)
        unseen.sort()  # so the deal does not depend on where the cards really are
        self.dice.shuffle(unseen)
        for other, hand in self.hands.items():
            if other != seat:
                self.hands[other] = [unseen.pop() for _ in hand]
        self.deck = unseen

    def _data(self) -> dict[str, Any]:
        return {"hands": {s: list(h) for s, h in self.hands.items()}, "deck": list(self.deck),
                "turn": self.turn, "round": self.round}

    def _load(self, data: dict[str, Any]) -> None:
        self.hands = {s: list(h) for s, h in data["hands"].items()}
        self.deck = list(data["deck"])
        self.turn = data["turn"]
        self.round = data["round"]

    def _copy_into(self, other: Any) -> None:
        other.hands = {s: list(h) for s, h in self.hands.items()}
        other.deck = list(self.deck)
        other.turn = self.turn
        other.round = self.round


def start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> GameState:
    state = NightWatchState(game, seed, dice, setup)
    deck = list(CARDS)
    dice.shuffle(deck)
    state.hands = {seat: [deck.pop()] for seat in game.seats}
    state.deck = deck
    state.turn = 0
    state.round = 1
    state.event("Each seat is dealt a card face down.")
    return state


SPEC = GameSpec(
    id=GAME_ID,
    name="Night Watch",
    version="1",
    summary="Heroes against zombies, each seat with a hidden hand: a test game for sides.",
    seats=seats,
    sides=sides,
    options=OptionSet([
        Option("players", 4, "how many seats: two heroes and one or two zombies",
               choices=(3, 4)),
        Option("rounds", 2, "how many times each seat may draw", minimum=1, maximum=8),
    ]),
    state_class=NightWatchState,
    start=start,
)


def secrets_of(state: GameState, seat: str) -> set[str]:
    """The cards `seat` holds, which no other seat may see."""
    assert isinstance(state, NightWatchState)
    return set(state.hands[seat])


@pytest.fixture
def night_watch(monkeypatch: pytest.MonkeyPatch) -> str:
    """Make Night Watch the only registered game, for one test. Returns its id."""
    monkeypatch.setattr(registry, "_MODULES", {GAME_ID: MODULE})
    monkeypatch.setattr(registry, "_loaded", {})
    return GAME_ID
