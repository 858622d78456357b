"""How play runs: pending steps and questions.

A step is a small dict such as {"do": "wz-check", "context": "net"}; its handler runs when the
step reaches the end of `state.tasks`. A handler that needs the player's choice calls `ask`, and
the question's handler takes the chosen action id. Both tables are filled by the modules that
play the rules (house.py, traps.py, fight.py, ...), each naming its own steps."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deadtable.engine.decisions import Action

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

Step = Callable[["ChainsawWarriorState", dict[str, Any]], None]
Options = Callable[["ChainsawWarriorState"], tuple[str, list[Action]]]  # prompt, actions
Answer = Callable[["ChainsawWarriorState", str], None]

STEPS: dict[str, Step] = {}
QUESTIONS: dict[str, tuple[Options, Answer]] = {}


def step(name: str) -> Callable[[Step], Step]:
    def register(handler: Step) -> Step:
        STEPS[name] = handler
        return handler
    return register


def question(name: str, options: Options) -> Callable[[Answer], Answer]:
    def register(answer: Answer) -> Answer:
        QUESTIONS[name] = (options, answer)
        return answer
    return register


def then(state: ChainsawWarriorState, *steps: dict[str, Any]) -> None:
    """Run these steps next, in the order given, before anything already pending."""
    state.tasks = state.tasks + list(reversed(steps))


def ask(state: ChainsawWarriorState, phase: str, **ctx: Any) -> None:
    state.phase = phase
    state.ctx = ctx


def run(state: ChainsawWarriorState) -> None:
    """Play on until the player must choose or the game ends."""
    from deadtable.games.chainsaw_warrior.turn import next_turn

    while state.outcome is None and not state.phase:
        if not state.tasks:
            next_turn(state)
            continue
        task = state.tasks[-1]
        state.tasks = state.tasks[:-1]
        STEPS[task["do"]](state, task)
