"""``sweepkit report``: Markdown tables and plots of stored benchmark runs, optionally beside
the published figures (:mod:`sweepkit.bench.report`).

Without ``--run`` every complete or interrupted run with at least one game is reported;
``--run ID`` (repeatable) names the runs, whatever their status (a run that is not
complete is labelled so). Every figure is recomputed from the stored games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sweepkit.bench.store import StoreError
from sweepkit.cli.common import fail
from sweepkit.cli.params import DIRECTORY, INTEGER
from sweepkit.cli.store_cmds import open_store


def run_ids(numbers: list[int] | None) -> list[int]:
    """The ``--run`` values; exit 2 with one line on one that is not a run id."""
    for number in numbers or []:
        if number < 1:
            fail(f"--run: expected a run id of at least 1, got {number}")
    return list(numbers or [])


def register(app: typer.Typer) -> None:
    """Add ``report`` to ``app``."""

    @app.command("report")
    def report_cmd(
        runs: Annotated[list[int] | None, typer.Option(
            "--run", click_type=INTEGER, help="The id of a run to report (repeatable; "
            "default: every complete or interrupted run with games).")] = None,
        db: str | None = typer.Option(None, "--db", help="The database file (default: "
                                      "$SWEEPKIT_DB, else sweepkit.db in the user data dir)."),
        out: str | None = typer.Option(None, "--out", click_type=DIRECTORY,
                                       help="The directory to write report.md and the "
                                       "plots into (created if need be)."),
        published: bool = typer.Option(False, "--published", help="Put the published figures "
                                       "(Pedersen 2004, the school project) beside the "
                                       "matching runs."),
    ) -> None:
        """Write a report of the stored runs, tables and plots, into a directory.

        report.md (a table of the runs, calibration per run), win-rates.png,
        calibration.png and guesses.png go into --out, every figure recomputed from the
        stored games.
        """
        ids = run_ids(runs)
        if out is None:
            fail("--out: name the directory to write the report into")
        # matplotlib is slow to load
        from sweepkit.bench.report import write_report
        from sweepkit.bench.run_figures import ReportError

        target = Path(out)
        with open_store(db) as store:
            try:
                report = write_report(store, target, ids or None, published)
            except (StoreError, ReportError) as exc:
                fail(str(exc))
            except OSError as exc:
                reason = exc.strerror or str(exc)
                where = exc.filename or target
                fail(f"--out: cannot write the report to {where}: {reason}")
        names = ", ".join(path.name for path in report.files)
        print(f"report of {len(report.figures)} run(s) written to {target}: {names}")
