"""Web app latency: round trips to a real ``sweepkit web`` server on loopback.

    python benchmarks/bench_web.py [--games 10]

Starts the server as a subprocess (its own database in a temporary folder) and times, with
one keep-alive HTTP client, each request from send to parsed reply:

- ``config``: ``GET /api/config``, the floor of any request (the baseline of the ratios);
- ``reveal``: every reveal of ``--games`` seeded expert games played to the end by the
  hints, the moves that end a game (and store it) included;
- ``hint``: the hint on each position of those games (expert, mid-game, from scratch);
- ``first click 200x200``: the opening click of a 200×200 board at expert density, whose
  reply carries the whole cascade.

The table gives the median and the 95th percentile in milliseconds and the median's ratio
to ``config`` measured in the same run (the machine is noisy; the ratios travel better).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from sweepkit.web.process import spawn


def timed(call, *args, **kwargs):
    began = time.perf_counter()
    reply = call(*args, **kwargs)
    reply.raise_for_status()
    doc = reply.json()
    return doc, (time.perf_counter() - began) * 1000


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure(url: str, games: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"config": [], "reveal": [], "hint": [],
                                     "first click 200x200": []}
    with httpx.Client(base_url=url, timeout=120) as client:
        for _ in range(200):
            times["config"].append(timed(client.get, "/api/config")[1])
        for seed in range(games):
            game = client.post("/api/games", json={"level": "expert", "seed": seed}).json()
            moves = f"/api/games/{game['id']}/moves"
            reply, ms = timed(client.post, moves, json={"kind": "reveal", "row": 8, "col": 15})
            times["reveal"].append(ms)
            while reply["state"]["status"] == "playing":
                found, ms = timed(client.post, f"/api/games/{game['id']}/hint")
                times["hint"].append(ms)
                row, col = found["hint"]["move"]
                reply, ms = timed(client.post, moves,
                                  json={"kind": "reveal", "row": row, "col": col})
                times["reveal"].append(ms)
        for seed in range(max(3, games // 3)):
            game = client.post("/api/games", json={"rows": 200, "cols": 200, "mines": 8250,
                                                   "rule": "opening", "seed": seed}).json()
            times["first click 200x200"].append(timed(
                client.post, f"/api/games/{game['id']}/moves",
                json={"kind": "reveal", "row": 100, "col": 100})[1])
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="expert games (default 10)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        process, url = spawn(Path(tmp) / "bench.db")
        try:
            times = measure(url, args.games)
        finally:
            process.terminate()
            process.wait(timeout=30)
    base = statistics.median(times["config"])
    print(f"{'request':<22}{'n':>6}{'median ms':>11}{'p95 ms':>9}{'ratio':>8}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<22}{len(values):>6}{median:>11.2f}{p95(values):>9.2f}"
              f"{median / base:>8.1f}")


if __name__ == "__main__":
    main()
