"""Monte Carlo tree search for any registered game: open-loop UCT over action ids, with a
fresh determinization (the hidden cards and future dice guessed anew) on every iteration, so it
never reads what its seat cannot know.

Rewards: 1 for a win, 0.5 for a draw, 0 for a loss, for the seat that chose at each node.
Rollouts play random legal actions, or another agent (`rollout=heuristic`), to the end or
`depth` steps (an unfinished rollout scores 0.5)."""

from __future__ import annotations

import math

from deadtable.agents.base import Agent, agent_maker, decision_of
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState

REWARD = {"win": 1.0, "draw": 0.5, "loss": 0.0}


class _Node:
    __slots__ = ("visits", "value", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.children: dict[str, _Node] = {}


class MCTSAgent:
    def __init__(
        self,
        seed: int,
        iterations: int = 200,
        c: float = 1.4,
        depth: int = 500,
        rollout: str = "random",
    ) -> None:
        if iterations < 1:
            raise ValueError(f"mcts: iterations must be at least 1, got {iterations}")
        self.dice = Dice(seed)
        self.iterations = iterations
        self.c = c
        self.depth = depth
        self.rollout = rollout
        self._rollout_agent: Agent | None = None

    def act(self, state: GameState) -> str:
        decision = decision_of(state)
        if len(decision.actions) == 1:
            return decision.actions[0].id
        if self.rollout != "random" and self._rollout_agent is None:
            self._rollout_agent = agent_maker(self.rollout, state.game.id)(self.dice.below(1 << 62))
        root = _Node()
        for _ in range(self.iterations):
            sim = state.clone()
            sim.determinize(decision.seat, self.dice)
            self._iterate(root, sim)
        return max(decision.ids, key=lambda a: _visits(root, a))

    def _iterate(self, root: _Node, sim: GameState) -> None:
        path: list[tuple[_Node, str]] = []  # (node reached, seat that chose the move into it)
        node = root
        while (decision := sim.decision) is not None:
            ids = decision.ids
            untried = [a for a in ids if a not in node.children]
            if untried:
                action = untried[self.dice.below(len(untried))]
                child = node.children[action] = _Node()
                path.append((child, decision.seat))
                sim.apply(action)
                break
            action = max(ids, key=lambda a: self._uct(node, node.children[a]))
            node = node.children[action]
            path.append((node, decision.seat))
            sim.apply(action)
        rewards = self._play_out(sim)
        root.visits += 1
        for visited, seat in path:
            visited.visits += 1
            visited.value += rewards.get(seat, 0.5)

    def _uct(self, parent: _Node, child: _Node) -> float:
        mean = child.value / child.visits
        return mean + self.c * math.sqrt(math.log(parent.visits + 1) / child.visits)

    def _play_out(self, sim: GameState) -> dict[str, float]:
        for _ in range(self.depth):
            decision = sim.decision
            if decision is None:
                break
            if self._rollout_agent is not None:
                sim.apply(self._rollout_agent.act(sim))
            else:
                sim.apply(decision.actions[self.dice.below(len(decision.actions))].id)
        if sim.outcome is None:
            return {}
        return {seat: REWARD[result] for seat, result in sim.outcome.results.items()}


def _visits(root: _Node, action: str) -> int:
    child = root.children.get(action)
    return -1 if child is None else child.visits
