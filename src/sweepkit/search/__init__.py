"""Game-tree search: exact optimal play for small positions.

:mod:`.optimal` — :func:`optimal_play`: the number of layouts of a position that optimal
play wins, and every first move that achieves it, by a memoised search over information
states (the semantics are in that module's doc); :class:`GameTree` keeps that search for the
positions that follow in a game (and, in :attr:`GameTree.stopped`, what a search stopped
by its state limit had proved: :class:`PartialPlay`), :func:`fresh_tree` remembers the
last first searches.

>>> from sweepkit.position import Position
>>> optimal_play(Position.unknown(1, 2, mines=1)).wins
1
"""

from sweepkit.search.optimal import (
    DEFAULT_MAX_LAYOUTS,
    GameTree,
    OptimalPlay,
    OptimalPlayError,
    PartialPlay,
    TooManyLayouts,
    TooManyStates,
    fresh_tree,
    optimal_play,
)

__all__ = [
    "DEFAULT_MAX_LAYOUTS",
    "GameTree",
    "OptimalPlay",
    "OptimalPlayError",
    "PartialPlay",
    "TooManyLayouts",
    "TooManyStates",
    "fresh_tree",
    "optimal_play",
]
