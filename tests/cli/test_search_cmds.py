"""The ``optimal`` command: its JSON (once as a real process), its text and its refusals
(in-process, through Typer's test runner, to keep the suite quick)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from sweepkit.cli.main import app

START_4X4 = "mines: 4\n????\n????\n????\n????\n"  # the Code Golf example: 961 of 1820
FIFTY_FIFTY = "mines: 1\n1?\n1?\n"


def run(*args: str, stdin: str = ""):
    """Run the command in this process (exit_code, stdout and stderr apart)."""
    return CliRunner().invoke(app, list(args), input=stdin)


def test_json_has_exactly_the_documented_keys(tmp_path):
    path = tmp_path / "start.board"
    path.write_text(START_4X4)
    result = subprocess.run([sys.executable, "-m", "sweepkit", "optimal", str(path), "--json"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "best_moves": [[0, 1], [0, 2], [1, 0], [1, 3], [2, 0], [2, 3], [3, 1], [3, 2]],
        "wins": "961", "total": "1820"}


def test_text_output_and_mines_option():
    result = run("optimal", "-", stdin=FIFTY_FIFTY)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "wins: 1 of 2 layouts (50.0000%)\nbest moves: (0, 1) (1, 1)\n"
    # --mines overrides the header: no mine at all, so every covered cell is safe
    result = run("optimal", "-", "--json", "--mines", "0", stdin="????\n")
    assert json.loads(result.stdout) == {"best_moves": [[0, 0], [0, 1], [0, 2], [0, 3]],
                                         "wins": "1", "total": "1"}


def test_nothing_left_to_reveal():
    result = run("optimal", "-", stdin="mines: 1\n*1\n")
    assert result.stdout == "wins: 1 of 1 layouts (100.0000%)\nbest moves: none (nothing left " \
                            "to reveal)\n"
    assert json.loads(run("optimal", "-", "--json", stdin="mines: 1\n*1\n").stdout)[
        "best_moves"] == []


@pytest.mark.parametrize(("args", "stdin", "message"), [
    (("optimal", "-"), "????\n", "needs the mine count"),
    (("optimal", "-"), "mines: 1\n2?\n??\n", "inconsistent"),
    (("optimal", "-"), "mines: 1\n1x\n", "bad character"),
    (("optimal", "/no/such/file.board"), "", "cannot read file"),
    (("optimal", "-", "--max-layouts", "10"), START_4X4,
     "1,820 layouts, more than the limit of 10"),
    (("optimal", "-", "--max-layouts", "0"), START_4X4, "--max-layouts"),
    (("optimal", "-", "--timeout", "0.000001"), START_4X4, "budget"),
])
def test_bad_input_is_one_line_and_exit_2(args, stdin, message):
    result = run(*args, stdin=stdin)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr


def test_hint_text_and_json():
    board = "mines: 2\n001?\n012?\n????\n"
    result = run("hint", "-", stdin=board)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("reveal (2, 0): certain [single]\n"
                                    "  the 0 at (1, 0) already has all its mines")
    doc = json.loads(run("hint", "-", "--json", "--alternatives", "1", stdin=board).stdout)
    assert set(doc) == {"move", "action", "certain", "probability", "rule", "reason",
                        "because", "alternatives"}
    assert doc["move"] == [2, 0] and doc["certain"] and len(doc["alternatives"]) == 1
    assert doc["because"] == [[1, 0]]  # the 0 the reason names
    assert set(doc["alternatives"][0]) == {"cells", "probability", "scores", "reason"}
    guess = json.loads(run("hint", "-", "--json", stdin=FIFTY_FIFTY).stdout)
    assert not guess["certain"] and guess["probability"] == 0.5 and guess["because"] == []


@pytest.mark.parametrize(("args", "stdin", "message"), [
    (("hint", "-"), "mines: 1\n2?\n??\n", "inconsistent"),
    (("hint", "-", "--strength", "slow"), FIFTY_FIFTY, "--strength: unknown strength 'slow'"),
    (("hint", "-", "--alternatives", "-1"), FIFTY_FIFTY, "--alternatives"),
    (("hint", "-"), "mines: 1\n*1\n", "nothing is left to reveal: no cell is covered"),
    (("hint", "-"), "mines: 1\n?1\n", "nothing is left to reveal: every covered cell is a"),
])
def test_hint_bad_input_is_one_line_and_exit_2(args, stdin, message):
    result = run(*args, stdin=stdin)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr


def test_hint_reads_budget_as_strength_with_a_one_line_notice():
    """``--budget``, the deprecated name of ``--strength``: the same hint, one line on
    standard error; a bad value is named under the option given."""
    new = run("hint", "-", "--strength", "fast", stdin=FIFTY_FIFTY)
    old = run("hint", "-", "--budget", "fast", stdin=FIFTY_FIFTY)
    assert new.exit_code == old.exit_code == 0, old.stderr
    assert old.stdout == new.stdout and new.stderr == ""
    assert old.stderr == "note: --budget is the deprecated name of --strength\n"
    bad = run("hint", "-", "--budget", "slow", stdin=FIFTY_FIFTY)
    assert bad.exit_code == 2
    assert bad.stderr.splitlines() == [
        "note: --budget is the deprecated name of --strength",
        "error: --budget: unknown strength 'slow' (expected one of fast, normal, max, or a "
        "number of layouts)"]


def test_analyze_json_leaves_out_explanations_past_their_budget(monkeypatch, tmp_path):
    from sweepkit.boardfile import format_board
    from sweepkit.cli import analysis_cmds
    from sweepkit.reductions.layout import reduce_text

    board = tmp_path / "reduced.board"
    board.write_text(format_board(reduce_text("p cnf 2 2\n1 -2 0\n2 0\n", "cnf")[0].position))
    monkeypatch.setattr(analysis_cmds, "EXPLAIN_SECONDS", 0.2)
    result = run("analyze", str(board), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["explanations"] is None and doc["layouts"] == "1" and len(doc["safe"]) > 100
    assert "explanations left out (null)" in result.stderr
