"""REFERENCE SECTION: EQUIPMENT: the items' own powers that are not part of one rule or card:
C.A.T.S. and what it is fitted to, the Anti-Rad Capsules, Smash, the Remote Camera, the Rope
and Launcher's bypass, Dynamite's short cut and the Flare Gun; and the ratings as the
equipment (and Determination) change them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action
from deadtable.engine.wording import count
from deadtable.games.chainsaw_warrior import equipment, tracks
from deadtable.games.chainsaw_warrior.clock import BOXES_PER_MINUTE, is_night
from deadtable.games.chainsaw_warrior.equipment import LASER_LANCE, has, use
from deadtable.games.chainsaw_warrior.flow import question, then

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

CATS = "c-a-t-s"
CATS_FITS = ("gun", "flamethrower", "man-to-man-rockets", LASER_LANCE)  # a type or an item
SMASH_BOXES = 5 * BOXES_PER_MINUTE  # "For the next 5 minutes"
REFLEXES_FLOOR = 6  # "Your Reflexes can never fall beneath 6"


# -- ratings -----------------------------------------------------------------------------------
def determined(state: ChainsawWarriorState) -> int:
    """Determination counters: +1 each to every characteristic and test (Overkill)."""
    return state.determination if state.rules.has("determination") else 0


def reflexes(state: ChainsawWarriorState) -> int:
    """Reflexes with the X-oskeleton's -1 (never beneath 6), then Determination's counters."""
    mod = sum(state.data.items[c.item].reflexes for c in state.items
              if equipment.usable(state, c))
    return max(REFLEXES_FLOOR, state.warrior.reflexes + mod) + determined(state)


def cats_on(state: ChainsawWarriorState, item_id: str) -> bool:
    return any(c.item == CATS and c.on == item_id and equipment.usable(state, c)
               for c in state.items)


def marksmanship(state: ChainsawWarriorState, item_id: str) -> int:
    """Marksmanship for a shot with this weapon: C.A.T.S. adds 2."""
    return (state.warrior.marksmanship + (2 if cats_on(state, item_id) else 0)
            + determined(state))


def _fits_cats(state: ChainsawWarriorState, item_id: str) -> bool:
    item = state.data.items[item_id]
    return item.type in CATS_FITS or item.id in CATS_FITS


# -- the Anti-Rad Capsules -------------------------------------------------------------------
def _anti_rad_options(state: ChainsawWarriorState) -> tuple[str, list[Action]]:
    amount = state.ctx["amount"]
    return f"{amount} radiation: take the Anti-Rad Capsules to negate it?", [
        Action("anti-rad", f"Take them (Radiation back by {amount})"),
        Action("keep", "Keep them for later")]


@question("anti-rad", _anti_rad_options)
def _answer_anti_rad(state: ChainsawWarriorState, action: str) -> None:
    if action == "keep" or not has(state, "anti-rad-capsules"):
        return
    amount = state.ctx["amount"]
    use(state, equipment.find_carried(state, "anti-rad-capsules"))
    state.warrior.radiation -= amount
    state.event(f"The Anti-Rad Capsules negate {amount} radiation "
                f"(Radiation {state.warrior.radiation}).", cite="Equipment: Anti-Rad Capsules")


# -- what a free area allows -----------------------------------------------------------------
def free_actions(state: ChainsawWarriorState) -> list[Action]:
    """The items' actions for a free area, between turns."""
    actions = []
    for carried in state.items:
        if carried.item == CATS and carried.on is None and equipment.usable(state, carried):
            for other in state.items:
                if _fits_cats(state, other.item):
                    name = state.data.items[other.item].name
                    actions.append(Action(f"fit-cats:{other.item}",
                                          f"Fit the C.A.T.S. to the {name} (for good)"))
    if has(state, "smash") and state.smash_until <= state.time:
        actions.append(Action("smash", "Take Smash: +3 HtH for 5 minutes, then a die of wounds"))
    if has(state, "remote-camera") and state.decks[state.current]:
        actions.append(Action("camera", "Set up the Remote Camera: 30 seconds, look 2d6 ahead"))
    turned = state.data.card(state.turned) if state.turned else None
    if turned is not None and turned.back == "balcony" and has(state, "rope-and-launcher"):
        actions.append(Action("rope", "Rope and Launcher from the balcony: bypass 1d6 areas"))
    if has(state, "dynamite") and not state.exiting:
        actions.append(Action("dynamite", "Blow a hole in the wall: skip 1d6 cards"))
    if is_night(state.time) and has(state, "flare-gun") and not state.flare:
        actions.append(Action("flare", "Fire the Flare Gun: 1d6 areas lit up as Clear"))
    return actions


def answer(state: ChainsawWarriorState, action: str) -> None:
    from deadtable.games.chainsaw_warrior.house import skip_card, wandering_check

    verb, _, what = action.partition(":")
    if verb == "fit-cats":
        cats = next(c for c in state.items if c.item == CATS and c.on is None)
        cats.on = what
        state.event(f"The C.A.T.S. is fitted to the {state.data.items[what].name}.",
                    cite="Equipment: C.A.T.S.")
    elif verb == "smash":
        use(state, equipment.find_carried(state, "smash"))
        state.smash_until = state.time + SMASH_BOXES
        state.event("You take Smash: +3 HtH for the next 5 minutes.", cite="Equipment: Smash")
    elif verb == "camera":
        remote_camera(state)
    elif verb == "rope":
        use(state, equipment.find_carried(state, "rope-and-launcher"))
        tracks.pass_time(state, 1)
        roll = state.dice.d6()
        state.event(f"The Rope and Launcher takes you past {count(roll, 'area')}.",
                    cite="Equipment: Rope and Launcher")
        balcony = state.turned
        for _ in range(roll):
            if not skip_card(state, "You bypass"):
                break
        if state.turned == balcony:  # past the balcony: no encounter there to rope from again
            state.turned = None
    elif verb == "dynamite":
        # "At the start of any turn, after adding 30 seconds to the time as usual"
        use(state, equipment.find_carried(state, "dynamite"))
        tracks.pass_time(state, 1)
        if state.outcome is not None:
            return
        roll = state.dice.d6()
        state.event(f"Dynamite blows a hole in the wall: {count(roll, 'card')} skipped.",
                    cite="Equipment: Dynamite")
        for _ in range(roll):
            if not skip_card(state, "You blast past"):
                break
        # the noise: a Wandering Zombie on 4, 5 or 6; then the turn's card
        wandering_check(state, on=4, after={"do": "turn"}, if_quiet={"do": "turn"})
    else:
        use(state, equipment.find_carried(state, "flare-gun"))
        state.flare = state.dice.d6()
        state.event(f"The flare lights up the next {count(state.flare, 'area')}.",
                    cite="Equipment: Flare Gun")
        then(state, {"do": "explore"})


def remote_camera(state: ChainsawWarriorState) -> None:
    """30 seconds, no Wandering Zombie check; look at 2d6 cards of the current deck. The
    camera cannot see past a Secret Passage's closed doors."""
    use(state, equipment.find_carried(state, "remote-camera"))
    tracks.pass_time(state, 1)
    roll = state.dice.total(2)
    deck = state.decks[state.current].cards
    seen = []
    for card_id in deck[:roll]:
        seen.append(card_id)
        if state.data.card(card_id).kind == "secret-passage":
            break
    state.known = seen
    state.seen.update(seen)
    titles = ", ".join(state.data.card(c).title for c in seen)
    state.event(f"The Remote Camera looks {count(roll, 'card')} ahead: {titles}.",
                cite="Equipment: Remote Camera")


def forget_known(state: ChainsawWarriorState) -> None:
    """The current deck was shuffled or changed: what the camera saw is no longer in order."""
    state.known = []


def flare_cover(state: ChainsawWarriorState) -> bool:
    """Is the card just turned lit as Clear by the Flare Gun? Traps and Darkness put it out."""
    if not state.flare or state.turned is None:
        return False
    c = state.data.card(state.turned)
    if c.kind in ("trap", "darkness", "slime"):
        state.flare = 0
        state.event("The flare goes out.", cite="Equipment: Flare Gun")
        return False
    state.flare -= 1
    if c.kind in ("creature", "clear", "empty"):
        state.event("In the flare's light it counts as Clear; nothing comes.",
                    cite="Equipment: Flare Gun")
        return True
    state.flare = 0  # a First Aid Kit, a Dump or a Passage: you stop, and the flare goes out
    state.event("You stop by it and the flare goes out.", cite="Equipment: Flare Gun")
    return False


def carry_on_check(state: ChainsawWarriorState) -> None:
    """After a gun or weapon is lost: C.A.T.S. on it and Dum-Dums without a gun go too."""
    weapons = {c.item for c in state.items}
    has_gun = any(state.data.items[c.item].type == "gun" for c in state.items)
    kept = []
    for carried in state.items:
        if carried.item == CATS and carried.on is not None and carried.on not in weapons:
            state.event("The C.A.T.S. goes with its weapon.", cite="Equipment: C.A.T.S.")
            continue
        if carried.item == "dum-dum-bullets" and not has_gun:
            state.event("The Dum-Dum Bullets go with the gun.", cite="Equipment: Dum-Dum Bullets")
            continue
        kept.append(carried)
    state.items = kept

