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
from dataclasses import dataclass
from enum import StrEnum

from sweepkit.topology import flat_index, neighbours

MAX_SIDE = 1000
"""Largest number of rows or columns accepted (the engine is tested up to 200×200)."""


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

    >>> Rules(2, 2, 4)
    Traceback (most recent call last):
    ...
    ValueError: 4 mines do not fit on a 2x2 board: need 0 <= mines < 4 cells
    """

    rows: int
    cols: int
    mines: int
    first_click: FirstClick = FirstClick.SAFE

    def __post_init__(self) -> None:
        for name, side in (("rows", self.rows), ("cols", self.cols)):
            if not 1 <= side <= MAX_SIDE:
                raise ValueError(f"{name} must be between 1 and {MAX_SIDE}, got {side}")
        if not 0 <= self.mines < self.size:
            raise ValueError(
                f"{self.mines} mines do not fit on a {self.rows}x{self.cols} board: "
                f"need 0 <= mines < {self.size} cells"
            )
        object.__setattr__(self, "first_click", first_click_rule(self.first_click))

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def index(self, row: int, col: int) -> int:
        """Flat index of ``(row, col)``; OffBoardError (a ValueError) when off the board."""
        return flat_index(self.shape, row, col)

    def coord(self, index: int) -> tuple[int, int]:
        """``(row, col)`` of a flat index, for people (moves and analysis use the index)."""
        return divmod(index, self.cols)

    def mine_free_cells(self, first: int) -> tuple[int, ...]:
        """The cells the rule keeps free of mines when the first reveal is cell ``first``.

        >>> Rules(3, 3, 1, "opening").mine_free_cells(0)
        (0, 1, 3, 4)
        """
        if self.first_click is FirstClick.NONE:
            return ()
        if self.first_click is FirstClick.SAFE:
            return (first,)
        return tuple(sorted((first, *neighbours(self.shape, "grid")[first])))

    def check_first_click(self, first: int) -> None:
        """Raise ValueError (naming the numbers) when the rule cannot be met at ``first``."""
        free = len(self.mine_free_cells(first))
        room = self.size - free
        if self.mines > room:
            row, col = self.coord(first)
            raise ValueError(
                f"rule '{self.first_click}' keeps {free} cells around ({row}, {col}) free, "
                f"leaving {room} cells for {self.mines} mines on a {self.rows}x{self.cols} board"
            )

    def place_mines(self, first: int, rng: random.Random) -> frozenset[int]:
        """Draw the mine cells uniformly among those the rule allows, for a first reveal at
        ``first`` (a flat index)."""
        self.check_first_click(first)
        free = set(self.mine_free_cells(first))
        candidates = [i for i in range(self.size) if i not in free] if free else range(self.size)
        return frozenset(rng.sample(candidates, self.mines))


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
