"""Which of the survivors' decisions the search agent (`mcts:focus=true`, GameSpec.focus)
compares actions at, and which actions: where the heuristic's choice may be wrong and a
different one shows within a few turns. Everywhere else (moves, the quiet decisions, the
infected's) the heuristic's or the director's own choice is played unsearched, so that a
chapter's search costs seconds, not minutes.

- which survivor acts, while the infected press the team (one near, a teammate down or held);
- whether to use a Health Kit before the turn, and on whom;
- whom to attack: the best weapon on each target, the heuristic's few best targets;
- where to move, while the infected press the team: the heuristic's move against its best
  "covered" one, which ends next to no awake infected figure and within reach of a standing
  teammate (the horde attacks who stands next to it; a Hunter or Smoker takes who stands
  alone), where the heuristic's own would not.

Not what to pick up or when to take pills: what an item is worth shows after more turns than
a search looks ahead, and the evaluation counts the team's condition, not its kit.

Called on a sampled world, never the live game."""

from __future__ import annotations

from deadtable.games.left_4_dead.agent_common import (
    NEAR_FRIEND,
    acting,
    arg,
    calm_witch,
    captors,
    on_map,
    spaces_apart,
    standing,
)
from deadtable.games.left_4_dead.agent_survivors import Aims, Placement, attack_value
from deadtable.games.left_4_dead.state import SURVIVORS, Left4DeadState

PRESSING = 4  # an infected figure this close to a survivor makes the order of turns matter
TARGETS = 3  # attack targets compared: the heuristic's best this many


def focus(state: Left4DeadState, ids: list[str], preferred: str) -> list[str]:
    """The actions worth comparing at this decision (the heuristic's `preferred` among them),
    or none: play `preferred`."""
    decision = state.decision
    if decision is None or decision.seat != SURVIVORS:
        return []
    frame = state.stack[-1]
    if frame.KIND == "side-turn":
        return who_acts(state, ids) if team_pressed(state) else []
    if frame.KIND != "survivor-turn":
        return []
    step = frame.step
    if step == "before":
        return heal_choices(ids, preferred)
    if step == "attack":
        return attack_choices(state, ids, preferred)
    if step == "move":
        return move_choices(state, ids, preferred) if team_pressed(state) else []
    return []  # picking up


def team_pressed(state: Left4DeadState) -> bool:
    """An infected figure (not a calm Witch) near a survivor, or a survivor down or held."""
    team = on_map(state)
    if any(f.down for f in team) or captors(state):
        return True
    return any(f.space is not None and not calm_witch(f)
               and any(spaces_apart(state, f.space, s.space) <= PRESSING for s in team)
               for f in state.infected())


def who_acts(state: Left4DeadState, ids: list[str]) -> list[str]:
    return [i for i in ids if i.startswith("turn:")]


def attack_choices(state: Left4DeadState, ids: list[str], preferred: str) -> list[str]:
    """The heuristic's best TARGETS attacks, one weapon (its best) per target or space, and
    ending the attack if the heuristic would rather not attack at all."""
    me = acting(state)
    aims = Aims(state)
    best: dict[str, tuple[float, str]] = {}  # what is aimed at -> (value, the best action)
    for action in ids:
        if arg(action, 0) not in ("attack", "throw", "light", "rescue"):
            continue
        aim = arg(action, 2) if arg(action, 0) == "attack" else action
        value = attack_value(state, me, action, aims)
        if aim not in best or (value, action) > best[aim]:
            best[aim] = (value, action)
    ranked = sorted(best.values(), reverse=True)
    chosen = [action for value, action in ranked[:TARGETS] if value > 0]
    if preferred not in chosen:
        chosen.insert(0, preferred)
    return chosen


def heal_choices(ids: list[str], preferred: str) -> list[str]:
    """Each survivor a Health Kit could heal now, and going on, where the heuristic would
    neither stand a teammate up nor revive one (those cannot wait)."""
    if preferred.startswith(("stand:", "defib:")):
        return []
    heals = [i for i in ids if i.startswith("heal:")]
    if not heals:
        return []
    return [preferred, *(i for i in [*heals, "go-on"] if i != preferred and i in ids)]


def move_choices(state: Left4DeadState, ids: list[str], preferred: str) -> list[str]:
    """The heuristic's move and the best covered one (the heuristic's own score among the
    places covered), if its own is not covered; none where every place is exposed."""
    from deadtable.games.left_4_dead.movement import routes, safest

    me = acting(state)
    if me.space is None:
        return []
    frame = state.stack[-1]
    options = routes(state, me, frame.budget)  # type: ignore[attr-defined]
    place = Placement(state, me)
    ends = {a: int(arg(a, 1)) for a in ids if a.startswith("move:")}
    if "stop" in ids:
        ends["stop"] = me.space
    if preferred not in ends or covered(state, ends[preferred], me.id):
        return []
    best, best_score = None, 0.0
    for action, space in ends.items():
        if space != me.space and space not in options:
            continue
        if not covered(state, space, me.id):
            continue
        route = None if space == me.space else safest(options[space])
        score = (place.score(space, 0) if route is None
                 else place.score(space, route.penalty) + place.alarm_cost(route))
        if best is None or score < best_score:
            best, best_score = action, score
    return [] if best is None else [preferred, best]


def covered(state: Left4DeadState, space: int, who: str) -> bool:
    """Next to no awake infected figure, and within NEAR_FRIEND of a standing teammate (or
    with none left to be near)."""
    near = state.board.neighbours[space]
    if any(f.space in near for f in state.infected() if f.space is not None
           and not calm_witch(f)):
        return False
    mates = [f.space for f in standing(state) if f.id != who]
    return not mates or any(spaces_apart(state, space, m) <= NEAR_FRIEND for m in mates)
