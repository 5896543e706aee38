"""The games being played, kept in the database as they are played, with a cache in
memory: nothing is lost to a restart, a crash, a full cache or another server process.

A game is written when it starts (its start: the record it was made from, the seed it is
shared by, its assists and clock) and then after every request that changed it, by an
append of the events its :class:`~sweepkit.web.live.LiveGame` noted, in the same
transaction as its stored record when the game ended (:meth:`LiveGames.commit`). A reply
says a thing happened only once that is written. A game in memory is a copy: each request
first checks that the database holds no newer events (another process moved), and reads
the game again when it does (:meth:`LiveGames.get`); an append made from a copy that was
out of date is refused, so two moves of one game never interleave, whichever process
gets them.

A game comes back (:func:`restore`) by making it again from its start and doing its events
again on a clock that reads each event's time. Its clock then runs on from its last
event, plus the wall time since, less the time no server ran (the journal's outages:
every process says when it starts and stops, and that it is alive every
:data:`BEAT_SECONDS`; a process killed is known gone by its pid on its own host, else when
it has been silent for :data:`OUTAGE_SECONDS`).
"""

from __future__ import annotations

import logging
import os
import random
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass, fields
from typing import Any, Final

from sweepkit.game import Game, ReplayClock
from sweepkit.generate import NoGuessLayouts
from sweepkit.rules import Rules
from sweepkit.serialize import record_from_json, record_json
from sweepkit.store.database import StoreError
from sweepkit.store.journal import Journal, JournalEntry, StaleGame
from sweepkit.store.played import GameBook
from sweepkit.store.shared import Shared
from sweepkit.web.live import LiveGame, PausableClock
from sweepkit.web.registry import Registry, new_id

log = logging.getLogger("sweepkit.web")

MAX_CACHED: Final = 500
"""Games kept in memory at once; past it the least recently used copy is let go (the
database keeps the game, and reads it back when it is next asked for)."""

BEAT_SECONDS: Final = 1.0
"""How often a server process says it is alive."""

OUTAGE_SECONDS: Final = 10.0
"""A process not heard of for this long is taken as stopped (one on this host is known
stopped at once, by its pid)."""

SWEEP_SECONDS: Final = 3600.0
"""How often a process closes the games left too long (:meth:`Journal.sweep`)."""

NO_GUESS_SECONDS: Final = 5.0
"""How long the first click of a no-guess game may spend making its board."""


@dataclass(frozen=True)
class StoredLayout:
    """The layout a maker drew for a game, given back when the game is made again (a
    no-guess board is searched for within a time budget: it cannot be drawn again)."""

    mines: frozenset[int]
    no_guess: bool = True

    def __call__(self, rules: Rules, first: int, rng: random.Random) -> frozenset[int]:
        return self.mines


def start_doc(live: LiveGame) -> dict[str, Any]:
    """What a game is made from, as the journal keeps it: its record so far (the moves of
    a game made from a position among them), its share seed, assists and clock."""
    return {"record": record_json(live.game.record(cheat=True)), "seed": live.seed,
            "assists": dict(live.assists), "held": live.clock.held,
            "paused": live.clock.paused, "t": live.game.elapsed, "w": time.time()}


def restore(entry: JournalEntry, now: float, down: float) -> LiveGame:
    """The game ``entry`` keeps, made again and its events done again; its clock runs on
    from the last event plus the wall time since (``now``) less ``down``, the seconds no
    server ran meanwhile. ValueError when its start or events cannot be read."""
    start = entry.start
    record = record_from_json(start["record"])
    drawn = next((e["m"] for e in entry.events if "m" in e), None)
    replay_clock = ReplayClock()
    if record.mine_cells is not None:
        game = Game(record.rules, record.seed, mine_cells=record.mine_cells,
                    no_guess=record.no_guess, clock=replay_clock)
    elif record.no_guess:
        maker = (NoGuessLayouts(seconds=NO_GUESS_SECONDS) if drawn is None else
                 StoredLayout(frozenset(drawn)))
        game = Game(record.rules, record.seed, layouts=maker, clock=replay_clock)
    else:
        game = Game(record.rules, record.seed, clock=replay_clock)
    for move in record.log:  # a game made from a position: the moves before the player's
        replay_clock.now = move.time
        game.play(move.action, move.reason)
    clock = PausableClock()
    if start.get("held"):
        clock.hold()
    if start.get("paused"):
        clock.pause()
    live = LiveGame(entry.id, game, entry.player, entry.level, Counter(start["assists"]),
                    clock=clock, owner=entry.owner_hash, seed=start.get("seed"))
    for event in entry.events:
        replay_clock.now = event["t"]
        live.apply(event)
    last = entry.events[-1] if entry.events else start
    since = 0.0
    if game.log and not game.over and not clock.paused and not clock.held:
        since = max(0.0, now - last["w"] - down)
    game.set_clock(clock, last["t"] + since)
    live.pending.clear()
    live.seq, live.started = entry.seq, entry.started
    live.saved_id, live.replaces = entry.saved_id, entry.replaces
    live.closed = entry.state in ("closed", "abandoned")
    return live


class LiveGames:
    """The games being played: kept in ``book``'s database, the most recently used
    :data:`MAX_CACHED` of them in memory too."""

    def __init__(self, book: GameBook, capacity: int = MAX_CACHED) -> None:
        self.book = book
        self.journal = Journal(book)
        self._cache: Registry[LiveGame] = Registry(capacity)
        self._loading = threading.Lock()

    def add_game(self, game: Game, player: str, level: str | None,
                 assists: Counter[str] | None = None, clock: PausableClock | None = None,
                 owner: str = "", seed: int | None = None) -> LiveGame:
        """Keep a new game made on ``clock`` (the game's own clock, to pause it), played
        by the browser whose key hash is ``owner``; ``seed``: the seed that dealt its
        board. Written before it is returned."""
        live = LiveGame(new_id(), game, player, level, assists or Counter(),
                        clock=clock or PausableClock(), owner=owner, seed=seed)
        self.journal.create(live.id, owner, player, level, start_doc(live))
        return self._cache.add(live.id, live)

    def get(self, game_id: str, *, fresh: bool = True) -> LiveGame:
        """The game as the database holds it now (read again when the copy in memory is
        out of date); KeyError when there is no such game. Without ``fresh``, the copy in
        memory as it is, when there is one: for a request that checks it inside its write
        transaction (:meth:`hold`)."""
        cached = self._cached(game_id)
        if cached is not None and not fresh:
            return cached
        seq = self.journal.seq(game_id)
        if seq is None:
            self._cache.drop(game_id)
            raise KeyError(game_id)
        if cached is not None and cached.seq == seq:
            return cached
        with self._loading:  # one copy a game per process, read once
            cached = self._cached(game_id)
            if cached is not None and cached.seq == self.journal.seq(game_id):
                return cached
            entry = self.journal.load(game_id)
            if entry is None:
                raise KeyError(game_id)
            live = self._restore(entry)
            if cached is not None:
                cached.dropped = True  # a request that still holds it reads the game again
            return self._cache.add(game_id, live)

    def hold(self, live: LiveGame) -> None:
        """Inside a write transaction: hold the game's row to the end of the transaction
        (no other writer appends meanwhile) and bring the copy ``live`` (whose lock the
        caller holds) up to the database's game; KeyError when the game is not kept."""
        seq = self.journal.seq(live.id, lock=True)
        if seq is None:
            self._cache.drop(live.id)
            raise KeyError(live.id)
        if seq == live.seq and not live.pending:
            return
        entry = self.journal.load(live.id)
        if entry is None:
            raise KeyError(live.id)
        fresh = self._restore(entry)
        for name in (f.name for f in fields(LiveGame)):
            if name not in ("id", "dropped", "lock", "helping"):  # the copy's own
                setattr(live, name, getattr(fresh, name))
        self._cache.add(live.id, live)

    def _cached(self, game_id: str) -> LiveGame | None:
        """The copy in memory, if any."""
        try:
            return self._cache.get(game_id)
        except KeyError:
            return None

    def _restore(self, entry: JournalEntry) -> LiveGame:
        now = time.time()
        try:
            return restore(entry, now, self.journal.down_between(_last_wall(entry), now))
        except (ValueError, KeyError, TypeError) as exc:
            raise StoreError(f"live game {entry.id!r} cannot be read back: {exc}") from None

    def commit(self, live: LiveGame) -> None:
        """Write what was done to the game since it was last written, with its stored
        record in the same transaction when it has just ended. On any failure nothing is
        written and the copy in memory is let go (the next request reads the game back):
        :class:`StaleGame` when another request wrote first, StoreError when the
        database failed."""
        ended = live.game.over and live.saved_id is None
        if not live.pending and not ended:
            return
        try:
            with self.book.write():
                if ended:
                    live.saved_id = self._save(live)
                state = "over" if live.game.over else "playing"
                live.seq = self.journal.append(
                    live.id, live.seq, live.pending, state=state, started=live.started,
                    saved_id=live.saved_id, replaces=live.replaces)
        except BaseException:
            self.forget(live)
            raise
        live.pending.clear()

    def _save(self, live: LiveGame) -> int | None:
        """Store the finished game (in place of its stored loss when an undo took that
        back); its id."""
        played = live.played()
        if live.replaces is not None:
            return self.book.replace(live.replaces, played)
        stored = self.book.add(played)
        return stored if stored is not None else self.book.id_of(played.uid)

    def forget(self, live: LiveGame) -> None:
        """Let the copy in memory go: the next request reads the game back."""
        live.dropped = True
        self._cache.drop(live.id)

    def close(self, live: LiveGame) -> None:
        """End a game replaced by its restart: requests for it get a 404."""
        self.journal.end(live.id, "closed")
        live.closed = True
        self._cache.drop(live.id)

    def __len__(self) -> int:
        return len(self._cache)


def _last_wall(entry: JournalEntry) -> float:
    """The wall time of the game's last event (its start when it has none)."""
    return float((entry.events[-1] if entry.events else entry.start)["w"])


def process_name() -> str:
    """This server process among all that share the database: ``host:pid``."""
    return f"{socket.gethostname()}:{os.getpid()}"


def process_alive(name: str) -> bool:
    """Whether the server process ``name`` may still run: on this host, whether its pid
    is alive; on another, it may (its beats tell)."""
    host, _, pid = name.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Heart:
    """A server process's beat: it says when it starts (an outage is kept when no other
    process ran), that it is alive every :data:`BEAT_SECONDS`, and that it stops; and
    every :data:`SWEEP_SECONDS` it closes abandoned games and forgets old shared rows, on
    a thread of its own until :meth:`stop`."""

    def __init__(self, journal: Journal, shared: Shared | None = None) -> None:
        self.journal = journal
        self.shared = shared
        self.name = process_name()
        self._stop = threading.Event()
        down = self.journal.up(self.name, time.time(), OUTAGE_SECONDS, process_alive)
        if down is not None:
            log.info("no server ran for %.1f s: game clocks leave that out",
                     time.time() - down)
        self._sweep()
        self._thread = threading.Thread(target=self._run, name="sweepkit-beat", daemon=True)
        self._thread.start()

    def _sweep(self) -> None:
        try:
            abandoned, forgotten = self.journal.sweep()
            if self.shared is not None:
                self.shared.sweep()
        except StoreError as exc:
            log.error("database: %s", exc)
            return
        if abandoned or forgotten:
            log.info("closed %d abandoned games, forgot %d finished ones", abandoned,
                     forgotten)

    def _run(self) -> None:
        last_sweep = time.monotonic()
        while not self._stop.wait(BEAT_SECONDS):
            try:
                self.journal.beat(self.name, time.time())
            except StoreError as exc:
                log.error("database: %s", exc)
            if time.monotonic() - last_sweep > SWEEP_SECONDS:
                last_sweep = time.monotonic()
                self._sweep()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        try:
            self.journal.down(self.name, time.time())
        except StoreError as exc:
            log.error("database: %s", exc)


__all__ = ["BEAT_SECONDS", "MAX_CACHED", "NO_GUESS_SECONDS", "OUTAGE_SECONDS", "Heart",
           "LiveGames", "StaleGame", "StoredLayout", "restore", "start_doc"]
