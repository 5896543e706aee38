"""The rules of a game: board size, mine count, and how the first click constrains the layout.

Three first-click rules exist in the wild (the papers and today's clients):

- ``none``: the first click can lose; mines are uniform over all cells.
- ``safe``: the first cell is never a mine; mines are uniform over the other cells
  (Pedersen's default and Windows XP's rule).
- ``opening``: the first cell shows a 0; mines are uniform over the cells outside
  its 3×3 neighbourhood (the modern rule).

>>> rules = level("expert", "opening")
>>> rules.rows, rules.cols, rules.mines, rules.first_click
(16, 30, 99, <FirstClick.OPENING: 'opening'>)
>>> len(rules.place_mines(rules.index(0, 0), random.Random(7)))
99
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from sweepkit.topology import cell_coord, cell_neighbours, cell_text, flat_index, shape_text

MAX_SIDE = 1000
"""Largest number of rows or columns accepted (the engine is tested up to 200×200)."""

MAX_ND_CELLS = 100_000
"""Largest board of three or more dimensions accepted, in cells: the engine works out an
n-D cell's neighbours (26 in 3-D, 80 in 4-D) in Python, and a first click that opens a
whole board of 100,000 cells takes about a second."""


class FirstClick(StrEnum):
    """What the first reveal is guaranteed to find."""

    NONE = "none"
    SAFE = "safe"
    OPENING = "opening"


LEVELS: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
    "pedersen-beginner": (10, 10, 10),
}
"""The preset levels as ``(rows, cols, mines)``; Pedersen's beginner is 10×10 with 10 mines."""


@dataclass(frozen=True)
class Rules:
    """A board size, a mine count and a first-click rule; validated on construction.

    ``outer`` holds the sizes of the dimensions before the rows and columns of a board of
    three or more dimensions, outermost first (empty for the usual 2-D board): the board's
    shape is ``(*outer, rows, cols)``. :meth:`of_shape` builds rules from a shape.

    >>> Rules(2, 2, 4)
    Traceback (most recent call last):
    ...
    ValueError: 4 mines do not fit on a 2x2 board: need 0 <= mines < 4 cells
    >>> Rules.of_shape((4, 4, 4), 8).size
    64
    """

    rows: int
    cols: int
    mines: int
    first_click: FirstClick = FirstClick.SAFE
    outer: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "outer", tuple(self.outer))
        sides = [("rows", self.rows), ("cols", self.cols)]
        sides += [(f"size {k} of the shape", side) for k, side in enumerate(self.outer)]
        for name, side in sides:
            if not 1 <= side <= MAX_SIDE:
                raise ValueError(f"{name} must be between 1 and {MAX_SIDE}, got {side}")
        if self.outer and self.size > MAX_ND_CELLS:
            raise ValueError(f"a {shape_text(self.shape)} board has {self.size} cells; boards "
                             f"of 3 or more dimensions have at most {MAX_ND_CELLS}")
        if not 0 <= self.mines < self.size:
            raise ValueError(
                f"{self.mines} mines do not fit on a {shape_text(self.shape)} board: "
                f"need 0 <= mines < {self.size} cells"
            )
        object.__setattr__(self, "first_click", first_click_rule(self.first_click))

    @classmethod
    def of_shape(cls, shape: tuple[int, ...], mines: int,
                 first_click: FirstClick | str = FirstClick.SAFE) -> Rules:
        """The rules of a board of ``shape`` (two or more sizes, outermost first)."""
        if len(shape) < 2:
            raise ValueError(f"a board needs at least 2 dimensions, got shape {tuple(shape)}")
        *outer, rows, cols = shape
        return cls(rows, cols, mines, first_click_rule(first_click), tuple(outer))

    def __repr__(self) -> str:
        outer = f", outer={self.outer}" if self.outer else ""
        return (f"Rules(rows={self.rows}, cols={self.cols}, mines={self.mines}, "
                f"first_click={self.first_click!r}{outer})")

    @property
    def shape(self) -> tuple[int, ...]:
        return (*self.outer, self.rows, self.cols)

    @property
    def size(self) -> int:
        size = self.rows * self.cols
        for n in self.outer:
            size *= n
        return size

    def index(self, *coord: int) -> int:
        """Flat index of ``(row, col)`` (on an n-D board, one coordinate per dimension);
        OffBoardError (a ValueError) when off the board."""
        return flat_index(self.shape, *coord)

    def coord(self, index: int) -> tuple[int, ...]:
        """``(row, col)`` of a flat index (on an n-D board, one coordinate per dimension),
        for people (moves and analysis use the index)."""
        return cell_coord(self.shape, index)

    def mine_free_cells(self, first: int) -> tuple[int, ...]:
        """The cells the rule keeps free of mines when the first reveal is cell ``first``
        (under ``opening``, its neighbourhood: 27 cells inside a 3-D board).

        >>> Rules(3, 3, 1, "opening").mine_free_cells(0)
        (0, 1, 3, 4)
        """
        if self.first_click is FirstClick.NONE:
            return ()
        if self.first_click is FirstClick.SAFE:
            return (first,)
        return tuple(sorted((first, *cell_neighbours(self.shape, "grid", first))))

    def check_first_click(self, first: int) -> None:
        """Raise ValueError (naming the numbers) when the rule cannot be met at ``first``."""
        free = len(self.mine_free_cells(first))
        room = self.size - free
        if self.mines > room:
            raise ValueError(
                f"rule '{self.first_click}' keeps {free} cells around "
                f"{cell_text(self.coord(first))} free, leaving {room} cells for {self.mines} "
                f"mines on a {shape_text(self.shape)} board"
            )

    def mine_candidates(self, first: int) -> Sequence[int]:
        """The cells the rule lets a mine be drawn on for a first reveal at ``first``, in
        the order :meth:`place_mines` samples them (a caller drawing many layouts makes
        the list once).

        >>> list(Rules(2, 2, 1, "safe").mine_candidates(0))
        [1, 2, 3]
        """
        self.check_first_click(first)
        free = set(self.mine_free_cells(first))
        return [i for i in range(self.size) if i not in free] if free else range(self.size)

    def place_mines(self, first: int, rng: random.Random) -> frozenset[int]:
        """Draw the mine cells uniformly among those the rule allows, for a first reveal at
        ``first`` (a flat index)."""
        return frozenset(rng.sample(self.mine_candidates(first), self.mines))


def level(name: str, first_click: FirstClick | str = FirstClick.SAFE) -> Rules:
    """The rules of a preset level (see :data:`LEVELS`) under a first-click rule.

    >>> level("beginner")
    Rules(rows=9, cols=9, mines=10, first_click=<FirstClick.SAFE: 'safe'>)
    """
    try:
        rows, cols, mines = LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r} (expected one of {', '.join(LEVELS)})") from None
    return Rules(rows, cols, mines, first_click_rule(first_click))


def first_click_rule(name: FirstClick | str) -> FirstClick:
    """The rule called ``name``; ValueError listing the rules when there is none.

    >>> first_click_rule("opening")
    <FirstClick.OPENING: 'opening'>
    """
    try:
        return FirstClick(name)
    except ValueError:
        choices = ", ".join(rule.value for rule in FirstClick)
        raise ValueError(f"unknown first-click rule {name!r} (expected one of {choices})") from None
