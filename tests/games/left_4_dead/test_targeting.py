"""Why an enemy is or is not a target (targeting.py), for the page and the ruler: engagement,
Range, line of sight and what blocks it, a turn's attacks already made, a special holding a
survivor; and, over many positions, a reason exactly where the attack choices refuse."""

from __future__ import annotations

import random

import pytest

from deadtable.games.left_4_dead import movement, targeting, weapons
from deadtable.games.left_4_dead.ruler import ruler
from deadtable.games.left_4_dead.state import Left4DeadState
from deadtable.games.left_4_dead.survivors import SurvivorTurn
from deadtable.games.left_4_dead.view import view
from tests.games.left_4_dead.positions import (
    ZOMBIE,
    empty,
    infected,
    put,
    special_turn,
    survivor_turn,
)

FALLBACK = "is not a target of"  # targeting.refusal's words when no test explains a refusal
# weapons of each Range and pattern: a shotgun, an Uzi, a melee weapon, a rifle (Range 10), a
# launcher aimed at a space
ARMS = ["chrome-shotgun", "silenced-uzi", "electric-guitar", "hunting-rifle", "grenade-launcher"]


@pytest.fixture
def street() -> Left4DeadState:
    """Chapter 1's street at level 0, row 5: Zoey on 2,5 and nobody else."""
    state = empty()
    put(state, "zoey", "2,5")
    return state


def test_an_engaged_survivor_is_told_whom_it_is_engaged_with(street: Left4DeadState) -> None:
    near = infected(street, ZOMBIE, "3,5")
    far = infected(street, ZOMBIE, "5,5")
    zoey = street.figures["zoey"]
    said = targeting.verdict(street, zoey, far)
    assert said["may"] is False
    assert said["text"] == (f"Zoey is engaged with Zombie {near.id.split('-')[1]}, and engaged "
                            "figures attack only figures they are engaged with")
    assert said["cite"] == "HeroScape core rules: Engagement"
    assert targeting.verdict(street, zoey, near)["may"] is True


def test_out_of_range_says_how_far_and_the_range(street: Left4DeadState) -> None:
    far = infected(street, ZOMBIE, "12,5")
    said = targeting.verdict(street, street.figures["zoey"], far)
    assert (said["may"], said["text"], said["cite"]) == (
        False, "Zombie {} is 10 spaces away, beyond Range 6".format(far.id.split("-")[1]),
        targeting.RANGE)


def test_a_figure_in_the_way_is_named(street: Left4DeadState) -> None:
    behind = infected(street, ZOMBIE, "5,5")
    between = infected(street, ZOMBIE, "4,5")
    said = targeting.verdict(street, street.figures["zoey"], behind)
    number = between.id.split("-")[1]
    assert said["may"] is False and said["cite"] == targeting.SIGHT
    assert said["text"].endswith(f"Zombie {number} stands in the way at 4,5")


def test_attacks_made_this_turn(street: Left4DeadState) -> None:
    target = infected(street, ZOMBIE, "5,5")
    zoey = street.figures["zoey"]
    survivor_turn(street, "zoey", "attack")
    frame = targeting.turn_of(street, zoey)
    assert frame is not None
    frame.attacked, frame.weapon, frame.attacks_left = True, weapons.CARD, 0
    said = targeting.verdict(street, zoey, target)
    assert said["may"] is False
    assert said["text"] == "Zoey has made this turn's attacks with its card"


def test_a_further_attack_only_with_the_weapon_of_the_turn(street: Left4DeadState) -> None:
    """Zoey shot with a Chrome Shotgun (Range 4) and may attack again: a zombie 5 spaces away
    is in her card's Range but not the shotgun's, which this turn's attacks must use."""
    target = infected(street, ZOMBIE, "7,5")
    zoey = street.figures["zoey"]
    zoey.items["weapon"] = "chrome-shotgun"
    survivor_turn(street, "zoey", "attack")
    frame = targeting.turn_of(street, zoey)
    assert frame is not None
    frame.attacked, frame.weapon, frame.attacks_left = True, "chrome-shotgun", 1
    said = targeting.verdict(street, zoey, target)
    assert said["may"] is False
    assert said["text"] == ("this turn Zoey attacks again only with Chrome Shotgun: Zombie "
                            f"{target.id.split('-')[1]} is 5 spaces away, beyond Range 4")


def test_weapons_of_different_ranges_each_say_theirs(street: Left4DeadState) -> None:
    target = infected(street, ZOMBIE, "7,5")
    zoey = street.figures["zoey"]
    zoey.items["weapon"] = "chrome-shotgun"
    said = targeting.verdict(street, zoey, target)
    assert said["may"] is True and "its card" in said["text"]
    far = infected(street, ZOMBIE, "10,5")
    said = targeting.verdict(street, zoey, far)
    number = far.id.split("-")[1]
    assert said == {"attacker": "zoey", "target": far.id, "may": False, "cite": targeting.RANGE,
                    "text": f"Zombie {number} is 8 spaces away, beyond the Range of each "
                    "weapon (its card 6, Chrome Shotgun 4)"}
    # Out of the card's sight and the shotgun's Range: each weapon says its own, with its rule
    infected(street, ZOMBIE, "4,5")
    said = targeting.verdict(street, zoey, target)
    assert said["may"] is False and said["cite"] == ""
    assert said["text"].startswith("with its card (Range 6): no clear line of sight")
    assert said["text"].endswith("with Chrome Shotgun (Range 4): Zombie "
                                 f"{target.id.split('-')[1]} is 5 spaces away, beyond Range 4 "
                                 "(HeroScape core rules: Attack (Range))")


def test_a_hunter_pinning_a_survivor_must_attack_it(street: Left4DeadState) -> None:
    hunter = infected(street, "hunter", "3,5")
    street.figures["zoey"].markers["pinned"] = hunter.id
    bill = put(street, "bill", "3,4")
    said = targeting.verdict(street, hunter, bill)
    assert said == {"attacker": hunter.id, "target": "bill", "may": False,
                    "text": "Hunter " + hunter.id.split("-")[1]
                    + " holds Zoey and must attack that figure", "cite": "HUNTER: Pin Down"}


def test_the_ruler_answers_for_two_enemies_and_names_the_blocker(street: Left4DeadState) -> None:
    infected(street, ZOMBIE, "4,5")
    infected(street, ZOMBIE, "5,5")
    seen = ruler(street, "2,5", "5,5")
    assert seen["reason"].endswith("stands in the way at 4,5")
    assert seen["attack"]["may"] is False and seen["attack"]["cite"] == targeting.SIGHT
    assert ruler(street, "2,5", "6,6")["attack"] is None  # an empty end: no attack to judge


def random_position(rng: random.Random) -> Left4DeadState:
    state = empty(seed=rng.randrange(1000))
    free = [s for s in range(state.board.size) if state.board.coords[s] is not None
            and s not in state.blocked_spaces()]
    # crowded near one spot, so that engagements, figures in the way and heights all occur
    centre = rng.choice(free)
    near = [s for s in free if movement.spaces_away(state, centre, s) <= 5]
    spots = rng.sample(near, min(len(near), 10))
    for figure, space in zip(state.survivors(), spots[:4], strict=False):
        figure.space = space
        figure.items["weapon"] = rng.choice(ARMS)
        if rng.random() < 0.3:
            figure.items["secondary"] = "chainsaw"
        figure.down = rng.random() < 0.15
    for space in spots[4:]:
        infected(state, ZOMBIE, state.board.names[space])
    return state


def test_a_reason_exactly_where_the_choices_refuse() -> None:
    """Over many crowded positions on chapter 1's map, each survivor against each infected and
    back, at Ranges 1, 4 and 6: refusal is None for the targets targets_in_range gives and
    explains every other, never falling back to words that explain nothing; and a survivor's
    verdict agrees with its attack choices."""
    rng = random.Random(7)
    judged, cites = 0, set()
    for _ in range(25):
        state = random_position(rng)
        for survivor in state.survivors():
            for reach_ in (1, 4, 6):
                others = state.infected()
                legal = movement.targets_in_range(state, survivor, others, reach_)
                for target in others:
                    why = targeting.refusal(state, survivor, target, reach_)
                    assert (why is None) == (target in legal)
                    assert why is None or FALLBACK not in why.text
                    judged += 1
                    cites.add(why and why.cite)
            for zombie in state.infected():
                legal = movement.targets_in_range(state, zombie, [survivor], 1)
                why = targeting.refusal(state, zombie, survivor, 1)
                assert (why is None) == bool(legal)
                assert why is None or FALLBACK not in why.text
            frame = SurvivorTurn(survivor.id, step="attack")
            offered = set()
            for action in weapons.attack_actions(state, frame, survivor):
                if ":line-" in action.id:
                    continue  # a rifle's line: its second and third figures need no sight
                aimed = action.args.get("space")
                on = state.occupancy().get(state.board.space(aimed)) if aimed else None
                offered |= {action.args.get("target"), *action.args.get("targets", []),
                            on and on.id}
            for target in state.infected():
                said = targeting.verdict(state, survivor, target)
                assert said["may"] == (target.id in offered), said
    assert judged > 1000
    assert cites == {None, targeting.ENGAGEMENT, targeting.RANGE, targeting.SIGHT}


def test_the_view_names_the_turn_under_way_and_the_round_limit(street: Left4DeadState) -> None:
    """The page asks why not of the figure whose turn stands at its attack (view["turn"])."""
    assert view(street, "survivors")["turn"] is None
    infected(street, ZOMBIE, "3,5")
    survivor_turn(street, "zoey", "attack")
    seen = view(street, "infected")
    assert seen["turn"] == {"figure": "zoey", "step": "attack"}
    assert seen["max_rounds"] == 30


def test_a_special_that_has_attacked_and_a_wandering_witch(street: Left4DeadState) -> None:
    hunter = infected(street, "hunter", "3,5")
    special_turn(street, hunter.id)
    frame = targeting.special_turn_of(street, hunter)
    assert frame is not None
    frame.attacks_left = 0
    said = targeting.verdict(street, hunter, street.figures["zoey"])
    assert (said["may"], said["text"]) == (
        False, f"Hunter {hunter.id.split('-')[1]} has made this turn's attack")
    witch = infected(street, "witch", "2,4")
    witch.markers["wandering"] = 1
    said = targeting.verdict(street, witch, street.figures["zoey"])
    assert said == {"attacker": witch.id, "target": "zoey", "may": False,
                    "text": "a Wandering Witch may not attack until disturbed",
                    "cite": targeting.WITCH}
