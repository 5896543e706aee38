"""``sweepkit bench`` as a real process on a real SQLite file: the JSON document, the same
games for any worker count, Ctrl-C and a killed worker; its one-line errors in process."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from sweepkit.bench.stats import wilson
from sweepkit.bench.store import ENV_VAR, Store
from sweepkit.strategies import STRATEGIES
from tests.cli.inprocess import sweepkit

REQUIRED = {"strategy", "level", "rule", "games", "wins", "win_rate", "ci95",
            "games_per_second", "games_per_cpu_second", "guesses_per_game", "loss_causes",
            "calibration"}


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "sweepkit", "bench", *args]


def environ() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != ENV_VAR}


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command(*args), capture_output=True, text=True, timeout=300,
                          check=False, env=environ())


def test_json_is_one_object_with_the_promised_keys(tmp_path):
    db = tmp_path / "b.db"
    done = bench("--strategy", "exact", "--level", "beginner", "--games", "30", "--seed", "4",
                 "--workers", "1", "--db", str(db), "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert set(doc) >= REQUIRED
    assert doc["games"] == 30 and doc["level"] == "beginner" and doc["rule"] == "safe"
    assert doc["ci95"] == pytest.approx(list(wilson(doc["wins"], 30)))
    for row in doc["calibration"]:
        assert {"estimate", "trials", "observed"} <= set(row)
    with Store(db) as store:
        (run,) = store.runs()
        assert run.status == "complete" and run.done == 30 and run.wins == doc["wins"]


@pytest.mark.slow
def test_best_takes_a_strength_options_and_the_rules_first_click(tmp_path):
    db = tmp_path / "b.db"
    done = bench("--strategy", "best", "--level", "beginner", "--rule", "opening", "--games",
                 "4", "--seed", "4", "--workers", "1", "--db", str(db), "--json",
                 "--strength", "fast", "--option", "endgame=50", "--option",
                 "fifty-fifty=false")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["options"] == {"strength": "fast", "endgame": 50, "fifty_fifty": False}
    assert doc["first"] == "2,2" and doc["rule"] == "opening"  # recommended_first at beginner
    with Store(db) as store:
        (run,) = store.runs()
        assert run.strategy_spec.build().endgame == 50


@pytest.mark.slow
def test_worker_counts_and_dask_give_the_same_games(tmp_path):
    docs = []
    for extra in (["--workers", "1"], ["--workers", "2"], ["--workers", "2", "--dask", "local"]):
        db = tmp_path / f"w{len(docs)}.db"
        done = bench("--strategy", "exact", "--level", "intermediate", "--games", "12",
                     "--seed", "9", "--db", str(db), "--json", *extra)
        assert done.returncode == 0, done.stderr
        with Store(db) as store:
            (run,) = store.runs()
            docs.append([(g.index, g.won, g.record) for g in store.games(run.id)])
    assert docs[0] == docs[1] == docs[2] and len(docs[0]) == 12


def wait_for_games(db: Path, at_least: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if db.exists():
            try:
                with Store(db, create=False) as store:
                    runs = store.runs()
                    if runs and runs[0].done >= at_least:
                        return
            except Exception:  # the file may be half-created: try again
                pass
        time.sleep(0.2)
    raise AssertionError(f"no {at_least} games stored in time")


@contextmanager
def long_run(*args: str) -> Iterator[subprocess.Popen]:
    """A 100,000-game bench run in its own process group, killed with its workers at the
    end whatever the test did (a failed test must not leave it playing)."""
    proc = subprocess.Popen(command("--strategy", "exact", "--games", "100000", *args),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=environ(), start_new_session=True)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_ctrl_c_keeps_the_finished_games_and_marks_the_run_interrupted(tmp_path, stop):
    """Ctrl-C (to the whole process group, as a terminal sends it), or SIGTERM to the
    process (``kill PID``)."""
    db = tmp_path / "int.db"
    with long_run("--seed", "1", "--workers", "2", "--db", str(db), "--json") as proc:
        wait_for_games(db, 20)
        if stop == signal.SIGINT:
            os.killpg(proc.pid, stop)
        else:
            proc.send_signal(stop)
        out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    doc = json.loads(out)
    assert doc["status"] == "interrupted" and 20 <= doc["games"] < 100000
    assert "interrupted" in err and "Traceback" not in err
    with Store(db) as store:
        (run,) = store.runs()
        assert run.status == "interrupted" and run.done == doc["games"]
        assert len(store.game_results(run.id)) == doc["games"]


@pytest.mark.slow
def test_a_killed_worker_fails_the_run_without_losing_games(tmp_path):
    db = tmp_path / "kill.db"
    with long_run("--seed", "2", "--workers", "2", "--db", str(db)) as proc:
        wait_for_games(db, 20)
        children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True,
                                  text=True, check=False).stdout.split()
        workers = [int(pid) for pid in children
                   if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
        assert workers, "no worker process found"
        os.kill(workers[-1], signal.SIGKILL)
        _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1 and "error: run 1 failed" in err and "worker" in err
    with Store(db) as store:
        (run,) = store.runs()
        assert run.status == "failed" and run.incomplete
        stored = store.game_results(run.id)
        assert len(stored) == run.done >= 20
        assert len({r.index for r in stored}) == len(stored)


@pytest.mark.parametrize(("args", "message"), [
    (["--strategy", "nope", "--games", "3"],
     f"--strategy: unknown strategy 'nope' (expected one of {', '.join(sorted(STRATEGIES))})"),
    (["--strategy", "exact", "--games", "3", "--level", "huge"], "unknown level 'huge'"),
    (["--strategy", "exact", "--games", "3", "--rule", "maybe"],
     "unknown first-click rule 'maybe' (expected one of none, safe, opening)"),
    (["--strategy", "exact", "--games", "0"], "--games: expected a number of games of at least"),
    (["--strategy", "exact", "--games", "3", "--rows", "3", "--cols", "3", "--mines", "9"],
     "9 mines do not fit on a 3x3 board"),
    (["--strategy", "exact", "--games", "3", "--rows", "3", "--cols", "3", "--mines", "7",
      "--rule", "opening"], "--first: rule 'opening' keeps 4 cells"),
    (["--strategy", "exact", "--games", "3", "--radius", "2"], "takes no option radius"),
    (["--strategy", "exact", "--games", "3", "--first", "middle"], "--first: expected corner"),
    pytest.param(["--strategy", "exact", "--games", "3", "--scheduler", "tcp://127.0.0.1:9",
                  "--connect-timeout", "0.5"],
                 "no Dask scheduler at tcp://127.0.0.1:9", marks=pytest.mark.slow),
    (["--strategy", "exact", "--games", "3", "--connect-timeout", "1"],
     "--connect-timeout: it is how long to wait for a --scheduler"),
    (["--strategy", "exact", "--games", "3", "--scheduler", "tcp://127.0.0.1:9",
      "--connect-timeout", "0"], "--connect-timeout: expected a number of seconds above 0"),
    (["--strategy", "exact", "--games", "3", "--dask", "remote"],
     "--dask: unknown cluster 'remote' (expected local; a remote one is --scheduler ADDRESS)"),
    (["--strategy", "best", "--games", "3", "--strength", "slow"], "unknown strength 'slow'"),
    (["--strategy", "best", "--games", "3", "--option", "guess"], "--option: expected KEY=VALUE"),
    (["--strategy", "best", "--games", "3", "--option", "colour=red"],
     "takes no option colour"),
    (["--strategy", "best", "--games", "3", "--option", "guess=maybe"],
     "unknown guess mode 'maybe'"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, message):
    done = sweepkit("bench", *args, "--db", str(tmp_path / "e.db"), drop_env=(ENV_VAR,))
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    assert message in done.stderr


def test_budget_is_read_as_strength_with_a_one_line_notice(tmp_path):
    """``--budget`` and ``--option budget=``, the deprecated names of ``--strength``: one
    line on standard error each, the same preset, stored under the current name; with
    ``--strength`` naming another preset, the notice and a one-line error."""
    db = tmp_path / "b.db"
    common = ("bench", "--strategy", "best", "--level", "beginner", "--games", "1",
              "--seed", "4", "--workers", "1", "--db", str(db), "--json")
    docs = []
    for given, notice in ((["--strength", "fast"], None),
                          (["--budget", "fast"], "note: --budget is the deprecated name of "
                           "--strength\n"),
                          (["--option", "budget=fast"], "note: --option budget is the "
                           "deprecated name of --option strength\n")):
        done = sweepkit(*common, *given, drop_env=(ENV_VAR,))
        assert done.returncode == 0, done.stderr
        assert done.stderr == (notice or "")
        docs.append(json.loads(done.stdout))
    assert [d["options"] for d in docs] == [{"strength": "fast"}] * 3
    assert len({d["wins"] for d in docs}) == 1
    with Store(db) as store:
        assert [run.options for run in store.runs()] == [{"strength": "fast"}] * 3
    done = sweepkit(*common, "--strength", "max", "--budget", "fast", drop_env=(ENV_VAR,))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "note: --budget is the deprecated name of --strength",
        "error: --strength max and --budget fast (its deprecated name) given both"]


def test_a_corrupt_database_is_refused_and_left_alone(tmp_path):
    db = tmp_path / "bad.db"
    db.write_bytes(b"not a database at all" * 100)
    before = db.read_bytes()
    done = bench("--strategy", "exact", "--games", "3", "--db", str(db))
    assert done.returncode == 2 and "is not an SQLite database" in done.stderr
    assert db.read_bytes() == before


@pytest.mark.slow
def test_resume_plays_the_missing_games_and_matches_an_uninterrupted_run(tmp_path):
    db = tmp_path / "res.db"
    args = ("--strategy", "exact", "--level", "beginner", "--games", "40", "--seed", "6",
            "--workers", "1", "--db", str(db), "--json")
    whole = json.loads(bench(*args).stdout)
    with Store(db) as store:
        before = {g.index: g for g in store.game_results(1)}
    # Take the run back to an interrupted state with games missing in two stretches.
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM games WHERE run_id = 1 AND (idx BETWEEN 5 AND 17 OR idx > 33)")
        conn.execute("UPDATE runs SET status = 'interrupted' WHERE id = 1")
    conn.close()
    done = bench("--resume", "1", "--workers", "2", "--db", str(db), "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["status"] == "complete" and doc["resumed_with"] == 40 - 13 - 6
    for key in ("games", "wins", "guesses_per_game", "loss_causes", "calibration", "seed"):
        assert doc[key] == whole[key], key
    with Store(db) as store:
        (run,) = store.runs()
        assert run.status == "complete" and run.done == 40
        after = {g.index: g for g in store.game_results(1)}
    assert {i: (g.seed, g.won, g.record) for i, g in after.items()} == \
        {i: (g.seed, g.won, g.record) for i, g in before.items()}


@pytest.mark.parametrize(("args", "message"), [
    (["--resume", "1", "--strategy", "exact"], "--resume plays the run as it was stored: "
     "leave out --strategy"),
    (["--resume", "1"], "run 1 is complete: nothing to resume"),
    (["--resume", "7"], "no run 7 in"),
    (["--games", "3"], "--strategy: missing"),
])
def test_resume_errors_are_one_line(tmp_path, args, message):
    db = tmp_path / "r.db"
    assert sweepkit("bench", "--strategy", "random", "--games", "2", "--seed", "1",
                    "--workers", "1", "--db", str(db), drop_env=(ENV_VAR,)).returncode == 0
    done = sweepkit("bench", *args, "--db", str(db), drop_env=(ENV_VAR,))
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    assert message in done.stderr


@pytest.mark.slow
def test_no_guess_runs_are_stored_as_such_and_the_exact_player_wins_every_game(tmp_path):
    db = tmp_path / "b.db"
    done = bench("--strategy", "exact", "--level", "intermediate", "--games", "6", "--seed",
                 "3", "--workers", "1", "--db", str(db), "--json", "--no-guess")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    # certain moves alone clear a no-guess board: no guess after the first click, no loss
    assert doc["no_guess"] is True and doc["wins"] == 6
    with Store(db) as store:
        (run,) = store.runs()
        assert run.no_guess and run.as_json()["no_guess"] is True
        for game in store.game_results(run.id):
            record = json.loads(game.record)
            assert record["no_guess"] is True and record["mine_cells"] is not None
            assert game.guesses == 1  # the first click, the only move without a proof
    listed = subprocess.run([sys.executable, "-m", "sweepkit", "runs", "--db", str(db)],
                            capture_output=True, text=True, timeout=60, env=environ())
    assert "safe, no-guess" in listed.stdout
    dense = bench("--strategy", "exact", "--rows", "10", "--cols", "10", "--mines", "30",
                  "--games", "2", "--no-guess", "--db", str(db))
    assert dense.returncode == 2 and "no-guess boards are made up to 0.25" in dense.stderr
