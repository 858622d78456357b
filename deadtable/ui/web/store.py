"""The server's memory: every game as a replay (game, version, options, seed, set-up, action
ids) plus its seats (a human's token, or an agent's spec) and a person's standing answer
(engine/standing.py), in SQLite (the stdlib's sqlite3).

Each action is committed in its own transaction, with the write-ahead log and
`synchronous=FULL`, before the server acknowledges it, so a server killed at any moment
(kill -9) loses no acknowledged action: starting it again on the same file rebuilds every game
by replaying its actions from its seed.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    version TEXT NOT NULL,
    options TEXT NOT NULL,      -- JSON object, resolved (every option's value)
    seed INTEGER NOT NULL,
    setup TEXT NOT NULL,        -- JSON object: what new() got besides the seed
    spectator TEXT NOT NULL,    -- the spectator link's token
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    number INTEGER NOT NULL,    -- the seat's place in the game's seat order
    agent TEXT,                 -- an agent spec such as "random"; NULL for a human
    token TEXT,                 -- a human seat's token; NULL for an agent
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS finished (  -- games that are over: a restarted server leaves them be
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS standing (  -- a human seat's standing answers (engine/standing.py)
    game_id TEXT NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    question TEXT NOT NULL,     -- the question's id (StandingOffer.id): "road-trap"
    until TEXT NOT NULL,        -- "said" (until cleared) or "round" (the rest of `round`)
    round INTEGER NOT NULL,     -- the game's round when it was set
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seat, question)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,         -- 0, 1, 2, ...: the order they were applied in
    seat TEXT NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""
# the tables SCHEMA makes: what a file the server made holds (ui/checks.py's db_problem)
TABLES = frozenset(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", SCHEMA))
# A file from before a game could offer several standing questions kept one standing answer
# per seat, with no question column: the one question then offered anywhere, Psycho Raiders'
# Road Trap (its id now). Opening such a file moves its rows to that question (`_migrate`).
FIRST_QUESTION = "road-trap"


class CorruptGame(ValueError):
    """A stored game whose row cannot be read back (damaged or edited by hand)."""


def _object(text: object, what: str) -> dict[str, Any]:
    """A stored JSON object column, or CorruptGame saying what is wrong with it."""
    try:
        value = json.loads(text) if isinstance(text, str | bytes) else None
    except json.JSONDecodeError as error:
        raise CorruptGame(f"its stored {what} is not JSON ({error})") from None
    if not isinstance(value, dict):
        raise CorruptGame(f"its stored {what} should be a JSON object, not {str(text)[:80]!r}")
    return value


@dataclass
class Seat:
    name: str
    agent: str | None  # None: a human, who has a token
    token: str | None


@dataclass
class StoredGame:
    id: str
    game: str
    version: str
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any]
    spectator: str
    seats: list[Seat]
    actions: list[str] = field(default_factory=list)
    created: float = 0.0
    # seat -> question id -> (until, round): a person's standing answers
    standing: dict[str, dict[str, tuple[str, int]]] = field(default_factory=dict)


class Store:
    """One SQLite file. Safe to share between threads (one connection, one lock)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        """Bring a file an older server made up to SCHEMA, in one transaction: its standing
        answers, one per seat, become Road Trap's (FIRST_QUESTION)."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(standing)")}
        if "question" in columns:
            return
        with self._lock, self._transaction():
            self._db.execute("ALTER TABLE standing RENAME TO standing_before_questions")
            self._db.execute(SCHEMA[SCHEMA.index("CREATE TABLE IF NOT EXISTS standing"):
                                    SCHEMA.index("CREATE TABLE IF NOT EXISTS actions")])
            self._db.execute("INSERT INTO standing (game_id, seat, question, until, round, at) "
                             "SELECT game_id, seat, ?, until, round, at "
                             "FROM standing_before_questions", (FIRST_QUESTION,))
            self._db.execute("DROP TABLE standing_before_questions")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, game: StoredGame) -> None:
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game.id, game.game, game.version, json.dumps(game.options, sort_keys=True),
                 game.seed, json.dumps(game.setup, sort_keys=True), game.spectator,
                 game.created or time.time()),
            )
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(game.id, s.name, i, s.agent, s.token) for i, s in enumerate(game.seats)],
            )

    def append(self, game_id: str, n: int, seat: str, action: str, ends: bool = False) -> None:
        """Record action number `n` (0-based); committed when this returns. A second action
        with the same number is refused (the primary key), so two writers never interleave.
        `ends`: the action ended the game, noted in the same transaction (so a server stopped
        right after it never leaves a game over but not known to be)."""
        with self._lock, self._transaction():
            now = time.time()
            self._db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                             (game_id, n, seat, action, now))
            if ends:
                self._db.execute("INSERT OR IGNORE INTO finished VALUES (?, ?)", (game_id, now))

    def truncate(self, game_id: str, n: int) -> None:
        """Forget actions number `n` and later (an undo): the game is kept as played."""
        with self._lock, self._transaction():
            self._db.execute("DELETE FROM actions WHERE game_id = ? AND n >= ?", (game_id, n))

    def stand(self, game_id: str, seat: str, question: str, until: str | None,
              round_: int = 0) -> None:
        """Keep `seat`'s standing answer to `question` (until "said" or the rest of round
        `round_`), or forget it (`until` None); committed when this returns."""
        with self._lock, self._transaction():
            if until is None:
                self._db.execute("DELETE FROM standing WHERE game_id = ? AND seat = ? AND "
                                 "question = ?", (game_id, seat, question))
            else:
                self._db.execute(
                    "INSERT OR REPLACE INTO standing (game_id, seat, question, until, round, at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seat, question, until, round_, time.time()))

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, version, options, seed, setup, spectator, created "
                "FROM games WHERE id = ?", (game_id,),
            ).fetchone()
            if row is None:
                return None
            seats = [
                Seat(name, agent, token)
                for name, agent, token in self._db.execute(
                    "SELECT seat, agent, token FROM seats WHERE game_id = ? ORDER BY number",
                    (game_id,),
                )
            ]
            actions = [
                a for (a,) in self._db.execute(
                    "SELECT action FROM actions WHERE game_id = ? ORDER BY n", (game_id,)
                )
            ]
            kept = self._db.execute("SELECT seat, question, until, round FROM standing "
                                    "WHERE game_id = ?", (game_id,)).fetchall()
        standing: dict[str, dict[str, tuple[str, int]]] = {}
        for seat, question, until, round_ in kept:
            if until not in ("said", "round") or not isinstance(round_, int):
                raise CorruptGame(f"its stored standing answer of {seat!r} to {question!r} is "
                                  f"{until!r} in round {round_!r}, not until 'said' or for a "
                                  f"'round'")
            standing.setdefault(seat, {})[question] = (until, round_)
        return StoredGame(
            id=row[0], game=row[1], version=row[2], options=_object(row[3], "options"),
            seed=row[4], setup=_object(row[5], "set-up"), spectator=row[6], seats=seats,
            actions=actions, created=row[7], standing=standing,
        )

    def finish(self, game_id: str) -> None:
        """Note that the game is over, so a restarted server does not rebuild it to let its
        agents go on."""
        with self._lock, self._transaction():
            self._db.execute("INSERT OR IGNORE INTO finished VALUES (?, ?)", (game_id, time.time()))

    def agent_games(self) -> list[str]:
        """The games with an agent seat not known to be over, oldest first: those whose agents
        a restarted server lets go on (games kept before `finished` existed are rebuilt once,
        then noted there)."""
        with self._lock:
            return [r[0] for r in self._db.execute(
                "SELECT id FROM games WHERE id NOT IN (SELECT game_id FROM finished) "
                "AND id IN (SELECT game_id FROM seats WHERE agent IS NOT NULL) ORDER BY created")]

    def game_ids(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created")]

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, tb: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
