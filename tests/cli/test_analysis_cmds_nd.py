"""The analysis commands on boards of three and four dimensions, run as real processes."""

from __future__ import annotations

import json

import pytest

from sweepkit.boardfile import parse_board
from sweepkit.position import MINE
from tests import brute
from tests.cli.inprocess import sweepkit as run

CUBE = """\
shape: 2x3x3
mines: 12
# slice 0
 *  *  *
 * 12  ?
 -  ?  ?

# slice 1
 *  *  *
 *  *  *
 ?  ?  ?
"""
CUBE_LAYOUTS = 15  # 2 of the 6 unknown cells by the 12, with 12 mines in all: C(6, 2)


def test_the_example_has_the_brute_force_count():
    assert len(brute.explanations(parse_board(CUBE))) == CUBE_LAYOUTS


def test_count_check_and_unique():
    assert run("count", "-", stdin=CUBE).stdout == f"{CUBE_LAYOUTS}\n"
    done = run("check", "-", stdin=CUBE)
    assert done.returncode == 0 and done.stdout.startswith("consistent; one layout:\n")
    layout = parse_board(done.stdout.split("\n", 1)[1])
    position = parse_board(CUBE)
    assert position.explains(i for i, v in enumerate(layout.cells) if v == MINE)
    assert run("unique", "-", stdin=CUBE).stdout == f"no ({CUBE_LAYOUTS} layouts)\n"


def test_check_names_the_contradiction_by_n_d_coordinates():
    bad = CUBE.replace(" * 12  ?", " * 17  ?")  # 10 known mines and 6 unknown cells around
    done = run("check", "-", stdin=bad)
    assert done.returncode == 1
    assert done.stdout.startswith("inconsistent: the 17 at (0, 1, 1) ")


def test_analyze_shows_the_slices_side_by_side():
    done = run("analyze", "-", stdin=CUBE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "slice 0     slice 1",
        "  *  *  *     *  *  *",
        "  * 12 33     *  *  *",
        "  - 33 33    33 33 33",
        f"layouts: {CUBE_LAYOUTS}",
    ]


def test_analyze_json_nests_the_probabilities_by_dimension():
    doc = json.loads(run("analyze", "-", "--json", stdin=CUBE).stdout)
    assert doc["shape"] == [2, 3, 3] and (doc["rows"], doc["cols"]) == (3, 3)
    assert doc["layouts"] == str(CUBE_LAYOUTS)
    assert doc["probability"][0][1] == [1.0, None, pytest.approx(1 / 3)]
    assert doc["probability"][1][2] == [pytest.approx(1 / 3)] * 3
    assert doc["dead"] == [[0, 2, 1], [1, 2, 1]]


def test_a_four_dimensional_count_agrees_with_the_brute_force():
    text = ("shape: 2x2x2x2\n# slice 0,0\n15 ?\n? ?\n\n# slice 0,1\n? ?\n? ?\n\n"
            "# slice 1,0\n? ?\n? ?\n\n# slice 1,1\n? ?\n? *\n")
    expected = len(brute.explanations(parse_board(text)))
    assert expected == 1  # 15 neighbours: every one a mine
    assert run("count", "-", stdin=text).stdout == "1\n"
    fewer = text.replace("15 ?", "14 ?")  # 13 mines among the 14 unknown neighbours
    assert len(brute.explanations(parse_board(fewer))) == 14
    assert run("count", "-", stdin=fewer).stdout == "14\n"


def test_safe_takes_one_coordinate_per_dimension():
    # a 10 that already sees 10 known mines: every unknown cell is safe
    certain = CUBE.replace(" * 12  ?", " * 10  ?").replace("mines: 12", "mines: 10")
    assert run("safe", "-", "1", "2", "0", stdin=certain).stdout == "yes\n"
    assert run("safe", "-", "1", "2", "0", "--mine", stdin=certain).stdout == "no\n"
    assert run("safe", "-", "1", "2", "0", stdin=CUBE).stdout == "no\n"
    done = run("safe", "-", "1", "2", stdin=CUBE)
    assert done.returncode == 2
    assert done.stderr == ("error: cell (1, 2) has 2 coordinates but the 2x3x3 board has 3 "
                           "dimensions\n")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["enumerate", "-", "--method", "kadlac"], "--method kadlac (Kadlac's program) reads "
                                                    "2-D boards; this one is 3-D"),
        (["hint", "-"], "reads 2-D boards; this one is 3-D (shape 2x3x3)"),
        (["optimal", "-"], "optimal play reads 2-D boards"),
        (["strip", "-"], "reads 2-D boards, not shape 2x3x3"),
        (["count", "-"], None),
    ],
)
def test_what_needs_the_plane_says_so_in_one_line(args, words):
    done = run(*args, stdin=CUBE if words else CUBE.replace("12", "27"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    if words is None:
        assert "line 5, column 4, cell (0, 1, 1): number 27 is larger than its 17 " \
               "neighbours" in done.stderr
    else:
        assert words in done.stderr
