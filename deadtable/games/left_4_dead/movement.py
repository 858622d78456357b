"""Moving, engagement, range and line of sight, as HeroScape's core rules give them.

- Movement: a figure moves up to its Move in spaces; climbing costs one space per level
  climbed plus the space entered, a climb of its Height or more is impossible, going down is
  free (falls may hurt). It may pass through friendly figures, never enemies, and never ends
  on an occupied space. Entering water stops a single-space figure.
- Engagement: adjacent figures are engaged unless one's base stands at or above the other's top.
  Leaving an engagement: each enemy left behind rolls one attack die, no defense.
- Range counts spaces, ignoring levels; an engaged target needs no line of sight.

Geometry comes from the engine (deadtable.engine.board): one function per question, used alike
by these rules, the agents and the renderers.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache, partial
from typing import Any

from deadtable.engine.board import Board, climbing_cost, distance, distances, reach, sees, visible
from deadtable.engine.board.movement import Route
from deadtable.engine.board.query import (
    STOPS,
    MoveQuery,
    compiled,
    engagement_masks,
    marked,
    reach_compiled,
    reach_ends,
)
from deadtable.engine.board.query import (
    nearest_each as query_nearest_each,
)
from deadtable.engine.decisions import Action, ActionList
from deadtable.games.left_4_dead import combat
from deadtable.games.left_4_dead.state import INFECTED, Figure, Left4DeadState, placements

CORE_MOVE = "HeroScape core rules: Moving"
CORE_ENGAGE = "HeroScape core rules: Engagement"
WATER = frozenset({"water", "swamp water"})
NO_FALL_DAMAGE = "Infected Rules: Collective Turn"  # no infected take falling damage


def height(state: Left4DeadState, figure: Figure) -> int:
    return state.data.cards.cards[figure.kind].height


def engaged(state: Left4DeadState, a: Figure, b: Figure, a_space: int | None = None) -> bool:
    """Whether a (on a_space, by default where it stands) and b are engaged."""
    sa = a.space if a_space is None else a_space
    sb = b.space
    if sa is None or sb is None or a.side == b.side or sb not in state.board.neighbours[sa]:
        return False
    base_a, base_b = state.board.level[sa], state.board.level[sb]
    return base_b < base_a + height(state, a) and base_a < base_b + height(state, b)


def engaged_with(state: Left4DeadState, figure: Figure, space: int | None = None) -> list[Figure]:
    here = figure.space if space is None else space
    if here is None:
        return []
    occupied = state.occupancy()
    found = []
    for n in state.board.neighbours[here]:
        other = occupied.get(n)
        if other is not None and other is not figure and engaged(state, figure, other, here):
            found.append(other)
    return found


def move_budget(state: Left4DeadState, figure: Figure) -> int:
    if not figure.markers:  # no Vomit, Mud or Adrenaline: the card's Move (asked of a horde)
        return int(state.card(figure).move)
    move = combat.reduced(state, figure, "move")
    if figure.markers.get("adrenaline") == state.round:
        move += 1  # Adrenaline Shot: +1 Move in the first round it is set aside
    return move


def slithers(figure: Figure) -> bool:
    """Mud Man Infected: Slither, it does not have to stop on entering water (nearest_each
    asks it inline)."""
    return figure.kind == "mud-man"


def stops_in(state: Left4DeadState, figure: Figure) -> Callable[[int], bool]:
    terrain = state.board.terrain
    if slithers(figure):
        return lambda space: False
    return lambda space: terrain[space] in WATER


def routes(state: Left4DeadState, figure: Figure, budget: int | None = None,
           start: int | None = None, through_all: bool = False,
           with_attacks: bool = True) -> dict[int, list[Route]]:
    """Where `figure` can end a move from `start` (default: its space) with `budget` (default:
    its Move), each with its Pareto routes of (spaces used, leaving-engagement attacks); with
    `with_attacks` false, only the cheapest route of each (where it can get to, faster).
    Kept until a figure moves (Left4DeadState.derived): a decision lists the moves and its
    action takes one of them; read the answer, never change it."""
    key = _routes_key(state, figure, budget, start, through_all, with_attacks)
    cache = state.derived()
    found = cache.get(key)
    if found is None:
        query = _query(state, key)
        found = cache[key] = _routes(state, figure, *key[2:6]) if query is None \
            else reach_compiled(state.board, query)
    return found


def ends(state: Left4DeadState, figure: Figure, budget: int | None = None) -> list[int]:
    """routes(state, figure, budget)'s keys, in its order, without making its routes: a
    decision lists where the figure can move, and only the move chosen needs its routes
    (route_options). Kept alike; read it, never change it."""
    key = _routes_key(state, figure, budget, None, False, True)
    cache = state.derived()
    found = cache.get(key)
    if found is not None:
        return list(found)
    listed: list[int] | None = cache.get(("ends", key))
    if listed is None:
        query = _query(state, key)
        listed = cache[("ends", key)] = list(routes(state, figure, budget)) if query is None \
            else reach_ends(state.board, query)
    return listed


def route_options(state: Left4DeadState, figure: Figure, space: int,
                  budget: int | None = None) -> list[Route] | None:
    """routes(state, figure, budget).get(space), the routes to `space` alone made if the
    others are not made yet."""
    key = _routes_key(state, figure, budget, None, False, True)
    found = state.derived().get(key)
    if found is not None:
        return found.get(space)
    query = _query(state, key)
    if query is None:
        return routes(state, figure, budget).get(space)
    return reach_compiled(state.board, query, space).get(space)


def routes_as_now(state: Left4DeadState, figure: Figure,
                  budget: int | None = None) -> Callable[[], dict[int, list[Route]]]:
    """routes(state, figure, budget) as they are now, made when called (later, a move's
    labels, when someone reads them): the question asked now, answered then."""
    key = _routes_key(state, figure, budget, None, False, True)
    found = state.derived().get(key)
    query = None if found is not None else _query(state, key)
    if query is None:
        kept = routes(state, figure, budget)
        return lambda: kept
    board = state.board
    return lambda: reach_compiled(board, query)


RoutesKey = tuple[str, Figure, int, int, bool, bool, frozenset[int]]


def _routes_key(state: Left4DeadState, figure: Figure, budget: int | None, start: int | None,
                through_all: bool, with_attacks: bool) -> RoutesKey:
    """What routes' answer depends on besides where the figures stand: the mover, where from,
    how far, through whom, with or without the attacks, and the closed spaces."""
    origin = figure.space if start is None else start
    assert origin is not None
    through_all = through_all or figure.kind == "witch"  # Witch: Furious Focus
    spend = move_budget(state, figure) if budget is None else budget
    return ("routes", figure, origin, spend, through_all, with_attacks, state.blocked_spaces())


def _query(state: Left4DeadState, key: RoutesKey) -> MoveQuery | None:
    """routes' question in data form (move_query), kept like its answer; None where the
    compiled geometry is off or cannot ask it."""
    if not compiled():
        return None
    cache = state.derived()
    qkey = ("query", key)
    if qkey in cache:
        return cache[qkey]
    _, figure, origin, budget, through_all, with_attacks, _blocked = key
    occupied: Mapping[int, Figure] = state.occupancy()
    if origin != figure.space:  # (from where it stands, its own space is the start: reach
        occupied = dict(occupied)  # never ends a move elsewhere on it, so it may stay)
        occupied.pop(figure.space, None)  # type: ignore[arg-type]
    enemy_at = _enemies_left(state, figure)
    swipers = _swipers(state, enemy_at)
    # Witch: Furious Focus, never attacked when leaving an engagement
    penalised = figure.kind != "witch" and bool(swipers) and with_attacks
    found = cache[qkey] = move_query(state, figure, origin, budget, occupied, through_all,
                                     enemy_at, penalised, swipers)
    return found


def _enemies_left(state: Left4DeadState, figure: Figure) -> Mapping[int, Figure]:
    """The enemies of `figure` by space, the mover's own space left out (never an enemy's in
    play; as the occupancy less the mover would say)."""
    enemy_at = enemies_of(state, figure.side)
    if figure.space in enemy_at:
        enemy_at = {s: f for s, f in enemy_at.items() if s != figure.space}
    return enemy_at


def swipes_when_down(state: Left4DeadState) -> bool:
    """Whether a survivor lying down still attacks a figure leaving its engagement (option
    `incapped-swipes`; docs/left-4-dead.md "Readings": by default it does, the attack being
    the figure's own, not an item's)."""
    return bool(state.game.options["incapped-swipes"])


def _swipers(state: Left4DeadState, enemy_at: Mapping[int, Figure]) -> Mapping[int, Figure]:
    """Of the enemies by space, those whose engagement costs a leaving-engagement attack: all,
    or without the survivors lying down where the option says they make none."""
    if swipes_when_down(state) or not any(f.down for f in enemy_at.values()):
        return enemy_at
    return {s: f for s, f in enemy_at.items() if not f.down}


def nearest(state: Left4DeadState, figure: Figure, field: array[float]) -> list[int]:
    """Of the spaces `figure` can end its move on (routes' keys: its Move, from where it
    stands), those lowest on `field`, ascending, if lower than where it stands; else [].
    What horde.toward asks of every zombie each time the horde chooses, answered without
    building a route for each space (engine/board/query.py's nearest_compiled)."""
    return nearest_each(state, [figure], field)[0]


def nearest_each(state: Left4DeadState, figures: Sequence[Figure],
                 field: array[float]) -> list[list[int]]:
    """[nearest(state, f, field) for f in figures], the flags made once for the figures
    that share them (the horde's), and a figure's answer of the last call kept where nothing
    it depends on has changed since (_NearestMemo: the horde asks every zombie again after
    each one moves)."""
    memo = _NearestMemo.last(state, field)
    kept, changed = memo.answers, memo.changed
    plain = _plain_questions(state)
    now: dict[str, tuple[Question, list[int]]] = {}  # the answers kept for the next call
    answers: list[list[int] | None] = []
    asked: dict[int, Question] = {}  # index -> the question of a figure searched again
    groups: dict[tuple[str, bool, bool], list[int]] = {}  # flags' kind -> figures' indexes
    for f in figures:
        # (start, (Move, height, flags' kind)): the second part one tuple per kind for a
        # figure without markers (its Move is then its card's)
        rest = plain.get(f.kind) if not f.markers else None
        if rest is None:
            rest = _question_rest(state, f)
            if not f.markers:
                plain[f.kind] = rest
        start: int = f.space  # type: ignore[assignment]  # the horde stands on the map
        question = (start, rest)
        was = kept.get(f.id)
        if was is not None and was[0] == question:
            reach_ = rest[0] + 1  # a search reads no flag farther than Move + 1 steps
            for away in changed:
                if away[start] <= reach_:  # type: ignore[operator]  # a grid: never None
                    break
            else:
                now[f.id] = was
                answers.append(was[1])
                continue
        asked[len(answers)] = question
        groups.setdefault(rest[2], []).append(len(answers))
        answers.append(None)
    board = state.board
    for (side, mud, witch), members in groups.items():
        # the flags of _routes' query without the penalty: stops (water), closed (crescendo
        # obstacles), no passing enemies (but for the Witch: Furious Focus), no ending on a
        # figure; the mover's own space may keep its flags (reach asks nothing of its start)
        flags = marked(board, _terrain_flags(board, mud), state.blocked_spaces(),
                       () if witch else enemies_of(state, side), state.occupancy())
        moves = [(q[0], q[1][0], q[1][1]) for q in (asked[n] for n in members)]
        for n, found in zip(members, query_nearest_each(board, moves, flags, field),
                            strict=True):
            answers[n] = found
            now[figures[n].id] = (asked[n], found)
    memo.keep(state, now)
    return answers  # type: ignore[return-value]  # every one answered now


# A horde figure's question to nearest_each: (start, (Move, height, flags' kind)), the flags'
# kind being its side, whether it slithers (Mud Man) and whether it is the Witch (Furious Focus)
QuestionRest = tuple[int, int, tuple[str, bool, bool]]
Question = tuple[int, QuestionRest]  # a horde figure stands on the map


def _question_rest(state: Left4DeadState, figure: Figure) -> QuestionRest:
    """A figure's question but its start: its Move now, its height and its flags' kind."""
    kind = figure.kind
    return (move_budget(state, figure), state.data.cards.cards[kind].height,
            (figure.side, kind == "mud-man", kind == "witch"))


def _plain_questions(state: Left4DeadState) -> dict[str, QuestionRest]:
    """Kind -> _question_rest of a figure of that kind with no markers (its card's Move),
    kept for the game (Left4DeadState.kept): a kind's card and side never change."""
    found: dict[str, QuestionRest] = state.kept().setdefault("questions", {})
    return found


class _NearestMemo:
    """nearest_each's last answers in a state (Left4DeadState.kept), with what they depend
    on: the field, the closed spaces, who stood where, and each figure's question (start,
    Move, height, flags' kind). A search reads flags only within budget + 1 steps of its
    start (every step costs at least 1), and the flags follow from who stands where, so an
    answer holds while its question is the same and no space whose occupant changed lies
    that near; on boards where the grid distance never exceeds the steps (_steps_bound)."""

    __slots__ = ("field", "blocked", "occupancy", "answers", "changed")

    def __init__(self, field: array[float], blocked: frozenset[int],
                 occupancy: Mapping[int, Figure]) -> None:
        self.field, self.blocked, self.occupancy = field, blocked, occupancy
        self.answers: dict[str, tuple[Question, list[int]]] = {}
        self.changed: list[tuple[int | None, ...]] = []  # distances from each changed space

    @classmethod
    def last(cls, state: Left4DeadState, field: array[float]) -> _NearestMemo:
        """The last call's answers where they may hold, with the distances from the spaces
        whose occupant changed since; else an empty memo."""
        memo: _NearestMemo | None = state.kept().get("nearest")
        occupancy, blocked = state.occupancy(), state.blocked_spaces()
        if memo is None or memo.field is not field or memo.blocked != blocked \
                or not _steps_bound(state.board):
            return cls(field, blocked, occupancy)
        if memo.occupancy is not occupancy:
            board, was = state.board, memo.occupancy
            # the spaces whose occupant changed: left, or taken by another; newly taken
            memo.changed = [distances(board, s) for s, f in was.items()
                            if occupancy.get(s) is not f]
            memo.changed += [distances(board, s) for s in occupancy if s not in was]
            memo.occupancy = occupancy
        return memo

    def keep(self, state: Left4DeadState, answers: dict[str, tuple[Question, list[int]]]) -> None:
        """The answers of this call (figure id -> (question, answer)), for the next."""
        self.answers = answers
        self.changed = []
        state.kept()["nearest"] = self


@lru_cache(maxsize=16)
def _steps_bound(board: Board) -> bool:
    """Whether `distances` never exceeds the steps between two spaces: every space on the
    grid and every pair of neighbours one apart (no edge joins distant spaces). Asked of each
    pair (not of `distances`' rows: a board made for a chapter would work out all of them)."""
    return all(c is not None for c in board.coords) and all(
        distance(board, a, b) == 1 for a in range(board.size) for b in board.neighbours[a])


def _routes(state: Left4DeadState, figure: Figure, origin: int, budget: int,
            through_all: bool, with_attacks: bool) -> dict[int, list[Route]]:
    """routes with the callbacks (reach in Python): what the compiled query asks."""
    board = state.board
    occupied = dict(state.occupancy())
    occupied.pop(figure.space, None)  # type: ignore[arg-type]
    side = figure.side
    enemy_at = _swipers(state, _enemies_left(state, figure))
    # Witch: Furious Focus, never attacked when leaving an engagement
    penalised = figure.kind != "witch" and bool(enemy_at) and with_attacks

    def can_pass(space: int) -> bool:
        other = occupied.get(space)
        return other is None or through_all or other.side == side

    def can_end(space: int) -> bool:
        return space not in occupied

    near: dict[int, frozenset[int]] = {}  # space -> the enemies' spaces engaged from there
    neighbours = board.neighbours

    def engaged_from(space: int) -> frozenset[int]:
        found = near.get(space)
        if found is None:
            found = frozenset(n for n in neighbours[space]
                              if n in enemy_at and engaged(state, figure, enemy_at[n], space))
            near[space] = found
        return found

    def swipes(frm: int, to: int) -> float:
        left = engaged_from(frm)
        return len(left - engaged_from(to)) if left else 0

    return reach(board, origin, budget, step_cost(state, figure), stops=stops_in(state, figure),
                 can_pass=can_pass, can_end=can_end, penalty=swipes if penalised else None)


def enemies_of(state: Left4DeadState, side: str) -> Mapping[int, Figure]:
    """Space -> the figure of another side standing there (shared until a figure moves:
    Left4DeadState.derived; read it, never change it)."""
    return state.others_at(side)


@lru_cache(maxsize=16)
def _terrain_flags(board: Board, mud: bool) -> bytes:
    """stops_in as query flags: water stops everyone but the Mud Man."""
    return bytes(len(board.terrain)) if mud else \
        bytes(STOPS if t in WATER else 0 for t in board.terrain)


def move_query(state: Left4DeadState, figure: Figure, origin: int, budget: int,
               occupied: Mapping[int, Figure], through_all: bool, enemy_at: Mapping[int, Figure],
               penalised: bool, swipers: Mapping[int, Figure] | None = None) -> MoveQuery | None:
    """What routes asks of reach, in data form (engine/board/query.py): the same step costs
    (step_cost), stops (stops_in), can_pass (no enemy unless `through_all`) and can_end (no
    figure: `occupied`, the mover left out or standing on the start, which reach always ends
    on), and if `penalised` the same penalty (the enemies left engaged, as `engaged` tests it:
    HeroScape's engagement_masks, of `swipers`: by default every enemy). None where the masks
    cannot say it (more than 63 enemies crowding together)."""
    board = state.board
    tall = height(state, figure)
    masks = _masks(state, tall, enemy_at if swipers is None else swipers) if penalised else None
    if penalised and masks is None:
        return None
    return MoveQuery(origin, budget, tall, _terrain_flags(board, slithers(figure)), masks,
                     closed=state.blocked_spaces(), no_pass=() if through_all else enemy_at,
                     no_end=occupied)


def _masks(state: Left4DeadState, tall: int,
           enemy_at: Mapping[int, Figure]) -> array[int] | None:
    """engagement_masks for a mover of height `tall` among the enemies of `enemy_at`, kept
    with that dict (Left4DeadState.kept): a dict handed out never changes, and carrying who
    stands where keeps a side's dict when only the other side moved, so the horde's moves
    share the survivors' masks (and the survivors' moves the infected's). Read them, never
    change them."""
    kept: dict[int, tuple[Mapping[int, Figure], array[int] | None]] = \
        state.kept().setdefault("masks", {})  # height -> (enemies, masks)
    was = kept.get(tall)
    if was is not None and was[0] is enemy_at:
        return was[1]
    cards = state.data.cards.cards  # height(state, enemy), for each
    found = engagement_masks(state.board, tall, list(enemy_at),
                             [cards[e.kind].height for e in enemy_at.values()])
    kept[tall] = (enemy_at, found)
    return found


def step_cost(state: Left4DeadState, figure: Figure) -> Callable[[int, int], float | None]:
    """HeroScape climbing for the figure's Height; a closed crescendo obstacle is no way."""
    climb = climbing_cost(state.board, height(state, figure))
    blocked = state.blocked_spaces()
    if not blocked:
        return climb
    return lambda frm, to: None if to in blocked else climb(frm, to)


def move_label(state: Left4DeadState, figure: Figure, space: int, route: Route | None) -> str:
    """"Move Bill to 7,3 (4 spaces, 1 leaving-engagement attack)": built only when read."""
    text = f"Move {combat.name(figure)} to {state.board.names[space]}"
    if route is None:
        return text
    cost = int(route.cost)
    text += f" ({cost} space{'' if cost == 1 else 's'}"
    if route.penalty:
        text += f", {int(route.penalty)} leaving-engagement attack(s)"
    return text + ")"


def move_choices(state: Left4DeadState, figure: Figure, budget: int | None = None,
                 costs: bool = False) -> ActionList:
    """"move:<space>" to each space routes(state, figure, budget) reaches but where the
    figure stands, in space order, by its safest route; the actions (labels, arguments:
    verb, figure, space, and with `costs` the route's cost and attacks) are made only when
    read, and the routes with them (routes_as_now)."""
    spaces = sorted(ends(state, figure, budget))
    if figure.space in spaces:  # (always: a move may end where it began)
        spaces.remove(figure.space)
    routes_then = routes_as_now(state, figure, budget)

    def build() -> Iterator[Action]:
        names = state.board.names
        found = routes_then()
        for space in spaces:
            route = safest(found[space])
            args: dict[str, Any] = {"verb": "move", "figure": figure.id, "space": names[space]}
            if costs:
                args["cost"], args["attacks"] = route.cost, route.penalty
            yield Action(f"move:{space}", partial(move_label, state, figure, space, route), args)

    ids = space_ids("move", state.board.size)
    return ActionList([ids[s] for s in spaces], build)


@lru_cache(maxsize=64)
def space_ids(verb: str, size: int) -> tuple[str, ...]:
    """"<verb>:<space>" ("move:7", "pounce:7", "acid:7") for every space of a board this
    size, made once: a decision that lists spaces reads its ids from here."""
    return tuple(f"{verb}:{s}" for s in range(size))


def safest(options: list[Route]) -> Route:
    """Of a space's Pareto routes, the one with the fewest leaving-engagement attacks (then the
    cheapest): what a mover chooses unless it has a reason to save movement."""
    if len(options) == 1:
        return options[0]  # most spaces have one route: no need to compare
    return min(options, key=lambda r: (r.penalty, r.cost))


def walk(state: Left4DeadState, figure: Figure, route: Route) -> None:
    """Move along a route step by step: leaving-engagement attacks, falls, and what lies on the
    spaces entered (fire, acid, water that puts out burning). Stops where the figure falls."""
    board = state.board
    others: _Others | None = None  # made at the first step with an enemy next to the walker
    next_to = _next_to(board)
    enemy_at: Mapping[int, Figure] = {}
    known = -1  # placements() when enemy_at was read: the walker's own steps aside, unchanged
    for frm, to in zip(route.spaces, route.spaces[1:], strict=False):
        if figure.space != frm or figure.down:
            return
        if figure.kind != "witch":
            if placements() != known:  # the first step, or another figure moved or came
                enemy_at = enemies_of(state, figure.side)
            near = next_to[frm]  # engaged from frm means next to it: ask only those
            for space in near:  # the figures looked through only with an enemy next to it
                if space in enemy_at:
                    others = others or _Others(state, figure.side)
                    enemies = [e for e in others.figures() if e.space in near]
                    break
            else:
                enemies = []  # (most steps)
            if enemies and not swipes_when_down(state):
                enemies = [e for e in enemies if not e.down]
            for enemy in enemies:
                if enemy.space in near and engaged(state, figure, enemy, frm) \
                        and not engaged(state, figure, enemy, to):
                    dice = state.data.rules.leaving_dice
                    hit = combat.skulls(state, dice)
                    result = (f"{hit} skull(s), {hit} wound(s)" if dice != 1 else
                              "a skull, 1 wound" if hit else "no skull")
                    state.event(f"{combat.name(figure)} leaves an engagement with "
                                f"{combat.name(enemy)}: {result}.", CORE_ENGAGE)
                    combat.wound(state, figure, hit, enemy, CORE_ENGAGE)
                    if figure.space != frm or figure.down:
                        return
        figure.space = to
        known = placements()
        drop = board.level[frm] - board.level[to]
        if drop > 0:  # no fall otherwise: Height >= 1 and minor_drop >= 0 (data.py)
            fall(state, figure, drop, to)
            if figure.space is None:
                return
        items.entered(state, figure, to)


@lru_cache(maxsize=16)
def _next_to(board: Board) -> tuple[frozenset[int], ...]:
    """Each space's neighbours as a set: a walk asks of every enemy at every step whether it
    stands next to the walker."""
    return tuple(frozenset(near) for near in board.neighbours)


class _Others:
    """The figures of the other side than `side` that may stand next to a walker, in the
    order of state.figures, for each step of a walk: the survivors, or the infected on the
    map (one off it stands next to nobody). Asked again only when a figure has entered play
    (a new figure is added last; one destroyed is deleted after leaving the map, so it
    stands nowhere meanwhile)."""

    __slots__ = ("state", "side", "last", "found")

    def __init__(self, state: Left4DeadState, side: str) -> None:
        self.state, self.side = state, side
        self.last: tuple[int, str | None] = (-1, None)
        self.found: tuple[Figure, ...] = ()

    def figures(self) -> tuple[Figure, ...]:
        state = self.state
        figures = state.figures
        last = (len(figures), next(reversed(figures), None))
        if last != self.last:
            self.last = last
            self.found = state.survivors() if self.side == INFECTED else state.infected()
        return self.found


def fall(state: Left4DeadState, figure: Figure, drop: int, space: int) -> None:
    """Falling damage (HeroScape core rules; rules.toml [falling]; the +10 dice are an option,
    A-21)."""
    rules = state.data.rules.fall
    h = height(state, figure)
    if drop < h + rules.minor_drop or (figure.side == "infected" and not rules.infected_fall) \
            or (rules.water_safe and state.board.terrain[space] in WATER):
        return
    if drop >= h + rules.extreme_drop:
        roll = state.dice.d20()
        if roll >= rules.extreme_safe_on:
            state.event(f"{combat.name(figure)} falls {drop} levels and rolls {roll}: safe.",
                        "HeroScape core rules: Falling")
            return
        state.event(f"{combat.name(figure)} falls {drop} levels and rolls {roll}: destroyed.",
                    "HeroScape core rules: Falling")
        figure.wounds = combat.life(state, figure)
        if not figure.down and figure.side == "survivors":
            combat.incapacitate(state, figure, "HeroScape core rules: Falling")
        else:
            combat.destroy(state, figure, None, "HeroScape core rules: Falling")
        return
    dice = state.game.options["major-fall-dice"] if drop >= h + rules.major_drop \
        else rules.minor_dice
    hits = combat.skulls(state, dice)
    state.event(f"{combat.name(figure)} falls {drop} levels: {dice} dice, {hits} wound(s).",
                "HeroScape core rules: Falling")
    combat.wound(state, figure, hits, None, "HeroScape core rules: Falling")


def spaces_away(state: Left4DeadState, a: int, b: int) -> int:
    d = distances(state.board, a)[b]
    return math.inf if d is None else d  # type: ignore[return-value]


def standing_heights(state: Left4DeadState) -> dict[int, int]:
    """Space -> height of the figure standing there (figures lying down block no sight).
    Shared until a figure moves (Left4DeadState.derived): read it, never change it."""
    cache = state.derived()
    found = cache.get("standing")
    if found is None:
        found = cache["standing"] = {f.space: height(state, f) for f in state.figures.values()
                                     if f.space is not None and not f.down}
    return found


def can_see(state: Left4DeadState, viewer: Figure, target: Figure,
            from_space: int | None = None, figures: dict[int, int] | None = None) -> bool:
    """Clear line of sight from viewer to target (figures in between block; the viewer and the
    target themselves never do: sight judges only the spaces between)."""
    a = viewer.space if from_space is None else from_space
    b = target.space
    if a is None or b is None:
        return False
    others = standing_heights(state) if figures is None else figures
    return sees(state.board, a, b, height_a=height(state, viewer),
                height_b=height(state, target), figures=others)


def can_see_space(state: Left4DeadState, viewer: Figure, space: int,
                  figures: dict[int, int] | None = None) -> bool:
    a = viewer.space
    if a is None:
        return False
    others = standing_heights(state) if figures is None else figures
    return sees(state.board, a, space, height_a=height(state, viewer), height_b=0,
                figures=others)


def targets_in_range(state: Left4DeadState, attacker: Figure, candidates: Sequence[Figure],
                     reach_: int) -> list[Figure]:
    """The legal targets among `candidates` at `reach_`: engaged figures only if the attacker
    is engaged; else within range (spaces, ignoring levels) and in clear sight."""
    if attacker.space is None:
        return []
    engagements = engaged_with(state, attacker)
    if engagements:
        return [t for t in candidates if t in engagements]
    if reach_ <= 1:
        return []  # range 1 means adjacent, i.e. engaged
    here = attacker.space
    away = distances(state.board, here)  # spaces_away from the attacker, for each
    near = [t for t in candidates if t.space is not None and t.side != attacker.side
            and (d := away[t.space]) is not None and d <= reach_]
    if not near:
        return []
    # can_see for each: one visible per height of target, the figures the same for all
    figures = standing_heights(state)
    tall = height(state, attacker)
    by_height: dict[int, list[int]] = {}
    for t in near:
        by_height.setdefault(height(state, t), []).append(t.space)  # type: ignore[arg-type]
    seen = {space for h, spaces in by_height.items()
            for space in visible(state.board, here, spaces, height_a=tall, height_b=h,
                                 figures=figures)}
    return [t for t in near if t.space in seen]


def in_range(state: Left4DeadState, attacker: Figure, target: Figure, reach_: int) -> bool:
    """Whether `target` is a legal target at `reach_` (targets_in_range, for one)."""
    return bool(targets_in_range(state, attacker, [target], reach_))


# Last: items imports this module (imported at the top, the cycle would find it half made);
# walk asks it at every step, an import in the function cost ~1 µs a call.
from deadtable.games.left_4_dead import items  # noqa: E402
