"""Special infected: each takes its own turn in the infected's collective turn (THE INFECTED:
SPECIAL INFECTED; Infected Rules: Collective Turn): move, then attack or use a power.

A special is an Uncommon or Unique Hero, not a squad, so Horde Mentality does not bind it: the
director moves it anywhere it can reach. Its powers (powers.py) add actions before the move
(Jockey), in place of the move (Charger, Hunter) and in place of the attack (Boomer, Smoker,
Spitter, Tank), and effects when it is destroyed or attacked.
"""

from __future__ import annotations

from dataclasses import dataclass

from deadtable.engine.decisions import Action, ActionList, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.left_4_dead import combat, movement
from deadtable.games.left_4_dead.state import INFECTED, Figure, Left4DeadState

CORE = "HeroScape core rules: Take Turns"


@dataclass(slots=True)
class SpecialTurn(Frame):
    KIND = "special-turn"
    figure: str
    step: str = "before"  # before -> move -> attack
    moved: bool = False
    # a power used this turn that changes what follows (powers/): "pounce", "charge:<ids it
    # passed through>", "charged", "ride" (a Jockey beginning next to its rider),
    # "punch:<skulls>:<shields>" (the Tank's last roll), "attacked" (the Witch's first attack)
    power: str = ""
    attacks_left: int = 1


def may_act(state: Left4DeadState, figure: Figure) -> bool:
    if figure.kind == "witch" and not figure.markers.get("disturbed-by") \
            and not figure.markers.get("wandering"):
        return False  # a sitting Witch may not move or attack until disturbed
    return figure.space is not None


def begin_turn(state: Left4DeadState, figure: Figure) -> None:
    figure.acted = True
    frame = SpecialTurn(figure.id)
    state.push(frame)
    powers.begin_turn(state, frame, figure)


def end_turn(state: Left4DeadState, figure: Figure) -> None:
    state.pop()
    powers.end_turn(state, figure)
    if figure.space is not None and "burn" in figure.markers:
        wounds = state.data.rules.burn_wounds  # rules.toml [burning]
        said = "one wound" if wounds == 1 else f"{wounds} wounds"
        state.event(f"{combat.name(figure)} burns: {said}.", "Infected Rules: Burning")
        combat.wound(state, figure, wounds, None, "Infected Rules: Burning")


def held_by(state: Left4DeadState, figure: Figure) -> Figure | None:
    """The survivor this special holds (pinned, grabbed, ridden, snared) next to it: while it
    does, it can't move and must attack that figure."""
    if figure.space is None:
        return None
    for other in state.survivors():
        if other.space in state.board.neighbours[figure.space] and \
                figure.id in (other.markers.get(k) for k in
                              ("pinned", "grabbed", "ridden", "tongue")):
            return other
    return None


def attack_targets(state: Left4DeadState, figure: Figure) -> list[Figure]:
    held = held_by(state, figure)
    if held is not None and figure.kind != "jockey":
        return [held]
    if figure.kind == "jockey" and held is not None:
        return [held]
    disturbed = figure.markers.get("disturbed-by")
    if figure.kind == "witch":
        focus = state.figures.get(str(disturbed))
        if focus is not None and focus.space is not None:
            return [focus] if movement.in_range(state, figure, focus,
                                                combat.reduced(state, figure, "range")) else []
        # the figure that disturbed her is destroyed (powers/witch.py): she attacks anyone
    reach_ = combat.reduced(state, figure, "range")
    return movement.targets_in_range(state, figure,
                                     [t for t in state.survivors() if not t.closet], reach_)


class SpecialTurnHandler(Handler[Left4DeadState, SpecialTurn]):
    def decide(self, state: Left4DeadState, frame: SpecialTurn) -> Decision | None:
        figure = state.figures.get(frame.figure)
        if figure is None or figure.space is None:
            return None
        name = combat.name(figure)
        pending = powers.pending_actions(state, frame, figure)
        if pending:
            return Decision.of(INFECTED, f"{name}: which power's choice?", pending)
        if frame.step == "before":
            actions = powers.before_actions(state, frame, figure)
            if actions:
                actions.append(Action("go-on", "Move on", {"verb": "go-on"}))
                return Decision.of(INFECTED, f"{name}: before moving?", actions)
            return None
        if frame.step == "move":
            moves = move_actions(state, frame, figure) + powers.move_actions(state, frame,
                                                                             figure)
            if not moves:
                return None
            moves.append(Action("stay", "Do not move", {"verb": "stay"}))
            return Decision.of(INFECTED, f"{name}: move where?", moves)
        attacks = attack_actions(state, frame, figure) + powers.attack_actions(state, frame,
                                                                               figure)
        if not attacks:
            return None
        if not held_by(state, figure):
            attacks.append(Action("end", "End the turn", {"verb": "end"}))
        return Decision.of(INFECTED, f"{name}: attack?", attacks)

    def run(self, state: Left4DeadState, frame: SpecialTurn) -> None:
        figure = state.figures.get(frame.figure)
        if figure is None or figure.space is None or frame.step == "attack":
            if figure is None:
                state.pop()
            else:
                end_turn(state, figure)
            return
        frame.step = "move" if frame.step == "before" else "attack"

    def apply(self, state: Left4DeadState, frame: SpecialTurn, action_id: str) -> None:
        figure = state.figures[frame.figure]
        verb, _, rest = action_id.partition(":")
        if verb == "go-on":
            frame.step = "move"
        elif verb == "stay":
            frame.step = "attack"
        elif verb == "move":
            move(state, frame, figure, int(rest))
            frame.step = "attack"
        elif verb == "attack":
            attack(state, frame, figure, state.figures[rest])
            if frame.attacks_left <= 0:
                end_turn(state, figure)
        elif verb == "end":
            end_turn(state, figure)
        else:
            powers.apply(state, frame, figure, verb, rest)


def move_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> ActionList:
    if held_by(state, figure) is not None and figure.kind != "jockey":
        return ActionList()
    return movement.move_choices(state, figure, powers.move_budget(state, figure))


def move(state: Left4DeadState, frame: SpecialTurn, figure: Figure, space: int) -> None:
    options = movement.route_options(state, figure, space, powers.move_budget(state, figure))
    if not options:
        raise ValueError(f"{figure.id} cannot reach space {space}")
    frame.moved = True
    state.event(f"{combat.name(figure)} moves to {state.board.names[space]}.", CORE)
    before = figure.space
    movement.walk(state, figure, movement.safest(options))
    powers.after_move(state, frame, figure, before)


def attack_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    if frame.attacks_left <= 0 or (figure.kind == "witch"
                                   and figure.markers.get("wandering")
                                   and not figure.markers.get("disturbed-by")):
        return []
    return [Action(f"attack:{t.id}", f"{combat.name(figure)} attacks {combat.name(t)}",
                   {"verb": "attack", "figure": figure.id, "target": t.id})
            for t in attack_targets(state, figure)]


def attack(state: Left4DeadState, frame: SpecialTurn, figure: Figure, target: Figure) -> None:
    first = frame.attacks_left == 1 and not frame.power.startswith("attacked")
    frame.attacks_left -= 1
    if first and figure.kind == "witch":
        frame.attacks_left += 1  # Witch: Double Attack
        frame.power = "attacked"
    dice = combat.reduced(state, figure, "attack") + powers.attack_bonus(state, frame, figure)
    why = f"{state.card(figure).name.upper()}"
    wounds = powers.roll(state, frame, figure, target, dice, why)
    combat.wound(state, target, wounds, figure, why)
    powers.after_attack(state, frame, figure, target, wounds)


def attacked(state: Left4DeadState, attacker: Figure, victim: Figure) -> None:
    """A survivor attacking a Witch, or a figure next to one, disturbs her (Witch Spawning)."""
    if attacker.side != "survivors":
        return
    for witch in [f for f in state.infected() if f.kind == "witch"]:
        if witch.markers.get("disturbed-by"):
            continue
        assert witch.space is not None
        if victim is witch or victim.space in state.board.neighbours[witch.space]:
            disturb(state, witch, attacker)


def ended_move(state: Left4DeadState, figure: Figure) -> None:
    """A survivor ending its movement next to a Witch disturbs her (Witch Spawning)."""
    if figure.space is None:
        return
    for witch in [f for f in state.infected() if f.kind == "witch"]:
        if not witch.markers.get("disturbed-by") and \
                witch.space in state.board.neighbours[figure.space]:
            disturb(state, witch, figure)


def disturb(state: Left4DeadState, witch: Figure, by: Figure) -> None:
    witch.markers["disturbed-by"] = by.id
    witch.markers.pop("wandering", None)
    state.event(f"{combat.name(by)} disturbs the Witch: she attacks only {combat.name(by)} now.",
                "Infected Rules: Witch Spawning")


def on_destroyed(state: Left4DeadState, figure: Figure, space: int) -> None:
    powers.on_destroyed(state, figure, space)


# Last: the powers' modules import SpecialTurn from here (imported at the top, the cycle would
# find it undefined); a turn's every step asks them, an import in each function cost ~1 µs.
from deadtable.games.left_4_dead import powers  # noqa: E402
