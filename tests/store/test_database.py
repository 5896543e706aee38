"""The database's writes inside :meth:`Database.briefly`: refused at once with nothing
written when another writer (another process, or another thread of this one) holds the
write lock, and made as usual when none does."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from sweepkit.store.database import Database, StoreError, WouldWait


def rows(db: Database) -> list[tuple[int]]:
    with db.read() as session:
        return [tuple(r) for r in session.execute("SELECT n FROM t").fetchall()]


@pytest.fixture
def db(tmp_path):
    with Database(tmp_path / "d.db", timeout=30) as opened:
        with opened.write() as session:
            session.execute("CREATE TABLE t (n INTEGER)")
        yield opened


def test_a_brief_write_behind_another_process_is_refused_and_writes_nothing(db):
    with sqlite3.connect(db.path, isolation_level=None) as other:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(WouldWait), db.briefly(0.05), db.write() as session:
            session.execute("INSERT INTO t VALUES (1)")
        other.execute("ROLLBACK")
    assert rows(db) == []
    with db.briefly(0.05), db.write() as session:  # nobody in the way: written
        session.execute("INSERT INTO t VALUES (2)")
    with db.write() as session:  # and the busy timeout is the usual one again
        session.execute("INSERT INTO t VALUES (3)")
    assert rows(db) == [(2,), (3,)]
    assert db.patience is None


def test_a_brief_write_behind_another_thread_is_refused(db):
    holding, release = threading.Event(), threading.Event()

    def writer() -> None:
        with db.write() as session:
            session.execute("INSERT INTO t VALUES (1)")
            holding.set()
            release.wait(10)

    thread = threading.Thread(target=writer)
    thread.start()
    holding.wait(10)
    with pytest.raises(WouldWait) as refused, db.briefly(0.05), db.write() as session:
        session.execute("INSERT INTO t VALUES (2)")
    assert isinstance(refused.value, StoreError) and "busy" in str(refused.value)
    release.set()
    thread.join(10)
    assert rows(db) == [(1,)]
