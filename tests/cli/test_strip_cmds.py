"""``sweepkit strip`` and ``sweepkit automaton`` in a real process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.boardfile import parse_board
from sweepkit.cli.strip_cmds import layout_rows
from sweepkit.position import MINE
from tests.cli.inprocess import sweepkit as run
from tests.digits import reference_decimal
from tests.examples import examples
from tests.strategies_boards import positions

FIG_6 = "2?4??\n???B2\n"


@pytest.fixture
def write(tmp_path: Path):
    def make(text: str, name: str = "b.board") -> str:
        path = tmp_path / name
        path.write_text(text)
        return str(path)
    return make


def test_json_report_of_the_transfer_machine(write):
    done = run("strip", write(FIG_6), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert list(report) == ["machine", "consistent", "layouts", "witness", "output", "path"]
    assert report["machine"] == "transfer" and report["consistent"] is True
    assert report["layouts"] == "4" and report["output"] is None and report["path"] is None
    layout = parse_board("\n".join(report["witness"]))
    fig = parse_board(FIG_6)
    mines = [i for i, v in enumerate(layout.cells) if v == -2]
    assert fig.explains(mines) and fig.layout(mines) == layout


@pytest.mark.slow
def test_counts_beyond_the_interpreters_digit_limit_print_in_full(write):
    """A 2x10000 all-? strip has 2^20000 layouts (6,021 digits): more than Python's default
    limit of 4,300 digits for str(int), which must not matter."""
    n = 10_000
    path = write(f"{'?' * n}\n{'?' * n}\n")
    digits = json.loads(run("strip", path, "--json").stdout)["layouts"]
    assert len(digits) == 6_021 > 4_300
    assert digits == reference_decimal(2 ** (2 * n))
    text = run("strip", path, "--machine", "hulin")
    assert text.returncode == 0, text.stderr
    assert f"layouts: {digits}" in text.stdout


def test_hulin_json_with_trace_gives_the_set_level_run(write):
    done = run("strip", write(FIG_6), "--machine", "hulin", "--trace", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["layouts"] == "4"
    assert report["path"] == ["{q0}", "{q6,q8}", "{q2,q3}", "{q6,q8}", "{q2,q3}", "{q4,q5,q7}"]


def test_hulin_readable_trace_lists_the_accepting_paths(write):
    done = run("strip", write(FIG_6), "-m", "hulin", "--trace")
    assert done.returncode == 0, done.stderr
    paths = [line for line in done.stdout.splitlines() if line.startswith("accepting path:")]
    assert len(paths) == 3
    assert "accepting path: s0 → 21?B → ?0?B → 42?B → ?BBB → 22?0" in paths
    assert "layouts: 4" in done.stdout and "consistent: yes" in done.stdout


def test_dfa_decides_without_counting(write):
    done = run("strip", write("2?2?\n2B2?\n"), "-m", "dfa", "--json", "--trace")
    report = json.loads(done.stdout)
    assert report["consistent"] is True and report["layouts"] is None
    # minimal DFA: {q1} is equivalent to the start {q0} and merged into it
    assert report["path"] == ["{q0}", "{q8}", "{q2}", "{q4}", "{q0}"]


def test_inconsistent_board_and_mine_total(write):
    report = json.loads(run("strip", write("233\n?B?\n222\n"), "--json").stdout)
    assert report["consistent"] is False and report["layouts"] == "0"
    assert report["witness"] is None
    report = json.loads(run("strip", write("mines: 2\n?2\nB?\n"), "--json").stdout)
    assert report["layouts"] == "2"
    report = json.loads(run("strip", write("mines: 3\n?2\nB?\n"), "--json").stdout)
    assert report["layouts"] == "0"


@pytest.mark.parametrize(("text", "machine", "words"), [
    ("0???\n?14?\n12?B\nB222\n", "hulin", "reads 2-row boards; this one has 4 rows"),
    ("0?\nB?\n", "hulin", "column 0: column '0B' cannot occur"),
    ("1?\n2?\n", "dfa", "column 0: column '12' cannot occur"),
    ("-?\n??\n", "hulin", "column 0: '-' (safe, no number) is not in Hu–Lin's alphabet"),
    ("mines: 1\n??\n??\n", "hulin", "does not use a 'mines:' total"),
])
def test_bad_input_is_one_line_naming_the_position(write, text, machine, words):
    path = write(text)
    done = run("strip", path, "--machine", machine)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"error: {path}: ") and words in done.stderr


def test_bad_character_is_reported_by_the_board_reader(write):
    path = write("1x\n??\n")
    done = run("strip", path)
    assert done.returncode == 2
    assert done.stderr.strip() == (f"error: {path}, line 1, column 2, cell (0, 1): bad character "
                                   "'x' (expected 0-8, ?, ., *, B, F or -)")


def test_automaton_formats():
    table = run("automaton", "hulin-q", "--format", "table")
    assert table.returncode == 0
    assert "| →*q0 | q4 | q5 | q8 |" in table.stdout
    dot = run("automaton", "hulin-min", "--format", "dot")
    assert dot.stdout.startswith('digraph "hulin-min"') and dot.stdout.count("doublecircle") > 0
    svg = run("automaton", "hulin-q", "--format", "svg")
    assert svg.returncode == 0, svg.stderr
    assert "<svg" in svg.stdout and "q8" in svg.stdout


def test_unknown_automaton_is_an_error():
    done = run("automaton", "turing")
    assert done.returncode == 2
    assert done.stderr.startswith("error: no machine called 'turing'")


def test_kadlac_machine_keeps_its_faulty_output_but_gives_no_false_witness(write):
    done = run("strip", write("topology: line\n?0\n"), "--machine", "kadlac", "--json", "--trace")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    # β prints "B-" for "?0" although the only layout is "--" (a known flaw of the paper)
    assert report["consistent"] is True and report["output"] == "B-"
    assert report["witness"] is None and report["layouts"] is None
    assert report["path"][0] == "s0" and len(report["path"]) == 4  # start, 2 symbols, end


def test_kadlac_machine_witness_when_its_output_is_valid(write):
    done = run("strip", write("topology: line\n01?10\n"), "--machine", "kadlac", "--json")
    report = json.loads(done.stdout)
    assert report["consistent"] is True and report["output"] == "--B--"
    assert report["witness"] == ["01*10"]


def test_kadlac_and_pedersen_reject_what_brute_force_rejects(write):
    path = write("topology: line\n0?1?0\n")  # every window of 4 fits, the whole does not
    for machine in ("kadlac", "pedersen"):
        report = json.loads(run("strip", path, "--machine", machine, "--json").stdout)
        assert report["consistent"] is False, machine


def test_pedersen_trace_runs_between_delimiters(write):
    done = run("strip", write("topology: line\n1*?1?0\n"), "--machine", "pedersen",
               "--json", "--trace")
    report = json.loads(done.stdout)
    assert report["path"][0] == "ST" and report["path"][-1] == "OK"
    assert report["consistent"] is True


def test_one_row_machines_refuse_two_rows(write):
    for machine in ("kadlac", "pedersen"):
        done = run("strip", write("?2\nB?\n"), "--machine", machine)
        assert done.returncode == 2
        assert "1-row" in done.stderr and done.stderr.count("\n") == 1


def test_transfer_refuses_boards_higher_than_its_limit_in_one_line(write):
    path = write("\n".join(["?" * 8] * 8) + "\n")
    done = run("strip", path, "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"error: {path}: the strip is 8 rows high")
    assert "limited to 6 rows" in done.stderr
    tall = run("strip", write("\n".join(["0" * 7] * 30) + "\n"))  # 30×7: 7 high after turning
    assert tall.returncode == 2 and "is 7 rows high" in tall.stderr


def test_trace_of_a_rejected_board_has_no_path(write):
    report = json.loads(run("strip", write("233\n?B?\n222\n"), "--trace", "--json").stdout)
    assert report["consistent"] is False and report["path"] is None
    text = run("strip", write("233\n?B?\n222\n"), "--trace").stdout
    assert "consistent: no" in text and "path" not in text


def test_trace_of_an_accepted_board_is_the_witness_states(write):
    report = json.loads(run("strip", write("?2\nB?\n"), "--trace", "--json").stdout)
    rows = report["witness"]
    columns = ["".join("1" if row[j] == "*" else "0" for row in rows) for j in range(2)]
    assert report["path"] == ["00|00", f"00|{columns[0]}", f"{columns[0]}|{columns[1]}",
                              f"{columns[1]}|00"]


@settings(max_examples=examples(80), deadline=None)
@given(positions(max_rows=4, max_cols=5), st.data())
def test_layout_rows_print_the_positions_layout(position, data):
    mines = frozenset(data.draw(st.sets(st.integers(0, position.size - 1))))
    full = position.with_mines(None).layout(mines)
    chars = "".join("*" if v == MINE else str(v) for v in full.cells)
    expected = [chars[r * full.cols:(r + 1) * full.cols] for r in range(full.rows)]
    assert layout_rows(position, mines) == expected
