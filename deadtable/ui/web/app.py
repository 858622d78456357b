"""The web server: a FastAPI app that hosts games for people in browsers and agents.

Every response about a game is built from one seat's `view` (or the engine's public view, for
a spectator link) and never from the state itself: the deck order, the dice, the seed and
other seats' secrets stay on the server. Every accepted action is committed to the store
before it is acknowledged; see store.py. docs/web.md describes the API.

Agents move on the server, never inside a request: each game whose agent is to move has one
task that plays one agent move at a time, pausing between them so that people and spectators
watch the game unfold over the WebSocket. At most `agent_slots` agents think at once on the
whole server, in threads of their own (so the store's work and people's requests never wait
for a thread behind them); the others wait their turn. At most `agent_games` games have
agents at work at once, and no agent may search more than `agent_budget` per move: a game
asking for more is refused, saying so.

A request's token is checked against the stored game before the game is replayed or any of
its agents moves; each game is replayed under its own lock, so a long replay holds up no
other game.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import itertools
import json
import secrets
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from deadtable import registry
from deadtable.agents import Agent, agent_maker, agent_names, agents_for, observe
from deadtable.agents.seating import UnknownSeat, assign, catch_up, check_seating, seat_agents
from deadtable.engine.decisions import GameOver, IllegalAction
from deadtable.engine.game import Game, GameSpec
from deadtable.engine.macros import MAX_STEPS as MACRO_STEPS
from deadtable.engine.macros import NoMacro, StandingOrder, macro_step, order_step, ran
from deadtable.engine.macros import offered as macros_offered
from deadtable.engine.macros import start as macro_start
from deadtable.engine.options import BadOption, Option
from deadtable.engine.reach import (
    MoveReader,
    NoWalk,
    Route,
    not_plain,
    pass_to_answer,
    reach,
    reach_data,
    route_to,
    walk_step,
)
from deadtable.engine.replay import Replay, ReplayMismatch
from deadtable.engine.standing import (
    CHOICES,
    OFF,
    Standing,
    StandingOffer,
    asked,
    setting,
    standing_answer,
)
from deadtable.engine.state import SPECTATOR, GameState
from deadtable.engine.undo import UndoStack
from deadtable.ui.web.limits import AGENT_BUDGET, MAX_DEPTH, over_budget, too_deep
from deadtable.ui.web.store import CorruptGame, Seat, Store, StoredGame

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024  # bytes: an action or a new game is far smaller
MAX_AGENT_STEPS = 100_000  # agents' moves in a row before the server gives up on a game
AGENT_PAUSE = 0.3  # seconds before each agent move, so that a watcher can follow the game
AGENT_SLOTS = 2  # agents thinking at once on the whole server (each in a thread)
AGENT_GAMES = 16  # games whose agents are at work (thinking or queued) at once
HUMAN = "human"
BINARY_REFUSED = "this socket takes no binary frames: it only sends (post actions instead)"

OptionValue = StrictBool | StrictInt | Annotated[str, Field(max_length=200)]
Name = Annotated[str, Field(min_length=1, max_length=100)]


class NewGame(BaseModel):
    """A game to create."""

    model_config = ConfigDict(extra="forbid")
    game: Name = Field(description="a registered game id, e.g. one-against-the-dead")
    options: dict[Name, OptionValue] = Field(
        default_factory=dict, max_length=100, description="option name -> value")
    seats: dict[Name, Annotated[str, Field(min_length=1, max_length=200)]] = Field(
        default_factory=dict, max_length=100,
        description='seat or side -> "human" or an agent spec such as "random" or '
                    '"mcts:iterations=50"; a seat\'s own wins over its side\'s; seats left '
                    'out are human')
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = Field(
        default=None, description="the game's seed; secret, random if left out")


class Seating(BaseModel):
    """A game and options, to ask which seats and sides they make."""

    model_config = ConfigDict(extra="forbid")
    game: Name
    options: dict[Name, OptionValue] = Field(default_factory=dict, max_length=100)


class Link(BaseModel):
    token: str
    url: str


class Created(BaseModel):
    id: str
    seats: dict[str, Link] = Field(description="each human seat's private link")
    agents: dict[str, str] = Field(description="the seats played by agents on the server")
    spectator: Link = Field(description="a link that sees only public information")
    sides: dict[str, list[str]] = Field(description="side -> its seats")
    step: int = Field(description="actions applied when created: always 0, since agents "
                                  "move only after the game is created")
    to_move: str | None = Field(description="the seat that decides first")


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Annotated[str, Field(max_length=200)] | None = None
    action: Annotated[str, Field(min_length=1, max_length=500)]


class Go(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Annotated[str, Field(max_length=200)] | None = None
    space: Annotated[str, Field(min_length=1, max_length=50)] = Field(
        description="the space to walk to, as the board names it (one of the payload's reach)")
    mover: Annotated[str, Field(min_length=1, max_length=100)] | None = Field(
        default=None, description="which figure, where several of the seat's could go there")


class RunMacro(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Annotated[str, Field(max_length=200)] | None = None
    macro: Annotated[str, Field(min_length=1, max_length=50)] = Field(
        description="the macro's id, one of the payload's macros (e.g. Last Night on Earth's "
                    "'rest': the rest stay)")


class Stand(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Annotated[str, Field(max_length=200)] | None = None
    question: str = Field(description="the question's id, one of the payload's standing "
                                      "(Psycho Raiders: 'road-trap', 'reveal')",
                          max_length=50)
    until: str = Field(description=f"the seat's standing answer to that question "
                                   f"(engine/standing.py): {', '.join(map(repr, CHOICES))} "
                                   f"(asked each time, for the rest of this round, until said "
                                   f"otherwise)",
                       max_length=20)


class UndoAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Annotated[str, Field(max_length=200)] | None = None


class Payload(BaseModel):
    """What one seat (or a spectator) may know about a game, and what it may do now."""

    id: str
    game: str
    name: str
    seat: str = Field(description=f"the seat this token plays, or {SPECTATOR!r}")
    seats: dict[str, str] = Field(description='every seat: "human" or its agent spec')
    sides: dict[str, list[str]] = Field(description="side -> its seats")
    step: int = Field(description="how many actions have been applied")
    to_move: str | None = Field(description="the seat that decides now; null once over")
    view: dict[str, Any] = Field(description="the seat's view (the public view for spectators)")
    decision: dict[str, Any] | None = Field(description="the legal actions, on this seat's turn")
    outcome: dict[str, Any] | None
    outcome_text: str | None = Field(
        default=None, description="the game's own words for its result, if it has them")
    renderer: str | None = Field(description="the URL of the game's own page renderer, if any")
    agent_error: str | None = Field(
        default=None, description="why the agents stopped playing (an agent failed); null "
                                  "while all is well")
    undo: dict[str, Any] | None = Field(
        default=None, description='whether this seat may take back its last decision now: '
                                  '{"available": bool, "why": the reason when not}; null for '
                                  'a spectator')
    undos: int = Field(default=0, description="decisions undone since the server loaded the "
                                              "game (a page takes a smaller step after one)")
    reach: dict[str, Any] | None = Field(
        default=None, description="on this seat's own decision with moves, in a board game "
                                  "that reads them (GameSpec.moves): figure -> {from, spaces: "
                                  "{space: [each step's space]}, and how: {space: the "
                                  "opening a walk there takes first, such as a driver's "
                                  "speed}}, where it can still get "
                                  "this turn by plain steps (POST /go walks there); null "
                                  "otherwise, and always for other seats and spectators")
    walked: dict[str, Any] | None = Field(
        default=None, description="after POST /go: {target, steps, last, stopped, why}, and "
                                  "how: the opening it took first, if any; waiting: the "
                                  "seat it waits for (Road Trap); in the walker's frames "
                                  "after such a walk went on by itself, until its next move")
    macros: list[dict[str, Any]] | None = Field(
        default=None, description="on this seat's own decision, in a game that offers them "
                                  "(GameSpec.macros): the shortcuts through a run of its "
                                  "decisions, each {id, label, note, available} (POST /macro "
                                  "runs one as ordinary actions); null otherwise")
    ran: dict[str, Any] | None = Field(
        default=None, description="after POST /macro: {macro, actions, why}: how many "
                                  "actions it took, and why it stopped where the seat is "
                                  "still asked (a zombie that must move), else null; "
                                  "order: whether the macro goes on when the seat is "
                                  "asked again in its run (another seat decides now)")
    order: dict[str, Any] | None = Field(
        default=None, description="this seat's standing macro order (engine/macros.py), if any: "
                                  "{macro, label, left, note}: it takes the seat's next decisions "
                                  "in its run as they come (the other zombie player's "
                                  "zombies moved in between); null otherwise")
    standing: list[dict[str, Any]] | None = Field(
        default=None, description="on a human seat's own page, where the game may ask it a "
                                  "question it lets a person answer in advance "
                                  "(GameSpec.standing: Psycho Raiders' Road Trap and "
                                  "sinister reveal): one {id, question, answer, note, until: "
                                  "'off' | 'round' | 'said', in_force, choices: {until: "
                                  "words}} per question it may be asked (POST /standing sets "
                                  "one); null otherwise, and always for other seats and "
                                  "spectators")
    waiting: dict[str, Any] | None = Field(
        default=None, description="on the seat's own page while its walk waits for another "
                                  "person's answer (Road Trap): {target, mover, last, on, "
                                  "why}; the walk goes on by itself if they let it; null "
                                  "otherwise")


@dataclass
class LiveGame:
    stored: StoredGame
    state: GameState
    players: dict[str, Agent] = field(default_factory=dict)  # an agent seat's one agent
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sockets: dict[WebSocket, str] = field(default_factory=dict)  # socket -> seat or SPECTATOR
    # The task playing its agents' moves, while an agent is to move: one per game at most.
    # Set and cleared under `lock`, so that a human's move never finds a task about to stop.
    runner: asyncio.Task[None] | None = None
    agent_error: str | None = None  # why its agents stopped (an agent failed)
    undo: UndoStack = field(default_factory=UndoStack)  # what its seats may take back
    undos: int = 0  # decisions undone since the server loaded the game
    # the deciding seat's reach, kept with the state it was found in (payloads are built per
    # socket and a walk starts from it; a state is never changed in place: a move makes a new one)
    reach: tuple[GameState, str, dict[str, dict[str, Route]]] | None = None
    # a human seat's macro that goes on when the seat is asked again within its run
    # (engine/macros.py, StandingOrder): kept here only, so a restarted server just asks the seat
    orders: dict[str, StandingOrder] = field(default_factory=dict)
    # a person's standing answers, seat -> question id -> answer, kept in the store
    standing: dict[str, dict[str, Standing]] = field(default_factory=dict)
    waiting: Waiting | None = None  # a walk waiting for another person's answer
    walked: dict[str, dict[str, Any]] = field(default_factory=dict)  # seat -> its resumed walk

    def seat_of(self, token: str | None) -> str:
        return seat_of(self.stored, token)

    def agents(self) -> dict[str, str]:
        """seat -> agent spec, for the seats agents play."""
        return {s.name: s.agent for s in self.stored.seats if s.agent}


@dataclass(frozen=True, slots=True)
class Waiting:
    """A walk stopped at another person's question (the game's pass) that goes on by itself
    if they answer with the pass: the walker's seat, its route and the next action's index,
    the seat asked, the game's length when it stopped and the pass expected."""

    seat: str
    route: Route
    n: int
    moved: int  # steps taken before it stopped
    on: str
    at: int
    answer: str
    why: str


def seat_of(stored: StoredGame, token: str | None) -> str:
    """The seat (or SPECTATOR) a token opens; HTTP 403 for any other token."""
    given = (token or "").encode()
    found = None
    for seat in stored.seats:
        if seat.token is not None and given and secrets.compare_digest(seat.token.encode(),
                                                                       given):
            found = seat.name
    if given and secrets.compare_digest(stored.spectator.encode(), given):
        found = SPECTATOR
    if found is None:
        raise HTTPException(403, {"error": "this link's token does not open this game"})
    return found


@dataclass(frozen=True)
class Limits:
    """How much agents' work a server takes on (deadtable serve's --agent-* options)."""

    pause: float = AGENT_PAUSE  # seconds before each agent move
    slots: int = AGENT_SLOTS  # agents thinking at once
    budget: int = AGENT_BUDGET  # the most search one agent move may ask for
    games: int = AGENT_GAMES  # games with agents at work at once

    def __post_init__(self) -> None:
        if self.pause < 0 or min(self.slots, self.budget, self.games) < 1:
            raise ValueError(f"agent pause must be at least 0, and slots, budget and games at "
                             f"least 1; got {self}")


class Hub:
    """The games being played: rebuilt from the store when first asked for, and their agents'
    tasks."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.live: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}  # game id -> its replay's lock
        self.agent_pause = self.limits.pause
        # Agents thinking at once, server-wide; the rest queue here (first come, first served)
        # one move at a time, so a long game of agents never shuts the others out.
        self.agent_slots = asyncio.Semaphore(self.limits.slots)
        # Their threads: their own, so that thinking agents never hold up the store's writes
        # and replays, which use the default ones. Made when first needed (again after stop).
        self._agent_threads: ThreadPoolExecutor | None = None
        self.runners: set[asyncio.Task[None]] = set()

    @property
    def agent_threads(self) -> ThreadPoolExecutor:
        if self._agent_threads is None:
            self._agent_threads = ThreadPoolExecutor(self.limits.slots, "deadtable-agent")
        return self._agent_threads

    async def open(self, game_id: str, token: str | None) -> tuple[LiveGame, str]:
        """The game and the seat `token` opens in it. The token is checked against the
        stored game first: a wrong one replays nothing and wakes no agent."""
        live = self.live.get(game_id)
        if live is not None:
            return live, live.seat_of(token)
        stored = await self.stored(game_id)
        seat = seat_of(stored, token)
        return await self.load(stored), seat

    async def stored(self, game_id: str) -> StoredGame:
        try:
            stored = await asyncio.to_thread(self.store.load, game_id)
        except CorruptGame as error:
            raise HTTPException(410, {"error": f"game {game_id} cannot be resumed: "
                                               f"{error}"}) from None
        if stored is None:
            raise HTTPException(404, {"error": f"no game {game_id!r} on this server"})
        return stored

    async def load(self, stored: StoredGame) -> LiveGame:
        """The game rebuilt from the store (once, however many ask at the same time), under
        its own lock: replaying one game holds up no other."""
        lock = self._loading.setdefault(stored.id, asyncio.Lock())
        try:
            async with lock:
                live = self.live.get(stored.id)
                if live is None:
                    state, players, undo = await asyncio.to_thread(rebuild, stored)
                    live = LiveGame(stored, state, players, undo=undo, standing={
                        seat: {question: Standing(until, round_)
                               for question, (until, round_) in kept.items()}
                        for seat, kept in stored.standing.items()})
                    self.live[stored.id] = live
                    async with live.lock:  # a server killed between agents' moves goes on
                        await self.wake(live)
        finally:
            if not lock.locked():
                self._loading.pop(stored.id, None)
        return live

    async def resume(self) -> None:
        """At start-up: let the agents of every game not known to be over go on, without
        waiting for someone to open it (a game of agents alone has nobody to)."""
        for game_id in await asyncio.to_thread(self.store.agent_games):
            try:
                await self.load(await self.stored(game_id))
            except HTTPException:
                continue  # a game that no longer replays says so when it is opened

    async def stop(self) -> None:
        """At shut-down: stop every agent task (what they committed stays committed)."""
        for task in list(self.runners):
            task.cancel()
        await asyncio.gather(*self.runners, return_exceptions=True)
        if self._agent_threads is not None:
            self._agent_threads.shutdown(wait=False, cancel_futures=True)
            self._agent_threads = None

    def agents_at_work(self) -> int:
        """Games whose agents are thinking or queued for a slot."""
        return sum(1 for live in self.live.values() if live.runner is not None)

    async def create(self, new: NewGame) -> LiveGame:
        game = bind_game(new.game, new.options)
        try:
            named = assign(game, {k: v.strip() for k, v in new.seats.items()})
        except UnknownSeat as error:
            raise HTTPException(422, {"error": str(error)}) from None
        seats = []
        for name in game.seats:
            agent = named.get(name, HUMAN)
            if agent == HUMAN:
                seats.append(Seat(name, None, secrets.token_urlsafe(24)))
                continue
            try:
                made = agent_maker(agent, game.id)(0)  # made once, so bad parameters show now
                too_much = over_budget(made, game.id, self.limits.budget)
            except ValueError as error:
                raise HTTPException(422, {"error": f"seat {name!r}: {error}"}) from None
            if too_much:
                raise HTTPException(422, {"error": f"seat {name!r}: {agent!r}: {too_much}"})
            seats.append(Seat(name, agent, None))
        try:  # an agent where it cannot play (the survivors' agent as the infected)
            check_seating(game, {s.name: s.agent for s in seats if s.agent})
        except ValueError as error:
            raise HTTPException(422, {"error": str(error)}) from None
        busy = self.agents_at_work()
        if any(s.agent for s in seats) and busy >= self.limits.games:
            raise HTTPException(503, {"error": (
                f"this server's agents are already at work in {busy} "
                f"game{'s' if busy != 1 else ''}, its limit (deadtable serve --agent-games); "
                f"try again when one of them ends, or seat only humans")})
        state = game.new(seed=new.seed)
        stored = StoredGame(
            id=secrets.token_hex(8), game=game.id, version=game.version,
            options=dict(game.options), seed=state.seed, setup=state.setup,
            spectator=secrets.token_urlsafe(24), seats=seats,
        )
        await asyncio.to_thread(self.store.create, stored)
        live = LiveGame(stored, state, seat_agents(state, {s.name: s.agent for s in seats
                                                           if s.agent}))
        self.live[stored.id] = live
        async with live.lock:
            await self.wake(live)  # the agents move after this request, never inside it
        return live

    async def act(self, live: LiveGame, seat: str, action_id: str) -> None:
        """Apply a human seat's action, committed first; the agents answer after it."""
        async with live.lock:
            refuse_player(live, seat)
            live.orders.pop(seat, None)  # a seat choosing itself takes its decisions back
            live.walked.pop(seat, None)
            if live.waiting is not None and live.waiting.seat == seat:
                live.waiting = None  # (after an undo) the waiting walk is given up
            await self.commit(live, seat, action_id)
            await self.wake(live)

    async def walk(self, live: LiveGame, seat: str, go: Go) -> dict[str, Any]:
        """Walk a human seat's figure to `go.space` by the reach's route (engine/reach.py): each
        step committed as the ordinary move it is, checked legal first; the walk stops after
        a step that was not plain, or where the decision changed. Bad input changes nothing."""
        async with live.lock:
            refuse_player(live, seat)
            read = registry.move_reader(live.state.game.spec)
            if read is None:
                raise HTTPException(422, {"error": f"{live.state.game.spec.name} has no figures "
                                                   f"to walk: choose an action instead"})
            try:
                route = route_to(routes_of(live, seat, read), go.space, go.mover)
            except NoWalk as error:
                raise HTTPException(422, {"error": str(error)}) from None
            live.walked.pop(seat, None)
            live.waiting = None
            steps = len(live.state.history)
            walked = await self.walk_on(live, seat, route, 0, 0)
            if len(live.state.history) > steps:
                await self.broadcast(live)
            await self.wake(live)
            return walked

    async def walk_on(self, live: LiveGame, seat: str, route: Route, start: int,
                      moved: int) -> dict[str, Any]:
        """Walk `route` from its action `start` (`moved` steps already taken), holding the
        lock: another seat's question on the way (the game's pass) is answered by its agent
        or by its person's standing answer, as between two taps (engine/standing.py), and
        the walk goes on if it passed; a person without one is waited for (`live.waiting`:
        the walk goes on by itself if they pass, `settle`). The caller tells the pages."""
        read = registry.move_reader(live.state.game.spec)
        assert read is not None
        passes = registry.walk_readers(live.state.game.spec)[1]
        offers = registry.standing_offers(live.state.game.spec)
        taken, why, stopped, waiting = 0, None, False, None
        for n in range(start, len(route.actions)):
            action_id = route.actions[n]
            other = pass_to_answer(live.state, seat, passes)
            if other is not None and other in live.players:  # its agent answers
                before = live.state
                passed = passes(before) if passes is not None else None
                answer = await self.agent_answer(live, other)
                if answer is None or answer != passed:
                    why = (not_plain(before, live.state, seat)
                           or f"{other} did not let it go on")
                    stopped = True
                    break
            elif other is not None and (stood := standing_answer(
                    live.state, offers, live.standing)) is not None:
                await self.commit(live, other, stood, quiet=True)  # their standing answer
            elif other is not None:  # a person, asked at their own page: waited for
                offer = asked(live.state, offers)
                question = offer.question if offer is not None else "their answer"
                why, stopped = f"waiting for {other} ({question})", True
                answer_id = passes(live.state) if passes is not None else None
                assert answer_id is not None
                waiting = live.waiting = Waiting(seat, route, n, moved, other,
                                                 len(live.state.history), answer_id, why)
                break
            refused = walk_step(live.state, seat, route, n, read)
            if refused is not None:
                why, stopped = refused, True
                break
            before = live.state
            await self.commit(live, seat, action_id, quiet=True)
            taken += 1
            moved += n >= len(route.opening)
            why = not_plain(before, live.state, seat)
            if why is not None:
                stopped = n < len(route.actions) - 1
                break
        walked = {"target": route.target, "mover": route.mover, "steps": moved,
                  "last": route.at(start + taken), "stopped": stopped, "why": why}
        if route.opening:  # the speed the walk announced first (GameSpec.openings)
            walked["how"] = route.how
        if waiting is not None:
            walked["waiting"] = waiting.on
        return walked

    async def settle(self, live: LiveGame) -> bool:
        """After a move, holding the lock: answer a person's question for them where their
        standing answer is in force (engine/standing.py), and let a walk waiting on it go on
        if it was let pass (`live.waiting`); True if any action was taken."""
        offers = registry.standing_offers(live.state.game.spec)
        took = False
        for _ in range(MAX_AGENT_STEPS):
            decision = live.state.decision
            if decision is None or decision.seat in live.players:
                break
            stood = standing_answer(live.state, offers, live.standing)
            if stood is not None:
                await self.commit(live, decision.seat, stood, quiet=True)
                took = True
                continue
            waiting = live.waiting
            if waiting is None or len(live.state.history) <= waiting.at:
                break
            live.waiting = None
            history = live.state.history
            if (len(history) == waiting.at + 1 and history[-1] == waiting.answer
                    and decision.seat == waiting.seat):  # they let it go on: so does the walk
                steps = len(history)
                walked = await self.walk_on(live, waiting.seat, waiting.route, waiting.n,
                                            waiting.moved)
                live.walked[waiting.seat] = walked
                took = took or len(live.state.history) > steps
                if live.waiting is None:
                    break
        if took:
            await self.broadcast(live)
        return took

    async def agent_answer(self, live: LiveGame, seat: str) -> str | None:
        """A walk's question to another seat's agent (engine/reach.py's pass): its answer,
        committed quietly as its own move (the pages hear at the walk's end), or None if it
        failed (the game's agent_error set, as agent_move does)."""
        decision = live.state.decision
        assert decision is not None
        spec = live.agents()[seat]
        try:
            action_id = await asyncio.get_running_loop().run_in_executor(
                self.agent_threads, live.players[seat].act, observe(live.state))
            if action_id not in decision:
                raise IllegalAction(action_id, decision)
            await self.commit(live, seat, action_id, quiet=True)
        except Exception as error:
            await self.stop_agents(live, f"the {spec!r} agent playing {seat} failed at step "
                                         f"{len(live.state.history)}: {type(error).__name__}: "
                                         f"{error}")
            return None
        return str(action_id)

    async def run_macro(self, live: LiveGame, seat: str, asked: RunMacro) -> dict[str, Any]:
        """Run a human seat's macro (engine/macros.py): each of its actions committed as the
        ordinary action it is, checked legal first; bad input changes nothing."""
        async with live.lock:
            refuse_player(live, seat)
            live.walked.pop(seat, None)
            read = registry.macro_reader(live.state.game.spec)
            if read is None or seat in live.agents():
                raise HTTPException(422, {"error": f"{live.state.game.spec.name} offers no "
                                                   f"macros: choose an action instead"})
            try:
                first = macro_start(live.state, seat, asked.macro, read)
            except NoMacro as error:
                raise HTTPException(422, {"error": str(error)}) from None
            taken, why = 0, None
            try:
                while taken < MACRO_STEPS:
                    action, why = macro_step(live.state, seat, asked.macro, read)
                    if action is None:
                        break
                    await self.commit(live, seat, action, quiet=True)
                    taken += 1
                done = ran(asked.macro, taken, why, live.state, seat, read, first)
                order = done.pop("order")
                done["order"] = order is not None
                if order is not None:  # it goes on when the seat is asked again
                    live.orders[seat] = order
            finally:
                if taken:
                    await self.broadcast(live)
                    await self.wake(live)
            return done

    async def commit(self, live: LiveGame, seat: str, action_id: str,
                     quiet: bool = False) -> None:
        after = live.state.clone()
        try:
            after.apply(action_id)
        except (IllegalAction, GameOver) as error:
            legal = error.legal if isinstance(error, IllegalAction) else []
            raise HTTPException(409, {"error": str(error), "legal": legal}) from None
        await self.keep(live, seat, action_id, after)
        await self.follow_orders(live)
        if not quiet:  # a walk's steps: the pages hear once, at its end
            await self.broadcast(live)

    async def keep(self, live: LiveGame, seat: str, action_id: str, after: GameState) -> None:
        """Store `seat`'s action, taken from the live state to `after`, and make `after` live."""
        n = len(live.state.history)
        await asyncio.to_thread(self.store.append, live.stored.id, n, seat, action_id,
                                after.outcome is not None)
        live.stored.actions.append(action_id)
        live.undo.record(seat, action_id, live.state, after)
        live.state = after

    async def follow_orders(self, live: LiveGame) -> None:
        """Where the seat asked now has a standing macro order (engine/macros.py), take its
        actions as that seat's, each checked legal, until another seat is asked or it ends (the
        seat must decide, or its run is over). Called holding the game's lock."""
        read = registry.macro_reader(live.state.game.spec)
        for _ in range(MACRO_STEPS):
            decision = live.state.decision
            order = live.orders.get(decision.seat) if decision is not None else None
            if read is None or order is None:
                return
            action, _why, going = order_step(live.state, order, read)
            if not going:
                del live.orders[order.seat]
                return
            if action is None:
                return
            after = live.state.clone()
            after.apply(action)
            await self.keep(live, order.seat, action, after)
            if (going_on := order.took()) is None:
                del live.orders[order.seat]
            else:
                live.orders[order.seat] = going_on

    async def stand(self, live: LiveGame, seat: str, request: Stand) -> None:
        """Set or clear a human seat's standing answer to one question (engine/standing.py),
        kept in the store; one in force answers the question now if it is open. Bad input
        changes nothing."""
        if seat == SPECTATOR:
            raise HTTPException(403, {"error": "a spectator link cannot answer for a seat"})
        async with live.lock:
            spec = live.state.game.spec
            every = registry.standing_offers(spec)
            offer = next((o for o in standing_for(live, seat) if o.id == request.question),
                         None)
            if offer is None:
                why = ("its agent answers for it" if seat in live.players else
                       f"{spec.name} has no question to answer in advance" if not every else
                       f"{spec.name} has no question {request.question!r} to answer in "
                       f"advance: it has {', '.join(repr(o.id) for o in every)}"
                       if all(o.id != request.question for o in every) else
                       f"{spec.name} never asks {seat} {request.question!r}")
                raise HTTPException(422, {"error": f"no standing answer for {seat}: {why}"})
            if request.until not in CHOICES:
                raise HTTPException(422, {"error": (
                    f"until must be one of {', '.join(map(repr, CHOICES))} (asked each time, "
                    f"for the rest of this round, until said otherwise), not "
                    f"{request.until!r}")})
            round_ = offer.round(live.state)
            until = None if request.until == OFF else request.until
            await asyncio.to_thread(self.store.stand, live.stored.id, seat, offer.id, until,
                                    round_)
            kept = live.standing.setdefault(seat, {})
            if until is None:
                kept.pop(offer.id, None)
            else:
                kept[offer.id] = Standing(until, round_)
            if not await self.settle(live):  # (it broadcasts what it answers)
                await self.broadcast(live, only=seat)  # a frame to the others would tell
            await self.wake(live)

    async def undo(self, live: LiveGame, seat: str) -> None:
        """Take back `seat`'s last decision (engine/undo.py), in the store too, so that the
        game is kept as played. Under the game's lock, like every move: an agent either moved
        before (and the undo is refused: it decided since) or finds the undone state."""
        if seat == SPECTATOR:
            raise HTTPException(403, {"error": "a spectator link cannot undo"})
        async with live.lock:
            why = undo_refusal(live, seat)
            if why is not None:
                raise HTTPException(409, {"error": f"cannot undo: {why}"})
            n = len(live.state.history) - 1
            await asyncio.to_thread(self.store.truncate, live.stored.id, n)
            step = live.undo.pop(live.state, seat)
            live.orders.pop(seat, None)  # the seat takes its decisions back into its hands
            del live.stored.actions[n:]
            live.walked.pop(seat, None)
            live.waiting = None  # a walk waiting on an answer: given up, tapped again if wanted
            live.state = step.before
            live.undos += 1
            await self.broadcast(live)
            await self.wake(live)

    async def wake(self, live: LiveGame) -> None:
        """Start the game's agent task if an agent is to move and none is running. Called
        holding `live.lock`. Ends a game that is over but not yet noted so (kept before)."""
        if live.state.outcome is None:
            await self.settle(live)  # a person's standing answer, a walk waiting on them
        if live.state.outcome is not None:
            await asyncio.to_thread(self.store.finish, live.stored.id)
            return
        if live.runner is not None or live.agent_error is not None:
            return
        if self.agent_to_move(live) is None:
            return
        live.runner = asyncio.create_task(self.play_agents(live))
        self.runners.add(live.runner)
        live.runner.add_done_callback(self.runners.discard)

    @staticmethod
    def agent_to_move(live: LiveGame) -> str | None:
        """The agent seat that decides now, or None (a human decides, or the game is over)."""
        decision = live.state.decision
        return decision.seat if decision is not None and decision.seat in live.players else None

    async def play_agents(self, live: LiveGame) -> None:
        """The game's agent task: one agent move at a time while an agent is to move, each
        after a pause and in one of the server's agent slots. A seat keeps one agent for the
        whole game (agents/seating.py), so it remembers what it saw; a restarted server shows
        it the moves again (rebuild), so it plays the same."""
        for _ in range(MAX_AGENT_STEPS):
            if self.agent_pause:
                await asyncio.sleep(self.agent_pause)
            async with self.agent_slots, live.lock:
                seat = self.agent_to_move(live)
                if seat is None:
                    live.runner = None
                    return
                if not await self.agent_move(live, seat):
                    live.runner = None
                    return
                await self.settle(live)  # its move may ask a person with a standing answer
        async with live.lock:
            await self.stop_agents(live, f"the agents made {MAX_AGENT_STEPS} moves in a row "
                                         f"and the game has not ended")
            live.runner = None

    async def agent_move(self, live: LiveGame, seat: str) -> bool:
        """Ask `seat`'s agent and commit its move; False (and the game's agent_error set)
        if the agent fails or its move cannot be kept: a broken agent must not pass for a
        broken server, nor an error pass unseen in a task nobody awaits."""
        decision = live.state.decision
        assert decision is not None
        spec = live.agents()[seat]
        step = len(live.state.history)
        try:
            action_id = await asyncio.get_running_loop().run_in_executor(
                self.agent_threads, live.players[seat].act, observe(live.state))
            if action_id not in decision:
                raise IllegalAction(action_id, decision)
        except Exception as error:
            await self.stop_agents(live, f"the {spec!r} agent playing {seat} failed at step "
                                         f"{step}: {type(error).__name__}: {error}")
            return False
        try:
            await self.commit(live, seat, action_id)
        except Exception as error:  # the store refused it, or could not be written
            why = (error.detail.get("error", error.detail)
                   if isinstance(error, HTTPException) and isinstance(error.detail, dict)
                   else f"{type(error).__name__}: {error}")
            await self.stop_agents(live, f"the move of the {spec!r} agent playing {seat} at "
                                         f"step {step} could not be kept: {why}")
            return False
        return True

    async def stop_agents(self, live: LiveGame, why: str) -> None:
        """Stop the game's agents and tell every page why (a restarted server tries again)."""
        live.agent_error = why
        await self.broadcast(live)

    async def broadcast(self, live: LiveGame, only: str | None = None) -> None:
        """Each socket's payload; `only`: that seat's sockets alone."""
        for socket, seat in list(live.sockets.items()):
            if only is not None and seat != only:
                continue
            try:
                await socket.send_json(payload(live, seat))
            except Exception:  # a closed socket: the client reconnects by itself
                live.sockets.pop(socket, None)


def refuse_player(live: LiveGame, seat: str) -> None:
    """HTTP 403 for a spectator, 409 when the game is over or another seat decides."""
    if seat == SPECTATOR:
        raise HTTPException(403, {"error": "a spectator link cannot play"})
    decision = live.state.decision
    if decision is None:
        raise HTTPException(409, {"error": "the game is over", "legal": []})
    if decision.seat != seat:
        raise HTTPException(409, {
            "error": f"it is {decision.seat}'s turn, not {seat}'s", "legal": []})


def bind_game(game_id: str, options: dict[str, Any]) -> Game:
    """The game with these options, or HTTP 422 saying why not. Options that take free text
    (a file name) are refused: a browser must not make the server read its files."""
    try:
        spec = registry.spec(game_id)
    except registry.UnknownGame as error:
        raise HTTPException(422, {"error": str(error)}) from None
    for name, value in options.items():
        option = spec.options.options.get(name.replace("_", "-"))
        if option is None or not isinstance(value, str):
            continue
        if option.kind is not str:
            spelled = "true or false" if option.kind is bool else "a JSON number"
            raise HTTPException(422, {"error": (
                f"option {option.name!r} takes {option.describe_values()}, not the text "
                f"{value!r}: send it as {spelled}, without quotes (e.g. "
                f"{json.dumps({option.name: option.default})})")})
        if option.choices is None:
            raise HTTPException(422, {"error": (
                f"option {option.name!r} takes free text (such as a file name), which the "
                f"web server does not accept; start the game from the command line instead"
            )})
    try:
        return spec.bind(**options)
    except BadOption as error:
        raise HTTPException(422, {"error": str(error)}) from None


def sides_of(game: Game) -> dict[str, list[str]]:
    return {side: list(members) for side, members in game.sides.items()}


def agents_by_seat(game: Game) -> dict[str, list[str]]:
    """seat -> the agents that play it, for the lobby's menus."""
    return {seat: agents_for(game, seat) for seat in game.seats}


def rebuild(stored: StoredGame) -> tuple[GameState, dict[str, Agent], UndoStack]:
    """The game as it was, its agents as they were and what its people may undo: its actions
    replayed from its seed, each agent shown the moves again (agents/seating.py)."""
    replay = Replay(stored.game, stored.version, stored.options, stored.seed, stored.setup,
                    list(stored.actions))
    try:
        state = replay.start(registry.load(stored.game, **stored.options))
    except (registry.UnknownGame, BadOption, ReplayMismatch) as error:
        raise HTTPException(410, {"error": f"game {stored.id} cannot be resumed: {error}"}
                            ) from None
    except Exception as error:  # the game's new() refused the stored set-up, however it does
        message = (f"game {stored.id} cannot be resumed: its stored set-up "
                   f"{json.dumps(stored.setup)[:200]} does not fit {stored.game} "
                   f"({type(error).__name__}: {error})")
        raise HTTPException(410, {"error": message}) from None
    try:
        players = seat_agents(state, {s.name: s.agent for s in stored.seats if s.agent})
        undo = UndoStack()
        people = any(seat.token for seat in stored.seats)  # else nobody undoes: no copies
        catch_up(state, players, replay.actions, undo.apply if people else None)
    except (IllegalAction, GameOver, ValueError) as error:
        raise HTTPException(410, {"error": f"game {stored.id} cannot be resumed: {error}"}
                            ) from None
    return state, players, undo


def payload(live: LiveGame, seat: str) -> dict[str, Any]:
    state = live.state
    decision = state.decision
    spec = state.game.spec
    return {
        "id": live.stored.id,
        "game": spec.id,
        "name": spec.name,
        "seat": seat,
        "seats": {s.name: s.agent or HUMAN for s in live.stored.seats},
        "sides": sides_of(state.game),
        "step": len(state.history),
        "to_move": None if decision is None else decision.seat,
        "view": state.public_view() if seat == SPECTATOR else state.view(seat),
        "decision": decision.to_data() if decision is not None and decision.seat == seat else None,
        "outcome": None if state.outcome is None else state.outcome.to_data(),
        # the game's own words for its result, where it has them (GameSpec.outcome_text)
        "outcome_text": (spec.outcome_text(state.outcome)
                         if state.outcome is not None and spec.outcome_text else None),
        "renderer": f"/static/renderers/{spec.id}.js" if web_renderer(spec.id) else None,
        "agent_error": live.agent_error,
        "undo": None if seat == SPECTATOR else undo_state(live, seat),
        "undos": live.undos,
        "reach": reach_of(live, seat),
        "macros": macros_of(live, seat),
        "order": (live.orders[seat].to_data()
                  if seat in live.orders and seat != SPECTATOR else None),
        "standing": standing_of(live, seat),
        "waiting": waiting_of(live, seat),
        "walked": live.walked.get(seat),  # a walk that went on after a person's answer
    }


def standing_for(live: LiveGame, seat: str) -> list[StandingOffer]:
    """The questions the game lets `seat` (a human seat they may be put to) answer in
    advance: none for an agent's seat or a spectator."""
    offers = registry.standing_offers(live.state.game.spec)
    if not offers or seat == SPECTATOR or seat in live.agents():
        return []
    options = live.state.game.options
    return [offer for offer in offers if seat in offer.seats(options)]


def standing_of(live: LiveGame, seat: str) -> list[dict[str, Any]] | None:
    """The seat's own standing answers and their choices, one per question it may be asked:
    only on its own page."""
    kept = live.standing.get(seat)
    found = []
    for offer in standing_for(live, seat):
        until = setting(offer, live.state, kept)
        found.append({"id": offer.id, "question": offer.question, "answer": offer.answer,
                      "note": offer.note, "until": until, "in_force": until != OFF,
                      "choices": {c: offer.choice_words(c) for c in CHOICES}})
    return found or None


def waiting_of(live: LiveGame, seat: str) -> dict[str, Any] | None:
    """The seat's own walk waiting for another person's answer: only on its own page."""
    waiting = live.waiting
    if waiting is None or waiting.seat != seat or len(live.state.history) != waiting.at:
        return None
    return {"target": waiting.route.target, "mover": waiting.route.mover,
            "last": waiting.route.at(waiting.n), "on": waiting.on, "why": waiting.why}


def macros_of(live: LiveGame, seat: str) -> list[dict[str, Any]] | None:
    """The seat's macros on its own decision (engine/macros.py): never for another seat, a
    spectator or an agent."""
    read = registry.macro_reader(live.state.game.spec)
    if read is None or seat == SPECTATOR or seat in live.agents():
        return None
    return [m.to_data() for m in macros_offered(live.state, seat, read)] or None


def reach_of(live: LiveGame, seat: str) -> dict[str, Any] | None:
    """Where the seat's figures can still get this turn (engine/reach.py), on its own decision
    only: never for another seat, a spectator or an agent."""
    decision = live.state.decision
    read = registry.move_reader(live.state.game.spec)
    if (seat == SPECTATOR or decision is None or decision.seat != seat
            or seat in live.agents() or read is None):
        return None
    return reach_data(routes_of(live, seat, read)) or None


def routes_of(live: LiveGame, seat: str, read: MoveReader) -> dict[str, dict[str, Route]]:
    """The seat's reach in the live state, searched once per state (engine/reach.py): past
    the game's openings, and past its passes whoever answers them (an agent, a person's
    standing answer, a person by hand: the walk waits for them), so that the reach tells
    the seat nothing of how the others answer."""
    kept = live.reach
    if kept is None or kept[0] is not live.state or kept[1] != seat:
        opens, passes = registry.walk_readers(live.state.game.spec)
        kept = live.reach = (live.state, seat, reach(live.state, seat, read, opens, passes))
    return kept[2]


def undo_refusal(live: LiveGame, seat: str) -> str | None:
    """Why `seat` may not undo now (engine/undo.py), or None; an answer its standing answer
    made is not taken back while that is in force (it would be made again at once)."""
    why = live.undo.refusal(live.state, seat)
    if why is None and live.undo.steps:
        top = live.undo.steps[-1]
        spec = live.state.game.spec
        stood = standing_answer(top.before, registry.standing_offers(spec), live.standing)
        if stood is not None and stood == top.action:
            why = ("your standing answer would make that choice again at once: set it to "
                   "ask you each time first to answer by hand")
    return why


def undo_state(live: LiveGame, seat: str) -> dict[str, Any]:
    why = undo_refusal(live, seat)
    return {"available": why is None, "why": why}


def sight(live: LiveGame, frm: str, to: str) -> dict[str, Any]:
    """The game's ruler (GameSpec.ruler) between two spaces: whether sight is clear, the line,
    where and why it is blocked. A ruler reads only what every seat sees (the map, where the
    figures stand), so any token of the game may ask."""
    spec = live.state.game.spec
    if spec.ruler is None:
        raise HTTPException(404, {"error": f"{spec.id} has no line-of-sight ruler"})
    try:
        answer: dict[str, Any] = registry.part(spec.ruler)(live.state, frm, to)
    except ValueError as error:
        raise HTTPException(422, {"error": str(error)}) from None
    return answer


def web_renderer(game_id: str) -> Path | None:
    """The game's own page renderer (its GameSpec names the file), or None."""
    try:
        path = registry.spec(game_id).web_renderer
    except registry.UnknownGame:
        return None
    return path if path is not None and path.is_file() else None


def catalogue() -> list[dict[str, Any]]:
    """The games for the lobby: seats, the options a browser may set, the agents."""
    out = []
    for game_id in registry.game_ids():
        game = registry.load(game_id)
        options = [
            dict(d, choices=list(o.choices) if o.choices is not None else None,
                 kind=o.kind.__name__, minimum=o.minimum, maximum=o.maximum)
            for o, d in zip(game.spec.options, game.spec.options.describe(), strict=True)
            if not (o.kind is str and o.choices is None)  # free text: command line only
        ]
        out.append({
            "id": game.id, "name": game.spec.name, "summary": game.spec.summary,
            "seats": list(game.seats), "seat_counts": seat_counts(game.spec),
            "sides": sides_of(game), "options": options,
            "agents": agent_names(game.id),
            "agents_by_seat": agents_by_seat(game),  # each seat's menu: only agents that play it
            "default_agents": dict(game.spec.default_agents),  # the lobby's first choice
        })
    return out


def seat_counts(spec: GameSpec) -> list[int]:
    """The fewest and most seats the game's options make (Psycho Raiders' `players`: 2 and
    13; Last Night on Earth's hero and zombie players together: 2 and 6). Each option is
    tried at its values (a whole number at every value of a range of 20 or fewer, else at its
    ends); those that change the seats alone are then tried together."""
    def seats(given: dict[str, Any]) -> int | None:
        try:
            return len(spec.seats(spec.options.resolve(given)))
        except (BadOption, ValueError):
            return None  # a value the game refuses: it makes no game

    plain = seats({})
    shaping: list[list[tuple[str, Any]]] = []
    for option in spec.options:
        values = _values(option)
        if any(seats({option.name: v}) not in (plain, None) for v in values):
            shaping.append([(option.name, v) for v in values])
    counts = {n for combo in itertools.product(*shaping)
              if (n := seats(dict(combo))) is not None}
    return [min(counts), max(counts)]


def _values(option: Option) -> list[Any]:
    if option.choices is not None:
        return list(option.choices)
    if option.kind is bool:
        return [False, True]
    if option.kind is int and option.minimum is not None and option.maximum is not None:
        span = range(option.minimum, option.maximum + 1)
        return list(span) if len(span) <= 20 else [option.minimum, option.maximum]
    return []  # free text or an open range: its default only


class LimitBody:
    """ASGI middleware: a request body over `limit` bytes gets 413, declared or streamed; one
    nested deeper than MAX_DEPTH gets 422."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        # Read the whole body first (it is small, or refused): an error raised while the app
        # reads it would be reported as the app's own 400.
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if len(body) > self.limit:
                await self._refuse(send)
                return
            if not message.get("more_body", False):
                break
        if too_deep(body):
            await self._refuse(send, 422, f"the JSON body nests deeper than {MAX_DEPTH} levels; "
                                          f"a game or an action needs 3")
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send, status: int = 413, why: str = "") -> None:
        why = why or f"the request body is larger than {self.limit} bytes"
        body = json.dumps({"detail": {"error": why}}).encode()
        await send({"type": "http.response.start", "status": status, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer",  # a page's URL holds its seat's token
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "Cache-Control": "no-store",
}
SWAGGER_CDN = "https://cdn.jsdelivr.net"  # where FastAPI's /docs page loads Swagger UI from


def docs_page(openapi_url: str, title: str) -> HTMLResponse:
    """FastAPI's Swagger UI page, with a Content-Security-Policy of its own: it may load
    Swagger UI's script and style from their CDN and run its one inline script (named by its
    hash), and nothing else; every other page keeps `default-src 'self'`."""
    page = get_swagger_ui_html(openapi_url=openapi_url, title=title,
                               swagger_favicon_url="/static/icon.svg")
    html = bytes(page.body).decode()
    inline = html.split("<script>", 1)[1].split("</script>", 1)[0]
    digest = base64.b64encode(hashlib.sha256(inline.encode()).digest()).decode()
    page.headers["Content-Security-Policy"] = (
        f"default-src 'self'; script-src 'self' {SWAGGER_CDN} 'sha256-{digest}'; "
        f"style-src 'self' {SWAGGER_CDN} 'unsafe-inline'; img-src 'self' data:; "
        f"frame-ancestors 'none'")
    return page


def create_app(db: str | Path = "deadtable.sqlite", agent_pause: float = AGENT_PAUSE,
               agent_slots: int = AGENT_SLOTS, limits: Limits | None = None) -> FastAPI:
    """The app, keeping its games in `db`. Agents wait `agent_pause` seconds before each
    move; at most `agent_slots` of them think at once (`limits`, if given, says all)."""
    store = Store(db)
    hub = Hub(store, limits or Limits(pause=agent_pause, slots=agent_slots))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        resuming = asyncio.create_task(hub.resume())  # serve at once; agents go on meanwhile
        hub.runners.add(resuming)
        resuming.add_done_callback(hub.runners.discard)
        yield
        await hub.stop()

    app = FastAPI(
        lifespan=lifespan,
        title="deadtable",
        summary="Play deadtable's zombie tabletop games in the browser, alone or together.",
        description="Each human seat has a private token; each response carries that seat's "
                    "view only. See docs/web.md.",
        version="1",
        docs_url=None,  # served below, with the Content-Security-Policy it needs
        redoc_url=None,  # one browsable page is enough; ReDoc's would need a policy too
    )
    app.state.hub = hub
    app.state.store = store
    app.add_middleware(LimitBody)

    @app.middleware("http")
    async def headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    # A game's renderer lives in its own folder; it is served beside the shared scripts (so
    # this route comes before the /static mount, which would answer it first).
    @app.get("/static/renderers/{game_id}.js", include_in_schema=False)
    async def game_renderer(game_id: str) -> FileResponse:
        path = web_renderer(game_id)
        if path is None:
            raise HTTPException(404, {"error": f"no page renderer for {game_id!r}"})
        return FileResponse(path, media_type="text/javascript")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return docs_page(app.openapi_url or "/openapi.json", f"{app.title} API")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/games/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "play.html")  # no game data: the script asks the API

    @app.get("/api/catalogue", summary="The registered games, their seats, options and agents")
    async def get_catalogue() -> list[dict[str, Any]]:
        return catalogue()

    @app.post("/api/games", status_code=201, response_model=Created,
              summary="Create a game; returns a private link per human seat")
    async def create_game(new: NewGame, request: Request) -> dict[str, Any]:
        live = await hub.create(new)
        base = str(request.base_url).rstrip("/")

        def link(token: str) -> dict[str, str]:
            return {"token": token, "url": f"{base}/games/{live.stored.id}?token={token}"}

        return {
            "id": live.stored.id,
            "seats": {s.name: link(s.token) for s in live.stored.seats if s.token},
            "agents": {s.name: s.agent for s in live.stored.seats if s.agent},
            "spectator": link(live.stored.spectator),
            "sides": sides_of(live.state.game),
            "step": len(live.state.history),
            "to_move": live.state.game.seats[0] if live.state.decision is None
            else live.state.decision.seat,
        }

    @app.post("/api/seating", summary="The seats and sides a game has with these options")
    async def seating(asked: Seating) -> dict[str, Any]:
        game = bind_game(asked.game, asked.options)
        return {"seats": list(game.seats), "sides": sides_of(game),
                "agents_by_seat": agents_by_seat(game)}

    @app.get("/api/games/{game_id}", response_model=Payload,
             summary="What the token's seat may see now, and its legal actions on its turn")
    async def get_game(game_id: str, token: Annotated[str | None, Query()] = None
                       ) -> dict[str, Any]:
        live, seat = await hub.open(game_id, token)
        return payload(live, seat)

    @app.get("/api/games/{game_id}/sight",
             summary="Line of sight between two spaces, for a board game with a ruler",
             responses={403: {"description": "wrong or missing token"},
                        404: {"description": "no such game, or the game has no ruler"},
                        422: {"description": "no such space"}})
    async def get_sight(game_id: str, token: Annotated[str | None, Query()] = None,
                        frm: Annotated[str, Query(alias="from", max_length=50)] = "",
                        to: Annotated[str, Query(max_length=50)] = "") -> dict[str, Any]:
        # Any seat or the spectator: the ruler reads only the open table.
        live, _ = await hub.open(game_id, token)
        return sight(live, frm, to)

    @app.post("/api/games/{game_id}/actions", response_model=Payload,
              summary="Apply the token's seat's action; returns its new view",
              responses={403: {"description": "wrong or missing token"},
                         409: {"description": "not a legal action now; names the legal ones"},
                         413: {"description": "body too large"}})
    async def post_action(game_id: str, move: Move) -> dict[str, Any]:
        live, seat = await hub.open(game_id, move.token)
        await hub.act(live, seat, move.action)
        return payload(live, seat)

    @app.post("/api/games/{game_id}/go", response_model=Payload,
              summary="Walk the token's seat's figure to a space in its reach, step by step",
              responses={403: {"description": "wrong or missing token, or a spectator's"},
                         409: {"description": "not this seat's turn, or the game is over"},
                         422: {"description": "no such space, out of reach, or which figure "
                                              "is unclear; says which are in reach"}})
    async def post_go(game_id: str, go: Go) -> dict[str, Any]:
        live, seat = await hub.open(game_id, go.token)
        walked = await hub.walk(live, seat, go)
        return {**payload(live, seat), "walked": walked}

    @app.post("/api/games/{game_id}/macro", response_model=Payload,
              summary="Run one of the token's seat's macros: a run of its ordinary actions",
              responses={403: {"description": "wrong or missing token, or a spectator's"},
                         409: {"description": "not this seat's turn, or the game is over"},
                         422: {"description": "no such macro now, or it can take no step "
                                              "(says why: a zombie that must move)"}})
    async def post_macro(game_id: str, asked: RunMacro) -> dict[str, Any]:
        live, seat = await hub.open(game_id, asked.token)
        done = await hub.run_macro(live, seat, asked)
        return {**payload(live, seat), "ran": done}

    @app.post("/api/games/{game_id}/standing", response_model=Payload,
              summary="Set or clear the token's seat's standing answer to one question (Road "
                      "Trap: let the campers' vehicles drive on; the sinister reveal: not now)",
              responses={403: {"description": "wrong or missing token, or a spectator's"},
                         422: {"description": "no such question (the error names the game's), "
                                              "this seat is never asked it, an agent plays it, "
                                              "or no such choice"}})
    async def post_standing(game_id: str, request: Stand) -> dict[str, Any]:
        live, seat = await hub.open(game_id, request.token)
        await hub.stand(live, seat, request)
        return payload(live, seat)

    @app.post("/api/games/{game_id}/undo", response_model=Payload,
              summary="Take back the token's seat's last decision, if it revealed nothing",
              responses={403: {"description": "wrong or missing token, or a spectator's"},
                         409: {"description": "no undo now; says why (the dice were rolled, "
                                              "a card was drawn, another seat decided since)"}})
    async def post_undo(game_id: str, asked: UndoAsk) -> dict[str, Any]:
        live, seat = await hub.open(game_id, asked.token)
        await hub.undo(live, seat)
        return payload(live, seat)

    @app.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        try:
            live, seat = await hub.open(game_id, token)
        except HTTPException:
            await websocket.close(code=1008)  # before accept(): the handshake gets HTTP 403
            return
        await websocket.accept()
        live.sockets[websocket] = seat
        try:
            await websocket.send_json(payload(live, seat))
            while True:  # the client has nothing to say; this keeps the socket open
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("bytes") is not None:
                    await websocket.close(code=1003, reason=BINARY_REFUSED)
                    break
        except WebSocketDisconnect:
            pass
        finally:
            live.sockets.pop(websocket, None)

    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | Path = "deadtable.sqlite",
          limits: Limits | None = None) -> None:
    import uvicorn

    app = create_app(db, limits=limits)
    print(f"deadtable: serving on http://{host}:{port}/ (games kept in {db})", flush=True)
    uvicorn.run(app, host=host, port=port, access_log=False, log_level="warning")
