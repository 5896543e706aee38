"""What a run of games adds up to: win rate with its interval, guesses, loss causes, the
hardest technique won games needed, and the calibration of guess estimates.

The calibration table is Pedersen's Table 5.4 (*The complexity of Minesweeper and
strategies for game playing*, 2004, §7 [Pedersen2004]): every guess binned by the mine
probability the strategy estimated (rounded to two decimals, as his bins are), against
the share of those guesses that hit a mine.

>>> lo, hi = wilson(25, 100)
>>> round(lo, 3), round(hi, 3)
(0.175, 0.343)
>>> percent_ci(25, 100)
'25.00% [17.55%, 34.30%]'
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from statistics import NormalDist
from typing import Any, Final

from sweepkit.bench.result import HARDNESS, GameResult
from sweepkit.moves import Basis

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""

CAUSES = tuple(str(b) for b in Basis)
"""Loss causes: the basis of the losing move (``certain`` must never happen)."""

MIN_BIN_TRIALS: Final = 100
"""Calibration bins with fewer guesses are left out of the Markdown tables (their
intervals are too wide to say anything); the plot shows them, faint and small."""


VERDICT_TRIALS: Final = 1000
"""The bins of at least this many guesses make the calibration verdict (each tested at 95%,
together at the Bonferroni-corrected level)."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (``(0, 1)`` with no trials)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))

def percent_ci(successes: int, trials: int) -> str:
    """A proportion with its 95% Wilson interval, as the tables print it."""
    if trials <= 0:
        return "–"
    lo, hi = wilson(successes, trials)
    return f"{successes / trials:.2%} [{lo:.2%}, {hi:.2%}]"


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float] | None:
    """A 95% interval of a mean by the normal approximation (``None`` under 2 values)."""
    n = len(values)
    if n < 2:
        return None
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean - half, mean + half)


def paired_difference(base: Sequence[bool], other: Sequence[bool], z: float = Z95
                      ) -> tuple[float, float, float]:
    """The win-rate difference ``other − base`` over the same games (game i of both runs has
    the same layout: same seed and rules) and its interval, ``(difference, low, high)``.

    Pairing removes the games both players win or both lose, so the interval is far
    narrower than two separate intervals: it comes from the per-game differences
    d_i ∈ {−1, 0, 1} (mean ± z·sd/√n).

    >>> d, lo, hi = paired_difference([True, False, False, True], [True, True, False, True])
    >>> d
    0.25
    """
    if len(base) != len(other) or not base:
        raise ValueError(f"paired runs need the same non-zero number of games, got "
                         f"{len(base)} and {len(other)}")
    n = len(base)
    diffs = [int(b) - int(a) for a, b in zip(base, other, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def paired_newcombe(both: int, first_only: int, second_only: int, neither: int,
                    z: float = Z95) -> tuple[float, float, float]:
    """The difference ``p1 − p2`` of two proportions measured on the same trials, with
    Newcombe's hybrid score interval for paired data, ``(difference, low, high)``.

    Trial ``i`` succeeds in both arms (``both``), in the first only, the second only, or
    neither. The interval combines the two Wilson intervals with the correlation of the
    arms (phi, corrected for continuity), so it stays inside [−1, 1], needs no discordant
    trial to exist and, unlike mean ± z·sd/√n of the differences, keeps its coverage when
    the difference is small or the proportions are near 0 or 1 (R. G. Newcombe,
    "Improved confidence intervals for the difference between binomial proportions based
    on paired data", *Statistics in Medicine* 17, 1998, method 10; the interval of
    Fagerland, Lydersen and Laake, *Statistical Analysis of Contingency Tables*, 2017,
    chapter 8, calls it "Newcombe square-and-add").

    >>> d, lo, hi = paired_newcombe(59, 6, 16, 80)  # that chapter's Cavo et al. (2012) table
    >>> round(d, 4), round(lo, 4), round(hi, 4)
    (-0.0621, -0.1186, -0.0046)
    """
    n = both + first_only + second_only + neither
    if n <= 0:
        return (0.0, -1.0, 1.0)
    first, second = both + first_only, both + second_only
    p1, p2 = first / n, second / n
    l1, u1 = wilson(first, n, z)
    l2, u2 = wilson(second, n, z)
    margins = first * (n - first) * second * (n - second)
    phi = 0.0
    if margins:
        cross = both * neither - first_only * second_only
        if cross > n / 2:
            phi = (cross - n / 2) / math.sqrt(margins)
        elif cross < 0:
            phi = cross / math.sqrt(margins)
    d = p1 - p2
    below = (p1 - l1) ** 2 + (u2 - p2) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)
    above = (p2 - l2) ** 2 + (u1 - p1) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1)
    return d, max(-1.0, d - math.sqrt(max(0.0, below))), min(1.0, d + math.sqrt(max(0.0, above)))


def calibration(results: Iterable[GameResult], decimals: int = 2) -> list[dict[str, Any]]:
    """Guesses binned by estimate: ``{estimate, mean_estimate, trials, mines, observed,
    ci95}`` per bin, in order of estimate; guesses without an estimate are left out.
    A well-calibrated player's ``mean_estimate`` (not the bin's rounded label: a bin
    spans ±0.005) lies inside ``ci95``, the Wilson interval of ``observed``."""
    trials: Counter[float] = Counter()
    mines: Counter[float] = Counter()
    sums: Counter[float] = Counter()
    for result in results:
        for estimate, safe in result.guess_log:
            if estimate is None:
                continue
            key = round(estimate, decimals)
            trials[key] += 1
            mines[key] += not safe
            sums[key] += estimate
    return [
        {"estimate": key, "mean_estimate": sums[key] / trials[key], "trials": trials[key],
         "mines": mines[key], "observed": mines[key] / trials[key],
         "ci95": list(wilson(mines[key], trials[key]))}
        for key in sorted(trials)
    ]


def normal_quantile(p: float) -> float:
    """The standard normal quantile (``NormalDist().inv_cdf``), e.g. 1.96 for 0.975."""
    return NormalDist().inv_cdf(p)


def calibration_verdict(bins: list[dict[str, Any]], min_trials: int = 1000,
                        alpha: float = 0.05) -> dict[str, Any]:
    """Whether a strategy's estimates are calibrated, bin by bin and as a family.

    Every bin with at least ``min_trials`` guesses is tested: its mean estimate against
    the Wilson interval of the observed mine share, at level ``1 - alpha`` (``outside``
    lists the bins outside it) and, since with k bins about ``alpha * k`` of them fall
    outside by chance alone, at the Bonferroni-corrected level ``1 - alpha / k``
    (``calibrated``: every bin inside that one, so the family of k tests has a false-alarm
    rate of at most ``alpha``). ``z`` per bin: (observed − mean estimate) in standard
    errors of the estimate.

    >>> fair = [{"estimate": 0.2, "mean_estimate": 0.2, "trials": 10000, "mines": 2050}]
    >>> calibration_verdict(fair)["calibrated"]
    True
    >>> off = [{"estimate": 0.2, "mean_estimate": 0.2, "trials": 10000, "mines": 2300}]
    >>> v = calibration_verdict(off)
    >>> v["calibrated"], v["outside"], round(v["bins"][0]["z"], 1)
    (False, [0.2], 7.5)
    """
    tested = [b for b in bins if b["trials"] >= min_trials]
    k = len(tested)
    z_family = normal_quantile(1 - alpha / (2 * k)) if k else Z95
    z_each = normal_quantile(1 - alpha / 2)
    rows, outside, family_outside = [], [], []
    for b in tested:
        n, mines, mean = b["trials"], b["mines"], b["mean_estimate"]
        lo, hi = wilson(mines, n, z_each)
        flo, fhi = wilson(mines, n, z_family)
        spread = math.sqrt(mean * (1 - mean) / n) if 0 < mean < 1 else 0.0
        z = (mines / n - mean) / spread if spread else 0.0
        if not lo <= mean <= hi:
            outside.append(b["estimate"])
        if not flo <= mean <= fhi:
            family_outside.append(b["estimate"])
        rows.append({"estimate": b["estimate"], "z": z, "inside": lo <= mean <= hi,
                     "inside_family": flo <= mean <= fhi})
    return {"tested": k, "min_trials": min_trials, "alpha": alpha, "bins": rows,
            "outside": outside, "outside_family": family_outside,
            "calibrated": not family_outside}


def run_summary(results: list[GameResult], wall_seconds: float) -> dict[str, Any]:
    """The figures of a run (the keys of ``sweepkit bench --json`` that depend on games).

    ``games_per_cpu_second`` divides by the CPU time spent playing (summed over workers),
    so it does not depend on how many cores ran the games.
    """
    games = len(results)
    wins = sum(r.won for r in results)
    won = [r for r in results if r.won]
    cpu = sum(r.cpu_seconds for r in results)
    causes = Counter(r.loss_cause for r in results if not r.won)
    needed = Counter(r.needed or "none" for r in won)
    guesses = sum(r.guesses for r in results)
    first_zero = [r for r in results if r.first_zero]
    guess_trials = sum(1 for r in results for e, _ in r.guess_log if e is not None)
    guess_safe = sum(1 for r in results for e, s in r.guess_log if e is not None and s)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "ci95": list(wilson(wins, games)),
        "games_per_second": games / wall_seconds if wall_seconds > 0 else None,
        "games_per_cpu_second": games / cpu if cpu > 0 else None,
        "cpu_seconds": cpu,
        "wall_seconds": wall_seconds,
        "guesses_per_game": guesses / games if games else 0.0,
        "guesses_per_won_game": sum(r.guesses for r in won) / len(won) if won else None,
        "estimated_guesses": guess_trials,
        "estimated_guesses_safe": guess_safe,
        "wins_without_guess": sum(1 for r in won if r.needed != "guess"),
        "first_zero_games": len(first_zero),
        "first_zero_wins": sum(r.won for r in first_zero),
        "loss_causes": {cause: causes.get(cause, 0) for cause in (*CAUSES, "unknown")
                        if cause in CAUSES or causes.get(cause)},
        "certain_move_losses": causes.get(str(Basis.CERTAIN), 0),
        "hardest_needed": {k: needed[k] for k in (*HARDNESS, "none") if needed.get(k)},
        "mean_three_bv": sum(r.three_bv for r in results) / games if games else None,
        "calibration": calibration(results),
    }
