"""Kaye's gates and the composite parts (crossover) drawn on a :class:`Sheet`, turned
any number of quarter turns, with ports to route wires to.

A gate is stamped from its grid in :mod:`sweepkit.reductions.gadgets`: numbers, known
mines and ``-`` as printed, its labelled cells covered (``u``, ``v``, ``t`` and their
primes carry the wires given; every other label is internal to this copy), its ``.``
cells left blank for the sheet to fill in. The crossover is Pedersen's construction
from three XORs (x = a ⊕ b, then a = x ⊕ b and b = x ⊕ a), with splitters and routes
between them; the tests prove it by its truth table.
"""

from __future__ import annotations

from functools import cache

from sweepkit.position import MINE, SAFE
from sweepkit.reductions.gadgets import PORTS, tokens
from sweepkit.reductions.sheet import SEPARATOR, Cell, Port, Sheet


def _turned(cell: Cell, rows: int, cols: int, times: int) -> Cell:
    r, c = cell
    for _ in range(times % 4):
        r, c, rows, cols = c, rows - 1 - r, cols, rows
    return r, c


def _step(direction: Cell, times: int) -> Cell:
    dr, dc = direction
    for _ in range(times % 4):
        dr, dc = dc, -dr
    return dr, dc


def size(name: str, turns: int = 0) -> tuple[int, int]:
    """(rows, cols) of gate ``name`` turned ``turns`` quarter turns."""
    grid = tokens(name)
    rows, cols = len(grid), len(grid[0])
    return (cols, rows) if turns % 2 else (rows, cols)


def draw_gate(sheet: Sheet, name: str, origin: Cell, turns: int,
              wires: dict[str, int]) -> dict[str, Port]:
    """Stamp gate ``name`` with its top-left corner at ``origin``, turned ``turns``
    quarter turns clockwise, its inputs and output carrying ``wires`` (``u``, ``v``,
    ``t`` → variable); the ports, by wire name."""
    grid = tokens(name)
    rows, cols = len(grid), len(grid[0])
    local: dict[str, int] = {}
    for r, row in enumerate(grid):
        for c, token in enumerate(row):
            tr, tc = _turned((r, c), rows, cols, turns)
            cell = (origin[0] + tr, origin[1] + tc)
            if token.isdigit():
                sheet.fix(cell, int(token))
            elif token == "*":
                sheet.fix(cell, MINE)
            elif token == "-":
                sheet.fix(cell, SAFE)
            elif token == ".":
                sheet.blank(cell)
            else:
                base = token.rstrip("'")
                if base in wires:
                    var = wires[base]
                else:
                    if base not in local:
                        local[base] = sheet.variable(f"{name}.{base}", auxiliary=True)
                    var = local[base]
                sheet.cover(cell, var, token.endswith("'"))
    high, wide = size(name, turns)
    sheet.parts.append((name, origin, (origin[0] + high - 1, origin[1] + wide - 1)))
    ports: dict[str, Port] = {}
    for label, (cell, direction, kind) in PORTS[name].items():
        tr, tc = _turned(cell, rows, cols, turns)
        ports[label] = Port((origin[0] + tr, origin[1] + tc), _step(direction, turns), kind)
    return ports


def moved(port: Port, origin: Cell) -> Port:
    """``port`` of a part stamped with its (0, 0) at ``origin``."""
    return Port((port.cell[0] + origin[0], port.cell[1] + origin[1]), port.direction,
                port.kind)


@cache
def crossover() -> tuple[Sheet, dict[str, Port]]:
    """The crossover as a part (variables 0 = a, 1 = b, 2 = their XOR inside): ``a``
    enters from the left at ``a_in`` and leaves to the right at ``a_out`` two rows
    higher; ``b`` enters from the top at ``b_in`` and leaves at the bottom at ``b_out``.
    Inputs are ports to route into, outputs ports to route from.

    x = a ⊕ b (XOR1, in the middle), then a = x ⊕ b (XOR2, right) and b = x ⊕ a (XOR3,
    below, turned a quarter so that its output points down), with a, b and x each split
    once. The layout is fixed; the tests prove it by its four rows."""
    sheet = Sheet()
    a, b, x = sheet.variable("a"), sheet.variable("b"), sheet.variable("x")
    r1, c1 = 10, 14                     # XOR1's corner
    xor1 = draw_gate(sheet, "xor", (r1, c1), 0, {"u": a, "v": b, "t": x})
    a_in = Port((r1 + 5, c1 - 6), (0, -1), SEPARATOR)
    a_down, a_on = sheet.split(a, Port(a_in.cell, (0, 1), SEPARATOR), (1, 0))
    sheet.route(a, a_on, [], xor1["u"])
    b_in = Port((2, 5), (-1, 0), SEPARATOR)
    b_right, b_on = sheet.split(b, Port(b_in.cell, (1, 0), SEPARATOR), (0, 1))
    sheet.route(b, b_on, [(r1 + 2, b_in.cell[1])], xor1["v"])
    row, col = xor1["t"].cell
    fork = col + 2                       # the separator where x splits
    while (fork - col) % 3 != 2:
        fork += 1
    sheet.route(x, xor1["t"], [(row, fork - 1)])
    x_down, x_on = sheet.split(x, Port((row, fork), (0, 1), SEPARATOR), (1, 0))
    xor2 = draw_gate(sheet, "xor", (r1 - 1, fork + 9), 0, {"u": x, "v": b, "t": a})
    sheet.route(x, x_on, [], xor2["u"])
    sheet.route(b, b_right, [(b_right.cell[0], fork + 3), (r1 + 1, fork + 3)], xor2["v"])
    r3, c3 = r1 + 18, fork - 11          # XOR3, turned: inputs on top, output below
    xor3 = draw_gate(sheet, "xor", (r3, c3), 1, {"u": a, "v": x, "t": b})
    lane = r3 - 4
    sheet.route(a, a_down, [(lane, a_down.cell[1]), (lane, c3 + 6)], xor3["u"])
    sheet.route(x, x_down, [(lane, x_down.cell[1]), (lane, c3 + 9)], xor3["v"])
    return sheet, {"a_in": a_in, "b_in": b_in, "a_out": xor2["t"], "b_out": xor3["t"]}
