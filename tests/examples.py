"""How many examples a property test runs under the loaded Hypothesis profile.

The ``ci`` profile's ``max_examples`` is Hypothesis's default of 100 and runs each test's
own number; the ``dev`` profile's 10 runs a tenth of it (at least 5), so the fast lane
tries every property quickly and CI tries it hard (profiles: the root ``conftest.py``).
"""

from __future__ import annotations

from hypothesis import settings

FULL = 100
"""The ``max_examples`` of the ``ci`` profile: the scale at which ``examples(n) == n``."""


def examples(n: int) -> int:
    """``n`` examples scaled to the loaded profile (``n`` itself under ``ci``).

    >>> examples(300) == max(5, round(300 * settings.default.max_examples / FULL))
    True
    """
    return max(5, round(n * settings.default.max_examples / FULL))
