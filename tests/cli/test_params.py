"""The option types read values the project's way: a bad one is one line naming the option
or argument, exit 2; a good one arrives as a number."""

from __future__ import annotations

import pytest

from tests.cli.inprocess import sweepkit

BOARD = "1?\n??\n"


@pytest.mark.parametrize(("args", "message"), [
    (("analyze", "-", "--timeout", "soon"), "--timeout: expected a number, got 'soon'"),
    (("check", "-", "--shrink", "nan"), "--shrink: expected a number, got 'nan'"),
    (("count", "-", "--mines", "²"), "--mines: expected an integer, got '²'"),
    (("safe", "-", "x", "0"), "ROW: expected an integer, got 'x'"),
    (("safe", "-", "0", "0", "1.5"), "MORE: expected an integer, got '1.5'"),
    (("enumerate", "-", "--limit", "-1"), "--limit: expected 0 or more layouts, got -1"),
    (("enumerate", "-", "--method", "bfs"),
     "--method: unknown method 'bfs' (expected one of fast, kadlac)"),
    (("optimal", "-", "--max-layouts", "1e3"), "--max-layouts: expected an integer, got '1e3'"),
    (("bench", "--strategy", "exact", "--games", "1_0"),
     "--games: expected an integer, got '1_0'"),
    (("new", "--rule", "Safe"),
     "--rule: unknown first-click rule 'Safe' (expected one of none, safe, opening)"),
    (("report", "--run", "one"), "--run: expected an integer, got 'one'"),
])
def test_a_bad_value_is_one_line_naming_where_it_is(args, message):
    done = sweepkit(*args, stdin=BOARD)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"error: {message}\n")


def test_numbers_arrive_as_numbers():
    # --timeout 1e2 is 100 seconds; --mines 1 and the cell 0 1 are whole numbers
    done = sweepkit("safe", "-", "0", "1", "--mines", "1", "--timeout", "1e2", stdin=BOARD)
    assert (done.returncode, done.stdout) == (1, "no\n"), done.stderr
    done = sweepkit("safe", "-", "0", "1", "--mines", "+1", stdin=BOARD)
    assert done.stderr == "error: --mines: expected an integer, got '+1'\n"
