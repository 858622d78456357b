"""The Event Phase (7) and the D66 Event Table's effects, dice scripted."""

from __future__ import annotations

from deadtable.games.psycho_raiders import SPEC
from deadtable.games.psycho_raiders.events import apply_event
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from tests.games.psycho_raiders.table import new, park_everyone, put, quiet_hex, script, take_turn


def test_7_the_first_turn_always_rolls_then_on_5_or_6() -> None:
    game = SPEC.bind(players=2)
    # sinister count 1 (Farmer: 2), then the first turn's D66: 2, 1 (21: Clear Weather)
    state = game.new(seed=1, dice=[1, 2, 2, 1])
    while state.decision.ids[0].startswith("rank:"):
        state.apply(state.decision.ids[0])
    assert any(e.text.startswith("Event 21: Clear Weather") for e in state.log)
    none = SPEC.bind(players=2, events="none").new(seed=1, dice=[1, 2])
    while none.decision.ids[0].startswith("rank:"):
        none.apply(none.decision.ids[0])
    assert not any(e.text.startswith("Event ") for e in none.log)


def test_lightning_exposes_hide_tokens_on_grass() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "ginger", spot)
    take_turn(state, "ginger")
    state.apply(f"hide:{state.board.name(spot)}:new")
    apply_event(state, "lightning", {}, None, None)
    assert not state.chars["ginger"].hidden and len(state.chars["ginger"].tokens) == 1


def test_13_dog_attacks_the_character_nearest_the_graveyard() -> None:
    state = new()
    park_everyone(state)
    graves = state.board.zone("Graveyard").spaces[0]
    put(state, "dawn", graves)
    dawn = state.chars["dawn"]
    script(state, 1, 6, 5)  # Dawn 1 + 3 (Fists) = 4; the dog 6 + 3 = 9; Natural 1 Table 5
    apply_event(state, "dog", {"strength": 3}, None, "Graveyard")
    state.settle()
    state.apply("keep")  # she may re-roll her 1 (4.51)
    state.apply("keep")  # and the Natural 1 Table's 5 (14.52)
    state.apply("will:0")
    for _ in range(5):
        state.apply("lose:will" if dawn.will else "lose:speed")
    assert dawn.stats == (5, 3, 0)


def test_14_church_bell_reversed_when_the_gravedigger_is_sinister() -> None:
    state = new(sinister=(2, 1, 6))  # Farmer 1, Gravedigger 6
    apply_event(state, "church-bell", {"speed": 1, "will": -1}, None, None)
    assert state.bonus == {"raiders": 1}
    assert state.chars["ginger"].will == 4  # 5 - 1
    assert "gravedigger" in state.revealed_sinister


def test_fog_hides_beyond_three_hexes() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "ginger", spot)
    far = next(s for s in range(state.board.size) if state.board.coords[s] is not None
               and 4 <= (state.board.offset(s)[1] - state.board.offset(spot)[1]) <= 5
               and state.board.offset(s)[0] == state.board.offset(spot)[0])
    put(state, "spud", far)
    from deadtable.games.psycho_raiders.hiding import can_hide

    clear = can_hide(state, state.chars["ginger"], spot)
    state.weather = "Fog"
    assert can_hide(state, state.chars["ginger"], spot) and not clear


def test_36_jack_o_lantern_gives_campers_2_speed_toward_the_old_store() -> None:
    from deadtable.games.psycho_raiders.turn import toward_store

    state = new()
    park_everyone(state)
    start = state.board.space("3,20")
    put(state, "dawn", start)
    apply_event(state, "jack-o-lantern", {"speed": 2}, None, "Old Store")
    for key in ("randy", "ginger"):
        take_turn(state, key)
        state.apply("end")
    take_turn(state, "dawn")
    walked = 0
    while True:
        here = state.chars["dawn"].tokens[1]
        moves = [a for a in state.decision.ids if a.startswith("move:1:")]
        toward = [a for a in moves if toward_store(state, here, state.board.space(a[7:]))]
        if walked >= 6:  # Dawn's Speed 6 is spent: only the +2, only toward the store
            assert moves == toward
        if not toward:
            break
        state.apply(min(toward))
        walked = state.stack[-1].spent[1]  # type: ignore[attr-defined]
    assert walked >= 7


def _run_in_fog(**options: str) -> tuple[PsychoRaidersState, int]:
    """Ginger (Speed 1 for the test) takes one step east in Fog: her full speed."""
    from deadtable.games.psycho_raiders.fog import _toward

    state = new(**options)
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "ginger", spot)
    state.chars["ginger"].speed = 1
    state.weather = "Fog"
    step = _toward(state, spot, "E")
    assert step is not None
    take_turn(state, "ginger")
    script(state, 3)  # the Fog Dial's 3: south-east
    state.apply(f"move:1:{state.board.name(step)}")
    return state, step


def test_fog_dial_a_character_at_full_speed_drifts_the_way_it_rolls() -> None:
    from deadtable.games.psycho_raiders.fog import _toward

    state, step = _run_in_fog(**{"fog-dial": "on"})
    assert state.space_of(state.chars["ginger"]) == _toward(state, step, "SE")
    assert any(e.cite == "Fog Dial" and "(3: SE)" in e.text for e in state.log)


def test_fog_dial_is_the_advanced_game_s_off_by_default() -> None:
    state, step = _run_in_fog()
    assert state.space_of(state.chars["ginger"]) == step


def test_4_51_a_hazard_s_roll_is_rerolled_for_1_will() -> None:
    state = new()
    park_everyone(state)
    put(state, "dawn", state.board.zone("Graveyard").spaces[0])
    script(state, 2, 4, 6)  # Dawn 2 + 3 = 5 against the dog's 4 + 3 = 7; re-rolled 6: 9
    apply_event(state, "dog", {"strength": 3}, None, "Graveyard")
    state.settle()
    state.apply("reroll")
    assert state.chars["dawn"].will == 3
    assert any("Dawn comes through unhurt." in e.text for e in state.log)


def test_fog_stops_shots_beyond_three_hexes() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    far = next(s for s in range(state.board.size) if state.board.coords[s] is not None
               and state.board.offset(s)[1] - state.board.offset(spot)[1] == 4
               and state.board.offset(s)[0] == state.board.offset(spot)[0])
    put(state, "fluke", spot)
    put(state, "ginger", far)
    fluke = state.chars["fluke"]
    fluke.weapons.append("Handgun")
    fluke.shots["Handgun"] = 6
    for key in ("randy", "ginger", "dawn"):
        take_turn(state, key)
        state.apply("end")
    take_turn(state, "fluke")
    assert "attack:ginger" in state.decision.ids  # 4 hexes: the handgun reaches 5
    state.weather = "Fog"
    state._decision = None
    assert "attack:ginger" not in state.decision.ids
