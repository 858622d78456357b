"""The results store: batches, their chunks and (on request) every game, in SQLite.

A batch is known by its key: a hash of everything that decides its outcomes (game, version,
configurations, seed, number of games, step limit, chunk size, whether it keeps records).
Each finished chunk is written with its games and committed at once, so a batch that is
killed loses at most the chunks in flight, and running the same batch again against the same
file resumes it: the chunks already there are read back instead of played.

Tables (`sqlite3 FILE .schema`):

- `batches`: id, key, game, version, seed (text: 64 bits unsigned), games, chunk, max_steps,
  records, configs (JSON), created, finished (UTC, NULL while unfinished)
- `chunks`: batch, number, lo, hi, data (JSON: the chunk's tallies, pairs and witnesses: per
  configuration, the chunk's first and shortest game, replayed to check a resumed batch's code)
- `games`: batch, config, idx, seed (text), outcome, cause, steps, results (JSON); with `records`
- `game_records`: a view of `games` with the batch's game and the configuration's options
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from deadtable import registry
from deadtable.sim.stats import Pairs, Tally

if TYPE_CHECKING:
    from deadtable.sim.run import Chunk, Job, Witness

SCHEMA = """
CREATE TABLE IF NOT EXISTS batches (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    version TEXT NOT NULL,
    seed TEXT NOT NULL,  -- seeds are 64-bit unsigned, more than SQLite's INTEGER holds
    games INTEGER NOT NULL,
    chunk INTEGER NOT NULL,
    max_steps INTEGER NOT NULL,
    records INTEGER NOT NULL,
    configs TEXT NOT NULL,
    created TEXT NOT NULL,
    finished TEXT
);
CREATE TABLE IF NOT EXISTS chunks (
    batch INTEGER NOT NULL REFERENCES batches(id),
    number INTEGER NOT NULL,
    lo INTEGER NOT NULL,
    hi INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (batch, number)
);
CREATE TABLE IF NOT EXISTS games (
    batch INTEGER NOT NULL REFERENCES batches(id),
    config INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    seed TEXT NOT NULL,
    outcome TEXT NOT NULL,
    cause TEXT NOT NULL,
    steps INTEGER NOT NULL,
    results TEXT NOT NULL,
    PRIMARY KEY (batch, config, idx)
);
CREATE VIEW IF NOT EXISTS game_records AS
    SELECT g.batch, b.game, g.config, g.idx, g.seed, g.outcome, g.cause, g.steps, g.results,
           json_extract(b.configs, '$[' || g.config || '].options') AS options,
           json_extract(b.configs, '$[' || g.config || '].agents') AS agents
    FROM games g JOIN batches b ON b.id = g.batch;
"""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def batch_key(job: Job, games: int, chunk: int) -> dict[str, Any]:
    key = {
        "game": job.game_id,
        "version": registry.spec(job.game_id).version,
        "configs": [c.to_data() for c in job.configs],
        "seed": job.seed,
        "games": games,
        "max_steps": job.max_steps,
        "chunk": chunk,
        "records": job.records,
    }
    if job.sync_dice:  # only when set, so batches kept before it existed still resume
        key["sync_dice"] = True
    return key


def _key(data: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


class Store:
    def __init__(self, path: str) -> None:
        self.path = path
        try:
            self.db = sqlite3.connect(path)
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as error:
            raise ValueError(f"{path} is not a deadtable results store: {error}") from error

    def close(self) -> None:
        self.db.close()

    def find_batch(self, job: Job, games: int, chunk: int) -> int | None:
        key = _key(batch_key(job, games, chunk))
        row = self.db.execute("SELECT id FROM batches WHERE key = ?", (key,)).fetchone()
        return None if row is None else int(row[0])

    def open_batch(self, job: Job, games: int, chunk: int) -> tuple[int, set[int]]:
        """The batch's id (made if new) and the numbers of its chunks already kept."""
        data = batch_key(job, games, chunk)
        key = _key(data)
        row = self.db.execute("SELECT id FROM batches WHERE key = ?", (key,)).fetchone()
        if row is None:
            cursor = self.db.execute(
                "INSERT INTO batches (key, game, version, seed, games, chunk, max_steps, "
                "records, configs, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (key, data["game"], data["version"], str(job.seed), games, chunk, job.max_steps,
                 int(job.records), json.dumps(data["configs"], sort_keys=True), _now()),
            )
            self.db.commit()
            assert cursor.lastrowid is not None
            return cursor.lastrowid, set()
        batch = int(row[0])
        done = {n for (n,) in self.db.execute("SELECT number FROM chunks WHERE batch = ?",
                                              (batch,))}
        return batch, done

    def save_chunk(self, batch: int, chunk: Chunk) -> None:
        data = {
            "tallies": [t.to_data() for t in chunk.tallies],
            "pairs": None if chunk.pairs is None else chunk.pairs.to_data(),
            "witnesses": [[list(f), list(s)] for f, s in chunk.witnesses],
        }
        with self.db:  # one transaction: the chunk and its games, or neither
            self.db.execute(
                "INSERT INTO chunks (batch, number, lo, hi, data) VALUES (?, ?, ?, ?, ?)",
                (batch, chunk.number, chunk.lo, chunk.hi, json.dumps(data)),
            )
            self.db.executemany(
                "INSERT INTO games (batch, config, idx, seed, outcome, cause, steps, results) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(batch, c, i, str(s), label, cause, steps, json.dumps(results, sort_keys=True))
                 for c, i, s, label, cause, steps, results in chunk.records],
            )

    def load_chunk(self, batch: int, number: int,
                   sides: list[dict[str, tuple[str, ...]]] | None = None) -> Chunk:
        """Chunk `number` as kept; `sides`, per configuration, the game's sides, for chunks
        kept before sides were counted (Tally.from_data)."""
        from deadtable.sim.run import Chunk

        lo, hi, text = self.db.execute(
            "SELECT lo, hi, data FROM chunks WHERE batch = ? AND number = ?", (batch, number)
        ).fetchone()
        data = json.loads(text)
        pairs = None if data["pairs"] is None else Pairs.from_data(data["pairs"])
        tallies = [Tally.from_data(t, None if sides is None else sides[c])
                   for c, t in enumerate(data["tallies"])]
        return Chunk(number, lo, hi, tallies, pairs)

    def witnesses(self, batch: int, configs: int) -> list[list[Witness]]:
        """Per configuration, the witnesses of the batch's kept chunks: the first game of the
        first chunk kept and the shortest game of all (none from chunks kept before
        witnesses existed)."""
        first: list[Witness | None] = [None] * configs
        shortest: list[Witness | None] = [None] * configs
        for (text,) in self.db.execute(
                "SELECT data FROM chunks WHERE batch = ? ORDER BY number", (batch,)):
            for c, (head, short) in enumerate(json.loads(text).get("witnesses", [])):
                first[c] = first[c] or tuple(head)
                kept = shortest[c]
                if kept is None or (short[3], short[0]) < (kept[3], kept[0]):
                    shortest[c] = tuple(short)
        return [[w for i, w in enumerate((f, s)) if w is not None and (i == 0 or w != f)]
                for f, s in zip(first, shortest, strict=True)]

    def finish(self, batch: int) -> None:
        with self.db:
            self.db.execute(
                "UPDATE batches SET finished = ? WHERE id = ? AND finished IS NULL",
                (_now(), batch),
            )

    def batches(self) -> list[dict[str, Any]]:
        """Every batch in the store, with how many of its games are kept."""
        rows = self.db.execute(
            "SELECT b.id, b.game, b.seed, b.games, b.configs, b.created, b.finished, "
            "COALESCE(SUM(c.hi - c.lo), 0) FROM batches b "
            "LEFT JOIN chunks c ON c.batch = b.id GROUP BY b.id ORDER BY b.id"
        ).fetchall()
        return [
            {"id": i, "game": g, "seed": int(s), "games": n, "configs": json.loads(cf),
             "created": cr, "finished": fi, "played": played}
            for i, g, s, n, cf, cr, fi, played in rows
        ]
