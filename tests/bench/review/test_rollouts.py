"""A review's rollouts: each guess stops at the first batch that reaches the target, so its
numbers depend on its seed and the rule alone (not on the order batches are played, nor
on the number of worker processes); the time budget stops the rest and says so; the
moves ``best`` would make itself cost one game a layout; two reviews on two threads do not
mix; and the stopping rule keeps its intervals' coverage."""

from __future__ import annotations

import random
import threading

import pytest

from sweepkit.bench.review.judge import judge_game
from sweepkit.bench.review.odds import (
    BEST,
    Guess,
    GuessOdds,
    Layouts,
    Pairs,
    derived_seed,
    play_layout,
)
from sweepkit.bench.review.rollouts import BATCH, RolloutProgress, _Track, win_chances
from sweepkit.game import Game, GameRecord
from sweepkit.moves import Action
from sweepkit.play import play
from sweepkit.position import UNKNOWN, Position
from sweepkit.rules import level
from sweepkit.strategies import make_strategy


def clicked(seed: int) -> GameRecord:
    """An intermediate game (opening rule): the centre, then covered cells at random until it
    ends (every random click from a wide-open view is a guess with many layouts)."""
    game = Game(level("intermediate", "opening"), seed)
    game.reveal(8, 8)
    rng = random.Random(seed)
    while not game.over:
        covered = [i for i, v in enumerate(game.view().cells) if v == UNKNOWN]
        game.play(Action.reveal(rng.choice(covered)))
    return game.record()


def guesses_of(record: GameRecord) -> dict[int, Guess]:
    judged = judge_game(record)
    return {n: Guess(here.view, judged.moves[n].opens, derived_seed("t", n), here.total)
            for n, here in judged.situations.items()}


def by_the_rule(guess: Guess, target: float, cap: int) -> GuessOdds:
    """The rule written out: layouts in index order, a look every BATCH layouts."""
    layouts, player, pairs = Layouts(guess), BEST.build(), Pairs()
    while pairs.layouts < cap:
        for i in range(pairs.layouts, min(pairs.layouts + BATCH, cap)):
            pairs = pairs.add(*play_layout(guess, layouts, player, i))
        if GuessOdds(pairs).half_width() <= target:
            break
    return GuessOdds(pairs)


GUESSES = guesses_of(clicked(5))


def test_each_guess_stops_where_the_rule_says_whatever_the_order():
    assert len(GUESSES) >= 2 and not any(g.exact for g in GUESSES.values())
    reports: list[RolloutProgress] = []
    rolled = win_chances(GUESSES, seconds=60, games=48, target=0.15,
                         progress=reports.append)
    backwards = win_chances(dict(reversed(list(GUESSES.items()))), seconds=60, games=48,
                            target=0.15)
    assert rolled.odds == backwards.odds and rolled.cpu_seconds > 0
    for key, guess in GUESSES.items():
        odds = rolled.odds[key]
        assert odds.settled and odds.pairs == by_the_rule(guess, 0.15, 48).pairs
        assert odds.half_width() <= 0.15 or odds.pairs.layouts == 48
    last = reports[-1]
    assert last.settled == last.guesses == len(GUESSES) and last.target == 0.15
    assert last.games == sum(o.pairs.games for o in rolled.odds.values())
    assert last.widest == max(o.half_width() for o in rolled.odds.values())


def test_the_time_budget_gives_each_guess_one_batch_and_says_it_stopped_them():
    rolled = win_chances(GUESSES, seconds=0, games=2000, target=0.01)
    for odds in rolled.odds.values():
        assert odds.pairs.layouts == BATCH and not odds.settled


def test_bests_own_guesses_cost_one_game_a_layout():
    game = Game(level("beginner"), 3)
    play(game, make_strategy("best"), rng=random.Random(3))
    own = guesses_of(game.record())
    rolled = win_chances(own, seconds=60, games=32, target=0.2).odds
    # best's own moves: on the layouts where it makes them first, one game for both chances
    assert len(rolled) == 2 and all(o.pairs.same for o in rolled.values())
    for odds in rolled.values():
        assert odds.pairs.games == 2 * odds.pairs.layouts - odds.pairs.same
        if odds.pairs.same == odds.pairs.layouts:
            assert odds.before == odds.after
            assert (odds.lost.value, odds.lost.low, odds.lost.high) == (0, 0, 0)


def test_two_reviews_on_two_threads_give_their_own_numbers():
    own = {1: GUESSES[1]}
    alone = [win_chances(g, seconds=60, games=16).odds for g in (GUESSES, own)]
    found: list[dict[int, GuessOdds]] = [{}, {}]

    def run(k: int, guesses: dict[int, Guess]) -> None:
        found[k] = win_chances(guesses, seconds=60, games=16).odds

    threads = [threading.Thread(target=run, args=(k, g)) for k, g in enumerate((GUESSES, own))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == alone


def test_bad_budgets_are_refused_with_a_reason():
    for kwargs, words in (({"games": 0}, "games"), ({"seconds": -1}, "seconds"),
                          ({"target": 0}, "target"), ({"workers": 0}, "workers")):
        with pytest.raises(ValueError, match=words):
            win_chances(GUESSES, **{"seconds": 1, **kwargs})


@pytest.mark.slow
def test_worker_processes_give_the_same_numbers():
    # enough batches (3 guesses x 4) for the pool; the numbers are those of one process
    here = win_chances(GUESSES, seconds=120, games=64, target=0.01)
    pooled = win_chances(GUESSES, seconds=120, games=64, target=0.01, workers=2)
    assert pooled.odds == here.odds and all(o.pairs.layouts == 64 for o in here.odds.values())


@pytest.mark.slow
def test_stopping_at_the_target_keeps_the_intervals_coverage():
    """Bernoulli outcomes fed to a guess's rule: at the layout where it stops, the 95%
    Wilson interval holds the true chance in at least 93% of 1,000 runs, for chances
    from near 0 to near 1 (where it stops after few layouts)."""
    guess = Guess(Position.unknown(1, 2, mines=1), (0,), 0, 10**9)
    rng = random.Random(5)
    for p in (0.03, 0.2, 0.5, 0.9):
        covered = 0
        for _ in range(1000):
            track, batch = _Track(guess, 2000), 0
            while not track.settled:
                track.take(batch, [(rng.random() < p,) * 2 + (True,) for _ in range(BATCH)],
                           0.05)
                batch += 1
            low, high = track.odds().before.interval()
            covered += low <= p <= high
        assert covered >= 930, (p, covered)
