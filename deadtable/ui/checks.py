"""Checks of the files a command is given, made before it does any work (a game, a batch, a
server), each returning what is wrong and what would be right, or None if nothing is."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from deadtable.engine.replay import Replay
from deadtable.ui.web.store import TABLES

SERVER_TABLES = TABLES  # what ui/web/store.py's schema makes


def save_problem(path: Path) -> str | None:
    """A --save file that cannot be written, or would replace a game still to be finished (or
    a file that is no game at all). A finished game's file may be written over."""
    if path.is_dir():
        return f"--save {path}: that is a directory; give a file name, such as {path / 'game.json'}"
    if not path.parent.is_dir():
        return f"--save {path}: there is no directory {path.parent}; create it or save elsewhere"
    if not path.exists():
        return None
    try:
        kept = Replay.from_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, TypeError):
        return f"--save {path}: that file exists and is not a deadtable game; give a new file"
    if kept.outcome is None:
        return (f"--save {path}: it keeps an unfinished game; `deadtable continue {path}` goes "
                "on with it, or give another file (or remove this one) to start a new game")
    return None


def db_problem(db: Path) -> str | None:
    """A --db the server cannot use: a missing directory, a directory, a file that is not
    SQLite, or another program's SQLite file (the server would add its tables to it)."""
    hint = "give a new file name (the server creates it) or one it made before"
    if db.is_dir():
        return f"--db {db}: that is a directory; {hint}, such as {db / 'deadtable.sqlite'}"
    if not db.parent.is_dir():
        return f"--db {db}: there is no directory {db.parent}; create it or {hint}"
    if not db.exists() or db.stat().st_size == 0:
        return None
    try:  # read-only: a check must not change the file
        with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            tables = {row[0] for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as error:
        return f"--db {db}: not an SQLite database the server can read ({error}); {hint}"
    if tables - SERVER_TABLES or (tables and not tables & SERVER_TABLES):
        others = ", ".join(sorted(tables - SERVER_TABLES))
        return f"--db {db}: another program's SQLite file (its tables: {others}); {hint}"
    return None


def store_problem(db: Path) -> str | None:
    """A sim/compare --db whose place cannot hold a results store (a corrupt or foreign file
    is the store's own to refuse, sim/store.py)."""
    if db.is_dir():
        return f"--db {db}: that is a directory; give a file name, such as {db / 'runs.sqlite'}"
    if not db.parent.is_dir():
        return f"--db {db}: there is no directory {db.parent}; create it or give another file"
    return None


def plot_problem(path: Path) -> str | None:
    """A --plot file that cannot be drawn: checked before the batch runs, not after it."""
    from deadtable.sim.plot import plot_formats

    try:
        formats = plot_formats()
    except RuntimeError as error:
        return str(error)
    kind = path.suffix.lower().lstrip(".")
    if kind not in formats:
        what = f"a .{kind} file" if kind else "a file without a suffix"
        return (f"--plot {path}: cannot draw {what}; give a name ending in one of "
                f".{', .'.join(sorted(formats))} (such as plot.png)")
    if path.is_dir():
        return f"--plot {path}: that is a directory; give a file name, such as {path / 'plot.png'}"
    if not path.parent.is_dir():
        return f"--plot {path}: there is no directory {path.parent} to write it in"
    return None
