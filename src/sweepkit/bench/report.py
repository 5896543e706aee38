"""``sweepkit report``: Markdown tables and plots of stored benchmark runs, beside the
published figures they are meant to reproduce, written into one folder.

The work is done by one module a job: :mod:`~sweepkit.bench.run_figures` (the figures of
a run, recomputed from its stored games), :mod:`~sweepkit.bench.published` (the published
figures and the comparisons), :mod:`~sweepkit.bench.stats` (the intervals),
:mod:`~sweepkit.bench.markdown` (``report.md``) and :mod:`~sweepkit.bench.plots` (the
PNGs).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from sweepkit.bench.markdown import markdown
from sweepkit.bench.plots import plot_calibration, plot_guesses, plot_win_rates
from sweepkit.bench.run_figures import RunFigures, collect
from sweepkit.bench.store import Store

REPORT_FILES: Final = ("report.md", "win-rates.png", "calibration.png", "guesses.png")
"""The files :func:`write_report` writes, in order."""


@dataclass(frozen=True)
class Report:
    """What :func:`write_report` wrote: the runs reported and the files, in
    :data:`REPORT_FILES` order."""

    figures: list[RunFigures]
    files: list[Path] = field(default_factory=list)


def write_report(store: Store, out: Path, run_ids: Sequence[int] | None = None,
                 published: bool = False) -> Report:
    """Write ``report.md`` and the three plots into ``out`` (created if need be).

    The report names the database by its file name only (no folder, no server address), so
    that it reads the same on any machine. The figures are read first, so a bad run id or
    database writes nothing; ReportError or StoreError then, OSError when ``out`` cannot be
    written."""
    figures = collect(store, run_ids)
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / name for name in REPORT_FILES]
    name = store.path.name if isinstance(store.path, Path) else None
    paths[0].write_text(markdown(figures, published, name), encoding="utf-8")
    plot_win_rates(figures, paths[1], published)
    plot_calibration(figures, paths[2])
    plot_guesses(figures, paths[3])
    return Report(figures, paths)


__all__ = ["REPORT_FILES", "Report", "write_report"]
