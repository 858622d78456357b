"""A person's standing answer to another seat's question in the middle of a move (the game's
pass, GameSpec.passes, engine/reach.py): "auto-pass", as digital card games have it.

Psycho Raiders asks the raiders, after each road hex a campers' vehicle drives from the
second turn, whether to declare Road Trap (16.2). An agent playing the raiders answers at
once, so a campers' walk (`go`, a tap on a far hex) drives on past it; a person is asked at
their own page or prompt. A person may instead set a standing answer: "let it drive on until
I say otherwise" or "for the rest of this round". While it is in force the question is
still asked, by the same rules, and answered for them with the pass, exactly the action they
would have chosen by hand (so the games, their logs and replays are those of a person
answering each time); clearing it, they are asked again.

The standing answer is the person's own setting: it is kept with the game, per seat, and
shown only on that seat's page or prompt. Nothing in another seat's view, reach or log
depends on it (the reach of a walk is searched past every seat's pass, engine/reach.py's
`through`, whoever answers it); what the answers themselves show (the vehicle drove on) the
answers by hand show too.

A game that offers standing answers names them in its GameSpec (`standing`: a
`StandingOffer`): the question's and the answer's words, the seats that may be asked, and
its round, which "for the rest of this round" is counted in.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from deadtable.engine.reach import PassReader
from deadtable.engine.state import GameState

UNTIL_SAID = "said"  # until the person clears it
THIS_ROUND = "round"  # for the rest of the round it was set in
OFF = "off"  # asked each time (no standing answer)
UNTIL = (UNTIL_SAID, THIS_ROUND)
CHOICES = (OFF, THIS_ROUND, UNTIL_SAID)


@dataclass(frozen=True, slots=True)
class StandingOffer:
    """What a game offers (GameSpec.standing)."""

    question: str  # its name, as the rules call it: "Road Trap"
    answer: str  # the pass in words: "Let the campers' vehicles drive on"
    seats: Callable[[Mapping[str, Any]], Collection[str]]  # options -> the seats it may ask
    round: Callable[[GameState], int]  # the round now, as every seat sees it

    def choice_words(self, until: str) -> str:
        """Each choice in words, for a page's menu and the terminal."""
        return {OFF: f"{self.question}: ask me each time",
                THIS_ROUND: f"{self.question}: {self.answer.lower()} for the rest of this round",
                UNTIL_SAID: f"{self.question}: {self.answer.lower()} until I say otherwise",
                }[until]


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's standing answer: until when, and the round it was set in."""

    until: str  # UNTIL_SAID or THIS_ROUND
    round: int

    def __post_init__(self) -> None:
        if self.until not in UNTIL:
            raise ValueError(f"a standing answer lasts {' or '.join(UNTIL)}, not {self.until!r}")

    def in_force(self, round_now: int) -> bool:
        return self.until == UNTIL_SAID or self.round == round_now

    def to_data(self) -> dict[str, Any]:
        return {"until": self.until, "round": self.round}


def standing_answer(state: GameState, passes: PassReader | None, offer: StandingOffer | None,
                    standing: Mapping[str, Standing]) -> str | None:
    """The pass to play now for the deciding seat's standing answer, or None (no such
    question, or that seat's standing answer is not set or no longer in force)."""
    decision = state.decision
    if decision is None or passes is None or offer is None:
        return None
    kept = standing.get(decision.seat)
    if kept is None or not kept.in_force(offer.round(state)):
        return None
    return passes(state)

