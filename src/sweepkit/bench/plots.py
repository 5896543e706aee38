"""The benchmark report's plots: win rates, calibration and guesses of stored runs, as PNGs
of a fixed size (matplotlib is imported on first use: it is slow to load)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from sweepkit.bench.published import comparisons
from sweepkit.bench.run_figures import RunFigures, level_label, status_label, strategy_label
from sweepkit.bench.stats import MIN_BIN_TRIALS
from sweepkit.bench.store import RunRow
from sweepkit.rules import LEVELS

FIGSIZE: Final = (8.0, 5.0)
"""Size of every plot in inches; with :data:`DPI` the PNGs are 800×500 pixels."""

DPI: Final = 100
"""Dots per inch of every plot."""


def _figure() -> Any:
    """A new figure of the report's size, outside pyplot (no global state, no display)."""
    from matplotlib.figure import Figure

    return Figure(figsize=FIGSIZE, dpi=DPI, layout="constrained")


def _save(fig: Any, path: Path) -> None:
    """Write the PNG at the fixed size and release the figure."""
    fig.savefig(path, format="png", dpi=DPI)
    fig.clear()


def _level_order(run: RunRow) -> tuple[int, str]:
    names = list(LEVELS)
    label = level_label(run)
    name = label.split(" ", 1)[0]
    return (names.index(name) if name in names else len(names), label)


def plot_win_rates(figures: Sequence[RunFigures], path: Path, published: bool = False) -> None:
    """Win rate of each run with its 95% interval, grouped by level; a run that is not
    complete is hatched; with ``published`` the matching published win rates are marked."""
    fig = _figure()
    ax = fig.add_subplot()
    colours: dict[str, Any] = {}
    palette = [f"C{i}" for i in range(10)]
    groups: dict[str, list[RunFigures]] = {}
    for f in sorted(figures, key=lambda f: _level_order(f.run)):
        groups.setdefault(level_label(f.run), []).append(f)
    x = 0.0
    ticks, labels, centres = [], [], []
    marked = False
    for level, members in groups.items():
        start = x
        for f in members:
            name = strategy_label(f.run)
            colour = colours.setdefault(name, palette[len(colours) % len(palette)])
            lo, hi = f.ci95
            complete = status_label(f.run) == "complete"
            ax.bar(x, f.win_rate, width=0.8, color=colour, edgecolor="black", linewidth=0.5,
                   hatch=None if complete else "//",
                   yerr=[[max(0.0, f.win_rate - lo)], [max(0.0, hi - f.win_rate)]],
                   capsize=4)
            if published:
                for c in comparisons(f):
                    if c.published.measure == "win_rate":
                        ax.plot(x, c.published.value, marker="D", color="black",
                                markersize=5, linestyle="none")
                        marked = True
            ticks.append(x)
            labels.append(f"#{f.run.id}" + ("" if complete else f"\n{f.run.status}"))
            x += 1
        centres.append(((start + x - 1) / 2, level))
        x += 0.6
    ax.set_xticks(ticks, labels=labels, fontsize=7)
    levels = ax.secondary_xaxis("bottom")
    levels.set_xticks([c for c, _ in centres],
                      labels=[name.replace(" ", "\n", 1) for _, name in centres], fontsize=8)
    levels.tick_params(axis="x", length=0, pad=30)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title("Win rate by strategy and level")
    from matplotlib.patches import Patch

    handles: list[Any] = [Patch(facecolor=c, edgecolor="black", label=n)
                          for n, c in colours.items()]
    if any(status_label(f.run) != "complete" for f in figures):
        handles.append(Patch(facecolor="white", edgecolor="black", hatch="//",
                             label="not complete"))
    if marked:
        from matplotlib.lines import Line2D

        handles.append(Line2D([], [], marker="D", color="black", linestyle="none",
                              label="published"))
    fig.legend(handles=handles, fontsize=7, loc="outside lower center", ncols=3)
    _save(fig, path)


def plot_calibration(figures: Sequence[RunFigures], path: Path) -> None:
    """Estimated mine probability against the observed share, one series per run that
    has guesses with an estimate; markers grow and darken with the trials of their bin."""
    from matplotlib.colors import to_rgba
    from matplotlib.lines import Line2D

    fig = _figure()
    ax = fig.add_subplot()
    handles: list[Any] = ax.plot([0, 1], [0, 1], linestyle="--", color="grey", linewidth=1,
                                 label="y = x")
    for i, f in enumerate(figures):
        bins = f.stats["calibration"]
        if not bins:
            continue
        colour = f"C{i % 10}"
        xs = [b["estimate"] for b in bins]
        ys = [b["observed"] for b in bins]
        weight = [min(1.0, b["trials"] / MIN_BIN_TRIALS) for b in bins]
        ax.vlines(xs, [b["ci95"][0] for b in bins], [b["ci95"][1] for b in bins],
                  colors=[to_rgba(colour, 0.1 + 0.5 * w) for w in weight], linewidth=0.8)
        ax.scatter(xs, ys, s=[8 + 52 * w for w in weight],
                   c=[to_rgba(colour, 0.25 + 0.75 * w) for w in weight], edgecolors="none")
        handles.append(Line2D([], [], marker="o", color=colour, linestyle="none",
                              label=f.label))
    if len(handles) == 1:
        ax.text(0.5, 0.6, "no guess with an estimate", ha="center", color="grey")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("estimated mine probability")
    ax.set_ylabel("share of guesses that hit a mine")
    ax.set_title(f"Calibration (marker size: trials, full at {MIN_BIN_TRIALS})")
    ax.legend(handles=handles, fontsize=7, loc="upper left")
    _save(fig, path)


def plot_guesses(figures: Sequence[RunFigures], path: Path) -> None:
    """Box plot of the guesses per game of each run (the first click included), with
    the mean marked."""
    fig = _figure()
    ax = fig.add_subplot()
    ax.boxplot([list(f.guesses) for f in figures], showmeans=True,
               tick_labels=[f"{f.label}\n{level_label(f.run)}" for f in figures])
    ax.tick_params(axis="x", labelsize=7, labelrotation=20)
    ax.set_ylabel("guesses per game (first click included)")
    ax.set_title("Guesses per game (triangle: mean)")
    _save(fig, path)


__all__ = ["DPI", "FIGSIZE", "plot_calibration", "plot_guesses", "plot_win_rates"]
