"""KITTING OUT: costs, the one-gun and one-heavy-weapon limits, thirteen items."""

from __future__ import annotations

from deadtable.engine.cards import Pile
from deadtable.games.chainsaw_warrior.kit import MAX_ITEMS, can_take, draw, kit_actions

# "Clothing 1, Devices 1, Gun 2, HtH Weapon (1, implied by the example), Hvy Weapon 3"
COSTS = {"clothing": 1, "device": 1, "gun": 2, "hth-weapon": 1, "heavy-weapon": 3}


def piles() -> dict[str, Pile]:
    return {kind: Pile(kind, [f"{kind}-{i}" for i in range(6)]) for kind in COSTS}


def test_rulebook_example_allowance_five() -> None:
    # "you could choose 1 heavy weapon (3 points) and 2 devices (2 x 1 point); or 1 HtH weapon,
    # 1 article of clothing and 3 devices"
    p, carried, left = piles(), [], 5
    for kind in ("heavy-weapon", "device", "device"):
        assert can_take(kind, carried, left, COSTS, p)
        carried.append(kind)
        left -= COSTS[kind]
    assert left == 0 and [a.id for a in kit_actions(carried, left, COSTS, p)] == ["done"]
    p, carried, left = piles(), [], 5
    for kind in ("hth-weapon", "clothing", "device", "device", "device"):
        assert can_take(kind, carried, left, COSTS, p)
        carried.append(kind)
        left -= COSTS[kind]
    assert left == 0


def test_one_gun_and_one_heavy_weapon_at_most() -> None:
    p = piles()
    assert not can_take("gun", ["gun"], 8, COSTS, p)
    assert not can_take("heavy-weapon", ["heavy-weapon"], 8, COSTS, p)
    assert can_take("device", ["gun", "heavy-weapon"], 8, COSTS, p)


def test_no_more_than_thirteen_items() -> None:
    assert not can_take("device", ["device"] * MAX_ITEMS, 5, COSTS, piles())
    assert can_take("device", ["device"] * (MAX_ITEMS - 1), 5, COSTS, piles())


def test_cost_must_fit_the_allowance_and_the_pile_must_have_cards() -> None:
    p = piles()
    assert not can_take("heavy-weapon", [], 2, COSTS, p)
    p["gun"].cards.clear()
    assert not can_take("gun", [], 8, COSTS, p)
    ids = [a.id for a in kit_actions([], 2, COSTS, p)]
    assert ids == ["draw:clothing", "draw:device", "draw:hth-weapon", "done"]


def test_you_draw_the_top_card_not_a_chosen_one() -> None:
    p = piles()
    assert draw("gun", p) == "gun-0" and draw("gun", p) == "gun-1"
