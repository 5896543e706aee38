"""``sweepkit rollout``: its JSON (once as a real process), its text, the default moves (the
best strategy's guess and runners-up) and its refusals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.cli.test_search_cmds import run

SMALL = "mines: 4\n1???\n????\n????\n????\n"


def test_json_names_each_move_with_its_rate_and_paired_difference(tmp_path):
    path = tmp_path / "small.board"
    path.write_text(SMALL)
    result = subprocess.run([sys.executable, "-m", "sweepkit", "rollout", str(path), "--json",
                             "--move", "0,2", "--move", "0,1", "--games", "50", "--seed", "2"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert set(doc) == {"games", "seed", "strategy", "options", "cpu_seconds", "moves"}
    assert (doc["games"], doc["seed"], doc["strategy"]) == (50, 2, "best")
    first, second = doc["moves"]
    assert first["move"] == [0, 2] and second["move"] == [0, 1]
    assert first["vs_first"] is None
    assert 0 <= first["wins"] <= 50 and first["rate"] == first["wins"] / 50
    d, lo, hi = second["vs_first"]
    assert d == pytest.approx(second["rate"] - first["rate"]) and -1 <= lo < d < hi <= 1


def test_text_and_default_moves():
    result = run("rollout", "-", "--games", "20", "--seed", "1", "--top", "3", stdin=SMALL)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("20 layouts (seed 1), then best")
    assert len(lines) == 4  # the hint's move (first) and two runners-up
    assert "vs the first" not in lines[1] and all("vs the first" in x for x in lines[2:])
    # the same seed plays the same games
    assert run("rollout", "-", "--games", "20", "--seed", "1", "--top", "3",
               stdin=SMALL).stdout.splitlines()[1:] == lines[1:]


def test_budget_is_read_as_strength_with_a_one_line_notice():
    """``--budget``, the deprecated name of ``--strength``: the same moves and games, one
    line on standard error."""
    given = ("rollout", "-", "--games", "10", "--seed", "1", "--top", "2")
    new = run(*given, "--strength", "fast", stdin=SMALL)
    old = run(*given, "--budget", "fast", stdin=SMALL)
    assert new.exit_code == old.exit_code == 0, old.stderr
    assert new.stdout.splitlines()[0].startswith("10 layouts (seed 1), then best strength=fast")
    assert [line.split(";")[0] for line in old.stdout.splitlines()] == [
        line.split(";")[0] for line in new.stdout.splitlines()]  # the CPU time aside
    assert old.stderr == "note: --budget is the deprecated name of --strength\n"


@pytest.mark.parametrize(("args", "stdin", "message"), [
    ((), "1???\n????\n", "mine count"),
    (("--move", "0,0"), SMALL, "not a covered cell"),
    (("--move", "9,9"), SMALL, "--move 9,9"),
    (("--move", "1"), SMALL, "--move: expected ROW,COL"),
    (("--move", "0,1", "--move", "0,1"), SMALL, "given twice"),
    (("--games", "0"), SMALL, "--games"),
    (("--strategy", "nobody"), SMALL, "unknown strategy"),
    (("--strength", "huge"), SMALL, "unknown strength"),
    ((), "mines: 1\n3?\n??\n", "inconsistent"),
    ((), "mines: 1\n1*?\n???\n", "is certainly safe: no guess to compare"),
    (("--option", "first=0,0"), SMALL, "--option first"),
    (("--move", "0,1"), "mines: 1\n1-\n??\n", "'-' (safe, number unseen)"),
    (("--games", "2000000"), SMALL, "games: expected 1 to 1,000,000"),
])
def test_refusals_are_one_line(args, stdin, message):
    result = run("rollout", "-", *args, stdin=stdin)
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.count("\n") == 1
