"""The schema of sweepkit's SQLite database, one list of steps for every table: the runs
and games of ``sweepkit bench``, and the players and the games people (and the computer,
watched in the web app) played.

Versioned by ``PRAGMA user_version``: :data:`MIGRATIONS` lists the steps, version ``n`` is
``MIGRATIONS[n - 1]``, each applied by :class:`~sweepkit.store.database.Database` in one
transaction with the new version number. A step is only ever added, never changed: a
database made by any earlier version comes up to date.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Final

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


def _migrate_to_v3(db: sqlite3.Connection) -> None:
    """Version 3: the players and the games they played (:data:`MIGRATIONS_V3`)."""
    for statement in MIGRATIONS_V3:
        db.execute(statement)


def _migrate_to_v4(db: sqlite3.Connection) -> None:
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


def _migrate_to_v5(db: sqlite3.Connection) -> None:
    """Version 5: a played game's deaths, the losing moves taken back by an undo in
    practice (0 for the games before: no game could take one back). A game with a death
    is assisted: ``assisted`` is 1 for it, as for any assist."""
    db.execute("ALTER TABLE played ADD COLUMN deaths INTEGER NOT NULL DEFAULT 0 "
               "CHECK (deaths >= 0)")


MIGRATIONS_V6: Final = (
    "ALTER TABLE players ADD COLUMN public INTEGER NOT NULL DEFAULT 0 "
    "CHECK (public IN (0, 1))",
    "UPDATE players SET public = 1 WHERE kind = 'computer'",
    """CREATE TABLE player_keys (
        player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        key_hash TEXT NOT NULL,
        added TEXT NOT NULL,
        PRIMARY KEY (player_id, key_hash)
    )""",
    "CREATE INDEX player_keys_by_key ON player_keys (key_hash)",
    """CREATE TABLE join_codes (
        code_hash TEXT PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        expires TEXT NOT NULL
    )""",
    """CREATE TABLE live_games (
        id TEXT PRIMARY KEY,
        owner_hash TEXT NOT NULL,
        player TEXT NOT NULL,
        level TEXT,
        state TEXT NOT NULL DEFAULT 'playing'
            CHECK (state IN ('playing', 'over', 'closed', 'abandoned')),
        seq INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),
        start TEXT NOT NULL,
        started TEXT,
        saved_id INTEGER,
        replaces INTEGER,
        created TEXT NOT NULL,
        touched TEXT NOT NULL
    )""",
    "CREATE INDEX live_games_by_state ON live_games (state, touched)",
    """CREATE TABLE live_events (
        game_id TEXT NOT NULL REFERENCES live_games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq > 0),
        event TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID""",
    """CREATE TABLE server_beats (
        name TEXT PRIMARY KEY,
        at REAL NOT NULL,
        stopped INTEGER NOT NULL DEFAULT 0 CHECK (stopped IN (0, 1))
    )""",
    "CREATE TABLE outages (start REAL NOT NULL, stop REAL NOT NULL)",
    """CREATE TABLE shared (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        doc TEXT NOT NULL,
        control TEXT NOT NULL DEFAULT '{}',
        touched REAL NOT NULL,
        PRIMARY KEY (kind, id)
    ) WITHOUT ROWID""",
)
"""Version 6: whose records are whose, and the games being played.

- ``players.public``: whether anyone may read the player's games (the computer's are);
  ``player_keys``: the browsers that own a player, by the SHA-256 of their key (the
  first that used the name, and those it let join); ``join_codes``: one-time codes, by
  their SHA-256, that let another browser join a player until they expire.
- ``live_games``: each game being played, by its public id: its owner's key hash, its
  start (JSON: the record it was made from, the seed it is shared by, its assists and
  clock), the number of events it has (``seq``), and its state (``over`` once finished,
  ``closed`` when a restart replaced it, ``abandoned`` when left unfinished too long).
  ``live_events``: what was done to it, in order, one JSON event a row, appended as it
  is done (:mod:`sweepkit.store.journal`).
- ``server_beats``: when each server process (``host:pid``) last said it was alive (Unix
  time), or that it stopped; ``outages``: the spans when none ran, which a game's clock
  does not count.
- ``shared``: what one server process runs for a client and any other may be asked
  about (jobs, trainer puzzles handed out, watch sessions): what the running process says
  of it (``doc``) and what others ask of it (``control``), as JSON
  (:mod:`sweepkit.store.shared`)."""


def _migrate_to_v6(db: sqlite3.Connection) -> None:
    """Version 6: owners, join codes and live games (:data:`MIGRATIONS_V6`)."""
    for statement in MIGRATIONS_V6:
        db.execute(statement)


MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (
    _migrate_to_v1, _migrate_to_v2, _migrate_to_v3, _migrate_to_v4, _migrate_to_v5,
    _migrate_to_v6)
"""The schema steps in order: ``MIGRATIONS[n]`` takes a database from version ``n`` to
``n + 1`` (inside a transaction the database opens and commits)."""

SCHEMA_VERSION: Final = len(MIGRATIONS)
"""The schema version this code writes and reads."""
