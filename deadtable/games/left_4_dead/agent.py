"""The game's own agents: the infected's director and a heuristic for the survivors.

Both read the map through a sample of the game (`Observation.sample`): a copy in which the item
pool's order and the dice are dealt anew, so it shows nothing a seat may not know (both sides
see the whole table). Their own dice break ties and deal the samples.

- `director` (the infected's default): the horde's moves and attacks are mostly forced (Horde
  Mentality); of those allowed it sends forward the zombies that reach a survivor, makes a
  Zombie Onslaught where it can and piles onto the weakest survivor. A special goes where it
  can hurt, and its attack or power is chosen by looking one step ahead on a few sampled
  worlds (how many wounds, incaps and captures each would bring).
- `heuristic` (the survivors): takes the best weapons, heals and stands teammates up, walks
  toward the crescendo trigger and then the safe room without straying from the team, and shoots
  what threatens it most, specials and captors first.
"""

from __future__ import annotations

import math

from deadtable.agents.base import Observation
from deadtable.engine.board import distance, distance_field
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState
from deadtable.games.left_4_dead.state import Left4DeadState

WEAPON_RANK = {"card": 0, "pump-shotgun": 4, "chrome-shotgun": 4, "uzi": 3, "silenced-uzi": 3,
               "auto-shotgun": 6, "combat-shotgun": 6, "m16": 6, "ak-47": 6,
               "combat-rifle": 6, "hunting-rifle": 5, "sniper-rifle": 5,
               "grenade-launcher": 5, "portable-hmg": 6}
SECONDARY_RANK = {"second-pistol": 2, "magnum": 2, "chainsaw": 3}
LOOKAHEAD_WORLDS = 3


def _state(obs: Observation, dice: Dice) -> Left4DeadState:
    state = obs.sample(dice)
    assert isinstance(state, Left4DeadState)
    return state


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
        state = _state(obs, self.dice)
        kind = state.stack[-1].KIND
        if kind == "side-turn":
            return next((i for i in ids if i != "end-turn" and i != "turn:horde"),
                        "turn:horde" if "turn:horde" in ids else ids[0])
        if kind == "horde-turn":
            return self._horde(state, ids)
        moves = [i for i in ids if i.startswith("move:")]
        if moves:
            return self._special_move(state, moves, ids)
        return self._look_ahead(obs, ids)

    def _horde(self, state: Left4DeadState, ids: list[str]) -> str:
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
                left = state.card(target).life - target.wounds
                return (left - (10 if target.down else 0), action)
            return min(attacks, key=weakness)
        return ids[0]

    def _special_move(self, state: Left4DeadState, moves: list[str], ids: list[str]) -> str:
        figure = state.figures[state.stack[-1].figure]  # type: ignore[attr-defined]
        near = survivor_field(state)
        if figure.kind == "tank" and figure.space is not None and \
                state.board.level[figure.space] > 0 and near[figure.space] > 1:
            return "stay" if "stay" in ids else moves[0]  # keep the height for a Rock Throw
        others = [i for i in ids if not i.startswith("move:") and i != "stay"]
        if others and figure.space is not None and near[figure.space] <= 1:
            return others[0]
        best = min(moves, key=lambda i: (near[int(i.split(":")[1])], i))
        here = near[figure.space] if figure.space is not None else math.inf
        if near[int(best.split(":")[1])] >= here and "stay" in ids:
            return "stay"
        return best

    def _look_ahead(self, obs: Observation, ids: list[str]) -> str:
        best, best_score = ids[0], -math.inf
        for action in ids:
            score = 0.0
            for _ in range(self.worlds):
                world = obs.sample(self.dice)
                world.apply(action)
                score += harm(world)
            if score > best_score:
                best, best_score = action, score
        return best


def survivor_field(state: Left4DeadState) -> list[float]:
    sources = [f.space for f in state.survivors() if f.space is not None and not f.closet]
    return distance_field(state.board, sources)


def goal_field(state: Left4DeadState) -> list[float]:
    """Where the survivors head: the crescendo trigger while its obstacle bars the way, then
    the safe room."""
    if state.blocked_spaces() and state.crescendo == 0:
        triggers = [m.space for m in state.board.markers_of("crescendo-trigger")]
        if triggers:
            return distance_field(state.board, triggers)
    from deadtable.games.left_4_dead.movement import step_cost

    walker = next(iter(state.survivors()))
    return distance_field(state.board, state.board.zones["end"].spaces, step_cost(state, walker))


class HeuristicAgent:
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)

    def act(self, obs: Observation) -> str:
        ids = obs.decision.ids
        if len(ids) == 1:
            return ids[0]
        state = _state(obs, self.dice)
        frame = state.stack[-1]
        if frame.KIND == "kit-out":
            return max(ids, key=lambda i: (rank(i.split(":")[-1]), i))
        if frame.KIND == "side-turn":
            return ids[0]
        figure = state.figures[frame.figure]  # type: ignore[attr-defined]
        for verb in ("stand:", "rescue:", "defib:"):
            found = [i for i in ids if i.startswith(verb)]
            if found:
                return found[0]
        if frame.step == "before":
            heal = [i for i in ids if i.startswith("heal:")
                    and state.figures[i.split(":")[1]].wounds >= 3]
            if heal:
                return heal[0]
            if figure.wounds >= 3 and any(i.startswith("pills:") for i in ids):
                return next(i for i in ids if i.startswith("pills:"))
            return "go-on" if "go-on" in ids else ids[0]
        if frame.step == "move":
            return self._move(state, figure, ids)
        if frame.step == "pickup":
            return self._pickup(state, figure, ids)
        return self._attack(state, ids)

    def _move(self, state: Left4DeadState, figure: object, ids: list[str]) -> str:
        from deadtable.games.left_4_dead.movement import routes, safest

        goal = goal_field(state)
        me = state.figures[state.stack[-1].figure]  # type: ignore[attr-defined]
        here = me.space
        assert here is not None
        if any(m.space == here for m in state.board.markers_of("crescendo-trigger")) \
                and state.crescendo == 0 and state.blocked_spaces():
            return "stop" if "stop" in ids else ids[-1]  # hold the trigger to the round's end
        friends = [f.space for f in state.survivors()
                   if f is not me and f.space is not None and not f.closet]
        down = [f.space for f in state.survivors() if f.down and f.space is not None]
        options = routes(state, me, state.stack[-1].budget)  # type: ignore[attr-defined]

        def score(space: int, attacks: float) -> float:
            value = goal[space] + 3 * attacks
            if friends:
                apart = min(distance(state.board, space, f) or 0 for f in friends)
                value += 0.5 * max(0, apart - 3)
            if down:
                value += min(distance(state.board, space, d) or 0 for d in down)
            return value

        best, best_score = ("stop" if "stop" in ids else ids[-1]), score(here, 0)
        for action in ids:
            if not action.startswith("move:"):
                continue
            space = int(action.split(":")[1])
            value = score(space, safest(options[space]).penalty) if space in options else math.inf
            if value < best_score:
                best, best_score = action, value
        return best

    def _pickup(self, state: Left4DeadState, figure: object, ids: list[str]) -> str:
        from deadtable.games.left_4_dead.items import slot_of

        me = state.figures[state.stack[-1].figure]  # type: ignore[attr-defined]
        for action in ids:
            if not action.startswith("pick:"):
                continue
            item = action.split(":")[2]
            slot = slot_of(state, item)
            held = me.items.get(slot)
            if held is None or rank(item) > rank(held):
                return action
        return "go-on" if "go-on" in ids else ids[-1]

    def _attack(self, state: Left4DeadState, ids: list[str]) -> str:
        def value(action: str) -> float:
            parts = action.split(":")
            if parts[0] != "attack" or parts[2].startswith(("line-", "@")):
                return 1.5 if parts[0] == "attack" else -1
            target = state.figures.get(parts[2])
            if target is None:
                return 0
            worth = 1.0
            if state.card(target).group == "special":
                worth = 3 if target.kind != "witch" or target.markers.get("disturbed-by") else -5
            if any(s.markers.get(k) == target.id for s in state.survivors()
                   for k in ("pinned", "grabbed", "ridden", "tongue")):
                worth += 6
            return worth + rank(parts[1]) * 0.1
        best = max(ids, key=lambda i: (value(i), i))
        return best if value(best) > 0 else ("end" if "end" in ids else ids[-1])


def rank(item: str) -> float:
    if item in WEAPON_RANK:
        return WEAPON_RANK[item]
    if item in SECONDARY_RANK:
        return SECONDARY_RANK[item]
    if item in ("health-kit", "pain-pills", "adrenaline-shot", "defibrillator"):
        return 1
    return 1.5  # melee weapons and explosives
