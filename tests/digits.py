"""The interpreter's int-to-str digit limit, lifted inside a block: for the tests' expected
texts only (the library itself never touches the limit)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def digit_limit(limit: int) -> Iterator[None]:
    """Set the interpreter's int-to-str digit limit inside the block only (0: none)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(limit)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


def reference_decimal(n: int) -> str:
    """``str(n)`` with no digit limit: the expected text of any count."""
    with digit_limit(0):
        return str(n)
