"""COMBAT, BATTLE and DAMAGE: all zombies every turn, your weapon, the survivor's share."""

from __future__ import annotations

from deadtable.engine.decisions import Action
from deadtable.engine.state import Outcome
from deadtable.games.one_against_the_dead.cards import zombies
from deadtable.games.one_against_the_dead.rules import power, rank
from deadtable.games.one_against_the_dead.state import SEAT, OneAgainstTheDeadState, Weapon
from deadtable.games.one_against_the_dead.zombies import dice_of

SIZES = (10, 5, 1)


def weapon_actions(state: OneAgainstTheDeadState) -> list[Action]:
    """Your first decision in battle: whether or not to use your weapon."""
    actions = []
    if state.weapon is not None:
        actions.append(Action("fight:weapon", f"Fight with the {state.weapon.label()}"))
    actions.append(Action("fight:fists", "Fight with your Fists of Fury"))
    return actions


def _describe(dice: tuple[int, int, int]) -> str:
    parts = [f"{n}×{size}" for n, size in zip(dice, SIZES, strict=True) if n]
    return " + ".join(parts) if parts else "none"


def share_actions(state: OneAgainstTheDeadState) -> list[Action]:
    """The survivor's share: as many zombies as you fight, or fewer (A-54)."""
    have = dice_of(state, state.zombies)
    by_dice = state.options["share-by"] == "dice"
    actions = []
    for t in range(have[10] + 1):
        for f in range(have[5] + 1):
            for o in range(have[1] + 1):
                his = 10 * t + 5 * f + o
                mine = state.zombies - his
                if by_dice:
                    fair = t + f + o <= (have[10] + have[5] + have[1]) - (t + f + o)
                else:
                    fair = his <= mine
                if not fair:
                    continue
                if his == 0:
                    label = "The survivor does not fight"
                else:
                    label = f"The survivor fights {_describe((t, f, o))} ({his}), you fight {mine}"
                actions.append(Action(f"share:{t}.{f}.{o}", label))
    return actions


def survivor_weapon_actions(state: OneAgainstTheDeadState) -> list[Action]:
    s = state.survivor
    assert s is not None and s.weapon is not None
    return [
        Action("survivor:weapon", f"The survivor uses the {s.weapon.label()}"),
        Action("survivor:fists", "The survivor uses his Fists of Fury"),
    ]


def _roll_pile(state: OneAgainstTheDeadState, dice: dict[int, int],
               strength: int) -> tuple[int, str]:
    """Toss every zombie die of a pile, largest first; return how many zombies are left and
    each die's roll in the rulebook's words ("the 10-zombie die, which rolls a 3 and dies")."""
    left, told = 0, []
    for size in SIZES:
        for _ in range(dice.get(size, 0)):
            roll = state.dice.d6()
            dies = roll <= strength
            if dies:
                state.kills += size
            else:
                left += size
            told.append(f"the {size}-zombie die rolls {roll} and {'dies' if dies else 'lives'}")
    return left, "; ".join(told)


def _use(weapon: Weapon | None, chosen: bool) -> tuple[str | None, Weapon | None]:
    """The weapon kind fought with, and the weapon carried afterwards (decremented)."""
    if weapon is None or not chosen:
        return None, weapon
    after = weapon.used()
    return weapon.kind, (None if after.spent else after)


def _with(kind: str | None, whose: str) -> str:
    return f"the {kind}" if kind else f"{whose} fists"


def battle(state: OneAgainstTheDeadState, survivor_weapon: bool) -> None:
    """Fight, then suffer one damage per five zombies left in each pile."""
    rules, options = state.rules, state.options
    s = state.survivor
    share = state.share if (s is not None and state.share is not None) else (0, 0, 0)
    his_count = 10 * share[0] + 5 * share[1] + share[2]
    total = dice_of(state, state.zombies)
    mine = {size: total[size] - n for size, n in zip(SIZES, share, strict=True)}
    his = dict(zip(SIZES, share, strict=True))

    # Decrement the charge of each weapon used before the dice are tossed.
    my_kind, state.weapon = _use(state.weapon, state.use_weapon)
    my_power = power(rules, options, my_kind)
    his_kind = None
    if s is not None and his_count:
        his_kind, s.weapon = _use(s.weapon, survivor_weapon)
    his_power = power(rules, options, his_kind)

    my_left, my_rolls = _roll_pile(state, mine, my_power)
    his_left, his_rolls = _roll_pile(state, his, his_power) if his_count else (0, "")
    per_point = rules.zombies_per_point
    my_damage, his_damage = my_left // per_point, his_left // per_point
    state.event(
        f"You fight {zombies(state.zombies - his_count)} with {_with(my_kind, 'your')} (power "
        f"{my_power}: a die dies on {my_power} or less): {my_rolls or 'no dice'}. "
        f"{state.zombies - his_count - my_left} killed, {my_left} left; "
        f"you take {my_damage} damage.",
        cite="COMBAT: BATTLE, DAMAGE",
    )
    if state.weapon is None and my_kind is not None:
        state.event(f"The {my_kind} is spent and goes back to the pool.", cite="COMBAT")
    state.life -= my_damage
    if s is not None and his_count:
        state.event(
            f"Your survivor fights {zombies(his_count)} with {_with(his_kind, 'his')} (power "
            f"{his_power}: a die dies on {his_power} or less): {his_rolls}. "
            f"{his_count - his_left} killed, {his_left} left; he takes {his_damage} damage.",
            cite="COMBAT: BATTLE, DAMAGE",
        )
        s.life -= his_damage
        if s.life <= 0:
            state.event("Your survivor is killed.", cite="COMBAT: DAMAGE")
            state.survivor = None
    _keep_rank_rule(state)
    state.zombies = my_left + his_left
    state.share = None
    state.use_weapon = False
    if state.life <= 0:
        state.life = 0
        state.finish(Outcome({SEAT: "loss"}, "killed", {SEAT: score(state, won=False)}),
                     cite="COMBAT: DAMAGE")


def _keep_rank_rule(state: OneAgainstTheDeadState) -> None:
    """A survivor may not carry a more powerful weapon than you. When your weapon is spent
    and his is better, you take his once the fight is over (designed: the rulebook only
    forbids the state; taking it is the exchange that leaves you best armed)."""
    s = state.survivor
    if s is None or s.weapon is None:
        return
    mine = rank(state.rules, None if state.weapon is None else state.weapon.kind)
    if rank(state.rules, s.weapon.kind) > mine:
        state.weapon, s.weapon = s.weapon, None
        state.event(f"You take your survivor's {state.weapon.label()}: he may not out-gun you.",
                    cite="WEAPONS, SURVIVORS, & PROVISIONS")


def score(state: OneAgainstTheDeadState, won: bool) -> float:
    """Scoring: remaining life (times an evacuated survivor's), or zombies killed."""
    if state.options["scoring"] == "kills":
        return float(state.kills)
    if not won:
        return 0.0
    s = state.survivor
    return float(state.life * (s.life if s is not None else 1))
