"""The store commands, run as real processes on real SQLite files: ``runs``, ``replay`` and
``watch``, and the one-line errors for databases they cannot use."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from sweepkit.bench.result import GameResult, StrategySpec, play_game
from sweepkit.bench.store import ENV_VAR, Store
from sweepkit.cli.game_cmds import render
from sweepkit.game import Game, replay
from sweepkit.play import play
from sweepkit.rules import level
from sweepkit.strategies import STRATEGIES, make_strategy
from tests.cli.inprocess import sweepkit as run_sweepkit

SPEC = {"strategy": "exact", "options": {}, "level": "beginner", "rows": 9, "cols": 9,
        "mines": 10, "rule": "safe", "first": "corner", "seed": 1, "games": 10}

CHOICES = ", ".join(sorted(STRATEGIES))


def sweepkit(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_sweepkit(*args, env=env, drop_env=(ENV_VAR,))


def one_line_error(done: subprocess.CompletedProcess[str], message: str, status: int = 2) -> None:
    assert done.returncode == status, (done.stdout, done.stderr)
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr


@pytest.fixture(scope="module")
def eight() -> list[GameResult]:
    """Beginner games of the exact strategy, run seed 1: seven wins and a loss (index 7)."""
    return [play_game(level("beginner"), StrategySpec("exact"), 1, i) for i in range(8)]


@pytest.fixture
def db(tmp_path: Path, eight: list[GameResult]) -> Path:
    """A database with a run finished with no game stored and a run left running with eight
    games stored of ten."""
    path = tmp_path / "bench.db"
    with Store(path) as store:
        done = store.begin_run({**SPEC, "games": 2, "rule": "opening", "level": None,
                                "rows": 5, "cols": 7, "mines": 3})
        store.finish_run(done, "complete", {"games": 0})
        running = store.begin_run(SPEC)
        store.add_games(running, eight)
    return path


def game_id(path: Path, index: int) -> int:
    with Store(path) as store:
        run_id = store.runs()[-1].id
        return next(g.id for g in store.games(run_id) if g.index == index)


# -- runs ---------------------------------------------------------------------------------

def test_runs_json_is_one_array_of_the_runs(db):
    done = sweepkit("runs", "--db", str(db), "--json")
    assert done.returncode == 0, done.stderr
    runs = json.loads(done.stdout)
    assert [r["id"] for r in runs] == [1, 2]
    first, second = runs
    assert (first["status"], first["level"], first["rows"], first["done"]) == (
        "complete", None, 5, 0)
    assert first["win_rate"] is None
    assert (second["status"], second["done"], second["games"], second["wins"]) == (
        "running", 8, 10, 7)
    assert second["win_rate"] == pytest.approx(7 / 8) and second["seed"] == "1"


def test_runs_table(db):
    done = sweepkit("runs", "--db", str(db))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "strategy" in lines[0] and "win rate" in lines[0]
    complete = next(line for line in lines if "complete" in line)
    assert "custom 5x7/3" in complete and "opening" in complete and "0/2" in complete
    running = next(line for line in lines if "running" in line)
    for text in ("exact", "beginner", "safe", "8/10", "87.5%", "incomplete"):
        assert text in running


def test_runs_takes_the_database_from_the_environment(db, tmp_path):
    done = sweepkit("runs", "--json", env={ENV_VAR: str(db)})
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) == 2
    with Store(tmp_path / "empty.db"):
        pass
    done = sweepkit("runs", env={ENV_VAR: str(tmp_path / "empty.db")})
    assert done.returncode == 0 and done.stdout.startswith("no runs in ")
    assert json.loads(sweepkit("runs", "--json", "--db", str(tmp_path / "empty.db")).stdout) == []


# -- replay -------------------------------------------------------------------------------

@pytest.mark.parametrize("index", [0, 7])  # a win, the loss
def test_replay_moves_prints_every_move_and_the_result(db, eight, index):
    result = eight[index]
    done = sweepkit("replay", str(game_id(db, index)), "--db", str(db), "--moves")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    moves = [line for line in lines if line.startswith("move ")]
    assert len(moves) == result.moves == len(lines) - 2
    assert moves[0] == "move 1: reveal (0, 0) - first click: corner"
    assert all(line.startswith(f"move {n + 1}: ") for n, line in enumerate(moves))
    if result.won:
        assert lines[-1] == f"won in {result.moves} moves"
        assert "certain (" in done.stdout
    else:
        assert lines[-1].startswith(f"lost on move {result.moves}: hit the mine at (")
        assert "mine " in moves[-1] and "%" in moves[-1]  # a guess shows its estimate


def test_replay_shows_the_board_after_every_move(db, eight):
    result = eight[0]
    done = sweepkit("replay", str(game_id(db, 0)), "--db", str(db))
    assert done.returncode == 0, done.stderr
    with Store(db) as store:
        game = replay(store.game(game_id(db, 0)).game_record())
    assert render(game.view()) in done.stdout
    assert done.stdout.count("   0 1 2 3 4 5 6 7 8\n") == result.moves
    assert f"won in {result.moves} moves\ntime " in done.stdout


def test_replay_delay_sleeps_between_moves(db, eight):
    moves = eight[0].moves
    started = time.monotonic()
    done = sweepkit("replay", str(game_id(db, 0)), "--db", str(db), "--moves", "--delay", "20")
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - started >= (moves - 1) * 0.02


def test_replay_fails_loudly_when_the_game_does_not_replay_to_its_result(db):
    game = game_id(db, 0)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET won = 0 WHERE id = ?", (game,))
    done = sweepkit("replay", str(game), "--db", str(db), "--moves")
    one_line_error(done, f"game {game} does not replay to its stored result: stored lost", 1)


@pytest.mark.parametrize(
    ("game", "message"),
    [("99", "no game 99 in "), ("x", "GAME_ID: expected an integer, got 'x'")],
)
def test_replay_bad_game_ids(db, game, message):
    one_line_error(sweepkit("replay", game, "--db", str(db)), message)


def test_replay_bad_delay(db):
    one_line_error(sweepkit("replay", "1", "--db", str(db), "--delay", "-5"),
                   "--delay: expected milliseconds >= 0, got -5")


# -- databases the commands cannot use ------------------------------------------------------

@pytest.mark.parametrize("command", [["runs"], ["runs", "--json"], ["replay", "1"]])
def test_a_missing_database_is_not_created(tmp_path, command):
    path = tmp_path / "nowhere.db"
    one_line_error(sweepkit(*command, "--db", str(path)), f"no database at {path}")
    assert not path.exists()


@pytest.mark.parametrize("command", [["runs"], ["replay", "1"]])
def test_a_corrupt_database(tmp_path, command):
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not SQLite at all" * 100)
    one_line_error(sweepkit(*command, "--db", str(path)),
                   f"{path} is not an SQLite database or is corrupt")
    assert path.read_bytes() == b"this is not SQLite at all" * 100


def test_a_newer_database(db):
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    one_line_error(sweepkit("runs", "--db", str(db)),
                   "has schema revision 9999, newer than this sweepkit knows")


@pytest.mark.slow
def test_a_locked_database(db):
    locker = sqlite3.connect(db, isolation_level=None)
    locker.execute("PRAGMA locking_mode = EXCLUSIVE")
    locker.execute("BEGIN EXCLUSIVE")  # even readers wait: the default busy timeout, 5 s
    try:
        one_line_error(sweepkit("runs", "--db", str(db)), f"database {db} is locked")
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert len(json.loads(sweepkit("runs", "--db", str(db), "--json").stdout)) == 2


# -- watch --------------------------------------------------------------------------------

def test_watch_plays_the_game_of_the_seed_move_by_move():
    done = sweepkit("watch", "--strategy", "exact", "--level", "intermediate", "--seed", "5",
                    "--delay", "0")
    assert done.returncode == 0, done.stderr
    game = Game(level("intermediate"), 5)
    record = play(game, make_strategy("exact"), rng=random.Random("strategy/5"))
    lines = done.stdout.splitlines()
    assert lines[0] == "exact plays level intermediate (16x16/40), rule safe"
    moves = [line for line in lines if line.startswith("move ")]
    assert len(moves) == len(record.log)
    assert render(game.view()) in done.stdout
    assert lines[-1] == "level intermediate (16x16/40), rule safe, seed 5"
    assert ("won in" if game.status == "won" else "lost on move") in done.stdout


def test_watch_with_the_seed_of_a_benchmark_game_plays_that_game(eight):
    result = eight[7]  # the loss
    done = sweepkit("watch", "--strategy", "exact", "--seed", str(result.seed))
    assert done.returncode == 0, done.stderr
    moves = [line for line in done.stdout.splitlines() if line.startswith("move ")]
    assert len(moves) == result.moves
    assert f"lost on move {result.moves}: hit the mine at" in done.stdout


def test_watch_first_click_and_custom_size():
    done = sweepkit("watch", "--strategy", "random", "--rows", "6", "--cols", "8", "--mines",
                    "5", "--rule", "opening", "--first", "3,4", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "move 1: reveal (3, 4) - first click: cell (3, 4)" in done.stdout
    assert done.stdout.splitlines()[-1] == "custom 6x8/5, rule opening, seed 2"
    centre = sweepkit("watch", "--strategy", "exact", "--first", "centre", "--seed", "2")
    assert "move 1: reveal (4, 4) - first click: centre" in centre.stdout


def test_watch_clicks_first_where_bench_does():
    # best: the cell measured best under the rule (as in sweepkit bench); the others: corner
    best = sweepkit("watch", "--strategy", "best", "--rule", "opening", "--seed", "3")
    assert "move 1: reveal (2, 2) - first click: cell (2, 2)" in best.stdout
    exact = sweepkit("watch", "--strategy", "exact", "--rule", "opening", "--seed", "3")
    assert "move 1: reveal (0, 0) - first click: corner" in exact.stdout
    # a default first click the rule cannot allow gets one line, as a given one does
    crowded = sweepkit("watch", "--strategy", "best", "--rule", "opening", "--rows", "3",
                       "--cols", "3", "--mines", "7")
    one_line_error(crowded, "--first: rule 'opening' keeps 9 cells around (1, 1) free")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--strategy", "clever"], f"unknown strategy 'clever' (expected one of {CHOICES})"),
        ([], f"--strategy: name the player, one of {CHOICES}"),
        (["--strategy", "exact", "--radius", "2"], "strategy 'exact' takes no option radius"),
        (["--strategy", "exact", "--radius", "two"], "--radius: expected an integer"),
        (["--strategy", "exact", "--level", "huge"], "unknown level 'huge'"),
        (["--strategy", "exact", "--rule", "lucky"], "unknown first-click rule 'lucky'"),
        (["--strategy", "exact", "--first", "middle"],
         "--first: expected corner, centre, analysed (best) or ROW,COL"),
        (["--strategy", "exact", "--first", "9,0"], "cell (9, 0) is off the 9x9 board"),
        (["--strategy", "exact", "--seed", "x"], "--seed: expected an integer, got 'x'"),
        (["--strategy", "exact", "--delay", "soon"], "--delay: expected an integer"),
        (["--strategy", "exact", "--rows", "3", "--cols", "3", "--mines", "1", "--rule",
          "opening", "--first", "centre"], "leaving 0 cells for 1 mines"),
    ],
)
def test_watch_bad_arguments_get_one_line_and_status_2(args, message):
    one_line_error(sweepkit("watch", *args), message)
