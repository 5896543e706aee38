"""Game review: hand-made games judged by hand, the verdicts against the brute force on
random small boards, the exact odds of small positions, the review's seed, and the
summary's decided moment."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.bench.review import (
    MoveClass,
    MoveReview,
    Tolerances,
    WinChance,
    review_game,
    review_seed,
)
from sweepkit.bench.review.judge import judge_game, judge_move
from sweepkit.bench.review.odds import GuessOdds, Pairs
from sweepkit.bench.review.summary import decided_move
from sweepkit.game import Game, GameRecord
from sweepkit.moves import Action, MoveKind
from sweepkit.position import MINE, UNKNOWN
from sweepkit.rules import Rules
from tests import brute

R, F, C = MoveKind.REVEAL, MoveKind.FLAG, MoveKind.CHORD


def record_of(rows: int, cols: int, mines: set[int], moves: list[tuple[MoveKind, int]],
              rule: str = "none") -> GameRecord:
    """The record of a game on a given layout with these moves."""
    game = Game(Rules(rows, cols, len(mines), rule), mine_cells=mines)
    for kind, cell in moves:
        game.play(Action(kind, cell))
    return game.record()


# 3x3, one mine in the corner:   * 1 0
#                                1 1 0
#                                0 0 0
# After the 1 at cell 1, the mine is one of 0, 2, 3, 4, 5 (1/5 each): 6, 7, 8 are safe.
CORNER = (3, 3, {0})


def test_a_risk_taken_beside_safe_cells_is_avoidable_and_the_death_says_so():
    review = review_game(record_of(*CORNER, [(R, 1), (R, 0)]), seconds=0, games=1)
    first, fatal = review.moves
    assert first.verdict is MoveClass.BEST_GUESS and first.risk == Fraction(1, 9)
    assert fatal.verdict is MoveClass.AVOIDABLE_RISK and fatal.lost
    assert fatal.probability == Fraction(1, 5) and fatal.safe_cells == (6, 7, 8)
    assert fatal.safest_probability == 0 and fatal.safest == 6
    death = review.summary.death
    assert death is not None and not death.forced and death.safe_cells == (6, 7, 8)
    assert review.summary.avoidable == (1,) and review.summary.forced == (0,)


def test_a_wrong_flag_is_a_mistake_unflagging_is_neutral_a_certain_reveal_certain():
    review = review_game(record_of(*CORNER, [(R, 1), (F, 0), (F, 0), (R, 8)]),
                         seconds=0, games=1)
    verdicts = [m.verdict for m in review.moves]
    assert verdicts == [MoveClass.BEST_GUESS, MoveClass.MISTAKE, MoveClass.NEUTRAL,
                        MoveClass.CERTAIN]
    assert review.moves[1].probability == Fraction(1, 5)
    assert review.summary.counts[MoveClass.CERTAIN] == 1
    assert review.summary.death is None and review.summary.decided == 0


# 2x3, one mine:  * 1 0     the 0 opens all but cells 0 and 3: a 50/50
#                 1 1 0
FIFTY = (2, 3, {0})


def test_a_forced_fifty_fifty_lost_is_a_forced_death_decided_by_that_guess():
    review = review_game(record_of(*FIFTY, [(R, 2), (R, 0)]), seconds=0.5, games=100)
    fatal = review.moves[1]
    assert fatal.verdict is MoveClass.BEST_GUESS and fatal.risk == Fraction(1, 2)
    assert fatal.forced and review.summary.death is not None
    assert review.summary.death.forced and review.summary.death.safe_cells == ()
    assert review.summary.forced == (0, 1)
    assert review.summary.decided == 1 and review.summary.decided_why == "the losing guess"


def test_chords_risk_what_they_open():
    # a wrong flag on 3, then a chord on the 1 at cell 1 opens the mine
    lost = review_game(record_of(*FIFTY, [(R, 2), (F, 3), (C, 1)]), seconds=0, games=1)
    chord = lost.moves[2]
    assert chord.opens == (0,) and chord.risk == Fraction(1, 2) and chord.lost
    assert lost.moves[1].verdict is MoveClass.MISTAKE
    # the right flag: the chord opens 3, safe, and wins
    won = review_game(record_of(*FIFTY, [(R, 2), (F, 0), (C, 1)]), seconds=0, games=1)
    assert won.moves[2].opens == (3,) and won.moves[2].verdict is MoveClass.BEST_GUESS
    assert won.status == "won"


def test_the_first_click_under_a_protecting_rule_is_certain():
    judged = judge_game(record_of(*CORNER, [(R, 8)], rule="safe"))
    assert judged.moves[0].verdict is MoveClass.CERTAIN
    assert "safe by the safe rule" in judged.moves[0].note


def test_reasonable_guesses_say_their_tolerance_and_far_ones_are_mistakes():
    from sweepkit.bench.review import classify_guess

    tol = Tolerances(best=0.01, reasonable=0.05)
    assert classify_guess(Fraction(26, 100), Fraction(1, 4), False, tol) == (
        MoveClass.BEST_GUESS, None)
    assert classify_guess(Fraction(30, 100), Fraction(1, 4), False, tol) == (
        MoveClass.REASONABLE_GUESS, 0.05)
    assert classify_guess(Fraction(31, 100), Fraction(1, 4), False, tol)[0] is \
        MoveClass.MISTAKE


def test_a_small_position_is_played_on_every_layout_exact_odds():
    review = review_game(record_of(*CORNER, [(R, 1), (R, 0)]), seconds=30, games=60)
    odds = review.odds[1]
    # 5 layouts: each played once. best opens the safe 0 at cell 8 first, which clears
    # the board: it always wins; after revealing cell 0 (a mine in 1 layout of 5) it
    # wins the other 4. The fatal move's "after" is the chance it gave, not its outcome.
    assert odds.exact and odds.settled and odds.pairs.layouts == 5
    assert odds.before == WinChance(5, 5, exact=True) and odds.before.interval() == (1, 1)
    assert odds.after == WinChance(4, 5, exact=True) and odds.after.half_width() == 0
    assert (odds.lost.value, odds.lost.low, odds.lost.high) == (0.2, 0.2, 0.2)
    assert review.moves[1].lost and review.settled and odds.pairs.games == 10


def test_a_forced_fifty_fifty_is_even_whichever_cell_and_a_certain_mine_is_lost():
    # FIFTY after the 0 at cell 2: the mine is cell 0 or 3, each in one layout of 2
    odds = review_game(record_of(*FIFTY, [(R, 2), (R, 0)]), seconds=30, games=60).odds[1]
    assert odds.exact and odds.before.rate == odds.after.rate == 0.5
    # 1x5, the mine at 2:  0 1 ? ? ?  -> cell 2 is certainly the mine; revealing it
    # loses on the one layout there is, where best (opening 3 and 4) wins
    mine = review_game(record_of(1, 5, {2}, [(R, 0), (R, 2)]), seconds=30, games=60)
    assert mine.moves[1].risk == 1 and mine.odds[1].after == WinChance(0, 1, exact=True)
    assert mine.odds[1].before.rate == 1 and mine.odds[1].lost.value == 1


def test_the_review_seed_is_the_games_own():
    moves = [(R, 1), (R, 0)]
    record = record_of(*CORNER, moves)
    one = review_game(record, seconds=0, games=1)
    assert one.seed == review_seed(record.rules, one.mines, record.log)
    assert one.seed == review_game(record_of(*CORNER, moves), seconds=0, games=1).seed
    other = record_of(*CORNER, [(R, 1), (R, 8)])
    assert review_seed(other.rules, one.mines, other.log) != one.seed


def test_a_lost_game_decided_earlier_names_the_last_open_guess():
    def guess(n: int) -> MoveReview:
        return MoveReview(n, R, n, MoveClass.BEST_GUESS, Fraction(1, 2), Fraction(1, 2),
                          n, Fraction(1, 2))

    def chances(before: int, after: int) -> GuessOdds:
        """Odds of ``before`` and ``after`` wins in 100 layouts (``after`` <= ``before``)."""
        return GuessOdds(Pairs(both=after, before_only=before - after, neither=100 - before))

    moves = (guess(0), guess(1), guess(2))
    odds = {0: chances(50, 40), 1: chances(30, 5), 2: chances(5, 2)}
    assert odds[1].before == WinChance(30, 100) and odds[1].after == WinChance(5, 100)
    assert decided_move(moves, odds, won=False)[0] == 1
    low = {n: chances(1, 0) for n in range(3)}
    assert decided_move(moves, low, won=False)[0] == 0
    assert decided_move(moves, odds, won=True)[0] == 2


def reference_verdict(game: Game, kind: MoveKind, cell: int) -> tuple[
        MoveClass, Fraction | None, tuple[int, ...]]:
    """The verdict from the brute force, written from the definitions alone."""
    plain = game.view(flags=False)
    shown = game.view().cells
    near = brute.adjacency(plain)
    flagged = {i for i, v in enumerate(shown) if v == MINE and plain.cells[i] == UNKNOWN}
    if kind is F:
        if shown[cell] != UNKNOWN:
            return MoveClass.NEUTRAL, None, ()
    elif kind is R:
        opens = (cell,) if shown[cell] == UNKNOWN else ()
    else:
        value = plain.cells[cell]
        ok = value >= 0 and len(near[cell] & flagged) == value
        opens = tuple(sorted(j for j in near[cell] if shown[j] == UNKNOWN)) if ok else ()
    if kind is not F and not opens:
        return MoveClass.NEUTRAL, None, ()
    layouts = brute.explanations(plain)
    covered = [i for i, v in enumerate(plain.cells) if v == UNKNOWN]
    p = {c: Fraction(sum(c in s for s in layouts), len(layouts)) for c in covered}
    safe = tuple(c for c in covered if p[c] == 0)
    if kind is F:
        return (MoveClass.CERTAIN if p[cell] == 1 else MoveClass.MISTAKE), None, ()
    risk = Fraction(sum(any(c in s for c in opens) for s in layouts), len(layouts))
    excess = risk - min(p.values())
    if risk == 0:
        verdict = MoveClass.CERTAIN
    elif safe:
        verdict = MoveClass.AVOIDABLE_RISK
    elif excess <= Fraction(0.01):
        verdict = MoveClass.BEST_GUESS
    elif excess <= Fraction(0.05):
        verdict = MoveClass.REASONABLE_GUESS
    else:
        verdict = MoveClass.MISTAKE
    return verdict, risk, safe if risk else ()


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(2, 3), cols=st.integers(2, 4), data=st.data())
def test_verdicts_match_the_brute_force_on_random_small_boards(rows, cols, data):
    size = rows * cols
    mines = data.draw(st.sets(st.integers(0, size - 1), min_size=1, max_size=size // 2))
    game = Game(Rules(rows, cols, len(mines), "none"), mine_cells=mines)
    moves = data.draw(st.lists(st.tuples(st.sampled_from([R, R, F, C]),
                                         st.integers(0, size - 1)), max_size=12))
    for n, (kind, cell) in enumerate(moves):
        if game.over:
            break
        review, _ = judge_move(game, n, kind, cell, Tolerances())
        verdict, risk, safe = reference_verdict(game, kind, cell)
        assert (review.verdict, review.risk, review.safe_cells) == (verdict, risk, safe)
        game.play(Action(kind, cell))
