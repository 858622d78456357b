"""A person's standing answers to questions another seat's play puts to them, each answered by
its pass (the choice that lets play go on): "auto-pass", as digital card games have it.

Psycho Raiders asks the raiders two such questions. After each road hex a campers' vehicle
drives from the second turn, whether to declare Road Trap (16.2; the pass "let it drive on"),
and before each campers' turn, once a townsperson is in play, whether to reveal a sinister
townsperson (17.21; the pass "not now"). An agent playing the raiders answers at once; a person
is asked at their own page or prompt, again and again. A person may instead set a standing
answer to each question: "answer with the pass until I say otherwise" or "for the rest of this
round". While it is in force the question is still asked, by the same rules, and answered for
them with the pass, exactly the action they would have chosen by hand (so the games, their logs
and replays are those of a person answering each time); clearing it, they are asked again.

A standing answer answers its question whenever it is asked, whatever else the seat could
choose there: it never waits for a question where the pass is the one choice, nor answers only
those (the timing would tell the other seats what the choices were: whether the raiders hold a
sinister townsperson to reveal). To choose otherwise, the person clears it first.

Each standing answer is the person's own setting: it is kept with the game, per seat and per
question, and shown only on that seat's page or prompt. Nothing in another seat's view, reach
or log depends on it (the reach of a walk is searched past every seat's pass, engine/reach.py's
`through`, whoever answers it); what the answers themselves show (the vehicle drove on) the
answers by hand show too.

A game that offers standing answers names them in its GameSpec (`standing`: a tuple of
`StandingOffer`): each question's id and words, its pass reader, the seats it may ask, and its
round, which "for the rest of this round" is counted in.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
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
    """One question a game lets a person answer in advance (GameSpec.standing)."""

    id: str  # how requests and the terminal name it: "road-trap" (POST /standing, `auto`)
    question: str  # its name, as the rules call it: "Road Trap"
    answer: str  # the pass in words: "Let the campers' vehicles drive on"
    # state -> the pass's action id where the deciding seat is asked this question, else None
    passes: PassReader
    seats: Callable[[Mapping[str, Any]], Collection[str]]  # options -> the seats it may ask
    round: Callable[[GameState], int]  # the round now, as every seat sees it
    note: str = ""  # what else the person should know, shown with the choices

    def choice_words(self, until: str) -> str:
        """Each choice in words, for a page's menu and the terminal."""
        return {OFF: f"{self.question}: ask me each time",
                THIS_ROUND: f"{self.question}: {self.answer.lower()} for the rest of this round",
                UNTIL_SAID: f"{self.question}: {self.answer.lower()} until I say otherwise",
                }[until]


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's standing answer to one question: until when, and the round it was set in."""

    until: str  # UNTIL_SAID or THIS_ROUND
    round: int

    def __post_init__(self) -> None:
        if self.until not in UNTIL:
            raise ValueError(f"a standing answer lasts {' or '.join(UNTIL)}, not {self.until!r}")

    def in_force(self, round_now: int) -> bool:
        return self.until == UNTIL_SAID or self.round == round_now

    def to_data(self) -> dict[str, Any]:
        return {"until": self.until, "round": self.round}


# seat -> question id -> its standing answer
Kept = Mapping[str, Mapping[str, Standing]]


def check_offers(offers: Sequence[StandingOffer]) -> tuple[StandingOffer, ...]:
    """The offers, as a tuple, refused (ValueError) where two share an id or an id could not
    be typed as one word (`auto ID CHOICE` at the terminal) or is a choice's name."""
    ids = [offer.id for offer in offers]
    for found in ids:
        if not found or found != found.strip().lower() or " " in found or found in CHOICES:
            raise ValueError(f"a standing question's id is one lower-case word and no choice's "
                             f"name ({', '.join(CHOICES)}), not {found!r}")
    if len(set(ids)) != len(ids):
        raise ValueError(f"two standing questions share an id: {ids}")
    return tuple(offers)


def setting(offer: StandingOffer, state: GameState, kept: Mapping[str, Standing] | None) -> str:
    """A seat's setting for `offer` in force now (`kept`: that seat's standing answers): one
    of CHOICES (OFF where it is not set or has lapsed with its round)."""
    found = None if kept is None else kept.get(offer.id)
    return found.until if found is not None and found.in_force(offer.round(state)) else OFF


def asked(state: GameState, offers: Sequence[StandingOffer]) -> StandingOffer | None:
    """The offer whose question the decision now is, or None."""
    if state.decision is None:
        return None
    return next((offer for offer in offers if offer.passes(state) is not None), None)


def standing_answer(state: GameState, offers: Sequence[StandingOffer],
                    standing: Kept) -> str | None:
    """The pass to play now for the deciding seat's standing answer, or None (the decision is
    none of the offers' questions, or that seat's standing answer to it is not set or no
    longer in force). It answers whatever else the seat could choose (the module's words)."""
    decision = state.decision
    if decision is None or not offers:
        return None
    kept = standing.get(decision.seat)
    if not kept:
        return None
    for offer in offers:
        found = kept.get(offer.id)
        if found is not None and found.in_force(offer.round(state)):
            answer = offer.passes(state)
            if answer is not None:
                return answer
    return None
