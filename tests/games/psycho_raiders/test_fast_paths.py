"""The speed-ups of a step (docs/psycho-raiders.md "Speed") answer exactly as the plain
questions they replace: distances by rows, the per-map space tables, one Glance at the
characters a decision (carried from step to step of a turn), and hiding's lines of sight
asked all at once."""

from __future__ import annotations

import random

import pytest

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.board import distance as engine_distance
from deadtable.engine.board import distances as engine_distances
from deadtable.engine.board import sight
from deadtable.engine.board.model import edge_key
from deadtable.engine.dice import derive_seed
from deadtable.games.psycho_raiders import (
    abilities,
    crashes,
    geometry,
    hiding,
    movement,
    screaming,
)
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.sequence import Phase, PhaseHandler, ready
from deadtable.games.psycho_raiders.spaces import spaces
from deadtable.games.psycho_raiders.state import CAMPERS, RAIDERS, Character, PsychoRaidersState
from deadtable.games.psycho_raiders.turn import Turn, TurnHandler
from tests.games.psycho_raiders.table import new, raider_on_camper


def _mid_game_states(count: int, seed: int = 3) -> list[PsychoRaidersState]:
    """States from random games: hidden tokens, vehicles moved, townsfolk alerted."""
    state = new()
    players = {s: agent_maker("random", state.game.id)(seed + n)
               for n, s in enumerate(state.game.seats)}
    found = []
    while state.decision is not None and len(found) < count:
        state.apply(players[state.decision.seat].act(observe(state)))
        if len(state.history) % 37 == 0:
            clone = state.clone()
            assert isinstance(clone, PsychoRaidersState)
            found.append(clone)
    return found


def test_distance_rows_are_the_engines_distance() -> None:
    board = new().board
    pick = random.Random(1)
    rooms = [s for s in range(board.size) if board.coords[s] is None]
    pairs = [(pick.randrange(board.size), pick.randrange(board.size)) for _ in range(3000)]
    pairs += [(r, pick.randrange(board.size)) for r in rooms for _ in range(20)]
    pairs += [(pick.randrange(board.size), r) for r in rooms for _ in range(20)]
    for a, b in pairs:
        assert geometry.distance(board, a, b) == engine_distance(board, a, b), (a, b)


def test_distance_rows_built_by_runs_are_the_engines_rows() -> None:
    """geometry's rows are built a grid row's run at a time (one slice of a table of hex
    distances): each is the engine's row, space by space, from rooms and hexes alike."""
    board = new().board
    rooms = [s for s in range(board.size) if board.coords[s] is None]
    assert rooms
    for a in [*rooms, *range(0, board.size, 7), board.size - len(rooms) - 1]:
        assert geometry.row(board, a) == engine_distances(board, a), a


def test_space_tables_say_what_the_board_says() -> None:
    board = new().board
    table = spaces(board)
    for here in range(board.size):
        assert [e[0] for e in table.exits[here]] == list(board.neighbours[here])
        for there, ground, feature, key in table.exits[here]:
            assert (ground, feature, key) == (board.terrain[there], board.feature(here, there),
                                              edge_key(here, there))
        assert [(t, f) for t, _n, f, _k in table.edges[here]] == [
            (t, board.feature(here, t)) for t in board.neighbours[here]
            if board.feature(here, t) is not None]
        assert table.marks[here] == {m.kind for m in board.markers if m.space == here}
        decks = [str(m.props["deck"]) for m in board.markers_of("deck") if m.space == here]
        outdoor = "Outdoor" if board.coords[here] is not None else None
        assert table.deck[here] == (decks[0] if decks else outdoor)
        buildings = [n for n, z in board.zones.items() if z.kind == "building"
                     and here in z.spaces]
        assert table.building[here] == (buildings[0] if buildings else None)
    assert "Sheriff's Station" in table.phones


def test_a_glance_sees_each_character_as_the_state_does() -> None:
    for state in _mid_game_states(12):
        for char in state.chars.values():
            seen = Glance(state, char)
            side = state.side_of(char)
            playing = [c for c in state.chars.values() if state.active(c)]
            assert seen.friends == [c for c in playing if state.side_of(c) == side]
            assert seen.enemies == [c for c in playing if state.side_of(c) != side]
            crowd: dict[int, list[int]] = {}
            for other in playing:
                if other.vehicle is None:
                    for space in other.tokens.values():
                        counts = crowd.setdefault(space, [0, 0])
                        counts[state.side_of(other) != side] += 1
            assert seen.crowd == {s: (f, e) for s, (f, e) in crowd.items()}
            assert seen.grips == any(c.grabbed_by is not None for c in state.chars.values())


def test_hiding_asks_every_line_at_once_as_it_would_one_by_one() -> None:
    pick = random.Random(2)
    for state in _mid_game_states(6):
        board = state.board
        cars = list(state.vehicles)
        for _ in range(60):
            space = pick.randrange(board.size)
            enemies = [pick.randrange(board.size) for _ in range(pick.randrange(1, 6))]
            for car in cars:  # a vehicle now and then on an end of a line
                state.vehicles[car] = pick.choice([space, *enemies, state.vehicles[car]])
            one_by_one = any(sight(board, space, e, figures={
                s: 1 for s in state.vehicles.values() if s not in (space, e)},
                opaque=hiding.opaque(state, lake=True),
                edge_sight=hiding.openings(state)).clear for e in enemies)
            assert hiding.watched(state, space, enemies) == one_by_one, (space, enemies)


def test_lines_of_fire_through_the_cache_are_the_plain_sight() -> None:
    pick = random.Random(4)
    for state in _mid_game_states(6):
        board = state.board
        for _ in range(150):
            a, b = pick.randrange(board.size), pick.randrange(board.size)
            figures = {pick.randrange(board.size): 1 for _ in range(pick.randrange(12))}
            for lake in (True, False):
                terrain = hiding.opaque(state, lake)
                plain = sight(board, a, b, figures=figures, opaque=terrain,
                              edge_sight=hiding.openings(state)).clear
                assert hiding.clear(state, a, b, figures, terrain) == plain, (a, b, lake)


@pytest.mark.parametrize("options", [{}, {"players": 5}, {"players": 13},
                                     {"events": "every-turn", "fog-dial": "on"}])
def test_every_decision_is_the_one_a_fresh_look_makes(options: dict[str, object],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """What is carried from one step to the next (a turn's Glance, moved with the token)
    gives the decision a state seen afresh gives: a clone carries nothing."""
    steps = []
    stepped = Glance.stepped

    def checked(seen: Glance, state: PsychoRaidersState, before: int, after: int) -> None:
        # a look that saw nobody holding anyone still sees it so (a move only lets go)
        held = any(c.grabbed_by is not None for c in state.chars.values())
        assert seen.grips or not held
        steps.append(held)
        stepped(seen, state, before, after)

    monkeypatch.setattr(Glance, "stepped", checked)
    game = registry.load("psycho-raiders", **options)
    state = game.new(seed=derive_seed(7, 0))
    players = {seat: agent_maker("random", game.id)(derive_seed(7, 0, 1 + n))
               for n, seat in enumerate(game.seats)}
    while (decision := state.decision) is not None:
        fresh = state.clone()
        fresh._decision = None  # a clone keeps the decision made: make it again
        assert fresh.decision is not None  # (the same object where a rule keeps it: phases)
        assert fresh.decision.ids == decision.ids, state.history[-3:]
        assert fresh.decision.prompt == decision.prompt
        state.apply(players[decision.seat].act(observe(state)))
    assert state.outcome is not None
    assert len(steps) > 100  # the look was carried from step to step


def test_the_enemy_vehicles_found_in_one_pass_are_those_enemy_car_names() -> None:
    """crashes.enemy_cars finds every vehicle's driver in one pass over the characters: the
    vehicles standing that enemy_car() (the driver's side, else the owner's) calls enemies."""
    met = 0
    for state in _mid_game_states(40, seed=8):
        for char in state.chars.values():
            plain = [(name, space) for name, space in state.vehicles.items()
                     if not state.cars[name]["wrecked"] and crashes.enemy_car(state, char, name)]
            assert crashes.enemy_cars(state, char) == plain, char.key
            met += any(c.vehicle is not None for c in state.chars.values())
    assert met > 0  # some of those states had someone in a vehicle


def _kept_afresh(state: PsychoRaidersState, char: Character, seen: Glance,
                 name: object) -> object:
    """What a look keeps under `name` (the makers at the rules' keep() calls), made anew."""
    if isinstance(name, tuple) and name[0] == "can-hide":
        return hiding.can_hide(state, char, name[1], seen)
    if isinstance(name, tuple) and name[0] == "abilities":  # by kind: any character of it
        like = next(c for c in state.chars.values() if c.kind == name[1])
        return (abilities.open_to(state, like, "adrenaline"),
                abilities.open_to(state, like, "appear-anywhere"))
    makers = {
        "enemy-spaces": lambda: frozenset(s for c in seen.enemies for s in c.tokens.values()),
        "enemy-aboard": lambda: any(c.vehicle is not None for c in seen.enemies),
        "enemy-cars": lambda: crashes.enemy_cars(state, char),
        "enemy-pieces": lambda: hiding.enemy_pieces(state, char, seen),
        "unalerted": lambda: frozenset(state.space_of(c) for c in screaming.waiting(state)),
        "reveals": lambda: screaming.reveal_offers(state),
    }
    assert isinstance(name, str) and name in makers, name  # a name kept across turns
    return makers[name]()


@pytest.mark.parametrize("options", [{}, {"players": 5}, {"players": 13},
                                     {"events": "every-turn", "fog-dial": "on"}])
def test_a_look_turned_to_the_next_turn_is_a_fresh_look(options: dict[str, object],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The look that ended a turn, turned to the next character (Glance.turned: nothing but
    the turn's start happened since), sees what a fresh look sees, and what it keeps is what
    the rules would work out afresh."""
    turned, sides, unasked = [], set(), {"begun": 0, "ended": 0}
    carry = Glance.turned

    def checked(seen: Glance, state: PsychoRaidersState, char: Character) -> Glance:
        # a turn begun unasked (its seat's last waiting), or after one that ended by itself
        unasked["begun"] += "has no other character waiting" in state.log[-1].text
        unasked["ended"] += "has nothing left to do" in state.log[-2].text
        look = carry(seen, state, char)
        fresh = Glance(state, char)
        assert (look.char, look.side, look.here) == (fresh.char, fresh.side, fresh.here)
        assert (look.friends, look.enemies, look.crowd) == (
            fresh.friends, fresh.enemies, fresh.crowd)
        assert look.grips or not fresh.grips  # a hold seen may have been let go since
        for name, found in look.kept.items():
            assert found == _kept_afresh(state, char, fresh, name), name
        turned.append(len(look.kept))
        sides.add(look.side == seen.side)
        return look

    monkeypatch.setattr(Glance, "turned", checked)
    game = registry.load("psycho-raiders", **options)
    state = game.new(seed=derive_seed(9, 0))
    players = {seat: agent_maker("random", game.id)(derive_seed(9, 0, 1 + n))
               for n, seat in enumerate(game.seats)}
    while (decision := state.decision) is not None:
        state.apply(players[decision.seat].act(observe(state)))
    assert len(turned) > 50 and sum(turned) > 50  # turned often, with what it kept
    assert sides == {True, False}  # to a friend of the last character, and to an enemy
    assert unasked["begun"] > 10 and unasked["ended"] > 0, unasked  # unasked steps carry it


def test_the_characters_waiting_for_a_turn_are_those_ready() -> None:
    for state in _mid_game_states(12, seed=5):
        for side in (CAMPERS, RAIDERS):
            for done in ([], [c.key for c in state.chars.values()][::3]):
                frame = Phase(step="turns", side=side, done=list(done))
                assert PhaseHandler()._waiting(state, frame) == [
                    c for c in state.chars.values() if c.turned != state.round
                    and c.key not in done and ready(state, c, side)]


def _plain_steps(state: PsychoRaidersState, char: Character, token: int, left: int,
                 may_fight: bool) -> list[tuple[int, int]]:
    """A token's single steps asked plainly of the board, the terrain table and the pieces,
    neighbour by neighbour (10.3, 10.32, 10.5, 10.6): what movement.steps() answers from its
    per-map tables."""
    board, terrains = state.board, state.rules.tables.terrain
    here = char.tokens[token]
    full = movement.speed(state, char)
    stuck = movement.stranded(state, char, here)
    if left <= 0 or (stuck and left < full):
        return []
    found = []
    for there in board.neighbours[here]:
        ground = terrains[board.terrain[there]]
        if not ground.enter or not movement.can_pass(state, here, there):
            continue
        if stuck and ground.min_speed > full and board.terrain[there] != board.terrain[here]:
            continue
        if not stuck and (ground.min_speed > full or ground.cost > left):
            continue
        if not movement.room_for(state, char, there, fighting=may_fight):
            continue
        found.append((there, max(left if stuck else ground.cost, 1)))
    return found


def test_a_tokens_steps_from_the_tables_are_the_plain_steps() -> None:
    """movement.steps() reads each space's exits its terrain and Speed allow from a table
    made once (Walks.open), and asks only the edges and the pieces each step; the turn's
    moves make their actions from the same table (turn._step_actions)."""
    handler, asked, stranded = TurnHandler(), 0, 0
    for state in _mid_game_states(10, seed=6):
        for char in state.chars.values():
            if not state.active(char) or char.vehicle is not None:
                continue
            for token in sorted(char.tokens):
                for left in range(0, 9):
                    for may_fight in (True, False):
                        plain = _plain_steps(state, char, token, left, may_fight)
                        assert movement.steps(state, char, token, left, may_fight) == plain
                        asked += 1
                full = movement.speed(state, char)
                char.speed, sheet = 1, char.speed  # stranded in anything heavier than grass
                stranded += movement.stranded(state, char, char.tokens[token])
                for left in (0, 1, 2):
                    assert (movement.steps(state, char, token, left, True)
                            == _plain_steps(state, char, token, left, True))
                char.speed = sheet
                frame = Turn(step="act", char=char.key, spent={token: 1})
                seen = Glance(state, char)
                offered = [a.id for a in handler._moves(state, frame, char, seen, [])
                           if a.id.startswith(f"move:{token}:") and not a.id.endswith(":off")]
                assert offered == [
                    f"move:{token}:{state.name(s)}" for s, _ in
                    _plain_steps(state, char, token, full - 1, may_fight=True)], char.key
    assert asked > 500 and stranded > 0


def test_a_step_lets_go_of_whoever_the_character_holds() -> None:
    """A move asks every character whether the mover holds it (13.1, a reading: moving away
    lets go) only if the decision's look saw anyone hold anyone (Glance.grips): Spud's
    step lets go of Randy, and nobody is let go who was not held."""
    state = raider_on_camper("spud", "randy")
    randy = state.chars["randy"]
    randy.grabbed_by = "spud"
    state.forget_looks()  # the hold set by hand: a fresh look and decision see it
    state._decision = None
    ids = state.decision.ids  # type: ignore[union-attr]
    assert state.look is not None and state.look[1].grips
    state.apply(next(i for i in ids if i.startswith("move:1:")))
    assert randy.grabbed_by is None
    look = state.look  # the next decision's: the step's look, carried over
    assert look is not None and look[1].grips  # it saw the hold: the next step asks again
    free = raider_on_camper("spud", "randy")
    free.chars["dawn"].grabbed_by = "ginger"  # a hold that is not the mover's
    free.forget_looks()
    free._decision = None
    ids = free.decision.ids  # type: ignore[union-attr]
    free.apply(next(i for i in ids if i.startswith("move:1:")))
    assert free.chars["dawn"].grabbed_by == "ginger"
