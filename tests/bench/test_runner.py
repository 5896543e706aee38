"""The runner: the same games for any number of workers, in-process, in a process pool and
on a real Dask LocalCluster; per-game seeds depend on (seed, index) only."""

from __future__ import annotations

import pytest

from sweepkit.bench.result import StrategySpec, game_seed, play_game
from sweepkit.bench.runner import RunSpec, chunks, run_games
from sweepkit.rules import level


def fingerprint(outcome):
    return [(r.index, r.seed, r.won, r.moves, r.guesses, r.guess_log, r.record)
            for r in outcome.results]


@pytest.mark.slow
def test_results_are_identical_for_any_workers_and_on_dask():
    spec = RunSpec(StrategySpec("exact"), level("beginner"), 40, 7, "beginner")
    one = run_games(spec, workers=1)
    two = run_games(spec, workers=2)
    dask = run_games(spec, workers=2, scheduler="local")
    assert one.status == two.status == dask.status == "complete"
    assert [r.index for r in one.results] == list(range(40))
    assert fingerprint(one) == fingerprint(two) == fingerprint(dask)
    assert dask.workers["kind"] == "dask" and two.workers["kind"] == "processes"


def test_a_game_depends_on_seed_and_index_only():
    rules, strategy = level("intermediate"), StrategySpec("exact")
    assert play_game(rules, strategy, 3, 5).record == play_game(rules, strategy, 3, 5).record
    assert game_seed(3, 5) != game_seed(5, 3)


def test_every_chunk_reaches_the_callback_once():
    spec = RunSpec(StrategySpec("random"), level("beginner"), 23, 1)
    seen: list[int] = []
    run_games(spec, workers=1, on_results=lambda batch: seen.extend(r.index for r in batch))
    assert sorted(seen) == list(range(23))
    assert [len(c) for c in chunks(23, 1)] == [5, 5, 5, 5, 3]


def test_bad_specs_and_schedulers_are_refused():
    with pytest.raises(ValueError, match="at least 1 game"):
        RunSpec(StrategySpec("exact"), level("beginner"), 0, 1)
    with pytest.raises(ValueError, match="unknown strategy"):
        RunSpec(StrategySpec("nope"), level("beginner"), 1, 1)
    # an unreachable scheduler (RunnerError) is checked through the command line
