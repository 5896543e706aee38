"""Named patterns: each shape found in all four orientations with the cells it decides,
every match on random views confirmed by the brute force of ``tests/brute.py`` (no mine
count: a pattern is local), shapes that are not the pattern left alone, and the pattern
puzzles are views of real games that show the pattern with no single number deciding a
cell."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.reasons.explain import CellValue, Technique, techniques_of
from sweepkit.generate.patterns import PATTERNS, find_patterns, pattern_puzzles
from sweepkit.generate.puzzles import PuzzleError
from sweepkit.position import MINE, UNKNOWN, Position
from tests import brute
from tests.examples import examples
from tests.lanes import fast_first


def turned(rows: list[str], times: int, flip: bool) -> list[str]:
    """``rows`` turned a quarter clockwise ``times`` times, mirrored first with ``flip``."""
    grid = [list(r[::-1]) if flip else list(r) for r in rows]
    for _ in range(times):
        grid = [list(col) for col in zip(*grid[::-1], strict=True)]
    return ["".join(r) for r in grid]


SHAPES = {  # a view showing the pattern, and the cells it decides as "S" (safe), "M" (mine)
    "1-2-1": (["11211", "?????"], ["SMSMS"]),
    "1-2-2-1": (["112211", "??????"], ["SSMMSS"]),
    "1-1": (["111*", "????"], ["..S."]),  # the wall on the left; the flag's 1 reads 0
}


@pytest.mark.parametrize("name", list(SHAPES))
@pytest.mark.parametrize(("times", "flip"), [(0, False), (1, False), (2, True), (3, True)])
def test_each_pattern_is_found_in_every_orientation(name, times, flip):
    view_rows, marks = SHAPES[name]
    rows = turned([*view_rows], times, flip)
    answer = turned([view_rows[0].translate(str.maketrans("0123456789*", "...........")),
                     marks[0]], times, flip)
    view = Position.from_rows(rows)
    expected_safe = tuple(i for i, ch in enumerate("".join(answer)) if ch == "S")
    expected_mines = tuple(i for i, ch in enumerate("".join(answer)) if ch == "M")
    found = [m for m in find_patterns(view, (name,))]
    assert [(m.safe, m.mines) for m in found] == [(expected_safe, expected_mines)]
    assert found[0].sentence.startswith(f"The {name}")


def test_near_misses_are_not_patterns():
    # a number with a covered neighbour off the border line, and a 1-2-1 cut short by an
    # open cell, are other shapes
    assert not find_patterns(Position.from_rows(["1?211", "?????"]), ("1-2-1",))
    assert not find_patterns(Position.from_rows(["11211", "??1??"]), ("1-2-1",))
    assert not find_patterns(Position.from_rows(["2121", "????"]))  # no 1-1 from a 2
    with pytest.raises(ValueError, match="unknown pattern"):
        find_patterns(Position.from_rows(["1?"]), ("2-2",))


def bordered(rows: int, cols: int, upper: set[int], lower: set[int],
             opened_last: set[int]) -> list[str]:
    """The rows of a view: mines ``upper`` above the last row (flagged), ``lower`` in it;
    every cell above it open, the last row covered but ``opened_last``."""
    size = rows * cols
    layout = Position.unknown(rows, cols).layout(sorted(upper | lower))
    last = range((rows - 1) * cols, size)
    cells = []
    for i, v in enumerate(layout.cells):
        if v == MINE:
            cells.append(UNKNOWN if i in last else MINE)
        else:
            cells.append(UNKNOWN if i in last and i not in opened_last else v)
    return ["".join("?" if v == UNKNOWN else "*" if v == MINE else str(v)
                    for v in cells[r * cols:(r + 1) * cols]) for r in range(rows)]


@st.composite
def bordered_views(draw: st.DrawFn) -> Position:
    """A random layout of 2 to 4 rows whose top rows are open (their few mines flagged)
    above a covered last row (a few of its cells open), turned any way: the shape the
    patterns need, often met."""
    rows = draw(st.integers(2, 4))
    cols = draw(st.integers(3, 8))
    last = list(range((rows - 1) * cols, rows * cols))
    upper = draw(st.sets(st.integers(0, (rows - 1) * cols - 1), max_size=2))
    lower = draw(st.sets(st.sampled_from(last), max_size=cols - 1))
    opened_last = draw(st.sets(st.sampled_from(last), max_size=2)) - lower
    text = bordered(rows, cols, upper, lower, opened_last)
    return Position.from_rows(turned(text, draw(st.integers(0, 3)), draw(st.booleans())))


@settings(max_examples=examples(300), deadline=None)
@given(bordered_views())
def test_every_match_is_confirmed_by_the_brute_force(view):
    found = find_patterns(view)
    if not found:
        return
    layouts = brute.explanations(view, use_mine_count=False)
    assert layouts  # the view comes from a real layout
    for match in found:
        assert all(all(c not in mines for mines in layouts) for c in match.safe), match
        assert all(all(c in mines for mines in layouts) for c in match.mines), match
        assert match.cells and all(view.cells[c] == UNKNOWN for c in match.cells)


def test_the_bordered_views_meet_every_pattern():
    """The property above is not vacuous: its views show each pattern."""
    met = {name: 0 for name in PATTERNS}
    rng = random.Random(5)
    for _ in range(100):
        rows, cols = rng.randint(2, 4), rng.randint(3, 8)
        last = range((rows - 1) * cols, rows * cols)
        lower = {i for i in last if rng.random() < 0.4}
        for match in find_patterns(Position.from_rows(bordered(rows, cols, set(), lower,
                                                               set()))):
            met[match.name] += 1
    assert all(met.values()), met


@pytest.mark.parametrize("name", fast_first(["1-1", "1-2-1", "1-2-2-1"]))
def test_pattern_puzzles_show_the_pattern_and_no_single_number_decides(name):
    (puzzle,) = pattern_puzzles(name, random.Random(2), level="beginner", seconds=120)
    view = puzzle.position
    assert puzzle.match in find_patterns(view, (name,))
    analysis = analyse(view)
    assert set(puzzle.match.safe) <= set(analysis.safe_cells())
    assert set(puzzle.match.mines) <= set(analysis.mine_cells())
    for value, cells in ((CellValue.SAFE, analysis.safe_cells()),
                         (CellValue.MINE, analysis.mine_cells())):
        if cells:
            assert Technique.SINGLE not in techniques_of(analysis, cells, value).values()
    again = next(pattern_puzzles(name, random.Random(2), level="beginner", seconds=120))
    assert again == puzzle  # the same seed, the same puzzle


def test_an_unknown_pattern_or_level_is_refused():
    with pytest.raises(PuzzleError, match="unknown pattern"):
        pattern_puzzles("2-2", random.Random(0))
    with pytest.raises(PuzzleError):
        pattern_puzzles("1-1", random.Random(0), level="nightmare")
