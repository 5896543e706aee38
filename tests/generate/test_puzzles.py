"""Technique puzzles: each is what it says (checked with the full explanations and, apart
from them, by enumeration: the brute force of ``tests/brute.py`` on small boards, the
numbers of each reason alone on the real levels), deterministic for a seed, and bad
requests are refused or stopped by the time budget."""

from __future__ import annotations

import itertools
import random

import pytest

from sweepkit.analysis.reasons.explain import TECHNIQUES, Technique, explain
from sweepkit.generate.puzzles import Puzzle, PuzzleError, PuzzleTimeout, puzzles
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import Rules
from tests import brute

SMALL = Rules(4, 5, 4, "opening")
"""A board small enough for the brute force on most of its views."""

BRUTE_LIMIT = 14
"""Most unknown cells of a position given to the brute force."""


def hidden(position: Position, number: int) -> tuple[list[int], int]:
    """A number's unknown neighbours and the mines it still needs (its flags counted),
    read from the position's cells only."""
    around = position.neighbours(number)
    unknown = [x for x in around if position.cells[x] == UNKNOWN]
    flagged = sum(1 for x in around if position.cells[x] == MINE)
    return unknown, position.cells[number] - flagged


def certain_by_numbers(position: Position, numbers: tuple[int, ...]) -> dict[int, bool]:
    """The cells these numbers alone (no mine count) fix, mine (True) or safe, by trying
    every filling of their unknown neighbours."""
    needs = [hidden(position, n) for n in numbers]
    cells = sorted({x for unknown, _need in needs for x in unknown})
    assert len(cells) <= 20, "too many cells to enumerate"
    seen: dict[int, set[bool]] = {x: set() for x in cells}
    for bits in itertools.product((False, True), repeat=len(cells)):
        mine = dict(zip(cells, bits, strict=True))
        if all(sum(mine[x] for x in unknown) == need for unknown, need in needs):
            for x in cells:
                seen[x].add(mine[x])
    return {x: values.pop() for x, values in seen.items() if len(values) == 1}


def numbers_of(position: Position) -> list[int]:
    """The number cells with unknown neighbours."""
    return [i for i, v in enumerate(position.cells) if v >= 0 and hidden(position, i)[0]]


def single_exists(position: Position) -> bool:
    return any(certain_by_numbers(position, (n,)) for n in numbers_of(position))


def subset_exists(position: Position) -> bool:
    """Whether two numbers, one's unknown neighbours inside the other's, fix a cell."""
    numbers = numbers_of(position)
    for a, b in itertools.permutations(numbers, 2):
        nested = set(hidden(position, a)[0]) <= set(hidden(position, b)[0])
        if nested and certain_by_numbers(position, (a, b)):
            return True
    return False


def check_puzzle(puzzle: Puzzle, technique: Technique) -> None:
    """What every puzzle promises, from the full explanations and by enumeration."""
    position = puzzle.position
    found = explain(position)
    assert found, "a puzzle has certain cells"
    assert min((e.technique for e in found), key=TECHNIQUES.index) is technique
    assert puzzle.technique is technique
    assert puzzle.answer == tuple(e for e in found if e.technique is technique)
    assert puzzle.harder == len(found) - len(puzzle.answer)
    assert puzzle.size == min(len(e.because) for e in puzzle.answer)
    # independently of the analysis: the easier techniques find nothing, and each answer
    # cell is fixed by the numbers of its reason alone (all of them, for the mine count)
    assert single_exists(position) is (technique is Technique.SINGLE)
    if technique in (Technique.LINKED, Technique.GLOBAL):
        assert not subset_exists(position)
    if technique is not Technique.GLOBAL:
        for e in puzzle.answer:
            assert certain_by_numbers(position, e.because).get(e.cell) is (e.value == "mine")


def brute_check(puzzle: Puzzle) -> None:
    """The brute force agrees: the answer is certain (with the mine count), the certain
    cells are exactly those explained, and a mine-count puzzle needs the count."""
    position = puzzle.position
    chances = brute.probabilities(position)
    assert chances is not None
    for e in puzzle.answer:
        assert chances[e.cell] == (1 if e.value == "mine" else 0)
    certain = {c for c, p in chances.items() if p in (0, 1)}
    assert certain == {e.cell for e in explain(position)}
    without_count = brute.probabilities(position, use_mine_count=False)
    assert without_count is not None
    certain_locally = {c for c, p in without_count.items() if p in (0, 1)}
    if puzzle.technique is Technique.GLOBAL:
        assert not certain_locally
    else:
        assert {e.cell for e in puzzle.answer} <= certain_locally


@pytest.mark.parametrize("technique", list(Technique))
def test_small_board_puzzles_are_what_they_say_by_brute_force(technique):
    found = list(puzzles(technique, random.Random(7), 6, rules=SMALL, seconds=None))
    assert len(found) == 6
    checked = 0
    for puzzle in found:
        check_puzzle(puzzle, technique)
        assert puzzle.rules == SMALL and puzzle.position.shape == (4, 5)
        assert puzzle.position.mines == 4
        if puzzle.position.cells.count(UNKNOWN) <= BRUTE_LIMIT:
            brute_check(puzzle)
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("technique", [Technique.SINGLE, Technique.SUBSET, Technique.LINKED])
def test_intermediate_puzzles_are_what_they_say(technique):
    for puzzle in puzzles(technique, random.Random(11), 2, seconds=None):
        assert puzzle.position.shape == (16, 16) and puzzle.position.mines == 40
        check_puzzle(puzzle, technique)


def test_beginner_mine_count_puzzles():
    for puzzle in puzzles("global", random.Random(5), 2, level="beginner", seconds=None):
        assert puzzle.position.shape == (9, 9)
        check_puzzle(puzzle, Technique.GLOBAL)
        numbers = {i for i, v in enumerate(puzzle.position.cells) if v >= 0}
        assert all(set(e.because) <= numbers for e in puzzle.answer)


@pytest.mark.slow
def test_the_ladder_keeps_its_rung():
    low = list(puzzles("linked", random.Random(3), 3, level="beginner", max_size=2,
                       seconds=None))
    high = list(puzzles("linked", random.Random(3), 3, level="beginner", min_size=3,
                        seconds=None))
    assert [p.size for p in low] == [2, 2, 2]
    assert all(p.size >= 3 for p in high)
    for puzzle in high:
        check_puzzle(puzzle, Technique.LINKED)
        # the reasons are irreducible: no number of the smallest can be dropped
        e = min(puzzle.answer, key=lambda e: len(e.because))
        for drop in e.because:
            rest = tuple(n for n in e.because if n != drop)
            assert e.cell not in certain_by_numbers(puzzle.position, rest)


def test_the_same_seed_gives_the_same_puzzles():
    def make(seed: int) -> list[Puzzle]:
        return list(puzzles("subset", random.Random(seed), 3, level="beginner", seconds=None))

    first, again, other = make(21), make(21), make(22)
    assert first == again
    assert [p.position for p in first] != [p.position for p in other]
    assert len({p.seed for p in first}) == 3  # one puzzle per game


def test_an_unknown_technique_names_the_choices():
    with pytest.raises(PuzzleError, match="unknown technique 'pair' "
                       r"\(expected one of single, subset, linked, global\)"):
        puzzles("pair", random.Random(1))


@pytest.mark.parametrize(("technique", "options"), [
    ("single", {"min_size": 2}), ("subset", {"max_size": 1}), ("linked", {"max_size": 1}),
    ("linked", {"min_size": 5, "max_size": 4}), ("global", {"min_size": -1}),
])
def test_a_rung_the_technique_cannot_have_is_refused_at_once(technique, options):
    ticks = itertools.count()
    with pytest.raises(PuzzleError) as caught:
        puzzles(technique, random.Random(1), clock=lambda: next(ticks), **options)
    assert not isinstance(caught.value, PuzzleTimeout)
    assert next(ticks) == 0  # refused by the call itself, before any game started


def test_an_unknown_level_is_refused():
    with pytest.raises(PuzzleError, match="unknown level 'huge'"):
        puzzles("single", random.Random(1), level="huge")


def test_the_time_budget_stops_an_impossible_request():
    ticks = itertools.count()  # a clock that moves one second each time it is read
    with pytest.raises(PuzzleTimeout, match="no linked puzzle of size 60 or more found in "
                       r"50 s \(\d+ games of 9x9/10 played, 0 found\)"):
        next(puzzles("linked", random.Random(1), level="beginner", min_size=60, seconds=50,
                     clock=lambda: next(ticks)))
    assert 50 <= next(ticks) <= 52


def test_puzzles_found_before_the_budget_ran_out_are_kept():
    ticks = itertools.count()
    found = []
    with pytest.raises(PuzzleTimeout, match="no more single puzzle"):
        for puzzle in puzzles("single", random.Random(1), None, level="beginner",
                              seconds=200, clock=lambda: next(ticks)):
            found.append(puzzle)
    assert found
    for puzzle in found:
        check_puzzle(puzzle, Technique.SINGLE)
