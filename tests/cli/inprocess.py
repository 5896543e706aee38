"""Run a ``sweepkit`` command line inside the test process.

Starting ``python -m sweepkit`` costs about half a second a test; the command tests run
the same Typer app in this process instead, through Click's test runner, and get the
same :class:`subprocess.CompletedProcess` a real process gives (exit status, standard
output and standard error apart). An exception the app does not turn into an exit status
is printed on standard error as a traceback would be, so a test asserting
``"Traceback" not in stderr`` still catches it. A handful of tests keep real processes:
start-up, signals, exit codes of ``python -m sweepkit``, worker processes
(``tests/cli/test_main.py``, ``test_bench_cmds.py``, ``test_web_cmds.py``).
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import traceback

import typer
from typer.testing import CliRunner

from sweepkit.cli.main import HOMES, build_app


@functools.cache
def _app(module: str | None) -> typer.Typer:
    return build_app([module]) if module else build_app()


def sweepkit(*args: str, stdin: str | None = None, env: dict[str, str | None] | None = None,
             drop_env: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``sweepkit ARGS`` run in this process: its exit status and captured output.

    ``env`` sets variables for the run; ``drop_env`` unsets those named (a test that
    must not see the developer's database setting, say).
    """
    app = _app(HOMES.get(args[0]) if args else None)
    overrides: dict[str, str | None] = dict.fromkeys(
        (name for name in drop_env if name in os.environ), None)
    overrides.update(env or {})
    result = CliRunner().invoke(app, list(args), input=stdin, env=overrides,
                                catch_exceptions=True)
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(["sweepkit", *args], result.exit_code,
                                       result.stdout, stderr)


def sweepkit_process(*args: str, stdin: str | None = None, timeout: float = 120
                     ) -> subprocess.CompletedProcess[str]:
    """``python -m sweepkit ARGS`` as a real process: for what only a process shows
    (start-up, exit codes past a time budget, nothing cached from earlier tests)."""
    return subprocess.run([sys.executable, "-m", "sweepkit", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout, check=False)
