"""``sweepkit report`` as a real process: a run made by ``sweepkit bench``, an interrupted
run, the files it writes, ``--published``, and one-line errors (exit 2) for what it cannot
use."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import matplotlib.image
import pytest
from scipy.stats import binomtest

from sweepkit.bench.plots import DPI, FIGSIZE
from sweepkit.bench.report import REPORT_FILES
from sweepkit.bench.result import StrategySpec, play_game
from sweepkit.bench.store import ENV_VAR, Store
from sweepkit.rules import level
from tests.cli.inprocess import sweepkit as run_sweepkit

SPEC = {"strategy": "random", "options": {}, "level": "pedersen-beginner", "rows": 10,
        "cols": 10, "mines": 10, "rule": "safe", "first": "corner", "seed": 3, "games": 40}


def sweepkit(*args: str) -> subprocess.CompletedProcess[str]:
    return run_sweepkit(*args, drop_env=(ENV_VAR,))


def one_line_error(done: subprocess.CompletedProcess[str], message: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Run 1: 30 beginner games of exact by ``sweepkit bench``; run 2: 40 planned
    pedersen-beginner games stored as ``single-point`` (played by random), interrupted
    after 15."""
    path = tmp_path_factory.mktemp("report-cli") / "bench.db"
    done = sweepkit("bench", "--strategy", "exact", "--level", "beginner", "--games", "30",
                    "--seed", "1", "--workers", "1", "--db", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["run_id"] == 1
    games = [play_game(level("pedersen-beginner"), StrategySpec("random"), 3, i)
             for i in range(15)]
    with Store(path) as store:
        run_id = store.begin_run({**SPEC, "strategy": "single-point"})
        store.add_games(run_id, games)
        store.finish_run(run_id, "interrupted", {})
    return path


def row_of(text: str, run_id: int) -> list[str]:
    line = next(x for x in text.splitlines() if x.startswith(f"| {run_id} | "))
    return [c.strip() for c in line.strip("|").split(" | ")]


def test_report_writes_the_table_and_the_plots(db, tmp_path):
    out = tmp_path / "out"
    done = sweepkit("report", "--db", str(db), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == (f"report of 2 run(s) written to {out}: "
                           f"{', '.join(REPORT_FILES)}\n")
    text = (out / "report.md").read_text(encoding="utf-8")
    with Store(db) as store:
        games = store.game_results(1)
    wins, n = sum(g.won for g in games), len(games)
    ci = binomtest(wins, n).proportion_ci(method="wilson")
    row = row_of(text, 1)
    assert row[1:8] == ["exact", "beginner 9×9/10", "safe", "corner", "30", str(wins),
                        f"{wins / n:.2%} [{ci.low:.2%}, {ci.high:.2%}]"]
    assert row[-1] == "complete"
    interrupted = row_of(text, 2)
    assert interrupted[5] == "15" and interrupted[-1] == "**interrupted: 15 of 40 games**"
    assert "published" not in text
    width, height = (round(side * DPI) for side in FIGSIZE)
    for name in REPORT_FILES[1:]:
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert matplotlib.image.imread(out / name).shape[:2] == (height, width)


def test_report_published_puts_the_published_figure_beside_the_matching_run(db, tmp_path):
    out = tmp_path / "out"
    done = sweepkit("report", "--db", str(db), "--out", str(out), "--run", "2", "--published")
    assert done.returncode == 0, done.stderr
    text = (out / "report.md").read_text(encoding="utf-8")
    with Store(db) as store:
        wins = sum(g.won for g in store.game_results(2))
    ci = binomtest(wins, 15).proportion_ci(method="wilson")
    inside = "yes" if ci.low <= 0.774 <= ci.high else "no"
    assert row_of(text, 2)[8] == f"77.40% ({inside})"
    comparison = next(x for x in text.splitlines()
                      if x.startswith("| 2 |") and "| win rate | 77.40% |" in x)
    assert f"| {wins / 15:.2%} | [{ci.low:.2%}, {ci.high:.2%}] | 15 | {inside} |" in comparison
    assert "| 1 | " not in text  # only the run asked for


def test_report_errors_are_one_line(db, tmp_path):
    out = str(tmp_path / "out")
    one_line_error(sweepkit("report", "--db", str(db), "--out", out, "--run", "9"),
                   f"no run 9 in {db}")
    one_line_error(sweepkit("report", "--db", str(db), "--out", out, "--run", "x"),
                   "--run: expected an integer, got 'x'")
    one_line_error(sweepkit("report", "--db", str(db)),
                   "--out: name the directory to write the report into")
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    one_line_error(sweepkit("report", "--db", str(db), "--out", str(blocker / "sub")),
                   f"--out: cannot write the report to {blocker / 'sub'}")
    assert not (tmp_path / "out").exists()


def test_report_on_databases_it_cannot_use(tmp_path):
    out = str(tmp_path / "out")
    missing = tmp_path / "nowhere.db"
    one_line_error(sweepkit("report", "--db", str(missing), "--out", out),
                   f"no database at {missing}")
    assert not missing.exists()
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is not SQLite at all" * 100)
    one_line_error(sweepkit("report", "--db", str(garbage), "--out", out),
                   f"{garbage} is not an SQLite database or is corrupt")
    empty = tmp_path / "empty.db"
    with Store(empty) as store:
        store.finish_run(store.begin_run(SPEC), "complete", {})  # a run without games
    one_line_error(sweepkit("report", "--db", str(empty), "--out", out),
                   f"no complete or interrupted runs with games in {empty}")
