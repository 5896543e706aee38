"""Kaye's gadgets proved by the exact counter: each truth table with its layout counts
(AND: two layouts for u = v = 0, one for every other row; NOT, OR, XOR: exactly one per
row), and in every layout each wire name holds one value and its primed name the other."""

from __future__ import annotations

import itertools

import pytest

from sweepkit.analysis.papers.enumerate import enumerate_layouts
from sweepkit.reductions.gadgets import GADGETS, gadget, truth_table

EXPECTED = {
    "wire": {(): {(0,): 1, (1,): 1}},
    "not": {(0,): {(1,): 1}, (1,): {(0,): 1}},
    "and": {(0, 0): {(0,): 2}, (0, 1): {(0,): 1}, (1, 0): {(0,): 1}, (1, 1): {(1,): 1}},
    "or": {(0, 0): {(0,): 1}, (0, 1): {(1,): 1}, (1, 0): {(1,): 1}, (1, 1): {(1,): 1}},
    "xor": {(0, 0): {(0,): 1}, (0, 1): {(1,): 1}, (1, 0): {(1,): 1}, (1, 1): {(0,): 1}},
}


@pytest.mark.parametrize("name", GADGETS)
def test_each_gadget_computes_its_function_with_its_layout_counts(name):
    assert truth_table(gadget(name)) == EXPECTED[name]


@pytest.mark.parametrize("name", GADGETS)
def test_every_layout_gives_each_wire_one_value(name):
    g = gadget(name)
    names = [n for n, _ in g.inputs]
    for values in itertools.product((False, True), repeat=len(names)):
        for mines in enumerate_layouts(g.with_inputs(dict(zip(names, values, strict=True))),
                                       use_mine_count=False):
            for label, cells in g.labels.items():
                if label.endswith("'"):
                    continue
                held = {cell in mines for cell in cells}
                assert len(held) == 1, (label, values)
                primed = {cell in mines for cell in g.labels.get(label + "'", ())}
                assert not primed or primed == {not held.pop()}, (label, values)


def test_an_unknown_gadget_is_named():
    with pytest.raises(ValueError, match=r"unknown gadget 'nand'.*wire, not, and, or, xor"):
        gadget("nand")
