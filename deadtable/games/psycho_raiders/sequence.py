"""Sequence of Play (5): the Event Phase (7), then the campers and their townsfolk, then the
raiders and sinister townsfolk, each character moving and taking one action; the short game's
victory (6.1) is checked after every step."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.engine.state import Outcome
from deadtable.games.psycho_raiders.events import apply_event
from deadtable.games.psycho_raiders.hiding import reveal_sinister
from deadtable.games.psycho_raiders.screaming import REVEAL, reveal_offers
from deadtable.games.psycho_raiders.state import (
    CAMPERS,
    RAIDERS,
    REAL,
    Character,
    PsychoRaidersState,
)

EVENTS = "7 Event Phase"
SEQUENCE = "5 Sequence of Play"
VICTORY = "6.1 Short game"
SHOWN = "12 Hiding, 17.2 Sinister Roll: the sheets shown at the game's end"
PHASE_CITE = {CAMPERS: "5.2 Campers/Town Folk Actions",
              RAIDERS: "5.3 Raiders/Sinister Townspeople Actions"}


@dataclass(slots=True)
class Round(Frame):
    KIND = "round"
    step: str  # event | campers | raiders | end


@dataclass(slots=True)
class Phase(Frame):
    """One side's characters take their turns, each seat choosing which of its own goes next
    (5.2: they may go "simultaneously"; here one after another, in the seat's order); a
    seat's last waiting character goes without the question."""

    KIND = "phase"
    step: str
    side: str
    done: list[str] = field(default_factory=list)
    asked: int = -1  # turns done when the raiders were last asked to reveal (17.21)


class RoundHandler(Handler[PsychoRaidersState, Round]):
    def run(self, state: PsychoRaidersState, frame: Round) -> None:
        if frame.step == "event":
            state.round += 1
            state.bonus = {}
            state.event(f"Turn {state.round}.", SEQUENCE)
            event_phase(state)
            burn_vehicles(state)
            frame.step = CAMPERS
        elif frame.step in (CAMPERS, RAIDERS):
            side = frame.step
            frame.step = RAIDERS if side == CAMPERS else "end"
            state.push(Phase(step="turns", side=side))
        else:
            limit = state.options["max-turns"]
            if state.round >= limit:
                state.finish(Outcome({s: "draw" for s in state.game.seats},
                                     f"dawn: {limit} turns without a victory (designed limit)"),
                             "max-turns option")
                show_secrets(state)
                return
            frame.step = "event"


def ready(state: PsychoRaidersState, char: Character, side: str) -> bool:
    """May act in this phase: in play, alerted before this turn (8.4), on the side."""
    return (state.active(char) and state.side_of(char) == side
            and (char.kind != "townsfolk" or char.alerted_round < state.round))


class PhaseHandler(Handler[PsychoRaidersState, Phase]):
    def _waiting(self, state: PsychoRaidersState, frame: Phase) -> list[Character]:
        """The phase's characters yet to take their turn, found once until something is
        logged (a turn begun, a townsperson revealed: whatever changes who waits logs it),
        for the reveal question, the seat's question and the turn begun unasked."""
        logged = len(state.log)
        known = state.waiting
        if known is not None and known[0] is frame and known[1] == logged:
            return known[2]
        turn, done = state.round, frame.done
        raiders, revealed = frame.side == RAIDERS, state.revealed_sinister
        # ready(), inline (state.active, state.side_of): asked before every turn
        found = [c for c in state.chars.values()
                 if c.turned != turn and c.key not in done and c.tokens and c.alerted
                 and not c.dead and not c.escaped
                 and (c.kind == "raider" or c.key in revealed) == raiders
                 and (c.kind != "townsfolk" or c.alerted_round < turn)]
        state.waiting = (frame, logged, found)
        return found

    def decide(self, state: PsychoRaidersState, frame: Phase) -> Decision | None:
        waiting = self._waiting(state, frame)
        if not waiting:
            return None
        if frame.side == CAMPERS and frame.asked != len(frame.done) and undeclared(state):
            return reveal_decision(state)
        seat = waiting[0].seat
        mine = tuple((c.key, c.name) for c in waiting if c.seat == seat)
        if len(mine) == 1:
            return None  # its one waiting character goes: run() begins its turn
        return _which(seat, mine)

    def apply(self, state: PsychoRaidersState, frame: Phase, action_id: str) -> None:
        from deadtable.games.psycho_raiders.turn import begin_turn

        verb, _, key = action_id.partition(":")
        if verb in ("reveal", "no-reveal"):
            frame.asked = len(frame.done)
            if verb == "reveal":
                reveal_sinister(state, state.chars[key], REVEAL)  # it may act at once
            return
        frame.done.append(key)
        begin_turn(state, state.chars[key])

    def run(self, state: PsychoRaidersState, frame: Phase) -> None:
        """Nobody waits: the phase is over. Or the seat to choose has one character
        waiting: a choice of one is no choice (5.2 "simultaneously if desired": the order
        is the seat's, and with one left there is none), so its turn begins unasked. Who
        waits is public (alerted, revealed, gone), so this tells nobody anything."""
        from deadtable.games.psycho_raiders.turn import begin_turn

        waiting = self._waiting(state, frame)
        if not waiting:
            state.pop()
            return
        char = waiting[0]  # decide() found it its seat's only one
        frame.done.append(char.key)
        begin_turn(state, char, last=True)


@cache
def _which(seat: str, waiting: tuple[tuple[str, str], ...]) -> Decision:
    """The seat's choice of which waiting character goes next, made once (a Decision is
    immutable): the same few recur before every turn."""
    return Decision(seat, "Which of your characters takes its turn?", tuple(
        Action(f"turn:{key}", f"{name} takes a turn", {"verb": "turn", "character": key})
        for key, name in waiting))


def undeclared(state: PsychoRaidersState) -> bool:
    """Whether some townsperson in play has not been revealed sinister: public, so asking
    the raiders tells nobody whether any is (17.21)."""
    revealed = state.revealed_sinister
    # state.active(c), inline: asked before every campers' turn
    return any(c.kind == "townsfolk" and c.key not in revealed and c.alerted and c.tokens
               and not c.dead and not c.escaped for c in state.chars.values())


def reveal_decision(state: PsychoRaidersState) -> Decision:
    """17.21: "A sinister townsfolk can be revealed at any time": before each turn in the
    campers' phase, the raiders' player who plays the revealed townsfolk may reveal one."""
    return _reveal_question(state.chars["spud"].seat, tuple(reveal_offers(state)))


@cache
def _reveal_question(seat: str, reveals: tuple[Action, ...]) -> Decision:
    """reveal_decision's Decision, made once for each seat and reveals open."""
    return Decision(seat, "Before the next campers' turn: reveal a sinister townsperson? "
                    "(17.21)", (*reveals, _NO_REVEAL))


_NO_REVEAL = Action("no-reveal", "Not now", {"verb": "no-reveal"})


def event_phase(state: PsychoRaidersState) -> None:
    """7: the D66 Event Table on the first turn; after it on a D6 of 5-6, or every turn, or
    never, as the `events` option says."""
    mode = state.options["events"]
    if mode == "none":
        return
    if state.round > 1 and mode == "5-6":
        roll = state.dice.d6()
        on = int(state.rules.tables.event_phase["event_on"])
        state.event(f"Event roll: {roll}{'' if roll >= on else ', no event'}.", EVENTS)
        if roll < on:
            return
    d66 = state.dice.d66()
    event = state.rules.tables.event(d66)
    state.event(f"Event {d66}: {event.name}. {event.text}", "D66 Event Table")
    apply_event(state, event.effect, dict(event.numbers), event.weather, event.place)


def burn_vehicles(state: PsychoRaidersState) -> None:
    """15.6 (Player Aid: "While on Fire, roll on the Damage Table"): each burning vehicle
    rolls on the Damage Table in the Event Phase and loses the points (15.3)."""
    from deadtable.games.psycho_raiders.crashes import CarDamage

    for name, car in state.cars.items():
        if car.get("on_fire") and not car["wrecked"] and name in state.vehicles:
            roll = state.dice.d6()
            row = state.rules.tables.dice["damage"].row(roll)
            state.event(f"The {name} burns: Damage Table {roll}: {row['text']}",
                        "15.6 Flame Thrower and Blowtorch")
            if row["damage"]:
                state.push(CarDamage(step="allocate", vehicle=name, amount=int(row["damage"])))


def lowest_d66(state: PsychoRaidersState, chars: list[Character]) -> Character | None:
    """The character rolling lowest on a D66; ties roll again (A-14, `event_phase.ties`)."""
    while len(chars) > 1:
        rolls = {c.key: state.dice.d66() for c in chars}
        state.event("D66: " + ", ".join(f"{state.chars[k].name} {r}" for k, r in rolls.items())
                    + ".", EVENTS)
        low = min(rolls.values())
        chars = [c for c in chars if rolls[c.key] == low]
    return chars[0] if chars else None


def check_victory(state: PsychoRaidersState) -> None:
    """6.1: the campers win when one of theirs leaves the north edge hidden; the raiders and
    sinister townsfolk when every camper is dead."""
    if state.outcome is not None:
        return
    escaped = alive = False  # a camper-side character escaped; a camper lives
    for c in state.chars.values():
        if c.escaped and state.side_of(c) == CAMPERS:
            escaped = True
        if c.kind == "camper" and not c.dead:
            alive = True
    if escaped:
        winner, cause = CAMPERS, "the campers escaped off the north edge"
    elif not alive:
        winner, cause = RAIDERS, "every camper is dead"
    else:
        return
    sides = state.game.sides
    results = {seat: ("win" if side == winner else "loss")
               for side, seats in sides.items() for seat in seats}
    state.finish(Outcome(results, cause), VICTORY)
    show_secrets(state)


def show_secrets(state: PsychoRaidersState) -> None:
    """The game is over: the sheets are turned over (the back of each character sheet with
    its token's number, 12; the Sinister Sheet, 17.2), so every seat's view and log tell which
    token each hidden character was and who was sinister. Nothing is left to keep secret."""
    said = []
    for key, secrets in state.real.items():
        char = state.chars[key]
        real = next((t for t, s in secrets.items() if s.value == REAL), None)
        if char.hidden and real is not None:
            said.append(f"{char.name} was token {real}")
        for secret in secrets.values():
            secret.reveal()
    sinister = [state.chars[k].name for k, s in state.sinister.items() if s.value == "sinister"]
    said.append(f"{' and '.join(sinister)} {'was' if len(sinister) == 1 else 'were'} sinister"
                if sinister else "no townsperson was sinister")
    for secret in state.sinister.values():
        secret.reveal()
    state.event(f"The sheets are shown: {'; '.join(said)}.", SHOWN)
