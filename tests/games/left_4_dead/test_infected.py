"""The horde (Zombies of Morindan, Horde Mentality), spawning tables, the Witch's spawning,
Zombies Rise Again and the uncommon infected's spawning rules."""

from __future__ import annotations

import pytest

from deadtable.games.left_4_dead import combat, horde, spawning
from tests.games.left_4_dead.positions import (
    ZOMBIE,
    at,
    empty,
    horde_turn,
    ids,
    infected,
    last_events,
    put,
    script,
    small_map,
)


def test_the_horde_moves_only_toward_the_nearest_survivor(lane):
    put(lane, "bill", "0,2")
    zombie = infected(lane, ZOMBIE, "8,2")
    horde_turn(lane)
    field = horde.horde_field(lane)
    moves = [i for i in ids(lane) if i.startswith("horde-move:")]
    assert moves and all(field[int(i.rsplit(":", 1)[1])] < field[zombie.space] for i in moves)
    best = min(field[int(i.rsplit(":", 1)[1])] for i in moves)
    assert all(field[int(i.rsplit(":", 1)[1])] == best for i in moves)


def test_at_most_six_zombies_move_and_three_attack(lane):
    put(lane, "bill", "0,2")
    for space in ("6,0", "7,1", "8,2", "8,3", "9,3", "6,3", "7,3"):
        infected(lane, ZOMBIE, space)
    horde_turn(lane)
    for _ in range(6):
        move = next(i for i in ids(lane) if i.startswith("horde-move:"))
        lane.apply(move)
    assert len([e for e in lane.log if "shambles" in e.text]) == 6
    assert not any(f.KIND == "horde-turn" for f in lane.stack)  # a seventh may not move


def test_horde_mentality_makes_attacks_compulsory_and_a_zombie_onslaught_rolls_six_dice(lane):
    bill = put(lane, "bill", "4,2")
    for space in ("3,2", "5,2", "3,1"):
        infected(lane, ZOMBIE, space)
    horde_turn(lane)  # every zombie already stands next to a survivor: no move to make
    actions = ids(lane)
    assert "horde-stop" not in actions and "end" not in actions
    onslaught = [i for i in actions if i.startswith("onslaught:bill:")]
    assert len(onslaught) == 1
    script(lane, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6)  # 6 attack dice: 3 skulls; 4 defense: none
    lane.apply(onslaught[0])
    assert "6 dice roll 3 skull(s)" in " ".join(last_events(lane))
    assert bill.wounds == 3


def test_zombies_on_different_levels_cannot_make_an_onslaught(lane):
    put(lane, "bill", "5,1")  # level 0, next to 5,0 (level 2) and 4,0/6,1...
    infected(lane, ZOMBIE, "5,0")
    infected(lane, ZOMBIE, "4,1")
    infected(lane, ZOMBIE, "6,1")
    horde_turn(lane)  # every zombie already stands next to a survivor: no move to make
    assert not any(i.startswith("onslaught:") for i in ids(lane))


def test_a_survivor_with_a_vomit_marker_draws_the_hordes_attacks(lane):
    bill = put(lane, "bill", "3,2")
    zoey = put(lane, "zoey", "5,2")
    infected(lane, ZOMBIE, "4,2")  # next to both
    zoey.markers["vomit"] = "boomer-1"
    horde_turn(lane)  # every zombie already stands next to a survivor: no move to make
    assert all(i.endswith(":zoey") for i in ids(lane))
    assert bill.wounds == 0


def test_a_zombie_that_destroys_a_survivor_brings_back_a_destroyed_zombie(lane):
    bill = put(lane, "bill", "3,2")
    put(lane, "zoey", "0,0")
    zombie = infected(lane, ZOMBIE, "4,2")
    lane.destroyed_zombies = 1
    bill.down, bill.incaps, bill.wounds = True, 1, 4
    combat.wound(lane, bill, 1, zombie)
    risen = [f for f in lane.infected() if f.space == at(lane, "3,2")]
    assert bill.space is None and len(risen) == 1 and "risen" in risen[0].markers
    assert lane.destroyed_zombies == 0


@pytest.mark.parametrize(("roll", "zombies", "uncommon"),
                         [(7, 2, 0), (8, 3, 0), (14, 3, 0), (15, 4, 0), (18, 4, 0), (19, 3, 1),
                          (20, 3, 1)])
def test_spawning_zombies_reads_d20_plus_the_modifier(tmp_path, roll, zombies, uncommon):
    state = empty(map=small_map(tmp_path))  # normal: modifier 1
    put(state, "bill", "0,2")
    script(state, roll, 1)  # the d20; an uncommon roll of 1 is a Clown (3 more zombies)
    spawning.spawn_zombies(state)
    kinds = [f.kind for f in state.infected()]
    assert kinds.count(ZOMBIE) == zombies + 3 * uncommon
    assert kinds.count("clown") == uncommon


@pytest.mark.parametrize(("reading", "zombies"), [("clamp", 3), ("16-19", 4), ("extend", 6)])
def test_a_spawn_roll_above_20_reads_as_the_option_says(tmp_path, reading, zombies):
    state = empty(map=small_map(tmp_path), difficulty="expert", **{"spawn-above-20": reading})
    put(state, "bill", "0,2")
    script(state, 20, 5)  # 20 + 3 = 23; an uncommon of 5 is a Hazmat
    spawning.spawn_zombies(state)
    assert [f.kind for f in state.infected()].count(ZOMBIE) == zombies


@pytest.mark.parametrize("reading", ["clamp", "16-19", "extend"])
def test_a_specials_roll_above_20_is_the_tank_row_whatever_the_reading(tmp_path, reading):
    state = empty(map=small_map(tmp_path), difficulty="expert", **{"spawn-above-20": reading})
    put(state, "bill", "0,2")
    script(state, 19)  # 19 + 3 = 22
    spawning.spawn_special(state)
    assert [f.kind for f in state.infected()] == ["tank"]


@pytest.mark.parametrize(("roll", "kind"), [(1, "boomer"), (3, "smoker"), (6, "charger"),
                                             (9, "jockey"), (12, "spitter"), (15, "hunter"),
                                             (18, "tank"), (20, "tank")])
def test_spawning_specials_reads_d20_plus_the_modifier(tmp_path, roll, kind):
    state = empty(map=small_map(tmp_path))
    put(state, "bill", "0,2")
    script(state, roll)
    spawning.spawn_special(state)
    assert [f.kind for f in state.infected()] == [kind]


def test_a_second_tank_roll_brings_a_hunter(lane):
    put(lane, "bill", "0,2")
    script(lane, 19, 19)
    spawning.spawn_special(lane)
    spawning.spawn_special(lane)
    assert sorted(f.kind for f in lane.infected()) == ["hunter", "tank"]


def test_the_specials_modifier_is_optional(tmp_path):
    state = empty(map=small_map(tmp_path), **{"specials-modifier": False})
    put(state, "bill", "0,2")
    script(state, 3)
    spawning.spawn_special(state)
    assert [f.kind for f in state.infected()] == ["boomer"]  # 3 + 0, not 3 + 1


@pytest.mark.parametrize(("chapter", "roll", "spawns"),
                         [(1, 20, False), (5, 20, False), (2, 13, False), (2, 14, True),
                          (3, 20, True)])
def test_the_witch_spawns_on_15_or_more_in_chapters_2_to_4(tmp_path, chapter, roll, spawns):
    state = empty(map=small_map(tmp_path), chapter=chapter)
    put(state, "bill", "0,2")
    script(state, roll)
    spawning.spawn_witch(state)
    witches = [f for f in state.infected() if f.kind == "witch"]
    assert bool(witches) == spawns
    if spawns:
        assert witches[0].space == at(state, "7,3")
        assert "wandering" not in witches[0].markers  # the default sits


def test_the_witch_and_tank_add_the_difficulty_modifier_to_their_life(tmp_path):
    state = empty(map=small_map(tmp_path), difficulty="expert")
    tank = infected(state, "tank", "9,1")
    witch = infected(state, "witch", "8,1")
    assert combat.life(state, tank) == 5 + 3 and combat.life(state, witch) == 5 + 3


def test_starting_squads_follow_the_difficulty():
    for level, squads in (("easy", 3), ("normal", 4), ("advanced", 5), ("expert", 6)):
        from deadtable import registry

        state = registry.load("left-4-dead", difficulty=level).new(seed=2)
        assert len([f for f in state.infected() if f.kind == ZOMBIE]) == 3 * squads


def test_a_fallen_survivor_that_rolled_defense_may_move_up_to_4_spaces_at_once(lane):
    from tests.games.left_4_dead.positions import survivor_turn

    put(lane, "bill", "0,2")
    fallen = infected(lane, "fallen-survivor", "4,2")  # Defense 6
    survivor_turn(lane, "bill", step="attack")
    script(lane, 1, 6, 6, 4, 6, 6, 6, 6, 6)  # 1 skull; 6 defense dice, one shield
    lane.apply(f"attack:card:{fallen.id}")
    decision = lane.decision
    assert decision is not None and decision.seat == "infected"
    assert decision.prompt.startswith("Survival Instinct")
    far = [i for i in decision.ids if i.startswith("instinct:")]
    assert far and "instinct-stay" in decision.ids
    lane.apply(far[-1])
    assert fallen.space == int(far[-1].split(":")[1])
    assert not any(f.KIND == "survival-instinct" for f in lane.stack)


def test_a_fallen_survivor_that_is_destroyed_leaves_two_random_items(lane):
    put(lane, "bill", "0,2")
    fallen = infected(lane, "fallen-survivor", "4,2")
    before = len(lane.pool)
    combat.wound(lane, fallen, 1, lane.figures["bill"])
    assert len(lane.items_on_map[at(lane, "4,2")]) == 2 and len(lane.pool) == before - 2


def test_a_mud_mans_wound_blinds_a_survivor_until_after_its_next_turn(lane):
    from deadtable.games.left_4_dead import movement
    from tests.games.left_4_dead.positions import survivor_turn

    bill = put(lane, "bill", "3,2")
    mud = infected(lane, "mud-man", "4,2")
    horde_turn(lane)
    script(lane, 1, 6, 6, 6, 6, 6, 6)  # 3 attack dice: 1 skull; 4 defense dice: none
    lane.apply(f"horde-attack:{mud.id}:bill")
    assert bill.wounds == 1 and "mud" in bill.markers
    assert movement.move_budget(lane, bill) == 4 and combat.reduced(lane, bill, "defense") == 3
    lane.stack.clear()
    survivor_turn(lane, "bill", step="attack")
    lane.apply("end")
    assert "mud" not in bill.markers
