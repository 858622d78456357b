"""Once per Game Abilities (16) and A-18's two readings."""

from __future__ import annotations

from tests.games.psycho_raiders.table import (
    new,
    park_everyone,
    put,
    quiet_hex,
    raider_on_camper,
    script,
    take_turn,
)


def fight(**options: str):  # type: ignore[no-untyped-def]
    state = new(**options)
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "randy", spot)
    put(state, "beau", spot)
    state.chars["randy"].weapons.append("Chain")
    take_turn(state, "randy")
    return state


def test_16_1_adrenaline_speed_then_strength_and_a18_one_per_side() -> None:
    state = new()
    park_everyone(state)
    put(state, "dawn", quiet_hex(state))
    take_turn(state, "dawn")
    state.apply("adrenaline:1:3")  # 16.1's example: 3 to Speed, 2 left for Strength
    assert state.adrenaline["dawn"] == 2
    assert not any(a.startswith("adrenaline") for a in state.decision.ids)
    assert "camper:adrenaline" in state.abilities_used
    state.apply("end")
    take_turn(state, "randy")
    assert not any(a.startswith("adrenaline") for a in state.decision.ids)  # one per side


def test_a18_each_ability_once() -> None:
    state = fight(abilities="each-once")
    state.abilities_used.append("camper:adrenaline")
    state.apply("attack:beau")
    assert "weapon:two=Tire Iron|Chain" in state.decision.ids


def test_16_1_two_weapon_attack_adds_personal_strength_once() -> None:
    state = fight()
    script(state, 3, 3)
    state.apply("attack:beau")
    state.apply("weapon:two=Tire Iron|Chain")  # 2 + 2 + Strength 5 = 9
    state.apply("weapon:Machete")  # 3 + 6 = 9
    state.apply("keep")
    state.apply("keep")
    assert any("Randy 3 + 9 = 12" in e.text for e in state.log)


def test_16_1_dodge_misses_the_attack() -> None:
    state = raider_on_camper("beau", "randy")
    script(state, 6, 1, 6)
    state.apply("attack:randy")
    state.apply("weapon:Machete")
    state.apply("weapon:personal")
    state.apply("keep")
    state.apply("keep")
    state.apply("keep")  # Randy's natural 1: the Natural 1 Table's 6 stands (4.51)
    state.apply("will:0")  # Randy, behind
    state.apply("will:0")  # Beau
    state.apply("dodge")
    assert state.chars["randy"].stats == (4, 5, 4)


def test_16_1_declare_hide_before_an_attack() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "randy", spot)
    put(state, "beau", spot)
    for key in ("randy", "ginger", "dawn"):
        take_turn(state, key)
        state.apply("end")
    take_turn(state, "beau")
    state.apply("attack:randy")
    state.apply("weapon:Machete")
    hide = next(a for a in state.decision.ids if a.startswith("declare-hide:"))
    state.apply(hide)
    randy = state.chars["randy"]
    assert randy.hidden and set(randy.tokens.values()) == {state.board.space(hide[13:])}
    assert state.decision.seat == "raiders" and state.decision.ids[-1] == "end"


def test_16_2_appear_anywhere() -> None:
    state = new()
    for key in ("randy", "ginger", "dawn"):
        take_turn(state, key)
        state.apply("end")
    take_turn(state, "spud")
    state.apply("appear:Chapel")
    assert state.space_of(state.chars["spud"]) == state.board.space("Chapel")
    assert "raider:appear-anywhere" in state.abilities_used
    assert state.log[-1].text == "Spud: appears at Chapel."  # a sentence, as every line
