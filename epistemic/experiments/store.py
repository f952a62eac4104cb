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
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from epistemic.errors import EpistemicError

__all__ = ["ResultStore", "Row", "StoreError", "BusyError"]

_SCHEMA = """
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
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT OR IGNORE INTO meta VALUES ('schema', '1');
"""

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
    """A results database, opened (and made, where there is none) at ``path``.

    With ``writer=True`` the store takes the database's lock first, and
    raises :class:`BusyError` if another run holds it.
    """

    def __init__(self, path: str, *, writer: bool = False):
        self.path = path
        self._lock = None
        if not writer and not os.path.exists(path):
            raise StoreError(f"{path}: no such results database")
        if writer:
            self._lock = _take_lock(path)
        try:
            # autocommit off: each write below is one explicit transaction
            self.db: Any = sqlite3.connect(path, timeout=30, isolation_level=None)
            self.db.execute("PRAGMA busy_timeout = 30000")
            if writer:
                self.db.executescript(_SCHEMA)
            self.db.execute("SELECT model, experiment, cell, status, results FROM cells LIMIT 1").fetchall()
        except sqlite3.DatabaseError as error:
            self.close()
            raise StoreError(f"{path}: not a results database ({error})") from None

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *_) -> None:
        self.close()

    def close(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
            self.db = None
        if self._lock is not None:
            self._lock.close()   # lets the lock go
            self._lock = None

    def finished(self, model: str, experiment: str) -> set[str]:
        """The keys of the cells of ``experiment`` already done."""
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
            self.db.executemany(_UPSERT, values)
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def experiments(self) -> list[tuple[str, str]]:
        """The (model, experiment) pairs with rows, in order."""
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



def _take_lock(path: str):
    """An open file holding an exclusive lock on the database, or :class:`BusyError`."""
    try:
        import fcntl
    except ImportError:   # pragma: no cover - Windows: transactions alone keep the rows whole
        return None
    try:
        # the database file itself carries the lock (flock, which SQLite's own locks do not touch)
        handle = open(path, "a+b")
    except OSError as error:
        raise StoreError(f"{path}: cannot open the results database ({error.strerror or error})") from None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise BusyError(f"{path}: another run is writing to this results database; wait for it to end") from None
    return handle

