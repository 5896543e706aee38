"""Explanations: the value and technique enums, and the sentences (unchanged wording)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.explain import (
    TECHNIQUES,
    CellValue,
    Explanation,
    Technique,
    explain,
    explain_cell,
    techniques_of,
)
from sweepkit.analysis.probability import analyse
from sweepkit.boardfile import parse_board
from sweepkit.constraints import build_system
from sweepkit.position import Position
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
    ("mines: 0\n0??\n???\n", 2, "safe", "global", (0,),
     "only the total of 0 mines decides it: (0, 2) is safe in every layout"),
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
