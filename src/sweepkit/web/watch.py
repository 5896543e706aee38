"""Watching the computer play: a session plays game after game with one strategy, a move
at a time, at the pace the watcher sets (0–2000 ms a move), paused, stepped or resumed at
any moment, with live statistics.

Game ``i`` of a session seeded ``s`` is game ``i`` of ``sweepkit bench --seed s`` (same
layout, same strategy RNG), so a game seen here can be benchmarked, replayed or stored
alike. Play goes on only while someone watches the session's event stream; the stream is
where the moves are computed (off the event loop), so a session nobody watches costs
nothing. Sessions are bounded (:data:`MAX_WATCH`, least recently used dropped first).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from sweepkit.bench.result import GameResult
from sweepkit.rules import Rules
from sweepkit.web.registry import Registry, new_id

MAX_WATCH: Final = 50
"""Watch sessions kept at once."""

MAX_DELAY_MS: Final = 2000
"""The slowest pace, in milliseconds a move."""

_TICK: Final = 0.02
"""Seconds between looks at the controls while paused or waiting out a delay."""


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

    async def wait_turn(self, first: bool) -> bool:
        """Wait until the next move may be made: the delay since the last one (not before
        a game's first move), out of pause, or one step granted; False once stopped. A
        change of pace applies at once."""
        began = time.monotonic()
        while not self.stopped:
            if self.paused:
                if self.steps:
                    self.steps -= 1
                    return True
            elif first or time.monotonic() - began >= self.delay_ms / 1000:
                return True
            await asyncio.sleep(_TICK)
        return False

    def control(self, action: str, delay_ms: int | None) -> None:
        """Apply a watcher's control: ``pause``, ``resume``, ``step``, ``stop``, or just a
        new pace."""
        if delay_ms is not None:
            self.delay_ms = delay_ms
        if action == "pause":
            self.paused = True
        elif action == "resume":
            self.paused, self.steps = False, 0
        elif action == "step":
            self.paused = True
            self.steps += 1
        elif action == "stop":
            self.stopped = True

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

    def __init__(self, capacity: int = MAX_WATCH) -> None:
        super().__init__(capacity, on_drop=WatchSession.stop)

    def start(self, **fields: Any) -> WatchSession:
        session = WatchSession(id=new_id(), **fields)
        return self.add(session.id, session)
