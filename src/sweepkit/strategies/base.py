"""The strategy protocol: from the player's view alone, the next move(s), each with a reason.

A strategy sees a :class:`~sweepkit.position.Position` (the numbers opened so far,
``?`` on covered cells, ``*`` on its own flags, and the total mine count) and a
``random.Random``; it answers with :class:`~sweepkit.moves.Decision` values. It never
holds the game: it cannot read the layout, and it cannot end a game or pretend one has
ended — the loop in :mod:`sweepkit.play` decides that from the game itself. These are
the two safeguards Pedersen's framework lacked and asked for (*The complexity of
Minesweeper and strategies for game playing*, 2004, §6 and §8 [Pedersen2004]).

One strategy object plays one game at a time and keeps its working state between the
moves of that game (cells it has proved, caches); :meth:`Strategy.start` clears it
before each game.

The first click is part of the strategy (:class:`FirstMove`): the top-left corner by
default, as all of Pedersen's players do (§5.1: a corner maximises the chance of a 0,
C(n−4, m) layouts against C(n−6, m) on an edge and C(n−9, m) inside), the centre, or
any cell.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from sweepkit.moves import Action, Basis, Decision, Reason
from sweepkit.position import UNKNOWN, Position
from sweepkit.topology import flat_index

FirstMove = str | tuple[int, int]
"""Where the first click goes: ``"corner"`` (top left), ``"centre"``, or ``(row, col)``."""

FIRST_MOVES = ("corner", "centre")


def first_cell(shape: tuple[int, ...], first: FirstMove) -> int:
    """The flat index of the first click on a board of ``shape``.

    >>> first_cell((16, 30), "corner"), first_cell((16, 30), "centre"), first_cell((16, 30), (3, 3))
    (0, 255, 93)
    """
    rows, cols = shape[0], shape[-1]
    if first == "corner":
        return 0
    if first in ("centre", "center"):
        return flat_index((rows, cols), rows // 2, cols // 2)
    if isinstance(first, tuple) and len(first) == 2:
        return flat_index((rows, cols), *first)
    raise ValueError(f"unknown first click {first!r} (expected corner, centre or (row, col))")


def unopened(view: Position) -> bool:
    """Whether nothing has been opened yet (every cell covered or flagged)."""
    return all(v < 0 for v in view.cells)


class StrategyError(RuntimeError):
    """A strategy broke the protocol: no move, or only moves that change nothing."""


class Strategy(ABC):
    """One player. Subclasses set :attr:`name` and implement :meth:`decide`.

    ``first`` is the first click (see :func:`first_cell`); :meth:`opening` plays it
    whenever nothing is open yet, so :meth:`decide` only sees views with some number.
    """

    name: ClassVar[str]
    """The name ``sweepkit bench --strategy`` knows it by."""

    def __init__(self, first: FirstMove = "corner") -> None:
        if isinstance(first, str) and first not in (*FIRST_MOVES, "center"):
            first_cell((1, 1), first)  # raises, naming the choices
        self.first = first

    def start(self, view: Position) -> None:  # noqa: B027 - optional hook
        """A new game begins with ``view``: drop the working state of the last one."""

    def moves(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        """The next move(s) for ``view``: the opening click, else :meth:`decide`."""
        if unopened(view):
            return [self.opening(view)]
        return self.decide(view, rng)

    def opening(self, view: Position) -> Decision:
        """The first click, from :attr:`first`."""
        where = self.first if isinstance(self.first, str) else f"cell {self.first}"
        return Decision(Action.reveal(first_cell(view.shape, self.first)),
                        Reason(Basis.FIRST, note=f"first click: {where}"))

    @abstractmethod
    def decide(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        """At least one move for a view with something open and the game still on."""


def random_unknown(view: Position, rng: random.Random, note: str = "uniform random cell",
                   cells: Sequence[int] | None = None) -> Decision:
    """A uniformly random covered cell (or one of ``cells``), probed as a ``RANDOM`` guess.

    The estimate it carries is the density of mines left over covered cells, the only
    figure a player without a search has."""
    if cells is None:
        cells = view.unknown_cells()
    if not cells:
        raise StrategyError("no covered cell left to probe")
    remaining = view.remaining_mines()
    covered = view.cells.count(UNKNOWN)
    density = None if remaining is None or not covered else remaining / covered
    return Decision(Action.reveal(rng.choice(cells)),
                    Reason.guessed(density, note, basis=Basis.RANDOM))
