"""A game's kernel: its rules compiled (C), for speed where games are played by the million.

A game may ship a kernel beside its Python rules. The Python rules stay the specification,
read beside the rulebook; the kernel is their compiled twin and must play exactly the same
games: from the same seed the same decisions, with the same action ids in the same order, the
same dice (splitmix64, `engine/dice.py`) and the same outcome. Each game's tests check that,
decision by decision, over thousands of games and every option. Where the two would differ
(an option or a data file the kernel does not take), the game offers no kernel for it and the
Python engine plays, so a kernel is never a different game, only a faster one.

Kernels are optional: they are built when the package is installed with a C compiler at hand;
without one the Python engine plays everything and every figure is the same, only slower.

Who uses one: `deadtable sim` for games whose every seat is played by `random` (a whole game
in C, the agents' choices drawn as `RandomAgent` draws them) and for solo games of an agent
the kernel also plays (`Kernel.agents`: the game's heuristic, its twin in C); the mcts agent
with random or such rollouts (its worlds dealt, searched and played out in C:
`Observation.sample_compiled`, `KernelGame.play_out`); the OpenSpiel binding; `deadtable bench`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from deadtable.engine.state import GameState, Outcome


class KernelGame(Protocol):
    """One game in the kernel: a position and its decision, like a GameState without views,
    labels, log or history."""

    def actions(self) -> list[str]:
        """The ids of the legal actions, in the Python decision's order; [] once over."""
        ...

    def count(self) -> int:
        """How many legal actions there are (0 once over), without building their ids."""
        ...

    def apply(self, index: int) -> None:
        """Take the index-th legal action. IndexError outside [0, count())."""
        ...

    def apply_id(self, action_id: str) -> None:
        """Take the action with this id. ValueError, naming the legal ids, if it is not one."""
        ...

    def seat(self) -> str | None:
        """The seat that decides now; None once over."""
        ...

    def outcome(self) -> Outcome | None:
        """None while the game runs."""
        ...

    def clone(self) -> KernelGame:
        ...

    def determinize(self, seat: str, dice: int) -> int:
        """Deal anew what `seat` cannot see, exactly as `GameState.determinize(seat, d)` does
        with `d` a `Dice` whose state is `dice`; returns `d`'s state afterwards (the searching
        agent's dice go on from there)."""
        ...

    def synchronise(self) -> None:
        """`state.dice.synchronise()`: from the game's next fixed point on, the dice come from
        a stream of (their state now, the number of fixed points passed) alone."""
        ...

    def play_out(self, agent: str, memory: Sequence[int], depth: int) -> int:
        """Play the game's own agent `agent` (one of `Kernel.agents`) in every seat until the
        game ends or `depth` actions were played, choosing exactly as the Python agent would
        from the same memory (what its `kernel_memory()` gives: its dice and what it has
        learnt of this game) and seeing only what its seat's view shows; the actions played.
        The mcts agent's rollouts with `rollout=<agent>`."""
        ...

    def rollout(self, dice: int, depth: int) -> tuple[int, int]:
        """Play random legal actions until the game ends or `depth` were played, each the
        `d.below(count())`-th with `d` a `Dice` whose state is `dice` (as the mcts agent's
        random rollout draws them); returns (actions played, `d`'s state afterwards)."""
        ...


class Kernel(Protocol):
    """A game's kernel, bound to one set of option values."""

    agents: frozenset[str]  # the game's own agents it also plays (KernelGame.play_out)

    def new(self, seed: int, synchronise: bool = False) -> KernelGame:
        """The game `Game.new(seed=seed)` starts (its dice synchronised if asked, as
        `state.dice.synchronise()` right after set-up)."""
        ...

    def load(self, state: GameState) -> KernelGame:
        """The same position as a Python state of this game, its dice included."""
        ...

    def play_random(self, game_seed: int, agent_seeds: Sequence[int], max_steps: int,
                    synchronise: bool = False) -> tuple[str, int, dict[str, str],
                                                        dict[str, float], str] | None:
        """A whole game from `game_seed`, each seat (in the game's seat order) played by
        `RandomAgent(agent_seeds[i])`: (outcome label, steps, results, scores, cause), as
        `sim.run.play_one` would return them; None when it was not over after `max_steps`."""
        ...

