"""``sweepkit web`` as a real server process on loopback: it prints its address and serves;
it refuses a busy port or an unusable database in one line; a hundred clients at once
lose no move and corrupt no record; killing it mid-game loses no finished game."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from sweepkit.game import Game, Status, replay
from sweepkit.rules import level
from sweepkit.store.played import GameBook, GameFilter

STARTUP = 60.0
"""Seconds a server may take to start on a loaded machine."""


class Server:
    """A ``sweepkit web`` process on a free port, stopped at the end of the test."""

    def __init__(self, db: Path) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sweepkit", "web", "--port", "0", "--db", str(db)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # blocks until printed (or the process ends)
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.process.kill()
            raise AssertionError(f"no address printed: {line!r} {self.process.stderr.read()}")
        self.url = found.group(0).rstrip("/")
        deadline = time.monotonic() + STARTUP
        while True:
            try:
                if httpx.get(self.url + "/api/config", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("the server did not answer")
            time.sleep(0.05)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=30)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "web.db")
    yield running
    running.stop()


def run_web(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sweepkit", "web", *args],
                          capture_output=True, text=True, timeout=STARTUP)


def play_to_the_end(client: httpx.Client, seed: int, player: str, lose: bool = False
                    ) -> tuple[dict, int]:
    """A seeded beginner game played to a win (or a loss) through the API, the layout
    known from the library; the last reply and the number of moves sent."""
    first = (4, 4)
    twin = Game(level("beginner"), seed)
    twin.reveal(*first)
    mines = set(twin.reveal_layout(cheat=True).known_mines())
    game = client.post("/api/games", json={"level": "beginner", "seed": seed,
                                           "player": player}).json()
    moves = [first] + ([divmod(min(mines), 9)] if lose else
                       [divmod(i, 9) for i in range(81) if i not in mines])
    sent, opened = 0, set()
    for row, col in moves:
        if row * 9 + col in opened:
            continue
        reply = client.post(f"/api/games/{game['id']}/moves",
                            json={"kind": "reveal", "row": row, "col": col})
        reply.raise_for_status()
        sent += 1
        opened.update(i for i, _ in reply.json()["changes"])
        state = reply.json()["state"]
        if state["status"] in ("won", "lost"):
            return state, sent
    raise AssertionError("the game did not end")


def test_it_prints_its_address_and_serves_the_api(server):
    assert httpx.get(server.url + "/api/config").json()["max_rows"] == 200
    assert httpx.get(server.url + "/openapi.json").json()["info"]["title"] == "sweepkit"


@pytest.mark.slow
def test_a_busy_port_and_a_foreign_database_get_one_line_each(tmp_path, server):
    port = server.url.rsplit(":", 1)[1]
    busy = run_web("--port", port, "--db", str(tmp_path / "other.db"))
    assert busy.returncode == 2
    assert f"port {port} on 127.0.0.1 is in use" in busy.stderr
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE mine (x)")
    refused = run_web("--port", "0", "--db", str(foreign))
    assert refused.returncode == 2 and "not a sweepkit one" in refused.stderr
    assert "Traceback" not in refused.stderr + busy.stderr
    nowhere = run_web("--host", "256.1.1.1", "--port", "0", "--db", str(tmp_path / "n.db"))
    assert nowhere.returncode == 2 and "cannot listen on 256.1.1.1" in nowhere.stderr
    assert "--host" in nowhere.stderr and nowhere.stderr.count("\n") == 1


@pytest.mark.slow
def test_a_hundred_clients_at_once_lose_no_move(server, tmp_path):
    clients = 100

    def player(n: int) -> tuple[dict, int]:
        # A client of its own, as a browser is: its cookie is the key to its game.
        with httpx.Client(base_url=server.url, timeout=60) as client:
            return play_to_the_end(client, 1000 + n, f"client {n}", lose=n % 5 == 0)

    with ThreadPoolExecutor(max_workers=clients) as pool:
        done = list(pool.map(player, range(clients)))
    for n, (state, sent) in enumerate(done):
        assert state["status"] == ("lost" if n % 5 == 0 else "won")
        assert state["clicks"]["left"] == sent  # every move arrived, once
    server.stop()
    with GameBook(tmp_path / "web.db", create=False) as book:
        rows = book.games(limit=1000)
    assert len(rows) == clients
    for row in rows:
        n = int(row.player.split()[1])
        record = row.game_record()
        assert record.seed == 1000 + n and len(record.log) == done[n][1]
        replayed = replay(record)
        assert replayed.status is (Status.LOST if n % 5 == 0 else Status.WON) is (
            Status.WON if row.won else Status.LOST)
        assert row.clicks.left == done[n][1]


@pytest.mark.slow
def test_killing_the_server_mid_game_loses_no_finished_game(server, tmp_path):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        finished = [play_to_the_end(client, seed, "Ada", lose=seed == 2)[0]
                    for seed in (1, 2, 3)]
        under_way = client.post("/api/games", json={"level": "beginner", "seed": 9}).json()
        client.post(f"/api/games/{under_way['id']}/moves",
                    json={"kind": "reveal", "row": 4, "col": 4}).raise_for_status()
    server.stop(signal.SIGKILL)
    with GameBook(tmp_path / "web.db", create=False) as book:
        rows = sorted(book.games(GameFilter(player="Ada")), key=lambda r: r.id)
    assert [r.id for r in rows] == [s["record_id"] for s in finished]
    assert [r.won for r in rows] == [True, False, True]
    for row, state in zip(rows, finished, strict=True):
        assert replay(row.game_record()).status is Status(state["status"])
        assert row.three_bv == state["figures"]["three_bv"]
