"""The round, in HeroScape's order as the variant plays it.

1. Start of the round: random items appear at the next Item Location (Game Rules: Difficulty).
2. Order markers: each side has one set (1, 2, 3, X) on its one collective card (Survivor Rules
   and Infected Rules: Collective Turn), so placing them chooses nothing: each side takes three
   turns a round (docs/left-4-dead.md, "Order markers").
3. Initiative: each side rolls the d20, ties re-rolled; the higher goes first in each of the
   three turns (HeroScape core rules: Roll for Initiative).
4. Turns 1, 2, 3: each side reveals its marker and takes a collective turn: every one of its
   figures may take a turn, in any order the side chooses.
5. End of the round: the rulebook's end-of-round effects (endofround.py), then spawning.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.left_4_dead import endofround, horde, spawning, survivors
from deadtable.games.left_4_dead.state import INFECTED, SURVIVORS, Left4DeadState

MARKERS = ("1", "2", "3")


@dataclass(slots=True)
class Round(Frame):
    KIND = "round"
    step: str = "start"  # start -> initiative -> turns -> end
    order: list[str] = field(default_factory=list)  # the sides in initiative order
    turn: int = 0  # how many side turns have begun this round (0..6)


@dataclass(slots=True)
class SideTurn(Frame):
    """A side's collective turn under one order marker: its figures act in any order."""

    KIND = "side-turn"
    side: str
    marker: str
    step: str = "choose"


class RoundHandler(Handler[Left4DeadState, Round]):
    def run(self, state: Left4DeadState, frame: Round) -> None:
        if frame.step == "start":
            state.round += 1
            state.event(f"Round {state.round} begins.", "HeroScape core rules: Rounds")
            spawning.round_items(state)
            frame.step = "initiative"
        elif frame.step == "initiative":
            frame.order = initiative(state)
            frame.turn = 0
            frame.step = "turns"
        elif frame.step == "turns":
            if frame.turn == 2 * len(MARKERS):
                frame.step = "end"
                return
            side = frame.order[frame.turn % 2]
            marker = MARKERS[frame.turn // 2]
            frame.turn += 1
            begin_side_turn(state, side, marker)
        elif frame.step == "end":
            endofround.end_of_round(state)
            frame.step = "start"


def initiative(state: Left4DeadState) -> list[str]:
    """Each side rolls the d20; the higher roll goes first; ties roll again."""
    while True:
        survivors, infected = state.dice.d20(), state.dice.d20()
        if survivors != infected:
            break
        state.event(f"Initiative: both sides roll {survivors}; they roll again.",
                    "HeroScape core rules: Roll for Initiative")
    order = [SURVIVORS, INFECTED] if survivors > infected else [INFECTED, SURVIVORS]
    state.event(f"Initiative: survivors {survivors}, infected {infected}: the {order[0]} go "
                "first.", "HeroScape core rules: Roll for Initiative")
    return order


def begin_side_turn(state: Left4DeadState, side: str, marker: str) -> None:
    for figure in state.figures.values():
        if figure.acted and figure.side == side:  # (a horde's figures never act alone)
            figure.acted = False
    state.horde_acted = False
    state.dice.mark()  # a search world's dice: from each side's turn on the same in every world
    state.event(f"The {side} reveal order marker {marker}.",
                "Survivor Rules: Collective Turn" if side == SURVIVORS
                else "Infected Rules: Collective Turn")
    state.push(SideTurn(side, marker))


class SideTurnHandler(Handler[Left4DeadState, SideTurn]):
    """The side picks which figure (or, for the infected, the horde) takes its turn next."""

    def decide(self, state: Left4DeadState, frame: SideTurn) -> Decision | None:
        if frame.side == SURVIVORS:
            options = survivors.who_may_act(state)
        else:
            options = horde.who_may_act(state)
        if not options:
            return None
        side = frame.side

        def build() -> list[Action]:  # made only when read
            return [*(Action(f"turn:{key}", label, {"verb": "turn", "figure": key})
                      for key, label in options),
                    Action("end-turn", f"End the {side}' turn", {"verb": "end"})]

        ids = ["turn:" + key for key, _ in options]
        ids.append("end-turn")
        return Decision.lazy(side, f"Order marker {frame.marker}: who takes a turn?", ids,
                             build)

    def run(self, state: Left4DeadState, frame: SideTurn) -> None:
        state.pop()  # nobody is left to act

    def apply(self, state: Left4DeadState, frame: SideTurn, action_id: str) -> None:
        if action_id == "end-turn":
            state.pop()
            return
        key = action_id.split(":", 1)[1]
        if frame.side == SURVIVORS:
            survivors.begin_turn(state, key)
        else:
            horde.begin_turn(state, key)
