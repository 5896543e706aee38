"""Per-cell outcome counts (sweepkit.analysis.board.outcomes) against the brute force and by hand.

Every unknown cell of random small positions (tests/strategies_boards.py) gets, from
tests/brute.py's explanations, the layouts where it is a mine and, per number, those where
it is safe and shows it; the table must match exactly, with and without the mine count.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.outcomes import Outcome, OutcomeTable, outcome_table, outcomes
from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.dead_cells.dead import dead_cells
from sweepkit.position import Position
from sweepkit.strategies.best.guesses import lowest_risks
from tests import brute
from tests.examples import examples
from tests.strategies_boards import consistent_positions, positions

MAX_UNKNOWN = 10
small_positions = st.one_of(
    positions(max_rows=4, max_cols=4, max_unknown=MAX_UNKNOWN),
    consistent_positions(max_rows=4, max_cols=5),
).filter(lambda p: len(p.unknown_cells()) <= MAX_UNKNOWN)


def brute_table(position: Position, use_count: bool) -> dict[int, tuple[int, list[int]]]:
    """cell -> (layouts with a mine there, layouts per number it shows when safe)."""
    sols = brute.explanations(position, use_count)
    table = {}
    for c in position.unknown_cells():
        around = position.neighbours(c)
        safe = [0] * 9
        mine = 0
        for s in sols:
            if c in s:
                mine += 1
            else:
                safe[sum(1 for j in around if j in s)] += 1
        table[c] = (mine, safe)
    return table


def dead_cells_exact(table: dict[int, Outcome]) -> tuple[int, ...]:
    """The dead cells of an outcome table, ascending (to compare with ``dead_cells``)."""
    return tuple(sorted(c for c, o in table.items() if o.dead))


@settings(max_examples=examples(1000), deadline=None)  # as test_against_brute's MANY
@given(small_positions, st.booleans())
def test_outcomes_match_brute_force(position, use_count):
    expected = brute_table(position, use_count)
    analysis = analyse(position, use_count)
    table = outcome_table(position, analysis=analysis)
    assert set(table) == set(expected)
    for c, (mine, safe) in expected.items():
        got = table[c]
        assert (got.mine, list(got.safe)) == (mine, safe), (position, c)
        assert got.total == analysis.total == mine + sum(safe)
    if analysis.consistent:
        assert dead_cells_exact(table) == dead_cells(position, use_count, analysis)
    else:
        assert dead_cells_exact(table) == ()


@settings(max_examples=examples(500), deadline=None)
@given(small_positions, st.booleans(), st.data())
def test_count_fixed_counts_the_layouts_as_the_brute_force_does(position, use_count, data):
    """OutcomeTable.count_fixed(mines, safe): the layouts (with the mine count or, without, the
    floating cells free) in which the given unknown cells are mines and safe, against the
    brute force's layouts filtered by hand; a cell asked to be both gives 0."""
    unknown = position.unknown_cells()
    chosen = data.draw(st.lists(st.sampled_from(unknown), unique=True, max_size=4)
                       if unknown else st.just([]))
    mines = [c for c in chosen if data.draw(st.booleans())]
    safe = [c for c in chosen if c not in mines]
    layouts = brute.explanations(position, use_count)
    expected = sum(1 for s in layouts if all(c in s for c in mines)
                   and not any(c in s for c in safe))
    table = OutcomeTable(analyse(position, use_count))
    assert table.count_fixed(mines, safe) == expected, (str(position), mines, safe)
    if mines:
        assert table.count_fixed(mines, [mines[0]]) == 0


@settings(max_examples=examples(200), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=5), st.booleans())
def test_one_cell_matches_the_table(position, use_count):
    table = outcome_table(position, use_mine_count=use_count)
    for c in position.unknown_cells()[:3]:
        assert outcomes(position, c, use_mine_count=use_count) == table[c]


@settings(max_examples=examples(400), deadline=None)
@given(consistent_positions(max_rows=4, max_cols=5, with_mines=True))
def test_revealed_matches_the_analysis_of_the_position_with_the_cell_shown(position):
    """OutcomeTable.revealed re-counts only the components the cell touches (or joins its
    floating neighbours to the counts per k of its outcome): the certainly safe cells it
    finds and the two lowest risks left are the whole analysis's (and ``lowest_risks``'s,
    read from its boxes), for every number, shown or not, whether the cell's outcome was
    counted first or not."""
    analysis = analyse(position, True)
    table = OutcomeTable(analysis)
    for n, c in enumerate(position.unknown_cells()):
        if n % 2:
            table.outcome(c)
        for v in range(9):
            after = analyse(position.replace({c: v}), True)
            left = sorted(p for p in after.probabilities().values() if p < 1) or [0.0]
            expected = (len(after.safe_cells()), left[0], left[min(1, len(left) - 1)])
            assert table.revealed(c, v) == expected, (position, c, v)
            if after.consistent:
                assert lowest_risks(after) == expected[1:]


def test_floating_cells_among_floating_cells_share_one_count():
    """Two cells next to floating cells alone show the same numbers with the same
    consequences: counted once, and each still the whole analysis's answer."""
    position = Position.from_rows(["1" + "?" * 7] + ["?" * 8] * 5, mines=9)
    table = OutcomeTable(analyse(position, True))
    inner = [position.index(3, 3), position.index(4, 5)]
    for v in range(9):
        for c in inner:
            after = analyse(position.replace({c: v}), True)
            left = sorted(p for p in after.probabilities().values() if p < 1) or [0.0]
            assert table.revealed(c, v) == (len(after.safe_cells()), left[0],
                                            left[min(1, len(left) - 1)])
    assert sorted(table.floating_revealed) == [(8, v) for v in range(9)]


def test_worked_example_with_floating_cells():
    # "1" at (0,0); its three unknown neighbours hold one mine; (0,2) and (1,2) float.
    position = Position.from_rows(["1??", "???"], mines=2)
    table = outcome_table(position)
    # 3 ways for the 1's mine times 2 for the floating one: 6 layouts.
    assert {c: o.total for c, o in table.items()} == dict.fromkeys(table, 6)
    # (0,1): mine in 2 layouts; safe: its unknown neighbours (1,1),(1,0),(0,2),(1,2)
    # hold both mines (1 in {(1,0),(1,1)}, the floating one anywhere): always 2.
    assert table[1].mine == 2 and table[1].safe[:4] == (0, 0, 4, 0) and table[1].dead
    # (0,2) floating: a mine in 3; safe, the other floating cell (1,2) holds the mine and
    # (0,2) shows 1 + [the 1's mine at (0,1) or (1,1)]: 1 once, 2 twice.
    assert table[2].mine == 3 and table[2].safe[:3] == (0, 1, 2)
    assert table[2].numbers() == (1, 2) and not table[2].dead


def test_worked_example_without_mine_count():
    # Without a count the floating cells are free: 3 * 2 * 2 = 12 layouts.
    table = outcome_table(Position.from_rows(["1??", "???"]))
    # (1,2) neighbours (0,1),(1,1) (one of them a mine in 2 of 3) and (0,2) (free).
    o = table[5]
    assert (o.mine, o.safe[:4], o.total) == (6, (1, 3, 2, 0), 12)


def test_flags_count():
    # (0,0) flagged, so each 2 needs one mine among (0,2),(1,0),(1,2); one mine remains.
    position = Position.from_rows(["*2?", "?2?"], mines=2)
    table = outcome_table(position)
    # (1,0) sees the flag and the two 2s: safe, it shows 1 whichever cell holds the mine
    assert (table[3].mine, table[3].safe[:3], table[3].dead) == (1, (0, 2, 0), True)
    # (0,2) sees (1,2): shows 0 when the mine is at (1,0), 1 when at (1,2)
    assert (table[2].mine, table[2].safe[:3], table[2].dead) == (1, (1, 1, 0), False)


def test_inconsistent_and_not_unknown():
    bad = Position.from_rows(["1?", "?0"])  # the 0 clears the 1's only neighbours
    assert outcome_table(bad)[1].total == 0
    try:
        outcomes(bad, 0)
    except ValueError:
        pass
    else:
        raise AssertionError("a number cell has no outcomes")


def test_incremental_analysis_with_marked_mines():
    from sweepkit.analysis.tracking.incremental import IncrementalAnalyser

    analyser = IncrementalAnalyser()
    third = Position.from_rows(["?1?", "11?", "???"], mines=1)
    analyser.update(third)
    view = third.replace({8: 0})
    after = analyser.update(view)
    assert after.marked == (0,)
    assert outcome_table(view, analysis=after) == outcome_table(view)
    assert outcomes(view, 0, analysis=after).mine == after.total


@settings(max_examples=examples(400), deadline=None)  # as the revealed test's
@given(small_positions, st.booleans())
def test_opens_names_only_numbers_after_which_another_cell_is_certainly_safe(position, use_count):
    # opens[v] is local (the components the cell touches) and so may miss what the mine
    # count decides, but it must never claim a certain cell that is not there
    sols = brute.explanations(position, use_count)
    table = outcome_table(position, analysis=analyse(position, use_count))
    unknown = position.unknown_cells()
    for c, got in table.items():
        around = position.neighbours(c)
        for v, opens in enumerate(got.opens):
            if not opens:
                continue
            assert got.safe[v], (position, c, v)  # only numbers the cell can show
            shown = [s for s in sols if c not in s and sum(j in s for j in around) == v]
            assert any(all(o not in s for s in shown) for o in unknown if o != c), (
                position, c, v)


def test_opens_by_hand():
    # (0, 2) next to the 1's cells (0, 1), (1, 1) and the free (1, 2):
    position = Position.from_rows(["1??", "???"])
    got = outcomes(position, 2, use_mine_count=False)
    assert got.safe[:4] == (1, 3, 2, 0)
    # a 0 clears its neighbours; a 1 decides nothing; a 2 needs (1, 2) and one of the 1's
    # cells next to it, so the 1's other cell (1, 0) is safe
    assert got.opens[:4] == (True, False, True, False)
