"""No-guess boards by perturbation: play a layout by logic, and where the player is stuck
change the layout next to where it stopped, keeping every deduction the change leaves valid.

Simon Tatham's Mines (``mines.c``) makes its boards so: its solver plays a random layout,
and where it gets stuck, mines near the stuck frontier move until it gets on. Here the
player is :class:`~sweepkit.generate.logic.LogicPlayer` with its deductions tracked:

1. One covered cell next to a revealed number (drawn at random among those the player
   left open; a flagged one when it flagged them all) changes sides with a cell of the
   other side drawn at random: a covered one away from every revealed cell, else any one
   not revealed (a flag too: a pocket of covered cells closed in by flags and the edge
   can then get a mine more or one less). A mine moves off the frontier, or a safe cell
   there takes a mine from elsewhere.
2. The revealed numbers next to the two cells change; every deduction that used one of
   them, or a cell state such a deduction made known, is undone (:meth:`~sweepkit.
   generate.logic.LogicPlayer.swap`), and play goes on from there. What is left is a
   derivation that holds in the changed layout, from the first click: a change costs the
   deductions it touches, not a replay of the board, and the board the player clears at
   the end needs no guess.

The player's exact step looks at most :data:`WINDOW` numbers together and the whole view's
analysis (for the mine count) waits until at most :data:`COUNT_CELLS` cells are covered:
both keep a change's cost local on big boards, and both can only make the player stop
where the exact player would go on (one more change, never a board that needs a guess).
The boards lean towards easier ones than the uniform draw (``benchmarks/bench_no_guess.py``
measures how much).
"""

from __future__ import annotations

import random
from itertools import compress

from sweepkit.generate.logic import FLAG, OPEN, LogicPlayer
from sweepkit.rules import Rules

WINDOW = 60
"""The most numbers the perturbing player's exact step takes together."""

COUNT_CELLS = 2000
"""The most covered cells at which the perturbing player analyses the whole view for what
the mine count decides: with more, the count decides nothing in practice, and one analysis
costs the whole board (10 ms for a 200x200 view with 900 cells covered, a Position of a
million cells on a 1000x1000 board)."""

ZERO = b"\x01" + bytes(255)
"""A ``bytes.translate`` table: 1 for a zero byte, 0 for any other."""
NONZERO = b"\x00" + b"\x01" * 255
"""A ``bytes.translate`` table: 0 for a zero byte, 1 for any other."""
FLAGGED = bytes(FLAG) + b"\x01" + bytes(255 - FLAG)
"""A ``bytes.translate`` table: 1 for a flagged cell's state, 0 for any other."""
NOT_OPEN = bytes([1 if s != OPEN else 0 for s in range(256)])
"""A ``bytes.translate`` table: 1 for a covered or flagged cell's state, 0 for a revealed."""


def perturb(rules: Rules, first: int, mines: frozenset[int], hardest: int,
            rng: random.Random, changes: list[int]) -> frozenset[int]:
    """A layout close to ``mines`` that the player of technique rank ``hardest`` clears
    from ``first`` (module doc); ``changes[0]`` counts the swaps as they are made (the
    caller's timeout names it). Runs until cleared: the caller's budget ends it."""
    player = LogicPlayer(rules, mines, hardest, track=True, window=WINDOW,
                         count_cells=COUNT_CELLS)
    player.start(first)
    while not player.solve():
        player.swap(*choose_swap(player, rng))
        changes[0] += 1
    return player.mines


def as_int(cells: bytes | bytearray) -> int:
    """Bytes of 0/1 per cell as one integer, for bulk selections."""
    return int.from_bytes(cells, "little")


def chosen(rng: random.Random, selection: int, size: int) -> int:
    """A random cell among those whose byte is 1 in ``selection``."""
    return rng.choice(list(compress(range(size), selection.to_bytes(size, "little"))))


def choose_swap(player: LogicPlayer, rng: random.Random) -> tuple[int, int]:
    """The two cells a stuck player's layout swaps (module doc, step 1). The selections
    are ANDed as integers, one byte a cell: a pass over a 200x200 board's cells in Python
    would cost more than the change."""
    size, state, is_mine = player.size, player.state, player.is_mine
    covered = as_int(state.translate(ZERO))
    nearby = as_int(player.near.translate(NONZERO))
    frontier = covered & nearby or as_int(state.translate(FLAGGED)) & nearby
    x = chosen(rng, frontier, size)
    other = as_int(is_mine.translate(ZERO) if is_mine[x] else is_mine)
    # far from the revealed cells, else any not revealed but x (a flag too: a pocket of
    # covered cells closed by flags gets a mine more from elsewhere)
    far = other & covered & ~nearby
    y = chosen(rng, far or other & as_int(state.translate(NOT_OPEN)) & ~(1 << 8 * x), size)
    return x, y
