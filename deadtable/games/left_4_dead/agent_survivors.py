"""The survivors' heuristic agent: one function per behaviour.

- who acts first: a survivor that can help a teammate (stand one up, heal, shoot a captor),
  then the one farthest behind, so that those ahead move knowing where the team is;
- before the turn: stand a teammate up, revive with the defibrillator, heal the badly hurt,
  take pills when hurt, deploy ammo against a crowd;
- moving: toward the safe room along the map's distance field, never far ahead of the last
  teammate, toward a teammate down or held, toward items worth having, away from a calm Witch;
- picking up: what beats what the slot holds;
- Explosive Ammo's push: an infected figure away from the team;
- attacking: the most dangerous target (a captor first), with a mounted gun when standing on
  one, explosives where they hit a crowd or lure the horde away, a gas can, fireworks or tank
  lit where the infected crowd round it, rescuing a teammate from a Hero Closet;
- alarms: a move that ends on an armed car or walks through a metal detector costs a little.
"""

from __future__ import annotations

from collections.abc import Collection

from deadtable.agents.base import Observation
from deadtable.engine.board import distances
from deadtable.engine.board.movement import Route
from deadtable.engine.dice import Dice
from deadtable.games.left_4_dead.agent_common import (
    acting,
    arg,
    calm_witch,
    captor_of,
    captors,
    glance,
    goal_field,
    is_special,
    on_map,
    spaces_apart,
    standing,
)
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

WEAPON_RANK = {"card": 0, "pump-shotgun": 4, "chrome-shotgun": 4, "uzi": 3, "silenced-uzi": 3,
               "auto-shotgun": 6, "combat-shotgun": 6, "m16": 6, "ak-47": 6,
               "combat-rifle": 6, "hunting-rifle": 5, "sniper-rifle": 5,
               "grenade-launcher": 5, "portable-hmg": 6,
               "minigun": 7, "heavy-machine-gun": 7}  # mounted guns: 4 attacks, skulls twice
SECONDARY_RANK = {"second-pistol": 2, "magnum": 2, "chainsaw": 3}
OTHER_RANK = {"health-kit": 3, "defibrillator": 2, "incendiary-ammo": 1, "explosive-ammo": 1,
              "pain-pills": 2, "adrenaline-shot": 1.5,
              "molotov-cocktail": 3, "pipe-bomb": 2.5, "bile-bomb": 2}
# How much a target threatens the team, before captors and Witches are weighed.
DANGER = {"tank": 5, "hunter": 4, "smoker": 4, "jockey": 4, "charger": 4, "spitter": 3,
          "boomer": 2, "witch": 5}
LEAD = 3  # how far (in steps toward the goal) a survivor may walk ahead of the last teammate
HURT = 3  # wounds at which a survivor (Life 5) is worth a Health Kit
CROWD = 3  # infected near the team that make an explosive or deployed ammo worth it
LURE_AWAY = 3  # a Bile or Pipe Bomb lands at least this far from every survivor
ALARM = 3  # what setting off a car alarm or metal detector costs a move (a wave comes, twice);
# less than a move's progress, so that a detector on the only way does not stop the team


def rank(item: str) -> float:
    """How good an item is in its slot (the card's own attack is 0)."""
    for table in (WEAPON_RANK, SECONDARY_RANK, OTHER_RANK):
        if item in table:
            return table[item]
    return 1.5  # melee weapons


class HeuristicAgent:
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)

    def act(self, obs: Observation) -> str:
        ids = obs.decision.ids
        if len(ids) == 1:
            return ids[0]
        state = glance(obs, self.dice)
        frame = state.stack[-1]
        if frame.KIND == "kit-out":
            return max(ids, key=lambda i: (rank(i.split(":")[-1]), i))
        if frame.KIND == "side-turn":
            return choose_who_acts(state, ids)
        if frame.KIND == "explosive-push":
            return push_away(state, ids)
        if frame.KIND != "survivor-turn":
            return ids[0]
        me = acting(state)
        step = frame.step
        if step == "before":
            return before_turn(state, me, ids)
        if step == "move":
            return move(state, me, ids)
        if step == "pickup":
            return pick_up(state, me, ids)
        return attack(state, me, ids)


# -- who acts ------------------------------------------------------------------------------
def choose_who_acts(state: Left4DeadState, ids: list[str]) -> str:
    """Helpers first (their help cannot wait), then the survivor farthest behind."""
    turns = [i for i in ids if i.startswith("turn:")]
    if not turns:
        return ids[0]
    goal = goal_field(state)
    held = captors(state)

    def urgency(action: str) -> tuple[int, float, str]:
        figure = state.figures[arg(action, 1)]
        assert figure.space is not None
        helps = any(f.down and spaces_apart(state, f.space, figure.space) == 1
                    for f in on_map(state) if f is not figure)
        near_captor = any(spaces_apart(state, state.figures[c].space, figure.space) <= 6
                          for c in held)
        return (0 if helps or near_captor else 1, -goal[figure.space], action)

    return min(turns, key=urgency)


def push_away(state: Left4DeadState, ids: list[str]) -> str:
    """Explosive Ammo's push: the move that takes an infected figure farthest from the
    survivors it is nearest, if any takes it farther; else no more pushes."""
    team = [f.space for f in on_map(state)]

    def gain(action: str) -> float:
        figure = state.figures[arg(action, 1)]
        now = min(spaces_apart(state, figure.space, s) for s in team)
        return min(spaces_apart(state, int(arg(action, 2)), s) for s in team) - now

    pushes = [i for i in ids if i.startswith("push:")]
    best = max(pushes, key=lambda i: (gain(i), i), default=None)
    return best if best is not None and gain(best) > 0 else "push-done"


# -- before the turn -----------------------------------------------------------------------
def before_turn(state: Left4DeadState, me: Figure, ids: list[str]) -> str:
    return (take_pills_when_hurt(state, me, ids) or stand_up_teammate(ids)
            or revive_teammate(ids) or heal_the_hurt(state, ids)
            or deploy_ammo_against_crowd(state, ids)
            or ("go-on" if "go-on" in ids else ids[0]))


def take_pills_when_hurt(state: Left4DeadState, me: Figure, ids: list[str]) -> str | None:
    # Pills and Adrenaline do not cost the turn: use them as soon as wounds pile up.
    if me.wounds >= 2:
        return next((i for i in ids if i.startswith("pills:")), None)
    return None


def stand_up_teammate(ids: list[str]) -> str | None:
    # A survivor down takes wounds toward its third incapacitation: stand it up at once.
    return next((i for i in ids if i.startswith("stand:")), None)


def revive_teammate(ids: list[str]) -> str | None:
    return next((i for i in ids if i.startswith("defib:")), None)


def heal_the_hurt(state: Left4DeadState, ids: list[str]) -> str | None:
    """The Health Kit on the most hurt (counting Incapped Markers: a third incap destroys)."""
    def need(action: str) -> int:
        target = state.figures[arg(action, 1)]
        return target.wounds + 2 * target.incaps

    heals = [i for i in ids if i.startswith("heal:")]
    best = max(heals, key=need, default=None)
    return best if best is not None and need(best) >= HURT else None


def deploy_ammo_against_crowd(state: Left4DeadState, ids: list[str]) -> str | None:
    deploy = next((i for i in ids if i.startswith("deploy:")), None)
    if deploy is None:
        return None
    team = [f.space for f in standing(state)]
    close = [f for f in state.infected() if f.space is not None and not calm_witch(f)
             and any(spaces_apart(state, f.space, s) <= 5 for s in team)]
    return deploy if len(close) >= CROWD else None


# -- moving --------------------------------------------------------------------------------
def move(state: Left4DeadState, me: Figure, ids: list[str]) -> str:
    from deadtable.games.left_4_dead.movement import routes, safest

    stop = "stop" if "stop" in ids else ids[-1]
    here = me.space
    assert here is not None
    if holds_crescendo_trigger(state, here) or holds_finale_trigger(state, here):
        return stop
    frame = state.stack[-1]
    options = routes(state, me, frame.budget)  # type: ignore[attr-defined]
    place = Placement(state, me)
    best, best_score = stop, place.score(here, 0)
    for action in ids:
        if not action.startswith("move:"):
            continue
        space = int(arg(action, 1))
        if space not in options:
            continue
        route = safest(options[space])
        value = place.score(space, route.penalty) + place.alarm_cost(route)
        if value < best_score:
            best, best_score = action, value
    return best


def holds_crescendo_trigger(state: Left4DeadState, here: int) -> bool:
    # The crescendo event runs while a survivor stays on the trigger to the round's end.
    return state.crescendo == 0 and bool(state.blocked_spaces()) and any(
        m.space == here for m in state.board.markers_of("crescendo-trigger"))


def holds_finale_trigger(state: Left4DeadState, here: int) -> bool:
    # The Finale Event starts at the end of a round with a survivor on its trigger.
    return state.finale is not None and not state.finale.started and any(
        m.space == here for m in state.board.markers_of("finale-trigger"))


class Placement:
    """Where `me` should end its move, one method per concern. What the concerns read off
    the table (the team, the goal, who is in need, calm Witches, items, alarms) is gathered
    once per move, not once per space: a move weighs some forty spaces."""

    def __init__(self, state: Left4DeadState, me: Figure) -> None:
        from deadtable.games.left_4_dead import environment
        from deadtable.games.left_4_dead.finale import vehicle_spaces

        self.state, self.me = state, me
        self.goal = goal_field(state)
        if state.finale is None:
            goal_spaces: Collection[int] = state.board.zones["end"].spaces
        else:
            goal_spaces = vehicle_spaces(state) if state.finale.arrived else ()
        self.goal_spaces = frozenset(goal_spaces)  # asked of every space a move weighs
        mates = [f.space for f in on_map(state) if f is not me]
        self.mates: list[int] = mates  # type: ignore[assignment]
        self.rear = max((self.goal[s] for s in self.mates), default=0.0)
        self.in_need: list[tuple[int, str]] = []  # (space, down / held / closet), in order
        for other in state.survivors():
            if other is me or other.space is None:
                continue
            if other.down and not other.closet:
                self.in_need.append((other.space, "down"))
            elif captor_of(state, other) is not None:
                self.in_need.append((other.space, "held"))
            elif other.closet and spaces_apart(state, me.space, other.space) <= 8:
                self.in_need.append((other.space, "closet"))
        self.witches = [w.space for w in state.infected()
                        if w.space is not None and calm_witch(w)]
        self.items = {spot: max(gain(state, me, item) for item in lying)
                      for spot, lying in state.items_on_map.items() if lying}
        self.cars = {space for _, spaces, _ in environment.armed_cars(state) for space in spaces}
        self.detectors = {space for _, space in
                          environment.lying(state, (environment.DETECTOR,))}

    def score(self, space: int, attacks: float) -> float:
        """Lower is better: the way still to go, the leaving-engagement attacks on the way,
        and the costs of straying from the team, of leaving a teammate in need, of a calm
        Witch."""
        return (self.goal[space] + 3 * attacks + self.keep_with_team(space)
                + self.go_to_teammates_in_need(space) + self.avoid_witch(space)
                - self.items_within_reach(space))

    def keep_with_team(self, space: int) -> float:
        """Walk no more than LEAD steps ahead of the last teammate, and end near one."""
        if space in self.goal_spaces:
            return 0.0  # in the safe room (the arrived rescue vehicle): waiting there is together
        if not self.mates:
            return 0.0
        ahead = max(0.0, self.rear - LEAD - self.goal[space])
        apart = distances(self.state.board, space)  # spaces_apart from `space`, as a row
        nearest = min(apart[s] or 0 for s in self.mates)
        return 2 * ahead + max(0, nearest - 2)

    def go_to_teammates_in_need(self, space: int) -> float:
        """A teammate down must be stood up (none standing loses the chapter); one held by a
        special must be freed; one in a nearby Hero Closet rescued."""
        cost = 0.0
        if not self.in_need:
            return cost
        row = distances(self.state.board, space)
        for where, need in self.in_need:
            apart = row[where] or 0
            if need == "down":
                cost += 2 * max(0, apart - 1)
            elif need == "held":
                cost += max(0, apart - 3)
            else:
                cost += max(0, apart - 1)
        return cost

    def avoid_witch(self, space: int) -> float:
        # Ending a move next to a calm Witch disturbs her; she then attacks with 4 dice.
        cost = 0.0
        for witch in self.witches:
            apart = spaces_apart(self.state, space, witch)
            cost += 50 if apart <= 1 else 3 if apart == 2 else 0
        return cost

    def items_within_reach(self, space: int) -> float:
        """Ending on or next to an item better than what its slot holds lets it pick it up."""
        if not self.items:
            return 0.0
        near = (space, *self.state.board.neighbours[space])
        return min(max([0.0, *(self.items[s] for s in near if s in self.items)]), 3.0)

    def alarm_cost(self, route: Route) -> float:
        """Ending on a car with its Alarm Marker, or walking through a Metal Detector, brings
        the alarm's two waves."""
        cost = 0.0
        if route.spaces[-1] in self.cars:
            cost += ALARM
        if self.detectors and not self.detectors.isdisjoint(route.spaces[1:]):
            cost += ALARM
        return cost


def gain(state: Left4DeadState, me: Figure, item: str) -> float:
    from deadtable.games.left_4_dead.items import slot_of

    held = me.items.get(slot_of(state, item))
    return rank(item) - (rank(held) if held is not None else 0)


# -- picking up ----------------------------------------------------------------------------
def pick_up(state: Left4DeadState, me: Figure, ids: list[str]) -> str:
    """The item that improves its slot most (a better weapon, a kit, pills, an explosive)."""
    picks = [i for i in ids if i.startswith("pick:")]
    best = max(picks, key=lambda i: (gain(state, me, arg(i, 2)), i), default=None)
    if best is not None and gain(state, me, arg(best, 2)) > 0:
        return best
    return "go-on" if "go-on" in ids else ids[-1]


# -- attacking -----------------------------------------------------------------------------
def attack(state: Left4DeadState, me: Figure, ids: list[str]) -> str:
    aims = Aims(state)
    best = max(ids, key=lambda i: (attack_value(state, me, i, aims), i))
    if attack_value(state, me, best, aims) > 0:
        return best
    return "end" if "end" in ids else ids[-1]


def attack_value(state: Left4DeadState, me: Figure, action: str,
                 aims: Aims | None = None) -> float:
    """What the attack `action` is worth; `aims`: the decision's, shared by its attacks."""
    aims = aims or Aims(state)
    verb = arg(action, 0)
    if verb == "rescue":
        return 2.5  # a teammate back beats a zombie shot, not a captor freed
    if verb == "throw":
        return throw_value(state, arg(action, 1), int(arg(action, 2)), aims)
    if verb == "light":  # a gas can, fireworks or tank: only where the infected crowd round it
        value = blast_value(state, int(arg(action, 2)), aims)
        return value if value >= CROWD else -1.0
    if verb != "attack":
        return 0.0
    weapon, target = arg(action, 1), arg(action, 2)
    tie = 0.05 * rank(weapon) - alarm_risk(state, me, weapon, target)
    if target.startswith("line-"):
        from deadtable.games.left_4_dead.weapons import lines_of_fire

        line = lines_of_fire(state, me, weapon).get(target[5:], [])
        return sum(danger(state, f, aims) for f in line) + tie
    if target.startswith("@"):
        return blast_value(state, int(target[1:]), aims) + tie
    figure = state.figures.get(target)
    return (danger(state, figure, aims) if figure is not None else 0.0) + tie


def alarm_risk(state: Left4DeadState, me: Figure, weapon: str, aim: str) -> float:
    """A shot on or by an armed car brings its alarm's two waves: worth it for a special or a
    captor, not for one zombie."""
    from deadtable.games.left_4_dead.environment import cars_disturbed
    from deadtable.games.left_4_dead.weapons import aimed_spaces

    return ALARM if cars_disturbed(state, me, aimed_spaces(state, me, weapon, aim)) else 0.0


def danger(state: Left4DeadState, figure: Figure, aims: Aims | None = None) -> float:
    """How much shooting this figure helps: a captor most, a calm Witch never."""
    if calm_witch(figure):
        return -10.0
    if figure.id in (aims or Aims(state)).held():
        return 10.0
    if is_special(state, figure):
        return float(DANGER.get(figure.kind, 3))
    value = 1.0
    if figure.space is not None and any(f.down and f.space is not None and spaces_apart(
            state, f.space, figure.space) == 1 for f in on_map(state)):
        value += 1  # it beats on a teammate who is down
    return value


def blast_value(state: Left4DeadState, space: int, aims: Aims | None = None) -> float:
    """An attack on a space and the spaces around it: what it hits, less any survivor in it."""
    area = {space, *state.board.neighbours[space]}
    value = 0.0
    for figure in state.figures.values():
        if figure.space in area and not figure.closet:
            value += -5 if figure.side == "survivors" else max(0.0, danger(state, figure, aims))
    return value


class Aims:
    """What an attack's worth reads off the table however it is aimed, read once per
    decision when first asked, not once for each of its hundred aims (a throw reaches that
    many spaces): who holds a survivor; for a Bile or Pipe Bomb, where the team stands, the
    horde, and how many of it press the team."""

    def __init__(self, state: Left4DeadState) -> None:
        self.state = state
        self._held: set[str] | None = None
        self.team: list[int] = []
        self.horde: list[Figure] = []
        self.pressing = -1  # not read yet

    def held(self) -> set[str]:
        """captors(state): the infected holding a survivor."""
        if self._held is None:
            self._held = captors(self.state)
        return self._held

    def lure(self) -> Aims:
        if self.pressing < 0:
            state = self.state
            self.team = [f.space for f in on_map(state)]  # type: ignore[misc]
            self.horde = [f for f in state.infected()
                          if f.space is not None and not is_special(state, f)]
            self.pressing = sum(1 for f in self.horde if min(
                spaces_apart(state, f.space, s) for s in self.team) <= 3)
        return self


def throw_value(state: Left4DeadState, item: str, space: int, aims: Aims | None = None) -> float:
    """A Molotov where it burns a crowd; a Bile or Pipe Bomb away from the team, where it
    draws the horde off; either only when the infected crowd in."""
    aims = aims or Aims(state)
    if item == "molotov-cocktail":
        value = blast_value(state, space, aims)
        return value if value >= CROWD else -1.0
    found = aims.lure()
    if min(spaces_apart(state, space, s) for s in found.team) < LURE_AWAY:
        return -1.0
    if found.pressing < CROWD:
        return -1.0
    drawn = sum(1 for f in found.horde if spaces_apart(state, f.space, space) <= 4)
    return 0.5 * found.pressing + 0.1 * drawn

