"""``sweepkit gadget``, run as a real process: the board it prints parses back, and its
layouts with the inputs set are the truth table's; bad input is one line, exit 2."""

from __future__ import annotations

import subprocess

import pytest

from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.boardfile import parse_board
from tests.cli.inprocess import sweepkit as run


def run_with(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return run(*args, stdin=stdin)


@pytest.mark.parametrize(("inputs", "layouts"), [("u=0,v=0", 2), ("u=1,v=0", 1),
                                                  ("u=1,v=1", 1), ("", 5)])
def test_the_printed_and_gadget_has_the_truth_tables_layouts(inputs, layouts):
    done = run("gadget", "and", "--input", inputs)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("# and gadget (Kaye)")
    assert count_layouts(parse_board(done.stdout), use_mine_count=False) == layouts


def test_the_truth_table_is_printed_with_its_counts():
    done = run("gadget", "xor", "--table")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["u v -> t: layouts", "0 0 -> 0: 1", "0 1 -> 1: 1",
                                        "1 0 -> 1: 1", "1 1 -> 0: 1"]


@pytest.mark.parametrize(("args", "message"), [
    (("nand",), "unknown gadget 'nand'"),
    (("not", "--input", "u=2"), "expected NAME=0 or NAME=1"),
    (("or", "--input", "w=1"), "this gadget's inputs are u, v, not 'w'"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    done = run("gadget", *args)
    assert done.returncode == 2 and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_picture_is_an_svg_with_every_wire():
    done = run("gadget", "or", "--svg")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<svg") and done.stdout.rstrip().endswith("</svg>")
    for wire in ("u", "v", "t", "s"):
        assert f'data-wire="{wire}"' in done.stdout


def test_reduce_then_check_reads_the_assignment_back(tmp_path):
    formula = tmp_path / "f.cnf"
    formula.write_text("c x1 or not x2; x2 or x3; not x1 or not x3\np cnf 3 3\n"
                       "1 -2 0\n2 3 0\n-1 -3 0\n")
    done = run("reduce", str(formula))
    assert done.returncode == 0, done.stderr
    board = tmp_path / "f.board"
    board.write_text(done.stdout)
    assert "# input x3: " in done.stdout
    assert count_layouts(parse_board(done.stdout), use_mine_count=False) == 2   # 2 models
    checked = run("check", str(board), "--assignment")
    assert checked.returncode == 0, checked.stderr
    line = checked.stdout.strip()
    assert line.startswith("satisfiable: x1=")
    values = {int(k[1:]): v == "1" for k, v in (w.split("=") for w in line.split()[1:])}
    assert (values[1] or not values[2]) and (values[2] or values[3]) and not (
        values[1] and values[3])


def test_an_unsatisfiable_circuit_reduces_to_an_inconsistent_board(tmp_path):
    circuit = tmp_path / "f.circ"
    circuit.write_text("# u and not u, through a wire\nt = and(u, w)\ns = or(not(u), not(w))\n"
                       "output t\noutput s\n")
    done = run("reduce", str(circuit), "--parsimonious")
    assert done.returncode == 0, done.stderr
    board = tmp_path / "f.board"
    board.write_text(done.stdout)
    checked = run("check", str(board), "--assignment")
    assert checked.returncode == 1 and checked.stdout.startswith("unsatisfiable:")


@pytest.mark.parametrize(("text", "name", "message"), [
    ("p cnf 2 1\n1 x 0\n", "f.cnf", "line 2, column 3: 'x' is not a literal"),
    ("p cnf 2 1\n1 2\n", "f.cnf", "line 2, column 3: the last clause does not end with 0"),
    ("t = nand(u, v)\noutput t\n", "f.circ", "line 1, column 5: unknown gate 'nand'"),
    ("t = and(u, s)\ns = not(t)\noutput s\n", "f.circ", "used before it is defined"),
    ("t = xor(u, u)\noutput t\n", "f.circ", "cannot draw it: the gate computing 't'"),
    ("", "f.cnf", "line 1, column 1: no 'p cnf VARIABLES CLAUSES' line"),
    ("p cnf 0 0\n", "f.cnf", "cannot draw it: the formula is empty"),
    ("p cnf 99999999 1\n1 0\n", "f.cnf", "99,999,999 variables need more than"),
    ("t = " + "or(u, " * 200 + "v" + ")" * 200 + "\noutput t\n", "f.circ",
     "gates nested more than 100 deep"),
])
def test_a_bad_formula_is_one_line_naming_where_and_exit_2(tmp_path, text, name, message):
    path = tmp_path / name
    path.write_text(text)
    done = run("reduce", str(path))
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_reduced_board_piped_in_reads_back_too():
    """``sweepkit reduce f.cnf | sweepkit check - --assignment``: the input lines come
    through stdin with the board."""
    reduced = run_with("p cnf 2 2\n1 2 0\n-1 0\n", "reduce", "-")
    assert reduced.returncode == 0, reduced.stderr
    checked = run_with(reduced.stdout, "check", "-", "--assignment")
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == "satisfiable: x1=0 x2=1"
    plain = run_with("1?\n??\n", "check", "-", "--assignment")
    assert plain.returncode == 2 and "<stdin>: no '# input" in plain.stderr


def test_check_assignment_needs_the_input_lines(tmp_path):
    board = tmp_path / "plain.board"
    board.write_text("1?\n??\n")
    done = run("check", str(board), "--assignment")
    assert done.returncode == 2 and "no '# input NAME: ROW,COL' lines" in done.stderr


def test_an_embedded_reduced_board_keeps_its_inputs_for_check(tmp_path):
    formula = tmp_path / "f.cnf"
    formula.write_text("p cnf 2 2\n1 2 0\n-1 0\n")          # the one model: x1=0, x2=1
    board = tmp_path / "f.board"
    board.write_text(run("reduce", str(formula)).stdout)
    lifted = run("embed", str(board), "--dims", "3")
    assert lifted.returncode == 0, lifted.stderr
    assert "# input x1: 1," in lifted.stdout
    (tmp_path / "f3.board").write_text(lifted.stdout)
    checked = run("check", str(tmp_path / "f3.board"), "--assignment")
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == "satisfiable: x1=0 x2=1"
