"""The terminal's `auto`: a person's standing answers to the questions another seat's play puts
to them (engine/standing.py; Psycho Raiders' Road Trap, 16.2: "let the campers' vehicles drive
on", and the sinister reveal before each campers' turn, 17.21: "not now"), set and cleared at
their own prompt, one per question, never shown at anyone else's: `auto` lists each question's
setting, `auto QUESTION CHOICE` sets one (`auto reveal said`, `auto road-trap round`, `auto
reveal off`). While one is in force the play loop answers its question for them, with the pass,
without prompting them (nor passing the screen to them, hot-seat), and a walk (`go`) goes on
past it. A save (`play --save`) keeps them beside the game's actions and `continue` puts them
back, as the web server keeps them with the game."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from rich.console import Console
from rich.text import Text

from deadtable import registry
from deadtable.engine.standing import (
    CHOICES,
    OFF,
    Standing,
    StandingOffer,
    setting,
    standing_answer,
)
from deadtable.engine.state import GameState

WORD = "auto"


class Standings:
    """The standing answers of the people at this terminal, seat -> question id -> Standing."""

    def __init__(self, state: GameState, agents: Collection[str]) -> None:
        self.offers = registry.standing_offers(state.game.spec)
        self.people = [s for s in state.game.seats if s not in agents]
        self.kept: dict[str, dict[str, Standing]] = {}

    def to_data(self) -> dict[str, dict[str, dict[str, Any]]]:
        """What a save keeps: seat -> question id -> {until, round}."""
        return {seat: {question: standing.to_data() for question, standing in kept.items()}
                for seat, kept in self.kept.items() if kept}

    def load(self, state: GameState, data: object) -> None:
        """Put back what a save kept (to_data()); ValueError, naming what is wrong and what
        would be right, for anything else, and nothing kept then."""
        if not isinstance(data, dict):
            raise ValueError(f"standing answers must be seat -> question -> answer, "
                             f"not {data!r}")
        loaded: dict[str, dict[str, Standing]] = {}
        for seat, answers in data.items():
            offers = {o.id: o for o in self.offered(state, seat)}
            if not offers:
                raise ValueError(f"seat {seat!r} answers no question in advance here (people "
                                 f"who may: {', '.join(self.people) or 'none'})")
            if not isinstance(answers, dict):
                raise ValueError(f"the standing answers of {seat} must be question -> answer, "
                                 f"not {answers!r}")
            for question, kept in answers.items():
                if question not in offers:
                    raise ValueError(f"{seat} has no question {question!r} to answer in "
                                     f"advance; its questions: {', '.join(offers)}")
                if (not isinstance(kept, dict) or set(kept) != {"until", "round"}
                        or not isinstance(kept["round"], int)
                        or isinstance(kept["round"], bool)):
                    raise ValueError(f"the answer of {seat} to {question} must be "
                                     f"{{\"until\": ..., \"round\": N}}, not {kept!r}")
                loaded.setdefault(seat, {})[question] = Standing(kept["until"], kept["round"])
        self.kept = loaded

    def offered(self, state: GameState, seat: str) -> list[StandingOffer]:
        """The questions `seat` (a person) may answer in advance: those the game may ask it."""
        if seat not in self.people:
            return []
        return [o for o in self.offers if seat in o.seats(state.game.options)]

    def answer(self, state: GameState) -> str | None:
        """The pass to play now for the deciding seat's standing answer in force, or None."""
        return standing_answer(state, self.offers, self.kept)

    def now(self, state: GameState, seat: str, offer: StandingOffer) -> str:
        """The seat's setting for `offer` in force: one of CHOICES."""
        return setting(offer, state, self.kept.get(seat))

    def show(self, console: Console, state: GameState, seat: str) -> None:
        """The dim line under the choices: the settings and how to change them."""
        offers = self.offered(state, seat)
        if not offers:
            return
        now = "; ".join(o.choice_words(self.now(state, seat, o)) for o in offers)
        console.print(Text(f"  {WORD}: answer in advance (now {now}): {WORD} "
                           f"{'|'.join(o.id for o in offers)} {'|'.join(CHOICES)}",
                           style="dim"), soft_wrap=True)

    def ask(self, console: Console, state: GameState, seat: str, answer: str) -> bool:
        """Handle `auto ...` typed at `seat`'s prompt (True), or leave the answer be."""
        words = answer.strip().lower().split()
        if not words or words[0] != WORD:
            return False
        offers = self.offered(state, seat)
        if not offers:
            console.print(Text(f"{WORD}: {state.game.spec.name} asks {seat} no question to "
                               f"answer in advance", style="red"), soft_wrap=True)
            return True
        offer = next((o for o in offers if len(words) > 1 and o.id == words[1]), None)
        if offer is None or len(words) != 3 or words[2] not in CHOICES:
            self._list(console, state, seat, offers)
            if len(words) > 1:
                ids = ", ".join(o.id for o in offers)
                console.print(Text(f"{WORD}: say {WORD} QUESTION CHOICE, the question one of "
                                   f"{ids}, the choice one of {', '.join(CHOICES)}",
                                   style="red"), soft_wrap=True)
            return True
        kept = self.kept.setdefault(seat, {})
        if words[2] == OFF:
            kept.pop(offer.id, None)
        else:
            kept[offer.id] = Standing(words[2], offer.round(state))
        console.print(Text(f"Now {offer.choice_words(words[2])}.", style="bold"),
                      soft_wrap=True)
        return True

    def _list(self, console: Console, state: GameState, seat: str,
              offers: list[StandingOffer]) -> None:
        """Each question's choices, its setting marked, and its note."""
        for offer in offers:
            now = self.now(state, seat, offer)
            for until in CHOICES:
                mark = "*" if until == now else " "
                console.print(Text(f" {mark} {WORD} {offer.id} {until}: "
                                   f"{offer.choice_words(until)}"), soft_wrap=True)
            if offer.note:
                console.print(Text(f"   {offer.note}", style="dim"), soft_wrap=True)
