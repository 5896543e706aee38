"""Players: the strategy protocol (:mod:`~sweepkit.strategies.base`) and every strategy
the project has, by the name the command line and the web app know it by.

>>> sorted(STRATEGIES)
['best', 'exact', 'limited-search', 'limited-search-prob', 'random', 'single-point', 'staged']
>>> make_strategy("exact").name
'exact'
"""

from __future__ import annotations

import inspect
import types
import typing
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
    hints = typing.get_type_hints(cls.__init__)
    for option, value in given.items():
        _check_type(option, value, hints.get(option))
    return cls(**given)


_PLAIN = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


def _check_type(option: str, value: Any, hint: Any) -> None:
    """ValueError naming ``option`` when ``value`` is not of its plain type (true or
    false, a whole number, a number, text, or a union of these): the web app passes JSON
    values as they come, and ``bool("false")`` would be true. Other types (the first
    click) are checked by the strategy itself."""
    kinds = set(typing.get_args(hint)) if typing.get_origin(hint) in (
        typing.Union, types.UnionType) else {hint}
    kinds.discard(type(None))
    if not kinds or not kinds <= set(_PLAIN):
        return
    if isinstance(value, bool):
        fits = bool in kinds
    else:
        fits = ((isinstance(value, int) and bool(kinds & {int, float}))
                or (isinstance(value, float) and float in kinds)
                or (isinstance(value, str) and str in kinds))
    if not fits:
        wanted = " or ".join(_PLAIN[k] for k in _PLAIN if k in kinds)
        raise ValueError(f"option {option}: expected {wanted}, got {value!r}")


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
