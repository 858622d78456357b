"""ADVANCED TRAINING (Overkill option): "Instead of rolling for your Attributes, you may
distribute 24 points amongst your Attributes", each from its Basic value up to its Maximum.

The points are the player's decisions (`train:<attribute>`, one point, or
`train:<attribute>:<n>`, several at once) until all 24 are spent. Marksman is a die-face scale
(A-05): 1 to 6 is looked up on the Marksmanship table (1 -> -2 ... 6 -> +2). Equipment is the
Equipment Allowance. The skill is still rolled afterwards, and then you kit out as usual."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action
from deadtable.engine.wording import count
from deadtable.games.chainsaw_warrior.flow import ask, question
from deadtable.games.chainsaw_warrior.warrior import Warrior, roll_skill

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

POINTS = 24
# Attribute: (Basic, Maximum), in the table's order.
TABLE: dict[str, tuple[int, int]] = {
    "endurance": (4, 24), "wounds": (8, 18), "hth": (7, 12), "marksman": (1, 6),
    "reflexes": (6, 11), "equipment": (3, 8),
}
NAMES = {"endurance": "Endurance", "wounds": "Wounds", "hth": "HtH", "marksman": "Marksman",
         "reflexes": "Reflexes", "equipment": "Equipment"}


def action_ids() -> list[str]:
    """Every id the training question can offer (for the research encodings)."""
    ids = [f"train:{a}" for a in TABLE]
    for attribute, (basic, maximum) in TABLE.items():
        ids += [f"train:{attribute}:{n}" for n in range(2, min(POINTS, maximum - basic) + 1)]
    return ids


def begin(state: ChainsawWarriorState, kit: bool = True) -> None:
    """The warrior starts at the Basic values; the question asks where each point goes.
    `kit`: kit out afterwards (not when the set-up gives the kit)."""
    values = {a: basic for a, (basic, _) in TABLE.items()}
    state.warrior = Warrior(endurance=0, wounds=0, max_wounds=0, hth=0, reflexes=0,
                            marksmanship=0, skill="", equipment_allowance=0, radiation=0,
                            venom=0, infected=False)
    _show(state, values)
    state.event(f"Advanced Training: {POINTS} points to distribute among your Attributes.",
                cite="Overkill: Advanced Training")
    _ask(state, values, POINTS, kit)


def _show(state: ChainsawWarriorState, values: dict[str, int]) -> None:
    """The tracks on the board follow the points as they are placed."""
    w = state.warrior
    w.endurance, w.hth, w.reflexes = values["endurance"], values["hth"], values["reflexes"]
    w.wounds = w.max_wounds = values["wounds"]  # the initial score is the maximum
    w.marksmanship = state.data.marksmanship[values["marksman"]]
    w.equipment_allowance = values["equipment"]


def _actions(values: dict[str, int], left: int) -> list[Action]:
    actions = []
    for attribute, (_, maximum) in TABLE.items():
        room = min(left, maximum - values[attribute])
        name = NAMES[attribute]
        if room >= 1:
            actions.append(Action(f"train:{attribute}",
                                  f"+1 {name} (now {values[attribute]}, at most {maximum})"))
        for n in range(2, room + 1):
            actions.append(Action(f"train:{attribute}:{n}", f"+{n} {name}"))
    return actions


def _ask(state: ChainsawWarriorState, values: dict[str, int], left: int, kit: bool) -> None:
    while left:
        actions = _actions(values, left)
        if len(actions) > 1:
            ask(state, "train", values=dict(values), left=left, kit=kit)
            return
        left = _place(state, values, left, actions[0].id)  # one way only: taken at once
    _finish(state, values, kit)


def _place(state: ChainsawWarriorState, values: dict[str, int], left: int, action: str) -> int:
    _, attribute, n = (action.split(":") + ["1"])[:3]
    amount = int(n)
    if attribute not in TABLE or not 1 <= amount <= min(left, TABLE[attribute][1]
                                                          - values[attribute]):
        raise ValueError(f"cannot train {attribute} by {amount}")  # pragma: no cover
    values[attribute] += amount
    _show(state, values)
    return left - amount


def _options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    values, left = state.ctx["values"], state.ctx["left"]
    now = ", ".join(f"{NAMES[a]} {v}" for a, v in values.items())
    return (f"Advanced Training: {left} point{'s' if left > 1 else ''} left ({now}).",
            _actions(values, left))


@question("train", _options)
def _answer(state: ChainsawWarriorState, action: str) -> None:
    values = dict(state.ctx["values"])
    left, kit = _place(state, values, state.ctx["left"], action), state.ctx["kit"]
    state.ctx = {}
    _ask(state, values, left, kit)


def _finish(state: ChainsawWarriorState, values: dict[str, int], kit: bool) -> None:
    """All 24 points placed: the skill is rolled as usual, then you kit out with the trained
    Equipment Allowance."""
    from deadtable.games.chainsaw_warrior.building import start_kit

    w = state.warrior
    state.event(f"Trained: Endurance {w.endurance}, Wounds {w.wounds}, HtH {w.hth}, "
                f"Reflexes {w.reflexes}, Marksmanship {w.marksmanship:+d} "
                f"(Marksman {values['marksman']}), Equipment {w.equipment_allowance}.",
                cite="Overkill: Advanced Training")
    for line in roll_skill(state.dice, w):
        state.event(line, cite="Creating Your Warrior: Skills")
    if kit:
        state.event(f"Equipment Allowance: {count(w.equipment_allowance, 'point')}.",
                    cite="Overkill: Advanced Training")
        start_kit(state, w.equipment_allowance)
