"""The rulebook's Example of Play, die for die: a golden test.

"I am the warrior. I have the following ratings: Endurance 15, Wounds 14, Hand-to-Hand
(including +1 for Strength skill) 11, Reflexes 9 and Marksmanship +1. My Equipment Allowance
was 6, so I picked a Gun (Sub-Machine Gun), 2 items of Clothing (Infra-Red Goggles and Steel
Gloves), and 2 Devices (Sonic Amplifier and a Lock-Pick Set)."
"""

from __future__ import annotations

import pytest

from tests.games.chainsaw_warrior.conftest import item_uses, play, start, used_all_dice
from tests.logs import texts

KIT = ["sub-machine-gun", "infra-red-goggles", "steel-gloves", "sonic-amplifier",
       "lock-pick-set"]
DECK = [
    "clear-1",  # "directly ahead of me there are stairs, but there's no-one around"
    "empty-1",  # "It's a small room, but again there's no-one here"
    "zombie-1",  # "It's a room, with a Zombie inhabitant (Attack: 8)"
    "empty-11",  # "Into the corridor quickly ... No one about"
    "chaos-agent-2",  # "And there before me is Chaos Agent 2, waiting in ambush"
    "clear-9",  # "out of the corridor and onto a balcony. There's no-one about"
    "empty-12",  # "another corridor. This one is empty too"
    "first-aid-kit-1",  # the elevator with "a First Aid Kit blocking its track"
    "secret-passage-1",  # "appears to be some sort of sneaky passage"
    # the Deck One cards the passage lets him skip: "a 2d6 roll of 9 skips 9 Deck One cards,
    # among them one Dump and three traps"
    "empty-2", "dump-1", "wire-1", "clear-2", "net-1", "empty-3", "mines-1", "zombie-2",
    "empty-4",
    "empty-5",  # where he comes out
]
DICE = [
    5,  # "Empty area, check for Wandering Zombie. Roll a 5, nothing encountered."
    2,  # "An empty room, and again the check reveals nothing."
    3, 4,  # "SMG against Zombies is 5 ... I need a 4 or more. A roll of 7"
    1,  # the empty corridor's check
    6, 6, 3, 1,  # "He gets a pair of 6s, giving an attack score of 21 ... I counter with a 3
    #             and a 1 ... he's hit me!"
    3, 4,  # "a roll of 7 on the Extra Wound table"
    3, 3, 5, 5,  # "The Agent rolls a total of 6 ... I counter with a roll of 10"
    4,  # the balcony is Clear: its check
    2,  # the empty corridor's check
    4, 5,  # the passage: 2d6 = 9
]


@pytest.mark.parametrize("clothing_hth", [True, False])
def test_the_example_of_play(clothing_hth: bool) -> None:
    # the example fights at HtH 11 though the Steel Gloves add 1; with the gloves
    # counted the totals are 16 and 22, without them 15 and 21, and the outcomes are the same.
    state = start(DECK, DICE, kit=KIT, **{"clothing-hth": clothing_hth})
    w = state.warrior
    # Stairs, a room: nothing. Then the Zombie: the Sonic Amplifier means no Reflex test.
    assert state.phase == "shoot"
    assert "shoot:sub-machine-gun:zombie-1" in state.decision
    assert "needs 4" in state.decision.get("shoot:sub-machine-gun:zombie-1").label
    play(state, "shoot:sub-machine-gun:zombie-1")
    # "Change the number of bursts remaining on the SMG from 10 to 9"
    assert item_uses(state, "sub-machine-gun") == 9
    assert any("No Reflex test needed: the Sonic Amplifier" in line for line in texts(state))
    # Chaos Agent 2 "leapt at me ... so I didn't have time to shoot him": straight to HtH.
    # "My Wound Marker moves from 14 to 13"; "I refrain from attempting a tricky Lucky Shot"
    assert w.wounds == 13
    mine = 16 if clothing_hth else 15
    assert (f"Round 1 against the Chaos Agent 2: it scores 21, you {mine} (its 12 + HtH 9; "
            f"your 4 + HtH {mine - 4}).") in texts(state)
    assert "Extra Wound table: 7: No extra effects. No escape next round." in texts(state)
    assert state.phase == "lucky"
    play(state, "no")
    # Extra Wound 7: "I can't attempt an escape next round": no escape question; round 2
    # kills him: "Got him, and he's out of it!!"
    assert state.fight is None
    assert (f"Round 2 against the Chaos Agent 2: it scores 15, you {mine + 6} (its 6 + HtH 9; "
            f"your 10 + HtH {mine - 4}).") in texts(state)
    assert "chaos-agent-2" in state.discards[0]
    # The balcony, the corridor, then the elevator's First Aid Kit "now resides among the
    # other items on my Equipment display".
    assert any(c.item == "first-aid-kit-1" for c in state.items)
    # A wound to heal and a kit to heal it with: the free area offers a pause. He moves on.
    assert state.phase == "free" and "heal:first-aid-kit-1" in state.decision
    play(state, "explore")
    # "have I really only been in here five minutes?": ten boxes at the passage.
    assert state.time == 10
    assert state.phase == "passage" and state.ctx["left"] == 9
    time = state.time
    for _ in range(9):
        play(state, "skip")
    # Skipped cards are discarded without encounters and without time: one Dump, three traps.
    skipped = state.discards[0].cards[:9]
    assert sorted(skipped) == sorted(DECK[9:18])
    assert state.time == time and w.wounds == 13
    assert used_all_dice(state)
    assert state.outcome is None
