"""Two rules found wrong by the agents' games (session 25): a raider who appears elsewhere
mid-drive drove nothing more, and a townsperson revealed sinister before it was alerted
stayed the raiders'."""

from __future__ import annotations

from deadtable.games.psycho_raiders import crashes
from deadtable.games.psycho_raiders.events import apply_event
from deadtable.games.psycho_raiders.screaming import alert
from deadtable.games.psycho_raiders.turn import Turn
from tests.games.psycho_raiders.table import drive_to, new, take_turn


def test_16_2_appear_anywhere_mid_drive_leaves_the_vehicle_driverless() -> None:
    """10.4, 16.2: Spud drives the van, then appears elsewhere: the van has no driver, so he
    may not ram with it from where it stands (he was offered `ram:wall=...` before)."""
    state = new()
    for key in ("randy", "ginger", "dawn"):
        take_turn(state, key)
        state.apply("end")
    take_turn(state, "spud")
    state.apply("drive:high")
    spud, frame = state.chars["spud"], state.stack[-1]
    assert isinstance(frame, Turn)
    for space in range(state.board.size):  # the van on a hex beside a wall it may ram
        if state.board.coords[space] is not None:
            drive_to(state, "Van", state.board.name(space))
            if any(a.id.startswith("ram:wall") for a in crashes.ram_offers(state, frame, spud)):
                break
    assert any(a.id.startswith("ram:wall") for a in crashes.ram_offers(state, frame, spud))
    assert frame.driving == "Van"
    state.apply("appear:Chapel")
    assert frame.driving == "" and spud.vehicle is None
    assert crashes.ram_offers(state, frame, spud) == []
    decision = state.decision
    assert decision is not None
    assert not any(a.startswith(("ram:", "car:")) for a in decision.ids)


def test_17_21_revealed_sinister_before_alerted_stays_the_raiders() -> None:
    """The church bell (D66 14) reveals the sinister Gravedigger before anyone alerted him;
    a walkie-talkie or a visit alerting him later does not give him to the campers' seat."""
    state = new(sinister=(2, 1, 6))  # Farmer 1, Gravedigger 6
    apply_event(state, "church-bell", {"speed": 1, "will": -1}, None, None)
    gravedigger = state.chars["gravedigger"]
    assert "gravedigger" in state.revealed_sinister and not gravedigger.alerted
    raiders_seat = state.chars["spud"].seat
    assert gravedigger.seat == raiders_seat
    alert(state, gravedigger, "8.4")
    assert gravedigger.alerted and gravedigger.seat == raiders_seat
    assert state.side_of(gravedigger) == "raiders"
    assert all(s.owners == (raiders_seat,) for s in state.real["gravedigger"].values())
    assert "on the raiders' side" in state.log[-1].text
