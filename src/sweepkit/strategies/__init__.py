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
from collections.abc import Mapping
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

DEPRECATED_OPTIONS: dict[str, dict[str, str]] = {"best": {"budget": "strength"}}
"""Deprecated option names of each strategy, with the names that replace them: still
accepted (``best`` warns of ``budget``), and read as their current names from stored runs and
the web app (:func:`current_options`)."""


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
            listed = [p for p in accepted if p not in DEPRECATED_OPTIONS.get(name, {})]
            raise ValueError(f"strategy {name!r} takes no option {option} "
                             f"(it takes: {', '.join(listed)})")
    hints = typing.get_type_hints(cls.__init__)
    return cls(**{option: _coerced(option, value, hints.get(option))
                  for option, value in given.items()})


_PLAIN = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


def _coerced(option: str, value: Any, hint: Any) -> Any:
    """``value`` as the plain type of ``option`` (true or false, a whole number, a number,
    text, or a union of these); ValueError naming the option when it is none of them. The
    web app passes JSON values as they come (``bool("false")`` would be true), and runs
    stored with ``--option quick=0`` or ``lookahead=1e6`` are replayed as they were
    parsed: 0 and 1 are false and true, a whole float is an int. Other types (the first
    click) are checked by the strategy itself."""
    kinds = set(typing.get_args(hint)) if typing.get_origin(hint) in (
        typing.Union, types.UnionType) else {hint}
    kinds.discard(type(None))
    if not kinds or not kinds <= set(_PLAIN):
        return value
    if isinstance(value, bool):
        if bool in kinds:
            return value
    elif isinstance(value, int):
        if int in kinds:
            return value
        if float in kinds:
            return float(value)
        if bool in kinds and value in (0, 1):
            return bool(value)
    elif isinstance(value, float):
        if float in kinds:
            return value
        if int in kinds and value.is_integer():
            return int(value)
    elif isinstance(value, str) and str in kinds:
        return value
    wanted = " or ".join(_PLAIN[k] for k in _PLAIN if k in kinds)
    raise ValueError(f"option {option}: expected {wanted}, got {value!r}")


def current_options(name: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` of strategy ``name`` with each deprecated name
    (:data:`DEPRECATED_OPTIONS`) replaced by its current one, in its place, unless that one
    is given too (then both are left for the strategy to judge).

    >>> current_options("best", {"budget": "fast", "endgame": 50})
    {'strength': 'fast', 'endgame': 50}
    """
    current = {old: new for old, new in DEPRECATED_OPTIONS.get(name, {}).items()
               if new not in options}
    return {current.get(k, k): v for k, v in options.items()}


def default_first(name: str, rows: int, cols: int, first_click: str) -> FirstMove:
    """Where ``name`` clicks first when no one says: for ``best`` the cell measured best
    under the first-click rule (:func:`~sweepkit.strategies.best.recommended_first`), for
    the others the corner, as Pedersen's players do.

    >>> default_first("best", 9, 9, "opening"), default_first("exact", 9, 9, "opening")
    ((2, 2), 'corner')
    """
    return recommended_first(rows, cols, first_click) if name == "best" else "corner"


__all__ = ["DEPRECATED_OPTIONS", "STRATEGIES", "FirstMove", "Strategy", "StrategyError",
           "current_options", "default_first", "first_cell", "make_strategy"]
