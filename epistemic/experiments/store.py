"""Sweep results in SQLite: one row per cell, written in transactions.

The table ``cells`` holds, for each cell run, the model and experiment,
the parameters (as canonical JSON, and the seed in a column of its own),
whether it was ``done`` or ``failed``, its record (JSON) or its error, the
version of the package that ran it, the wall time and when it ended.  A
cell is a row at most once: a finished cell is never written again, and a
failed one is replaced when a later run finishes it.

One run writes to a database at a time: a second is refused while the
first holds the database's lock, which the system lets go when the
process ends however it ends.  Each batch of rows is one transaction, so a
run killed at any point leaves whole rows only.

Examples
--------
>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "results.db")
>>> with ResultStore(path, writer=True) as store:
...     store.record([Row("m", "e", '{"n":1}', None, "done", {"x": 2}, None, "1.0", 0.1)])
...     sorted(store.finished("m", "e"))
['{"n":1}']
"""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
import stat
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from epistemic.errors import EpistemicError

__all__ = ["ResultStore", "Row", "StoreError", "BusyError"]

#: The tables, made with the first rows a database is given (one that is given none stays as it was).
_SCHEMA = ("""
CREATE TABLE IF NOT EXISTS cells (
    id INTEGER PRIMARY KEY,
    model TEXT NOT NULL,
    experiment TEXT NOT NULL,
    cell TEXT NOT NULL,
    seed INTEGER,
    status TEXT NOT NULL CHECK (status IN ('done', 'failed')),
    results TEXT,
    error TEXT,
    version TEXT NOT NULL,
    wall_s REAL NOT NULL,
    finished TEXT NOT NULL,
    UNIQUE (model, experiment, cell)
)""", "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
           "INSERT OR IGNORE INTO meta VALUES ('schema', '1')")
#: The columns of ``cells`` that make a database one of ours.
_COLUMNS = {"model", "experiment", "cell", "seed", "status", "results", "error", "version", "wall_s", "finished"}

# a finished cell keeps its row; a failed one gives way to the next run's
_UPSERT = """
INSERT INTO cells (model, experiment, cell, seed, status, results, error, version, wall_s, finished)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (model, experiment, cell) DO UPDATE SET
    seed = excluded.seed, status = excluded.status, results = excluded.results, error = excluded.error,
    version = excluded.version, wall_s = excluded.wall_s, finished = excluded.finished
WHERE cells.status != 'done'
"""


class StoreError(EpistemicError):
    """A results database that cannot be opened or is not one."""


class BusyError(StoreError):
    """Another run is writing to the database."""


@attrs.frozen
class Row:
    """One cell's outcome, as stored."""

    model: str
    experiment: str
    cell: str
    seed: int | None
    status: str
    results: dict | None = attrs.field(eq=False)
    error: str | None
    version: str
    wall_s: float

    @property
    def parameters(self) -> dict[str, Any]:
        """The cell's parameters, without the seed."""
        values = json.loads(self.cell)
        values.pop("seed", None)
        return values


class ResultStore:
    """A results database at ``path``: one that exists, or, with ``writer=True``, one made there.

    With ``writer=True`` the store takes the database's lock first, and
    raises :class:`BusyError` if another run holds it.  A database is
    refused unless it is a regular file, and SQLite, and either holds the
    table ``cells`` as a run makes it or no table at all: another
    program's database is never written to.  The tables are made with the
    first rows recorded; a database the store made and gave no row is
    removed when it is closed, so that a run that records nothing (its
    scheduler not reached, say) leaves everything as it found it.
    """

    def __init__(self, path: str, *, writer: bool = False):
        self.path = path
        self._lock: Any = None
        self._made = False   # whether this store made the file
        # refused unopened: opening a device or a pipe may do something
        if not _existing(path) and not writer:
            raise StoreError(f"{path}: no such results database")
        if writer:
            self._lock, self._made = _take_lock(path)
        try:
            # autocommit off: each write below is one explicit transaction
            self.db: Any = sqlite3.connect(path, timeout=30, isolation_level=None)
            self.db.execute("PRAGMA busy_timeout = 30000")
            tables = {name for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            ours = "cells" in tables and _COLUMNS <= {row[1] for row in self.db.execute("PRAGMA table_info(cells)")}
        except sqlite3.DatabaseError as error:
            self.close()
            raise StoreError(f"{path}: not a results database ({error})") from None
        if tables and not ours:
            self.close()
            raise StoreError(f"{path}: not a results database: it holds other tables ({', '.join(sorted(tables))}) "
                             f"and no cells of a sweep; name another file") from None
        self._tables = ours

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *_) -> None:
        self.close()

    def close(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
            self.db = None
        if self._made and not getattr(self, "_tables", False):
            _remove_if_empty(self.path, self._lock)
            self._made = False
        if self._lock is not None:
            self._lock.close()   # lets the lock go
            self._lock = None

    def finished(self, model: str, experiment: str) -> set[str]:
        """The keys of the cells of ``experiment`` already done."""
        if not self._tables:
            return set()
        rows = self.db.execute("SELECT cell FROM cells WHERE model = ? AND experiment = ? AND status = 'done'",
                               (model, experiment))
        return {cell for (cell,) in rows}

    def record(self, rows: Iterable[Row]) -> None:
        """Write ``rows`` in one transaction: all of them, or none if it fails."""
        now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
        values = [(r.model, r.experiment, r.cell, r.seed, r.status,
                   None if r.results is None else json.dumps(r.results), r.error, r.version,
                   r.wall_s, now) for r in rows]
        self.db.execute("BEGIN IMMEDIATE")
        try:
            if not self._tables:
                for statement in _SCHEMA:
                    self.db.execute(statement)
            self.db.executemany(_UPSERT, values)
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")
        self._tables = True

    def experiments(self) -> list[tuple[str, str]]:
        """The (model, experiment) pairs with rows, in order."""
        if not self._tables:
            return []
        return [tuple(r) for r in self.db.execute(
            "SELECT DISTINCT model, experiment FROM cells ORDER BY model, experiment")]

    def rows(self, model: str, experiment: str) -> Iterator[Row]:
        """The rows of one experiment, in the order they were first written."""
        query = ("SELECT model, experiment, cell, seed, status, results, error, version, wall_s FROM cells "
                 "WHERE model = ? AND experiment = ? ORDER BY id")
        for model_, experiment_, cell, seed, status, results, error, version, wall in self.db.execute(
                query, (model, experiment)):
            yield Row(model_, experiment_, cell, seed, status, None if results is None else json.loads(results),
                      error, version, wall)

    def errors(self, model: str, experiment: str) -> list[tuple[str, str]]:
        """Each failed cell of the experiment, with its error."""
        return [tuple(r) for r in self.db.execute(
            "SELECT cell, error FROM cells WHERE model = ? AND experiment = ? AND status = 'failed' ORDER BY id",
            (model, experiment))]



def _existing(path: str, found: os.stat_result | None = None) -> bool:
    """Whether there is a file at ``path`` (``found`` says what it is where it is open); a
    :class:`StoreError` where what is there is no regular file."""
    try:
        mode = (found or os.stat(path)).st_mode
    except FileNotFoundError:
        return False
    except OSError as error:
        raise StoreError(f"{path}: cannot open the results database ({error.strerror or error})") from None
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "a named pipe" if stat.S_ISFIFO(mode) else \
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else \
            "something else"
        raise StoreError(f"{path}: not a regular file but {kind}: name a database file")
    return True


def _take_lock(path: str) -> tuple[Any, bool]:
    """An open file holding an exclusive lock on the database, or :class:`BusyError`; and
    whether it made the file."""
    flags = os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        try:
            fd, made = os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o666), True
        except FileExistsError:
            fd, made = os.open(path, flags), False
    except OSError as error:
        raise StoreError(f"{path}: cannot open the results database ({error.strerror or error})") from None
    handle = os.fdopen(fd, "r+b")
    try:
        _existing(path, os.fstat(fd))   # the path may have been replaced since it was looked at
        _lock(handle, path)
    except BaseException:
        if made:
            _remove_if_empty(path, handle)
        handle.close()
        raise
    return handle, made


def _lock(handle, path: str) -> None:
    """Lock the open database ``handle`` for this run alone, or say why it cannot be."""
    try:
        import fcntl
    except ImportError:   # pragma: no cover - Windows: transactions alone keep the rows whole
        return
    try:
        # the database file itself carries the lock (flock, which SQLite's own locks do not touch)
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise BusyError(f"{path}: another run is writing to this results database; wait for it to end") from None
    except OSError as error:   # a file system that takes no locks: a network's, mostly
        raise StoreError(f"{path}: cannot lock the results database ({error.strerror or error}): its file system "
                         f"takes no locks; put the database on a disk of this machine") from None


def _remove_if_empty(path: str, lock) -> None:
    """Remove the file this store made at ``path``, which it gave no row, if it is still that file and empty."""
    try:
        found = os.stat(path)
        if found.st_size == 0 and (lock is None or os.path.samestat(found, os.fstat(lock.fileno()))):
            os.unlink(path)
    except OSError:   # gone already, or not ours to remove
        pass
