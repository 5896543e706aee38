"""The SQLite store of benchmark runs and their games (the one module that knows the schema).

A *run* is one ``sweepkit bench`` invocation: a strategy with its options, the rules, the
first click, the run seed and the number of games planned, with a status (``running``,
``complete``, ``interrupted``, ``failed``) and, once finished, its summary. A *game* is
one :class:`~sweepkit.bench.result.GameResult` of a run, its record kept zlib-compressed,
so any stored game can be replayed move by move (``sweepkit replay``) and any summary
recomputed from the store (:meth:`Store.game_results`).

Where the file lives: :func:`default_path`, i.e. ``sweepkit.db`` in the user data
directory of :mod:`platformdirs`, unless the environment variable ``SWEEPKIT_DB`` names
another file; every command also takes ``--db PATH``.

One writer: the bench runner's main process is the only one that writes; its workers
(local processes or a Dask cluster) return :class:`GameResult` values and never open the
database. Other processes (``sweepkit runs``, the web app) may read while a run is going:
the journal is in WAL mode, so readers do not block the writer nor it them, and a
connection that finds the file locked waits up to a busy timeout before it gives up with
a :class:`StoreError`. A run whose process died stays ``running`` with the games it had
stored; :meth:`Store.add_games` ignores games already stored (same run, same index), so
resuming it never duplicates one.

The schema is versioned by ``PRAGMA user_version``: :data:`MIGRATIONS` lists the steps,
version ``n`` is ``MIGRATIONS[n - 1]``, each applied in one transaction with the new
version number. A database of a newer version than :data:`SCHEMA_VERSION` is refused, as
is an SQLite file with tables of its own and no version (someone else's database). On
any error the store raises :class:`StoreError` with a one-line message and changes
nothing: it never deletes or overwrites data it cannot read.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "b.db") as store:
...     run_id = store.begin_run({"strategy": "exact", "options": {}, "level": "beginner",
...                               "rows": 9, "cols": 9, "mines": 10, "rule": "safe",
...                               "first": "corner", "seed": 1, "games": 2})
...     row = store.run(run_id)
>>> row.status, row.done, row.games, row.win_rate
('running', 0, 2, None)
"""

from __future__ import annotations

import json
import os
import platform
import socket
import sqlite3
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal

import platformdirs

from sweepkit.bench.result import GameResult, StrategySpec
from sweepkit.game import GameRecord
from sweepkit.rules import Rules, first_click_rule
from sweepkit.serialize import RecordError, record_from_json
from sweepkit.strategies.base import FirstMove

ENV_VAR: Final = "SWEEPKIT_DB"
"""The environment variable that names the database file instead of :func:`default_path`."""

DEFAULT_TIMEOUT: Final = 5.0
"""Seconds a connection waits for a lock held by another process before giving up."""

RunStatus = Literal["running", "complete", "interrupted", "failed"]
STATUSES: Final[tuple[str, ...]] = ("running", "complete", "interrupted", "failed")
"""The states of a run: under way (or its process died), done, stopped by the user
(Ctrl-C), stopped by an error."""

_BATCH = 256
"""Rows fetched at a time by the iterators."""


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


# -- schema -----------------------------------------------------------------------------

_V1: Final = (
    """CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        created TEXT NOT NULL,
        strategy TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        level TEXT,
        rows INTEGER NOT NULL,
        cols INTEGER NOT NULL,
        mines INTEGER NOT NULL,
        rule TEXT NOT NULL,
        first TEXT NOT NULL,
        seed TEXT NOT NULL,
        games INTEGER NOT NULL CHECK (games >= 0),
        status TEXT NOT NULL DEFAULT 'running'
            CHECK (status IN ('running', 'complete', 'interrupted', 'failed')),
        finished TEXT,
        summary TEXT,
        host TEXT NOT NULL DEFAULT '{}'
    )""",
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        seed TEXT NOT NULL,
        won INTEGER NOT NULL CHECK (won IN (0, 1)),
        moves INTEGER NOT NULL,
        guesses INTEGER NOT NULL,
        hardest TEXT,
        needed TEXT,
        loss_cause TEXT,
        first_zero INTEGER NOT NULL CHECK (first_zero IN (0, 1)),
        three_bv INTEGER NOT NULL,
        cpu_seconds REAL NOT NULL,
        guess_log TEXT NOT NULL DEFAULT '[]',
        record BLOB NOT NULL,
        UNIQUE (run_id, idx)
    )""",
    "CREATE INDEX games_by_result ON games (run_id, won, needed)",
    "CREATE INDEX runs_by_status ON runs (status, created)",
)
"""Version 1: runs and games. Seeds are decimal text: a game seed is an unsigned 64-bit
number, beyond SQLite's signed integers. ``UNIQUE (run_id, idx)`` is also the index that
lists a run's games in order."""


def _migrate_to_v1(db: sqlite3.Connection) -> None:
    """Create the runs and games tables and their indexes."""
    for statement in _V1:
        db.execute(statement)


def _migrate_to_v2(db: sqlite3.Connection) -> None:
    """Version 2: whether a run played no-guess boards (0 for the runs before)."""
    db.execute("ALTER TABLE runs ADD COLUMN no_guess INTEGER NOT NULL DEFAULT 0 "
               "CHECK (no_guess IN (0, 1))")


MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (
    _migrate_to_v1, _migrate_to_v2)
"""The schema steps in order: ``MIGRATIONS[n]`` takes a database from version ``n`` to
``n + 1`` (inside a transaction the store opens and commits)."""

SCHEMA_VERSION: Final = len(MIGRATIONS)
"""The schema version this code writes and reads."""


# -- rows -------------------------------------------------------------------------------

@dataclass(frozen=True)
class RunRow:
    """One stored run, with ``done`` (games stored) and ``wins`` counted from its games.

    ``first`` is ``"corner"``, ``"centre"`` or ``"R,C"`` (see :attr:`first_move`);
    ``level`` is ``None`` for a custom size; ``summary`` is ``None`` until the run is
    finished; ``host`` says where it ran (host name, Python, workers...).
    """

    id: int
    created: str
    strategy: str
    options: dict[str, Any]
    level: str | None
    rows: int
    cols: int
    mines: int
    rule: str
    first: str
    seed: int
    games: int
    status: str
    finished: str | None
    summary: dict[str, Any] | None
    host: dict[str, Any]
    done: int = 0
    wins: int = 0
    no_guess: bool = False
    """Whether the run played no-guess boards (its statistics are kept apart)."""

    @property
    def win_rate(self) -> float | None:
        """Wins over games stored (``None`` before the first game)."""
        return self.wins / self.done if self.done else None

    @property
    def incomplete(self) -> bool:
        """Whether fewer games are stored than were planned."""
        return self.done < self.games

    @property
    def rules(self) -> Rules:
        return Rules(self.rows, self.cols, self.mines, first_click_rule(self.rule))

    @property
    def first_move(self) -> FirstMove:
        """:attr:`first` as a strategy takes it: a name or ``(row, col)``."""
        return _first_move(self.first)

    @property
    def strategy_spec(self) -> StrategySpec:
        """The strategy of the run as a worker builds it (to resume or re-run it)."""
        return StrategySpec(self.strategy, dict(self.options), self.first_move)

    def as_json(self) -> dict[str, Any]:
        """The run as plain JSON data; the seed is a decimal string (as in game records:
        a 64-bit seed survives JavaScript)."""
        return {
            "id": self.id, "created": self.created, "strategy": self.strategy,
            "options": self.options, "level": self.level, "rows": self.rows,
            "cols": self.cols, "mines": self.mines, "rule": self.rule, "first": self.first,
            "seed": str(self.seed), "games": self.games, "done": self.done,
            "wins": self.wins, "win_rate": self.win_rate, "status": self.status,
            "finished": self.finished, "summary": self.summary, "host": self.host,
            "no_guess": self.no_guess,
        }


@dataclass(frozen=True)
class GameRow:
    """One stored game: the :class:`GameResult` fields with its id and run; the record
    stays compressed until :attr:`record` or :meth:`game_record` asks for it."""

    id: int
    run_id: int
    index: int
    seed: int
    won: bool
    moves: int
    guesses: int
    hardest: str | None
    needed: str | None
    loss_cause: str | None
    first_zero: bool
    three_bv: int
    cpu_seconds: float
    guess_log: tuple[tuple[float | None, bool], ...]
    blob: bytes = field(repr=False)

    @property
    def record(self) -> str:
        """The game record as JSON text (decompressed at each call)."""
        try:
            return zlib.decompress(self.blob).decode("utf-8")
        except (zlib.error, UnicodeDecodeError) as exc:
            raise StoreError(f"game {self.id}: its stored record is corrupt ({exc})") from None

    def game_record(self) -> GameRecord:
        """The record as :func:`sweepkit.game.replay` takes it."""
        try:
            return record_from_json(json.loads(self.record))
        except (ValueError, RecordError) as exc:
            raise StoreError(f"game {self.id}: its stored record is unreadable ({exc})") from None

    def result(self, with_record: bool = True) -> GameResult:
        """The :class:`GameResult` that was stored; without ``with_record`` its record is
        left empty (not decompressed), which is all a summary needs."""
        figures = {f.name: getattr(self, f.name) for f in fields(GameResult)
                   if f.name != "record"}
        return GameResult(**figures, record=self.record if with_record else "")


# -- the store --------------------------------------------------------------------------

_RUN_QUERY: Final = """
    SELECT runs.*, COUNT(games.id) AS done, COALESCE(SUM(games.won), 0) AS wins
    FROM runs LEFT JOIN games ON games.run_id = runs.id
"""

_GAME_COLUMNS: Final = ("id, run_id, idx, seed, won, moves, guesses, hardest, needed, "
                        "loss_cause, first_zero, three_bv, cpu_seconds, guess_log, record")


class Store:
    """A benchmark database: opened (or created) at ``path``, its schema brought up to
    date. Use it as a context manager or call :meth:`close`.

    ``create=False`` refuses a missing file instead of creating it (for commands that only
    read); ``timeout`` is the busy timeout in seconds.
    """

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True,
                 timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = Path(path)
        self.timeout = timeout
        self._db = self._connect(create)
        try:
            with self._guard():
                self._open()
        except BaseException:
            self._db.close()
            raise

    # -- opening ------------------------------------------------------------------------

    def _connect(self, create: bool) -> sqlite3.Connection:
        path = self.path
        if path.is_dir():
            raise StoreError(f"cannot open database {path}: it is a directory")
        if not create and not path.exists():
            raise StoreError(f"no database at {path}")
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
            db = sqlite3.connect(uri, uri=True, timeout=self.timeout, isolation_level=None)
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
        """Turn sqlite3 errors into StoreError."""
        try:
            yield
        except sqlite3.Error as exc:
            raise self._error(exc) from None

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (taking the write lock at once): committed at the end,
        rolled back on any exception."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # -- runs ---------------------------------------------------------------------------

    def begin_run(self, spec: Mapping[str, Any] | object,
                  host: Mapping[str, Any] | None = None) -> int:
        """Store a new run as ``running``; its id.

        ``spec`` is a mapping or an object (a dataclass) with ``strategy``, ``options``,
        ``level`` (``None`` for a custom size), ``rows``, ``cols``, ``mines``, ``rule``,
        ``first`` (``"corner"``, ``"centre"`` or ``(row, col)``), ``seed`` and ``games``
        (planned), and ``no_guess`` if it has one. ``host`` is added to :func:`host_info`
        (workers, a cluster address...).
        """
        values = {name: _spec_value(spec, name) for name in
                  ("strategy", "options", "level", "rows", "cols", "mines", "rule", "first",
                   "seed", "games")}
        no_guess = bool(_spec_value(spec, "no_guess", False))
        level = values["level"]
        row = (
            _now(), str(values["strategy"]), _dumps(dict(values["options"] or {})),
            None if level is None else str(level),
            int(values["rows"]), int(values["cols"]), int(values["mines"]),
            str(values["rule"]), _first_text(values["first"]), str(int(values["seed"])),
            int(values["games"]), _dumps({**host_info(), **(host or {})}), int(no_guess),
        )
        with self._guard(), self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO runs (created, strategy, options, level, rows, cols, mines, rule,"
                " first, seed, games, host, no_guess)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            run_id = cursor.lastrowid
        assert run_id is not None
        return run_id

    def add_games(self, run_id: int, results: Iterable[GameResult]) -> int:
        """Store games of a run in one transaction; the number newly stored. A game whose
        index the run already has is left as it is (a resumed run never duplicates)."""
        with self._guard(), self._transaction() as db:
            self._require_run(run_id)
            before = db.total_changes
            db.executemany(
                f"INSERT INTO games ({_GAME_COLUMNS.removeprefix('id, ')}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (run_id, idx) DO NOTHING",
                (_game_values(run_id, r) for r in results),
            )
            return db.total_changes - before

    def finish_run(self, run_id: int, status: RunStatus, summary: Mapping[str, Any]) -> None:
        """Mark a run ``complete``, ``interrupted`` or ``failed`` with its summary and the
        time it finished."""
        if status not in STATUSES or status == "running":
            raise ValueError(f"a run finishes as complete, interrupted or failed, not {status!r}")
        with self._guard(), self._transaction() as db:
            cursor = db.execute("UPDATE runs SET status = ?, finished = ?, summary = ? "
                                "WHERE id = ?", (status, _now(), _dumps(dict(summary)), run_id))
            if cursor.rowcount == 0:
                raise self._no_run(run_id)

    def reopen_run(self, run_id: int) -> RunRow:
        """Mark an unfinished run (``interrupted``, ``failed``, or ``running`` after its
        process died) ``running`` again, to resume it; StoreError for a complete run."""
        row = self.run(run_id)
        if row.status == "complete":
            raise StoreError(f"run {run_id} is complete: nothing to resume")
        with self._guard(), self._transaction() as db:
            db.execute("UPDATE runs SET status = 'running', finished = NULL WHERE id = ?",
                       (run_id,))
        return self.run(run_id)

    def runs(self) -> list[RunRow]:
        """Every run, oldest first, with its games stored and wins counted."""
        with self._guard():
            rows = self._db.execute(_RUN_QUERY + " GROUP BY runs.id ORDER BY runs.id").fetchall()
        return [_run_row(r) for r in rows]

    def run(self, run_id: int) -> RunRow:
        """One run; StoreError naming the id when there is none."""
        with self._guard():
            row = self._db.execute(_RUN_QUERY + " WHERE runs.id = ? GROUP BY runs.id",
                                   (run_id,)).fetchone()
        if row is None:
            raise self._no_run(run_id)
        return _run_row(row)

    # -- games --------------------------------------------------------------------------

    def games(self, run_id: int) -> Iterator[GameRow]:
        """The games stored for a run, by index (read in batches, records left compressed).
        StoreError at once when the run does not exist."""
        with self._guard():
            self._require_run(run_id)
        return self._iter_games(run_id)

    def _iter_games(self, run_id: int) -> Iterator[GameRow]:
        with self._guard():
            cursor = self._db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE run_id = ? ORDER BY idx", (run_id,))
            try:
                while batch := cursor.fetchmany(_BATCH):
                    yield from (_game_row(r) for r in batch)
            finally:
                cursor.close()

    def game(self, game_id: int) -> GameRow:
        """One game by its id; StoreError naming the id when there is none."""
        with self._guard():
            row = self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"no game {game_id} in {self.path}")
        return _game_row(row)

    def game_indices(self, run_id: int) -> set[int]:
        """The indices of the games stored for a run (a resumed run plays the others)."""
        with self._guard():
            self._require_run(run_id)
            rows = self._db.execute("SELECT idx FROM games WHERE run_id = ?", (run_id,))
            return {idx for (idx,) in rows}

    def game_results(self, run_id: int, with_record: bool = True) -> list[GameResult]:
        """The stored games of a run as GameResults, by index (to recompute a summary;
        without ``with_record`` the records stay compressed and the results carry none)."""
        return [g.result(with_record) for g in self.games(run_id)]

    # -- helpers ------------------------------------------------------------------------

    def _require_run(self, run_id: int) -> None:
        if self._db.execute("SELECT 1 FROM runs WHERE id = ?", (run_id,)).fetchone() is None:
            raise self._no_run(run_id)

    def _no_run(self, run_id: int) -> StoreError:
        return StoreError(f"no run {run_id} in {self.path}")

    def close(self) -> None:
        """Close the connection (idempotent)."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})"


def host_info() -> dict[str, Any]:
    """Where a run is made: host name, platform, Python version and CPU count."""
    return {"hostname": socket.gethostname(), "platform": platform.platform(),
            "python": platform.python_version(), "cpus": os.cpu_count()}


# -- conversions ------------------------------------------------------------------------

def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


_REQUIRED = object()


def _spec_value(spec: Mapping[str, Any] | object, name: str, default: Any = _REQUIRED
                ) -> Any:
    """Field ``name`` of a run spec (a mapping or an object); ValueError naming it when it
    is missing and has no ``default``."""
    get = spec.get if isinstance(spec, Mapping) else lambda n, d: getattr(spec, n, d)
    found = get(name, default)
    if found is _REQUIRED:
        raise ValueError(f"the run spec has no {name!r}")
    return found


def _first_text(first: Any) -> str:
    """``"corner"``/``"centre"`` as they are, ``(row, col)`` as ``"R,C"``."""
    if isinstance(first, str):
        return first
    row, col = first
    return f"{int(row)},{int(col)}"


def _first_move(text: str) -> FirstMove:
    row, comma, col = text.partition(",")
    if comma and row.isdigit() and col.isdigit():
        return int(row), int(col)
    return text


def _game_values(run_id: int, r: GameResult) -> tuple[Any, ...]:
    guess_log = [[p, bool(safe)] for p, safe in r.guess_log]
    return (run_id, r.index, str(r.seed), int(r.won), r.moves, r.guesses, r.hardest,
            r.needed, r.loss_cause, int(r.first_zero), r.three_bv, r.cpu_seconds,
            json.dumps(guess_log, separators=(",", ":")),
            zlib.compress(r.record.encode("utf-8"), 6))


def _run_row(r: sqlite3.Row) -> RunRow:
    return RunRow(
        id=r["id"], created=r["created"], strategy=r["strategy"],
        options=json.loads(r["options"]), level=r["level"], rows=r["rows"], cols=r["cols"],
        mines=r["mines"], rule=r["rule"], first=r["first"], seed=int(r["seed"]),
        games=r["games"], status=r["status"], finished=r["finished"],
        summary=None if r["summary"] is None else json.loads(r["summary"]),
        host=json.loads(r["host"]), done=r["done"], wins=r["wins"],
        no_guess=bool(r["no_guess"]),
    )


def _game_row(r: sqlite3.Row) -> GameRow:
    return GameRow(
        id=r["id"], run_id=r["run_id"], index=r["idx"], seed=int(r["seed"]),
        won=bool(r["won"]), moves=r["moves"], guesses=r["guesses"], hardest=r["hardest"],
        needed=r["needed"], loss_cause=r["loss_cause"], first_zero=bool(r["first_zero"]),
        three_bv=r["three_bv"], cpu_seconds=r["cpu_seconds"],
        guess_log=tuple((p, bool(safe)) for p, safe in json.loads(r["guess_log"])),
        blob=bytes(r["record"]),
    )


__all__ = ["DEFAULT_TIMEOUT", "ENV_VAR", "MIGRATIONS", "SCHEMA_VERSION", "STATUSES",
           "GameRow", "RunRow", "RunStatus", "Store", "StoreError", "default_path",
           "host_info"]
