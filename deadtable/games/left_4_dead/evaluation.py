"""How well the survivors stand in an unfinished chapter, for searches that stop short of its
end (GameSpec.evaluate; `mcts:evaluate=true`): a value in [0, 1] for the survivors and its
complement for the infected. Designed, not a rule: what the chapter's end rewards (survivors
standing, not destroyed, close to where they must go), in that order of weight. A search cut
short after a side's turn sees the infected's answer only in what the board threatens: a
survivor next to infected figures is attacked next, and one standing alone while a capturing
special is free is the one it goes for (agent_director.prey), so both cost a little.

Searches call it on sampled worlds, never the live game, so reading the whole state tells the
searching seat nothing it could not have guessed."""

from __future__ import annotations

from deadtable.games.left_4_dead.agent_common import (
    calm_witch,
    captor_of,
    captors,
    friends_near,
    goal_field,
    life_left,
)
from deadtable.games.left_4_dead.combat import life
from deadtable.games.left_4_dead.state import INFECTED, SURVIVORS, Figure, Left4DeadState

DESTROYED, IN_CLOSET, DOWN = 0.0, 0.25, 0.3  # a standing survivor is worth 0.5 to 1
INCAP_COST = 0.1  # each incapacitation used brings the third (destruction) closer
HELD_COST = 0.2  # pinned, ridden, grabbed or on a tongue: down soon unless freed
PROGRESS_WEIGHT = 0.4  # the rest of the value is the team's condition
HALF_WAY = 12.0  # spaces from the goal at which progress counts half
ENGAGED_COST = 0.03  # each infected figure next to a standing survivor: it attacks next
ENGAGED_MOST = 3  # ... counted up to this many (more is as bad: the survivor goes down)
ALONE_COST = 0.1  # no standing teammate near while a capturing special is free to take it
CAPTORS = ("hunter", "smoker", "jockey", "charger")


class Threats:
    """What the infected on the board threaten, read once per evaluation: where the awake
    infected stand, and whether a capturing special is free to take a survivor alone."""

    def __init__(self, state: Left4DeadState) -> None:
        holding = captors(state)
        awake = [f for f in state.infected() if f.space is not None and not calm_witch(f)]
        self.spaces = [f.space for f in awake]
        self.captor_free = any(f.kind in CAPTORS and f.id not in holding for f in awake)

    def cost(self, state: Left4DeadState, figure: Figure) -> float:
        """What a standing, free survivor's place costs it before the infected have moved."""
        assert figure.space is not None
        near = state.board.neighbours[figure.space]
        engaged = sum(1 for s in self.spaces if s in near)
        cost = ENGAGED_COST * min(engaged, ENGAGED_MOST)
        if self.captor_free and not friends_near(state, figure):
            cost += ALONE_COST
        return cost


def survivor_worth(state: Left4DeadState, figure: Figure,
                   threats: Threats | None = None) -> float:
    if figure.space is None:
        return IN_CLOSET if figure.closet else DESTROYED
    if figure.closet:
        return IN_CLOSET
    if figure.down:
        return max(0.0, DOWN - INCAP_COST * figure.incaps)
    health = max(0, life_left(state, figure)) / max(1, life(state, figure))
    worth = 0.5 + 0.5 * health - INCAP_COST * figure.incaps
    if captor_of(state, figure) is not None:
        worth -= HELD_COST
    elif threats is not None:
        worth -= threats.cost(state, figure)
    return max(0.0, worth)


def evaluate(state: Left4DeadState) -> dict[str, float]:
    survivors = state.survivors()
    threats = Threats(state)
    team = sum(survivor_worth(state, f, threats) for f in survivors) / max(1, len(survivors))
    standing = [f.space for f in survivors if f.space is not None and not f.closet
                and not f.down]
    progress = 0.0
    if standing:
        field = goal_field(state)
        mean = sum(min(field[s], 100.0) for s in standing) / len(standing)
        progress = HALF_WAY / (HALF_WAY + mean)
    value = team * (1 - PROGRESS_WEIGHT + PROGRESS_WEIGHT * progress)
    value = min(1.0, max(0.0, value))
    return {SURVIVORS: value, INFECTED: 1.0 - value}
