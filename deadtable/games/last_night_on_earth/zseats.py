"""Two zombie players (option `zombie-players`, 1 or 2; reference/last-night-on-earth.md: "4
in total, or 2 each with two zombie players", spawn and start rolls "1d6, or 2d6 for a single
zombie player").

Designed (docs/last-night-on-earth.md, "Seats"):
- the seats `zombies-1` and `zombies-2`; each holds its own hand of 2 cards and draws up to 2;
- each rolls 1D6 for the starting zombies and the spawn roll, and the two dice are summed
  (our reading of "1d6" each: the same odds as one player's 2D6);
- the zombies are shared out as the 7 green and 7 brown miniatures: odd numbers to zombies-1,
  even ones to zombies-2, Zombie Heroes to zombies-1; each player moves its own zombies, places
  its own new ones and plays Shamble only on them;
- a card's follow-up choices (the building, the pit, Relentless Advance's moves, the hero a
  card is played on, the lovers, the discarded card There's No Time takes, the title Night That
  Never Ends brings back) and its drawn cards (Oh the Horror!) belong to the player who
  played it;
- any other question the zombies may answer with a card (the Zombie-turn cards, a Fight card, a
  response) goes first to the other player if it holds a card ("next": none now), then to the
  player of the zombie concerned (zombies-1 where none is), who alone makes the common choice.

`state.zombie_hand` stays the one pile of every Zombie card in hand (what the rules ask "is it
in hand?" of); `state.zhand2` is the part of it zombies-2 holds.
"""

from __future__ import annotations

from typing import Any

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame
from deadtable.games.last_night_on_earth.state import ZOMBIES, LastNightState, is_zombie_hero

Z1, Z2 = f"{ZOMBIES}-1", f"{ZOMBIES}-2"
NEXT = "next"
ZOMBIE_SEATS = (Z1, Z2)
FOLLOW_UPS = ("advance", "corner", "building", "pit-space", "aim", "rotten", "he-zombie",
              "on-hero", "lovers", "no-time", "night")


def zombie_seats(players: int) -> tuple[str, ...]:
    return (ZOMBIES,) if players == 1 else (Z1, Z2)


def two(state: LastNightState) -> bool:
    return len(state.game.sides[ZOMBIES]) == 2


def hand_of(state: LastNightState, seat: str) -> list[str]:
    """The cards `seat` holds (one zombie player: the whole hand); of two players' hands, in
    name order, as the union's order says nothing of whose card came first."""
    if seat == Z2:
        return sorted(state.zhand2)
    cards = list(state.zombie_hand.cards)
    if seat == Z1:
        for card in state.zhand2:
            cards.remove(card)
        cards.sort()
    return cards


def owner_of(state: LastNightState, zombie: str) -> str:
    if not two(state):
        return ZOMBIES
    if is_zombie_hero(zombie):
        return Z1
    return Z1 if int(zombie.split("-", 1)[1]) % 2 else Z2


def player(state: LastNightState) -> str:
    """The zombie seat that played the last Zombie card."""
    return state.zplayer or ZOMBIES


def you(seat: str) -> str:
    """How a private log line addresses its zombie player (its seat named when two play)."""
    return "You" if seat == ZOMBIES else f"You ({seat})"


def take(state: LastNightState, card: str) -> None:
    """A Zombie card leaves the hand of the zombie player answering now (`state.zplayer`, set
    by seats.Seated before the rules apply the answer)."""
    state.zombie_hand.remove(card)
    if state.zplayer == Z2:
        state.zhand2.remove(card)


def add(state: LastNightState, seat: str, cards: list[str]) -> None:
    state.zombie_hand.cards.extend(cards)
    if seat == Z2:
        state.zhand2.extend(cards)


def hand_size(state: LastNightState) -> int:
    game = state.data.scenarios.game
    return int(game["hand_size_each_of_two"] if two(state) else game["hand_size"])


def roll_dice(state: LastNightState, key: str) -> tuple[list[int], str]:
    """The start or spawn roll: 2D6 for one zombie player, 1D6 each for two (summed)."""
    dice = state.data.scenarios.game[key]
    if not two(state):
        count = int(dice["one_player"])
        return state.dice.rolls_of(count), f"{count}D6"
    each = int(dice["two_players"])
    return state.dice.rolls_of(each * 2), f"{each}D6 each for the two zombie players"


def args(action: Action) -> Any:
    return action.args or {}


def assign(state: LastNightState, frame: Frame, decision: Decision) -> Decision:
    """A decision the rules gave the zombies' side, for the player it belongs to."""
    kind, step = frame.KIND, getattr(frame, "step", "")
    actions = decision.actions
    if kind == "zombie-turn" and step in FOLLOW_UPS:
        return Decision.of(state.zplayer if state.zplayer in ZOMBIE_SEATS else Z1,
                           decision.prompt, actions)
    if kind == "zombie-turn" and step == "move":
        seat = owner_of(state, args(actions[0])["figure"])
        return Decision.of(seat, decision.prompt, [
            a for a in actions if args(a).get("card") != "Shamble"
            or "Shamble" in hand_of(state, seat)])
    if kind == "zombie-turn" and step == "place":
        return Decision.of(owner_of(state, f"zombie-{state.next_zombie}"), decision.prompt,
                           actions)
    if kind == "zombie-turn" and step == "draw":
        return decision  # discard_decision names the player over its hand size
    zombie = getattr(frame, "zombie", None)
    primary = owner_of(state, zombie) if kind == "fight" and zombie else Z1
    own: dict[str, list[Action]] = {Z1: [], Z2: []}
    common = []
    for action in actions:
        card = args(action).get("card") if args(action).get("verb") == "play" else None
        if card is None:
            common.append(action)
            continue
        for seat in (Z1, Z2):
            if card in hand_of(state, seat):
                own[seat].append(action)
    other = Z2 if primary == Z1 else Z1
    if other not in state.passed and hand_of(state, other):
        return Decision.of(other, decision.prompt, [
            *own[other], Action(NEXT, "Play none of your cards now (the other zombie player "
                                "is asked)", {"verb": "pass"})])
    return Decision.of(primary, decision.prompt, own[primary] + common)
