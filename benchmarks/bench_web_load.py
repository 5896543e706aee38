"""Web app under load: hundreds of simulated players against a real ``sweepkit web --workers N``.

    python benchmarks/bench_web_load.py [--players 500] [--workers 2] [--seconds 60]
        [--pace 1.0] [--levels beginner=0.7,expert=0.3] [--seed 0]
        [--kill-worker-at SECONDS] [--kill-server-at SECONDS] [--player-names]
        [--keep-log FILE]

    python benchmarks/bench_web_load.py --pace 0 --players 100     # the most requests a second
    python benchmarks/bench_web_load.py --players 300 --kill-worker-at 20 --kill-server-at 40

Starts ``sweepkit web`` as a subprocess in a process group of its own, on a database in a
temporary folder, listening on 127.0.0.1 only. Each simulated player is an asyncio task
with its own ``httpx.AsyncClient`` (its own cookie jar, so its own ``sweepkit_owner`` key
and default player, and its own keep-alive connection, as a browser has). It plays whole
games in a loop, ``opening`` rule, the level drawn from ``--levels``; it sees only what the
API shows and keeps the board from the replies' ``changes``. Its solver is deliberately
cheap (the client shares the cores with the server, which is what is measured): a single
number whose flags (and mines proved) account for it makes its other covered neighbours
safe, one whose covered neighbours are all needed makes them mines; the player reveals the
safe cells, flags the mines, and else reveals a random covered cell. Between two of its
requests a player waits ``--pace`` seconds on average (uniform within ±50%; 0: no pause,
the most requests a second the server sustains with that many players).

Every move names the ``seq`` the player last saw, so a move retried after a lost reply
is never played twice: the retry gets 409 with the game's state, which the player takes.
Connection errors and 503s are retried with a short backoff (bounded in count and time)
and counted apart. ``--kill-worker-at S`` kills one worker with ``kill -9`` S seconds in
(uvicorn's supervisor starts another); ``--kill-server-at S`` kills the whole process group
with ``kill -9`` and starts the server again on the same database and port. A crash
window runs from the kill until the server serves again (all its workers up) plus
:data:`CRASH_GRACE` seconds.

At the end every player reads back each game it saw acknowledged (``GET /api/games/{id}``)
and its finished games (``GET /api/stats/games``), and the benchmark checks:

- each game holds exactly the acknowledged moves (``seq``, ``moves``, ``status``);
- no 404; no 5xx but 503 with ``Retry-After``, and those (and connection errors) only
  within a crash window;
- each game a player saw finish has a ``record_id``, and the player's stored games are
  exactly the games it saw finish, each once.

It prints the run's table (requests a second, move latency median, p95 and maximum in
milliseconds, games, status counts, the client's and the server's CPU seconds, and what
other processes spent meanwhile: the machine may be shared, and the client shares it
too), the crashes and their windows of failed requests, the latency of each kind of
request (each answered attempt: a 503 retried counts), a timeline by 5 seconds, then the
checks and the server's log lines; it exits with status 1 when a check fails. Wall-clock
figures are reported, never asserted. The server runs ``sys.executable -m sweepkit`` with
this environment: ``PYTHONPATH=/some/checkout/src`` serves that code instead.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import math
import os
import random
import re
import resource
import signal
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table

HOST = "127.0.0.1"
"""The only address any request goes to."""

STARTUP_SECONDS = 90.0
"""How long a (re)started server may take to serve with all its workers (a loaded machine)."""

REQUEST_TIMEOUT = 30.0
"""Seconds one request may take before it counts as a connection error."""

RETRY_ATTEMPTS = 80
RETRY_SECONDS = 60.0
"""A request is tried at most this often, for at most this long, through connection errors
and 503s; then the player gives it up (its game's last move is then uncertain)."""

BACKOFF_FIRST, BACKOFF_MAX = 0.05, 1.0
"""The first retry waits about this long, then twice as long each time up to the maximum."""

CRASH_GRACE = 5.0
"""Seconds after a crashed server (or worker) serves again that still belong to the crash."""

VERIFY_CONCURRENCY = 32
"""Players read back at once in the final checks."""

FINISHED = ("won", "lost")
console = Console(highlight=False, width=120)

if importlib.util.find_spec("sniffio") is None:
    # httpcore tries ``import sniffio`` several times a request; when it is not installed
    # each failed import searches sys.path again (~65 µs): a None in sys.modules fails at
    # once, and httpcore then takes asyncio, which this is.
    sys.modules["sniffio"] = None  # type: ignore[assignment]


# -- the server -------------------------------------------------------------------------


class Server:
    """``sweepkit web --workers N`` on ``db`` in a process group of its own, its output in
    ``log``."""

    def __init__(self, db: Path, log: Path, workers: int) -> None:
        self.db, self.log, self.workers = db, log, workers
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> float:
        """Start it (on the port it had, when it had one) and wait until ``/api/config``
        answers and every worker is up; the seconds that took."""
        began = time.monotonic()
        offset = self.log.stat().st_size if self.log.exists() else 0
        command = [sys.executable, "-m", "sweepkit", "web", "--host", HOST, "--port",
                   str(self.port), "--db", str(self.db), "--workers", str(self.workers)]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})

        def listening() -> bool:  # the line it prints when it listens
            with open(self.log, "rb") as log:
                log.seek(offset)
                found = re.search(rb"sweepkit web: http://127\.0\.0\.1:(\d+)/", log.read())
            if found:
                self.port = int(found.group(1))
            return self.port != 0

        with httpx.Client(timeout=2, trust_env=False) as client:
            def serving() -> bool:
                with contextlib.suppress(httpx.TransportError):
                    return client.get(f"{self.base}/api/config").status_code == 200
                return False

            self._poll(listening, began)
            self._poll(serving, began)
        self._poll(lambda: self.workers == 1 or len(self.children()) >= self.workers, began)
        return time.monotonic() - began

    def _poll(self, done: Callable[[], bool], began: float) -> None:
        """Wait until ``done()`` (every 0.05 s); RuntimeError when the server exits or
        :data:`STARTUP_SECONDS` pass from ``began``."""
        assert self.proc is not None
        for _ in range(int(STARTUP_SECONDS / 0.05) + 1):
            if done():
                return
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n"
                                   f"{self.log.read_text(errors='replace')[-3000:]}")
            if time.monotonic() - began > STARTUP_SECONDS:
                break
            time.sleep(0.05)
        raise RuntimeError(f"the server did not serve within {STARTUP_SECONDS:g} s")

    def children(self) -> list[int]:
        """The worker processes (uvicorn's spawned children) of a multi-worker server."""
        if self.proc is None:
            return []
        found = subprocess.run(["pgrep", "-P", str(self.proc.pid), "-f", "spawn_main"],
                               capture_output=True, text=True, timeout=10).stdout.split()
        return [int(pid) for pid in found]

    def kill_worker(self, rng: random.Random) -> int:
        """``kill -9`` one worker; its pid."""
        workers = self.children()
        if not workers:
            raise RuntimeError("no worker process to kill")
        victim = rng.choice(workers)
        os.kill(victim, signal.SIGKILL)
        return victim

    def wait_workers(self, killed: int) -> float:
        """Wait until the supervisor has started a worker in place of ``killed``; the
        seconds that took."""
        began = time.monotonic()

        def replaced() -> bool:
            workers = self.children()
            return killed not in workers and len(workers) >= self.workers

        self._poll(replaced, began)
        return time.monotonic() - began

    def kill_all(self) -> None:
        """``kill -9`` the whole process group and reap the supervisor."""
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        """SIGTERM the process group (SIGKILL after 15 s)."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=15)
        with contextlib.suppress(ProcessLookupError):  # workers left without a supervisor
            os.killpg(self.proc.pid, signal.SIGKILL)

    def group_cpu(self) -> dict[int, float]:
        """CPU seconds (user + system) of each live process of the server's group."""
        if self.proc is None:
            return {}
        group, tick = self.proc.pid, os.sysconf("SC_CLK_TCK")
        found = {}
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group:  # field 5 of stat: the process group
                found[int(name)] = (int(fields[11]) + int(fields[12])) / tick
        return found


# -- what the players saw ---------------------------------------------------------------


@dataclass
class Seen:
    """A game as its player last saw it acknowledged."""

    id: str
    level: str
    seq: int
    moves: int
    status: str
    record_id: int | None = None
    uncertain: bool = False
    """A move was sent and its answer never came: the game holds ``seq`` or ``seq + 1``."""
    saw_end: bool = False


@dataclass
class Crash:
    """A kill: what, when (seconds into the run), the worker's pid, and when the server
    served again with all its workers."""

    what: str
    at: float
    pid: int | None = None
    back: float | None = None


@dataclass
class Stats:
    """What the players met, with times in seconds from the start of play."""

    latency: dict[str, list[float]] = field(default_factory=dict)
    statuses: Counter[int] = field(default_factory=Counter)
    answered: list[tuple[float, int, str, float]] = field(default_factory=list)
    """(time answered, status, kind of request, seconds it took)."""
    failures: list[tuple[float, str, str]] = field(default_factory=list)
    """(time seen, kind of request, what): connection errors and 5xx."""
    stalls: list[tuple[float, float, str]] = field(default_factory=list)
    """(first attempt, seconds until answered, kind) of each request that needed retries."""
    unexpected: list[tuple[int, str]] = field(default_factory=list)
    """(status, request and detail) of each answer no player should get."""
    transport_errors: int = 0
    given_up: int = 0
    started: int = 0
    finished: int = 0
    won: int = 0
    by_level: Counter[str] = field(default_factory=Counter)
    no_record: int = 0


NEIGHBOURS: dict[tuple[int, int], list[tuple[int, ...]]] = {}
"""Each cell's neighbours, by board shape."""


class Solver:
    """The board as a player sees it, and the trivial single-number rule on it."""

    def __init__(self, rows: int, cols: int, rng: random.Random) -> None:
        self.rows, self.cols, self.rng = rows, cols, rng
        self.size = rows * cols
        self.nbrs = NEIGHBOURS.get((rows, cols)) or self._make(rows, cols)
        self.cells: list[str] = ["."] * self.size
        self.mines: set[int] = set()
        self.safe: list[int] = []
        self.dirty: set[int] = set()

    @staticmethod
    def _make(rows: int, cols: int) -> list[tuple[int, ...]]:
        table = [tuple(rr * cols + cc for rr in range(r - 1, r + 2)
                       for cc in range(c - 1, c + 2)
                       if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols)
                 for r in range(rows) for c in range(cols)]
        NEIGHBOURS[rows, cols] = table
        return table

    def load(self, cells: str) -> None:
        self.cells = list(cells)
        self.mines = {i for i, ch in enumerate(cells) if ch == "F"}
        self.safe = []
        self.dirty = {i for i, ch in enumerate(cells) if ch.isdigit()}

    def apply(self, changes: list[list[Any]]) -> None:
        cells, dirty, nbrs = self.cells, self.dirty, self.nbrs
        for index, code in changes:
            cells[index] = code
            if code == "F":
                self.mines.add(index)
            elif code == ".":
                self.mines.discard(index)
            dirty.add(index)
            dirty.update(nbrs[index])

    def _deduce(self) -> None:
        cells, nbrs, mines = self.cells, self.nbrs, self.mines
        dirty = self.dirty
        for _ in range(4 * self.size):  # each cell is looked at again only on news
            if not dirty:
                break
            index = dirty.pop()
            code = cells[index]
            if not code.isdigit():
                continue
            covered = [j for j in nbrs[index] if cells[j] == "." and j not in mines]
            if not covered:
                continue
            known = sum(1 for j in nbrs[index] if j in mines)
            need = int(code) - known
            if need == 0:
                self.safe.extend(covered)
            elif need == len(covered):
                for j in covered:
                    mines.add(j)
                    dirty.update(nbrs[j])

    def next_move(self) -> tuple[str, int]:
        """``(kind, cell)``: a certain mine not flagged yet, a certain safe cell, or a
        random covered cell."""
        self._deduce()
        cells = self.cells
        for j in self.mines:
            if cells[j] == ".":
                return "flag", j
        while self.safe:
            j = self.safe.pop()
            if cells[j] == "." and j not in self.mines:
                return "reveal", j
        covered = [i for i, ch in enumerate(cells) if ch == "." and i not in self.mines]
        if not covered:  # every covered cell a known mine: the game should be won
            covered = [i for i, ch in enumerate(cells) if ch == "."] or [0]
        return "reveal", self.rng.choice(covered)


@dataclass
class Reply:
    status: int
    doc: dict[str, Any]
    took: float


@dataclass
class Player:
    index: int
    client: httpx.AsyncClient
    rng: random.Random
    name: str | None = None
    games: list[Seen] = field(default_factory=list)


# -- the run ----------------------------------------------------------------------------


class LoadRun:
    def __init__(self, args: argparse.Namespace, server: Server) -> None:
        self.args, self.server = args, server
        self.stats = Stats()
        self.crashes: list[Crash] = []
        self.levels = parse_levels(args.levels)
        self.t0 = 0.0
        self.end = 0.0
        self.rng = random.Random(args.seed)
        self.server_cpu: dict[int, float] = {}
        self.server_cpu0: dict[int, float] = {}
        self.supervisors: set[int] = set()
        self.loop_lag: list[tuple[float, float]] = []
        self.cpu_samples: list[tuple[float, float, float, float]] = []
        """(time, client CPU, server CPU, machine busy) each half second."""
        self.recording = True
        self.checks: list[tuple[str, bool, str]] = []

    def now(self) -> float:
        return time.monotonic() - self.t0

    def playing(self) -> bool:
        return self.now() < self.end

    # -- requests --

    async def call(self, player: Player, kind: str, method: str, path: str,
                   body: dict[str, Any] | None = None,
                   params: dict[str, Any] | None = None) -> Reply | None:
        """One API request, retried through connection errors and 503s (bounded); the
        reply, or None when it was given up."""
        stats, first = self.stats, self.now()
        for attempt in range(RETRY_ATTEMPTS):
            sent = self.now()
            try:
                response = await player.client.request(method, path, json=body,
                                                        params=params)
                doc = response.json() if response.content else {}
            except (httpx.TransportError, ValueError) as exc:
                stats.transport_errors += 1  # a reply that is not JSON too (ValueError)
                stats.failures.append((self.now(), kind, type(exc).__name__))
            else:
                took = self.now() - sent
                code = response.status_code
                if self.recording:
                    stats.latency.setdefault(kind, []).append(took)
                    stats.statuses[code] += 1
                    stats.answered.append((sent + took, code, kind, took))
                detail = f"{method} {path}: {code} {str(doc.get('detail'))[:120]}"
                if code >= 500:
                    retry_after = "retry-after" in response.headers
                    stats.failures.append((sent + took, kind, f"{code}" if retry_after
                                           else f"{code} without Retry-After"))
                    if code != 503 or not retry_after:
                        stats.unexpected.append((code, detail))
                        return Reply(code, doc, took)
                else:
                    if attempt:
                        stats.stalls.append((first, self.now() - first, kind))
                    if code >= 400 and code != 409:
                        stats.unexpected.append((code, detail))
                    return Reply(code, doc, took)
            if self.now() - first > RETRY_SECONDS:
                break
            wait = min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** attempt)
            await asyncio.sleep(wait * player.rng.uniform(0.5, 1.5))
        stats.given_up += 1
        return None

    async def pause(self, player: Player) -> None:
        pace = self.args.pace
        if pace > 0:
            await asyncio.sleep(max(0.0, min(pace * player.rng.uniform(0.5, 1.5),
                                             self.end - self.now())))

    def choose_level(self, rng: random.Random) -> str:
        names, weights = zip(*self.levels.items(), strict=True)
        return rng.choices(names, weights)[0]

    # -- a player --

    def take(self, game: Seen, state: dict[str, Any]) -> None:
        """The game's state as a reply acknowledged it."""
        game.seq, game.moves, game.status = state["seq"], state["moves"], state["status"]
        game.record_id = state.get("record_id")
        game.uncertain = False
        if game.status in FINISHED and not game.saw_end:
            game.saw_end = True
            self.stats.finished += 1
            self.stats.won += game.status == "won"
            if game.record_id is None:
                self.stats.no_record += 1

    async def resync(self, player: Player, game: Seen, solver: Solver) -> bool:
        reply = await self.call(player, "get (resync)", "GET", f"/api/games/{game.id}")
        if reply is None or reply.status != 200:
            return False
        self.take(game, reply.doc)
        solver.load(reply.doc["cells"])
        return True

    async def play(self, player: Player) -> None:
        rng, stats = player.rng, self.stats
        if self.args.pace > 0:
            await asyncio.sleep(rng.uniform(0, self.args.pace))  # players arrive spread
        for _ in range(100_000):
            if not self.playing():
                return
            level = self.choose_level(rng)
            body: dict[str, Any] = {"level": level, "rule": "opening"}
            if self.args.player_names:
                body["player"] = f"load {self.args.seed} {player.index}"
            kind = "new game" if player.name else "first new game (key, player)"
            created = await self.call(player, kind, "POST", "/api/games", body)
            if created is None or created.status != 201:
                await self.pause(player)
                continue
            state = created.doc
            player.name = state["player"]
            game = Seen(state["id"], level, state["seq"], state["moves"], state["status"])
            player.games.append(game)
            stats.started += 1
            stats.by_level[level] += 1
            solver = Solver(state["rows"], state["cols"], rng)
            solver.load(state["cells"])
            cols = state["cols"]
            for _ in range(2 * solver.size + 10):  # a move a covered cell, and its flag
                if game.status in FINISHED or not self.playing():
                    break
                await self.pause(player)
                if not self.playing():
                    break
                kind, cell = solver.next_move()
                move = {"kind": kind, "row": cell // cols, "col": cell % cols, "seq": game.seq}
                reply = await self.call(player, "move", "POST", f"/api/games/{game.id}/moves",
                                        move)
                if reply is None:
                    game.uncertain = True
                    break
                if reply.status == 200:
                    solver.apply(reply.doc["changes"])
                    self.take(game, reply.doc["state"])
                    if game.status in FINISHED and self.recording:  # the move that stores it
                        stats.latency.setdefault("move ending a game", []).append(reply.took)
                elif reply.status == 409 and "cells" in (reply.doc.get("state") or {}):
                    self.take(game, reply.doc["state"])  # our retried move was played
                    solver.load(reply.doc["state"]["cells"])
                else:  # not expected (counted): read the game again, and leave it
                    if not await self.resync(player, game, solver):
                        game.uncertain = True
                    break
            await self.pause(player)

    # -- crashes and samplers --

    async def crash(self) -> None:
        plan = sorted([(at, what) for at, what in
                       ((self.args.kill_worker_at, "kill -9 one worker"),
                        (self.args.kill_server_at, "kill -9 the server"))
                       if at is not None])
        for at, what in plan:
            await asyncio.sleep(max(0.0, at - self.now()))
            crash = Crash(what, self.now())
            self.crashes.append(crash)
            if what.endswith("worker"):
                crash.pid = await asyncio.to_thread(self.server.kill_worker, self.rng)
                await asyncio.to_thread(self.server.wait_workers, crash.pid)
            else:
                self.sample_cpu()
                await asyncio.to_thread(self.server.kill_all)
                await asyncio.to_thread(self.server.start)
                assert self.server.proc is not None
                self.supervisors.add(self.server.proc.pid)
            crash.back = self.now()

    def sample_cpu(self) -> None:
        self.server_cpu.update(self.server.group_cpu())

    async def sampler(self) -> None:
        """The server's CPU each half second, and this loop's lag (how late a 0.1 s
        sleep wakes: the client's own saturation)."""
        for _ in range(int((self.end + 600) / 0.1)):
            began = time.monotonic()
            await asyncio.sleep(0.1)
            self.loop_lag.append((self.now(), time.monotonic() - began - 0.1))
            if len(self.loop_lag) % 5 == 0:
                self.sample_cpu()
                self.cpu_samples.append((self.now(), time.process_time(),
                                         sum(self.server_cpu.values()), machine_busy()))

    def windows(self) -> list[tuple[Crash, float, float]]:
        """Each crash with its window: from the kill until the server serves again, plus
        :data:`CRASH_GRACE`, and no further than the next crash."""
        found = []
        for i, crash in enumerate(self.crashes):
            end = (crash.back if crash.back is not None else math.inf) + CRASH_GRACE
            if i + 1 < len(self.crashes):
                end = min(end, self.crashes[i + 1].at)
            found.append((crash, crash.at, end))
        return found

    # -- the final checks --

    async def verify(self, players: list[Player]) -> list[tuple[str, bool, str]]:
        self.recording = False
        gate = asyncio.Semaphore(VERIFY_CONCURRENCY)
        lost: list[str] = []
        missing: list[str] = []
        stats_wrong: list[str] = []
        read_errors: list[str] = []
        checked = uncertain = 0

        async def check(player: Player) -> None:
            nonlocal checked, uncertain
            async with gate:
                for game in player.games:
                    reply = await self.call(player, "verify", "GET", f"/api/games/{game.id}")
                    if reply is None or reply.status != 200:
                        missing.append(f"{game.id}: {reply.status if reply else 'no answer'}")
                        continue
                    doc = reply.doc
                    checked += 1
                    if game.uncertain:
                        uncertain += 1
                        ok = (doc["seq"] - game.seq in (0, 1)
                              and doc["moves"] - game.moves in (0, 1))
                        if ok:
                            self.take(game, doc)  # the player looks at the game again
                    else:
                        ok = (doc["seq"], doc["moves"], doc["status"]) == (
                            game.seq, game.moves, game.status)
                    if not ok:
                        lost.append(f"{game.id}: saw seq {game.seq} moves {game.moves} "
                                    f"{game.status}, stored seq {doc['seq']} moves "
                                    f"{doc['moves']} {doc['status']}")
                    if game.saw_end and doc.get("record_id") != game.record_id:
                        lost.append(f"{game.id}: record {game.record_id}, stored "
                                    f"{doc.get('record_id')}")
                if player.name is None:
                    return
                ids: list[int] = []
                for page in range(20):
                    reply = await self.call(player, "verify", "GET", "/api/stats/games",
                                            params={"player": player.name, "limit": 1000,
                                                    "offset": 1000 * page})
                    if reply is None or reply.status != 200:
                        read_errors.append(f"{player.name}: "
                                           f"{reply.status if reply else 'no answer'}")
                        return
                    ids += [g["id"] for g in reply.doc["games"]]
                    if len(ids) >= reply.doc["total"] or not reply.doc["games"]:
                        break
                seen = Counter(g.record_id for g in player.games if g.saw_end)
                stored = Counter(ids)
                if seen != stored:
                    extra = sorted((stored - seen).elements(), key=str)
                    absent = sorted((seen - stored).elements(), key=str)
                    stats_wrong.append(f"{player.name}: stored but not seen finished "
                                       f"{extra[:5]}, seen finished but not stored "
                                       f"{absent[:5]}")

        await asyncio.gather(*(check(p) for p in players))
        windows = [(lo, hi) for _, lo, hi in self.windows()]

        def in_window(t: float) -> bool:
            return any(lo <= t <= hi for lo, hi in windows)

        outside = [f for f in self.stats.failures if not in_window(f[0])]
        fivexx_bad = [f for f in self.stats.failures
                      if f[2][0] == "5" and (f[2] != "503" or not in_window(f[0]))]
        conn_outside = [f for f in outside if f[2][0] != "5"]
        not_found = sum(code == 404 for code, _ in self.stats.unexpected)
        not_found += sum(m.endswith(": 404") for m in missing)
        other = [d for code, d in self.stats.unexpected if 400 <= code < 500 and code != 404]

        def tally(failures: list[tuple[float, str, str]]) -> str:
            counts = Counter(f"{what} on {kind}" for _, kind, what in failures)
            return (", ".join(f"{n} x {k}" for k, n in counts.most_common()) +
                    f" (at {min(f[0] for f in failures):.1f}-{max(f[0] for f in failures):.1f} s)")

        def sample(items: list[Any]) -> str:
            return "; ".join(map(str, items[:3])) + (" ..." if len(items) > 3 else "")

        finished = sum(g.saw_end for p in players for g in p.games)
        return [
            ("acknowledged games intact", not lost and not missing,
             f"{checked} games read back ({uncertain} with a last move unanswered); "
             f"{len(lost)} differ, {len(missing)} unreadable"
             + (f": {sample(lost + missing)}" if lost or missing else "")),
            ("no 404", not_found == 0, f"{not_found} answers 404"),
            ("5xx only 503 + Retry-After in a crash window", not fivexx_bad,
             f"{len(fivexx_bad)} others" + (f": {tally(fivexx_bad)}" if fivexx_bad else "")),
            ("connection errors only in a crash window", not conn_outside,
             f"{len(conn_outside)} outside" + (f": {tally(conn_outside)}"
                                               if conn_outside else "")),
            ("no other 4xx", not other, f"{len(other)}" + (f": {sample(other)}"
                                                          if other else "")),
            ("finished games have a record_id", self.stats.no_record == 0,
             f"{finished} seen finished, {self.stats.no_record} without"),
            ("stored games = games seen finished, each once", not stats_wrong and
             not read_errors, f"{sum(p.name is not None for p in players)} players read; "
             f"{len(stats_wrong)} differ, {len(read_errors)} unreadable"
             + (f": {sample(stats_wrong + read_errors)}" if stats_wrong or read_errors
                else "")),
        ]


def parse_levels(text: str) -> dict[str, float]:
    """``beginner=0.7,expert=0.3`` as weights."""
    levels = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        if name.strip() not in ("beginner", "intermediate", "expert"):
            raise argparse.ArgumentTypeError(f"unknown level {name!r}")
        levels[name.strip()] = float(weight or 1)
    if not levels or min(levels.values()) < 0 or not sum(levels.values()) > 0:
        raise argparse.ArgumentTypeError("the weights must be positive")
    return levels


def ms(values: list[float], q: float | None = None) -> str:
    if not values:
        return "-"
    if q is None:
        return f"{statistics.median(values) * 1000:.1f}"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000:.1f}"


def machine_busy() -> float:
    """CPU seconds all cores have spent busy since boot (``/proc/stat``): the machine may
    be shared, and what others spend is not the server's."""
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def raise_file_limit(players: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = players * 2 + 512
    if soft != resource.RLIM_INFINITY and soft < want:
        top = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (top, hard))


async def run(args: argparse.Namespace, server: Server) -> tuple[LoadRun, dict[str, float],
                                                                 list[Player]]:
    load = LoadRun(args, server)
    context = ssl.create_default_context()  # one for all: httpx makes one a client else
    limits = httpx.Limits(max_connections=4, max_keepalive_connections=4,
                          keepalive_expiry=120)
    timeout = httpx.Timeout(REQUEST_TIMEOUT, connect=10)
    players = [Player(i, httpx.AsyncClient(base_url=server.base, limits=limits,
                                           timeout=timeout, verify=context,
                                           trust_env=False),
                      random.Random(f"{args.seed}:{i}"))
               for i in range(args.players)]
    cpu0, wall0, busy0 = time.process_time(), time.monotonic(), machine_busy()
    load.server_cpu0 = server.group_cpu()
    assert server.proc is not None
    load.supervisors.add(server.proc.pid)
    load.t0, load.end = time.monotonic(), float(args.seconds)
    sampler = asyncio.create_task(load.sampler())
    crash = asyncio.create_task(load.crash())
    try:
        await asyncio.wait_for(asyncio.gather(*(load.play(p) for p in players)),
                               timeout=args.seconds + RETRY_SECONDS + 60)
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(crash, timeout=STARTUP_SECONDS)
        load.sample_cpu()
        played = {"wall": time.monotonic() - wall0, "client cpu": time.process_time() - cpu0,
                  "server cpu": sum(load.server_cpu.values())
                  - sum(load.server_cpu0.values()),
                  "machine busy": machine_busy() - busy0}
        cpu1 = time.process_time()
        checks = await asyncio.wait_for(load.verify(players), timeout=300)
        played["verify cpu"] = time.process_time() - cpu1
        load.checks = checks
    finally:
        sampler.cancel()
        crash.cancel()
        await asyncio.gather(*(p.client.aclose() for p in players), return_exceptions=True)
    return load, played, players


def report(args: argparse.Namespace, load: LoadRun, played: dict[str, float]) -> bool:
    stats = load.stats
    moves = stats.latency.get("move", [])
    requests = sum(stats.statuses.values())
    seconds = float(args.seconds)
    in_time = sum(1 for t, *_ in stats.answered if t <= seconds)
    steady = [took for t, _, kind, took in stats.answered if kind == "move" and t >= 10]
    codes = stats.statuses
    other = {c: n for c, n in codes.items() if c not in (200, 201, 409, 503)}
    lag = [lag for _, lag in load.loop_lag]
    others = max(0.0, played["machine busy"] - played["client cpu"] - played["server cpu"])
    table = Table(title="sweepkit web under load", show_header=True)
    table.add_column("measure")
    table.add_column("value", justify="right")
    rows = [
        ("players / workers", f"{args.players} / {args.workers}"),
        ("pace (s between moves)", f"{args.pace:g} ±50%" if args.pace else "0 (no pause)"),
        ("levels", args.levels),
        ("duration (s)", f"{seconds:g} (all answered by {played['wall']:.1f})"),
        ("requests", f"{requests} (+{stats.transport_errors} connection errors)"),
        ("requests / s", f"{in_time / seconds:.1f}"),
        ("moves", f"{len(moves)}"),
        ("move latency median / p95 / max (ms)",
         f"{ms(moves)} / {ms(moves, 0.95)} / {ms(moves, 1.0)}"),
        ("  the same from 10 s on", f"{ms(steady)} / {ms(steady, 0.95)} / {ms(steady, 1.0)}"),
        ("games started / finished / won",
         f"{stats.started} / {stats.finished} / {stats.won} ("
         + ", ".join(f"{n} {level}" for level, n in sorted(stats.by_level.items()))
         + " started)"),
        ("status 200 / 201 / 409 / 503 / other",
         f"{codes[200]} / {codes[201]} / {codes[409]} / {codes[503]} / "
         + (", ".join(f"{c}: {n}" for c, n in sorted(other.items())) or "0")),
        ("connection errors / requests given up",
         f"{stats.transport_errors} / {stats.given_up}"),
        ("client CPU s (play; read-back)",
         f"{played['client cpu']:.1f} ({played['client cpu'] / played['wall']:.0%} of a "
         f"core); {played['verify cpu']:.1f}"),
        ("client loop lag p95 / max (ms)", f"{ms(lag, 0.95)} / {ms(lag, 1.0)}"),
        ("server CPU s (all processes)",
         f"{played['server cpu']:.1f} ({played['server cpu'] / played['wall']:.0%} of a "
         "core)"),
        ("  by process: supervisor(s); each other", cpu_by_process(load)),
        ("other processes' CPU s (machine busy less both)",
         f"{others:.1f} ({others / played['wall']:.0%} of a core; "
         f"{os.cpu_count()} cores)"),
    ]
    for crash, lo, hi in load.windows():
        fails = [f for f in stats.failures if lo <= f[0] < hi]
        kinds = Counter("connection" if f[2][0] != "5" else f[2] for f in fails)
        stalls = [s for s in stats.stalls if lo <= s[0] < hi]
        span = (f"{min(f[0] for f in fails):.1f}-{max(f[0] for f in fails):.1f} s" if fails
                else "none")
        rows.append((f"{crash.what} at {crash.at:.1f} s",
                     f"back at {crash.back:.1f} s" if crash.back is not None else "not back"))
        rows.append(("  failed requests (window)",
                     f"{len(fails)} ({', '.join(f'{k} {n}' for k, n in kinds.items()) or '-'})"
                     f", {span}"))
        rows.append(("  longest a request waited (s)",
                     f"{max((s[1] for s in stalls), default=0):.2f} "
                     f"({len(stalls)} requests retried)"))
    for name, value in rows:
        table.add_row(name, value)
    console.print(table)

    kinds = Table(title="latency by request (ms)")
    for name in ("request", "n", "median", "p95", "max"):
        kinds.add_column(name, justify="left" if name == "request" else "right")
    for name, values in stats.latency.items():
        kinds.add_row(name, str(len(values)), ms(values), ms(values, 0.95), ms(values, 1.0))
    console.print(kinds)

    timeline = Table(title="by 5 s: answers; move latency and client loop lag p95 (ms); "
                           "CPU (% of one core)")
    for name in ("from s", "answers", "2xx", "409", "503", "conn err", "move p50",
                 "move p95", "lag p95", "client", "server", "others"):
        timeline.add_column(name, justify="right")
    samples = load.cpu_samples
    for start in range(0, math.ceil(played["wall"]), 5):
        def inside(t: float, start: int = start) -> bool:
            return start <= t < start + 5
        answered = [c for t, c, *_ in stats.answered if inside(t)]
        took = [took for t, _, kind, took in stats.answered if kind == "move" and inside(t)]
        conn = sum(1 for t, _, what in stats.failures if inside(t) and what[0] != "5")
        lags = [lag for t, lag in load.loop_lag if inside(t)]
        part = [s for s in samples if start <= s[0] <= start + 5]
        cpu = ["-"] * 3
        if len(part) >= 2:
            (t0, client0, server0, busy0), (t1, client1, server1, busy1) = part[0], part[-1]
            spans = client1 - client0, server1 - server0, busy1 - busy0
            shares = spans[0], spans[1], max(0.0, spans[2] - spans[0] - spans[1])
            cpu = [f"{x / (t1 - t0):.0%}" for x in shares]
        timeline.add_row(str(start), str(len(answered)),
                         str(sum(200 <= c < 300 for c in answered)),
                         str(answered.count(409)), str(answered.count(503)), str(conn),
                         ms(took), ms(took, 0.95), ms(lags, 0.95), *cpu)
    console.print(timeline)

    passed = True
    for name, ok, detail in load.checks:
        passed &= ok
        console.print(f"{'PASS' if ok else 'FAIL'}  {name}: {detail}")
    return passed


def cpu_by_process(load: LoadRun) -> str:
    spent = {pid: cpu - load.server_cpu0.get(pid, 0.0) for pid, cpu in load.server_cpu.items()}
    supervisor = sum(spent.pop(pid, 0.0) for pid in load.supervisors)
    workers = sorted((cpu for cpu in spent.values() if cpu >= 0.05), reverse=True)
    return f"{supervisor:.1f}; " + ", ".join(f"{cpu:.1f}" for cpu in workers)


def server_log_summary(log: Path, keep: Path | None) -> None:
    """The server's output besides the line each start prints, its lines counted with
    their numbers blurred; copied to ``keep`` when given."""
    text = log.read_text(errors="replace") if log.exists() else ""
    if keep is not None:
        keep.write_text(text)
    lines = [line for line in text.splitlines() if not line.startswith("sweepkit web: ")]
    distinct = Counter(re.sub(r"\d+", "N", line)[:200] for line in lines)
    console.print(f"server log: {len(lines)} lines besides the start lines"
                  + (f" (kept in {keep})" if keep else ""))
    for line, n in distinct.most_common(8):
        console.print(f"  {n} x {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--players", type=int, default=500,
                        help="simulated players, each its own browser (default 500)")
    parser.add_argument("--workers", type=int, default=2,
                        help="server processes (sweepkit web --workers; default 2)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="duration of play (default 60)")
    parser.add_argument("--pace", type=float, default=1.0,
                        help="mean seconds between a player's moves, ±50%% (0: no pause)")
    parser.add_argument("--levels", default="beginner=0.7,expert=0.3",
                        help="level=weight,... (default beginner=0.7,expert=0.3)")
    parser.add_argument("--seed", type=int, default=0,
                        help="the players' choices (the boards are the server's)")
    parser.add_argument("--kill-worker-at", type=float, default=None, metavar="SECONDS",
                        help="kill -9 one worker this many seconds into the run")
    parser.add_argument("--kill-server-at", type=float, default=None, metavar="SECONDS",
                        help="kill -9 the whole server then, and start it again")
    parser.add_argument("--player-names", action="store_true",
                        help="each player names itself (default: the browser's default "
                             "player, 'player N')")
    parser.add_argument("--keep-log", type=Path, default=None, metavar="FILE",
                        help="copy the server's output there")
    args = parser.parse_args()
    try:
        parse_levels(args.levels)
    except (argparse.ArgumentTypeError, ValueError) as exc:
        parser.error(f"--levels: {exc}")
    if args.kill_worker_at is not None and args.workers < 2:
        parser.error("--kill-worker-at needs --workers 2 or more (one worker is the server)")
    if args.players < 1 or args.seconds <= 0 or args.pace < 0:
        parser.error("--players and --seconds must be positive, --pace not negative")
    for at in (args.kill_worker_at, args.kill_server_at):
        if at is not None and not 0 <= at < args.seconds:
            parser.error("a crash must come within --seconds")
    raise_file_limit(args.players)
    with tempfile.TemporaryDirectory(prefix="bench-web-load-") as tmp:
        server = Server(Path(tmp) / "load.db", Path(tmp) / "server.log", args.workers)
        try:
            took = server.start()
            console.print(f"server {server.base} ({args.workers} workers) up in {took:.1f} s; "
                          f"{args.players} players for {args.seconds:g} s")
            load, played, _ = asyncio.run(run(args, server))
        finally:
            server.stop()
        passed = report(args, load, played)
        server_log_summary(server.log, args.keep_log)
    console.print("all checks passed" if passed else "SOME CHECKS FAILED")
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
