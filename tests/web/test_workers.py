"""Real server processes, on an SQLite file and on a PostgreSQL server: a game survives a
restart (SIGTERM) and a ``kill -9`` of the whole server with the same board, moves, owner
and clock, and its next move works; with ``--workers 2`` every request may land on either
process (a new connection each) and the game, a job, a trainer puzzle and a watch session
answer the same from both; a worker killed with ``kill -9`` is replaced and loses no
game."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.conftest import ROOT, START_TIMEOUT, _answers, _free_port

pytestmark = pytest.mark.slow


class Server:
    """``sweepkit web`` on a database file, in a process group of its own."""

    def __init__(self, db: Path | str, log: Path, workers: int = 1) -> None:
        self.db, self.log, self.workers = db, log, workers
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Server:
        command = [sys.executable, "-m", "sweepkit", "web", "--port", str(self.port),
                   "--db", str(self.db), "--workers", str(self.workers)]
        with open(self.log, "a") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                         cwd=ROOT, start_new_session=True,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + START_TIMEOUT
        while not _answers(f"{self.base}/api/config"):
            assert self.proc.poll() is None, self.log.read_text()
            assert time.monotonic() < deadline, self.log.read_text()
            time.sleep(0.1)
        if self.workers > 1:  # every worker up: each answers its own connections
            while len(self.children()) < self.workers:
                assert time.monotonic() < deadline, self.log.read_text()
                time.sleep(0.1)
        return self

    def children(self) -> list[int]:
        assert self.proc is not None
        found = subprocess.run(["pgrep", "-P", str(self.proc.pid), "-f", "spawn_main"],
                               capture_output=True, text=True).stdout.split()
        return [int(pid) for pid in found]

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, sig)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=5)
        self.proc = None


class Browser:
    """A browser's cookie jar, each request on a new connection (so it may reach any
    worker)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.cookies = httpx.Cookies()

    def call(self, method: str, path: str, body=None, retries: int = 0) -> httpx.Response:
        for attempt in range(retries + 1):
            try:
                with httpx.Client(base_url=self.server.base, cookies=self.cookies,
                                  timeout=30) as client:
                    reply = client.request(method, "/api" + path, json=body)
                self.cookies.update(reply.cookies)
                if reply.status_code != 503 or attempt == retries:
                    return reply
            except httpx.TransportError:
                if attempt == retries:
                    raise
            time.sleep(0.3)
        raise AssertionError("unreachable")


@pytest.fixture
def server(tmp_path, database) -> Iterator[Server]:
    made = Server(database, tmp_path / "server.log")
    yield made
    made.stop(signal.SIGKILL)


def steady(state: dict) -> dict:
    return {k: v for k, v in state.items() if k not in ("elapsed", "yours")}


def play_some(browser: Browser, flags: int = 5) -> tuple[str, dict]:
    """An expert game, its first reveal and some flags made; its state."""
    game = browser.call("POST", "/games", {"level": "expert", "seed": 9, "rule": "opening",
                                           "player": "Ada"}).json()
    path = f"/games/{game['id']}/moves"
    assert browser.call("POST", path, {"kind": "reveal", "row": 8, "col": 15}).status_code == 200
    for col in range(flags):
        assert browser.call("POST", path, {"kind": "flag", "row": 0, "col": col}
                            ).status_code == 200
    return game["id"], browser.call("GET", f"/games/{game['id']}").json()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["restart", "kill-9"])
def test_a_game_survives_the_server_stopping(server, sig):
    browser = Browser(server.start())
    game_id, before = play_some(browser)
    time.sleep(1.0)  # the clock ran a second since the last move
    server.stop(sig)
    down = time.monotonic()
    time.sleep(3.0)  # the server is down: no clock counts this
    server.start()
    up = time.monotonic() - down
    after = browser.call("GET", f"/games/{game_id}").json()
    assert steady(after) == steady(before) and after["yours"]
    assert before["elapsed"] + 0.5 < after["elapsed"] < before["elapsed"] + up - 1.0
    moved = browser.call("POST", f"/games/{game_id}/moves", {"kind": "flag", "row": 0,
                                                              "col": 10})
    assert moved.status_code == 200 and moved.json()["state"]["seq"] == before["seq"] + 1
    stranger = Browser(server)
    assert stranger.call("POST", f"/games/{game_id}/moves",
                         {"kind": "flag", "row": 0, "col": 11}).status_code == 403


def test_two_workers_answer_alike_and_a_killed_worker_loses_nothing(tmp_path, database):
    server = Server(database, tmp_path / "server.log", workers=2).start()
    try:
        browser = Browser(server)
        game_id, state = play_some(browser, flags=0)
        path = f"/games/{game_id}/moves"
        seen = []
        for n in range(30):  # new connections: both workers get some of them
            reply = browser.call("POST", path, {"kind": "flag", "row": 1 + n // 30,
                                                "col": n % 30})
            assert reply.status_code == 200, reply.text
            seen.append(reply.json()["state"]["seq"])
        assert seen == list(range(state["seq"] + 1, state["seq"] + 31))
        # A job started on one worker is polled (and found) through any.
        job = browser.call("POST", "/jobs/hint", {"game_id": game_id}).json()
        for _ in range(200):
            polled = browser.call("GET", f"/jobs/{job['id']}").json()
            if polled["status"] in ("done", "failed"):
                break
            time.sleep(0.05)
        assert polled["status"] == "done" and polled["result"]["hint"]
        # A puzzle handed out by one worker is answered through any, once.
        puzzle = browser.call("POST", "/trainer/puzzles", {"lesson": "single",
                                                           "player": "Ada"}).json()
        cell = puzzle["cells"].index(".")
        answers = [browser.call("POST", f"/trainer/puzzles/{puzzle['id']}/answer",
                                {"row": cell // puzzle["cols"], "col": cell % puzzle["cols"]}
                                ).status_code for _ in range(6)]
        assert answers[0] == 200 and set(answers[1:]) == {409}
        # A worker killed mid-game: the supervisor starts another; nothing is lost.
        victim = server.children()[0]
        os.kill(victim, signal.SIGKILL)
        for n in range(20):
            reply = browser.call("POST", path, {"kind": "flag", "row": 3, "col": n},
                                 retries=20)
            assert reply.status_code == 200, reply.text
        final = browser.call("GET", f"/games/{game_id}").json()
        assert final["seq"] == state["seq"] + 51  # 30 + the hint's assist + 20
        assert final["cells"].count("F") == 50
        deadline = time.monotonic() + START_TIMEOUT
        while len(server.children()) < 2 or victim in server.children():
            assert time.monotonic() < deadline, "the killed worker was not replaced"
            time.sleep(0.2)
    finally:
        server.stop(signal.SIGKILL)


def test_a_watch_session_is_controlled_through_either_worker(tmp_path, database):
    server = Server(database, tmp_path / "server.log", workers=2).start()
    try:
        browser = Browser(server)
        session = browser.call("POST", "/watch", {"level": "beginner", "strategy": "exact",
                                                  "delay_ms": 250, "games": 1000}).json()
        with httpx.Client(base_url=server.base, timeout=30) as streamer, streamer.stream(
                "GET", f"/api/watch/{session['id']}/events") as events:
            lines = events.iter_lines()
            moves = 0
            for line in lines:
                if line.startswith("event: move"):
                    moves += 1
                if moves == 5:
                    break
            for _ in range(4):  # either worker takes the pause
                paused = browser.call("POST", f"/watch/{session['id']}/control",
                                      {"action": "pause"}).json()
                assert paused["paused"]
            time.sleep(1.5)  # paused: no move comes (at a move every 250 ms, six would)
            again = browser.call("POST", f"/watch/{session['id']}/control",
                                 {"action": "stop"}).json()
            assert again["stopped"]
            rest = [line for line in lines if line.startswith("event: move")]
            assert len(rest) <= 1  # at most the move already on its way
        state = browser.call("GET", f"/watch/{session['id']}").json()
        assert state["stopped"] and json.dumps(state)
    finally:
        server.stop(signal.SIGKILL)
