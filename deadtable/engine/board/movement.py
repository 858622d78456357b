"""Movement: the spaces a figure can reach under a budget, with their routes, and distance fields.

Costs come from the caller (`step_cost(frm, to)`: a cost, or None where the step is
impossible), because they depend on the figure and the state: HeroScape's climbing, a closed
door, an occupied space. `climbing_cost` builds the HeroScape one from a board.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from deadtable.engine.board.model import Board, edge_key

StepCost = Callable[[int, int], float | None]
SpaceTest = Callable[[int], bool]
Penalty = Callable[[int, int], float]


@dataclass(frozen=True, slots=True)
class Route:
    """One way to reach a space: its total cost, its total penalty and the spaces walked,
    from the start to the end, both included."""

    cost: float
    penalty: float
    spaces: tuple[int, ...]

    @property
    def end(self) -> int:
        return self.spaces[-1]


def reach(
    board: Board,
    start: int,
    budget: float,
    step_cost: StepCost,
    *,
    stops: SpaceTest | None = None,
    can_pass: SpaceTest | None = None,
    can_end: SpaceTest | None = None,
    penalty: Penalty | None = None,
) -> dict[int, list[Route]]:
    """Every space a figure on `start` can end its move on, with the routes that get there.

    A step from `frm` to an adjacent `to` costs `step_cost(frm, to)` (None: impossible); the
    total may not exceed `budget`. A space the figure enters may be passed through if
    `can_pass` (default: yes), ended on if `can_end` (default: yes), and entering it ends the
    move if `stops` (water, a glyph). The start is always in the result, at cost 0: the figure
    may stay.

    Without `penalty` each space has one route, the cheapest. With it (say, the attacks a
    route suffers for leaving engagements) each space has its Pareto frontier: the routes for
    which no other is both no dearer and no more penalised, in increasing cost (and so in
    decreasing penalty). Steps are explored in order of (cost, penalty), so a route popped is
    on the frontier exactly when its penalty is below every route already settled there.
    """
    if penalty is None:
        return _cheapest(board, start, budget, step_cost, stops, can_pass, can_end)
    neighbours = board.neighbours
    # A label: (cost, penalty, order, space, parent label index). `order` keeps the heap
    # from comparing further when cost and penalty tie, and makes ties deterministic.
    labels: list[tuple[float, float, int, int, int]] = []
    best_penalty: dict[int, float] = {}
    settled: list[int] = []  # indexes into labels, in settling order
    heap: list[tuple[float, float, int, int, int]] = [(0, 0, 0, start, -1)]
    counter = 1
    while heap:
        label = heapq.heappop(heap)
        cost, pen, _, space, _parent = label
        known = best_penalty.get(space)
        if known is not None and known <= pen:
            continue  # dominated: an earlier label here is no dearer and no more penalised
        best_penalty[space] = pen
        index = len(labels)
        labels.append(label)
        settled.append(index)
        if space != start and (
            (stops is not None and stops(space)) or (can_pass is not None and not can_pass(space))
        ):
            continue  # entered to stop here, or only to end here
        for to in neighbours[space]:
            step = step_cost(space, to)
            if step is None:
                continue
            total = cost + step
            if total > budget:
                continue
            extra = pen + penalty(space, to) if penalty is not None else 0
            known = best_penalty.get(to)
            if known is not None and known <= extra:
                continue
            if can_pass is not None and not can_pass(to) and can_end is not None \
                    and not can_end(to):
                continue
            heapq.heappush(heap, (total, extra, counter, to, index))
            counter += 1
    result: dict[int, list[Route]] = {}
    for index in settled:
        cost, pen, _, space, _parent = labels[index]
        if space != start and can_end is not None and not can_end(space):
            continue
        result.setdefault(space, []).append(Route(cost, pen, _walk(labels, index)))
    return result


def _cheapest(
    board: Board,
    start: int,
    budget: float,
    step_cost: StepCost,
    stops: SpaceTest | None,
    can_pass: SpaceTest | None,
    can_end: SpaceTest | None,
) -> dict[int, list[Route]]:
    """reach without a penalty: one label per space, so plain Dijkstra with parent links."""
    neighbours = board.neighbours
    best: dict[int, float] = {start: 0}
    parent: dict[int, int] = {start: -1}
    done: set[int] = set()
    order: list[int] = []
    heap: list[tuple[float, int]] = [(0, start)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, space = pop(heap)
        if space in done:
            continue
        done.add(space)
        order.append(space)
        if space != start and (
            (stops is not None and stops(space)) or (can_pass is not None and not can_pass(space))
        ):
            continue
        for to in neighbours[space]:
            if to in done:
                continue
            step = step_cost(space, to)
            if step is None:
                continue
            total = cost + step
            if total > budget or total >= best.get(to, budget + 1):
                continue
            if can_pass is not None and can_end is not None and not can_pass(to) \
                    and not can_end(to):
                continue
            best[to] = total
            parent[to] = space
            push(heap, (total, to))
    result: dict[int, list[Route]] = {}
    for space in order:
        if space != start and can_end is not None and not can_end(space):
            continue
        spaces = [space]
        back = parent[space]
        while back >= 0:
            spaces.append(back)
            back = parent[back]
        spaces.reverse()
        result[space] = [Route(best[space], 0, tuple(spaces))]
    return result


def _walk(labels: list[tuple[float, float, int, int, int]], index: int) -> tuple[int, ...]:
    spaces = []
    while index >= 0:
        label = labels[index]
        spaces.append(label[3])
        index = label[4]
    spaces.reverse()
    return tuple(spaces)


def climbing_cost(
    board: Board,
    height: int,
    blocking: frozenset[str] = frozenset({"wall", "door"}),
    impassable: frozenset[str] = frozenset(),
) -> StepCost:
    """HeroScape's step cost for a figure of `height`: 1 for the space entered plus 1 per level
    climbed; going down is free; a climb of `height` levels or more is impossible. An edge
    whose feature is in `blocking`, or a space whose terrain is in `impassable`, cannot be
    entered."""
    level = board.level
    terrain = board.terrain
    features = board.features

    def cost(frm: int, to: int) -> float | None:
        if impassable and terrain[to] in impassable:
            return None
        if features and features.get(edge_key(frm, to)) in blocking:
            return None
        climb = level[to] - level[frm]
        if climb <= 0:
            return 1
        if climb >= height:
            return None
        return 1 + climb

    return cost


def distance_field(
    board: Board,
    sources: Iterable[int],
    step_cost: StepCost | None = None,
    *,
    passable: SpaceTest | None = None,
) -> list[float]:
    """For every space, the cost of the cheapest route from it to the nearest source
    (math.inf where none): what "moves toward the nearest survivor" follows, one field per
    round instead of a search per figure. The route runs from the space to the source, so a
    step from x to y costs step_cost(x, y). Without `step_cost` every step costs 1 (a
    breadth-first search); `passable` (default: all) says which spaces a route may use."""
    field = [math.inf] * board.size
    neighbours = board.neighbours
    starts = list(dict.fromkeys(sources))
    if step_cost is None:
        frontier = []
        for s in starts:
            field[s] = 0
            frontier.append(s)
        steps = 0
        while frontier:
            steps += 1
            following = []
            for space in frontier:
                for n in neighbours[space]:
                    if field[n] == math.inf and (passable is None or passable(n)):
                        field[n] = steps
                        following.append(n)
            frontier = following
        return field
    heap: list[tuple[float, int]] = []
    for s in starts:
        field[s] = 0
        heap.append((0, s))
    heapq.heapify(heap)
    while heap:
        d, space = heapq.heappop(heap)
        if d > field[space]:
            continue
        for n in neighbours[space]:
            if passable is not None and not passable(n):
                continue
            step = step_cost(n, space)  # the route goes from n into space
            if step is None:
                continue
            total = d + step
            if total < field[n]:
                field[n] = total
                heapq.heappush(heap, (total, n))
    return field
