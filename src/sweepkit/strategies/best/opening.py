"""The opening: where ``best`` clicks first, and its one book move after that.

The first click is the caller's: :func:`recommended_first` gives the cell measured best
for a first-click rule, and :data:`ANALYSED` has it chosen as every other guess is (right
when the first click has no protection). The book (option ``far_corner``): after a first
click in a corner that showed a number, the corner diagonally opposite
(:func:`far_corner`), which opens a new region half the time (``docs/results.md``).
"""

from __future__ import annotations

from itertools import islice

from sweepkit.moves import Action, Decision, Reason
from sweepkit.position import UNKNOWN, Position
from sweepkit.strategies.base import FirstMove
from sweepkit.strategies.best.guesses import Evaluator

ANALYSED = "analysed"
"""The first click chosen by the same rules as every guess (``first=ANALYSED``)."""


OPENING_STEPS = (2, 3)
"""How far in (rows and columns) the first click goes when it always opens: on boards
shorter than 24 cells, and on longer ones (:func:`recommended_first`)."""


def recommended_first(rows: int, cols: int, first_click: str) -> FirstMove:
    """The first click on a rows x cols board under a first-click rule (``"none"``,
    ``"safe"`` or ``"opening"``), as measured (``docs/results.md``): the corner unless the
    first cell always opens (a corner most often shows a 0; at beginner it wins 91.7% of
    20,000 games, (0, 1) 89.6%), else a cell :data:`OPENING_STEPS` rows and columns in:
    two on boards up to 23 cells long (beginner: (2, 2) 97.4% against 96.9% for (3, 3)
    and 97.0% for (1, 1); intermediate: (2, 2) 88.9% and (3, 3) 88.6%, a difference
    30,000 games each do not resolve, (4, 4) 87.5%), three on longer ones (the C++
    solver's authors measured (3, 3) best on expert; (2, 2) was no better over 14,000
    games each). A board too small for it takes its middle. The runs: ``sweepkit bench
    --strategy best --level L --rule R --first ROW,COL --games N --seed S``, with the
    seeds of the first-click table of ``docs/results.md``.

    >>> recommended_first(16, 30, "safe"), recommended_first(16, 30, "opening")
    ('corner', (3, 3))
    >>> recommended_first(9, 9, "opening"), recommended_first(16, 16, "opening")
    ((2, 2), (2, 2))
    """
    if first_click == "opening":
        steps = OPENING_STEPS[max(rows, cols) >= 24]
        return (min(steps, (rows - 1) // 2), min(steps, (cols - 1) // 2))
    return "corner"


def far_corner(view: Position) -> int | None:
    """The corner diagonally opposite the only open cell of ``view`` when that cell is a
    corner of a grid showing a number and the far corner is still covered, else ``None``:
    the position after a first click in the corner (the safe rule's) that did not open.

    >>> view = Position.from_rows(["1???", "????", "????"], mines=3)
    >>> view.coord(far_corner(view))
    (2, 3)
    >>> far_corner(Position.from_rows(["?1??", "????"], mines=2)) is None
    True
    """
    if view.topology != "grid":
        return None
    opened = list(islice((c for c, v in enumerate(view.cells) if v >= 0), 2))  # two are enough
    if len(opened) != 1 or view.cells[opened[0]] <= 0:
        return None
    coord = view.coord(opened[0])
    if any(x not in (0, n - 1) for x, n in zip(coord, view.shape, strict=True)):
        return None
    far = view.index(*(n - 1 - x for x, n in zip(coord, view.shape, strict=True)))
    return far if far != opened[0] and view.cells[far] == UNKNOWN else None


def book(evaluator: Evaluator) -> Decision | None:
    """The far corner after a first click in a corner that showed a number (option
    ``far_corner``), else ``None``: when the only cell open is a corner of a grid, the next
    guess is the corner diagonally opposite (:func:`far_corner`), unless it is dead (on a
    board so small that its number is known: then the ranking decides)."""
    cell = far_corner(evaluator.position)
    if cell is None:
        return None
    risk = evaluator.probabilities[cell]
    if risk >= 1 or evaluator.outcome(cell).dead:
        return None
    return Decision(Action.reveal(cell), Reason.guessed(
        risk, "opening book: after a corner that shows a number, the far corner (a "
              "second corner opens a new region about half the time)"))
