"""The turn, in the rulebook's order: MOVEMENT (move, flip, draw and place), ZOMBIES, COMBAT,
DAMAGE, then the next MOVEMENT; the END GAME at the helicopter.

`state.phase` names the step the game is in. Steps that need no choice run straight on;
a step with a single legal action takes it without asking (nothing is lost: a replay
records only choices, and the same state always makes the same forced moves).
"""

from __future__ import annotations

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.state import Outcome
from deadtable.games.one_against_the_dead import cards
from deadtable.games.one_against_the_dead.cards import verb, zombies
from deadtable.games.one_against_the_dead.combat import (
    battle,
    score,
    share_actions,
    survivor_weapon_actions,
    weapon_actions,
)
from deadtable.games.one_against_the_dead.finds import (
    do_free_action,
    free_actions,
    provisions_actions,
    reveal,
    share_provisions,
)
from deadtable.games.one_against_the_dead.movement import (
    can_move,
    face_down_neighbours,
    flip_spots,
    move_actions,
    place_actions,
    place_spots,
    stranded,
    where,
)
from deadtable.games.one_against_the_dead.state import (
    SEAT,
    OneAgainstTheDeadState,
    Pos,
    direction_to,
    step,
)
from deadtable.games.one_against_the_dead.zombies import (
    bringing_zombies,
    make_change,
    new_zombies,
)

FREE_VERBS = frozenset({"take", "arm", "swap", "take-survivor-weapon", "rescue"})


# -- MOVEMENT ---------------------------------------------------------------------------------
def arrive(state: OneAgainstTheDeadState, first: bool = False) -> None:
    """You are on a new card: turn over the face-down cards next to it, then draw."""
    state.revealed = []
    state.flips = face_down_neighbours(state)
    state.phase = "reveal"


def _reveal_next(state: OneAgainstTheDeadState) -> None:
    if state.flips:
        p = state.flips.pop(0)
        state.face_down.discard(p)
        card = state.grid[p]
        state.event(f"You turn over the {cards.name(card)}.", cite="MOVEMENT")
        if cards.is_number(card):
            state.revealed.append(p)
            return
        if not flip_spots(state, p):  # nowhere else to go: it stays and blocks
            state.revealed.append(p)
            reveal(state, p)
            return
        state.holding = p
        state.phase = "place-flipped"
        return
    spots = state.open_spots()
    drawn = state.deck.draw_many(len(spots))
    if drawn:
        state.event(f"You draw {cards.listed([f'the {cards.name(c)}' for c in drawn])}.",
                    cite="MOVEMENT")
    elif spots:
        state.event("The deck is empty.", cite="MOVEMENT")
    state.pending = drawn
    state.phase = "place" if drawn else "zombies"


def _around(state: OneAgainstTheDeadState) -> Pos:
    return state.pos if state.options["flip-placement"] == "current-card" else state.came_from


def _place(state: OneAgainstTheDeadState, direction: str) -> None:
    around = _around(state) if state.phase == "place-flipped" else state.pos
    if state.phase == "place-flipped":
        src = state.holding
        assert src is not None
        target = step(around, direction)
        card = state.grid.pop(src)
        state.grid[target] = card
        state.holding = None
        state.phase = "reveal"
    else:
        target = step(state.pos, direction)
        card = state.pending.pop(0)
        state.grid[target] = card
        if not state.pending:
            state.phase = "zombies"
    state.event(f"You put the {cards.name(card)} {where(direction, around, state)}.",
                cite="MOVEMENT")
    state.revealed.append(target)
    if not cards.is_number(card):
        reveal(state, target)


def _move(state: OneAgainstTheDeadState, direction: str) -> None:
    state.came_from = state.pos
    state.pos = step(state.pos, direction)
    state.turn += 1
    state.dice.mark()  # a search world's dice: from each move on the same in every world
    if state.pos == state.helicopter:
        state.event("You reach the helicopter!", cite="MOVEMENT; END GAME")
        state.revealed = []
        state.phase = "helicopter"
        return
    state.event(f"You move {direction} onto the {state.card_name(state.pos)}.", cite="MOVEMENT")
    arrive(state)


def _enter_move(state: OneAgainstTheDeadState) -> None:
    state.phase = "move"
    state.battle_round = 0
    if state.turn >= state.options["max-turns"]:
        state.finish(Outcome({SEAT: "loss"}, "out-of-time", {SEAT: score(state, won=False)}),
                     cite="END GAME; the helicopter leaves after max-turns moves (designed)")
    elif not can_move(state) or stranded(state):
        state.finish(Outcome({SEAT: "loss"}, "stranded", {SEAT: score(state, won=False)}),
                     cite="END GAME; a city with no way to the helicopter is lost (designed)")


# -- ZOMBIES ----------------------------------------------------------------------------------
def _add_zombies(state: OneAgainstTheDeadState, added: int) -> None:
    total = state.zombies + added
    if make_change(total, state.rules.zombie_dice) is None:
        state.event(f"{zombies(total)}: there are not enough zombie dice to show them.",
                    cite="ZOMBIES; END GAME")
        state.finish(Outcome({SEAT: "loss"}, "overrun", {SEAT: score(state, won=False)}),
                     cite="ZOMBIES; END GAME")
        return
    state.zombies = total


def _zombies(state: OneAgainstTheDeadState) -> None:
    added, matched = new_zombies(state)
    bringing = bringing_zombies(state)
    if matched:
        state.event("Matching, so no zombies from: " + ", ".join(map(cards.name, matched)) + ".",
                    cite="ZOMBIES")
    state.revealed = []
    _add_zombies(state, added)
    if state.outcome is not None:
        return
    if added:
        brought = cards.listed([f"the {cards.name(c)}" for c in bringing])
        state.event(f"{zombies(added, new=True)} from {brought} (not matching): "
                    f"{state.zombies} with you.", cite="ZOMBIES")
    if state.zombies:
        state.phase = "combat"
    else:
        _enter_move(state)


def _helicopter(state: OneAgainstTheDeadState) -> None:
    """The final battle (designed, A-53): the helicopter card's zombies join yours."""
    if state.options["helicopter-zombies"] == "card-value":
        added = cards.value(state.grid[state.helicopter])
        _add_zombies(state, added)
        if state.outcome is not None:
            return
        state.event(f"{zombies(added)} {verb(added, 'guards', 'guard')} the helicopter: "
                    f"{state.zombies} to fight.",
                    cite="END GAME; the final battle (designed, A-53)")
    if state.zombies:
        state.phase = "combat"
    else:
        _evacuate(state)


def _evacuate(state: OneAgainstTheDeadState) -> None:
    who = " with your survivor" if state.survivor else ""
    state.event(f"You escape by helicopter{who}!", cite="END GAME")
    state.finish(Outcome({SEAT: "win"}, "evacuated", {SEAT: score(state, won=True)}),
                 cite="END GAME")


# -- COMBAT -----------------------------------------------------------------------------------
def _fight(state: OneAgainstTheDeadState, survivor_weapon: bool) -> None:
    battle(state, survivor_weapon)
    if state.outcome is not None:
        return
    if state.pos != state.helicopter:
        _enter_move(state)
        return
    state.battle_round += 1
    if state.options["final-battle"] == "survive" or state.zombies == 0:
        _evacuate(state)
    else:
        state.event(f"{zombies(state.zombies)} still {verb(state.zombies, 'stands', 'stand')} "
                    f"between you and the helicopter.",
                    cite="END GAME; the final battle (designed, A-53)")
        state.phase = "combat"


# -- the procedure ----------------------------------------------------------------------------
def decide(state: OneAgainstTheDeadState) -> Decision:
    if state.provisions:
        n = state.provisions
        return Decision.of(SEAT, f"Share {n} life point{'' if n == 1 else 's'} of provisions",
                           provisions_actions(state))
    phase = state.phase
    if phase == "place-flipped":
        assert state.holding is not None
        card = state.grid[state.holding]
        around = _around(state)
        actions = [
            Action(f"place:{direction_to(around, p)}",
                   f"Put the {cards.name(card)} {where(direction_to(around, p), around, state)}")
            for p in flip_spots(state, state.holding)
        ]
        return Decision.of(SEAT, f"Where does the {cards.name(card)} go?", actions)
    if phase == "place":
        card = state.pending[0]
        actions = place_actions(state, card, place_spots(state, card))
        return Decision.of(SEAT, f"Place the {cards.name(card)}", actions)
    if phase == "combat":
        what = "final battle" if state.pos == state.helicopter else "combat"
        return Decision.of(
            SEAT, f"{zombies(state.zombies)}: {what}", free_actions(state) + weapon_actions(state)
        )
    if phase == "share":
        return Decision.of(SEAT, "How many zombies does the survivor fight?", share_actions(state))
    if phase == "survivor-weapon":
        return Decision.of(SEAT, "The survivor's weapon", survivor_weapon_actions(state))
    if phase == "move":
        return Decision.of(SEAT, "Your move", move_actions(state) + free_actions(state))
    raise AssertionError(f"no decision in phase {phase!r}")


def _do(state: OneAgainstTheDeadState, action_id: str) -> None:
    verb, _, arg = action_id.partition(":")
    if state.provisions:
        share_provisions(state, state.provisions, int(arg))
    elif verb in FREE_VERBS:
        do_free_action(state, action_id)
    elif verb == "place":
        _place(state, arg)
    elif verb == "move":
        _move(state, arg)
    elif verb == "fight":
        state.use_weapon = arg == "weapon"
        if state.survivor is not None:
            state.phase = "share"
        else:
            _fight(state, survivor_weapon=False)
    elif verb == "share":
        t, f, o = (int(n) for n in arg.split("."))
        state.share = (t, f, o)
        s = state.survivor
        if s is not None and s.weapon is not None and (t, f, o) != (0, 0, 0):
            state.phase = "survivor-weapon"
        else:
            _fight(state, survivor_weapon=False)
    elif verb == "survivor":
        _fight(state, survivor_weapon=arg == "weapon")
    else:
        raise AssertionError(f"unhandled action {action_id!r}")


_STEPS = {"reveal": _reveal_next, "zombies": _zombies, "helicopter": _helicopter}


def settle(state: OneAgainstTheDeadState) -> None:
    """Run the procedure until the player must choose or the game ends."""
    steps = _STEPS
    while state.outcome is None:
        run = steps.get(state.phase) if not state.provisions else None
        if run is not None:
            run(state)
            continue
        decision = decide(state)
        if len(decision.actions) == 1:
            _do(state, decision.actions[0].id)
            continue
        state._decision = decision
        return


def apply(state: OneAgainstTheDeadState, action_id: str) -> None:
    _do(state, action_id)
    settle(state)
