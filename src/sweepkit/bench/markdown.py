"""The benchmark report's text: Markdown tables of runs, their calibration, and the
published figures beside ours (``report.md`` of :func:`~sweepkit.bench.report.write_report`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sweepkit.bench.published import MEASURES, SOURCES, comparisons
from sweepkit.bench.run_figures import RunFigures, level_label, status_label, strategy_label
from sweepkit.bench.stats import (
    CAUSES,
    MIN_BIN_TRIALS,
    VERDICT_TRIALS,
    calibration_verdict,
    percent_ci,
)


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|")


def _row(cells: Iterable[object]) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def _table(header: Sequence[str], align: str, rows: Iterable[Sequence[object]]) -> list[str]:
    """A Markdown table; ``align`` has one ``l`` or ``r`` per column."""
    marks = ["---:" if a == "r" else "---" for a in align]
    return [_row(header), _row(marks), *(_row(r) for r in rows)]


def _number(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _value_text(measure: str, value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.2f}" if measure == "guesses_per_game" else f"{value:.2%}"


def _ci_text(measure: str, ci: tuple[float, float] | None) -> str:
    if ci is None:
        return "–"
    return f"[{_value_text(measure, ci[0])}, {_value_text(measure, ci[1])}]"


def _yes_no(inside: bool | None) -> str:
    return "n/a" if inside is None else ("yes" if inside else "no")


def _causes(figures: Sequence[RunFigures]) -> list[str]:
    """The five loss causes, and ``unknown`` when some run has such losses."""
    extra = any(f.stats["loss_causes"].get("unknown") for f in figures)
    return [*CAUSES, *(["unknown"] if extra else [])]


def runs_table(figures: Sequence[RunFigures], published: bool = False) -> list[str]:
    """The main table, one row per run; with ``published`` a column of the published win
    rates of the run's strategy and level, each saying whether it is in our interval."""
    causes = _causes(figures)
    header = ["run", "strategy", "level", "rule", "first click", "games", "wins",
              "win rate [95% CI]"]
    if published:
        header.append("published win rate (in our CI?)")
    header += ["first-zero win rate [95% CI] of games", "guesses/game",
               "guesses/won game", "wins without guess", "games/CPU-s",
               *(f"lost: {c}" for c in causes), "status"]
    rows = []
    for f in figures:
        s, run = f.stats, f.run
        row: list[object] = [run.id, strategy_label(run), level_label(run), run.rule,
                             run.first, f.games, f.wins, percent_ci(f.wins, f.games)]
        if published:
            wins = [c for c in comparisons(f) if c.published.measure == "win_rate"]
            row.append("; ".join(
                f"{c.published.value:.2%} ({_yes_no(c.inside)}"
                f"{', conditions differ' if c.note.startswith('conditions') else ''})"
                for c in wins) or "–")
        fz_games = s["first_zero_games"]
        row += [f"{percent_ci(s['first_zero_wins'], fz_games)} of {fz_games}",
                _number(f.guesses_per_game), _number(s["guesses_per_won_game"]),
                s["wins_without_guess"], _number(f.games_per_cpu_second, 1),
                *(s["loss_causes"].get(c, 0) for c in causes), status_label(run)]
        rows.append(row)
    align = "rllllrrl" + ("l" if published else "") + "lrrrr" + "r" * len(causes) + "l"
    return _table(header, align, rows)


def calibration_section(figures: RunFigures) -> list[str]:
    """The calibration table of a run (bins of :data:`MIN_BIN_TRIALS` trials or more)
    and the hardest technique its won games needed."""
    bins = figures.stats["calibration"]
    kept = [b for b in bins if b["trials"] >= MIN_BIN_TRIALS]
    left = [b for b in bins if b["trials"] < MIN_BIN_TRIALS]
    run = figures.run
    lines = [f"### Run {run.id}: {strategy_label(run)} on {level_label(run)} "
             f"({status_label(run).strip('*')})", ""]
    note = (f"Calibration: guesses binned by the mine probability the strategy estimated "
            f"(two decimals) against the share of them that hit a mine, with its 95% Wilson "
            f"interval. Only bins with at least {MIN_BIN_TRIALS} trials are listed")
    if left:
        note += (f"; {len(left)} smaller bin(s) with {sum(b['trials'] for b in left)} "
                 "guesses in all are left out (calibration.png shows them)")
    lines += [note + ". Guesses without an estimate (the first click, for one) are not "
              "counted.", ""]
    if kept:
        marks = {row["estimate"]: row
                 for row in calibration_verdict(bins, MIN_BIN_TRIALS)["bins"]}
        verdict = calibration_verdict(bins, VERDICT_TRIALS)
        lines += _table(["estimate", "mean estimate", "trials", "mine share observed",
                         "95% CI", "z", "inside"], "rrrrlrl",
                        ([f"{b['estimate']:.2f}", f"{b['mean_estimate']:.4f}", b["trials"],
                          f"{b['observed']:.3f}",
                          f"[{b['ci95'][0]:.3f}, {b['ci95'][1]:.3f}]",
                          f"{marks[b['estimate']]['z']:+.1f}",
                          "yes" if marks[b["estimate"]]["inside"] else
                          ("family only" if marks[b["estimate"]]["inside_family"] else "no")]
                         for b in kept))
        k = verdict["tested"]
        if not k:
            lines += ["", f"No bin has {VERDICT_TRIALS} guesses: no calibration verdict."]
        else:
            level = 1 - verdict["alpha"] / k
            calibrated = verdict["calibrated"]
            lines += ["", f"Verdict, on the {k} bins of at least {VERDICT_TRIALS} guesses: "
                      f"{len(verdict['outside'])} have their mean estimate outside the 95% "
                      f"interval (about {0.05 * k:.1f} expected by chance); "
                      f"{'every bin lies' if calibrated else 'not every bin lies'} inside its "
                      f"Bonferroni-corrected {level:.2%} interval, so the estimates are "
                      f"{'' if calibrated else 'not '}calibrated at the 5% level for the family "
                      "of bins. (z: observed minus mean estimate, in standard errors; "
                      "'family only': outside 95% but inside the corrected interval of the "
                      "listed bins.)"]
    else:
        lines.append(f"No bin has {MIN_BIN_TRIALS} trials or more.")
    needed = figures.stats["hardest_needed"]
    lines += ["", "Hardest technique needed by won games: "
              + (", ".join(f"{k} {v}" for k, v in needed.items()) or "none (no game won)")
              + ".", ""]
    return lines


def published_section(figures: Sequence[RunFigures]) -> list[str]:
    """Every published figure matching a run, beside ours, and the sources."""
    found = [c for f in figures for c in comparisons(f)]
    lines = ["## Published figures", ""]
    if not found:
        return [*lines, "No run matches a published figure (same strategy, level and "
                "search radius).", ""]
    rows = [[c.figures.run.id, strategy_label(c.figures.run), level_label(c.figures.run),
             MEASURES[c.published.measure],
             _value_text(c.published.measure, c.published.value),
             f"{c.source.key} ({c.published.games:,} games)",
             _value_text(c.published.measure, c.ours), _ci_text(c.published.measure, c.ci95),
             c.trials, _yes_no(c.inside), c.note]
            for c in found]
    lines += _table(["run", "strategy", "level", "measure", "published", "source", "ours",
                     "our 95% CI", "our trials", "published inside our CI", "note"],
                    "rlllrlrlrll", rows)
    lines += ["", "Sources:", ""]
    for key in dict.fromkeys(c.published.source for c in found):
        lines.append(f"- {key}: {SOURCES[key].citation}.")
    return [*lines, ""]


def markdown(figures: Sequence[RunFigures], published: bool = False,
             database: str | None = None) -> str:
    """The whole ``report.md``."""
    where = f" in {database}" if database else ""
    lines = [
        "# Benchmark report", "",
        f"{len(figures)} run(s){where}. Every figure is recomputed from the games stored "
        "for the run; a run that is not complete is marked as such and reported for the "
        "games it has. Win rates carry their 95% Wilson interval; guesses count the first "
        "click (as Pedersen does); first-zero games are those whose first click showed a 0; "
        "games per CPU-second divide the games by the CPU time they took.", "",
        *runs_table(figures, published), "",
        "## Calibration", "",
    ]
    for f in figures:
        lines += calibration_section(f)
    if published:
        lines += published_section(figures)
    return "\n".join(lines).rstrip("\n") + "\n"


__all__ = ["calibration_section", "markdown", "published_section", "runs_table"]
