"""A character's turn (5.2, 10.3): it moves up to its Speed, before, during or after ONE
action; screaming, walkie-talkies and Will for Speed are free (5.23, 5.31). Each of a hidden
character's tokens moves as though it were the character (12.3)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from deadtable.engine.board import Board
from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.psycho_raiders import (
    abilities,
    actions,
    attacks,
    crashes,
    fog,
    hiding,
    locations,
    movement,
    rerolls,
    screaming,
    vehicles,
)
from deadtable.games.psycho_raiders.geometry import distance
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.movement import Walks
from deadtable.games.psycho_raiders.sequence import check_victory
from deadtable.games.psycho_raiders.state import CAMPERS, RAIDERS, Character, PsychoRaidersState

TURN = "5.2 Campers/Town Folk Actions"
RAIDERS_TURN = "5.3 Raiders/Sinister Townspeople Actions"
WILL_SPEED = "10.34 Will Speed Increase"
OFF = "off"


@dataclass(slots=True)
class Turn(Frame):
    KIND = "turn"
    step: str  # act
    char: str
    spent: dict[int, int] = field(default_factory=dict)  # token -> Speed spent
    will_token: int = 0  # the one token that may move with Will (12.3)
    will: int = 0  # Speed bought with Will this turn (10.34)
    acted: bool = False
    screamed: bool = False
    attack_due: bool = False  # it stepped onto an enemy: it must attack (14)
    driving: str = ""  # the vehicle it drives this turn (10.1)
    mode: str = ""  # high | safe | off_road
    car_spent: int = 0  # hexes the vehicle has gone
    turn_roll: int = 0  # a Dangerous Turns roll the driver may re-roll (10.2)
    last: list[int] = field(default_factory=list)  # the vehicle's last step
    car_from: int = -1  # where the vehicle started this turn (15.22)
    away: list[int] = field(default_factory=list)  # tokens that left the Jack O'Lantern's way


def begin_turn(state: PsychoRaidersState, char: Character, last: bool = False) -> None:
    """The character's turn starts; `last` when its seat had no other waiting, so nobody
    was asked which goes (sequence.PhaseHandler.run)."""
    why = f" (seat {char.seat} has no other character waiting)" if last else ""
    state.event(f"{char.name}'s turn{why}.",
                RAIDERS_TURN if state.side_of(char) == RAIDERS else TURN)
    char.turned = state.round
    state.push(Turn(step="act", char=char.key))
    if char.on_fire:  # above the turn: the burn is rolled and taken before it acts
        attacks.burn(state, char)
    here = state.space_of(char)
    if char.vehicle is not None and state.cars[char.vehicle].get("on_fire"):
        state.event(f"{char.name} is in the burning {char.vehicle}.", attacks.FIRE)
        attacks.damage_table(state, char, "Fire", attacks.FIRE)  # 15.6: it must get out
    elif here is not None:
        locations.scorched(state, char, here)


def left(state: PsychoRaidersState, frame: Turn, char: Character, token: int) -> int:
    """Speed left to a token: 10.4, a vehicle's hexes count against its riders' walk."""
    extra = frame.will if token == frame.will_token else 0
    spent = frame.spent.get(token, 0) + vehicles.carried(state, char)
    if char.vehicle is not None:
        spent = max(spent, frame.car_spent)
    if jack(state, char) and token not in frame.away:
        extra += JACK
    return movement.speed(state, char) + extra - spent


JACK = 2  # D66 36: +2 Speed to campers moving towards the Old Store this turn


def jack(state: PsychoRaidersState, char: Character) -> bool:
    return bool(state.bonus.get("jack-o-lantern")) and char.kind == "camper"


def toward_store(state: PsychoRaidersState, here: int, there: int) -> bool:
    """Row 36: a step that brings the token nearer the Old Store (a reading: every step of
    the turn must, for the +2 to be used)."""
    store = state.board.zone("Old Store").spaces
    near = [min(d for s in store if (d := distance(state.board, x, s)) is not None)
            for x in (here, there)]
    return near[1] < near[0]


# What a turn's action may log and leave its look true (Glance.past): lines whose rules move,
# place or remove no piece (Will spent for Speed or a re-roll, a search, a scream's roll and
# its result: an alert forgets the looks, screaming.alert), and lines that place or remove
# the character's own tokens only (a hide token placed, 12; a hidden screamer revealed, 12.4).
_UNMOVED = frozenset({WILL_SPEED, rerolls.REROLL, actions.SEARCH, screaming.SCREAM})
_OWN = frozenset({hiding.HIDE, hiding.SCREAM_HIDDEN})


class TurnHandler(Handler[PsychoRaidersState, Turn]):
    def decide(self, state: PsychoRaidersState, frame: Turn) -> Decision | None:
        char = state.chars[frame.char]
        carried, state.carried = state.carried, None  # only this decision may use it
        if not state.active(char) or state.outcome is not None:
            return None
        if frame.turn_roll:
            return Decision.of(char.seat, f"{char.name}: a dangerous turn",
                               vehicles.offers(state, frame, char))
        if frame.attack_due:
            prompt = ("attack (14)" if state.options["stop-on-enemy"] == "attack"
                      else "attack (14) or grab (13.1)")
            return Decision.of(char.seat, f"{char.name} stepped onto an enemy: {prompt}",
                               attacks.offers(state, char, close_only=True))
        # the characters, looked at once for every offer, or the look the step that led
        # here carried over (only its token moved)
        seen = (carried if carried is not None and carried.char is char
                else self._look(state, char))
        state.look = (frame, seen)  # for this decision's move to carry on
        found: list[Action] = []
        if char.grabbed_by is None:
            short: list[int] = []  # tokens 1 Will would leave with no Speed still
            found = self._moves(state, frame, char, seen, short)  # a new list, offers added
            if char.will > 0:
                for token in sorted(char.tokens):
                    if frame.will_token in (0, token) and token not in short:
                        found.append(_will_action(token, char.hidden))
        kept = seen.kept  # seen.keep(), inline: no closure made each step
        if not frame.acted:
            found += hiding.offers(state, char, seen)
            found += attacks.offers(state, char, False, seen)
            # kept by space: they hang on nothing a step changes but where it is (a
            # hidden character's decoy steps and it stays)
            key = ("actions", seen.here)
            if (offered := kept.get(key)) is None:
                offered = kept[key] = actions.offers(state, char, seen)
            found += offered
        # a kind with no ability open offers none (kept by kind: abilities.turn_offers)
        if (char.grabbed_by is None
                and kept.get(("abilities", char.kind)) != abilities.NONE_OPEN):
            found += abilities.turn_offers(state, char, frame.will_token, seen)
        found += vehicles.offers(state, frame, char, seen)
        if not frame.acted:
            found += crashes.offers(state, char, seen)
            if frame.driving:  # only a driver rams
                found += crashes.ram_offers(state, frame, char)
        if not frame.screamed:
            if (offered := kept.get("screams")) is None:
                offered = kept["screams"] = screaming.offers(state, char)
            found += offered
        if seen.side == RAIDERS:
            if (offered := kept.get("reveals")) is None:
                offered = kept["reveals"] = screaming.reveal_offers(state)
            found += offered
        if not found and not _secret_company(state, frame, char, seen.side):
            return None  # nothing left but the end: run() ends the turn unasked
        if ((char.vehicle is None and not state.burning)  # nothing burns: the common case
                or not (locations.must_vacate(state, char)
                        and any(a.id.startswith("move:") for a in found))):
            found.append(_end_action(char.name))
        # made, not lazy: the offers are made already (and Decision.of's test of an
        # ActionList goes through the ABC machinery, a cost every step)
        return Decision(char.seat, _prompt(char.name), tuple(found))

    @staticmethod
    def _look(state: PsychoRaidersState, char: Character) -> Glance:
        """A new look, or one carried (whatever changes a piece logs it): the look that
        ended the turn before turned to this character if nothing happened since but this
        turn's start (the one line it logged, and no action but the raiders' "no-reveal" in
        between); or this turn's last look if what was logged since (its action, a re-roll)
        moved nobody else (Glance.past)."""
        ended, state.ended = state.ended, None
        if ended is not None:
            last, logged, acted = ended
            if len(state.log) == logged + 1 and all(
                    done == "no-reveal" for done in state.history[acted + 1:]):
                return last.turned(state, char)
        look = state.look
        if look is not None and look[0] is state.stack[-1]:
            seen = look[1].past(state, _UNMOVED, _OWN)
            if seen is not None:
                return seen
        return Glance(state, char)

    def run(self, state: PsychoRaidersState, frame: Turn) -> None:
        char = state.chars[frame.char]
        if state.outcome is None and state.active(char):
            # decide() found nothing left to offer but the end: a turn with nothing left
            # to do is over (5.2: it "may move and conduct ONE action"), so it ends unasked
            state.event(f"{char.name} has nothing left to do: the turn ends.",
                        RAIDERS_TURN if state.side_of(char) == RAIDERS else TURN)
            self._end(state, frame)
            return
        state.adrenaline.pop(frame.char, None)
        state.pop()  # the character died, escaped or the game ended during its turn

    @staticmethod
    def _end(state: PsychoRaidersState, frame: Turn) -> None:
        """The turn ends, chosen or unasked: the next turn may start from its look."""
        state.adrenaline.pop(frame.char, None)
        state.pop()
        look = state.look
        if look is not None and look[0] is frame:
            state.ended = (look[1], len(state.log), len(state.history))

    def _moves(self, state: PsychoRaidersState, frame: Turn, char: Character,
               seen: Glance, short: list[int]) -> list[Action]:
        """The steps each token may take; `short` gets the tokens whose Speed left is so far
        spent (a passenger's walk past its Speed by the hexes it rode, 10.4) that 1 Will
        (10.34) would still leave none: Will is not offered for them (it would buy nothing)."""
        found: list[Action] = []
        # _walk(), its look-up inline: a call less each step
        walks, names, full, carried, lantern, north = (seen.kept.get("walk")
                                                       or _walk(state, char, seen))
        tokens, spent_by, hidden = char.tokens, frame.spent, char.hidden
        may_fight, minimum, crowd = not frame.acted, walks.minimum, seen.crowd
        for token in sorted(tokens):
            # left(), its parts worked out once for every token
            spent = spent_by.get(token, 0) + carried
            if char.vehicle is not None:
                spent = max(spent, frame.car_spent)
            budget = full - spent
            if token == frame.will_token:
                budget += frame.will
            if lantern and token not in frame.away:
                budget += JACK
            if budget < 0:
                short.append(token)
            where = f" token {token}" if hidden else ""
            here = tokens[token]
            if budget > 0 and not lantern and full >= minimum[here]:
                # steps(), not stranded: its exits' actions made once, kept by the Speed
                # and Speed left clamped to what opens anything more here (Walks.caps)
                steepest, dearest = walks.caps[here]
                key = (walks, here, full if full < steepest else steepest,
                       budget if budget < dearest else dearest, token, where)
                exits = _STEP_ACTIONS.get(key)  # _step_actions(), its look-up inline
                if exits is None:
                    exits = _step_actions(names, key)
                found += movement.open_to(state, here, exits, may_fight, crowd)
            else:
                for space, price in movement.steps(state, char, token, budget,
                                                   not frame.acted, crowd, full):
                    if (lantern and token not in frame.away and price > budget - JACK
                            and not toward_store(state, here, space)):
                        continue  # the Jack O'Lantern's +2 only toward the Old Store
                    found.append(_move_action(names[space], token, price, where))
            if budget >= 1 and here in north:
                found.append(Action(f"move:{token}:{OFF}",
                                    f"Move{where} off the north edge (6.1)",
                                    {"verb": "move", "token": token, "space": OFF}))
        return found

    def apply(self, state: PsychoRaidersState, frame: Turn, action_id: str) -> None:  # noqa: C901
        char = state.chars[frame.char]
        verb, _, rest = action_id.partition(":")
        if verb == "end":
            self._end(state, frame)
        elif verb == "move":
            token_text, _, name = rest.partition(":")
            self._move(state, frame, char, int(token_text), name)
        elif verb == "will":
            frame.will_token = int(rest)
            frame.will += 1
            char.will -= 1
            state.event(f"{char.name} spends 1 Will for 1 more Speed.", WILL_SPEED)
        elif verb == "adrenaline":
            amount = abilities.open_to(state, char, "adrenaline") or 0
            token_text, _, spent_text = rest.partition(":")
            spent = int(spent_text)
            frame.will_token = int(token_text)
            frame.will += spent
            state.adrenaline[char.key] = amount - spent
            abilities.use(state, char, "adrenaline", f"adrenaline, +{spent} Speed")
        elif verb == "appear":
            space = state.board.space(rest)
            abilities.use(state, char, "appear-anywhere", f"appears at {rest}")
            char.tokens = {min(char.tokens): space}
            char.vehicle = None
            frame.driving = ""  # 10.4: out of the vehicle it drove, which has no driver now
            frame.spent = {}
            if state.enemies_at(char, space):
                frame.attack_due = not frame.acted
        elif verb in vehicles.FREE:
            vehicles.apply(state, frame, char, verb, rest)
        elif verb in screaming.VERBS:
            frame.screamed = frame.screamed or verb != "reveal"
            screaming.apply(state, char, verb, rest)
        else:
            frame.acted = True
            frame.attack_due = False
            placed = set(char.tokens)  # a hide places a token: it moves on as the character
            if verb in hiding.VERBS:
                hiding.apply(state, char, verb, rest)
            elif verb == "hit-car":
                crashes.start_hit(state, char, rest)
            elif verb == "ram":
                crashes.start_ram(state, frame, char, rest)
            elif verb == "hotwire":
                vehicles.apply(state, frame, char, verb, rest)
            elif verb in attacks.VERBS:
                attacks.apply(state, char, verb, rest)
            else:
                actions.apply(state, char, verb, rest)
            if len(char.tokens) > len(placed) and state.options["hide-speed"] == "left":
                _placed_tokens(frame, char, placed)
        if state.carried is None:  # a step that carried its look ended and won nothing
            check_victory(state)

    def _move(self, state: PsychoRaidersState, frame: Turn, char: Character, token: int,
              name: str) -> None:
        if name == OFF:
            frame.spent[token] = frame.spent.get(token, 0) + 1
            hiding.leave_north(state, char, token)
            return
        space = state.board.space(name)
        look, state.look = state.look, None
        seen = look[1] if look is not None and look[0] is frame and look[1].char is char else None
        logged, outside = len(state.log), char.vehicle is None
        before = char.tokens[token]
        # the engine offered this step (steps()), so only its price is wanted here
        walk = (seen is not None and seen.kept.get("walk")) or _walk(state, char, seen)
        price = movement.price(walk.walks, walk.full, before, space)
        if price is None:  # stranded: the hex takes all the Speed it has left
            price = max(left(state, frame, char, token), 1)
        frame.spent[token] = max(frame.spent.get(token, 0), frame.car_spent) + price
        if walk.lantern and not toward_store(state, char.tokens[token], space):
            frame.away.append(token)
        char.tokens[token] = space
        if char.vehicle is not None and char.vehicle == frame.driving:
            frame.driving = ""  # 10.4: dropped off, the vehicle has no driver now
        if char.vehicle is not None:
            state.event(f"{char.name} gets out of the {char.vehicle}.", vehicles.RIDE)
        char.vehicle = None
        # nobody holding anyone, as the look saw, is the common answer
        if char.grabbed_by is None and (seen is None or seen.grips):
            for other in state.chars.values():
                if other.grabbed_by == char.key:  # moving away lets go (a reading of 13)
                    other.grabbed_by = None
        state.event(f"{char.name}'s token {token} moves to {name}." if char.hidden
                    else f"{char.name} moves to {name}.", movement.MOVE)
        if char.hidden:  # only a hide token can be exposed (12.5)
            hiding.exposed(state, char, token)
        if (state.weather == "Fog" and state.options["fog-dial"] == "on"
                and token in char.tokens and left(state, frame, char, token) <= 0):
            fog.drift(state, char, token)
            space = char.tokens.get(token, space)
        if state.burning and state.space_of(char) == space:  # itself, not a decoy
            locations.scorched(state, char, space)
        if not char.hidden and char.tokens.get(token) == space:  # the character itself moved
            # with only the step logged so far, the decision's look still tells where every
            # enemy and unalerted townsperson is: nobody there is the common answer
            known = seen if len(state.log) == logged + 1 else None
            unalerted: frozenset[int | None] | None = None
            if known is not None and (unalerted := known.kept.get("unalerted")) is None:
                unalerted = known.kept["unalerted"] = frozenset(  # known.keep(), inline
                    state.space_of(c) for c in screaming.waiting(state))
            if unalerted is None or space in unalerted:
                screaming.visit(state, char)
            if ((known is None or len(state.log) != logged + 1
                 or space in (known.kept.get("enemy-spaces") or known.enemy_spaces()))
                    and state.enemies_at(char, space)):
                frame.attack_due = True
                state.event(f"{char.name} stops on an enemy and must attack.", attacks.ATTACK)
        if seen is not None and outside and len(state.log) == logged + 1:
            # only the step was logged: nobody got out, drifted, was exposed, burnt or
            # alerted, so the look needs only this token moved
            seen.stepped(state, before, space)
            state.carried = seen




def _placed_tokens(frame: Turn, char: Character, before: set[int]) -> None:
    """A token that hiding places this turn (12, 12.12, Declare Hide 16.1) has the Speed left
    of the token it is placed on, the character's or a decoy's (12.3: "each hide token can
    move exactly as though it were the character"), not a fresh turn's: a camper who walked
    2 of 6 and hid walks 4 more, whichever token it chose to be (option hide-speed=whole:
    a fresh turn's)."""
    for token, space in char.tokens.items():
        joined = [t for t in before if char.tokens.get(t) == space]
        if token in before or not joined:
            continue
        # what it has walked, not the Will it bought: only one token moves with Will (12.3)
        frame.spent[token] = max(frame.spent.get(t, 0) for t in joined)
        if any(t in frame.away for t in joined):
            frame.away.append(token)


def _secret_company(state: PsychoRaidersState, frame: Turn, char: Character,
                    side: str) -> bool:
    """Whether the end might have had company the table may not know of, so that ending the
    turn unasked would tell it something: a hidden character's actions before it acts hang
    on its real token (12); the raiders' walkie-talkie (8.2) and reveals (17.21) on who is
    sinister. Asked on what is public (who is hidden, alerted, revealed), as the reveal
    question is (17.21), so the turn ends unasked only where it would whatever the secrets."""
    if char.hidden and not frame.acted:
        return True
    if side != RAIDERS:
        return False
    revealed = state.revealed_sinister
    for c in state.chars.values():
        if c.kind == "townsfolk" and not c.dead and c.key not in revealed and (
                c.alerted or (not frame.screamed and c.tokens)):
            return True  # it might be sinister: revealed (17.21) or walkie-talkied (8.2)
    return False


class Walk(NamedTuple):
    """What no step of a turn changes of a character's moves (events and rides come between
    steps): the map's tables (`walks`, the spaces' `names`), its Speed (`full`), the hexes it
    `carried` as a passenger, the Jack O'Lantern's bonus (`lantern`, jack()) and the North
    edge's way out (`north`: a hidden camper-side token's, 6.1)."""

    walks: Walks
    names: Sequence[str]
    full: int
    carried: int
    lantern: bool
    north: Collection[int]


def _walk(state: PsychoRaidersState, char: Character, seen: Glance | None) -> Walk:
    """The character's Walk, kept in the look while it lasts (worked out once a turn's
    look, not once a step)."""
    walk: Walk | None = None if seen is None else seen.kept.get("walk")
    if walk is None:
        walks, board = movement.walks_of(state), state.board
        full = movement.speed(state, char)
        north = (_north(board) if char.hidden and state.side_of(char) == CAMPERS
                 else frozenset())
        walk = Walk(walks, board.names, full, vehicles.carried(state, char),
                    jack(state, char), north)
        if seen is not None:
            seen.kept["walk"] = walk
    return walk


@cache
def _will_action(token: int, hidden: bool) -> Action:
    return Action(f"will:{token}", f"Spend 1 Will for 1 more Speed"
                  f"{' (token ' + str(token) + ')' if hidden else ''} (10.34)",
                  {"verb": "will", "token": token})


@cache
def _prompt(name: str) -> str:
    return f"{name}: move and take one action"


@cache
def _end_action(name: str) -> Action:
    return Action("end", f"End {name}'s turn", {"verb": "end"})


@cache
def _north(board: Board) -> frozenset[int]:
    return frozenset(board.zone("North edge").spaces)


_STEP_ACTIONS: dict[tuple[Walks, int, int, int, int, str],
                   tuple[movement.Step[Action], ...]] = {}


def _step_actions(names: Sequence[str], key: tuple[Walks, int, int, int, int, str]
                  ) -> tuple[movement.Step[Action], ...]:
    """Walks.open()'s exits with their move actions, made once; `key` is (the Walks, the
    space, the Speed, the Speed left, the token, its words), the Speeds clamped to the
    space's Walks.caps (more opens nothing more)."""
    found = _STEP_ACTIONS.get(key)
    if found is None:
        walks, here, full, left, token, where = key
        found = _STEP_ACTIONS[key] = tuple(
            (there, feature, edge, _move_action(names[there], token, price, where))
            for there, feature, edge, (_, price) in walks.open(here, full, left))
    return found


@cache
def _move_action(name: str, token: int, price: int, where: str) -> Action:
    """A step's action, made once: the same few hundred recur in every turn (an Action is
    immutable)."""
    return Action(f"move:{token}:{name}", f"Move{where} to {name} ({price} Speed)",
                  {"verb": "move", "token": token, "space": name})
