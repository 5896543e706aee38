"""Parameters for both lanes: the fast lane (``-m "not slow"``) runs the first cases of a
parametrized test, the full suite all of them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def fast_first(cases: Iterable[Any], keep: int = 1, unpack: bool = False) -> list[Any]:
    """``cases`` as parameters, every one after the first ``keep`` marked ``slow``;
    ``unpack``: each case is a tuple of the test's several arguments.

    >>> [len(case.marks) for case in fast_first(["a", "b", "c"])]
    [0, 1, 1]
    """
    return [pytest.param(*(case if unpack else (case,)),
                         marks=pytest.mark.slow if i >= keep else ())
            for i, case in enumerate(cases)]
