"""Players: the strategy protocol (:mod:`~sweepkit.strategies.base`) and every strategy
the project has, by the name the command line and the web app know it by.

>>> sorted(STRATEGIES)
['best', 'exact', 'limited-search', 'limited-search-prob', 'random', 'single-point', 'staged']
>>> make_strategy("exact").name
'exact'
"""

from __future__ import annotations

import inspect
from typing import Any

from sweepkit.strategies.base import FirstMove, Strategy, StrategyError, first_cell
from sweepkit.strategies.best import BestStrategy, recommended_first
from sweepkit.strategies.exact import ExactStrategy
from sweepkit.strategies.limited_search import LimitedSearchProbStrategy, LimitedSearchStrategy
from sweepkit.strategies.random_probe import RandomStrategy
from sweepkit.strategies.single_point import SinglePointStrategy
from sweepkit.strategies.staged import StagedStrategy

STRATEGIES: dict[str, type[Strategy]] = {
    cls.name: cls for cls in (RandomStrategy, SinglePointStrategy, LimitedSearchStrategy,
                              LimitedSearchProbStrategy, StagedStrategy, ExactStrategy,
                              BestStrategy)
}
"""Every strategy class by name."""


def make_strategy(name: str, **options: Any) -> Strategy:
    """A fresh strategy called ``name`` with ``options`` (keyword arguments of its class;
    ``None`` values are left at their defaults). ValueError naming the valid choices when
    the name or an option is unknown.

    >>> make_strategy("exact", radius=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: strategy 'exact' takes no option radius (it takes: first, use_mine_count, ...)
    """
    try:
        cls = STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown strategy {name!r} (expected one of "
                         f"{', '.join(sorted(STRATEGIES))})") from None
    accepted = [p for p in inspect.signature(cls.__init__).parameters if p != "self"]
    given = {k: v for k, v in options.items() if v is not None}
    for option in given:
        if option not in accepted:
            raise ValueError(f"strategy {name!r} takes no option {option} "
                             f"(it takes: {', '.join(accepted)})")
    return cls(**given)


def default_first(name: str, rows: int, cols: int, first_click: str) -> FirstMove:
    """Where ``name`` clicks first when no one says: for ``best`` the cell measured best
    under the first-click rule (:func:`~sweepkit.strategies.best.recommended_first`), for
    the others the corner, as Pedersen's players do.

    >>> default_first("best", 9, 9, "opening"), default_first("exact", 9, 9, "opening")
    ((2, 2), 'corner')
    """
    return recommended_first(rows, cols, first_click) if name == "best" else "corner"


__all__ = ["STRATEGIES", "FirstMove", "Strategy", "StrategyError", "default_first",
           "first_cell", "make_strategy"]
