"""Run summaries: the Wilson interval against scipy's exact figures, calibration bins, and
the paired intervals (the Newcombe interval against a published value and by its exact
coverage)."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binomtest

from sweepkit.bench.result import GameResult
from sweepkit.bench.stats import (
    calibration,
    calibration_verdict,
    paired_difference,
    paired_newcombe,
    run_summary,
    wilson,
)


@given(st.integers(1, 10_000), st.data())
def test_wilson_matches_scipy(trials, data):
    wins = data.draw(st.integers(0, trials))
    lo, hi = wilson(wins, trials)
    ref = binomtest(wins, trials).proportion_ci(confidence_level=0.95, method="wilson")
    assert math.isclose(lo, ref.low, abs_tol=1e-9) and math.isclose(hi, ref.high, abs_tol=1e-9)


def result(index: int, won: bool, guesses=(), cause=None, needed="single") -> GameResult:
    return GameResult(index=index, seed=index, won=won, moves=10, guesses=len(guesses) + 1,
                      hardest="single", needed=needed, loss_cause=cause, first_zero=index % 2 == 0,
                      three_bv=20, cpu_seconds=0.01, guess_log=tuple(guesses), record="{}")


def test_calibration_bins_by_two_decimals_and_counts_mines():
    results = [result(0, True, [(0.204, True), (0.2, True), (None, True)]),
               result(1, False, [(0.196, False)], cause="guess")]
    (row,) = calibration(results)
    assert row["estimate"] == 0.2 and row["trials"] == 3 and row["mines"] == 1
    assert math.isclose(row["observed"], 1 / 3)


def test_summary_counts_wins_causes_and_needs():
    results = [result(0, True), result(1, False, [(0.5, False)], cause="guess"),
               result(2, True, [(0.1, True)], needed="guess"), result(3, False, cause="certain")]
    doc = run_summary(results, wall_seconds=2.0)
    assert (doc["games"], doc["wins"], doc["win_rate"]) == (4, 2, 0.5)
    assert doc["loss_causes"]["guess"] == 1 and doc["certain_move_losses"] == 1
    assert doc["wins_without_guess"] == 1 and doc["hardest_needed"] == {"single": 1, "guess": 1}
    assert doc["games_per_second"] == 2.0 and math.isclose(doc["games_per_cpu_second"], 100)
    assert doc["first_zero_games"] == 2 and doc["first_zero_wins"] == 2


def _guesses(rng, estimates, bias=0.0, per_bin=3000):
    """(estimate, safe) pairs where each guess hits a mine with probability estimate+bias."""
    return tuple((e, rng.random() >= e + bias) for e in estimates for _ in range(per_bin))


def _result(guess_log):
    return GameResult(index=0, seed=0, won=False, moves=1, guesses=len(guess_log),
                      hardest=None, needed="guess", loss_cause="guess", first_zero=False,
                      three_bv=1, cpu_seconds=1.0, guess_log=guess_log, record="")


def test_calibration_verdict_accepts_honest_estimates_and_rejects_biased_ones():
    estimates = [i / 100 for i in range(5, 60, 5)]  # 11 bins of 3,000 guesses
    fair = calibration_verdict(calibration([_result(_guesses(random.Random(1), estimates))]))
    assert fair["tested"] == 11 and fair["calibrated"], fair
    assert len(fair["outside"]) <= 2  # about 0.55 expected at 95%
    biased = calibration_verdict(calibration(
        [_result(_guesses(random.Random(1), estimates, bias=0.04))]))
    assert not biased["calibrated"] and len(biased["outside_family"]) >= 9
    assert all(row["z"] > 0 for row in biased["bins"])


def test_calibration_verdict_ignores_small_bins():
    small = calibration([_result(((0.3, False),) * 999)])
    verdict = calibration_verdict(small)
    assert verdict["tested"] == 0 and verdict["calibrated"] and verdict["bins"] == []


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=2, max_size=300))
def test_paired_difference_is_the_mean_per_game_difference_with_its_normal_interval(pairs):
    base, other = [a for a, _ in pairs], [b for _, b in pairs]
    diffs = [int(b) - int(a) for a, b in pairs]
    d, lo, hi = paired_difference(base, other)
    half = statistics.NormalDist().inv_cdf(0.975) * statistics.stdev(diffs) / len(diffs) ** 0.5
    assert math.isclose(d, statistics.fmean(diffs), abs_tol=1e-12)
    assert math.isclose(lo, d - half, abs_tol=1e-9) and math.isclose(hi, d + half, abs_tol=1e-9)


def test_paired_difference_needs_the_same_games():
    with pytest.raises(ValueError, match="same non-zero number"):
        paired_difference([True], [True, False])


def test_newcombe_paired_interval_matches_the_books_other_example():
    # Fagerland, Lydersen and Laake's Bentur et al. (2009) table: 1, 1, 7, 12
    d, lo, hi = paired_newcombe(1, 1, 7, 12)
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (-0.2857, -0.5069, -0.0256)
    assert paired_newcombe(0, 0, 0, 0) == (0.0, -1.0, 1.0)


@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_newcombe_paired_interval_holds_its_difference_within_bounds(a, b, c, e):
    if a + b + c + e == 0:
        return
    d, lo, hi = paired_newcombe(a, b, c, e)
    assert -1 <= lo <= d <= hi <= 1 and math.isclose(d, (b - c) / (a + b + c + e))


def exact_coverage(interval, n: int, cells: tuple[float, float, float]) -> float:
    """The probability that ``interval`` (of the four counts) holds the true difference,
    over every table of ``n`` paired trials with cell chances ``both, first, second``."""
    both, first, second = cells
    chances = (both, first, second, 1 - both - first - second)
    truth, total = first - second, 0.0
    for a in range(n + 1):
        for b in range(n + 1 - a):
            for c in range(n + 1 - a - b):
                counts = (a, b, c, n - a - b - c)
                if any(k and not q for k, q in zip(counts, chances, strict=True)):
                    continue
                _, lo, hi = interval(*counts)
                if lo - 1e-12 <= truth <= hi + 1e-12:
                    total += math.exp(math.lgamma(n + 1) + sum(
                        k * math.log(q) - math.lgamma(k + 1)
                        for k, q in zip(counts, chances, strict=True) if k))
    return total


def test_newcombe_keeps_its_coverage_where_the_normal_interval_of_differences_fails():
    """Over every table of 20 paired trials: where one arm never wins alone (a guess that
    loses nothing on most layouts) the mean ± z·sd/√n interval covers the truth far less
    than 95% of the time, the Newcombe interval about 95% or more."""
    def normal(a, b, c, e):
        first = [True] * (a + b) + [False] * (c + e)
        second = [True] * a + [False] * b + [True] * c + [False] * e
        return paired_difference(second, first)

    for cells in ((0.05, 0.05, 0.0), (0.8, 0.01, 0.0)):
        assert exact_coverage(paired_newcombe, 20, cells) > 0.99
        assert exact_coverage(normal, 20, cells) < 0.7
    for cells in ((0.3, 0.1, 0.05), (0.2, 0.15, 0.15), (0.1, 0.3, 0.1)):
        assert exact_coverage(paired_newcombe, 20, cells) > 0.95
