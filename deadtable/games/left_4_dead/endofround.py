"""The end of a round, in the order the rulebook's sections give its end-of-round effects.

1. Survivor Rules, Incapacitated: a wound on every survivor lying down.
2. Adrenaline Shot and Pain Pills: one set-aside wound comes back to each survivor using them,
   until destroyed, incapacitated, or left with 1 Life.
3. Boomer, Blinding Alluring Bile: every Vomit Marker goes.
4. Items that last the round go: Bile Bomb, Molotov, a lit Gas Can or Fireworks, deployed ammo
   (Incendiary Ammo's burning with it), Spitter's acid, Smoker's smoke; a Pipe Bomb or a lit
   Oxygen Tank explodes first.
5. Spawning: a Crescendo or Finale Event's wave in place of Spawning Zombies, else Spawning
   Zombies; the Finale Event's Tanks and rescue vehicle (finale.py); Spawning Specials; Witch
   Spawning; then the second wave of each Car Alarm or Metal Detector set off during the round
   ("in addition to the normal Spawning Zombies").
6. Hero Closets: survivors destroyed this round wait in one.
"""

from __future__ import annotations

from deadtable.games.left_4_dead import chapter, combat, environment, finale, spawning
from deadtable.games.left_4_dead.state import Left4DeadState

INCAP = "Survivor Rules: Incapacitated"


def end_of_round(state: Left4DeadState) -> None:
    state.event(f"End of round {state.round}.", "HeroScape core rules: Rounds")
    bleed(state)
    returning_wounds(state)
    for figure in state.figures.values():
        figure.markers.pop("vomit", None)
    alarms = environment.alarms_due(state)
    lasting_effects(state)
    if state.outcome is None:
        spawn(state)
        environment.alarm_waves(state, alarms)
        spawning.hero_closets(state)
    chapter.check_end(state, end_of_round=True)


def bleed(state: Left4DeadState) -> None:
    for figure in state.survivors():
        if figure.down and figure.space is not None:
            state.event(f"{combat.name(figure)} lies incapacitated: one wound.", INCAP)
            combat.wound(state, figure, 1, None, INCAP)


def returning_wounds(state: Left4DeadState) -> None:
    for figure in state.survivors():
        if not figure.set_aside:
            continue
        if figure.space is None or figure.down or figure.closet:
            figure.set_aside = 0  # destroyed or incapacitated: the set-aside wounds are gone
            continue
        if combat.life(state, figure) - figure.wounds <= 1:
            continue  # "or has only 1 Life remaining"
        figure.set_aside -= 1
        state.event(f"A set-aside wound comes back to {combat.name(figure)}.",
                    "ITEM PICKUPS: PAIN PILLS")
        combat.wound(state, figure, 1, None, "ITEM PICKUPS: PAIN PILLS")


def lasting_effects(state: Left4DeadState) -> None:
    from deadtable.games.left_4_dead import weapons

    for effect in list(state.effects):
        if effect.kind in ("pipe-bomb", "oxygen-tank"):  # 2 dice, no defense, Workers spared
            why = weapons.cite(state, effect.kind)
            victims = environment.affected(state, effect.kind, effect.space)
            state.event(f"The {weapons.prop(state, effect.kind, 'name')} at "
                        f"{state.board.names[effect.space]} explodes.", why)
            weapons.one_roll(state, None, effect.kind, victims,
                             int(weapons.prop(state, effect.kind, "attack")), why)
        if effect.kind == "incendiary-ammo":
            for figure in state.figures.values():
                if figure.markers.get("burn") == "incendiary-ammo":
                    del figure.markers["burn"]
    state.effects.clear()


def spawn(state: Left4DeadState) -> None:
    if not (chapter.crescendo_wave(state) or finale.end_of_round(state)):
        spawning.spawn_zombies(state)
    spawning.spawn_special(state)
    spawning.spawn_witch(state)
