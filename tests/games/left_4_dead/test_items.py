"""ITEM PICKUPS, the audit: every pool item's rule not pinned in test_weapons.py or
test_survivors.py, with scripted dice (the table in docs/left-4-dead.md, "Every item")."""

from __future__ import annotations

import pytest

from deadtable.games.left_4_dead import endofround, items
from deadtable.games.left_4_dead.agent import HeuristicAgent
from deadtable.games.left_4_dead.data import load_items
from tests.games.left_4_dead.positions import (
    ZOMBIE,
    at,
    choose,
    horde_turn,
    ids,
    infected,
    last_events,
    put,
    script,
    survivor_turn,
)

MELEE = ("axe", "crowbar", "baseball-bat", "cricket-bat", "electric-guitar", "frying-pan",
         "nightstick", "katana", "machete", "golf-club")


def kill(dice: int, defense: int) -> list[int]:
    """One skull in `dice` attack dice, no shield in `defense` dice."""
    return [1] + [6] * (dice - 1) + [6] * defense


def miss(dice: int, defense: int) -> list[int]:
    return [6] * (dice + defense)


def heuristic(state) -> str:
    return choose(HeuristicAgent(seed=1), state)


def turn_over(lane) -> bool:
    return not lane.stack or lane.stack[-1].KIND != "survivor-turn"


@pytest.mark.parametrize(("gun", "reach", "dice"), [
    ("pump-shotgun", 4, 3), ("chrome-shotgun", 4, 3),
    ("auto-shotgun", 5, 4), ("combat-shotgun", 5, 4)])
def test_every_shotgun_hits_the_infected_next_to_its_target_with_a_roll_each(lane, gun, reach,
                                                                               dice):
    bill = put(lane, "bill", "0,2")
    bill.items["weapon"] = gun
    target = infected(lane, ZOMBIE, f"{reach},2")
    near = infected(lane, ZOMBIE, f"{reach + 1},2")  # next to the target, out of range
    zoey = put(lane, "zoey", f"{reach},3")  # next to the target: never affected
    survivor_turn(lane, "bill", step="attack")
    assert f"attack:{gun}:{near.id}" not in ids(lane)
    script(lane, *kill(dice, 3), *kill(dice, 3))
    lane.apply(f"attack:{gun}:{target.id}")
    assert target.id not in lane.figures and near.id not in lane.figures
    assert zoey.wounds == 0


@pytest.mark.parametrize(("gun", "dice"), [("uzi", 3), ("silenced-uzi", 3), ("m16", 4),
                                           ("ak-47", 4)])
def test_a_kill_gives_one_more_attack_with_the_same_gun(lane, gun, dice):
    bill = put(lane, "bill", "2,2")
    bill.items["weapon"] = gun
    a = infected(lane, ZOMBIE, "5,2")
    b = infected(lane, ZOMBIE, "6,3")
    survivor_turn(lane, "bill", step="attack")
    script(lane, *kill(dice, 3))
    lane.apply(f"attack:{gun}:{a.id}")
    assert ids(lane) == [f"attack:{gun}:{b.id}", "end"]
    script(lane, *kill(dice, 3))
    lane.apply(f"attack:{gun}:{b.id}")
    assert b.id not in lane.figures and turn_over(lane)  # one more only, kill or not


def test_the_combat_rifle_attacks_up_to_two_additional_times(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["weapon"] = "combat-rifle"
    charger = infected(lane, "charger", "6,2")  # Life 4: survives three misses
    survivor_turn(lane, "bill", step="attack")
    for n in range(3):
        assert not turn_over(lane), n
        script(lane, *miss(3, 4))
        lane.apply(f"attack:combat-rifle:{charger.id}")
    assert turn_over(lane)


@pytest.mark.parametrize("rifle", ["hunting-rifle", "sniper-rifle"])
def test_a_rifle_on_one_figure_rolls_2_dice_against_no_defense(lane, rifle):
    bill = put(lane, "bill", "0,2")
    bill.items["weapon"] = rifle
    charger = infected(lane, "charger", "9,3")  # 10 spaces or less
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 1)
    lane.apply(f"attack:{rifle}:{charger.id}")
    assert charger.wounds == 2
    assert "0 dice roll 0 shield(s)" in " ".join(last_events(lane, 2))


def test_the_sniper_rifle_hits_three_in_a_line_with_one_roll(lane):
    bill = put(lane, "bill", "0,2")
    bill.items["weapon"] = "sniper-rifle"
    line = [infected(lane, ZOMBIE, f"{c},2") for c in (3, 5, 7)]
    survivor_turn(lane, "bill", step="attack")
    fire = [i for i in ids(lane) if i.startswith("attack:sniper-rifle:line-")]
    script(lane, 1, 6)
    lane.apply(fire[0])
    assert not any(z.id in lane.figures for z in line)


def test_the_grenade_launcher_blasts_a_space_and_its_neighbours_survivors_too(lane):
    bill = put(lane, "bill", "1,2")
    bill.items["weapon"] = "grenade-launcher"
    items.arm(lane, bill, "grenade-launcher")
    assert bill.ammo == {"grenade-launcher": 3}
    zombie = infected(lane, ZOMBIE, "4,2")
    zoey = put(lane, "zoey", "5,2")  # next to the target space: hit too
    away = infected(lane, ZOMBIE, "7,2")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 6)  # 2 dice once for all: one skull; no defense dice
    lane.apply(f"attack:grenade-launcher:@{at(lane, '4,2')}")
    assert zombie.id not in lane.figures and zoey.wounds == 1 and away.id in lane.figures
    assert bill.ammo == {"grenade-launcher": 2}


def test_the_grenade_launcher_is_discarded_with_its_last_ammo_marker(lane):
    bill = put(lane, "bill", "1,2")
    bill.items["weapon"] = "grenade-launcher"
    bill.ammo["grenade-launcher"] = 1
    infected(lane, ZOMBIE, "4,2")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 6, 6)
    lane.apply(f"attack:grenade-launcher:@{at(lane, '4,2')}")
    assert "weapon" not in bill.items and not bill.ammo


def test_the_portable_hmg_attacks_4_times_skulls_count_twice_one_marker_a_turn(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["weapon"] = "portable-hmg"
    bill.ammo["portable-hmg"] = 1  # the last marker still gives the whole turn
    tank = infected(lane, "tank", "6,2")  # Life 5 + 1
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 6, *[6] * 5)  # one skull: 2 hits; Defense 5, no shield
    lane.apply(f"attack:portable-hmg:{tank.id}")
    assert tank.wounds == 2
    for _ in range(3):
        assert not turn_over(lane)
        script(lane, *miss(2, 5))
        lane.apply(f"attack:portable-hmg:{tank.id}")
    assert turn_over(lane)
    assert "weapon" not in bill.items  # its last marker removed after the turn


@pytest.mark.parametrize("weapon", MELEE)
def test_every_melee_weapon_has_range_1_and_2_more_dice(lane, weapon):
    bill = put(lane, "bill", "2,2")
    bill.items["secondary"] = weapon
    near = infected(lane, ZOMBIE, "3,2")
    far = infected(lane, ZOMBIE, "5,2")
    survivor_turn(lane, "bill", step="attack")
    assert f"attack:{weapon}:{far.id}" not in ids(lane)
    script(lane, *miss(5, 3))
    lane.apply(f"attack:{weapon}:{near.id}")
    assert "5 dice roll 0 skull(s)" in " ".join(last_events(lane))


def test_the_chainsaw_hits_up_to_3_adjacent_figures_with_one_roll_and_burns_fuel(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["secondary"] = "chainsaw"
    items.arm(lane, bill, "chainsaw")
    group = [infected(lane, ZOMBIE, s) for s in ("3,2", "1,2", "1,1")]
    fourth = infected(lane, ZOMBIE, "1,3")
    survivor_turn(lane, "bill", step="attack")
    chosen = "+".join(z.id for z in group)
    assert f"attack:chainsaw:{chosen}" in ids(lane)
    assert not any(i.count("+") > 2 for i in ids(lane))  # never four
    script(lane, 1, 1, 6, 6, 6, *[6] * 9)  # 5 dice once: 2 skulls; each zombie 3 dice
    lane.apply(f"attack:chainsaw:{chosen}")
    assert not any(z.id in lane.figures for z in group) and fourth.id in lane.figures
    assert bill.ammo == {"chainsaw": 2}
    assert "rolls 5 dice once for 3 figure(s)" in " ".join(last_events(lane, 8))


def test_the_chainsaw_is_discarded_with_its_last_fuel_marker(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["secondary"] = "chainsaw"
    bill.ammo["chainsaw"] = 1
    zombie = infected(lane, ZOMBIE, "3,2")
    survivor_turn(lane, "bill", step="attack")
    script(lane, *miss(5, 3))
    lane.apply(f"attack:chainsaw:{zombie.id}")
    assert "secondary" not in bill.items


def test_a_bile_bomb_makes_the_horde_attack_whoever_stands_on_it(lane):
    bill = put(lane, "bill", "0,2")
    bill.items["explosive"] = "bile-bomb"
    boomer = infected(lane, "boomer", "5,2")
    zombie = infected(lane, ZOMBIE, "6,2")
    put(lane, "zoey", "7,2")  # engaged with the zombie, yet it must attack the Boomer
    survivor_turn(lane, "bill", step="attack")
    lane.apply(f"throw:bile-bomb:{at(lane, '5,2')}")
    horde_turn(lane)
    assert ids(lane) == [f"horde-attack:{zombie.id}:{boomer.id}"]
    lane.stack.clear()
    endofround.lasting_effects(lane)
    assert not lane.effects  # removed at the end of the round


def test_a_pipe_bomb_lures_the_horde_then_explodes_with_no_defense_sparing_workers(lane):
    bill = put(lane, "bill", "0,2")
    bill.items["explosive"] = "pipe-bomb"
    zombie = infected(lane, ZOMBIE, "3,3")  # nearer Bill than the bomb
    survivor_turn(lane, "bill", step="attack")
    lane.apply(f"throw:pipe-bomb:{at(lane, '5,2')}")
    horde_turn(lane)
    moves = [i for i in ids(lane) if i.startswith("horde-move:")]
    bomb = at(lane, "5,2")
    assert moves and all(int(m.rsplit(":", 1)[1]) in {bomb, *lane.board.neighbours[bomb]}
                         for m in moves)  # onto the bomb, away from Bill
    lane.apply(moves[0])
    worker = infected(lane, "worker", "5,1")
    lane.stack.clear()
    script(lane, 1, 6)
    endofround.lasting_effects(lane)
    assert zombie.id not in lane.figures and worker.id in lane.figures
    assert not lane.effects


def test_the_hazmat_is_not_affected_by_a_molotov(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["explosive"] = "molotov-cocktail"
    hazmat = infected(lane, "hazmat", "6,2")
    zombie = infected(lane, ZOMBIE, "6,3")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 6, 6)  # one roll for the zombie alone: 1 skull; Defense 3 - 2
    lane.apply(f"throw:molotov-cocktail:{at(lane, '6,2')}")
    assert hazmat.id in lane.figures and zombie.id not in lane.figures
    assert "once for 1 figure(s)" in " ".join(last_events(lane, 5))


def test_the_defibrillator_revives_a_destroyed_survivor_beside_with_2_wounds_and_a_weapon(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["health"] = "defibrillator"
    zoey = lane.figures["zoey"]
    zoey.items.clear()
    lane.pending_closet.append("zoey")  # destroyed this round
    survivor_turn(lane, "bill", step="before")
    lane.apply("defib:zoey")
    assert zoey.space in lane.board.neighbours[at(lane, "2,2")] and zoey.wounds == 2
    allowed = set(load_items().sets["defibrillator"])
    assert "chainsaw" not in allowed
    assert len(zoey.items) == 1 and set(zoey.items.values()) <= allowed
    assert "health" not in bill.items and turn_over(lane)  # instead of the turn


def test_explosive_ammo_lets_the_survivors_move_each_affected_opponent_1_space(lane):
    zoey = put(lane, "zoey", "0,3")
    zoey.items["health"] = "explosive-ammo"
    put(lane, "bill", "0,2")
    target = infected(lane, "charger", "5,2")  # Life 4: stands after the blast
    near = infected(lane, "boomer", "6,2")  # Life 2
    worker = infected(lane, "worker", "5,1")  # not affected: not moved
    survivor_turn(lane, "zoey", step="before")
    lane.apply("deploy:explosive-ammo")
    survivor_turn(lane, "bill", step="attack")
    script(lane, *miss(3, 4), *[6] * 2)  # no skull; the two defend
    lane.apply(f"attack:card:{target.id}")
    assert lane.stack[-1].KIND == "explosive-push"
    offered = ids(lane)
    assert f"push:{target.id}:{at(lane, '4,2')}" in offered and "push-done" in offered
    assert not any(i.startswith(f"push:{worker.id}:") for i in offered)
    assert f"push:{near.id}:{at(lane, '7,2')}" in offered
    assert heuristic(lane) == f"push:{near.id}:{at(lane, '7,2')}"  # away from the team
    lane.apply(f"push:{near.id}:{at(lane, '7,2')}")
    assert near.space == at(lane, "7,2") and worker.space == at(lane, "5,1")
    assert not any(i.startswith(f"push:{near.id}:") for i in ids(lane))  # once each
    lane.apply("push-done")
    assert not lane.stack or lane.stack[-1].KIND != "explosive-push"
    assert any(e.cite == "ITEM PICKUPS: EXPLOSIVE AMMO" and "moves" in e.text for e in lane.log)


def test_riot_control_kevlar_blocks_a_distant_one_roll_blast_with_one_shield(lane):
    zoey = put(lane, "zoey", "0,3")
    zoey.items["health"] = "explosive-ammo"
    put(lane, "bill", "0,2")
    target = infected(lane, ZOMBIE, "5,2")
    riot = infected(lane, "riot-control", "6,2")  # next to the target, far from Bill
    survivor_turn(lane, "zoey", step="before")
    lane.apply("deploy:explosive-ammo")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 1, 1, 6, 6, 6, 4, 6, 6, 6)  # 3 skulls; the zombie none, Riot one shield
    lane.apply(f"attack:card:{target.id}")
    assert target.id not in lane.figures and riot.id in lane.figures
