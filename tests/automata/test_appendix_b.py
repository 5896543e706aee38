"""Appendix B regenerated: 220 consistent strings, the paper's entries, its corrected errata."""

from __future__ import annotations

import itertools

import pytest

from sweepkit.automata.appendix_b import (
    TYPES,
    appendix_b_markdown,
    appendix_b_rows,
    classify,
    occurs_in_consistent_strip,
)
from tests.automata.line_brute import consistent_strings

# Entries of the published table that are right (string: (type, subtype), None = consistent),
# copied from its first block (strings starting with 0) and from the examples of §7.
PUBLISHED = {
    "0000": None, "0001": None, "0002": ("2e", "02XX"), "000?": None,
    "0010": ("1e", "010X"), "0011": ("1e", "011X"), "0012": ("2e", "12XX"), "001B": None,
    "0020": ("2e", "02XX"), "002B": ("2e", "02XX"), "00B0": ("Be", "0BXX"),
    "00B?": ("Be", "0BXX"), "00?0": None, "00?2": ("2e", "0?2X"), "00?B": None,
    "0100": ("1e", "010X"), "010?": ("1e", "010X"), "0110": ("1e", "011X"),
    "0120": ("2e", "12XX"), "01B0": ("Be", "0BXX"), "01B1": None, "01?0": ("1e", "01?0"),
    "01?1": None, "0200": ("2e", "02XX"), "02?B": ("2e", "02XX"), "0B1?": ("Be", "0BXX"),
    "0?00": None, "0?02": ("2e", "02XX"), "0?0B": ("Be", "0BXX"), "0?10": ("1e", "01?0"),
    "0?12": ("2e", "12XX"), "0?1B": None, "0?20": ("2e", "0?2X"), "0?B0": ("Be", "0BXX"),
    "0?B1": None, "210B": ("2e", "12XX"), "112B": ("2e", "12XX"),
}

CORRECTED = {
    "?011": ("1e", "011X"),  # published as consistent
    "000B": ("Be", "0BXX"),  # published as Be / 12XX
    "0021": ("2e", "02XX"),  # published as 12XX
    "0022": ("2e", "02XX"),  # published as 22XX
    "102B": ("2e", "02XX"),  # published without a type
    "102?": ("2e", "02XX"),  # published without a type
    "0?11": ("1e", "11?0"),  # published under the name 0?11
}


def test_625_rows_in_kadlacs_order_220_consistent() -> None:
    rows = appendix_b_rows()
    assert [r.string for r in rows] == list(map("".join, itertools.product("012B?", repeat=4)))
    assert sum(r.consistent for r in rows) == 220


def test_consistency_is_local_consistency_by_brute_force() -> None:
    inside = {w[1:-1] for w in consistent_strings(6) if w[0] == "?" and w[-1] == "?"}
    for row in appendix_b_rows():
        assert row.consistent == (row.string in inside), row.string
        assert occurs_in_consistent_strip(row.string) == row.consistent


def test_every_inconsistent_string_has_a_type_and_subtype_of_table_3() -> None:
    for row in appendix_b_rows():
        if row.consistent:
            assert row.type is None and row.subtype is None
        else:
            assert row.subtype in TYPES[row.type]
    assert {r.subtype for r in appendix_b_rows()} - {None} == {s for v in TYPES.values() for s in v}


@pytest.mark.parametrize("text", list(PUBLISHED))
def test_the_rule_reproduces_the_published_entries(text: str) -> None:
    assert classify(text) == PUBLISHED[text]


@pytest.mark.parametrize("text", list(CORRECTED))
def test_the_errata_are_corrected(text: str) -> None:
    assert classify(text) == CORRECTED[text]


def test_markdown_table() -> None:
    table = appendix_b_markdown()
    lines = table.splitlines()
    assert lines[0] == "| consistent | inconsistent | type | subtype |"
    assert len(lines) == 2 + 625
    assert "| `0000` | | | |" in lines
    assert "| | `000B` | Be | 0BXX |" in lines
