"""The 1-D solver against brute force: every short strip, random longer ones, mine counts."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.automata.errors import StripInputError
from sweepkit.automata.line import LineSolution, solve_line
from sweepkit.position import Position
from tests.automata.line_brute import explanations_by_string, strip
from tests.brute import explanations
from tests.examples import examples


def assert_matches(solution: LineSolution, text: str, found: list[frozenset[int]]) -> None:
    """The solution agrees with the full list of explanations ``found``."""
    assert solution.count == len(found), text
    assert solution.consistent == bool(found), text
    if not found:
        assert solution.witness is None and not solution.safe and not solution.mines
        return
    assert solution.witness in found, text
    unknown = [i for i, ch in enumerate(text) if ch == "?"]
    assert solution.mines == {i for i in unknown if all(i in e for e in found)}, text
    assert solution.safe == {i for i in unknown if not any(i in e for e in found)}, text


@pytest.mark.parametrize("n", range(1, 6))
def test_layout_enumeration_agrees_with_the_reference_brute_force(n: int) -> None:
    table = explanations_by_string(n)
    for text in map("".join, itertools.product("012B?", repeat=n)):
        assert sorted(table.get(text, []), key=sorted) == sorted(
            explanations(strip(text)), key=sorted), text


@pytest.mark.slow
@pytest.mark.parametrize("n", range(1, 8))
def test_every_strip_up_to_length_7(n: int) -> None:
    table = explanations_by_string(n)
    for text in map("".join, itertools.product("012B?", repeat=n)):
        assert_matches(solve_line(strip(text)), text, table.get(text, []))


@pytest.mark.slow
def test_every_consistent_strip_of_length_8() -> None:
    for text, found in explanations_by_string(8).items():
        assert_matches(solve_line(strip(text)), text, found)


@st.composite
def consistent_strips(draw: st.DrawFn) -> str:
    """A random layout of up to 13 cells with some cells hidden: always consistent."""
    bits = draw(st.lists(st.booleans(), min_size=1, max_size=13))
    n = len(bits)
    shown = ["B" if bits[i] else str((i > 0 and bits[i - 1]) + (i + 1 < n and bits[i + 1]))
             for i in range(n)]
    hide = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    return "".join("?" if h else ch for ch, h in zip(shown, hide, strict=True))


@settings(max_examples=examples(300), deadline=None)
@given(consistent_strips())
def test_random_consistent_strips_up_to_length_13(text: str) -> None:
    assert_matches(solve_line(strip(text)), text, explanations(strip(text)))


def test_every_strip_with_safe_cells_and_every_mine_count_up_to_length_4() -> None:
    for n in range(1, 5):
        for text in map("".join, itertools.product("012*?-", repeat=n)):
            position = strip(text)
            for mines in [None, *range(text.count("*"), n + 1)]:  # never below the known
                with_count = position.with_mines(mines)
                assert_matches(solve_line(with_count), text, explanations(with_count))


@st.composite
def strips_with_counts(draw: st.DrawFn) -> Position:
    text = draw(st.text(alphabet="012*?-", min_size=1, max_size=14))
    mines = draw(st.none() | st.integers(text.count("*"), len(text)))
    return strip(text, mines)


@settings(max_examples=examples(300), deadline=None)
@given(strips_with_counts())
def test_random_strips_with_mine_counts_match_brute_force(position: Position) -> None:
    text = "".join("?*-012"[[-1, -2, -3, 0, 1, 2].index(v)] for v in position.cells)
    assert_matches(solve_line(position), text, explanations(position))


def test_counts_grow_as_expected_on_open_strips() -> None:
    # All-unknown strips: every subset is a layout; with a total, a binomial.
    assert solve_line(Position.unknown(1, 30)).count == 2**30
    assert solve_line(Position.unknown(1, 30, mines=7)).count == math.comb(30, 7)
    # The two end 1s force both ? to be mines, which the middle 1 cannot see.
    assert solve_line(Position.from_rows(["1?1?1"])).count == 0


def test_line_topology_and_witness_layout() -> None:
    position = Position.from_rows(["?1??2?"], topology="line")
    solution = solve_line(position)
    assert solution.consistent and position.explains(solution.witness)
    # The 2 forces both its neighbours; the 1 has one mine on either side.
    assert (solution.count, solution.mines, solution.safe) == (2, {3, 5}, set())


@pytest.mark.parametrize("rows", [["??", "??"], ["1", "?", "B"]])
def test_other_shapes_are_refused_naming_the_rows(rows: list[str]) -> None:
    with pytest.raises(StripInputError) as info:
        solve_line(Position.from_rows(rows))
    assert f"{len(rows)} rows" in str(info.value)
    assert info.value.row == len(rows)
