"""Watching the computer play: a session plays game after game with one strategy, a move
at a time, at the pace the watcher sets (0–2000 ms a move), paused, stepped or resumed at
any moment, with live statistics.

Game ``i`` of a session seeded ``s`` is game ``i`` of ``sweepkit bench --seed s`` (same
layout, same strategy RNG), so a game seen here can be benchmarked, replayed or stored
alike. Play goes on only while someone watches the session's event stream; the stream is
where the moves are computed (off the event loop), so a session nobody watches costs
nothing. Sessions are bounded (:data:`MAX_WATCH`, least recently used dropped first).

With a :class:`Shared` store a session is seen by every server process: its settings and
statistics are written when it starts and after each game, its controls are kept there
(any process takes a watcher's pause or step; the process that streams the session reads
them every :data:`SYNC_SECONDS`), and a session is streamed by one process at a time.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from sweepkit.bench.result import GameResult
from sweepkit.rules import FirstClick, Rules
from sweepkit.store.shared import Shared
from sweepkit.web.registry import Registry, new_id

MAX_WATCH: Final = 50
"""Watch sessions kept at once."""

MAX_DELAY_MS: Final = 2000
"""The slowest pace, in milliseconds a move."""

_TICK: Final = 0.02
"""Seconds between looks at the controls while paused or waiting out a delay."""

SYNC_SECONDS: Final = 0.1
"""How often the streaming process reads the session's controls from the shared store."""

STREAM_SECONDS: Final = 5.0
"""A stream not heard of for this long has ended (its process may have stopped)."""


def controlled(controls: dict[str, Any], action: str, delay_ms: int | None
               ) -> dict[str, Any]:
    """The controls after a watcher's ``pause``, ``resume``, ``step``, ``stop``, or just a
    new pace."""
    new = dict(controls)
    if delay_ms is not None:
        new["delay_ms"] = delay_ms
    if action == "pause":
        new["paused"] = True
    elif action == "resume":
        new["paused"], new["steps"] = False, 0
    elif action == "step":
        new["paused"], new["steps"] = True, new.get("steps", 0) + 1
    elif action == "stop":
        new["stopped"] = True
    return new


@dataclass
class WatchStats:
    """What the watcher's counters show: games, wins, guesses and how they went, and what
    lost the lost games (the basis of the losing move: a guess of some kind, or the first
    click)."""

    games: int = 0
    wins: int = 0
    moves: int = 0
    guesses: int = 0
    safe_guesses: int = 0
    loss_causes: Counter[str] = field(default_factory=Counter)

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.wins += result.won
        self.moves += result.moves
        self.guesses += len(result.guess_log)
        self.safe_guesses += sum(1 for _, safe in result.guess_log if safe)
        if result.loss_cause is not None:
            self.loss_causes[result.loss_cause] += 1

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else None,
            "moves": self.moves, "guesses": self.guesses, "safe_guesses": self.safe_guesses,
            "loss_causes": dict(self.loss_causes),
        }


@dataclass
class ThinkClock:
    """A game clock that runs only between :meth:`run` and :meth:`halt`, while the
    strategy thinks and moves: a watched game's time is the computer's, not the pace the
    watcher chose."""

    spent: float = 0.0
    since: float | None = None

    def __call__(self) -> float:
        running = 0.0 if self.since is None else time.perf_counter() - self.since
        return self.spent + running

    def run(self) -> None:
        self.since = time.perf_counter()

    def halt(self) -> None:
        self.spent = self()
        self.since = None


@dataclass
class WatchSession:
    """One strategy playing game after game for a watcher; the controls are plain fields
    the event stream reads between moves."""

    id: str
    strategy: str
    options: dict[str, Any]
    rules: Rules
    level: str | None
    seed: int
    delay_ms: int
    games: int | None
    """How many games to play (``None``: until stopped)."""
    paused: bool = False
    steps: int = 0
    """Moves allowed while paused (each "step" adds one)."""
    stopped: bool = False
    streaming: bool = False
    next_game: int = 0
    stats: WatchStats = field(default_factory=WatchStats)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def finished(self) -> bool:
        return self.stopped or (self.games is not None and self.next_game >= self.games)

    shared: Shared | None = field(default=None, repr=False)

    async def wait_turn(self, first: bool) -> bool:
        """Wait until the next move may be made: the delay since the last one (not before
        a game's first move), out of pause, or one step granted; False once stopped. A
        change of pace applies at once."""
        began = time.monotonic()
        synced = 0.0
        while True:
            if time.monotonic() - synced >= SYNC_SECONDS:
                self.sync()
                synced = time.monotonic()
            if self.stopped:
                return False
            if self.paused:
                if self.steps and self.take_step():
                    return True
            elif first or time.monotonic() - began >= self.delay_ms / 1000:
                return True
            await asyncio.sleep(_TICK)

    def controls(self) -> dict[str, Any]:
        return {"paused": self.paused, "steps": self.steps, "stopped": self.stopped,
                "delay_ms": self.delay_ms}

    def set_controls(self, controls: dict[str, Any]) -> None:
        self.paused = controls.get("paused", self.paused)
        self.steps = controls.get("steps", self.steps)
        self.stopped = controls.get("stopped", self.stopped)
        self.delay_ms = controls.get("delay_ms", self.delay_ms)

    def control(self, action: str, delay_ms: int | None) -> None:
        """Apply a watcher's control (:func:`controlled`), here and in the shared store."""
        if self.shared is None:
            self.set_controls(controlled(self.controls(), action, delay_ms))
            return
        new = self.shared.control("watch", self.id, lambda c: controlled(c, action, delay_ms))
        if new is not None:
            self.set_controls(new)

    def sync(self) -> None:
        """Read the controls other processes set, and say the stream goes on."""
        if self.shared is not None and self.streaming:
            now = time.time()
            new = self.shared.control("watch", self.id, lambda c: {**c, "streamed": now})
            if new is not None:
                self.set_controls(new)

    def take_step(self) -> bool:
        """Use one granted step (False when another process's resume took it back)."""
        if self.shared is None:
            self.steps -= 1
            return True
        took = False

        def take(c: dict[str, Any]) -> dict[str, Any]:
            nonlocal took
            if c.get("paused") and c.get("steps", 0) > 0:
                took = True
                return {**c, "steps": c["steps"] - 1}
            return c

        new = self.shared.control("watch", self.id, take)
        if new is not None:
            self.set_controls(new)
        return took

    def claim_stream(self) -> bool:
        """Become the one stream of this session (False when another process or request
        streams it, heard of within :data:`STREAM_SECONDS`)."""
        with self.lock:
            if self.streaming:
                return False
            if self.shared is not None:
                now = time.time()
                taken = False

                def take(c: dict[str, Any]) -> dict[str, Any]:
                    nonlocal taken
                    if now - c.get("streamed", 0.0) < STREAM_SECONDS:
                        return c
                    taken = True
                    return {**c, "streamed": now}

                if self.shared.control("watch", self.id, take) is None or not taken:
                    return False
            self.streaming = True
            return True

    def release_stream(self) -> None:
        self.streaming = False
        if self.shared is not None:
            self.shared.control("watch", self.id, lambda c: {**c, "streamed": 0.0})

    def publish(self) -> None:
        """Write the session's settings and statistics for the other processes."""
        if self.shared is not None:
            self.shared.put("watch", self.id, self.as_json())

    @classmethod
    def from_doc(cls, doc: dict[str, Any], controls: dict[str, Any], shared: Shared
                 ) -> WatchSession:
        """The session :meth:`as_json` describes (another process started it)."""
        stats = doc["stats"]
        session = cls(
            id=doc["id"], strategy=doc["strategy"], options=doc["options"],
            rules=Rules(doc["rows"], doc["cols"], doc["mines"], FirstClick(doc["rule"])),
            level=doc["level"], seed=int(doc["seed"]), delay_ms=doc["delay_ms"],
            games=doc["games"], next_game=doc["next_game"], shared=shared,
            stats=WatchStats(stats["games"], stats["wins"], stats["moves"], stats["guesses"],
                             stats["safe_guesses"], Counter(stats["loss_causes"])))
        session.set_controls(controls)
        return session

    def stop(self) -> None:
        self.stopped = True

    def as_json(self) -> dict[str, Any]:
        rules = self.rules
        return {
            "id": self.id, "strategy": self.strategy, "options": self.options,
            "rows": rules.rows, "cols": rules.cols, "mines": rules.mines,
            "rule": str(rules.first_click), "level": self.level, "seed": str(self.seed),
            "delay_ms": self.delay_ms, "games": self.games, "paused": self.paused,
            "stopped": self.stopped, "next_game": self.next_game,
            "stats": self.stats.as_json(),
        }


class WatchSessions(Registry[WatchSession]):
    """The watch sessions by id, at most ``capacity``; a session dropped to make room is
    stopped."""

    def __init__(self, capacity: int = MAX_WATCH, shared: Shared | None = None) -> None:
        super().__init__(capacity, on_drop=WatchSession.stop)
        self.shared = shared

    def start(self, **fields: Any) -> WatchSession:
        session = WatchSession(id=new_id(), shared=self.shared, **fields)
        if self.shared is not None:
            session.publish()
            self.shared.control("watch", session.id, session.controls())
        return self.add(session.id, session)

    def find(self, session_id: str) -> WatchSession:
        """A session this process or another started (its controls read now); KeyError
        when none did."""
        try:
            session = self.get(session_id)
        except KeyError:
            session = None
        if self.shared is None:
            if session is None:
                raise KeyError(session_id)
            return session
        row = self.shared.get("watch", session_id)
        if row is None:
            raise KeyError(session_id)
        if session is None or not session.streaming:  # its state is the stream's
            session = self.add(session_id, WatchSession.from_doc(*row, shared=self.shared))
        else:
            session.set_controls(row[1])
        return session
