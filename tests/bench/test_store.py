"""The benchmark store on real SQLite files: schema versions, round trips, replays, a run
whose process was killed, and the files it must refuse without touching them."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
import warnings
from pathlib import Path

import platformdirs
import pytest

from sweepkit.bench.result import GameResult, StrategySpec, game_seed, play_game
from sweepkit.bench.store import (
    ENV_VAR,
    SCHEMA_VERSION,
    Store,
    StoreError,
    default_path,
)
from sweepkit.game import Game, Status, replay
from sweepkit.play import play
from sweepkit.rules import level
from sweepkit.serialize import record_from_json
from sweepkit.store.schema import LEGACY_VERSION

SEED = 1
"""Run seed whose first 8 beginner games with the exact strategy hold 7 wins and a loss."""

SPEC = {"strategy": "exact", "options": {}, "level": "beginner", "rows": 9, "cols": 9,
        "mines": 10, "rule": "safe", "first": "corner", "seed": SEED, "games": 8}


def revision(conn) -> str:
    """The schema revision of the database on a raw sqlite3 connection."""
    return conn.execute("SELECT version_num FROM alembic_version").fetchone()[0]


def results(indices: range) -> list[GameResult]:
    return [play_game(level("beginner"), StrategySpec("exact"), SEED, i) for i in indices]


def played(result: GameResult) -> tuple[object, ...]:
    """A result without what depends on the machine (CPU time, the moves' times)."""
    log = record_from_json(json.loads(result.record)).log
    return (dataclasses.replace(result, cpu_seconds=0.0, record=""),
            [(m.kind, m.cell, m.reason) for m in log])


@pytest.fixture(scope="module")
def eight() -> list[GameResult]:
    return results(range(8))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "bench.db"


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def schema(path: Path) -> list[tuple[str, str]]:
    with raw(path) as conn:
        return conn.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()


# -- schema -------------------------------------------------------------------------------

def test_a_new_file_gets_the_schema_version_wal_and_both_tables(db):
    with Store(db) as store:
        assert store.runs() == []
    conn = raw(db)
    assert revision(conn) == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    names = {name for name, _ in schema(db)}
    assert {"runs", "games", "games_by_result", "runs_by_status", "players", "played"} <= names
    conn.close()


def test_opening_again_migrates_nothing_and_keeps_the_data(db, eight):
    with Store(db) as store:
        run_id = store.begin_run(SPEC)
        store.add_games(run_id, eight[:2])
    before = schema(db)
    for _ in range(2):
        with Store(db) as store:
            assert [r.id for r in store.runs()] == [run_id]
            assert store.run(run_id).done == 2
    assert schema(db) == before
    with raw(db) as conn:
        assert revision(conn) == SCHEMA_VERSION


def test_the_directory_is_created(tmp_path):
    path = tmp_path / "a" / "b" / "bench.db"
    with Store(path):
        pass
    assert path.is_file()


def test_default_path_and_the_environment_variable(monkeypatch, tmp_path):
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert default_path() == Path(platformdirs.user_data_dir("sweepkit")) / "sweepkit.db"
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "mine.db"))
    assert default_path() == tmp_path / "mine.db"
    monkeypatch.setenv(ENV_VAR, "")
    assert default_path().name == "sweepkit.db"


# -- runs and games -----------------------------------------------------------------------

def test_game_results_round_trip_and_adding_again_duplicates_nothing(db, eight):
    assert any(r.seed >= 2**63 for r in eight)  # beyond SQLite's signed integers
    assert not all(r.won for r in eight) and any(r.guess_log for r in eight)
    with Store(db) as store:
        run_id = store.begin_run(SPEC)
        assert store.add_games(run_id, eight[:5]) == 5
        assert store.add_games(run_id, eight[3:]) == 3  # a resumed run: 3 and 4 are kept
        assert store.add_games(run_id, iter(eight)) == 0
        assert store.game_results(run_id) == eight
        rows = list(store.games(run_id))
        assert [g.index for g in rows] == list(range(8))
        for row, result in zip(rows, eight, strict=True):
            assert store.game(row.id) == row
            assert row.result() == result and row.run_id == run_id
            assert row.record == result.record
        run = store.run(run_id)
        assert (run.done, run.wins, run.games) == (8, sum(r.won for r in eight), 8)
        assert run.win_rate == pytest.approx(7 / 8)


def test_run_fields_and_finishing(db, eight):
    @dataclasses.dataclass
    class Spec:
        strategy: str = "exact"
        options: dict = dataclasses.field(default_factory=lambda: {"quick": True})
        level: str | None = None
        rows: int = 5
        cols: int = 7
        mines: int = 3
        rule: str = "opening"
        first: tuple[int, int] = (2, 3)
        seed: int = 2**64 - 1
        games: int = 10

    with Store(db) as store:
        run_id = store.begin_run(Spec(), host={"workers": 4})
        run = store.run(run_id)
        assert (run.level, run.rows, run.cols, run.mines, run.rule) == (None, 5, 7, 3, "opening")
        assert run.first == "2,3" and run.first_move == (2, 3) and run.seed == 2**64 - 1
        assert run.strategy_spec == StrategySpec("exact", {"quick": True}, (2, 3))
        assert run.rules.first_click == "opening" and run.rules.shape == (5, 7)
        assert run.host["workers"] == 4 and "hostname" in run.host
        assert run.status == "running" and run.finished is None and run.summary is None
        assert run.created.endswith("+00:00")
        assert run.as_json()["seed"] == str(2**64 - 1)
        store.finish_run(run_id, "interrupted", {"games": 0, "win_rate": None})
        run = store.run(run_id)
        assert run.status == "interrupted" and run.finished is not None
        assert run.summary == {"games": 0, "win_rate": None}
        with pytest.raises(ValueError, match="complete, interrupted or failed"):
            store.finish_run(run_id, "running", {})  # type: ignore[arg-type]


def test_a_run_stored_with_budget_reads_back_with_strength(db):
    """``budget``, the deprecated name of best's ``strength``, is read under the current
    name: the run resumes as it was played, without a warning, and compares equal to the
    same run asked for under the current name."""
    spec = {"strategy": "best", "options": {"budget": "fast", "endgame": 50},
            "level": "beginner", "rows": 9, "cols": 9, "mines": 10, "rule": "safe",
            "first": "corner", "seed": 1, "games": 2}
    with Store(db) as store:
        run = store.run(store.begin_run(spec))
    stored = json.loads(raw(db).execute("SELECT options FROM runs").fetchone()[0])
    assert stored == {"budget": "fast", "endgame": 50}  # the file keeps what was written
    assert run.options == {"strength": "fast", "endgame": 50}
    assert run.strategy_spec == StrategySpec("best", {"strength": "fast", "endgame": 50})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert run.strategy_spec.build().options.guess == "local"


def test_absent_runs_and_games_are_named(db, eight):
    with Store(db) as store:
        run_id = store.begin_run(SPEC)
        store.add_games(run_id, eight[:1])
        for call in (lambda: store.run(99), lambda: store.games(99),
                     lambda: store.add_games(99, eight[:1]),
                     lambda: store.finish_run(99, "complete", {})):
            with pytest.raises(StoreError, match=f"no run 99 in {db}"):
                call()
        with pytest.raises(StoreError, match=f"no game 42 in {db}"):
            store.game(42)
        huge = 10**23  # past SQLite's integers: was an OverflowError traceback
        for call in (lambda: store.run(huge), lambda: store.games(huge),
                     lambda: store.game_indices(huge)):
            with pytest.raises(StoreError, match=f"no run {huge} in"):
                call()
        with pytest.raises(StoreError, match=f"no game {huge} in"):
            store.game(huge)
        assert store.run(run_id).done == 1


def test_a_stored_record_replays_to_the_original_game(db, eight):
    with Store(db) as store:
        run_id = store.begin_run(SPEC)
        store.add_games(run_id, eight)
        rows = list(store.games(run_id))
    for row in rows:
        layout_seed = game_seed(SEED, row.index)
        original = Game(level("beginner"), layout_seed)
        play(original, StrategySpec("exact").build(),
             rng=random.Random(f"strategy/{layout_seed}"))
        again = replay(row.game_record())
        assert again.status is original.status
        assert (again.status is Status.WON) == row.won
        assert again.view() == original.view()
        assert [(m.kind, m.cell, m.reason) for m in again.log] == [
            (m.kind, m.cell, m.reason) for m in original.log]
        assert len(again.log) == row.moves
        assert again.three_bv() == row.three_bv


# -- a run whose process died -------------------------------------------------------------

CRASHING_WRITER = textwrap.dedent("""
    import sys
    from sweepkit.bench.result import StrategySpec, play_game
    from sweepkit.bench.store import Store
    from sweepkit.rules import level

    spec = {spec!r}
    store = Store(sys.argv[1])
    run_id = store.begin_run(spec)
    games = [play_game(level("beginner"), StrategySpec("exact"), spec["seed"], i)
             for i in range(6)]
    store.add_games(run_id, games[:3])
    print(run_id, flush=True)

    def more():
        yield from games[3:5]
        print("in a transaction", flush=True)
        sys.stdin.readline()  # killed here, with games 3 and 4 written but not committed
        yield games[5]

    store.add_games(run_id, more())
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_run_stays_running_with_its_committed_games(db, eight):
    child = subprocess.Popen(
        [sys.executable, "-c", CRASHING_WRITER.format(spec=SPEC), str(db)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert child.stdout is not None
        run_id = int(child.stdout.readline())
        assert child.stdout.readline() == "in a transaction\n"
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    with Store(db) as store:
        [run] = store.runs()
        assert (run.id, run.status, run.done, run.games) == (run_id, "running", 3, 8)
        assert run.incomplete and run.finished is None
        assert [played(r) for r in store.game_results(run_id)] == [played(r) for r in eight[:3]]
        # resuming: the stored games are kept, the rest added once
        assert store.add_games(run_id, eight) == 5
        assert [played(r) for r in store.game_results(run_id)] == [played(r) for r in eight]


# -- files the store must refuse, unchanged -----------------------------------------------

def test_a_file_that_is_not_a_database_is_refused_and_left_alone(db):
    garbage = bytes(range(256)) * 16
    db.write_bytes(garbage)
    with pytest.raises(StoreError, match="not an SQLite database or is corrupt") as caught:
        Store(db)
    assert str(db) in str(caught.value) and "\n" not in str(caught.value)
    assert db.read_bytes() == garbage


def test_someone_elses_sqlite_database_is_refused_and_left_alone(db):
    with raw(db) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.execute("INSERT INTO notes VALUES ('keep me')")
    before = db.read_bytes()
    with pytest.raises(StoreError, match="not a sweepkit one"):
        Store(db)
    assert db.read_bytes() == before


def test_a_newer_schema_is_refused_and_left_alone(db, eight):
    with Store(db) as store:
        store.add_games(store.begin_run(SPEC), eight[:2])
    with raw(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(StoreError, match="schema revision 9999, newer"):
        Store(db)
    with raw(db) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == "9999"
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2


def test_a_file_of_a_newer_version_from_before_alembic_is_refused(db):
    with raw(db) as conn:
        conn.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY)")
        conn.execute(f"PRAGMA user_version = {LEGACY_VERSION + 1}")
    before = db.read_bytes()
    with pytest.raises(StoreError, match=f"schema version {LEGACY_VERSION + 1}, newer"):
        Store(db)
    assert db.read_bytes() == before


def test_a_missing_file_is_refused_when_not_creating(db):
    with pytest.raises(StoreError, match=f"no database at {db}"):
        Store(db, create=False)
    assert not db.exists()
    db.parent.mkdir(parents=True, exist_ok=True)
    db.touch()  # an empty file: a command that only reads must not make it a database
    with pytest.raises(StoreError, match=f"no database at {db}: the file is empty"):
        Store(db, create=False)
    assert db.stat().st_size == 0


def test_a_directory_that_cannot_be_created(tmp_path):
    blocker = tmp_path / "plain-file"
    blocker.write_text("")
    with pytest.raises(StoreError, match=f"cannot create the directory {blocker / 'sub'}"):
        Store(blocker / "sub" / "bench.db")


def test_a_directory_is_not_a_database(tmp_path):
    with pytest.raises(StoreError, match="it is a directory"):
        Store(tmp_path)


def test_a_locked_database_times_out_and_keeps_its_data(db, eight):
    with Store(db) as store:
        run_id = store.begin_run(SPEC)
        store.add_games(run_id, eight[:4])
    locker = raw(db)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        with Store(db, timeout=0.2) as store:
            assert store.run(run_id).done == 4  # WAL: readers go on
            started = time.monotonic()
            with pytest.raises(StoreError, match=f"database {db} is locked .*0.2 s"):
                store.add_games(run_id, eight[4:])
            assert time.monotonic() - started >= 0.15
            with pytest.raises(StoreError, match="is locked"):
                store.begin_run(SPEC)
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    with Store(db) as store:
        assert [r.id for r in store.runs()] == [run_id]
        assert store.game_results(run_id) == eight[:4]


def test_an_exclusively_locked_database_cannot_even_be_opened(db, eight):
    with Store(db) as store:
        store.add_games(store.begin_run(SPEC), eight[:1])
    locker = raw(db)
    locker.execute("PRAGMA locking_mode = EXCLUSIVE")
    locker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="is locked"):
            Store(db, timeout=0.1)
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    with Store(db) as store:
        assert store.runs()[0].done == 1


def test_a_version_1_database_gains_the_no_guess_column_and_keeps_its_runs(db):
    from sweepkit.bench.store import MIGRATIONS

    with raw(db) as conn:
        MIGRATIONS[0](conn)
        conn.execute("PRAGMA user_version = 1")
        conn.execute("INSERT INTO runs (created, strategy, rows, cols, mines, rule, first, "
                     "seed, games) VALUES ('2026-01-01', 'exact', 9, 9, 10, 'safe', "
                     "'corner', '1', 8)")
    with Store(db) as store:
        (old,) = store.runs()
        assert old.strategy == "exact" and not old.no_guess
        new = store.begin_run({**SPEC, "no_guess": True})
        assert store.run(new).no_guess and not store.run(old.id).no_guess
    with raw(db) as conn:
        assert revision(conn) == SCHEMA_VERSION


def test_runs_and_games_round_trip_on_either_database(database, eight):
    with Store(database) as store:
        run_id = store.begin_run(SPEC)
        assert store.add_games(run_id, eight[:5]) == 5
        assert store.add_games(run_id, eight[3:]) == 3  # a resumed run keeps 3 and 4
        assert store.game_results(run_id) == eight
        assert store.game_indices(run_id) == set(range(8))
        store.finish_run(run_id, "complete", {"games": 8})
        (run,) = store.runs()
        assert (run.status, run.done, run.wins) == ("complete", 8, sum(r.won for r in eight))
        first = next(store.games(run_id))
        assert store.game(first.id) == first and first.result() == eight[0]
        with pytest.raises(StoreError, match="no run 99"):
            store.run(99)
