"""A person's shortcuts through the zombies' movement (engine/macros.py): the rules ask the
zombie player about each zombie in turn (zombieturn.move_decision: move it a space, let it stay,
or play Shamble on it), so two macros answer every one still to move, a step at a time as
clicks would:
- "the rest stay" (`rest`): each with its ordinary stay (`stay:Z`; a zombie on a Shamble stops:
  `stop:Z`). A zombie that must move by Zombie Hunger has no stay to take (a hero next to it,
  diagonals and walls no matter: zombieturn.hunger_targets): the run stops there for the person
  to move it, and may be asked again after.
- "the rest advance" (`advance`): each as the zombie agent would move it (agent.py
  `ZombieAgent`: a space toward the nearest hero or townsperson, Zombie Hunger obeyed, staying
  where no step gains). The agent is asked as agents are, through the deciding seat's own
  observation (its view and a sample dealt anew from its dice: nothing of the other seats'
  hands or the decks), its dice seeded from how many actions the game has taken (public), so
  that the same position always gives the same step. It plays no card: where the agent would
  play Shamble on a zombie, the run stops for the person (play it, or move the zombie), and it
  takes only the movement's ordinary moves, stays and stops (`advance_step`).
With two zombie players, whose zombies alternate in the rules' order (zseats.owner_of), a run
takes the player's own zombies up to the other player's next one, where it stops; it then
stands (engine/macros.py, `StandingOrder`; its scope this turn's movement): each time the rules ask
the player about another of its own zombies in this movement step, it takes that zombie's
step at once, until one needs the person (Zombie Hunger for `rest`, a Shamble for `advance`:
the player is asked) or the step ends. Every action either takes is the ordinary, legal one a
click would take, and what both other seats see of it, so it tells them nothing a click would
not. Labels count the zombies now and after.
Neither is an action of the rules: random games, replays and the RL encoding are unchanged.
"""

from __future__ import annotations

from deadtable.agents.base import observe
from deadtable.engine.decisions import Action
from deadtable.engine.dice import Dice
from deadtable.engine.macros import MAX_STEPS, Macro
from deadtable.engine.state import GameState
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.games.last_night_on_earth.wounds import zombie_name
from deadtable.games.last_night_on_earth.zombieturn import ZombieTurn, move_actions
from deadtable.games.last_night_on_earth.zseats import Z1, Z2, owner_of, two

REST = "rest"  # the word at the terminal, the macro's id for the web API
ADVANCE = "advance"  # the same for "the rest advance"
STAYS = ("stay", "stop")  # a zombie staying; a zombie on a Shamble stopping
STEPS = ("move",) + STAYS  # the movement's own actions, the only ones `advance` takes


def macros(state: GameState, seat: str) -> list[Macro]:
    """"The rest stay" and "the rest advance", while the zombies' movement asks `seat` about a
    zombie."""
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
    scope = f"turn {state.turn}: the zombies' movement"
    return [rest_stay(state, top, seat, moving, stay, run, after, scope),
            rest_advance(state, seat, moving, run, after, scope)]


def counted(verb: str, seat: str, run: list[str], after: list[str]) -> str:
    """A macro's label: the zombies it would take now (and, two zombie players, after)."""
    left = len(run)
    if after:
        other = Z2 if seat == Z1 else Z1
        return f"The rest of your zombies {verb} ({left} now, {len(after)} after {other}'s)"
    return f"The rest {verb} ({left} zombie{'' if left == 1 else 's'} to move)"


def rest_stay(state: LastNightState, top: ZombieTurn, seat: str, moving: str | None,
              stay: Action | None, run: list[str], after: list[str], scope: str) -> Macro:
    label = counted("stay", seat, run, after)
    if stay is None:
        name = zombie_name(moving) if moving else "this zombie"
        return Macro(REST, label, f"{name} must move: Zombie Hunger (a hero is next to it); "
                     "move it, then the rest may stay", None, scope, len(after))
    hungry = [z for z in run[1:] + after if must_move(state, top, z)]
    note = ("each zombie still to move stays where it is"
            + (" (the one on a Shamble stops)" if top.shambling else "")
            + ("; yours after the other player's stay as the rules come to them" if after
               else "")
            + (f"; {', '.join(zombie_name(z) for z in hungry)} must move by Zombie Hunger: "
               "the zombies stop there for you to move it" if hungry else ""))
    return Macro(REST, label, note, stay.id, scope, len(after))


def rest_advance(state: LastNightState, seat: str, moving: str | None, run: list[str],
                 after: list[str], scope: str) -> Macro:
    label = counted("advance", seat, run, after)
    action, why = advance_step(state, moving)
    if action is None:
        return Macro(ADVANCE, label, why, None, scope, len(after))
    note = ("each zombie still to move goes as the zombie agent would move it: a space toward "
            "the nearest hero or townsperson (Zombie Hunger obeyed), or it stays where no "
            "space gains"
            + ("; yours after the other player's as the rules come to them" if after else "")
            + "; it plays no card: it stops where the agent would play Shamble, for you")
    return Macro(ADVANCE, label, note, action, scope, len(after),
                 lambda: advance_preview(state, seat))


def advance_preview(state: LastNightState, seat: str) -> list[dict[str, str]]:
    """The moves "the rest advance" would take now, for a page to draw before it is pressed:
    {figure, name, from, to} per move (a stay is no move), in the rules' order, up to where
    the run would stop (a Shamble the agent would play, another seat asked). Worked out on a
    copy dealt anew from what `seat` knows (the future dice too: a step that rolls, such as
    Old Betsy's, may come out otherwise, so the preview ends after one that logs more than
    its move), so it tells the seat nothing a run would not."""
    copy = state.clone()
    assert isinstance(copy, LastNightState)
    copy.determinize(seat, Dice(len(state.history)))
    names = copy.town.board.names
    moves: list[dict[str, str]] = []
    for _ in range(MAX_STEPS):
        decision = copy.decision
        if decision is None or decision.seat != seat:
            break
        found = next((m for m in macros(copy, seat) if m.id == ADVANCE), None)
        if found is None or found.action is None:
            break
        args = (decision.get(found.action) or decision.actions[0]).args or {}
        logged = len(copy.log)
        zombie = str(args.get("figure"))
        was = copy.zombies[zombie]
        copy.apply(found.action)
        if args.get("verb") == "move":
            moves.append({"figure": zombie, "name": zombie_name(zombie), "from": names[was],
                          "to": names[int(args["space"])]})
        if len(copy.log) - logged > 1 or copy.outcome is not None:
            break
    return moves


def advance_step(state: LastNightState, moving: str | None) -> tuple[str | None, str]:
    """The zombie agent's action for the decision now, if it is one of the movement's own
    (a move, a stay, a stop), else (None, why): the agent would play Shamble. The agent
    observes the deciding seat's view as agents do (agent.py, engine/agents/base.py
    `observe`), its dice seeded from how many actions the game has taken, which is public,
    so the same position always gives the same step."""
    from deadtable.games.last_night_on_earth.agent import ZombieAgent  # it imports the rules

    decision = state.decision
    assert decision is not None
    chosen = ZombieAgent(len(state.history)).act(observe(state))
    action = decision.get(chosen)
    args = (action.args or {}) if action is not None else {}
    if args.get("verb") in STEPS:
        return chosen, ""
    name = zombie_name(moving) if moving else "this zombie"
    if args.get("card"):
        return None, (f"the zombie agent would play {args['card']} on {name} (a hero or "
                      f"townsperson 3 to 6 spaces off): a card is yours to play; play it, "
                      f"or move {name} yourself, then the rest may advance")
    return None, f"the zombie agent would choose {chosen} here: yours to choose"


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
