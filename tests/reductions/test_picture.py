"""The reduced board's PNG: one block of pixels a cell, coloured by what the cell is, the
gates outlined and the inputs' terminals ringed."""

from __future__ import annotations

import io

import numpy as np
from matplotlib.colors import to_rgb
from matplotlib.image import imread

from sweepkit.position import MINE, UNKNOWN
from sweepkit.reductions.formulas import parse_circuit
from sweepkit.reductions.layout import reduce_circuit
from sweepkit.reductions.picture import GATE, NUMBER, PALETTE, TERMINAL, reduced_png


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(round(255 * x) for x in to_rgb(hex_colour))


def test_every_cell_is_a_block_of_its_colour():
    reduced = reduce_circuit(parse_circuit("t = or(u, v)\ns = and(t, w)\noutput s\n"))
    rows, cols = reduced.position.shape
    cell = 4
    image = np.rint(imread(io.BytesIO(reduced_png(reduced, cell=cell)))[..., :3] * 255)
    assert image.shape == (rows * cell, cols * cell, 3)
    ringed = {(r + dr, c + dc) for r, c in (divmod(t, cols) for t in reduced.terminals.values())
              for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    gated = {(r, c) for _, top, left, bottom, right in reduced.gates
             for r in range(top, bottom + 1) for c in range(left, right + 1)}
    colours = {name: rgb(PALETTE[i]) for i, name in enumerate(reduced.terminals)}
    seen = {"number": 0, "wire": 0}
    for index, value in enumerate(reduced.position.cells):
        r, c = divmod(index, cols)
        if (r, c) in ringed or (r, c) in gated:
            continue  # outlines drawn over the block's edge
        block = image[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell].reshape(-1, 3)
        assert (block == block[0]).all(), (r, c)
        if value == MINE:
            assert tuple(block[0]) == (0, 0, 0)
        if value >= 0:
            assert tuple(block[0]) == rgb(NUMBER)
            seen["number"] += 1
        name = reduced.wires.get(index, "")
        if value == UNKNOWN and name in colours:
            assert tuple(block[0]) == colours[name], (r, c, name)
            seen["wire"] += 1
    assert seen["number"] > 0 and seen["wire"] > 0
    for _, top, left, _, _ in reduced.gates:  # each gate's corner is outlined
        assert tuple(image[top * cell, left * cell]) == rgb(GATE)
    r, c = divmod(reduced.terminals["u"], cols)
    assert tuple(image[max(r - 1, 0) * cell, (c + 2) * cell - 1]) == rgb(TERMINAL)
