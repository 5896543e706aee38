"""Fingerprints of fixed-seed runs of every strategy, to show a refactor changed no move.

Run: ``python benchmarks/record_hashes.py OUT.json [GAMES]`` (default 200), once on each
tree (``PYTHONPATH=<tree>/src``), then compare the two files. For every strategy at
beginner and expert, ``sweepkit bench --seed 34 --workers 1`` plays the games into a fresh
database; each stored game (index, seed, won, record without its times) goes into one
sha256 a run, printed as it finishes with the run's wins.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from sweepkit.bench.store import Store
from sweepkit.strategies import STRATEGIES

TIMES = {"time", "seconds", "elapsed", "started", "finished", "wall", "cpu", "t", "at",
         "clock"}
"""Record keys that differ run to run and are left out of the hash."""


def without_times(value: Any) -> Any:
    """``value`` (a record's JSON) with every key of :data:`TIMES` dropped, at any depth."""
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if k not in TIMES}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


def run_hash(strategy: str, level: str, games: str) -> tuple[int, str]:
    """The wins and the sha256 of one fixed-seed run of ``strategy`` at ``level``."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "b.db"
        done = subprocess.run([sys.executable, "-m", "sweepkit", "bench", "--strategy",
                               strategy, "--level", level, "--games", games, "--seed", "34",
                               "--workers", "1", "--db", str(db), "--json"],
                              capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(done.stderr)
        digest = hashlib.sha256()
        with Store(db) as store:
            (run,) = store.runs()
            for g in sorted(store.game_results(run.id), key=lambda g: g.index):
                digest.update(json.dumps([g.index, g.seed, g.won,
                                          without_times(json.loads(g.record))],
                                         sort_keys=True).encode())
        return json.loads(done.stdout)["wins"], digest.hexdigest()


def main() -> None:
    out, games = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "200")
    result = {}
    for strategy in sorted(STRATEGIES):
        for level in ("beginner", "expert"):
            wins, digest = run_hash(strategy, level, games)
            result[f"{strategy}/{level}"] = {"wins": wins, "sha256": digest}
            print(strategy, level, wins, digest[:16], flush=True)
    Path(out).write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
