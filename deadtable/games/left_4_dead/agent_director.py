"""The infected's director: the horde's forced moves played to hurt, and each special's choices.

The horde's moves and attacks are mostly forced (Horde Mentality); of those allowed it sends
forward the zombies that reach a survivor, makes a Zombie Onslaught where it can and piles onto
the weakest survivor. A special goes where its power works and chooses for it:

- Boomer: to where its Projectile Vomit reaches most survivors, and vomits on all of them;
- Hunter, Jockey, Smoker, Charger: after the most isolated survivor (fewest teammates near to
  free it), pouncing next to it, latching on, snaring or pummelling it;
- Spitter: acid where the splash catches most survivors;
- Tank: stays on its height while a Rock Throw reaches someone, else closes in;
- whatever else is weighed by looking one step ahead on a few sampled worlds (wounds, incaps
  and captures each would bring).
"""

from __future__ import annotations

import math

from deadtable.agents.base import Observation
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState
from deadtable.games.left_4_dead.agent_common import (
    acting,
    arg,
    friends_near,
    glance,
    life_left,
    on_map,
    spaces_apart,
    standing,
    step_field,
    survivor_field,
)
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

LOOKAHEAD_WORLDS = 3
CAPTORS = ("hunter", "jockey", "smoker", "charger")
CAPTURE_VERBS = ("latch:", "tongue:", "pummel:")


def harm(state: GameState) -> float:
    """How badly the survivors fare: wounds, incaps, figures down, captured or gone."""
    assert isinstance(state, Left4DeadState)
    total = 0.0
    for f in state.survivors():
        if f.space is None or f.closet:
            total += 12
            continue
        total += f.wounds + 4 * f.incaps + (5 if f.down else 0)
        total += sum(3 for k in ("pinned", "grabbed", "ridden", "tongue", "vomit")
                     if k in f.markers)
    if state.outcome is not None:
        total += 100 if state.outcome.results.get("infected") == "win" else -100
    return total


class DirectorAgent:
    def __init__(self, seed: int, worlds: int = LOOKAHEAD_WORLDS) -> None:
        self.dice = Dice(seed)
        self.worlds = worlds

    def act(self, obs: Observation) -> str:
        ids = obs.decision.ids
        if len(ids) == 1:
            return ids[0]
        state = glance(obs, self.dice)
        kind = state.stack[-1].KIND
        if kind == "side-turn":
            return specials_before_horde(ids)
        if kind == "horde-turn":
            return horde(state, ids)
        if kind != "special-turn":
            return self.look_ahead(obs, ids)
        figure = acting(state)
        chosen = vomit_on_most(ids) or capture_the_isolated(state, ids)
        if chosen is not None:
            return chosen
        if any(i.startswith(("move:", "pounce:", "charge:")) for i in ids):
            return self.special_move(obs, state, figure, ids)
        return self.look_ahead(obs, splash_most(state, ids))

    def special_move(self, obs: Observation, state: Left4DeadState, figure: Figure,
                     ids: list[str]) -> str:
        if figure.kind == "tank" and tank_keeps_height(state, figure):
            return "stay" if "stay" in ids else ids[0]
        if figure.kind == "hunter":
            pounce = pounce_on_isolated(state, ids)
            if pounce is not None:
                return pounce
        if figure.kind == "charger":
            charges = charges_into_survivors(state, figure, ids)
            if charges:
                return self.look_ahead(obs, charges)
        if figure.kind == "boomer":
            spot = boomer_spot(state, figure, ids)
            if spot is not None:
                return spot
        return approach(state, figure, ids)

    def look_ahead(self, obs: Observation, ids: list[str]) -> str:
        """The action whose one step hurts the survivors most over `worlds` sampled worlds
        (the first such in `ids`). Every action is played in the same worlds, the same item
        pool and dice (common random numbers), so they differ by what they do rather than by
        their luck; each on its own clone of a world, the last on the world itself."""
        worlds = [obs.sample(self.dice) for _ in range(self.worlds)]
        best, best_score = ids[0], -math.inf
        last = len(ids) - 1
        for n, action in enumerate(ids):
            score = 0.0
            for world in worlds:
                played = world if n == last else world.clone()
                played.apply(action)
                score += harm(played)
            if score > best_score:
                best, best_score = action, score
        return best


# -- the side's turn and the horde ----------------------------------------------------------
def specials_before_horde(ids: list[str]) -> str:
    # Specials first: their captures hold survivors still for the horde that follows.
    return next((i for i in ids if i != "end-turn" and i != "turn:horde"),
                "turn:horde" if "turn:horde" in ids else ids[0])


def horde(state: Left4DeadState, ids: list[str]) -> str:
    near = survivor_field(state)
    moves = [i for i in ids if i.startswith("horde-move:")]
    if moves:
        return min(moves, key=lambda i: (near[int(i.rsplit(":", 1)[1])], i))
    onslaughts = [i for i in ids if i.startswith("onslaught:")]
    if onslaughts:
        return onslaughts[0]
    attacks = [i for i in ids if i.startswith("horde-attack:")]
    if attacks:
        def weakness(action: str) -> tuple[float, str]:
            target = state.figures[action.rsplit(":", 1)[1]]
            return (life_left(state, target) - (10 if target.down else 0), action)
        return min(attacks, key=weakness)
    return ids[0]


# -- the specials' choices ------------------------------------------------------------------
def isolation(state: Left4DeadState, survivor: Figure) -> tuple[int, int, str]:
    """Lower is better prey: fewest teammates near to free it, then the least Life left."""
    return (friends_near(state, survivor), life_left(state, survivor), survivor.id)


def prey(state: Left4DeadState) -> Figure | None:
    """The survivor a capturing special goes after: the most isolated one standing."""
    return min(standing(state), key=lambda f: isolation(state, f), default=None)


def vomit_on_most(ids: list[str]) -> str | None:
    # "vomit:all" covers every survivor in reach; singles are offered only when there are two
    # or more, so then "all" hits most.
    if "vomit:all" in ids and any(i.startswith("vomit:") and i != "vomit:all" for i in ids):
        return "vomit:all"
    return None


def capture_the_isolated(state: Left4DeadState, ids: list[str]) -> str | None:
    """Latch On, Tongue Snare or Pummel the most isolated survivor offered: a captive its
    teammates cannot reach stays held (and hurt) longest."""
    captures = [i for i in ids if i.startswith(CAPTURE_VERBS)]
    if not captures:
        return None
    return min(captures, key=lambda i: isolation(state, state.figures[arg(i, 1)]))


def pounce_on_isolated(state: Left4DeadState, ids: list[str]) -> str | None:
    """A Hunter Pounce that lands next to the most isolated survivor it can reach (2 more
    dice and a pin), on a landing with the fewest other survivors beside it."""
    best: tuple[tuple[int, int, str], int, str] | None = None
    for action in ids:
        if not action.startswith("pounce:"):
            continue
        landing = int(arg(action, 1))
        beside = [f for f in standing(state) if spaces_apart(state, f.space, landing) == 1]
        if not beside:
            continue
        key = (min(isolation(state, f) for f in beside), len(beside), action)
        if best is None or key < best:
            best = key
    return best[2] if best is not None else None


def charges_into_survivors(state: Left4DeadState, figure: Figure, ids: list[str]) -> list[str]:
    """The Barreling Charges whose line passes through or ends next to a survivor (to pummel
    one), at most one per direction: the longest."""
    from deadtable.games.left_4_dead.powers.charger import lines

    paths = lines(state, figure)
    targets = {f.space for f in standing(state)}
    longest: dict[str, tuple[int, str]] = {}
    for action in ids:
        if not action.startswith("charge:"):
            continue
        direction, count = arg(action, 1), int(arg(action, 2))
        path = paths.get(direction, [])[:count]
        touched = {n for s in path for n in (s, *state.board.neighbours[s])}
        if targets & touched and count > longest.get(direction, (0, ""))[0]:
            longest[direction] = (count, action)
    return [action for _, action in longest.values()]


def boomer_spot(state: Left4DeadState, figure: Figure, ids: list[str]) -> str | None:
    """Where the Boomer's Projectile Vomit (3 spaces, clear sight) reaches most survivors; it
    stays put when no move reaches more than it reaches already."""
    from deadtable.games.left_4_dead.powers.boomer import targets

    here = figure.space

    def reached(space: int) -> int:
        figure.space = space  # the sample is the agent's own to try places on
        count = len(targets(state, figure))
        figure.space = here
        return count

    best, most = ("stay" if "stay" in ids else None), reached(here) if here is not None else 0
    for action in ids:
        if action.startswith("move:") and (n := reached(int(arg(action, 1)))) > most:
            best, most = action, n
    return best if most > 0 else None


def tank_keeps_height(state: Left4DeadState, figure: Figure) -> bool:
    """A Tank on high ground that can throw a rock now (it may not move first) does so rather
    than climbing down, unless a survivor stands next to it for its punch."""
    from deadtable.games.left_4_dead.powers.tank import rock_targets
    from deadtable.games.left_4_dead.specials import SpecialTurn

    frame = state.stack[-1]
    assert isinstance(frame, SpecialTurn)
    assert figure.space is not None
    if any(spaces_apart(state, f.space, figure.space) == 1 for f in on_map(state)):
        return False
    return bool(rock_targets(state, frame, figure))


def approach(state: Left4DeadState, figure: Figure, ids: list[str]) -> str:
    """Move toward a survivor: a capturing special toward its prey, the others toward the
    nearest one; stay when no move gets nearer. A special already next to a survivor uses
    its power or attack instead of moving."""
    target = prey(state) if figure.kind in CAPTORS else None
    if target is not None and target.space is not None:
        near = step_field(state, [target.space])
    else:
        near = survivor_field(state)
    others = [i for i in ids if not i.startswith(("move:", "pounce:", "charge:")) and i != "stay"]
    if others and figure.space is not None and near[figure.space] <= 1:
        return others[0]
    moves = [i for i in ids if i.startswith("move:")]
    here = near[figure.space] if figure.space is not None else math.inf
    if not moves:
        return "stay" if "stay" in ids else ids[0]
    best = min(moves, key=lambda i: (near[int(arg(i, 1))], i))
    if near[int(arg(best, 1))] >= here and "stay" in ids:
        return "stay"
    return best


def splash_most(state: Left4DeadState, ids: list[str]) -> list[str]:
    """The Spitter's Acid Vomit offers every space in sight: keep the few whose splash (the
    space and those around it) catches most survivors, for the look-ahead to weigh."""
    acid = [i for i in ids if i.startswith("acid:")]
    if not acid:
        return ids
    team = {f.space for f in on_map(state)}

    def caught(action: str) -> int:
        space = int(arg(action, 1))
        return len(team & {space, *state.board.neighbours[space]})

    most = max(caught(i) for i in acid)
    best = [i for i in acid if caught(i) == most][:3]
    return [i for i in ids if not i.startswith("acid:")] + best
