"""Pictures and tables of the machines, and the catalog the CLI draws from."""

from __future__ import annotations

import re

import pytest

from sweepkit.automata import catalog
from sweepkit.automata.hulin import hulin_min_dfa, hulin_q
from sweepkit.automata.render import FORMATS, RenderError, render, to_svg


def test_table_has_one_row_per_state_and_column_per_symbol():
    machine = hulin_q()
    lines = render(machine, "table").splitlines()
    assert len(lines) == 2 + len(machine.states)
    assert all(line.count("|") == len(machine.alphabet) + 2 for line in lines)
    assert lines[-1].startswith("| q8 | - |") and "| q2 |" in lines[-1]


def test_dot_draws_every_edge_once_per_state_pair():
    machine = hulin_min_dfa()
    dot = render(machine, "dot")
    edges = re.findall(r'^  "([^"]+)" -> "([^"]+)"', dot, flags=re.M)
    expected = {(s, ts[0]) for (s, _), ts in machine.delta.items()}
    assert set(edges) == expected and len(edges) == len(expected)
    assert dot.count("doublecircle") == len(machine.accepting)


def test_svg_shows_every_state_and_is_reproducible():
    machine = hulin_q()
    svg = to_svg(machine)
    assert svg.lstrip().startswith("<?xml") and "</svg>" in svg
    titles = set(re.findall(r"<title>([^<]+)</title>", svg))
    assert set(machine.states) <= titles
    assert to_svg(machine) == svg


def test_unknown_format_is_an_error():
    with pytest.raises(RenderError, match="unknown format 'png'"):
        render(hulin_q(), "png")
    assert FORMATS == ("dot", "svg", "table")


def test_catalog_names_and_errors():
    assert catalog.NAMES == ("kadlac", "pedersen", "hulin-nfa", "hulin-q", "hulin-dfa",
                             "hulin-min")
    sizes = {name: len(catalog.machine(name).states) for name in catalog.NAMES[2:]}
    assert sizes == {"hulin-nfa": 43, "hulin-q": 9, "hulin-dfa": 27, "hulin-min": 23}
    with pytest.raises(catalog.UnknownMachine, match="no machine called 'x'"):
        catalog.machine("x")
