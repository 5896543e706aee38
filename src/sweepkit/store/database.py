"""Opening sweepkit's database: where it lives, its schema brought up to date, and every
database error turned into a one-line :class:`StoreError`.

Where it lives: an SQLite file by default, :func:`default_path` (``sweepkit.db`` in the
user data directory of :mod:`platformdirs`) unless the environment variable
``SWEEPKIT_DB`` names another; every command also takes ``--db``. A PostgreSQL server
instead, for many server processes on many machines: ``--db postgresql://user@host/db``
(any SQLAlchemy PostgreSQL URL; the ``psycopg`` driver). Both hold the same schema, made
and brought up to date by the same migrations (:mod:`sweepkit.store.schema`).

SQLite runs in WAL mode, so readers do not block the writer nor it them; a write
transaction takes the write lock at once (``BEGIN IMMEDIATE``), and one that finds the
file locked waits up to a busy timeout before it gives up with a :class:`StoreError`. A
database of a newer schema than this code knows is refused, as is one with tables of its
own and no schema (someone else's). On any error nothing is changed: it never deletes or
overwrites data it cannot read.

The connections come from a pool, one a thread at a time: :meth:`Database.read` and
:meth:`Database.write` lend this thread its connection, and a write made inside another
(by any method of the same database) joins that transaction.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Self

import platformdirs
import sqlalchemy as sa
from sqlalchemy import event, exc
from sqlalchemy.engine import URL, Connection, CursorResult, Engine, make_url

ENV_VAR: Final = "SWEEPKIT_DB"
"""The environment variable that names the database (a file, or a PostgreSQL URL) instead
of :func:`default_path`."""

DEFAULT_TIMEOUT: Final = 5.0
"""Seconds a connection waits for a lock held by another process before giving up."""

POOL_SIZE: Final = 8
"""Connections a process keeps open (more are opened, up to :data:`POOL_OVERFLOW`, when
more threads need one at once)."""

POOL_OVERFLOW: Final = 24


class StoreError(Exception):
    """The database cannot be used: missing, not a database, corrupt, locked, of a newer
    schema, unreachable, or a run or game that is not there. The message is one line
    naming the database or the id."""


class WouldWait(StoreError):
    """A write inside :meth:`Database.briefly` would have waited longer than it may for
    the write lock (another writer holds it): nothing was written."""


def default_path() -> Path | str:
    """The database: ``$SWEEPKIT_DB`` when set (and not empty: a file, or a PostgreSQL
    URL), else ``sweepkit.db`` in the user data directory
    (``platformdirs.user_data_dir("sweepkit")``)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return override if is_url(override) else Path(override).expanduser()
    return Path(platformdirs.user_data_dir("sweepkit")) / "sweepkit.db"


def is_url(target: str | os.PathLike[str]) -> bool:
    """Whether ``target`` names a database server (``postgresql://...``) rather than a
    file."""
    return "://" in str(target)


def server_url(target: str | os.PathLike[str]) -> URL:
    """The SQLAlchemy URL of a database server, with the psycopg driver for PostgreSQL;
    StoreError for a URL of another kind."""
    try:
        url = make_url(str(target))
    except exc.ArgumentError as error:
        raise StoreError(f"{target} is not a database URL ({error})") from None
    if url.get_backend_name() != "postgresql":
        raise StoreError(f"{url.render_as_string(hide_password=True)}: sweepkit keeps its "
                         "database in an SQLite file or on a PostgreSQL server "
                         "(postgresql://user@host/db)")
    return url.set(drivername="postgresql+psycopg")


@dataclass
class Session:
    """This thread's connection while it reads or writes: ``execute`` takes SQL text with
    ``?`` (a sequence of values) or ``:name`` (a mapping) parameters."""

    conn: Connection
    write: bool

    def execute(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()
                ) -> CursorResult[Any]:
        text, named = _named(sql, params)
        return self.conn.execute(text, self._storable(named))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            text, first = _named(sql, rows[0])
            self.conn.execute(text, [self._storable(first)]
                              + [self._storable(_named(sql, r)[1]) for r in rows[1:]])

    def _storable(self, params: dict[str, Any]) -> dict[str, Any]:
        """The values as the database takes them. PostgreSQL's text cannot hold a NUL
        character; no text sweepkit stores has one (names refuse control characters,
        JSON escapes them), so one in a value looked up (a name or an id from a request)
        becomes another control character: it matches nothing, as on SQLite."""
        if self.dialect != "postgresql":
            return params
        return {k: v.replace("\x00", "\x01") if isinstance(v, str) and "\x00" in v else v
                for k, v in params.items()}

    @property
    def dialect(self) -> str:
        return self.conn.dialect.name

    @property
    def for_update(self) -> str:
        """What ends a ``SELECT`` of rows the transaction will change, so that no other
        transaction changes them meanwhile: `` FOR UPDATE`` on PostgreSQL; nothing on
        SQLite, whose write transaction already holds the whole file."""
        return " FOR UPDATE" if self.dialect == "postgresql" else ""


_PLACEHOLDER = re.compile(r"\?")


def _named(sql: str, params: Sequence[Any] | Mapping[str, Any]
           ) -> tuple[sa.TextClause, dict[str, Any]]:
    """SQL text with ``?`` placeholders as SQLAlchemy text with named ones (``:p0``...)."""
    if isinstance(params, Mapping):
        return _text(sql, False), dict(params)
    return _text(sql, True), {f"p{i}": v for i, v in enumerate(params)}


@functools.lru_cache(maxsize=1024)
def _text(sql: str, positional: bool) -> sa.TextClause:
    """The statement as SQLAlchemy text, made once (a web move runs the same few)."""
    if not positional:
        return sa.text(sql)
    count = itertools.count()
    return sa.text(_PLACEHOLDER.sub(lambda _: f":p{next(count)}", sql))


class Database:
    """sweepkit's database: opened (or created) at ``target`` (a file, or a PostgreSQL
    URL), its schema brought up to date. Use it as a context manager or call
    :meth:`close`.

    ``create=False`` refuses a missing file instead of creating it (for commands that only
    read); ``timeout`` is the busy timeout in seconds.
    """

    def __init__(self, target: str | os.PathLike[str], *, create: bool = True,
                 timeout: float = DEFAULT_TIMEOUT) -> None:
        self.timeout = timeout
        self._local = threading.local()
        self._writers = threading.Lock()
        if is_url(target):
            url = server_url(target)
            self.path: Path | str = url.render_as_string(hide_password=True)
            self.engine = self._server_engine(url)
        else:
            self.path = Path(target)
            self.engine = self._file_engine(create)
        try:
            self._open()
        except BaseException:
            self.engine.dispose()
            raise

    def _file_engine(self, create: bool) -> Engine:
        path = Path(self.path)
        if path.is_dir():
            raise StoreError(f"cannot open database {path}: it is a directory")
        if not create and not path.exists():
            raise StoreError(f"no database at {path}")
        if not create and path.stat().st_size == 0:  # SQLite would make it one: not here
            raise StoreError(f"no database at {path}: the file is empty")
        if create:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                reason = error.strerror or str(error)
                raise StoreError(f"cannot create the directory {path.parent} for the "
                                 f"database: {reason}") from None
        # mode=rwc creates, mode=rw does not (a file deleted meanwhile is not re-created).
        uri = f"{path.absolute().as_uri()}?mode={'rwc' if create else 'rw'}"
        engine = sa.create_engine(
            "sqlite+pysqlite://", creator=lambda: _sqlite_connect(uri, self.timeout),
            pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW, poolclass=sa.QueuePool)

        @event.listens_for(engine, "begin")
        def begin(conn: Connection) -> None:
            # pysqlite's own transaction handling is off: a write takes the lock at once.
            write = conn.get_execution_options().get("sweepkit_write", True)
            conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        return engine

    def _server_engine(self, url: URL) -> Engine:
        return sa.create_engine(
            url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW, pool_pre_ping=True,
            connect_args={"connect_timeout": max(1, round(self.timeout))})

    def _open(self) -> None:
        """Check the database is ours and not newer, and bring its schema up to date
        (everything that could refuse it is read before anything is written)."""
        from sweepkit.store.schema import check, upgrade

        with self._session(write=False) as session:  # no write lock when nothing to do
            current = check(session.conn, str(self.path))
        if self.dialect == "sqlite":
            self._wal()
        if not current:
            with self._session(write=True) as session:
                upgrade(session.conn, str(self.path))

    def _wal(self) -> None:
        """Put the SQLite file in WAL mode (kept in the file; outside any transaction)."""
        try:
            raw = self.engine.raw_connection()
        except exc.DBAPIError as error:
            raise self._error(error) from None
        try:
            if raw.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                raw.execute("PRAGMA journal_mode = WAL")
        except Exception as error:  # the driver's own error: not wrapped by SQLAlchemy
            raise StoreError(f"database {self.path}: {error}") from None
        finally:
            raw.close()

    # -- errors and transactions ----------------------------------------------------------

    def _error(self, error: exc.DBAPIError) -> StoreError:
        """A one-line StoreError for a database error, naming the database."""
        orig = error.orig
        name = getattr(orig, "sqlite_errorname", "") or ""
        text = " ".join(str(orig).split())
        path = self.path
        code = getattr(orig, "sqlstate", None) or ""
        if (name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text
                or code in ("40001", "40P01", "55P03")):
            return self._locked()
        if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
            return StoreError(f"{path} is not an SQLite database or is corrupt ({text})")
        if name.startswith("SQLITE_CANTOPEN"):
            return StoreError(f"cannot open database {path} ({text})")
        if name.startswith("SQLITE_READONLY"):
            return StoreError(f"database {path} is read-only ({text})")
        if isinstance(error, exc.OperationalError) and not name:
            return StoreError(f"cannot use the database {path} ({text})")
        return StoreError(f"database {path}: {text}")

    def _locked(self) -> StoreError:
        """The error of a write that found the lock held too long: WouldWait inside
        :meth:`briefly`, else a StoreError after the busy timeout."""
        if self.patience is not None:
            return WouldWait(f"database {self.path} is busy: another writer holds it")
        return StoreError(f"database {self.path} is locked by another process "
                          f"(gave up after {self.timeout:g} s)")

    @contextmanager
    def _session(self, write: bool) -> Iterator[Session]:
        """This thread's session: the one it is in, or a new one in a transaction
        (committed at the end, rolled back on any exception); database errors as
        StoreError."""
        current: Session | None = getattr(self._local, "session", None)
        if current is not None:
            yield current
            return
        # SQLite has one writer at a time: this process's writers queue here, in turn,
        # rather than in SQLite's busy handler, which sleeps longer and longer.
        sqlite_write = write and self.dialect == "sqlite"
        try:
            with self._queue() if sqlite_write else nullcontext(), \
                    self.engine.connect() as conn:
                if sqlite_write:
                    _busy_timeout(conn, self.timeout if self.patience is None
                                  else self.patience)
                conn = conn.execution_options(sweepkit_write=write)
                session = Session(conn, write)
                self._local.session = session
                try:
                    with conn.begin():
                        yield session
                finally:
                    self._local.session = None
        except exc.DBAPIError as error:
            raise self._error(error) from None

    @contextmanager
    def _queue(self) -> Iterator[None]:
        """This process's turn to write, waited for up to the busy timeout (or
        :attr:`patience`)."""
        patience = self.patience
        if not self._writers.acquire(timeout=self.timeout if patience is None else patience):
            raise self._locked()
        try:
            yield
        finally:
            self._writers.release()

    @contextmanager
    def briefly(self, seconds: float) -> Iterator[None]:
        """Inside it, a write of this thread waits at most ``seconds`` for SQLite's write
        lock (this process's other writers, then other processes'), then raises
        :class:`WouldWait` with nothing written: for work done on a server's event loop,
        which must not stall behind a long writer. On PostgreSQL it changes nothing."""
        previous = self.patience
        self._local.patience = seconds
        try:
            yield
        finally:
            self._local.patience = previous

    @property
    def patience(self) -> float | None:
        """How long a write of this thread may wait for the write lock inside
        :meth:`briefly`; None outside it (the busy timeout)."""
        return getattr(self._local, "patience", None)

    @contextmanager
    def read(self) -> Iterator[Session]:
        """This thread's connection for reads (errors as StoreError)."""
        with self._session(write=False) as session:
            yield session

    @contextmanager
    def write(self) -> Iterator[Session]:
        """This thread's connection in one write transaction: committed at the end,
        rolled back on any exception (errors as StoreError). Writes made inside it by
        other methods of this database join it."""
        with self._session(write=True) as session:
            yield session

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    def close(self) -> None:
        """Close every connection (idempotent)."""
        self.engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.path)!r})"


def _sqlite_connect(uri: str, timeout: float) -> Any:
    """A new connection to the SQLite file: foreign keys, the busy timeout, and no
    transaction of the driver's own (SQLAlchemy's ``begin`` event starts them)."""
    import sqlite3

    db = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None,
                         check_same_thread=False)
    db.execute("PRAGMA foreign_keys = ON")
    # In WAL mode NORMAL loses no committed transaction when a process dies (kill -9),
    # only on a power cut, and spares a sync per commit: a web move is a commit.
    db.execute("PRAGMA synchronous = NORMAL")
    return db


def _busy_timeout(conn: Connection, seconds: float) -> None:
    """Set SQLite's busy timeout of ``conn``'s connection (kept with it in the pool: set
    only when it changes)."""
    ms = round(seconds * 1000)
    if conn.info.get("busy_ms") != ms:
        conn.connection.driver_connection.execute(f"PRAGMA busy_timeout = {ms}")
        conn.info["busy_ms"] = ms


def now() -> str:
    """The time now, UTC, to the second, as stored."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def dumps(value: Any) -> str:
    """JSON text as stored: keys sorted, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


__all__ = ["DEFAULT_TIMEOUT", "ENV_VAR", "Database", "Session", "StoreError", "WouldWait",
           "default_path", "dumps", "is_url", "now", "server_url"]
