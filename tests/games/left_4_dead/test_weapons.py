"""ITEM PICKUPS: each weapon's pattern, with scripted dice."""

from __future__ import annotations

from tests.games.left_4_dead.positions import (
    ZOMBIE,
    at,
    ids,
    infected,
    last_events,
    put,
    script,
    survivor_turn,
)


def test_the_second_pistol_attacks_one_additional_time(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["secondary"] = "second-pistol"
    a = infected(lane, "riot-control", "4,2")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 6, 6, 6, 6, 6, 6, 6, 6)  # 3 attack dice, then 5 defense dice: nothing
    lane.apply(f"attack:second-pistol:{a.id}")
    assert ids(lane) == [f"attack:second-pistol:{a.id}", "end"]  # the same weapon again
    script(lane, *[6] * 8)
    lane.apply(f"attack:second-pistol:{a.id}")
    assert lane.stack == [] or lane.stack[-1].KIND != "survivor-turn"  # two attacks, done


def test_the_uzi_attacks_again_after_destroying_a_figure(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["weapon"] = "uzi"
    a = infected(lane, ZOMBIE, "5,2")
    b = infected(lane, ZOMBIE, "6,3")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 6, 6, 6, 6, 6)  # a skull against no shield: destroyed
    lane.apply(f"attack:uzi:{a.id}")
    assert a.id not in lane.figures
    assert f"attack:uzi:{b.id}" in ids(lane)
    script(lane, 6, 6, 6, 6, 6, 6)
    lane.apply(f"attack:uzi:{b.id}")
    assert lane.stack == [] or lane.stack[-1].KIND != "survivor-turn"  # no kill: no more


def test_a_shotgun_hits_every_infected_next_to_the_target_and_never_a_survivor(lane):
    bill = put(lane, "bill", "1,2")
    bill.items["weapon"] = "pump-shotgun"
    target = infected(lane, ZOMBIE, "4,2")
    near = infected(lane, ZOMBIE, "5,2")
    zoey = put(lane, "zoey", "4,3")  # also next to the target: spared
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 6, 6, 6, 6, 6, 1, 6, 6, 6, 6, 6)  # one roll each, in turn
    lane.apply(f"attack:pump-shotgun:{target.id}")
    assert target.id not in lane.figures and near.id not in lane.figures
    assert zoey.wounds == 0


def test_a_melee_weapon_adds_two_dice_against_an_adjacent_figure(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["secondary"] = "katana"
    a = infected(lane, ZOMBIE, "3,2")
    survivor_turn(lane, "bill", step="attack")
    script(lane, *[6] * 8)
    lane.apply(f"attack:katana:{a.id}")
    assert "5 dice roll 0 skull(s)" in " ".join(last_events(lane))


def test_a_melee_weapon_reaches_only_adjacent_figures(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["secondary"] = "katana"
    far = infected(lane, ZOMBIE, "5,2")
    survivor_turn(lane, "bill", step="attack")
    assert f"attack:card:{far.id}" in ids(lane) and f"attack:katana:{far.id}" not in ids(lane)


def test_the_magnum_makes_the_defender_roll_two_fewer_dice(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["secondary"] = "magnum"
    a = infected(lane, "riot-control", "3,2")  # Defense 4
    survivor_turn(lane, "bill", step="attack")
    script(lane, *[6] * 5)
    lane.apply(f"attack:magnum:{a.id}")
    assert "3 dice roll 0 skull(s), 2 dice roll 0 shield(s)" in " ".join(last_events(lane))


def test_the_hunting_rifle_hits_up_to_three_in_a_line_with_one_roll_and_no_defense(lane):
    bill = put(lane, "bill", "0,2")
    bill.items["weapon"] = "hunting-rifle"
    line = [infected(lane, ZOMBIE, f"{c},2") for c in (2, 4, 6, 8)]
    survivor_turn(lane, "bill", step="attack")
    fire = [i for i in ids(lane) if i.startswith("attack:hunting-rifle:line-")]
    assert len(fire) == 1
    script(lane, 1, 6)  # one roll of 2 dice for all: one skull each
    lane.apply(fire[0])
    assert [z.id in lane.figures for z in line] == [False, False, False, True]


def test_a_riot_control_infected_blocks_all_with_one_shield_against_a_distant_attacker(lane):
    put(lane, "bill", "0,2")
    riot = infected(lane, "riot-control", "4,2")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 1, 1, 4, 6, 6, 6, 6)  # 3 skulls; one shield in 5 dice
    lane.apply(f"attack:card:{riot.id}")
    assert riot.id in lane.figures and "0 wound(s)" in " ".join(last_events(lane))


def test_a_thrown_molotov_needs_no_sight_burns_specials_and_lingers(lane):
    bill = put(lane, "bill", "2,2")
    bill.items["explosive"] = "molotov-cocktail"
    boomer = infected(lane, "boomer", "6,2")
    survivor_turn(lane, "bill", step="attack")
    target = f"throw:molotov-cocktail:{at(lane, '6,2')}"
    assert target in ids(lane)
    script(lane, 6, 6, 6)  # 2 dice, no skull; the Boomer's defense (2 - 2 = 0)
    lane.apply(target)
    assert "burn" in boomer.markers and "explosive" not in bill.items
    assert any(e.kind == "molotov-cocktail" for e in lane.effects)


def test_deployed_incendiary_ammo_takes_two_defense_dice_and_sets_specials_burning(lane):
    zoey = put(lane, "zoey", "1,2")
    zoey.items["health"] = "incendiary-ammo"
    put(lane, "bill", "0,2")
    smoker = infected(lane, "smoker", "5,2")  # Defense 3: 1 die with the ammo
    survivor_turn(lane, "zoey", step="before")
    lane.apply("deploy:incendiary-ammo")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 6, 6, 6, 6)
    lane.apply(f"attack:card:{smoker.id}")
    assert "3 dice roll 0 skull(s), 1 dice roll 0 shield(s)" in " ".join(last_events(lane, 3))
    assert smoker.markers.get("burn") == "incendiary-ammo"


def test_deployed_explosive_ammo_hits_the_figures_next_to_a_distant_target(lane):
    zoey = put(lane, "zoey", "0,3")
    zoey.items["health"] = "explosive-ammo"
    put(lane, "bill", "0,2")
    target = infected(lane, ZOMBIE, "5,2")
    near = infected(lane, ZOMBIE, "6,2")
    worker = infected(lane, "worker", "5,1")  # not affected by explosive ammo
    survivor_turn(lane, "zoey", step="before")
    lane.apply("deploy:explosive-ammo")
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 6, 6, 6, 6, 6, 6, 6, 6)  # one roll: 1 skull; two defenses of 3: none
    lane.apply(f"attack:card:{target.id}")
    assert target.id not in lane.figures and near.id not in lane.figures
    assert worker.id in lane.figures
