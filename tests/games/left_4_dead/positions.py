"""Building Left 4 Dead positions for rules tests: a chapter with no infected on it, figures put
on named spaces, a turn pushed, the next die rolls scripted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deadtable import registry
from deadtable.engine.procedure import Frame
from deadtable.games.left_4_dead.horde import HordeTurn
from deadtable.games.left_4_dead.rounds import SideTurn
from deadtable.games.left_4_dead.spawning import new_figure
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState
from deadtable.games.left_4_dead.survivors import SurvivorTurn

ZOMBIE = "zombies-of-morindan"

# A small test map: a flat lane with a 2-level step, a 6-level cliff and a 16-level tower, water,
# the two safe rooms and every marker the rules need. Cells are "col,row".
SMALL_MAP = """
[map]
name = "Test lane"
kind = "hex"
source = "designed: a small map for rules tests"

[terrain]
a = "asphalt"
c = "concrete"
w = "water"

rows = [
  "a0 a0 a0 a0 a0 a2 a4 c6 c6 c16",
  " a0 a0 a0 w0 a0 a0 a0 a0 a0 a0",
  "a0 a0 a0 a0 a0 a0 a0 a0 a0 a0",
  " a0 a0 a0 a0 a0 a0 a0 a0 a0 a0",
]

[[zone]]
name = "start"
kind = "safe-room"
spaces = ["0,2", "0,3", "1,2", "1,3"]

[[zone]]
name = "end"
kind = "safe-room"
spaces = ["9,2", "9,3"]

[[marker]]
kind = "spawn"
at = "9,1"

[[marker]]
kind = "hero-closet"
at = "5,3"

[[marker]]
kind = "item-location"
at = "6,2"
order = 1

[[marker]]
kind = "witch-location"
at = "7,3"
order = 1

[[marker]]
kind = "horde-start"
at = "8,1"
squad = 1
"""


def small_map(tmp_path: Path) -> str:
    path = tmp_path / "lane.toml"
    path.write_text(SMALL_MAP)
    return str(path)


def empty(seed: int = 1, **options: Any) -> Left4DeadState:
    """A chapter after the safe room's kit-out, before round 1, with no infected on the map."""
    state = registry.load("left-4-dead", **options).new(seed=seed)
    assert isinstance(state, Left4DeadState)
    for figure_id in [f.id for f in state.figures.values() if f.side == "infected"]:
        del state.figures[figure_id]
    state.items_on_map.clear()
    for figure in state.survivors():
        figure.space = None
    state.stack.clear()
    state.round = 1
    return state


def at(state: Left4DeadState, name: str) -> int:
    return state.board.space(name)


def put(state: Left4DeadState, figure_id: str, space: str) -> Figure:
    figure = state.figures[figure_id]
    figure.space = at(state, space)
    return figure


def infected(state: Left4DeadState, kind: str, space: str) -> Figure:
    return new_figure(state, kind, at(state, space))


def script(state: Left4DeadState, *rolls: int) -> None:
    """The next die rolls, in order (d6 combat dice and d20s alike)."""
    state.dice.script = list(reversed(rolls))


def turn(state: Left4DeadState, frame: Frame, side: str = "survivors") -> None:
    """Start `frame` (a survivor's, the horde's or a special's turn) inside its side's turn and
    run to its decision; when it ends, the side chooses again."""
    state.stack.append(SideTurn(side, "1"))
    state.stack.append(frame)
    state._decision = None
    state.settle()


def survivor_turn(state: Left4DeadState, figure_id: str, step: str = "move") -> None:
    figure = state.figures[figure_id]
    figure.acted = True
    from deadtable.games.left_4_dead.movement import move_budget

    turn(state, SurvivorTurn(figure_id, step=step, budget=move_budget(state, figure)))


def horde_turn(state: Left4DeadState) -> None:
    state.horde_acted = True
    turn(state, HordeTurn(), "infected")


def special_turn(state: Left4DeadState, figure_id: str) -> None:
    state.figures[figure_id].acted = True
    turn(state, SpecialTurn(figure_id), "infected")


def ids(state: Left4DeadState) -> list[str]:
    """The actions due; none once the turn under test is over (the stack is empty)."""
    if not state.stack:
        return []
    assert state.decision is not None
    return state.decision.ids


def last_events(state: Left4DeadState, n: int = 5) -> list[str]:
    return [e.text for e in state.log[-n:]]


def place_team(state: Left4DeadState, **spaces: str) -> None:
    """Put each survivor named (bill=..., francis=..., louis=..., zoey=...) on its space."""
    for figure_id, space in spaces.items():
        put(state, figure_id, space)


def choose(agent: Any, state: Left4DeadState) -> str:
    """What an agent decides in this position, from the seat's observation."""
    from deadtable.agents import observe

    return str(agent.act(observe(state)))
