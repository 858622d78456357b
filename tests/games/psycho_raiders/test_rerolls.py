"""4.51: one Will re-rolls the dice of an attack or a table: the Natural 1 Table, the Damage
Table and the grab rolls (13), dice scripted."""

from __future__ import annotations

from deadtable.games.psycho_raiders.state import PsychoRaidersState
from tests.games.psycho_raiders.table import new, park_everyone, put, quiet_hex, script, take_turn
from tests.games.psycho_raiders.test_rules import close_fight


def test_4_51_the_natural_1_table_is_rerolled_for_1_will() -> None:
    state = close_fight()
    # Randy 1 (a natural 1) + 7; Beau 6 + 9. The Natural 1 Table: 1 (drop the weapon);
    # Randy re-rolls it: 5, nothing.
    script(state, 1, 6, 1, 5)
    state.apply("attack:beau")
    state.apply("weapon:Tire Iron")
    state.apply("weapon:Machete")
    state.apply("keep")
    state.apply("keep")
    assert state.decision.prompt == "Randy rolled 1 on the Natural 1 Table"
    state.apply("reroll")
    randy = state.chars["randy"]
    assert randy.will == 3 and "Tire Iron" in randy.weapons
    assert any(e.cite == "4.51 Will" and "rolls again: 5" in e.text for e in state.log)


def together(*keys: str) -> PsychoRaidersState:
    """A game with only `keys` on one quiet hex (everyone else parked), before any turn."""
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    for key in keys:
        put(state, key, spot)
    return state


def test_4_51_the_damage_table_of_a_burning_character_is_rerolled() -> None:
    state = together("ginger")
    ginger = state.chars["ginger"]
    ginger.on_fire = True
    script(state, 6, 1)  # 6: 3 damage; re-rolled, 1: unhurt
    take_turn(state, "ginger")
    assert state.decision.prompt == "Ginger rolled 6 on the Damage Table"
    state.apply("reroll")
    assert ginger.stats == (5, 3, 4)
    assert any("Damage Table 1: Unhurt." in e.text and e.cite.startswith("15.6")
               for e in state.log)
    assert any(a.startswith("move:") for a in state.decision.ids)  # then her turn


def test_4_51_a_burn_taken_before_the_turn() -> None:
    state = together("ginger")
    state.chars["ginger"].on_fire = True
    script(state, 5)
    take_turn(state, "ginger")
    state.apply("keep")
    assert state.decision.prompt.startswith("Ginger: 2 damage left")  # before she moves


def test_4_51_grab_rolls_are_rerolled() -> None:
    state = close_fight()
    # Randy 2 + 5 against Beau 3 + 6; Randy re-rolls: 6 + 5 = 11 against 9: held
    script(state, 2, 3, 6)
    state.apply("grab:beau")
    assert state.decision.prompt == "Randy rolled 2 in a grab: re-roll for 1 Will?"
    state.apply("reroll")
    state.apply("keep")  # Beau keeps his 3
    assert state.chars["beau"].grabbed_by == "randy"
    assert state.chars["randy"].will == 3
    assert any(e.cite == "13.1 Grabbing" and "11 against 9: held" in e.text
               for e in state.log)


def test_4_51_escape_rolls_are_rerolled() -> None:
    state = together("randy", "beau")
    state.chars["randy"].grabbed_by = "beau"
    take_turn(state, "randy")
    script(state, 1, 4, 6)  # Randy 1 + 5 against Beau 4 + 6; re-rolled 6: 11 >= 10, free
    state.apply("escape")
    state.apply("reroll")
    state.apply("keep")
    assert state.chars["randy"].grabbed_by is None
    assert any(e.cite == "13.2 Escape" and "free" in e.text for e in state.log)
