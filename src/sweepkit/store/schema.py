"""sweepkit's database schema: the runs and games of ``sweepkit bench``, the players and
the games people (and the computer, watched in the web app) played, whose records are
whose, and the games being played.

The schema is the Alembic migrations of :mod:`sweepkit.store.migrations`, the same for an
SQLite file and a PostgreSQL server; :func:`upgrade` brings any database up to date when
it is opened. SQLite files made before Alembic kept their version in ``PRAGMA
user_version`` (1 to :data:`LEGACY_VERSION`): their own steps (:data:`MIGRATIONS`, kept
as they were) bring them to the last of those, which is Alembic's first revision, and
Alembic goes on from there.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy.engine import Connection

MIGRATIONS_DIR: Final = Path(__file__).with_name("migrations")
"""The Alembic scripts."""

LEGACY_BASE: Final = "0001"
"""The Alembic revision that is the schema of an SQLite file of :data:`LEGACY_VERSION`."""


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


def _migrate_to_v1(db: Any) -> None:
    """Create the runs and games tables and their indexes."""
    for statement in _V1:
        db.execute(statement)


def _migrate_to_v2(db: Any) -> None:
    """Version 2: whether a run played no-guess boards (0 for the runs before)."""
    db.execute("ALTER TABLE runs ADD COLUMN no_guess INTEGER NOT NULL DEFAULT 0 "
               "CHECK (no_guess IN (0, 1))")


MIGRATIONS_V3: Final = (
    """CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 40),
        kind TEXT NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'computer')),
        created TEXT NOT NULL
    )""",
    """CREATE TABLE played (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        started TEXT NOT NULL,
        finished TEXT NOT NULL,
        level TEXT,
        rows INTEGER NOT NULL CHECK (rows > 0),
        cols INTEGER NOT NULL CHECK (cols > 0),
        mines INTEGER NOT NULL CHECK (mines >= 0),
        rule TEXT NOT NULL CHECK (rule IN ('none', 'safe', 'opening')),
        no_guess INTEGER NOT NULL CHECK (no_guess IN (0, 1)),
        won INTEGER NOT NULL CHECK (won IN (0, 1)),
        seconds REAL NOT NULL CHECK (seconds >= 0),
        three_bv INTEGER NOT NULL,
        three_bv_solved INTEGER NOT NULL,
        left_clicks INTEGER NOT NULL,
        right_clicks INTEGER NOT NULL,
        chord_clicks INTEGER NOT NULL,
        wasted_clicks INTEGER NOT NULL,
        flagged INTEGER NOT NULL CHECK (flagged IN (0, 1)),
        assists TEXT NOT NULL DEFAULT '{}',
        assisted INTEGER NOT NULL CHECK (assisted IN (0, 1)),
        guesses INTEGER,
        hardest TEXT,
        source TEXT NOT NULL DEFAULT 'web',
        record BLOB NOT NULL
    )""",
    "CREATE INDEX played_by_player ON played (player_id, level, won, finished)",
    "CREATE INDEX played_by_time ON played (finished)",
)
"""Version 3: players and played games. A played game keeps what honest records need: its
rules (first-click rule, no-guess board or not), whether any flag was placed (a game
without one is "NF"), and every assist used (``assists``: JSON counts by kind, e.g.
``{"hint": 2, "undo": 1}``; ``assisted`` is 1 when any count is) so best times can leave
assisted games out. ``uid`` names a game by its content: an imported game already there
is not added twice. ``guesses`` and ``hardest`` are known for the computer's games."""


def _migrate_to_v3(db: Any) -> None:
    """Version 3: the players and the games they played (:data:`MIGRATIONS_V3`)."""
    for statement in MIGRATIONS_V3:
        db.execute(statement)


def _migrate_to_v4(db: Any) -> None:
    """Version 4: each player's trainer score by lesson (right and wrong answers, the
    current run of right ones, and the difficulty it has reached)."""
    db.execute("""CREATE TABLE trainer_scores (
        player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        lesson TEXT NOT NULL,
        right INTEGER NOT NULL DEFAULT 0 CHECK (right >= 0),
        wrong INTEGER NOT NULL DEFAULT 0 CHECK (wrong >= 0),
        streak INTEGER NOT NULL DEFAULT 0 CHECK (streak >= 0),
        difficulty INTEGER NOT NULL DEFAULT 1 CHECK (difficulty BETWEEN 1 AND 3),
        updated TEXT NOT NULL,
        PRIMARY KEY (player_id, lesson)
    )""")


def _migrate_to_v5(db: Any) -> None:
    """Version 5: a played game's deaths, the losing moves taken back by an undo in
    practice (0 for the games before: no game could take one back). A game with a death
    is assisted: ``assisted`` is 1 for it, as for any assist."""
    db.execute("ALTER TABLE played ADD COLUMN deaths INTEGER NOT NULL DEFAULT 0 "
               "CHECK (deaths >= 0)")


MIGRATIONS: Final[tuple[Callable[[Any], None], ...]] = (
    _migrate_to_v1, _migrate_to_v2, _migrate_to_v3, _migrate_to_v4, _migrate_to_v5)
"""The steps of SQLite files made before Alembic: ``MIGRATIONS[n]`` takes such a file from
version ``n`` to ``n + 1``."""

LEGACY_VERSION: Final = len(MIGRATIONS)
"""The last ``user_version`` of those files."""


@functools.cache
def _script() -> ScriptDirectory:
    return ScriptDirectory(str(MIGRATIONS_DIR))


def head() -> str:
    """The newest revision this code knows."""
    head = _script().get_current_head()
    assert head is not None
    return head


SCHEMA_VERSION: Final = head()
"""The schema revision this code writes and reads."""


def _alembic(conn: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = conn
    return config


class _Legacy:
    """A connection as the steps of the files made before Alembic used it."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def execute(self, statement: str) -> Any:
        return self.conn.exec_driver_sql(statement)


def revision_of(conn: Connection) -> str | None:
    """The database's Alembic revision (None when it has none)."""
    if not sa.inspect(conn).has_table("alembic_version"):
        return None
    return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()


def check(conn: Connection, where: str) -> bool:
    """Whether the database on ``conn`` has this code's schema; StoreError, before
    anything is written, for a newer database or someone else's."""
    from sweepkit.store.database import StoreError

    revision = revision_of(conn)
    if revision is not None:
        try:
            _script().get_revision(revision)
        except CommandError:
            raise StoreError(f"database {where} has schema revision {revision}, newer than "
                             f"this sweepkit knows ({SCHEMA_VERSION}): upgrade sweepkit"
                             ) from None
        return revision == SCHEMA_VERSION
    legacy = _legacy_version(conn)
    if legacy > LEGACY_VERSION:
        raise StoreError(f"database {where} has schema version {legacy}, newer than this "
                         "sweepkit knows: upgrade sweepkit")
    if legacy == 0 and sa.inspect(conn).get_table_names():
        kind = "an SQLite" if conn.dialect.name == "sqlite" else "a"
        raise StoreError(f"{where} is {kind} database but not a sweepkit one (it has tables "
                         "and no schema version); left unchanged")
    return False


def _legacy_version(conn: Connection) -> int:
    """The ``user_version`` of an SQLite file made before Alembic (0 for any other)."""
    if conn.dialect.name != "sqlite":
        return 0
    return int(conn.exec_driver_sql("PRAGMA user_version").scalar() or 0)


def upgrade(conn: Connection, where: str) -> None:
    """Bring the database on ``conn`` up to date, inside the caller's transaction
    (:func:`check` first: StoreError for a newer database or someone else's)."""
    if check(conn, where):
        return
    if revision_of(conn) is None:
        legacy = _legacy_version(conn)
        if legacy:
            for step in MIGRATIONS[legacy:]:
                step(_Legacy(conn))
            conn.exec_driver_sql(f"PRAGMA user_version = {LEGACY_VERSION}")
            command.stamp(_alembic(conn), LEGACY_BASE)
    command.upgrade(_alembic(conn), "head")
