"""The terminal's `auto`: a person's standing answer to another seat's question in the middle
of a move (engine/standing.py; Psycho Raiders' Road Trap, 16.2: "let the campers' vehicles
drive on"), set and cleared at their own prompt, never shown at anyone else's. While it is in
force the play loop answers the question for them, with the pass, without prompting them (nor
passing the screen to them, hot-seat), and a walk (`go`) goes on past it. It lasts while the
game is played at this terminal: a save keeps the game's actions, not this setting (the web
server keeps it with the game)."""

from __future__ import annotations

from collections.abc import Collection

from rich.console import Console
from rich.text import Text

from deadtable import registry
from deadtable.engine.standing import CHOICES, OFF, Standing, standing_answer
from deadtable.engine.state import GameState

WORD = "auto"


class Standings:
    """The standing answers of the people at this terminal, seat -> Standing."""

    def __init__(self, state: GameState, agents: Collection[str]) -> None:
        self.offer = registry.standing_offer(state.game.spec)
        self.passes = registry.walk_readers(state.game.spec)[1]
        self.people = [s for s in state.game.seats if s not in agents]
        self.kept: dict[str, Standing] = {}

    def offered(self, state: GameState, seat: str) -> bool:
        """Whether `seat` (a person) may set one: the game may ask it such a question."""
        return (self.offer is not None and seat in self.people
                and seat in self.offer.seats(state.game.options))

    def answer(self, state: GameState) -> str | None:
        """The pass to play now for the deciding seat's standing answer in force, or None."""
        return standing_answer(state, self.passes, self.offer, self.kept)

    def now(self, state: GameState, seat: str) -> str:
        """The seat's setting in force: one of CHOICES."""
        kept = self.kept.get(seat)
        assert self.offer is not None
        return kept.until if kept is not None and kept.in_force(self.offer.round(state)) else OFF

    def show(self, console: Console, state: GameState, seat: str) -> None:
        """The dim line under the choices: the setting and how to change it."""
        if not self.offered(state, seat):
            return
        assert self.offer is not None
        now = self.offer.choice_words(self.now(state, seat))
        console.print(Text(f"  {WORD}: answer in advance (now {now}): "
                           f"{' | '.join(f'{WORD} {c}' for c in CHOICES)}", style="dim"),
                      soft_wrap=True)

    def ask(self, console: Console, state: GameState, seat: str, answer: str) -> bool:
        """Handle `auto ...` typed at `seat`'s prompt (True), or leave the answer be."""
        words = answer.strip().lower().split()
        if not words or words[0] != WORD:
            return False
        if not self.offered(state, seat):
            console.print(Text(f"{WORD}: {state.game.spec.name} asks {seat} no question in "
                               f"another seat's move", style="red"), soft_wrap=True)
            return True
        assert self.offer is not None
        if len(words) != 2 or words[1] not in CHOICES:
            for until in CHOICES:
                mark = "*" if until == self.now(state, seat) else " "
                console.print(Text(f" {mark} {WORD} {until}: {self.offer.choice_words(until)}"),
                              soft_wrap=True)
            if len(words) > 1:
                console.print(Text(f"{WORD}: say one of {', '.join(CHOICES)}", style="red"))
            return True
        if words[1] == OFF:
            self.kept.pop(seat, None)
        else:
            self.kept[seat] = Standing(words[1], self.offer.round(state))
        console.print(Text(f"Now {self.offer.choice_words(words[1])}.", style="bold"),
                      soft_wrap=True)
        return True
