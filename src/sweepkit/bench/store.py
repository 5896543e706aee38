"""The benchmark runs and their games in sweepkit's database.

A *run* is one ``sweepkit bench`` invocation: a strategy with its options, the rules, the
first click, the run seed and the number of games planned, with a status (``running``,
``complete``, ``interrupted``, ``failed``) and, once finished, its summary. A *game* is
one :class:`~sweepkit.bench.result.GameResult` of a run, its record kept zlib-compressed,
so any stored game can be replayed move by move (``sweepkit replay``) and any summary
recomputed from the store (:meth:`Store.game_results`).

The database itself (where it lives, WAL, the busy timeout, refusing a newer or a foreign
file) is :mod:`sweepkit.store.database`; its tables are :mod:`sweepkit.store.schema`,
shared with the web app's players and played games.

One writer: the bench runner's main process is the only one that writes; its workers
(local processes or a Dask cluster) return :class:`GameResult` values and never open the
database. Other processes (``sweepkit runs``, the web app) may read while a run is going.
A run whose process died stays ``running`` with the games it had stored;
:meth:`Store.add_games` ignores games already stored (same run, same index), so resuming
it never duplicates one.

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
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final, Literal

from sweepkit.bench.result import GameFigures, GameResult, StrategySpec
from sweepkit.game import GameRecord
from sweepkit.rules import Rules, first_click_rule
from sweepkit.serialize import RecordError, record_from_json
from sweepkit.store.database import (
    DEFAULT_TIMEOUT,
    ENV_VAR,
    Database,
    StoreError,
    default_path,
    dumps,
    now,
)
from sweepkit.store.schema import MIGRATIONS, SCHEMA_VERSION
from sweepkit.strategies import current_options
from sweepkit.strategies.base import FirstMove

RunStatus = Literal["running", "complete", "interrupted", "failed"]
STATUSES: Final[tuple[str, ...]] = ("running", "complete", "interrupted", "failed")
"""The states of a run: under way (or its process died), done, stopped by the user
(Ctrl-C), stopped by an error."""

_BATCH = 256
"""Rows fetched at a time by the iterators."""


# -- rows -------------------------------------------------------------------------------

@dataclass(frozen=True)
class RunRow:
    """One stored run, with ``done`` (games stored) and ``wins`` counted from its games.

    ``options`` are read under their current names (a run stored with ``budget`` reads as
    ``strength``: :func:`~sweepkit.strategies.current_options`); ``first`` is
    ``"corner"``, ``"centre"`` or ``"R,C"`` (see :attr:`first_move`);
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


@dataclass(frozen=True, kw_only=True)
class GameRow(GameFigures):
    """One stored game: its :class:`~sweepkit.bench.result.GameFigures` with its id and run;
    the record stays compressed until :attr:`record` or :meth:`game_record` asks for it."""

    id: int
    run_id: int
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
        figures = {f.name: getattr(self, f.name) for f in fields(GameFigures)}
        return GameResult(**figures, record=self.record if with_record else "")


# -- the store --------------------------------------------------------------------------

_RUN_QUERY: Final = """
    SELECT runs.*, COUNT(games.id) AS done, COALESCE(SUM(games.won), 0) AS wins
    FROM runs LEFT JOIN games ON games.run_id = runs.id
"""

_GAME_COLUMNS: Final = ("id, run_id, idx, seed, won, moves, guesses, hardest, needed, "
                        "loss_cause, first_zero, three_bv, cpu_seconds, guess_log, record")


class Store(Database):
    """The benchmark runs and their games in sweepkit's database (see
    :class:`~sweepkit.store.database.Database` for opening it)."""

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
            now(), str(values["strategy"]), dumps(dict(values["options"] or {})),
            None if level is None else str(level),
            int(values["rows"]), int(values["cols"]), int(values["mines"]),
            str(values["rule"]), _first_text(values["first"]), str(int(values["seed"])),
            int(values["games"]), dumps({**host_info(), **(host or {})}), int(no_guess),
        )
        with self.write() as db:
            return int(db.execute(
                "INSERT INTO runs (created, strategy, options, level, rows, cols, mines, rule,"
                " first, seed, games, host, no_guess)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id", row
            ).scalar_one())

    def add_games(self, run_id: int, results: Iterable[GameResult]) -> int:
        """Store games of a run in one transaction; the number newly stored. A game whose
        index the run already has is left as it is (a resumed run never duplicates)."""
        with self.write() as db:
            self._require_run(run_id)
            count = "SELECT COUNT(*) FROM games WHERE run_id = ?"
            before = db.execute(count, (run_id,)).scalar_one()
            db.executemany(
                f"INSERT INTO games ({_GAME_COLUMNS.removeprefix('id, ')}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (run_id, idx) DO NOTHING",
                [_game_values(run_id, r) for r in results],
            )
            return int(db.execute(count, (run_id,)).scalar_one() - before)

    def finish_run(self, run_id: int, status: RunStatus, summary: Mapping[str, Any]) -> None:
        """Mark a run ``complete``, ``interrupted`` or ``failed`` with its summary and the
        time it finished."""
        if status not in STATUSES or status == "running":
            raise ValueError(f"a run finishes as complete, interrupted or failed, not {status!r}")
        with self.write() as db:
            cursor = db.execute("UPDATE runs SET status = ?, finished = ?, summary = ? "
                                "WHERE id = ?", (status, now(), dumps(dict(summary)), run_id))
            if cursor.rowcount == 0:
                raise self._no_run(run_id)

    def reopen_run(self, run_id: int) -> RunRow:
        """Mark an unfinished run (``interrupted``, ``failed``, or ``running`` after its
        process died) ``running`` again, to resume it; StoreError for a complete run."""
        row = self.run(run_id)
        if row.status == "complete":
            raise StoreError(f"run {run_id} is complete: nothing to resume")
        with self.write() as db:
            db.execute("UPDATE runs SET status = 'running', finished = NULL WHERE id = ?",
                       (run_id,))
        return self.run(run_id)

    def runs(self) -> list[RunRow]:
        """Every run, oldest first, with its games stored and wins counted."""
        with self.read() as db:
            rows = db.execute(_RUN_QUERY + " GROUP BY runs.id ORDER BY runs.id"
                              ).mappings().fetchall()
        return [_run_row(r) for r in rows]

    def run(self, run_id: int) -> RunRow:
        """One run; StoreError naming the id when there is none."""
        if not _fits(run_id):  # SQLite would overflow: no such run either way
            raise self._no_run(run_id)
        with self.read() as db:
            row = db.execute(_RUN_QUERY + " WHERE runs.id = ? GROUP BY runs.id",
                             (run_id,)).mappings().fetchone()
        if row is None:
            raise self._no_run(run_id)
        return _run_row(row)

    # -- games --------------------------------------------------------------------------

    def games(self, run_id: int) -> Iterator[GameRow]:
        """The games stored for a run, by index (read in batches, records left compressed).
        StoreError at once when the run does not exist."""
        with self.read():
            self._require_run(run_id)
        return self._iter_games(run_id)

    def _iter_games(self, run_id: int) -> Iterator[GameRow]:
        after = -1
        while True:  # a batch a read: no transaction stays open between batches
            with self.read() as db:
                batch = db.execute(
                    f"SELECT {_GAME_COLUMNS} FROM games WHERE run_id = ? AND idx > ? "
                    "ORDER BY idx LIMIT ?", (run_id, after, _BATCH)).mappings().fetchall()
            if not batch:
                return
            yield from (_game_row(r) for r in batch)
            after = batch[-1]["idx"]

    def game(self, game_id: int) -> GameRow:
        """One game by its id; StoreError naming the id when there is none."""
        if not _fits(game_id):
            raise StoreError(f"no game {game_id} in {self.path}")
        with self.read() as db:
            row = db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?",
                             (game_id,)).mappings().fetchone()
        if row is None:
            raise StoreError(f"no game {game_id} in {self.path}")
        return _game_row(row)

    def game_indices(self, run_id: int) -> set[int]:
        """The indices of the games stored for a run (a resumed run plays the others)."""
        with self.read() as db:
            self._require_run(run_id)
            rows = db.execute("SELECT idx FROM games WHERE run_id = ?", (run_id,))
            return {idx for (idx,) in rows}

    def game_results(self, run_id: int, with_record: bool = True) -> list[GameResult]:
        """The stored games of a run as GameResults, by index (to recompute a summary;
        without ``with_record`` the records stay compressed and the results carry none)."""
        return [g.result(with_record) for g in self.games(run_id)]

    # -- helpers ------------------------------------------------------------------------

    def _require_run(self, run_id: int) -> None:
        if not _fits(run_id):
            raise self._no_run(run_id)
        with self.read() as db:
            if db.execute("SELECT 1 FROM runs WHERE id = ?", (run_id,)).fetchone() is None:
                raise self._no_run(run_id)

    def _no_run(self, run_id: int) -> StoreError:
        return StoreError(f"no run {run_id} in {self.path}")


def host_info() -> dict[str, Any]:
    """Where a run is made: host name, platform, Python version and CPU count."""
    return {"hostname": socket.gethostname(), "platform": platform.platform(),
            "python": platform.python_version(), "cpus": os.cpu_count()}


# -- conversions ------------------------------------------------------------------------

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


def _run_row(r: Mapping[str, Any]) -> RunRow:
    return RunRow(
        id=r["id"], created=r["created"], strategy=r["strategy"],
        options=current_options(r["strategy"], json.loads(r["options"])), level=r["level"],
        rows=r["rows"], cols=r["cols"], mines=r["mines"], rule=r["rule"], first=r["first"],
        seed=int(r["seed"]), games=r["games"], status=r["status"], finished=r["finished"],
        summary=None if r["summary"] is None else json.loads(r["summary"]),
        host=json.loads(r["host"]), done=r["done"], wins=r["wins"],
        no_guess=bool(r["no_guess"]),
    )


def _game_row(r: Mapping[str, Any]) -> GameRow:
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


def _fits(row_id: int) -> bool:
    """Whether ``row_id`` fits SQLite's 64-bit integers (a bigger one names no row)."""
    return -(2**63) <= row_id < 2**63
