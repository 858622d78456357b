"""Questions with one answer are not asked (5.2, 5.3): a seat's last waiting character's turn
begins without "which of your characters", and a turn with nothing left but its end ends by
itself, saying so. Two waiting, or an end with company, are still asked; and a turn never ends
by itself where the company it might have had hangs on a secret (a hidden character's real
token, who is sinister), so ending it tells nobody anything."""

from __future__ import annotations

from typing import Any

import pytest

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.dice import Dice, derive_seed
from deadtable.games.psycho_raiders import turn
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.state import CAMPERS, RAIDERS, PsychoRaidersState
from deadtable.games.psycho_raiders.turn import Turn, TurnHandler
from tests.games.psycho_raiders.table import (
    new,
    park_everyone,
    put,
    quiet_hex,
    script,
    take_turn,
)

WHICH = "Which of your characters takes its turn?"
LAST = "({} has no other character waiting)"


def _lines(state: PsychoRaidersState, seat: str) -> list[tuple[str, Any]]:
    return [(e["text"], e.get("why")) for e in state.view(seat)["log"]]


def test_the_last_waiting_character_of_a_seat_takes_its_turn_unasked() -> None:
    state = new()
    assert state.decision is not None and state.decision.prompt == WHICH
    assert state.decision.ids == ["turn:randy", "turn:ginger", "turn:dawn"]
    state.apply("turn:ginger")
    state.apply("end")
    assert state.decision.prompt == WHICH  # two wait: still the seat's choice
    assert state.decision.ids == ["turn:randy", "turn:dawn"]
    state.apply("turn:dawn")
    state.apply("end")
    # Randy alone waits: his turn has begun, nobody asked
    assert state.decision.seat == CAMPERS
    assert state.decision.prompt == "Randy: move and take one action"
    assert "turn:randy" not in state.history
    line = f"Randy's turn {LAST.format('seat campers')}."
    for seat in state.game.seats:  # who waits is public: every seat reads the same line
        assert (line, "5.2 Campers/Town Folk Actions") in _lines(state, seat)
    state.apply("end")
    # the raiders' phase: four to choose from, then three, two, and the last unasked
    for left in ("spud", "beau", "fluke"):
        assert state.decision.prompt == WHICH and f"turn:{left}" in state.decision.ids
        state.apply(f"turn:{left}")
        state.apply("end")
    assert state.decision.prompt == "Torch: move and take one action"
    assert "turn:torch" not in state.history
    assert (f"Torch's turn {LAST.format('seat raiders')}.",
            "5.3 Raiders/Sinister Townspeople Actions") in _lines(state, CAMPERS)


def test_the_reveal_question_still_comes_before_the_last_campers_turn() -> None:
    """17.21: the raiders are asked before every campers' turn, the unasked one too."""
    state = new(sinister=(2, 1, 6))  # the Gravedigger is sinister
    gravedigger = state.chars["gravedigger"]
    gravedigger.alerted, gravedigger.alerted_round, gravedigger.seat = True, 0, CAMPERS
    for key in ("ginger", "dawn", "gravedigger"):
        state.apply(f"turn:{key}")
        state.apply("end")
        assert state.decision.seat == RAIDERS and "no-reveal" in state.decision.ids
        state.apply("no-reveal")
    assert state.decision.prompt == "Randy: move and take one action"
    assert "turn:randy" not in state.history


def _ginger_spent(will: int = 0, adrenaline: bool = False) -> PsychoRaidersState:
    """Ginger alone on a quiet hex, screamed (no one hears) and searched, then walked west
    until her Speed is spent, always taking the last move offered."""
    state = new()
    park_everyone(state)
    put(state, "ginger", quiet_hex(state))
    state.chars["ginger"].will = will
    if not adrenaline:
        state.abilities_used.append("camper:adrenaline")  # one per side: none left
    take_turn(state, "ginger")
    script(state, 1)  # the Scream Table: no one hears
    for action in ("scream", "search"):
        state.apply(action)
        if state.decision is not None and "keep" in state.decision.ids:
            state.apply("keep")  # her Will would re-roll the roll (4.51)
    return _walk_out(state, "Ginger")


def _walk_out(state: PsychoRaidersState, name: str) -> PsychoRaidersState:
    """`name` takes the last move offered until no move is, or its turn is over."""
    while (decision := state.decision) is not None and decision.prompt.startswith(name):
        moves = [i for i in decision.ids if i.startswith("move:")]
        if not moves:
            break
        state.apply(moves[-1])
    return state


def test_a_turn_with_nothing_left_but_its_end_ends_by_itself(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _ginger_spent()
    assert "end" not in state.history
    assert state.history[-1].startswith("move:")  # her last step ended her turn
    assert [(e.text, e.cite) for e in state.log[-2:]] == [
        ("Ginger moves to 10,0.", "10.3 Character Movement"),
        ("Ginger has nothing left to do: the turn ends.", "5.2 Campers/Town Folk Actions")]
    assert not any(isinstance(f, Turn) for f in state.stack)
    assert state.decision is not None and state.decision.prompt == WHICH
    assert state.decision.ids == ["turn:randy", "turn:dawn"]
    # the look that ended the turn carries to the next, as a chosen end's does
    turned: list[str] = []
    carry = Glance.turned

    def counted(seen: Glance, state: PsychoRaidersState, char: Any) -> Glance:
        turned.append(char.key)
        return carry(seen, state, char)

    monkeypatch.setattr(Glance, "turned", counted)
    state.apply("turn:dawn")
    assert state.decision is not None and state.decision.prompt.startswith("Dawn")
    assert turned == ["dawn"]


@pytest.mark.parametrize(("will", "adrenaline", "company"), [
    (1, False, ["will:1"]),
    (0, True, [f"adrenaline:1:{n}" for n in range(1, 6)]),
])
def test_an_end_with_company_is_still_asked(will: int, adrenaline: bool,
                                           company: list[str]) -> None:
    state = _ginger_spent(will, adrenaline)
    decision = state.decision
    assert decision is not None and decision.prompt == "Ginger: move and take one action"
    assert decision.ids == [*company, "end"]
    assert not any("nothing left" in e.text for e in state.log)


def _spud_spent(state: PsychoRaidersState) -> PsychoRaidersState:
    """Spud alone on a quiet hex with no Will and the raiders' ability used, the campers'
    phase over; he searches and walks west until his Speed is spent."""
    park_everyone(state)
    put(state, "spud", quiet_hex(state))
    state.chars["spud"].will = 0
    state.abilities_used.append("raider:appear-anywhere")  # one per side: none left
    while (decision := state.decision) is not None and (
            decision.seat == CAMPERS or "no-reveal" in decision.ids):
        ids = decision.ids
        state.apply("no-reveal" if "no-reveal" in ids else "end" if "end" in ids
                    else next(i for i in ids if i.startswith("turn:")))
    take_turn(state, "spud")
    state.apply("search")
    return _walk_out(state, "Spud")


@pytest.mark.parametrize("sinister", [(2, 1, 6), (2, 1, 1)])  # the Gravedigger, or nobody
def test_a_raider_is_asked_while_an_alerted_townsperson_may_be_sinister(
        sinister: tuple[int, ...]) -> None:
    """The raiders may reveal a sinister townsperson on their turn (17.21): an end that the
    Gravedigger's reveal might keep company is asked whether or not he is sinister, so the
    campers learn nothing from it."""
    state = new(sinister=sinister)
    gravedigger = state.chars["gravedigger"]
    gravedigger.alerted, gravedigger.alerted_round, gravedigger.seat = True, 0, CAMPERS
    state = _spud_spent(state)
    decision = state.decision
    assert decision is not None and decision.prompt == "Spud: move and take one action"
    sinister_now = sinister[-1] == 6
    assert decision.ids == (["reveal:gravedigger", "end"] if sinister_now else ["end"])


def test_a_raider_with_nothing_left_and_no_townsperson_to_hide_behind_ends_unasked() -> None:
    state = new()
    for char in state.chars.values():
        if char.kind == "townsfolk":
            char.dead = True  # nobody left who might be sinister
    state = _spud_spent(state)
    assert state.log[-1].text == "Spud has nothing left to do: the turn ends."
    assert state.log[-1].cite == "5.3 Raiders/Sinister Townspeople Actions"
    assert state.decision is not None and state.decision.prompt == WHICH


def _worlds(state: PsychoRaidersState, seat: str) -> list[PsychoRaidersState]:
    """Worlds `seat` cannot tell from this one: dealt anew what it cannot know (which token
    is real, who is sinister: determinize), and, for a seat that is not the raiders', each
    living townsperson not revealed with its loyalty turned (the count rolled is secret
    too, 17.2)."""
    found = []
    for n in range(3):
        world = state.clone()
        assert isinstance(world, PsychoRaidersState)
        world.determinize(seat, Dice(derive_seed(5, n)))
        found.append(world)
    if not any(state.chars[k].seat == seat for k in ("spud", "beau", "fluke", "torch")):
        for key, secret in state.sinister.items():
            if key not in state.revealed_sinister and not state.chars[key].dead:
                world = state.clone()
                assert isinstance(world, PsychoRaidersState)
                world.sinister[key].value = "loyal" if secret.value == "sinister" else "sinister"
                found.append(world)
    return found


@pytest.mark.parametrize("players", [2, 5])
def test_whether_a_turn_ends_unasked_is_the_same_in_every_world_another_seat_imagines(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every time a turn of random games has nothing to offer but its end, each seat that
    does not play the character sees the same in every world it cannot tell from this one
    (_worlds): ended unasked, or asked."""
    found: list[tuple[PsychoRaidersState, str]] = []
    company = turn._secret_company

    def recorded(state: PsychoRaidersState, frame: Turn, char: Any, side: str) -> bool:
        found.append((state.clone(), char.seat))  # type: ignore[arg-type]
        return company(state, frame, char, side)

    monkeypatch.setattr(turn, "_secret_company", recorded)
    game = registry.load("psycho-raiders", players=players)
    for n in range(3):
        state = game.new(seed=derive_seed(11, n))
        agents = {seat: agent_maker("random", game.id)(derive_seed(11, n, 1 + k))
                  for k, seat in enumerate(game.seats)}
        while (decision := state.decision) is not None:
            state.apply(agents[decision.seat].act(observe(state)))
    monkeypatch.setattr(turn, "_secret_company", company)
    verdicts: dict[tuple[str, bool], int] = {}
    handler = TurnHandler()
    for state, owner in found[::max(1, len(found) // 80)]:
        frame = state.stack[-1]
        assert isinstance(frame, Turn)
        state.forget_looks()
        unasked = handler.decide(state, frame) is None
        side = state.side_of(state.chars[frame.char])
        verdicts[side, unasked] = verdicts.get((side, unasked), 0) + 1
        for seat in state.game.seats:
            if seat != owner:
                for world in _worlds(state, seat):
                    world.forget_looks()
                    assert (handler.decide(world, world.stack[-1]) is None) == unasked, (
                        seat, frame.char, state.history[-3:])
    # met often: campers' turns ended unasked, raiders' asked for a secret's sake
    assert verdicts.get((CAMPERS, True), 0) >= 10 and verdicts.get((RAIDERS, False), 0) >= 10
