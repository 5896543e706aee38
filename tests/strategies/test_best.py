"""The strongest player: its look-ahead values against a brute force over the layouts,
its certain moves against the analysis, its forced guesses and endgame moves against
brute-force definitions, and its options. No test asserts a win rate (the benchmark's job).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sweepkit.analysis.incremental import IncrementalAnalyser
from sweepkit.analysis.probability import analyse
from sweepkit.bench.store import Store
from sweepkit.game import Game, Status
from sweepkit.moves import Basis
from sweepkit.play import play
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.rules import level
from sweepkit.strategies import make_strategy
from sweepkit.strategies.best import BUDGETS, BestStrategy, discounted, recommended_first
from sweepkit.strategies.forced import forced_groups
from sweepkit.strategies.guesses import Evaluator, candidate_classes
from tests import brute
from tests.examples import examples
from tests.search import brute_play
from tests.search.test_optimal import move_wins, tiny_positions
from tests.strategies_boards import consistent_positions


def around(position: Position, cell: int) -> frozenset[int]:
    """The cells next to ``cell``, from coordinates: under a layout, ``cell`` shows
    ``len(around(position, cell) & layout)`` (found once a cell, not once a layout)."""
    r, c = position.coord(cell)
    return frozenset(m for m in range(position.size) if m != cell
                     and abs(m // position.cols - r) <= 1 and abs(m % position.cols - c) <= 1)


def brute_look_ahead(position: Position, cell: int, layouts: list[frozenset[int]],
                     discount: float = 1.0):
    """(progress, expected, two-step) of guessing ``cell``, from the explicit layouts, the
    second guess's safety weighed by ``discount``."""
    unknown = [i for i, v in enumerate(position.cells) if v == UNKNOWN and i != cell]
    by_number: dict[int, list[frozenset[int]]] = {}
    near = around(position, cell)
    for layout in layouts:
        if cell not in layout:
            by_number.setdefault(len(near & layout), []).append(layout)
    progress = expected = two_step = 0.0
    for group in by_number.values():
        weight = len(group) / len(layouts)
        mines = Counter(m for layout in group for m in layout)
        safe = [i for i in unknown if mines[i] == 0]
        if safe:
            progress += weight
            expected += weight * len(safe)
            two_step += weight
        else:
            maybe_safe = [1 - mines[i] / len(group) for i in unknown if mines[i] < len(group)]
            # none: revealing ``cell`` won the game, no guess is to come
            two_step += weight * (discount * max(maybe_safe) if maybe_safe else 1)
    return progress, expected, two_step


@settings(max_examples=examples(150), deadline=None)
@given(consistent_positions(max_rows=3, max_cols=4))
def test_look_ahead_values_match_the_brute_force(position):
    for use_mine_count in (True, False):
        layouts = brute.explanations(position, use_mine_count)
        analysis = analyse(position, use_mine_count)
        evaluator = Evaluator(analysis, IncrementalAnalyser(use_mine_count, keep_mines=False))
        cells = [c for c, p in evaluator.probabilities.items() if p < 1]
        for candidate in evaluator.candidates(cells):
            if candidate.dead and candidate.outcome.safe == (0,) * len(candidate.outcome.safe):
                continue
            evaluator.look_ahead(candidate)
            want = brute_look_ahead(position, candidate.cell, layouts)
            got = (candidate.progress, candidate.expected, candidate.two_step)
            assert got == pytest.approx(want), (str(position), candidate.cell)
            for discount in (0.0, 0.9):
                assert discounted(candidate, discount) == pytest.approx(
                    brute_look_ahead(position, candidate.cell, layouts, discount)[2])


@settings(max_examples=examples(150), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4))
def test_cells_of_one_class_show_the_same_numbers_equally_often(position):
    # one brute-force search: the layouts with the mine count are those of its size
    every_layout = brute.explanations(position, use_mine_count=False)
    for use_mine_count in (True, False):
        analysis = analyse(position, use_mine_count)
        layouts = every_layout if not use_mine_count or position.mines is None else [
            m for m in every_layout if len(m) == position.mines]
        unknown = [i for i, v in enumerate(position.cells) if v == UNKNOWN]
        for group in candidate_classes(analysis, unknown):
            seen = set()
            for c in group:
                near = around(position, c)
                seen.add(frozenset(Counter(len(near & layout) if c not in layout else -1
                                           for layout in layouts).items()))
            assert len(seen) == 1, (str(position), group)


def brute_dead(position: Position, cell: int, layouts=None) -> bool:
    if layouts is None:
        layouts = brute.explanations(position)
    near = around(position, cell)
    numbers = {len(near & layout) for layout in layouts if cell not in layout}
    return len(numbers) == 1


@settings(max_examples=examples(150), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4, with_mines=True))
def test_forced_groups_are_closed_and_dead(position):
    analysis = analyse(position)
    layouts = brute.explanations(position)
    table = position.neighbour_table()
    for group in forced_groups(analysis, lambda c: brute_dead(position, c, layouts)):
        assert all(position.cells[c] == UNKNOWN for c in group)
        assert all(j in group for c in group for j in table[c]
                   if position.cells[j] == UNKNOWN)


def test_the_fifty_fifty_is_taken_before_any_other_guess():
    # Bottom: two cells sharing one mine that nothing else touches (a 50/50). Top: six
    # cells where a guess is safer (1 in 4). The forced guess comes first all the same.
    view = Position.from_rows(["??", "??", "??", "11", "11", "??"], mines=3)
    analysis = analyse(view)
    assert not analysis.safe_cells()
    strategy = BestStrategy(endgame=0)  # (the exact endgame would take this one)
    decisions = strategy.moves(view, random.Random(1))
    assert len(decisions) == 1
    cell = decisions[0].action.cell
    assert "forced guess" in decisions[0].reason.note
    groups = forced_groups(analysis, lambda c: brute_dead(view, c))
    assert any(cell in g for g in groups)
    off = BestStrategy(fifty_fifty=False, endgame=0).moves(view, random.Random(1))[0]
    assert not any(off.action.cell in g for g in groups)


@settings(max_examples=examples(100), deadline=None)
@given(tiny_positions())
def test_endgame_moves_are_optimal_by_the_brute_force_game_tree(position):
    assume(SAFE not in position.cells)  # a game's view has no '-' cells
    analysis = analyse(position)
    if analysis.safe_cells() or not any(v >= 0 for v in position.cells):
        return
    best = brute_play.optimal(position)
    if not best.best_moves:
        return
    strategy = BestStrategy(endgame=10_000, endgame_states=10**9)
    decision = strategy.moves(position, random.Random(0))[0]
    assert decision.action.cell in best.best_moves, str(position)
    assert "exact endgame" in decision.reason.note


def test_an_endgame_search_past_its_budget_waits_for_half_the_layouts(monkeypatch):
    import sweepkit.search.optimal as optimal_module
    import sweepkit.strategies.best as best_module

    monkeypatch.setattr(optimal_module, "FRESH_TREES", 0)  # every search is made
    searched: list[int] = []
    real = best_module.GameTree.play

    def spy(tree, position, max_states=None):
        searched.append(analyse(position).total)
        return real(tree, position, max_states)

    monkeypatch.setattr(best_module.GameTree, "play", spy)
    strategy = BestStrategy(endgame=100_000, endgame_states=20)
    strategy.start(Position.covered((5, 5)))
    rng = random.Random(1)
    big = Position.from_rows(["1????", "?????", "?????", "?????", "????1"], mines=5)
    fewer = Position.from_rows(["12???", "?????", "?????", "?????", "????1"], mines=5)
    strategy.moves(big, rng)  # 6,120 layouts: more than 20 states, the search gives up
    strategy.moves(big, rng)  # not searched again
    strategy.moves(fewer, rng)  # 1,260 layouts, fewer than half: searched
    assert searched == [6120, 1260]
    strategy.start(Position.covered((5, 5)))  # a new game forgets
    strategy.moves(big, rng)
    assert searched == [6120, 1260, 6120]


def test_a_stopped_endgame_search_overrules_a_guess_it_proved_worse():
    """With ``partial``, a guess the heuristic chose is replaced by the stopped search's
    best move only when that search proved it worse: on random 4x6 positions (each a
    search stopped after 30 states), every replacement wins more layouts by the full
    search, and the other guesses are the heuristic's."""
    replaced = 0
    for seed in range(6000):
        rng = random.Random(seed)
        mines = rng.randint(4, 7)
        layout = set(rng.sample(range(24), mines))
        full = Position.unknown(4, 6).layout(layout)
        shown = set(rng.sample([i for i in range(24) if i not in layout], rng.randint(2, 6)))
        position = Position((4, 6), tuple(v if i in shown else UNKNOWN
                                          for i, v in enumerate(full.cells)), mines)
        analysis = analyse(position)
        if analysis.safe_cells() or analysis.total > 400:
            continue
        chosen = {}
        for partial in (False, True):
            strategy = BestStrategy(endgame_states=30, partial=partial)
            strategy.start(position)
            chosen[partial] = strategy.consider(analysis, random.Random(0))
        before, after = (chosen[p].decision.action.cell for p in (False, True))
        if before == after:
            assert chosen[True].step == chosen[False].step
            continue
        replaced += 1
        assert chosen[False].step == "two-step" and chosen[True].step == "exact endgame"
        wins = move_wins(position)
        assert wins[after] > wins[before]
        assert "stopped early" in chosen[True].decision.reason.note
    assert replaced >= 2


def test_the_endgame_search_is_kept_for_the_later_guesses_of_a_game(monkeypatch):
    import sweepkit.search.optimal as optimal_module
    import sweepkit.strategies.best as best_module

    monkeypatch.setattr(optimal_module, "FRESH_TREES", 0)  # every tree is built
    built: list[Position] = []
    real = best_module.GameTree.__init__

    def spy(tree, position, **limits):
        built.append(position)
        real(tree, position, **limits)

    monkeypatch.setattr(best_module.GameTree, "__init__", spy)
    strategy = BestStrategy(endgame=1000)  # the first position has 660 layouts
    strategy.start(Position.covered((4, 4)))
    rng = random.Random(2)
    first = Position.from_rows(["1???", "????", "????", "????"], mines=4)
    later = Position.from_rows(["1?1?", "????", "????", "????"], mines=4)
    other = Position.from_rows(["2???", "????", "????", "????"], mines=4)
    for position in (first, later):  # the second is a state of the first one's search
        assert "exact endgame" in strategy.moves(position, rng)[0].reason.note
    assert built == [first]
    strategy.moves(other, rng)  # not a later position of that game: searched afresh
    assert built == [first, other]
    strategy.start(Position.covered((4, 4)))  # a new game forgets
    strategy.moves(later, rng)
    assert built == [first, other, later]


def checked_game(seed: int, strategy: BestStrategy, rules_name: str):
    """Play one game, checking every decision against the exact analysis of its view."""
    game = Game(level(rules_name), seed=seed)
    real = strategy.moves

    def moves(view, rng):
        decisions = real(view, rng)
        if any(v >= 0 for v in view.cells):
            probs = analyse(view).probabilities(exact=True)
            certain = [d for d in decisions if d.reason.basis is Basis.CERTAIN]
            guesses = [d for d in decisions if d.reason.basis is not Basis.CERTAIN]
            for d in certain:
                assert probs[d.action.cell] == (0 if d.action.kind == "reveal" else 1)
            if guesses:  # one guess, only when nothing is certainly safe (flags may come)
                assert len(guesses) == 1
                assert all(d.action.kind == "flag" for d in certain)
                assert 0 not in probs.values()
                assert probs[guesses[0].action.cell] < 1
        return decisions

    strategy.moves = moves  # type: ignore[method-assign]
    play(game, strategy, rng=random.Random(seed))
    return game


@pytest.mark.parametrize("budget", list(BUDGETS))
def test_certain_moves_are_certain_and_guesses_wait_for_them(budget):
    for seed in range(6):
        game = checked_game(seed, BestStrategy(budget=budget, flag_mines=seed % 2 == 0),
                            "intermediate")
        assert game.status is not Status.PLAYING
        if game.status is Status.LOST:
            assert game.log[-1].reason.guess


@pytest.mark.parametrize("guess", ["p", "quick", "local", "ps", "pse", "two-step"])
def test_every_guess_mode_plays_games_to_the_end(guess):
    strategy = make_strategy("best", guess=guess, lookahead=4, endgame=0)
    for seed in range(3):
        game = checked_game(seed, strategy, "beginner")
        assert game.status is not Status.PLAYING


@settings(max_examples=examples(100), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=4, with_mines=True))
def test_a_dead_cell_is_guessed_only_when_every_cell_is_dead(position):
    analysis = analyse(position)
    if analysis.safe_cells() or not any(v >= 0 for v in position.cells):
        return
    open_cells = [c for c, p in analysis.probabilities().items() if p < 1]
    if not open_cells:  # won already
        return
    layouts = brute.explanations(position)
    for guess in ("quick", "local", "pse", "two-step"):
        strategy = BestStrategy(guess=guess, endgame=0, fifty_fifty=False)
        cell = strategy.moves(position, random.Random(0))[0].action.cell
        if brute_dead(position, cell, layouts):
            assert all(brute_dead(position, c, layouts) for c in open_cells), \
                (str(position), guess)


def test_options_and_presets():
    assert BestStrategy(budget="fast").guess == "local"
    assert BestStrategy(budget=500).endgame == 500
    assert BestStrategy(budget="max", endgame=7).endgame == 7
    with pytest.raises(ValueError, match="unknown budget"):
        BestStrategy(budget="slow")
    with pytest.raises(ValueError, match="unknown guess mode"):
        BestStrategy(guess="maybe")
    with pytest.raises(ValueError, match="discount"):
        BestStrategy(discount=1.5)
    assert BestStrategy(budget="fast").discount == 1
    assert recommended_first(9, 9, "opening") == (2, 2)
    assert recommended_first(16, 30, "opening") == (3, 3)
    assert recommended_first(4, 6, "opening") == (1, 2)
    assert recommended_first(16, 16, "safe") == recommended_first(16, 16, "none") == "corner"


def test_proved_mines_are_remembered_and_never_revealed():
    view = Position.from_rows(["1?", "??"], mines=1)
    strategy = BestStrategy()
    strategy.start(view)
    assert all(view.cells[d.action.cell] == UNKNOWN and
               analyse(view).probability(d.action.cell) < 1
               for d in strategy.moves(view, random.Random(0)))
    flagged = view.replace({3: MINE})
    assert all(d.action.cell != 3 for d in strategy.moves(flagged, random.Random(0)))


def test_the_ablation_script_plays_each_row_once_and_pairs_them(tmp_path, monkeypatch,
                                                                 capsys):
    from benchmarks import ablation

    db = tmp_path / "a.db"
    argv = ["ablation.py", "--games", "3", "--level", "beginner", "--rows", "p,fast",
            "--workers", "1", "--db", str(db)]
    monkeypatch.setattr("sys.argv", argv)
    ablation.main()
    first = capsys.readouterr().out
    rows = [line for line in first.splitlines() if line.startswith("| ") and "`" in line]
    assert len(rows) == 2 and "—" in rows[0] and "points" in rows[1]
    ablation.main()  # the second time the runs are read back, not played again
    assert capsys.readouterr().out == first
    with Store(db) as store:
        assert len(store.runs()) == 2


def test_the_guess_risk_script_replays_the_bench_games():
    from benchmarks import guess_risk

    from sweepkit.bench.result import StrategySpec, play_game

    rules = level("intermediate")
    for index in range(6):
        won, found = guess_risk.guesses("intermediate", "safe", 9, index)
        bench = play_game(rules, StrategySpec("best"), 9, index)
        assert won == bench.won
        assert sum(lost for *_rest, lost in found) == (not won)  # the losing guess is last
        assert all(kind in guess_risk.KINDS and 0 <= low <= p <= 1
                   for kind, p, low, _lost in found)
    assert guess_risk.kind_of("forced guess: 2 cells") == "forced guess"
    assert guess_risk.kind_of("90.6% safe; its number makes") == "heuristic"
    lines = guess_risk.table([(False, [("heuristic", 0.3, 0.1, True)]),
                              (True, [("heuristic", 0.1, 0.1, False)])])
    assert lines[2] == "| heuristic | 2 | 1 | 0.200 | 1 (50%) | 1 | 0.1000 |"


def test_the_discount_sends_the_first_guess_after_a_numbered_corner_to_a_far_corner():
    """At intermediate, after the corner shows 1, plain two-step survival ranks a cell two
    squares from the corner first (it often makes a corner neighbour nearly safe); weighing
    the guess still to come by 0.97 ranks a far corner first (it opens half the time). At
    expert 0.97 keeps the first choice, 0.9 changes it. (The two-step value without the
    presets' blend and long-term factor; the presets do not discount.)"""
    def top(rows: int, cols: int, mines: int, discount: float) -> set[tuple[int, int]]:
        position = Position.from_rows(["1" + "?" * (cols - 1)] + ["?" * cols] * (rows - 1),
                                      mines=mines)
        whatif = IncrementalAnalyser(True, keep_mines=False)
        strategy = BestStrategy(discount=discount, blend=0.0, long_term=0.0, lookahead=12)
        ranked = strategy.rank(Evaluator(analyse(position, True), whatif))
        best = [r for r in ranked if r.key == ranked[0].key]
        return {position.coord(c) for r in best for c in r.candidate.cells}

    near, far = {(0, 2), (2, 0)}, {(0, 15), (15, 0), (15, 15)}
    assert top(16, 16, 40, 1.0) <= near
    assert top(16, 16, 40, 0.97) == far
    assert top(16, 30, 99, 0.97) <= near
    assert top(16, 30, 99, 0.9) == {(0, 29), (15, 0), (15, 29)}


def test_the_opening_book_sends_the_guess_after_a_numbered_corner_to_the_far_corner():
    """docs/results.md: at expert, after the corner shows 1, the ranking takes a cell two
    from the corner; the far corner wins more games, so ``normal`` plays it from the book.
    Only there: not after a corner that opened, not after another first cell, not once a
    second cell is open, and not when the exact endgame decides (small boards)."""
    def guess(rows: list[str], mines: int, **options) -> tuple[tuple[int, ...], str]:
        view = Position.from_rows(rows, mines=mines)
        strategy = BestStrategy(**options)
        strategy.start(view)
        considered = strategy.consider(analyse(view), random.Random(3))
        return view.coord(considered.decision.action.cell), considered.step

    expert = ["1" + "?" * 29] + ["?" * 30] * 15
    assert guess(expert, 99) == ((15, 29), "opening book")
    # the two-step value alone takes a cell two from the corner; with the presets' blend and
    # long-term factor the ranking takes a far corner by itself
    cell, step = guess(expert, 99, far_corner=False, discount=0.97, blend=0.0, long_term=0.0,
                       lookahead=12)
    assert cell in {(0, 2), (2, 0)} and step == "two-step"
    cell, step = guess(expert, 99, far_corner=False)
    assert cell in {(0, 29), (15, 0), (15, 29)} and step == "two-step"
    assert guess(["?" * 29 + "2"] + ["?" * 30] * 15, 99)[0] == (15, 0)
    assert guess(["?" * 30] * 15 + ["?" * 29 + "3"], 99)[0] == (0, 0)
    assert guess(["?1" + "?" * 28] + ["?" * 30] * 15, 99)[1] == "two-step"
    assert guess(["12" + "?" * 28] + ["?" * 30] * 15, 99)[1] == "two-step"
    assert BestStrategy(budget="fast").far_corner is False
    assert guess(["1??", "???"], 2)[1] == "exact endgame"
    # on a board this small the far corner's number is known (dead): the ranking decides
    assert guess(["1???", "????"], 2, endgame=0)[1] == "two-step"


@settings(max_examples=examples(300), deadline=None)
@given(consistent_positions(max_rows=5, max_cols=6, with_mines=True),
       st.sampled_from([1.0, 0.97, 0.9]), st.integers(1, 12), st.sampled_from([0.0, 0.1, 0.3]),
       st.sampled_from([0.0, 0.9]), st.sampled_from([0.0, 0.2]), st.sampled_from([0, 3, 8]),
       st.sampled_from([0.0, 0.001, 0.5]))
def test_the_pruned_ranking_ranks_first_what_the_full_ranking_does(position, discount,
                                                                   lookahead, tolerance,
                                                                   long_term, blend, pockets,
                                                                   progress):
    """BestStrategy._rank_top (the play path) gives the guesses rank() ranks first, tied,
    in its order, with the same values: only the work differs (with the long-term factor,
    the blend, the deferral of pockets and the progress bonus too)."""
    analysis = analyse(position, True)
    assume(analysis.consistent and not analysis.safe_cells())
    assume(any(p < 1 for c, p in analysis.probabilities().items()
               if position.cells[c] == UNKNOWN))
    strategy = BestStrategy(discount=discount, lookahead=lookahead, tolerance=tolerance,
                            long_term=long_term, blend=blend, pockets=pockets,
                            progress=progress)

    def first(ranked):
        return [(r.candidate.cells, r.key, r.candidate.progress, r.candidate.expected,
                 r.candidate.two_step, r.candidate.after) for r in ranked
                if r.key == ranked[0].key]

    full = strategy.rank(Evaluator(analysis, IncrementalAnalyser(True, keep_mines=False), blend))
    top = strategy._rank_top(Evaluator(analysis, IncrementalAnalyser(True, keep_mines=False),
                                       blend))
    assert first(top) == first(full)


@settings(max_examples=examples(100), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=5, with_mines=True))
def test_the_blend_weighs_the_best_and_second_best_safety_left(position):
    """With ``blend`` b, a candidate's value is the sum over its numbers of P(safe, shows v)
    times (1 - b) x the best safety left plus b x the second best (of another cell; the
    best again when one cell is left), each read from the whole analysis of the position
    with the number shown; discounted as without the blend when no cell is made certain."""
    analysis = analyse(position, True)
    assume(analysis.consistent and not analysis.safe_cells())
    assume(any(p < 1 for c, p in analysis.probabilities().items()
               if position.cells[c] == UNKNOWN))
    strategy = BestStrategy(blend=0.2, lookahead=1000, tolerance=0.3, endgame=0, discount=0.97,
                            long_term=0.0)
    ranked = strategy.rank(Evaluator(analysis, IncrementalAnalyser(True, keep_mines=False), 0.2))
    for r in ranked:
        c = r.candidate
        if r.key[0] == float("-inf"):
            continue
        value = 0.0
        for v in c.outcome.numbers():
            after = analyse(position.replace({c.cell: v}), True)
            left = sorted(p for p in after.probabilities().values() if p < 1) or [0.0]
            best, second = 1 - left[0], 1 - left[min(1, len(left) - 1)]
            blended = 0.8 * best + 0.2 * second
            certain = bool(after.safe_cells()) or best == 1
            value += c.outcome.safe[v] / c.outcome.total * (blended if certain
                                                            else 0.97 * blended)
        assert r.key[0] == pytest.approx(value)
        assert "the second best 20%" in strategy.describe(r)


@pytest.mark.parametrize("seed", [1, 2])
def test_playing_with_the_full_ranking_changes_no_move(seed):
    """A whole intermediate game is the same move for move (and reason for reason) whether
    every guess looked at is ranked or only those that can come first."""
    class Full(BestStrategy):
        full_ranking = True

    records = []
    for strategy in (BestStrategy(), Full()):
        game = Game(level("intermediate"), seed, clock=lambda: 0.0)
        records.append(play(game, strategy, rng=random.Random(seed)).log)
    assert records[0] == records[1]
