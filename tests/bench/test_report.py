"""The benchmark report, on real runs in a real store: figures recomputed from the stored
games (checked against scipy's Wilson interval), runs that are not complete labelled with
their real game count, the published figures beside matching runs, and the PNGs."""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections import Counter
from pathlib import Path

import matplotlib.image
import pytest
from scipy.stats import binomtest

from sweepkit.bench.markdown import markdown
from sweepkit.bench.plots import DPI, FIGSIZE
from sweepkit.bench.published import MEASURES, PUBLISHED, SOURCES, comparisons
from sweepkit.bench.report import REPORT_FILES, write_report
from sweepkit.bench.result import GameResult, StrategySpec
from sweepkit.bench.run_figures import ReportError, collect, run_figures, select_runs
from sweepkit.bench.runner import RunSpec, run_games
from sweepkit.bench.stats import MIN_BIN_TRIALS, mean_ci
from sweepkit.bench.store import Store, StoreError
from sweepkit.rules import LEVELS, level

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def ci_text(successes: int, trials: int) -> str:
    """A proportion and its Wilson interval as scipy computes it, formatted as the table."""
    ci = binomtest(successes, trials).proportion_ci(confidence_level=0.95, method="wilson")
    return f"{successes / trials:.2%} [{ci.low:.2%}, {ci.high:.2%}]"


def play(strategy: str, level_name: str, games: int, seed: int = 1) -> tuple[dict, list]:
    spec = RunSpec(StrategySpec(strategy), level(level_name), games, seed, level_name)
    return spec.as_dict(), run_games(spec, workers=1).results


def store_run(store: Store, spec: dict, results: list[GameResult], status: str | None,
              **changes: object) -> int:
    """Store a run with ``results`` and finish it with ``status`` (``None``: left running).
    The stored summary is nonsense on purpose: the report must not read it."""
    run_id = store.begin_run({**spec, **changes})
    store.add_games(run_id, results)
    if status is not None:
        store.finish_run(run_id, status, {"games": 999, "wins": 999, "win_rate": 1.0})
    return run_id


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Runs 1-6: exact (40 games) and random (30) on beginner, complete; exact interrupted
    at 25 of 60; a run left running (10 of 20); a failed run; a run with no games; and run
    7, 30 pedersen-beginner games of exact stored as ``single-point`` (the report reads
    only the stored games, so any strategy name can be put on them)."""
    path = tmp_path_factory.mktemp("report") / "bench.db"
    exact, exact_games = play("exact", "beginner", 60)
    rand, rand_games = play("random", "beginner", 30)
    pb, pb_games = play("exact", "pedersen-beginner", 30, seed=2)
    with Store(path) as store:
        store_run(store, exact, exact_games[:40], "complete", games=40)
        store_run(store, rand, rand_games, "complete")
        store_run(store, exact, exact_games[:25], "interrupted", seed=1)
        store_run(store, rand, rand_games[:10], None, games=20)
        store_run(store, rand, rand_games[:5], "failed")
        store_run(store, exact, [], "complete")
        store_run(store, pb, pb_games, "complete", strategy="single-point")
    return path


def table_rows(text: str) -> dict[int, dict[str, str]]:
    """The rows of the runs table by run id, each as {column: cell}."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| run | strategy"))
    header = [c.strip() for c in lines[start].strip("|").split(" | ")]
    rows = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        rows[int(cells[0])] = dict(zip(header, cells, strict=True))
    return rows


# -- which runs ---------------------------------------------------------------------------

def test_by_default_complete_and_interrupted_runs_with_games(db):
    with Store(db) as store:
        assert [r.id for r in select_runs(store)] == [1, 2, 3, 7]
        assert [r.id for r in select_runs(store, [4, 1, 4])] == [4, 1]
        with pytest.raises(ReportError, match="run 6 has no games stored"):
            select_runs(store, [6])
        with pytest.raises(StoreError, match="no run 99 in "):
            select_runs(store, [99])


def test_an_empty_store_has_nothing_to_report(tmp_path):
    with Store(tmp_path / "empty.db") as store, pytest.raises(
            ReportError, match="no complete or interrupted runs with games in "):
        select_runs(store)


# -- figures --------------------------------------------------------------------------------

def test_figures_are_recomputed_from_the_stored_games(db):
    with Store(db) as store:
        figures = collect(store, [1, 2, 3, 4])
        for f in figures:
            games = store.game_results(f.run.id)
            won = [g for g in games if g.won]
            zero = [g for g in games if g.first_zero]
            assert (f.games, f.wins) == (len(games), len(won)) != (999, 999)
            assert f.guesses == tuple(g.guesses for g in games)
            assert math.isclose(f.guesses_per_game, statistics.fmean(g.guesses for g in games))
            assert f.stats["first_zero_wins"] == sum(g.won for g in zero)
            assert f.stats["loss_causes"] == {
                c: sum(g.loss_cause == c for g in games)
                for c in ("certain", "first", "guess", "corner", "random")}
            assert math.isclose(f.games_per_cpu_second,
                                len(games) / sum(g.cpu_seconds for g in games))
            later = [safe for g in games for _, safe in g.guess_log[1:]]
            assert (f.later_guesses, f.later_safe) == (len(later), sum(later))
    assert [f.games for f in figures] == [40, 30, 25, 10]


def test_the_runs_table_has_the_numbers_of_the_stored_games(db):
    with Store(db) as store:
        text = markdown(collect(store, [1, 2, 3, 4, 5]))
        rows = table_rows(text)
        for run_id, row in rows.items():
            games = store.game_results(run_id)
            wins = sum(g.won for g in games)
            zero = [g for g in games if g.first_zero]
            assert row["games"] == str(len(games)) and row["wins"] == str(wins)
            assert row["win rate [95% CI]"] == ci_text(wins, len(games))
            assert row["first-zero win rate [95% CI] of games"] == (
                f"{ci_text(sum(g.won for g in zero), len(zero))} of {len(zero)}")
            assert row["guesses/game"] == f"{statistics.fmean(g.guesses for g in games):.2f}"
            causes = Counter(g.loss_cause for g in games if not g.won)
            for cause in ("certain", "first", "guess", "corner", "random"):
                assert row[f"lost: {cause}"] == str(causes[cause])
    assert rows[1]["strategy"] == "exact" and rows[1]["level"] == "beginner 9×9/10"
    assert (rows[1]["rule"], rows[1]["first click"]) == ("safe", "corner")
    assert rows[1]["status"] == "complete" and rows[2]["guesses/won game"] == "–"
    assert "published" not in text


def test_runs_that_are_not_complete_say_so_with_their_real_game_count(db):
    with Store(db) as store:
        rows = table_rows(markdown(collect(store, [3, 4, 5])))
    assert rows[3]["games"] == "25" and rows[3]["status"] == "**interrupted: 25 of 60 games**"
    assert rows[4]["status"] == "**running (or its process died): 10 of 20 games**"
    assert rows[5]["status"] == "**failed: 5 of 30 games**"


def test_calibration_lists_only_bins_of_enough_trials(db):
    with Store(db) as store:
        run = store.run(1)
    guesses = ((None, True),) + ((0.2, True),) * 110 + ((0.2, False),) * 40 + ((0.5, True),) * 3
    result = GameResult(index=0, seed=0, won=True, moves=1, guesses=len(guesses),
                        hardest=None, needed="guess", loss_cause=None, first_zero=False,
                        three_bv=1, cpu_seconds=0.5, guess_log=guesses, record="")
    text = markdown([run_figures(run, [result])])
    ci = binomtest(40, 150).proportion_ci(method="wilson")
    z = (40 / 150 - 0.2) / (0.2 * 0.8 / 150) ** 0.5
    assert f"| 0.20 | 0.2000 | 150 | 0.267 | [{ci.low:.3f}, {ci.high:.3f}] | +{z:.1f} | no |" \
        in text
    assert "No bin has 1000 guesses: no calibration verdict." in text
    assert "| 0.50 |" not in text
    assert f"Only bins with at least {MIN_BIN_TRIALS} trials are listed; 1 smaller" in text
    assert "Hardest technique needed by won games: guess 1." in text


# -- published figures ------------------------------------------------------------------------

def test_the_published_table_is_consistent():
    assert len(PUBLISHED) == 8 * 3 + 7 + 6
    for figure in PUBLISHED:
        assert figure.source in SOURCES and figure.measure in MEASURES
        assert figure.level in LEVELS
    assert {(f.radius, f.value, f.games) for f in PUBLISHED if f.source.endswith("T5.5")} == {
        (None, 0.263, 1000), (2, 0.248, 1000), (3, 0.265, 1000), (4, 0.276, 1000),
        (5, 0.300, 1000), (6, 0.272, 1000), (7, 0.280, 600)}


def test_published_figures_beside_a_matching_run(db):
    with Store(db) as store:
        figures = collect(store, [1, 7])
        text = markdown(figures, published=True)
        games = store.game_results(7)
    wins, n = sum(g.won for g in games), len(games)
    ci = binomtest(wins, n).proportion_ci(method="wilson")
    inside = "yes" if ci.low <= 0.774 <= ci.high else "no"
    rows = table_rows(text)
    assert rows[7]["published win rate (in our CI?)"] == f"77.40% ({inside})"
    assert rows[1]["published win rate (in our CI?)"] == "–"  # 9×9 is not Pedersen's beginner
    line = next(x for x in text.splitlines() if x.startswith("| 7 |") and "| win rate |" in x)
    assert f"| 77.40% | Pedersen2004 T5.1-5.3 (100,000 games) | {wins / n:.2%} |" in line
    assert line.endswith(f"| {n} | {inside} |  |")
    guesses = [g.guesses for g in games]
    lo, hi = mean_ci(guesses)
    assert math.isclose(hi - lo, 2 * 1.959964 * statistics.stdev(guesses) / math.sqrt(n),
                        rel_tol=1e-6)
    line = next(x for x in text.splitlines() if "| guesses per game |" in x)
    assert f"| 2.30 | Pedersen2004 T5.1-5.3 (100,000 games) | {statistics.fmean(guesses):.2f} |"\
        in line
    assert f"| {'yes' if lo <= 2.30 <= hi else 'no'} |" in line
    assert "- Pedersen2004 T5.1-5.3: Kasper Pedersen, The complexity of Minesweeper" in text


def test_published_figures_match_on_the_search_radius(db):
    with Store(db) as store:
        (figures,) = collect(store, [7])
    run = dataclasses.replace(figures.run, strategy="limited-search-prob", level="expert",
                              rows=16, cols=30, mines=99, options={"radius": 3})
    found = comparisons(dataclasses.replace(figures, run=run))
    assert [(c.published.source, c.published.radius, c.published.value) for c in found] == [
        ("Pedersen2004 T5.5", 3, 0.265)]
    zone = dataclasses.replace(run, options={})
    found = comparisons(dataclasses.replace(figures, run=zone))
    assert {(c.published.source, c.published.measure, c.published.value) for c in found} == {
        ("Pedersen2004 T5.1-5.3", "win_rate", 0.25),
        ("Pedersen2004 T5.1-5.3", "first_zero_win_rate", 0.3),
        ("Pedersen2004 T5.5", "win_rate", 0.263)}
    opening = dataclasses.replace(zone, rule="opening")
    assert all(c.note == "conditions differ: rule opening, published safe"
               for c in comparisons(dataclasses.replace(figures, run=opening)))


def test_the_school_project_compares_loss_shares_over_losses(db):
    with Store(db) as store:
        (figures,) = collect(store, [1])
    staged = dataclasses.replace(figures.run, strategy="staged", level="expert", rows=16,
                                 cols=30, mines=99)
    found = {c.published.measure: c for c in comparisons(dataclasses.replace(figures,
                                                                           run=staged))}
    assert set(found) == {"win_rate", "guess_success", "loss_guess", "loss_corner",
                          "loss_random", "loss_certain"}
    losses = figures.games - figures.wins
    guess_losses = figures.stats["loss_causes"]["guess"]
    assert found["loss_guess"].trials == losses
    assert math.isclose(found["loss_guess"].ours, guess_losses / losses)
    assert found["guess_success"].trials == figures.later_guesses


# -- the files ------------------------------------------------------------------------------

def test_write_report_writes_the_markdown_and_three_pngs(db, tmp_path):
    out = tmp_path / "new" / "report"
    with Store(db) as store:
        report = write_report(store, out, published=True)
    assert [p.name for p in report.files] == list(REPORT_FILES)
    assert [f.run.id for f in report.figures] == [1, 2, 3, 7]
    text = (out / "report.md").read_text(encoding="utf-8")
    assert text.startswith("# Benchmark report")
    # the database by its file name, not the folder of one machine
    assert f"run(s) in {db.name}." in text and str(db.parent) not in text
    width, height = (round(side * DPI) for side in FIGSIZE)
    for name in REPORT_FILES[1:]:
        path = out / name
        assert path.read_bytes()[:8] == PNG_SIGNATURE
        assert matplotlib.image.imread(path).shape[:2] == (height, width)
