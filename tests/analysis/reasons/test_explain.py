"""Explanations: the value and technique enums, and the sentences (unchanged wording)."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.reasons.explain import (
    TECHNIQUES,
    CellValue,
    Explanation,
    Technique,
    explain,
    explain_cell,
    techniques_of,
)
from sweepkit.boardfile import parse_board
from sweepkit.constraints import build_system
from sweepkit.position import MINE, Position
from tests.brute import adjacency, random_view
from tests.examples import examples
from tests.strategies_boards import consistent_positions

# One board per technique: (board, cell, value, technique, because, sentence), the
# sentence as the string-valued version wrote it.
CASES = [
    ("mines: 1\n1*1\n1?1\n", 4, "safe", "single", (0,),
     "the 1 at (0, 0) already has all its mines, so (1, 1) is safe"),
    ("02?\n02?\n", 2, "mine", "single", (1,),
     "the 2 at (0, 1) has exactly as many unknown neighbours as missing mines, "
     "so (0, 2) is a mine"),
    ("?10\n1??\n", 0, "mine", "subset", (1, 2),
     "the unknown neighbours of the 0 at (0, 2) are among those of the 1 at (0, 1), "
     "so the others hold 1 mine(s): (0, 0) is a mine"),
    ("1?0\n???\n", 3, "mine", "linked", (0, 2),
     "the 1 at (0, 0), the 0 at (0, 2) taken together leave (1, 0) only one way: mine"),
    ("mines: 0\n0??\n???\n", 2, "safe", "global", (),
     "0 mines are left, so the 2 unknown cells away from every number hold none: (0, 2) "
     "is safe"),
    # the 1 at (0, 0) takes its mine from (0, 1), (1, 0) or (1, 1): one mine in all
    ("mines: 1\n1?..\n??..\n", 3, "safe", "global", (0,),
     "1 mine is left; the 1 at (0, 0) needs at least 1 mine among its unknown "
     "neighbours, so the 4 unknown cells away from every number hold none: (0, 3) is safe"),
]


def test_enums_are_the_old_strings():
    assert [str(v) for v in CellValue] == ["safe", "mine"]
    assert CellValue.SAFE == "safe" and CellValue.MINE == "mine"
    assert TECHNIQUES == (Technique.SINGLE, Technique.SUBSET, Technique.LINKED,
                          Technique.GLOBAL)
    assert TECHNIQUES == ("single", "subset", "linked", "global")
    assert all(isinstance(t, str) for t in TECHNIQUES)
    assert f"{Technique.LINKED}" == "linked" and json.dumps(CellValue.MINE) == '"mine"'
    assert CellValue("mine") is CellValue.MINE and Technique("subset") is Technique.SUBSET


@pytest.mark.parametrize(("board", "cell", "value", "technique", "because", "sentence"), CASES)
def test_each_technique_and_its_sentence(board, cell, value, technique, because, sentence):
    position = parse_board(board)
    found = {e.cell: e for e in explain(position)}
    e = found[cell]
    assert isinstance(e.value, CellValue) and isinstance(e.technique, Technique)
    assert (e.value, e.technique, e.because, e.sentence) == (value, technique, because,
                                                             sentence)
    assert e.value is CellValue(value) and e.technique is Technique(technique)


def test_explain_cell_accepts_the_plain_words():
    position = Position.from_rows(["02?", "02?"])
    constraints = [c for c in build_system(position).constraints if c.cells]
    by_word = explain_cell(position, constraints, 2, "mine")
    by_enum = explain_cell(position, constraints, 2, CellValue.MINE)
    assert by_word == by_enum and by_word.value is CellValue.MINE
    assert isinstance(by_word, Explanation)


def test_no_json_method_left_on_explanations():
    # The JSON form lives in sweepkit.serialize (explanation_json), not on the dataclass.
    assert not hasattr(Explanation, "to_json")


@settings(max_examples=examples(400), deadline=None)
@given(consistent_positions(max_rows=5, max_cols=5), st.booleans())
def test_technique_of_names_what_explain_cell_names(position, use_count):
    analysis = analyse(position, use_count)
    constraints = [c for c in analysis.system.constraints if c.cells]
    for value, cells in (("safe", analysis.safe_cells()), ("mine", analysis.mine_cells())):
        for cell in cells:
            expected = explain_cell(position, constraints, cell, value).technique
            assert techniques_of(analysis, [cell], value)[cell] is expected


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from([(4, 5), (5, 4), (3, 6)]), st.integers(0, 2**32))
def test_the_mine_count_argument_needs_only_the_numbers_it_cites(shape, seed):
    """Every ``GLOBAL`` reason is sound on its own: with the mines the numbers alone make
    certain taken as found, the cell takes its value in every placement of the mines left
    that meets just the numbers the reason cites (brute force over the other unknown
    cells)."""
    position = random_view(*shape, seed, with_count=True)
    near = adjacency(position)
    certain = set(analyse(position, use_mine_count=False).mine_cells())
    unknown = [c for c in position.unknown_cells() if c not in certain]
    found = certain | {i for i, v in enumerate(position.cells) if v == MINE}
    left = position.mines - len(found)
    for e in explain(position):
        if e.technique is not Technique.GLOBAL:
            continue
        cited = [(n, position.cells[n] - len(near[n] & found)) for n in e.because]
        for mines in itertools.combinations(unknown, left):
            chosen = set(mines)
            if all(len(near[n] & chosen) == need for n, need in cited):
                assert (e.cell in chosen) == (e.value is CellValue.MINE), e.sentence
