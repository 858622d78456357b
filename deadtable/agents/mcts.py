"""Monte Carlo tree search for any registered game: open-loop information-set UCT over action
ids. Every iteration plays on a fresh forward model from `Observation.sample` (the hidden cards
and the future dice dealt anew from the agent's own dice), so it never reads what its seat
cannot know, and chance is handled by sampling.

Budget: `iterations` (tree descents from the root), and `calls` (forward-model steps, i.e.
actions applied on sampled games, in the tree and in rollouts; 0 means no such limit). Search
stops at whichever runs out first, after at least one iteration.

Rewards: 1 for a win, 0.5 for a draw, 0 for a loss, for the seat that chose at each node.
Rollouts play random legal actions, or a copy of another agent (`rollout=heuristic`) for
each rollout, to the end or `depth` steps (an unfinished rollout scores 0.5, or what the
game's own evaluation says with `evaluate=true`: GameSpec.evaluate). `rollout=lineup` plays
each seat with the game's own agent for it (GameSpec.lineup: Left 4 Dead's survivors'
heuristic and director), for games where no one agent plays every seat.

`guide=true` (with an agent rollout) expands the rollout agent's own choice first at every
node, so a small budget starts from the agent's line of play instead of from random moves.

`paired=true` is flat Monte Carlo on common random numbers, a one-step improvement of the
rollout policy: each iteration samples one world (a determinization and a rollout seed) and
plays every root action still in the race in it, each followed by a rollout, so two actions
are compared on the same cards and dice and much of the luck cancels. It keeps the rollout
agent's own choice unless another action's mean paired advantage over it exceeds `margin`
standard errors (0: any advantage). Worlds are played in rounds of `batch` (default: all
`iterations` in one round); after each round a challenger leaves the race once it surely
(by `margin` standard errors) cannot beat the rollout agent's choice by `tolerance`, or once
it clearly beats it; the search stops when no challenger is left. So the budget goes to the
decisions where the actions really differ, and a decision where they do not costs a round or
two. `prune=true` also drops every action that falls `margin` standard errors behind the
race's leader, and races until one action is left: much cheaper with many actions (an
equipment pick), but measured weaker at One Against the Dead (docs/analysis.md).

`sync=true` synchronises each world's dice (Dice.synchronise): from the game's next fixed
point on (a move, a card turned over) every action's rollout rolls the same dice, however
many each used before, so the paired differences measure the actions more than their luck
and the race settles in fewer worlds.

`widest=N` (with an agent rollout) plays the rollout agent's own choice, unsearched, at every
decision with more than N legal actions: a search among 30 cards costs 30 rollouts per world,
and a game's heuristic may already choose such things well.

`narrowest=N` (with an agent rollout) likewise plays the rollout agent's own choice at every
decision with fewer than N legal actions: where the agent's small choices are as good as any
(Chainsaw Warrior), the budget goes to the wide ones alone.

`halving=N` (with `paired=true` and an agent rollout) searches every decision with more than
N legal actions (and not more than `widest`, if set) by sequential halving instead of the
race. In rounds of fresh worlds, every action still in is played in the same worlds and the
worse half of the challengers leaves, each round with twice the worlds of the one before
and the last with half of `iterations`, until one challenger is left. It and the rollout
agent's choice are then played in `final` more worlds (default: `iterations`), and the
challenger is taken only if it beats that choice there by `margin` standard errors: on
worlds that had no part in choosing it, so that the best of 30 cards is not taken for its
luck in the worlds that picked it. Among 30 cards that costs about 10 rollouts per card
before the final, where the race plays each card in every world (Chainsaw Warrior's
Kitting Out, docs/analysis.md).

`focus=true` (with `paired=true` and an agent rollout) asks the game which actions of each
decision are worth comparing (GameSpec.focus, called on a sampled world with the legal ids
and the rollout agent's choice); where it names fewer than two, the agent's choice is played
unsearched. A long game (Left 4 Dead: some 300 decisions a chapter for the survivors) can
then afford a search where its own agent may be wrong (which figure acts when the infected
press, whom to shoot, what to heal) and none where it surely is not. The named actions are
played in the same worlds, `batch` at a time up to `iterations`; one that has scored exactly
as the agent's choice in every world so far leaves (nothing tells them apart: two zombies
alike, two items of no use soon), and the best of the others is taken only if its mean
paired advantage exceeds `tolerance` and `margin` standard errors of the differences
themselves (without the race's pseudo-difference: an evaluation's values differ by
hundredths, not by whole games).

Where the game has a kernel (engine/kernel.py) that plays the rollouts (random, or the
game's own agent, which it then plays as its twin in C), each world is dealt in the kernel
(`Observation.sample_compiled`: the same world `sample` deals, from the same dice), and the
tree's descent and the rollouts run there too: the same search, choice for choice, some fifty
times faster. A guided tree (`guide=true`) asks the Python rollout agent at its nodes and
so searches on the Python rules."""

from __future__ import annotations

import copy
import math
from collections.abc import Callable

from deadtable import registry
from deadtable.agents.base import Agent, Observation, agent_maker, observe
from deadtable.agents.seating import LINEUP, LineupAgent
from deadtable.engine.dice import Dice
from deadtable.engine.kernel import KernelGame
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
        calls: int = 0,
        c: float = 1.4,
        depth: int = 500,
        rollout: str = "random",
        guide: bool = False,
        paired: bool = False,
        margin: float = 0.0,
        batch: int = 0,
        tolerance: float = 0.0,
        prune: bool = False,
        widest: int = 0,
        narrowest: int = 0,
        sync: bool = False,
        halving: int = 0,
        final: int = 0,
        evaluate: bool = False,
        focus: bool = False,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"mcts: iterations must be at least 1, got {iterations}")
        if calls < 0:
            raise ValueError(f"mcts: calls must be 0 (no limit) or more, got {calls}")
        if batch < 0:
            raise ValueError(f"mcts: batch must be 0 (one round) or more, got {batch}")
        if guide and rollout == "random":
            raise ValueError("mcts: guide=true needs an agent rollout, e.g. rollout=heuristic")
        if widest < 0:
            raise ValueError(f"mcts: widest must be 0 (search every decision) or more, "
                             f"got {widest}")
        if narrowest < 0:
            raise ValueError(f"mcts: narrowest must be 0 (search every decision) or more, "
                             f"got {narrowest}")
        if (widest or narrowest) and rollout == "random":
            raise ValueError("mcts: widest and narrowest need an agent rollout to play the "
                             "decisions they do not search, e.g. rollout=heuristic")
        if halving < 0:
            raise ValueError(f"mcts: halving must be 0 (never) or a number of actions, "
                             f"got {halving}")
        if final < 0:
            raise ValueError(f"mcts: final must be 0 (as many as iterations) or more, got {final}")
        if halving and not (paired and rollout != "random"):
            raise ValueError("mcts: halving needs paired=true and an agent rollout, e.g. "
                             "paired=true,rollout=heuristic")
        if focus and not (paired and rollout != "random"):
            raise ValueError("mcts: focus needs paired=true and an agent rollout, e.g. "
                             "paired=true,rollout=lineup")
        self.dice = Dice(seed)
        self.evaluate = evaluate
        self.focus = focus
        self._focus: Callable[[GameState, list[str], str], list[str]] | None = None
        self._evaluator: Callable[[GameState], dict[str, float]] | None = None
        self.iterations = iterations
        self.calls = calls
        self.c = c
        self.depth = depth
        self.rollout = rollout
        self.guide = guide
        self.paired = paired
        self.margin = margin
        self.batch = batch or iterations
        self.tolerance = tolerance
        self.prune = prune
        self.widest = widest
        self.narrowest = narrowest
        self.sync = sync
        self.halving = halving
        self.final = final or iterations
        # The rollout agent follows the real game too (it is asked at every real decision),
        # so an agent that remembers (where it walked, say) starts each rollout with the
        # memories of the real game so far: each rollout plays a copy of it as it was.
        self._guide: Agent | None = None
        self._snapshot: Agent | None = None
        self.last_iterations = 0  # what the last search did: for bench, tests and studies
        self.last_calls = 0
        self.last_preferred: str | None = None  # the rollout agent's choice, if it had one

    def act(self, obs: Observation) -> str:
        decision = obs.decision
        self.last_preferred = None
        ids = decision.ids  # not decision.actions: those may be built only when read
        if len(ids) == 1:
            return ids[0]
        if self.evaluate and self._evaluator is None:
            if obs.game.spec.evaluate is None:
                raise ValueError(f"mcts: evaluate=true, but {obs.game.id} has no evaluation "
                                 "of unfinished games; leave evaluate out")
            self._evaluator = registry.part(obs.game.spec.evaluate)
        if self.focus and self._focus is None:
            if obs.game.spec.focus is None:
                raise ValueError(f"mcts: focus=true, but {obs.game.id} does not say which "
                                 "actions are worth a search; leave focus out")
            self._focus = registry.part(obs.game.spec.focus)
        if self.rollout != "random" and self._guide is None:
            seed = self.dice.below(1 << 62)
            self._guide = (LineupAgent(obs.game, seed) if self.rollout == LINEUP
                           else agent_maker(self.rollout, obs.game.id)(seed))
        preferred = None
        if self._guide is not None:
            self._snapshot = copy.deepcopy(self._guide)
            preferred = self._guide.act(obs)
        self.last_preferred = preferred
        self._spent = 0
        width = len(ids)
        if (self.widest and width > self.widest) or width < self.narrowest:
            assert preferred is not None  # they need an agent rollout (checked above)
            self.last_iterations, self.last_calls = 0, 0
            return preferred
        if self.halving and width > self.halving:
            assert preferred is not None  # halving needs an agent rollout (checked above)
            return self._halve(obs, preferred)
        if self._focus is not None:
            assert preferred is not None  # focus needs an agent rollout (checked above)
            chosen = [a for a in self._focus(obs.sample(self.dice), ids, preferred) if a in ids]
            if len(chosen) < 2 or preferred not in chosen:
                self.last_iterations, self.last_calls = 0, 0
                return preferred
            return self._focused(obs, preferred, chosen)
        if self.paired:
            return self._paired(obs, preferred, ids)
        root = _Node()
        done = 0
        # Each world can be dealt, searched and played out in the game's kernel where it has
        # one that plays the rollouts: the same worlds, tree and choices, in C. (A guided tree
        # asks the Python rollout agent at its nodes, so it stays in Python.)
        compiled = self._compiled(obs) and not self.guide
        while done < self.iterations and self._budget_left():
            world = obs.sample_compiled(self.dice) if compiled else None
            self._iterate(root, obs.sample(self.dice) if world is None else world,
                          self._fresh_rollout_agent(), self.dice)
            done += 1
        self.last_iterations, self.last_calls = done, self._spent
        return max(decision.ids, key=lambda a: _visits(root, a))

    def _budget_left(self) -> bool:
        return self.calls == 0 or self._spent < self.calls

    def _paired(self, obs: Observation, preferred: str | None, ids: list[str]) -> str:
        """The race among `ids` (the legal actions, or those the game's focus named)."""
        if preferred is None:
            preferred = ids[0]
        rewards: dict[str, list[float]] = {a: [] for a in ids}
        alive = [preferred, *(a for a in ids if a != preferred)]  # still played in each world
        done = 0
        while len(alive) > 1 and done < self.iterations and self._budget_left():
            done += self._play_worlds(obs, alive, rewards, min(self.batch, self.iterations - done))
            alive = self._race(alive, rewards, preferred)
        self.last_iterations, self.last_calls = done, self._spent
        if preferred not in alive:  # pruned: it fell clearly behind the race's leader
            return max(alive, key=lambda a: sum(rewards[a]) / len(rewards[a]))
        # Leave the rollout agent's own choice only for an action whose paired advantage over
        # it is `margin` standard errors or more: noise alone then rarely makes it worse.
        # (A challenger that left the race is judged on the worlds it was played in.)
        best, best_gain = preferred, 0.0
        base = rewards[preferred]
        for action in ids:
            if action == preferred or not rewards[action]:
                continue
            mean, se = _paired_gain(rewards[action], base)
            if mean > best_gain and mean > self.margin * se:
                best, best_gain = action, mean
        return best

    def _focused(self, obs: Observation, preferred: str, chosen: list[str]) -> str:
        """`focus=true`: the rollout agent's choice against the others the game named, in the
        same worlds, `batch` at a time (the module's docstring says when one is taken)."""
        rewards: dict[str, list[float]] = {a: [] for a in chosen}
        alive = [preferred, *(a for a in chosen if a != preferred)]
        done = 0
        while len(alive) > 1 and done < self.iterations and self._budget_left():
            done += self._play_worlds(obs, alive, rewards, min(self.batch, self.iterations - done))
            base = rewards[preferred]
            alive = [preferred, *(a for a in alive[1:]
                                  if any(r != b for r, b in zip(rewards[a], base, strict=True)))]
        self.last_iterations, self.last_calls = done, self._spent
        best, best_gain = preferred, self.tolerance
        for action in alive[1:]:
            diffs = [r - b for r, b in zip(rewards[action], rewards[preferred], strict=True)]
            if not diffs:
                continue  # the calls budget ran out before a world was played
            mean = sum(diffs) / len(diffs)
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / len(diffs) / len(diffs))
            if mean > best_gain and mean > self.margin * spread:
                best, best_gain = action, mean
        return best

    def _halve(self, obs: Observation, preferred: str) -> str:
        challengers = [a for a in obs.decision.ids if a != preferred]
        rounds = max(1, math.ceil(math.log2(len(challengers))))
        worlds = max(1, self.iterations >> rounds)  # doubling to iterations / 2 in the last
        rewards: dict[str, list[float]] = {a: [] for a in obs.decision.ids}
        done = 0
        while len(challengers) > 1 and self._budget_left():
            done += self._play_worlds(obs, [preferred, *challengers], rewards, worlds)
            # the order is shuffled first so that ties (common: most worlds end alike)
            # are broken by the agent's dice, not by the actions' names
            order = [challengers.pop(self.dice.below(len(challengers)))
                     for _ in range(len(challengers))]
            order.sort(key=lambda a: -sum(rewards[a]))
            challengers = order[:math.ceil(len(order) / 2)]
            worlds = min(2 * worlds, self.iterations)
        challenger = challengers[0]
        final: dict[str, list[float]] = {preferred: [], challenger: []}
        done += self._play_worlds(obs, [preferred, challenger], final, self.final)
        self.last_iterations, self.last_calls = done, self._spent
        if not final[challenger]:
            return preferred  # the calls budget ran out before the last round
        mean, se = _paired_gain(final[challenger], final[preferred])
        return challenger if mean > 0 and mean > self.margin * se else preferred

    def _play_worlds(self, obs: Observation, actions: list[str],
                     rewards: dict[str, list[float]], worlds: int) -> int:
        """Play every one of `actions` in `worlds` fresh sampled worlds (the same worlds and
        rollout seeds for each), appending each rollout's reward; the worlds played."""
        seat = obs.decision.seat
        compiled = self._compiled(obs)
        played = 0
        for _ in range(worlds):
            if not self._budget_left():
                break
            world: GameState | KernelGame | None = (
                obs.sample_compiled(self.dice) if compiled else None)
            if world is None:
                world = obs.sample(self.dice)
            if self.sync:
                (world.dice if isinstance(world, GameState) else world).synchronise()
            luck = self.dice.below(1 << 62)  # the same rollout seed for every action
            for action in actions:
                sim = world.clone()
                rollout = self._fresh_rollout_agent()  # the same copy for every action
                self._step(sim, action)
                rewards[action].append(self._play_out(sim, rollout, Dice(luck)).get(seat, 0.5))
            played += 1
        return played

    def _compiled(self, obs: Observation) -> bool:
        """Can the game's kernel play this search's rollouts (random, or its own agent)?"""
        kernel = obs.game.kernel
        return kernel is not None and (self.rollout == "random" or (
            self.rollout in kernel.agents and hasattr(self._snapshot, "kernel_memory")))

    def _race(self, alive: list[str], rewards: dict[str, list[float]],
              preferred: str) -> list[str]:
        """The actions still played after a round (all were played in the same worlds).

        A challenger leaves once, by `margin` standard errors, it surely cannot beat the
        rollout agent's choice by `tolerance`, or once it beats it clearly (it has won its
        place; its worlds so far decide); the rollout agent's choice stays while any
        challenger races. With `prune`, instead, every action (the rollout agent's choice
        included) leaves once it is `margin` standard errors behind the leader, the
        tolerance rule applies while the rollout agent's choice is in, and the race goes on
        until one action is left: far cheaper among many actions."""
        if self.prune:
            return self._pruned(alive, rewards, preferred)
        racing = []
        for action in alive:
            if action == preferred:
                continue
            mean, se = _paired_gain(rewards[action], rewards[preferred])
            if mean + self.margin * se >= self.tolerance and not mean > self.margin * se:
                racing.append(action)
        return [preferred, *racing]

    def _pruned(self, alive: list[str], rewards: dict[str, list[float]],
                preferred: str) -> list[str]:
        leader = max(alive, key=lambda a: sum(rewards[a]))
        kept = []
        for action in alive:
            if action != leader:
                mean, se = _paired_gain(rewards[action], rewards[leader])
                if mean + self.margin * se < 0:
                    continue
            if action != preferred and preferred in alive:
                mean, se = _paired_gain(rewards[action], rewards[preferred])
                if mean + self.margin * se < self.tolerance:
                    continue
            kept.append(action)
        return kept

    def _iterate(
        self, root: _Node, sim: GameState | KernelGame, rollout: Agent | None, dice: Dice
    ) -> dict[str, float]:
        """One descent from `root` on `sim` (a Python state, or the game's kernel when the
        rollouts are random): select, expand, roll out, back up. The rewards."""
        path: list[tuple[_Node, str]] = []  # (node reached, seat that chose the move into it)
        node = root
        while (decision := _decision(sim)) is not None:
            ids, seat = decision
            untried = [a for a in ids if a not in node.children]
            if untried:
                action = untried[dice.below(len(untried))]
                if self.guide and rollout is not None:
                    assert isinstance(sim, GameState)  # agent rollouts play the Python rules
                    preferred = rollout.act(observe(sim))
                    if preferred in untried:
                        action = preferred
                child = node.children[action] = _Node()
                path.append((child, seat))
                self._step(sim, action)
                break
            action = max(ids, key=lambda a: self._uct(node, node.children[a]))
            node = node.children[action]
            path.append((node, seat))
            self._step(sim, action)
        rewards = self._play_out(sim, rollout, dice)
        root.visits += 1
        for visited, seat in path:
            visited.visits += 1
            visited.value += rewards.get(seat, 0.5)
        return rewards

    def _step(self, sim: GameState | KernelGame, action: str) -> None:
        if isinstance(sim, GameState):
            sim.apply(action)
        else:
            sim.apply_id(action)
        self._spent += 1

    def _fresh_rollout_agent(self) -> Agent | None:
        # A copy each rollout: one imagined game's memories must not leak into the next.
        return None if self._snapshot is None else copy.deepcopy(self._snapshot)

    def _uct(self, parent: _Node, child: _Node) -> float:
        mean = child.value / child.visits
        return mean + self.c * math.sqrt(math.log(parent.visits + 1) / child.visits)

    def _play_out(self, sim: GameState | KernelGame, rollout: Agent | None,
                  dice: Dice) -> dict[str, float]:
        """Play on to the end (or `depth`) with the rollout agent, or at random with `dice`;
        in the game's kernel when `sim` is one, or when it can take a random rollout."""
        if not isinstance(sim, GameState):
            return self._play_out_compiled(sim, rollout, dice)
        kernel = sim.game.kernel if rollout is None else None
        if kernel is not None:
            return self._play_out_compiled(kernel.load(sim), None, dice)
        for _ in range(self.depth):
            decision = sim.decision
            if decision is None:
                break
            if rollout is not None:
                self._step(sim, rollout.act(observe(sim)))
            else:
                ids = decision.ids
                self._step(sim, ids[dice.below(len(ids))])
        if sim.outcome is None:
            return {} if self._evaluator is None else self._evaluator(sim)
        return {seat: REWARD[result] for seat, result in sim.outcome.results.items()}


    def _play_out_compiled(self, sim: KernelGame, rollout: Agent | None,
                           dice: Dice) -> dict[str, float]:
        """The same rollout in the game's kernel: random (the same choices from the same
        dice: an index drawn among the legal actions, in their order), or the rollout agent's
        twin in C choosing as it would from its memory; at C speed."""
        if rollout is None:
            steps, dice.state = sim.rollout(dice.state, self.depth)
        else:
            memory = rollout.kernel_memory()  # type: ignore[attr-defined]
            steps = sim.play_out(self.rollout, memory, self.depth)
        self._spent += steps
        outcome = sim.outcome()
        if outcome is None:
            return {}
        return {seat: REWARD[result] for seat, result in outcome.results.items()}


def _decision(sim: GameState | KernelGame) -> tuple[list[str], str] | None:
    """The legal ids and the deciding seat, None once the game is over."""
    if isinstance(sim, GameState):
        decision = sim.decision
        return None if decision is None else (decision.ids, decision.seat)
    ids = sim.actions()
    if not ids:
        return None
    seat = sim.seat()
    assert seat is not None
    return ids, seat


def _paired_gain(rewards: list[float], base: list[float]) -> tuple[float, float]:
    """Mean paired advantage of `rewards` over the first as many of `base` (same worlds, in
    order) and its standard error. The variance has one pseudo-difference of 1/2 added, so
    that a few worlds that all agree do not look like certainty."""
    n = len(rewards)
    diffs = [r - b for r, b in zip(rewards, base[:n], strict=True)]
    mean = sum(diffs) / n
    variance = (sum((d - mean) ** 2 for d in diffs) + 0.25) / n
    return mean, math.sqrt(variance / n)


def _visits(root: _Node, action: str) -> int:
    child = root.children.get(action)
    return -1 if child is None else child.visits
