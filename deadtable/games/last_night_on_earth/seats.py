"""Several hero players (option `hero-players`, 1 to 4; issue 20: "one to four hero players,
each playing one or more heroes").

Designed (docs/last-night-on-earth.md, "Seats"):
- the seats are `heroes` for one hero player, else `heroes-1` ... `heroes-N`, then `zombies`;
- the heroes are dealt round the hero players in their set-up order (hero 1 to heroes-1, hero
  2 to heroes-2, ...): with 3 players the first plays two heroes;
- each player sees only its own heroes' hands and plays only its own heroes' cards;
- in the Hero turn the players take their heroes' turns in seat order, each choosing the order
  of its own heroes;
- a question about one hero (its turn, its fight, its wound) goes to that hero's player;
  which of several heroes in a square fights a zombie, to the first one's player; one about no
  hero (answering a Zombie card, At Last…, Farmer Sty) to Father Joseph's player, or else the
  first hero player; before that player answers, every other hero player whose heroes
  hold a card is asked in seat order whether to play one of its own heroes' cards ("next"
  passes to the next player). Being asked reveals nothing: each player holding any card is.

The rules' handlers decide as for one heroes' seat; `Seated` hands each of their decisions to
the right seat.
"""

from __future__ import annotations

from typing import Any

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.last_night_on_earth import hesazombie, zseats
from deadtable.games.last_night_on_earth.state import HEROES, ZOMBIES, LastNightState
from deadtable.games.last_night_on_earth.zseats import zombie_seats

NEXT = zseats.NEXT
PRIEST = "Father Joseph"
WINDOWS = ("fight", "wound", "prayer")  # frames whose hero questions any hand may answer
WINDOW_STEPS = {"zombie-turn": ("hold",), "hero-turn": ("at-last", "scratch-folk")}


def hero_seats(players: int) -> tuple[str, ...]:
    return (HEROES,) if players == 1 else tuple(f"{HEROES}-{i}" for i in range(1, players + 1))


def seats(options: dict[str, Any]) -> tuple[str, ...]:
    return (*hero_seats(int(options["hero-players"])),
            *zombie_seats(int(options["zombie-players"])))


def sides(options: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    return {HEROES: hero_seats(int(options["hero-players"])),
            ZOMBIES: zombie_seats(int(options["zombie-players"]))}


def seat_of(state: LastNightState, hero: str) -> str:
    """The hero player who plays `hero`: dealt round the players in set-up order."""
    players = state.game.sides[HEROES]
    if len(players) == 1:
        return players[0]
    return players[list(state.heroes).index(hero) % len(players)]


def args(action: Action) -> Any:
    return action.args or {}


def holder(action: Action) -> str | None:
    """The hero whose card an action plays (None: the hero the question is about acts)."""
    verb = args(action).get("verb")
    if verb == "pray":
        return PRIEST
    return args(action).get("hero") if verb == "play" else None


class Seated(Handler[LastNightState, Frame]):
    """A rules handler whose heroes' decisions go to the hero players' seats."""

    def __init__(self, inner: Handler[Any, Any]) -> None:
        self.inner = inner

    def decide(self, state: LastNightState, frame: Frame) -> Decision | None:
        decision = self.inner.decide(state, frame)
        if decision is None or len(state.game.seats) == 2:
            return decision
        if decision.seat == HEROES and len(state.game.sides[HEROES]) > 1:
            return assign(state, frame, decision)
        if decision.seat == ZOMBIES and zseats.two(state):
            return zseats.assign(state, frame, decision)
        return decision

    def run(self, state: LastNightState, frame: Frame) -> None:
        self.inner.run(state, frame)

    def apply(self, state: LastNightState, frame: Frame, action_id: str) -> None:
        if len(state.game.seats) > 2:  # who answers: the same question asked again
            asked = self.decide(state, frame)
            assert asked is not None
            if asked.seat in zseats.ZOMBIE_SEATS:
                state.zplayer = asked.seat  # whose card is played (zseats.take)
            if action_id == NEXT:
                state.passed.append(asked.seat)
                return
        state.passed.clear()
        if hesazombie.intercepts(state, frame, self.inner, action_id):
            return  # a Townsfolk card: the zombies may answer it first
        self.inner.apply(state, frame, action_id)


def assign(state: LastNightState, frame: Frame, decision: Decision) -> Decision:
    kind = frame.KIND
    prompt, actions = decision.prompt, decision.actions
    if kind == "hero-act":
        return Decision.of(seat_of(state, frame.hero), prompt, actions)  # type: ignore
    if kind == "hero-turn" and frame.step == "choose":
        seat = seat_of(state, args(actions[0])["hero"])
        return Decision.of(seat, prompt, [a for a in actions
                                          if seat_of(state, args(a)["hero"]) == seat])
    if kind not in WINDOWS and frame.step not in WINDOW_STEPS.get(kind, ()):
        named = next((args(a)["hero"] for a in actions if "hero" in args(a)), None)
        seat = seat_of(state, named) if named else state.game.seats[0]
        return Decision.of(seat, prompt, actions)  # the heroes choose who fights
    return window(state, frame, decision)


def window(state: LastNightState, frame: Frame, decision: Decision) -> Decision:
    """A question any hand may answer: each other player holding a card first, then the player
    of the hero it is about, who alone makes the common choices (roll, take the wound...)."""
    about = getattr(frame, "hero", None)
    if about is None and PRIEST in state.heroes and not state.heroes[PRIEST].dead:
        about = PRIEST
    primary = seat_of(state, about) if about else state.game.seats[0]
    own: dict[str, list[Action]] = {}
    common = []
    for action in decision.actions:
        name = holder(action)
        if name is None:
            common.append(action)
        else:
            own.setdefault(seat_of(state, name), []).append(action)
    for seat in state.game.sides[HEROES]:
        if seat == primary or seat in state.passed:
            continue
        if seat in own or any(h.hand for h in state.living() if seat_of(state, h.name) == seat):
            return Decision.of(seat, decision.prompt, [
                *own.get(seat, []),
                Action(NEXT, "Play none of your cards now (the next player is asked)",
                       {"verb": "pass"})])
    return Decision.of(primary, decision.prompt, own.get(primary, []) + common)
