"""Screaming, Walkie Talkies, Alerting Townsfolk (8), visiting them at home (4.3), and the
raiders revealing a sinister townsperson (17.21)."""

from __future__ import annotations

from functools import cache

from deadtable.engine.decisions import Action
from deadtable.games.psycho_raiders import hiding, rerolls
from deadtable.games.psycho_raiders.geometry import distance
from deadtable.games.psycho_raiders.state import CAMPERS, RAIDERS, Character, PsychoRaidersState

SCREAM = "8.1 Screaming"
WALKIE = "8.2 Walkie Talkies"
ALERT = "8.4 Alerted Townsfolk"
VISIT = "4.3 Characters"
REVEAL = "17.21 Sinister Characters"
VERBS = ("scream", "walkie", "reveal")


def waiting(state: PsychoRaidersState) -> list[Character]:
    return [c for c in state.chars.values()
            if c.kind == "townsfolk" and not c.alerted and not c.dead and c.tokens]


def offers(state: PsychoRaidersState, char: Character) -> list[Action]:
    if state.side_of(char) == CAMPERS:
        return [_SCREAM]
    if any(state.is_sinister(c) for c in waiting(state)):
        return [_WALKIE]
    return []


_SCREAM = Action("scream", "Scream (8.1; reveals you if hidden, 12.4)", {"verb": "scream"})
_WALKIE = Action("walkie", "Walkie-talkie the sinister townsfolk (8.2)", {"verb": "walkie"})


def reveal_offers(state: PsychoRaidersState) -> list[Action]:
    sinister, revealed = state.sinister, state.revealed_sinister
    return [_reveal_action(c.key, c.name)  # state.is_sinister(c), inline
            for c in state.chars.values() if c.key in sinister and c.alerted and not c.dead
            and sinister[c.key].value == "sinister" and c.key not in revealed]


@cache
def _reveal_action(key: str, name: str) -> Action:
    return Action(f"reveal:{key}", f"Reveal that the {name} is sinister (17.21)",
                  {"verb": "reveal", "character": key})


def apply(state: PsychoRaidersState, char: Character, verb: str, rest: str) -> None:
    if verb == "scream":
        scream(state, char)
    elif verb == "walkie":
        state.event(f"{char.name} speaks into a walkie-talkie.", WALKIE)
        for other in waiting(state):
            if state.is_sinister(other):
                alert(state, other, WALKIE)
                hiding.reveal_sinister(state, other, WALKIE)
    else:
        hiding.reveal_sinister(state, state.chars[rest], REVEAL)


def scream(state: PsychoRaidersState, char: Character, reveal: bool = True) -> None:
    """8.1: the Scream Table, for townsfolk at most 15 hexes from the screamer."""
    if char.hidden and reveal:
        hiding.reveal(state, char, hiding.SCREAM_HIDDEN)
    rerolls.roll_table(state, char, "scream", "", "Scream Table", SCREAM)


@rerolls.resolver("scream")
def scream_result(state: PsychoRaidersState, char: Character, roll: int, _arg: str) -> None:
    here = state.space_of(char)
    assert here is not None
    table = state.rules.tables.dice["scream"]
    row, said = table.read(roll, state.weather)
    who = char.name if not char.hidden else "A camper, far off,"
    state.event(f"{who} screams! Scream Table: {said}: {row['text']}", SCREAM)
    reach = state.rules.numbers["scream_range"]
    near = sorted((d, c.key) for c in waiting(state)
                   if (d := distance(state.board, here, state.space_of(c) or here)) is not None
                   and d <= reach)
    if row["result"] == "nearest" and near:
        near = near[:1]
    elif row["result"] != "all":
        near = []
    for _d, key in near:
        alert(state, state.chars[key], SCREAM)


def alert(state: PsychoRaidersState, char: Character, cite: str) -> None:
    """8.4: the townsperson joins the campers' side (until revealed sinister) and acts from
    the next turn, played by the seat 17 gives the townsfolk; one revealed sinister before
    it was alerted (the church bell, D66 14) stays the raiders' (17.21: "for the rest of the
    game"). A character joins the game: the looks kept at the table (turn.py) no longer see
    everyone, and a scream's lines, which carry a look, log it: they are forgotten."""
    state.forget_looks()
    char.alerted = True
    char.alerted_round = state.round
    if char.key in state.revealed_sinister:
        state.event(f"{char.name} is alerted and joins the game, on the raiders' side.",
                    cite)
        return
    seats = townsfolk_seats(state)
    order = sum(1 for c in state.chars.values() if c.kind == "townsfolk" and c.alerted) - 1
    char.seat = seats[order % len(seats)] if seats else char.seat
    for secret in state.real[char.key].values():
        secret.owners = (char.seat,)
    state.event(f"{char.name} is alerted and joins the game.", cite)


def townsfolk_seats(state: PsychoRaidersState) -> list[str]:
    """The seats 17 gives the townsfolk, in order."""
    return [s for s in state.game.seats if s.split("-")[-1] == "townsfolk"
            or s.startswith("townsfolk") or s == CAMPERS]


def visit(state: PsychoRaidersState, char: Character) -> None:
    """4.3: a character who comes to a townsperson's space alerts them."""
    if char.kind == "townsfolk":
        return
    here = state.space_of(char)
    for other in waiting(state):
        if state.space_of(other) == here:
            alert(state, other, VISIT)


__all__ = ["RAIDERS"]
