"""What every test run shares: the Hypothesis profiles, and which modules the doctest
collection imports.

- Profiles: ``dev`` (the default, for the fast lane while working) runs a tenth of each
  property test's examples; ``ci`` (``scripts/test.sh`` passes
  ``--hypothesis-profile=ci``) runs them all. A test asks for ``examples(N)``
  (:func:`tests.examples.examples`) rather than a bare ``max_examples=N``, so both
  profiles scale the same numbers. Neither has a deadline: a test asserts results, never
  wall-clock time (Hypothesis's default 200 ms failed a property on a loaded machine when
  its first call loaded scipy's internals: 383 ms, then 9 ms).
- Doctests: a module of ``src/`` with no ``>>>`` has no doctest, so it is not imported
  for collection (the web stack, Dask and the players stay unloaded by a run that does not
  test them).
- Compiled caches are kept (in ``__pycache__``, which git ignores) even where the
  environment sets ``PYTHONDONTWRITEBYTECODE``: without them every run, every xdist worker
  and every process a test starts compiles the package again, and pytest rewrites every
  test module again (collection took 10 s a worker instead of 4).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

SRC = Path(__file__).resolve().parent / "src"

sys.dont_write_bytecode = False                   # this process: the test modules, src
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)   # the workers and the processes tests start

settings.register_profile("ci", max_examples=100, deadline=None)
settings.register_profile("dev", max_examples=10, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dev")


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Skip a source module without doctests (None: let pytest decide the rest)."""
    if collection_path.suffix == ".py" and collection_path.is_relative_to(SRC):
        return ">>>" not in collection_path.read_text(encoding="utf-8")
    return None

