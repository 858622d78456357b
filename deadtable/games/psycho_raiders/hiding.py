"""Hiding and Seeking (12): hide tokens, streetlights, seeking, and leaving the map hidden.

Which of a character's tokens is real is a Secret per token, known to the seat playing it;
every inquiry is answered honestly and publicly (12.6), and nothing else is told."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from deadtable.engine.board import Board
from deadtable.engine.board.sight import sees as board_sees
from deadtable.engine.board.sight import visible
from deadtable.engine.decisions import Action
from deadtable.engine.secrets import Secret
from deadtable.games.psycho_raiders.geometry import distance as board_distance
from deadtable.games.psycho_raiders.geometry import row as distance_row
from deadtable.games.psycho_raiders.glance import Glance, glance
from deadtable.games.psycho_raiders.movement import room_for
from deadtable.games.psycho_raiders.state import (
    CAMPERS,
    DECOY,
    RAIDERS,
    REAL,
    Character,
    PsychoRaidersState,
)

HIDE = "12 Hiding and Seeking Actions"
LOS_HIDE = "12.2 Line of Sight Hiding"
STREETLIGHTS = "12.5 Streetlights"
SEEK = "12.6 Seeking the Hidden"
SCREAM_HIDDEN = "12.4 Screaming While Hidden"
ESCAPE = "6.1 Short game"
VERBS = ("hide", "seek")
HIDE_TERRAIN = ("tree", "lake", "graveyard")


_MAX_TOKENS = {"camper": 3}  # 12.1: 2 for every other kind


def max_tokens(char: Character) -> int:
    return _MAX_TOKENS.get(char.kind, 2)


def lit(state: PsychoRaidersState, space: int) -> bool:
    """12.5: a streetlight's hex and the hexes next to it (not while the power is out); a
    burning location lights itself (15.6, a reading)."""
    if space in state.burning:
        return True
    if state.bonus.get("power-out"):
        return False
    return space in _streetlit(state.board)


@cache
def _streetlit(board: Board) -> frozenset[int]:
    """The spaces a streetlight lights (12.5): its hex and every space next to it across the
    grid; worked out once a map."""
    lights = {m.space for m in board.markers_of("streetlight")}
    return frozenset(s for s in range(board.size) if s in lights or any(
        n in lights for n in board.neighbours[s] if board.coords[n] is not None))


def enemy_pieces(state: PsychoRaidersState, char: Character,
                 seen: Glance | None = None) -> list[int]:
    """Where the enemy might be: every enemy token, hide tokens included (a seat cannot tell
    which is real, so it hides from all of them: a reading)."""
    return [s for c in glance(state, char, seen).enemies for s in c.tokens.values()]


def sees(state: PsychoRaidersState, a: int, b: int) -> bool:
    """12.2: line of sight for hiding: walls, closed doors, vehicles, buildings, trees,
    graves and water block it; characters do not."""
    if fogged(state, a, b):
        return False
    vehicles = {s: 1 for s in state.vehicles.values() if s not in (a, b)}
    return clear(state, a, b, vehicles, opaque(state, lake=True))


def clear(state: PsychoRaidersState, a: int, b: int, figures: dict[int, int],
          terrain: frozenset[str]) -> bool:
    """engine.board.sight(...).clear, through the engine's cache of each line's part that
    never changes (sight.sees): `figures` and `terrain` block; edges to a room let sight
    through where openings() says."""
    board = state.board
    rooms = board.coords[a] is None or board.coords[b] is None
    return board_sees(board, a, b, figures=figures, opaque=terrain,
                      edge_sight=openings(state) if rooms else None)


_OPAQUE: dict[tuple[int, bool], tuple[object, frozenset[str]]] = {}


def opaque(state: PsychoRaidersState, lake: bool) -> frozenset[str]:
    """The terrains that block sight (the lake too, for hiding, 12.2): one set per terrain
    table, so the engine's cache of lines knows it again."""
    terrains = state.rules.tables.terrain
    kept = _OPAQUE.get((id(terrains), lake))
    if kept is None or kept[0] is not terrains:
        kept = _OPAQUE[(id(terrains), lake)] = (terrains, frozenset(
            t for t, terrain in terrains.items() if terrain.sight or (lake and t == "lake")))
    return kept[1]


def openings(state: PsychoRaidersState) -> Callable[[int, int, str | None], bool]:
    """Which edges a line crosses: passages and windows always, doors once opened, walls once
    demolished (15.5)."""
    opened = set(state.opened)

    def edge_sight(x: int, y: int, feature: str | None) -> bool:
        if feature in (None, "passage", "window"):
            return True
        return (x, y) in opened or (y, x) in opened

    return edge_sight


def fogged(state: PsychoRaidersState, a: int, b: int) -> bool:
    """Fog (D66 54-56, designed): nothing is seen beyond 3 hexes."""
    if state.weather != "Fog":
        return False
    d = distance(state, a, b)
    return d is None or d > 3


def can_hide(state: PsychoRaidersState, char: Character, space: int,
             seen: Glance | None = None) -> bool:
    if lit(state, space):
        return False
    board = state.board
    far = 5 if state.bonus.get("dark-moon") else state.rules.numbers["hide_distance"]
    in_cover = board.terrain[space] in HIDE_TERRAIN
    away = distance_row(board, space)
    fog = state.weather == "Fog"
    looking = []  # the enemy pieces that see the space if nothing is in the way
    pieces = None if seen is None else seen.kept.get("enemy-pieces")  # seen.keep(), inline
    if pieces is None:
        pieces = enemy_pieces(state, char, seen)
        if seen is not None:
            seen.kept["enemy-pieces"] = pieces
    for enemy in pieces:
        d = away[enemy]
        if d is None or d >= far:
            continue
        if in_cover and d <= 1 and enemy != space:
            continue  # 12.2: hide from an adjacent enemy in trees, graves or water
        if enemy == space:
            return False
        if not (fog and d > 3):  # fogged()
            looking.append(enemy)
    return not looking or not watched(state, space, looking)


def watched(state: PsychoRaidersState, space: int, enemies: list[int]) -> bool:
    """Whether any of `enemies` sees `space` as sees() says (fog aside), all asked in one
    call to the engine's sight.visible. A vehicle on either end of a line never blocks it
    (only the spaces between can), so every vehicle is one figure list for them all."""
    board = state.board
    coords = board.coords
    rooms = coords[space] is None or any(coords[e] is None for e in enemies)
    return bool(visible(board, space, enemies,
                        figures={s: 1 for s in state.vehicles.values()},
                        opaque=opaque(state, lake=True),
                        edge_sight=openings(state) if rooms else None))


def distance(state: PsychoRaidersState, a: int, b: int) -> int | None:
    return board_distance(state.board, a, b)


def offers(state: PsychoRaidersState, char: Character,
           seen: Glance | None = None) -> list[Action]:
    """Hiding (12) and seeking (12.6); `seen` is the decision's Glance if taken."""
    found: list[Action] = []
    if seen is None:  # glance(), inline: a call less each step
        seen = Glance(state, char)
    here = seen.here
    if here is None or char.vehicle is not None:
        return found
    # kept by space: a hidden character's decoy steps and `here` stays where it was
    hides: bool | None = False
    if len(char.tokens) < _MAX_TOKENS.get(char.kind, 2):  # max_tokens(), inline
        hides = seen.kept.get(("can-hide", here))  # seen.keep(), inline: no closure made
        if hides is None:
            hides = seen.kept[("can-hide", here)] = can_hide(state, char, here, seen)
    if hides:
        crowd = seen.crowd
        for space in sorted(set(char.tokens.values())):
            if not room_for(state, char, space, fighting=False, crowd=crowd):
                continue
            name = state.name(space)
            choices = ("new", "keep") if space == here else ("keep",)
            for which in choices:
                found.append(_hide_action(name, which))
    if here not in (seen.kept.get("enemy-spaces") or seen.enemy_spaces()):
        return found  # no enemy token here to seek
    for other in seen.enemies:
        if other.hidden:
            for token, space in sorted(other.tokens.items()):
                if space == here:
                    found.append(_seek_action(other.key, other.name, token))
    return found


@cache
def _hide_action(name: str, which: str) -> Action:
    text = ("the new token is you" if which == "new" else "you stay as you are")
    return Action(f"hide:{name}:{which}", f"Hide: a new token on {name}, {text} (12)",
                  {"verb": "hide", "space": name, "which": which})


@cache
def _seek_action(key: str, name: str, token: int) -> Action:
    return Action(f"seek:{key}:{token}", f"Seek: is {name}'s token {token} the real one? (12.6)",
                  {"verb": "seek", "character": key, "token": token})


def apply(state: PsychoRaidersState, char: Character, verb: str, rest: str) -> None:
    if verb == "hide":
        name, _, which = rest.rpartition(":")
        hide(state, char, state.board.space(name), which == "new")
    else:
        key, _, token = rest.partition(":")
        seek(state, char, state.chars[key], int(token))


def hide(state: PsychoRaidersState, char: Character, space: int, new_is_real: bool) -> None:
    """12, 12.12: a new hide token on one of the character's spaces; its player secretly
    says which token is the character."""
    token = next(t for t in range(1, max_tokens(char) + 1) if t not in char.tokens)
    secrets = state.real[char.key]
    if not char.hidden:
        for secret in secrets.values():  # the tokens become secret from now on
            secret.revealed = False
        char.hidden = True
    if new_is_real:
        for secret in secrets.values():
            secret.value = DECOY
    secrets[token] = Secret(REAL if new_is_real else DECOY, (char.seat,), group=char.key)
    char.tokens[token] = space
    state.event(f"{char.name} hides: token {token} is placed on {state.name(space)}.", HIDE)
    state.event(f"You are token {next(t for t, s in secrets.items() if s.value == REAL)}.",
                HIDE, to=char.seat)


def reveal(state: PsychoRaidersState, char: Character, cite: str) -> None:
    """The character is found or comes out: its hide tokens leave the map (12.4, 12.6)."""
    secrets = state.real[char.key]
    real = next(t for t, s in secrets.items() if s.value == REAL)
    space = char.tokens[real]
    char.tokens = {real: space}
    char.hidden = False
    state.real[char.key] = {real: Secret(REAL, (char.seat,), revealed=True, group=char.key)}
    state.event(f"{char.name} is revealed on {state.name(space)}; the hide tokens are removed.",
                cite)


def remove_decoy(state: PsychoRaidersState, char: Character, token: int, cite: str) -> None:
    state.event(f"{char.name}'s token {token} was not {char.name}: it is removed.", cite)
    del char.tokens[token]
    del state.real[char.key][token]
    if len(char.tokens) == 1:  # only the real token is left: everyone knows where it is
        reveal(state, char, cite)


def expose(state: PsychoRaidersState, char: Character, token: int, cite: str) -> None:
    """A token seen for what it is: a decoy leaves, the real one reveals the character."""
    if state.real[char.key][token].value == REAL:
        reveal(state, char, cite)
    else:
        remove_decoy(state, char, token, cite)


def exposed(state: PsychoRaidersState, char: Character, token: int) -> None:
    """12.5: a hide token moved into a streetlight's light is exposed."""
    if char.hidden and token in char.tokens and lit(state, char.tokens[token]):
        expose(state, char, token, STREETLIGHTS)


def lightning(state: PsychoRaidersState) -> None:
    """D66 16, 25, 34, 43: every hide token on a grass hex is exposed."""
    for char in state.chars.values():
        for token, space in sorted(char.tokens.items()):
            if (char.hidden and token in char.tokens
                    and state.board.terrain[space] in ("grassland", "long grass")):
                expose(state, char, token, "D66 Event Table: Lightning")


def seek(state: PsychoRaidersState, seeker: Character, other: Character, token: int) -> None:
    """12.6: the owner answers honestly; a found character fights the seeker at once."""
    from deadtable.games.psycho_raiders.attacks import start_attack

    state.event(f"{seeker.name} asks whether {other.name}'s token {token} is real.", SEEK)
    if state.real[other.key][token].value == REAL:
        state.event(f"It is: {other.name} is found.", SEEK)
        reveal(state, other, SEEK)
        start_attack(state, seeker, other)
    else:
        remove_decoy(state, other, token, SEEK)


def leave_north(state: PsychoRaidersState, char: Character, token: int) -> None:
    """6.1: a hidden camper-side token leaves by the north edge; if it is the character, it
    has escaped; if not, the token is simply gone."""
    if state.real[char.key][token].value == REAL:
        state.event(f"{char.name} slips off the north edge of the map, hidden.", ESCAPE)
        char.escaped = True
        char.tokens = {}
        state.real[char.key] = {}
    else:
        remove_decoy(state, char, token, ESCAPE)


def reveal_sinister(state: PsychoRaidersState, char: Character, cite: str) -> None:
    """17.21: a sinister townsperson is revealed; a raider player plays it from now on."""
    state.sinister[char.key].reveal()
    if char.key in state.revealed_sinister:
        return
    state.revealed_sinister.append(char.key)
    seat = state.chars["spud"].seat
    char.seat = seat
    for secret in state.real[char.key].values():
        secret.owners = (seat,)
    state.event(f"The {char.name} is sinister! The raiders play the {char.name} from now on.",
                cite)
    campers_phase = any(f.KIND == "phase" and getattr(f, "side", "") == CAMPERS
                        for f in state.stack)
    if (campers_phase and state.active(char) and char.turned != state.round
            and char.alerted_round < state.round):
        from deadtable.games.psycho_raiders.turn import begin_turn

        state.event(f"Revealed in the campers' turn, the {char.name} acts at once.", cite)
        begin_turn(state, char)  # 17.21: one movement and action, now


__all__ = ["CAMPERS", "RAIDERS"]
