"""A person's shortcut through the zombies' movement (engine/macros.py): the rules ask the
zombie player about each zombie in turn (zombieturn.move_decision: move it a space, let it stay,
or play Shamble on it), so "the rest stay" answers every one still to move at once with its
ordinary stay (`stay:Z`; a zombie on a Shamble stops: `stop:Z`), a step at a time as clicks
would. A zombie that must move by Zombie Hunger has no stay to take (a hero next to it,
diagonals and walls no matter: zombieturn.hunger_targets): the run stops there for the person
to move it, and may be asked again after.
With two zombie players, whose zombies alternate in the rules' order (zseats.owner_of), a run
stays the player's own zombies up to the other player's next one, where it stops; it then
stands (engine/macros.py, `StandingOrder`; its scope this turn's movement): each time the rules ask
the player about another of its own zombies in this movement step, it stays at once, until
one must move by Zombie Hunger (the player is asked) or the step ends. Every stay it takes is
the ordinary, legal one a click would take, and a stay is what both other seats see of it, so
it tells them nothing a click would not. Its label counts the zombies now and after.
It is never an action of the rules: random games, replays and the RL encoding are unchanged.
"""

from __future__ import annotations

from deadtable.engine.macros import Macro
from deadtable.engine.state import GameState
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.games.last_night_on_earth.wounds import zombie_name
from deadtable.games.last_night_on_earth.zombieturn import ZombieTurn, move_actions
from deadtable.games.last_night_on_earth.zseats import Z1, Z2, owner_of, two

REST = "rest"  # the word at the terminal, the macro's id for the web API
STAYS = ("stay", "stop")  # a zombie staying; a zombie on a Shamble stopping


def macros(state: GameState, seat: str) -> list[Macro]:
    """"The rest stay", while the zombies' movement asks `seat` about a zombie."""
    assert isinstance(state, LastNightState)
    decision = state.decision
    top = state.stack[-1] if state.stack else None
    if (decision is None or decision.seat != seat or not isinstance(top, ZombieTurn)
            or top.step != "move" or not top.order):
        return []
    stay = next((a for a in decision.actions if (a.args or {}).get("verb") in STAYS), None)
    moving = next(((a.args or {}).get("figure") for a in decision.actions
                   if (a.args or {}).get("figure")), None)
    run = own_run(state, top, seat, moving)
    after = later_own(state, top, seat, run)
    left = len(run)
    scope = f"turn {state.turn}: the zombies' movement"
    if after:
        other = Z2 if seat == Z1 else Z1
        label = f"The rest of your zombies stay ({left} now, {len(after)} after {other}'s)"
    else:
        label = f"The rest stay ({left} zombie{'' if left == 1 else 's'} to move)"
    if stay is None:
        name = zombie_name(moving) if moving else "this zombie"
        return [Macro(REST, label, f"{name} must move: Zombie Hunger (a hero is next to it); "
                      "move it, then the rest may stay", None, scope, len(after))]
    hungry = [z for z in run[1:] + after if must_move(state, top, z)]
    note = ("each zombie still to move stays where it is"
            + (" (the one on a Shamble stops)" if top.shambling else "")
            + ("; yours after the other player's stay as the rules come to them" if after
               else "")
            + (f"; {', '.join(zombie_name(z) for z in hungry)} must move by Zombie Hunger: "
               "the zombies stop there for you to move it" if hungry else ""))
    return [Macro(REST, label, note, stay.id, scope, len(after))]


def own_run(state: LastNightState, frame: ZombieTurn, seat: str,
            moving: str | None) -> list[str]:
    """The zombies still to move from the one asked, up to the next one the other zombie
    player is asked about (two zombie players: zseats.owner_of); one player: all of them."""
    rest = frame.order[frame.order.index(moving):] if moving in frame.order else frame.order
    if not two(state):
        return list(rest)
    run = []
    for zombie in rest:
        if owner_of(state, zombie) == seat:
            run.append(zombie)
        elif move_actions(state, frame, zombie):
            break
    return run


def later_own(state: LastNightState, frame: ZombieTurn, seat: str,
               run: list[str]) -> list[str]:
    """Two zombie players: the player's own zombies with a choice after the run (past the
    other player's next one), which the rules ask about later in this step."""
    if not two(state) or not run:
        return []
    rest = frame.order[frame.order.index(run[-1]) + 1:]
    return [z for z in rest if owner_of(state, z) == seat and move_actions(state, frame, z)]


def must_move(state: LastNightState, frame: ZombieTurn, zombie: str) -> bool:
    """Whether the zombie, asked about, may not stay: Zombie Hunger leaves it only moves."""
    actions = move_actions(state, frame, zombie)
    return bool(actions) and not any((a.args or {}).get("verb") in STAYS for a in actions)
