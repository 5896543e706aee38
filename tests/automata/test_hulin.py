"""Hu–Lin's 2×n automaton: generated machine, the paper's tables and figures, exact counting."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.automata import hulin
from sweepkit.automata.determinise import determinise, minimise
from sweepkit.automata.errors import StripInputError
from sweepkit.automata.transfer import solve_strip
from sweepkit.position import MINE, UNKNOWN, Position
from tests.automata.strip_brute import explained_boards
from tests.brute import explanations
from tests.examples import examples

# -- the machine ---------------------------------------------------------------------

PAPER_STATES = str.split(
    "s0 ?0?0 ?B?B ?BBB BBBB ?0?B ?0BB 0000 00?0 1111 11?0 2222 22?0 1010 10?0 2121 21?0 "
    "3232 32?0 21?B 21BB 32?B 32BB 43?B 43BB 11?B 11BB 22?B 22BB 33?B 33BB 2020 20?0 3131 "
    "31?0 31?B 31BB 4242 42?0 42?B 42BB 53?B 53BB"
)
PAPER_ACCEPTING = set(str.split(
    "s0 ?0?0 ?B?B ?BBB BBBB ?0?B ?0BB 0000 00?0 1111 11?0 2222 22?0 11?B 11BB 22?B 22BB "
    "33?B 33BB"
))
# The q-groups, written from the paper's Section 4.
PAPER_GROUPS = {
    "q0": "s0", "q1": "?0?0", "q2": "?B?B ?BBB BBBB", "q3": "?0?B ?0BB",
    "q4": "0000 00?0 1111 11?0 2222 22?0", "q5": "1010 10?0 2121 21?0 3232 32?0",
    "q6": "21?B 21BB 32?B 32BB 43?B 43BB", "q7": "11?B 11BB 22?B 22BB 33?B 33BB",
    "q8": "2020 20?0 3131 31?0 31?B 31BB 4242 42?0 42?B 42BB 53?B 53BB",
}
# Table 5 (corrected), one row per q: "symbol>targets" with targets as q-digits.
TABLE5 = {
    "q0": "1?>57 2?>68 3?>8 ?B>23 ??>123 00>4 0?>4 11>5 1B>7 22>8 2B>6 3B>8 BB>2",
    "q2": "2?>4 3?>57 4?>68 ?B>23 ??>123 22>4 33>5 3B>7 44>8 4B>6 5?>8 5B>8 BB>2",
    "q3": "1?>4 2?>57 3?>68 4?>8 ?B>23 ??>123 11>4 22>5 2B>7 33>8 3B>6 4B>8 BB>2",
    "q4": "1?>5 2?>8 ??>1 00>4 0?>4 11>5 22>8",
    "q5": "1?>7 2?>6 3?>8 ?B>3 ??>3 1B>7 2B>6 3B>8",
    "q6": "2?>7 3?>6 4?>8 ?B>3 ??>3 2B>7 3B>6 4B>8",
    "q7": "1?>4 2?>5 3?>8 ??>1 11>4 22>5 33>8",
    "q8": "?B>2 ??>2 BB>2",
}
TABLE5["q1"] = TABLE5["q0"]


def test_nfa_has_the_papers_43_states_in_its_order_and_19_accepting():
    nfa = hulin.hulin_nfa()
    assert nfa.states == tuple(PAPER_STATES)
    assert set(nfa.accepting) == PAPER_ACCEPTING
    assert nfa.alphabet == hulin.SYMBOLS and len(hulin.SYMBOLS) == 19
    assert not nfa.deterministic


def test_nfa_transitions_follow_the_mine_arithmetic():
    # Independent reading of every transition: the target's c is allowed by the symbol, it
    # meets the source's requirement, and a number state's name carries N and c_prev + c.
    info = hulin.state_info()
    for (s, a), targets in hulin.hulin_nfa().delta.items():
        for t in targets:
            assert info[t].c in hulin.allowed_counts(a)
            assert info[s].r is None or info[s].r == info[t].c
            if a[0].isdigit():
                assert t[0] == a[0] and int(t[1]) == info[s].c + info[t].c
                assert info[t].r == int(a[0]) - int(t[1])


def test_q_groups_are_the_papers_grouping():
    groups = hulin.q_groups()
    assert {q: set(m) for q, m in groups.items()} == {
        q: set(m.split()) for q, m in PAPER_GROUPS.items()}
    assert [len(groups[q]) for q in sorted(groups)] == [1, 1, 3, 2, 6, 6, 6, 6, 12]


def test_simplified_table_equals_corrected_table_5():
    q = hulin.hulin_q()
    expected = {}
    for state, row in TABLE5.items():
        for cell in row.split():
            symbol, targets = cell.split(">")
            expected[(state, symbol)] = tuple(f"q{d}" for d in targets)
    assert dict(q.delta) == expected
    assert q.accepting == {"q0", "q1", "q2", "q3", "q4", "q7"}


def _assert_same_words(a, b, longest: int = 3) -> None:
    """Both machines accept the same column words up to ``longest`` columns."""
    for n in range(longest + 1):
        for word in itertools.product(hulin.SYMBOLS, repeat=n):
            assert a.accepts(word) == b.accepts(word)


def test_q_machine_accepts_the_same_words_as_the_nfa():
    _assert_same_words(hulin.hulin_nfa(), hulin.hulin_q())


def test_subset_dfa_and_minimal_dfa_sizes():
    dfa = hulin.hulin_dfa()
    assert dfa.deterministic and "∅" in dfa.states
    # Subsets of q0..q8 reachable from {q0}: 27 with the start kept apart from q1 (as the
    # paper's 9 groups do), 26 once q0 and q1 (identical rows) are identified.
    assert len(dfa.states) == 27
    merged = hulin.hulin_q_merged()
    assert len(merged.states) == 8 and "q1" not in merged.states
    assert len(determinise(merged).states) == 26
    assert len(hulin.hulin_min_dfa().states) == 23
    assert len(minimise(determinise(merged)).states) == 23
    # the minimal DFA of the 43-state NFA's own subset construction is the same size
    assert len(minimise(determinise(hulin.hulin_nfa())).states) == 23


def test_merging_q0_and_q1_keeps_the_language():
    _assert_same_words(hulin.hulin_q(), hulin.hulin_q_merged())


def test_the_sizes_are_reported_alike_in_the_module_and_the_docs():
    docs = (Path(__file__).parents[2] / "docs" / "automata.md").read_text()
    for text in (hulin.__doc__, docs):
        assert "**27**" in text and "**26**" in text and "**23**" in text
        assert "26 states with the dead set" not in text
    assert "27" in hulin.hulin_dfa.__doc__ and "q0 ≠ q1" in hulin.hulin_dfa.__doc__


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from(hulin.SYMBOLS), max_size=12))
def test_every_machine_decides_alike(word):
    expected = hulin.hulin_nfa().accepts(word)
    assert hulin.hulin_q().accepts(word) == expected
    assert hulin.hulin_dfa().accepts(word) == expected
    assert (hulin.dfa_path(word)[-1] in hulin.hulin_min_dfa().accepting) == expected
    assert (hulin.count_configurations(word) > 0) == expected


# -- columns ---------------------------------------------------------------------------

@pytest.mark.parametrize(("top", "bottom", "symbol"), [
    ("2", "2", "22"), ("B", "3", "3B"), ("3", "*", "3B"), ("B", "?", "?B"), ("?", "B", "?B"),
    ("?", "0", "0?"), (".", "?", "??"), ("F", "B", "BB"), ("5", "?", "5?"),
])
def test_columns_canonicalise(top, bottom, symbol):
    assert hulin.canonical_column(top, bottom) == symbol


@pytest.mark.parametrize(("top", "bottom", "words"), [
    ("1", "2", "must be equal"), ("0", "B", "cannot occur"), ("5", "5", "cannot occur"),
    ("6", "?", "cannot occur"), ("-", "?", "not in Hu–Lin's alphabet"),
    ("x", "?", "not in Hu–Lin's alphabet"),
])
def test_impossible_columns_are_rejected_with_their_column(top, bottom, words):
    with pytest.raises(StripInputError, match=words) as err:
        hulin.canonical_column(top, bottom, 7)
    assert err.value.column == 7


def test_boards_without_two_rows_are_rejected():
    fig_1a = Position.from_rows(["0???", "?14?", "12?B", "B222"])
    with pytest.raises(StripInputError, match="2-row boards; this one has 4 rows"):
        hulin.solve_hulin(fig_1a)
    with pytest.raises(StripInputError, match=r"has 1 row$"):
        hulin.columns(Position.from_rows(["0?1"]))


# -- the paper's figures -----------------------------------------------------------------

FIG_2A = ["B1??B?B3B1", "11??2?2B21"]
FIG_3 = ["2?2?", "2B2?"]
FIG_5 = ["?2", "B?"]
FIG_6 = ["2?4??", "???B2"]


@pytest.mark.parametrize(("rows", "count"), [(FIG_2A, 2), (FIG_3, 1), (FIG_5, 2), (FIG_6, 4)])
def test_figure_counts_and_witnesses(rows, count):
    position = Position.from_rows(rows)
    result = hulin.solve_hulin(position)
    assert result.count == count == len(explanations(position))
    assert position.explains(result.witness)
    assert set(hulin.configurations(position)) == set(explanations(position))


def test_figure_1_general_boards_by_transfer_matrix():
    fig_1a = Position.from_rows(["0???", "?14?", "12?B", "B222"])
    solved = solve_strip(fig_1a)
    assert solved.count == 1
    assert str(fig_1a.layout(solved.witness)).split() == ["002*", "014*", "12**", "*222"]
    assert solve_strip(Position.from_rows(["233", "?B?", "222"])).count == 0


def test_figure_4_single_column_22_is_rejected():
    # "2 over 2" has more than its one neighbour: the board parser refuses it, the
    # automaton (fed its column word) rejects it.
    assert hulin.canonical_column("2", "2") == "22"
    assert hulin.count_configurations(["22"]) == 0
    assert hulin.forward_sets(["22"])[-1] == {"2020"}


def test_figure_3_run():
    result = hulin.solve_hulin(Position.from_rows(FIG_3))
    assert result.symbols == ("22", "?B", "22", "??")
    assert [set(s) for s in result.forward] == [{"s0"}, {"2020"}, {"?BBB"}, {"2222"}, {"?0?0"}]
    assert result.witness_path == ("s0", "2020", "?BBB", "2222", "?0?0")
    assert [hulin.q_set_name(s) for s in result.forward] == [
        "{q0}", "{q8}", "{q2}", "{q4}", "{q1}"]


def test_figure_6_paths_and_set_level_run():
    result = hulin.solve_hulin(Position.from_rows(FIG_6))
    paths = {" ".join(p): ok for p, ok in hulin.state_paths(result.symbols)}
    assert paths == {
        "s0 20?0 ?B?B 42?0 ?BBB 22?0": True,
        "s0 20?0 ?B?B 43?B ?0BB 21?0": False,
        "s0 20?0 ?B?B 43?B ?0BB 22?B": True,
        "s0 21?B ?0?B 42?B ?BBB 22?0": True,
    }
    assert {" ".join(p) for p in hulin.accepting_paths(result.symbols)} == {
        p for p, ok in paths.items() if ok}
    assert [hulin.q_set_name(s) for s in result.forward] == [
        "{q0}", "{q6,q8}", "{q2,q3}", "{q6,q8}", "{q2,q3}", "{q4,q5,q7}"]
    # pruning removes the branch that dead-ends (43?B → ?0BB only reaches 21?0 or 22?B)
    assert "21?0" in result.forward[-1] and "21?0" not in result.live[-1]


def test_recovery_never_dead_ends_where_the_papers_walk_can():
    # The first branch in Fig 6 that a naive walk may take (… → 21?0) rejects; the pruned
    # walk always ends in an accepting state.
    symbols = hulin.columns(Position.from_rows(FIG_6))
    live = hulin.live_sets(symbols, hulin.forward_sets(symbols))
    path = hulin.first_path(symbols, live)
    assert path is not None and path[-1] in hulin.hulin_nfa().accepting


# -- counting consistent boards ---------------------------------------------------------

RAW_CELLS = "012345B?"


def consistent_board_counts(max_n: int) -> list[int]:
    """Consistent 2×n boards over {0–5, B, ?} for n = 1..max_n, by DP over the minimal DFA
    with each of the 64 raw columns weighted by the symbol it canonicalises to."""
    weight: dict[str, int] = {}
    for top, bottom in itertools.product(RAW_CELLS, repeat=2):
        try:
            symbol = hulin.canonical_column(top, bottom)
        except StripInputError:
            continue
        weight[symbol] = weight.get(symbol, 0) + 1
    dfa = hulin.hulin_min_dfa()
    current = {dfa.start: 1}
    counts = []
    for _ in range(max_n):
        nxt: dict[str, int] = {}
        for s, c in current.items():
            for symbol, w in weight.items():
                (t,) = dfa.delta[(s, symbol)]
                nxt[t] = nxt.get(t, 0) + c * w
        current = nxt
        counts.append(sum(c for s, c in current.items() if s in dfa.accepting))
    return counts


def test_reference_counts_of_consistent_boards():
    assert consistent_board_counts(6) == [11, 157, 2159, 29345, 400543, 5458529]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_reference_counts_by_hiding_cells_of_every_layout(n):
    # Independent of every automaton: a board over {0-5, B, ?} is consistent exactly when it
    # is some layout with some cells hidden, so the consistent boards are the distinct
    # (layout, hidden cells) boards; in two rows no number exceeds 5.
    boards = explained_boards(n)
    assert all(v <= 5 for cells in boards for v in cells)
    assert len(boards) == consistent_board_counts(n)[-1]
    assert len(boards) == [11, 157, 2159, 29345][n - 1]


def _raw_board(cells: tuple[str, ...], n: int) -> Position:
    value = {"B": MINE, "?": UNKNOWN, **{str(d): d for d in range(6)}}
    # built directly: numbers larger than their neighbourhood are allowed (and inconsistent)
    return Position((2, n), tuple(value[ch] for ch in cells))


@pytest.mark.parametrize("n", [1, 2])
def test_reference_counts_by_brute_force(n):
    consistent = 0
    for cells in itertools.product(RAW_CELLS, repeat=2 * n):
        position = _raw_board(cells, n)
        truth = len(explanations(position))
        consistent += truth > 0
        try:
            symbols = [hulin.canonical_column(cells[j], cells[n + j]) for j in range(n)]
        except StripInputError:
            assert truth == 0
            continue
        assert hulin.count_configurations(symbols) == truth
    assert consistent == [11, 157][n - 1]


@st.composite
def two_row_positions(draw, max_cols: int = 10) -> Position:
    n = draw(st.integers(1, max_cols))
    mines = draw(st.lists(st.booleans(), min_size=2 * n, max_size=2 * n))
    full = Position.unknown(2, n).layout(i for i, b in enumerate(mines) if b)
    cells = [draw(st.sampled_from([v, UNKNOWN, UNKNOWN] if v >= 0 else [MINE, UNKNOWN]))
             for v in full.cells]
    if draw(st.booleans()):  # break it now and then
        i = draw(st.integers(0, 2 * n - 1))
        cells[i] = draw(st.sampled_from([UNKNOWN, MINE, 0, 1, 2, 3]))
    return Position((2, n), tuple(cells))


@settings(max_examples=examples(300), deadline=None)
@given(two_row_positions())
def test_hulin_agrees_with_the_transfer_matrix(position):
    try:
        result = hulin.solve_hulin(position)
    except StripInputError:
        assert solve_strip(position).count == 0
        return
    solved = solve_strip(position)
    assert result.count == solved.count
    assert hulin.accepts(position) == solved.consistent
    if result.consistent:
        assert position.explains(result.witness)
