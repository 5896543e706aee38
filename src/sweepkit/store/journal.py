"""The games being played, kept in the database as they are played: each game's start,
then its events appended one by one (a move, an undo, a pause, an assist), so that a
restart, a crash or another server process finds every game as it was.

What an event means is the web app's business (:mod:`sweepkit.web.persist`); here a game
is a row and its events are JSON objects in order. Every append names the number of
events its writer saw (``seq``): when another writer got there first the append is
refused with :class:`StaleGame` and nothing is written, so two writers of one game never
interleave, in one process or many.

How long games are kept (:meth:`Journal.sweep`): a game left unfinished for
:data:`ABANDON_AFTER` is closed as abandoned (its player's statistics count it as
such); a finished or replaced game is forgotten :data:`FORGET_AFTER` later (its record
is in the played games); a game never played is deleted when it would be abandoned.

>>> import tempfile
>>> from pathlib import Path
>>> from sweepkit.store.played import GameBook
>>> with tempfile.TemporaryDirectory() as tmp, GameBook(Path(tmp) / "j.db") as book:
...     journal = Journal(book)
...     journal.create("g1", "owner", "ada", None, {"rules": "..."})
...     journal.append("g1", 0, [{"e": "move"}, {"e": "pause"}])
...     try:
...         journal.append("g1", 1, [{"e": "resume"}])
...     except StaleGame as stale:
...         print(stale)
...     entry = journal.load("g1")
2
game 'g1' has changed meanwhile (2 events, not 1)
>>> entry.seq, entry.events
(2, ({'e': 'move'}, {'e': 'pause'}))
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final, Literal

from sweepkit.store.database import Database, StoreError, dumps, now

State = Literal["playing", "over", "closed", "abandoned"]

ABANDON_AFTER: Final = timedelta(days=7)
"""An unfinished game untouched this long is closed as abandoned."""

FORGET_AFTER: Final = timedelta(days=7)
"""A finished or replaced game is kept this long after its last event (its page may still
be open), then deleted: its record is in the played games."""


class StaleGame(Exception):
    """The game has more events than the writer saw: another writer moved first. Nothing
    was written; ``seq`` is the number of events the game has."""

    def __init__(self, game_id: str, seq: int, expected: int) -> None:
        super().__init__(f"game {game_id!r} has changed meanwhile ({seq} events, not "
                         f"{expected})")
        self.seq = seq


@dataclass(frozen=True)
class JournalEntry:
    """A live game as stored: who plays it, what it was made from, what was done to it."""

    id: str
    owner_hash: str
    player: str
    level: str | None
    state: State
    seq: int
    start: dict[str, Any]
    started: str | None
    saved_id: int | None
    replaces: int | None
    events: tuple[dict[str, Any], ...]


class Journal:
    """The live games in ``db``'s database (its connection and transactions: an append
    inside ``db.write()`` is part of that transaction)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create(self, game_id: str, owner_hash: str, player: str, level: str | None,
               start: dict[str, Any]) -> None:
        """Keep a new game, with no event yet."""
        stamp = now()
        with self.db.write() as db:
            db.execute("INSERT INTO live_games (id, owner_hash, player, level, start, "
                       "created, touched) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (game_id, owner_hash, player, level, dumps(start), stamp, stamp))

    def append(self, game_id: str, seq: int, events: list[dict[str, Any]], *,
               state: State = "playing", started: str | None = None,
               saved_id: int | None = None, replaces: int | None = None) -> int:
        """Add ``events`` after the ``seq`` the writer saw, and set the game's state and
        what it keeps besides its events; the new number of events. :class:`StaleGame`
        when the game has another number of events; StoreError when it is not kept."""
        with self.db.write() as db:
            row = db.execute(f"SELECT seq FROM live_games WHERE id = ?{db.for_update}",
                             (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"no live game {game_id!r}")
            if row[0] != seq:
                raise StaleGame(game_id, row[0], seq)
            db.executemany("INSERT INTO live_events (game_id, seq, event) VALUES (?, ?, ?)",
                           [(game_id, seq + n, dumps(e)) for n, e in enumerate(events, 1)])
            db.execute("UPDATE live_games SET seq = ?, state = ?, started = ?, saved_id = ?, "
                       "replaces = ?, touched = ? WHERE id = ?",
                       (seq + len(events), state, started, saved_id, replaces, now(),
                        game_id))
        return seq + len(events)

    def end(self, game_id: str, state: State) -> None:
        """Set a game's state without an event (a game replaced by its restart)."""
        with self.db.write() as db:
            db.execute("UPDATE live_games SET state = ?, touched = ? WHERE id = ?",
                       (state, now(), game_id))

    def seq(self, game_id: str, *, lock: bool = False) -> int | None:
        """How many events the game has; None when it is not kept. With ``lock``, inside
        the caller's write transaction, the game's row is held to its end (no other writer
        appends meanwhile)."""
        with self.db.write() if lock else self.db.read() as db:
            row = db.execute("SELECT seq FROM live_games WHERE id = ?"
                             + (db.for_update if lock else ""), (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def load(self, game_id: str) -> JournalEntry | None:
        """The game and its events in order; None when it is not kept."""
        with self.db.read() as db:
            row = db.execute("SELECT id, owner_hash, player, level, state, seq, start, "
                             "started, saved_id, replaces FROM live_games WHERE id = ?",
                             (game_id,)).mappings().fetchone()
            if row is None:
                return None
            events = db.execute("SELECT event FROM live_events WHERE game_id = ? "
                                "ORDER BY seq", (game_id,)).fetchall()
        return JournalEntry(
            id=row["id"], owner_hash=row["owner_hash"], player=row["player"],
            level=row["level"], state=row["state"], seq=row["seq"],
            start=json.loads(row["start"]), started=row["started"],
            saved_id=row["saved_id"], replaces=row["replaces"],
            events=tuple(json.loads(e[0]) for e in events))

    def sweep(self, at: datetime | None = None) -> tuple[int, int]:
        """Close the games left unfinished for :data:`ABANDON_AFTER` as abandoned
        (those never played are deleted), and forget the finished or replaced games
        older than :data:`FORGET_AFTER`; ``(abandoned, forgotten)``."""
        at = at or datetime.now(UTC)
        idle = (at - ABANDON_AFTER).isoformat(timespec="seconds")
        old = (at - FORGET_AFTER).isoformat(timespec="seconds")
        with self.db.write() as db:
            db.execute("DELETE FROM live_games WHERE state = 'playing' AND seq = 0 AND "
                       "started IS NULL AND touched < ?", (idle,))
            abandoned = db.execute(
                "UPDATE live_games SET state = 'abandoned' WHERE state = 'playing' AND "
                "touched < ?", (idle,)).rowcount
            forgotten = db.execute(
                "DELETE FROM live_games WHERE state IN ('over', 'closed') AND touched < ?",
                (old,)).rowcount
        return abandoned, forgotten

    def up(self, name: str, at: float, gap: float, alive: Callable[[str], bool]
           ) -> float | None:
        """A server process ``name`` starts at ``at`` (Unix time). When no other is
        running (none said it was alive within ``gap`` seconds and not stopped, or
        ``alive(name)`` says it is gone), the span since the last one was heard of is kept
        as an outage, and its start returned."""
        with self.db.write() as db:
            rows = db.execute("SELECT name, at, stopped FROM server_beats").fetchall()
            running = [r for r in rows if not r[2] and at - r[1] <= gap and alive(r[0])]
            down = None
            if rows and not running:
                last = max(r[1] for r in rows)
                if at > last:
                    down = float(last)
                    db.execute("INSERT INTO outages (start, stop) VALUES (?, ?)", (down, at))
            db.execute("DELETE FROM server_beats WHERE stopped = 1 OR at < ?", (at - gap,))
            self._beat(db, name, at, stopped=False)
        return down

    def beat(self, name: str, at: float) -> None:
        """The process ``name`` is alive at ``at``."""
        with self.db.write() as db:
            self._beat(db, name, at, stopped=False)

    def down(self, name: str, at: float) -> None:
        """The process ``name`` stops at ``at``."""
        with self.db.write() as db:
            self._beat(db, name, at, stopped=True)

    @staticmethod
    def _beat(db: Any, name: str, at: float, stopped: bool) -> None:
        db.execute("INSERT INTO server_beats (name, at, stopped) VALUES (?, ?, ?) ON CONFLICT "
                   "(name) DO UPDATE SET at = CASE WHEN server_beats.at > excluded.at THEN "
                   "server_beats.at ELSE excluded.at END, stopped = "
                   "excluded.stopped", (name, at, int(stopped)))

    def down_between(self, start: float, stop: float) -> float:
        """Seconds between ``start`` and ``stop`` (Unix times) when no server ran."""
        with self.db.read() as db:
            spans = db.execute("SELECT start, stop FROM outages WHERE stop > ? AND start < ?",
                               (start, stop)).fetchall()
        return sum(min(b, stop) - max(a, start) for a, b in spans)

    def abandoned(self, player: str) -> int:
        """How many of the player's games (its stored name) were closed as abandoned."""
        with self.db.read() as db:
            return int(db.execute("SELECT COUNT(*) FROM live_games WHERE state = 'abandoned' "
                                  "AND player = ?", (player,)).scalar_one())

    def playing(self) -> int:
        """How many games are being played (kept, not finished)."""
        with self.db.read() as db:
            return int(db.execute("SELECT COUNT(*) FROM live_games WHERE state = 'playing'"
                                  ).scalar_one())


__all__ = ["ABANDON_AFTER", "FORGET_AFTER", "Journal", "JournalEntry", "StaleGame", "State"]
