"""Opening sweepkit's SQLite database: where it lives, its schema brought up to date, WAL,
and every sqlite3 error turned into a one-line :class:`StoreError`.

Where it lives: :func:`default_path`, i.e. ``sweepkit.db`` in the user data directory of
:mod:`platformdirs`, unless the environment variable ``SWEEPKIT_DB`` names another file;
every command also takes ``--db PATH``.

The journal is in WAL mode, so readers do not block the writer nor it them, and a
connection that finds the file locked waits up to a busy timeout before it gives up with
a :class:`StoreError`. A database of a newer version than
:data:`~sweepkit.store.schema.SCHEMA_VERSION` is refused, as is an SQLite file with
tables of its own and no version (someone else's database). On any error nothing is
changed: it never deletes or overwrites data it cannot read.

One connection may serve several threads (a web server's): its calls are serialised by a
lock.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Self

import platformdirs

from sweepkit.store.schema import MIGRATIONS, SCHEMA_VERSION

ENV_VAR: Final = "SWEEPKIT_DB"
"""The environment variable that names the database file instead of :func:`default_path`."""

DEFAULT_TIMEOUT: Final = 5.0
"""Seconds a connection waits for a lock held by another process before giving up."""


class StoreError(Exception):
    """The database cannot be used: missing, not a database, corrupt, locked, of a newer
    schema, or a run or game that is not there. The message is one line naming the file
    or the id."""


def default_path() -> Path:
    """The database file: ``$SWEEPKIT_DB`` when set (and not empty), else ``sweepkit.db``
    in the user data directory (``platformdirs.user_data_dir("sweepkit")``)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("sweepkit")) / "sweepkit.db"


class Database:
    """sweepkit's database: opened (or created) at ``path``, its schema brought up to
    date. Use it as a context manager or call :meth:`close`.

    ``create=False`` refuses a missing file instead of creating it (for commands that only
    read); ``timeout`` is the busy timeout in seconds.
    """

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True,
                 timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = Path(path)
        self.timeout = timeout
        self._lock = threading.RLock()
        self._db = self._connect(create)
        try:
            with self._guard():
                self._open()
        except BaseException:
            self._db.close()
            raise

    def _connect(self, create: bool) -> sqlite3.Connection:
        path = self.path
        if path.is_dir():
            raise StoreError(f"cannot open database {path}: it is a directory")
        if not create and not path.exists():
            raise StoreError(f"no database at {path}")
        if not create and path.stat().st_size == 0:  # SQLite would make it one: not here
            raise StoreError(f"no database at {path}: the file is empty")
        if create:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                reason = exc.strerror or str(exc)
                raise StoreError(f"cannot create the directory {path.parent} for the "
                                 f"database: {reason}") from None
        # mode=rwc creates, mode=rw does not (a file deleted meanwhile is not re-created).
        uri = f"{path.absolute().as_uri()}?mode={'rwc' if create else 'rw'}"
        try:
            db = sqlite3.connect(uri, uri=True, timeout=self.timeout, isolation_level=None,
                                 check_same_thread=False)
        except sqlite3.Error as exc:
            raise self._error(exc) from None
        db.row_factory = sqlite3.Row
        return db

    def _open(self) -> None:
        """Check the file is ours and not newer, turn on WAL and foreign keys, migrate.

        Everything that could refuse the file is read before anything is written."""
        db = self._db
        version = self._version()
        self._check_version(version)
        db.execute("PRAGMA foreign_keys = ON")
        if db.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            db.execute("PRAGMA journal_mode = WAL")
        # In WAL mode NORMAL loses no committed transaction when a process dies (kill -9),
        # only on a power cut, and spares a sync per commit: a web move is a commit.
        db.execute("PRAGMA synchronous = NORMAL")
        while version < SCHEMA_VERSION:
            with self._transaction():
                version = self._version()  # another process may have migrated meanwhile
                self._check_version(version)
                if version < SCHEMA_VERSION:
                    MIGRATIONS[version](db)
                    db.execute(f"PRAGMA user_version = {version + 1}")
            version = self._version()

    def _version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _check_version(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise StoreError(f"database {self.path} has schema version {version}, newer than "
                             f"this sweepkit knows ({SCHEMA_VERSION}): upgrade sweepkit")
        if version == 0:
            tables = self._db.execute(
                "SELECT COUNT(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
            ).fetchone()[0]
            if tables:
                raise StoreError(f"{self.path} is an SQLite database but not a sweepkit one "
                                 "(it has tables and no schema version); left unchanged")

    # -- errors and transactions ----------------------------------------------------------

    def _error(self, exc: sqlite3.Error) -> StoreError:
        """A one-line StoreError for an sqlite3 error, naming the file."""
        name = getattr(exc, "sqlite_errorname", "") or ""
        text = " ".join(str(exc).split())
        path = self.path
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
            return StoreError(f"database {path} is locked by another process "
                              f"(gave up after {self.timeout:g} s)")
        if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
            return StoreError(f"{path} is not an SQLite database or is corrupt ({text})")
        if name.startswith("SQLITE_CANTOPEN"):
            return StoreError(f"cannot open database {path} ({text})")
        if name.startswith("SQLITE_READONLY"):
            return StoreError(f"database {path} is read-only ({text})")
        return StoreError(f"database {path}: {text}")

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Hold the connection (one thread at a time) and turn sqlite3 errors into
        StoreError."""
        with self._lock:
            try:
                yield
            except sqlite3.Error as exc:
                raise self._error(exc) from None

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (taking the write lock at once): committed at the end,
        rolled back on any exception. Inside another (the same thread holds the
        connection), it is part of that one: both are written, or neither."""
        db = self._db
        if db.in_transaction:
            yield db
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """The connection, held by this thread, for reads (errors as StoreError)."""
        with self._guard():
            yield self._db

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """The connection in one write transaction, held by this thread: committed at the
        end, rolled back on any exception (errors as StoreError). Writes made inside it by
        other methods of this database join it."""
        with self._guard(), self._transaction() as db:
            yield db

    def close(self) -> None:
        """Close the connection (idempotent)."""
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.path)!r})"


def now() -> str:
    """The time now, UTC, to the second, as stored."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def dumps(value: Any) -> str:
    """JSON text as stored: keys sorted, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


__all__ = ["DEFAULT_TIMEOUT", "ENV_VAR", "Database", "StoreError", "default_path", "dumps",
           "now"]
