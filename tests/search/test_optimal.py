"""Exact optimal play (sweepkit.search.optimal) against the brute-force game tree of
``tests/search/brute_play.py`` on tiny random positions, hand-checked cases, the two examples
of the Code Golf challenge, and the facts the search relies on."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.budget import AnalysisTimeout, limits
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.search import OptimalPlayError, TooManyLayouts, TooManyStates, optimal_play
from sweepkit.search.optimal import GameTree, fresh_tree
from sweepkit.search.tables import board_symmetries
from tests import brute
from tests.examples import examples
from tests.search import brute_play

MAX_COVERED = 7  # the brute force is factorial in the covered cells


@st.composite
def tiny_positions(draw, max_rows: int = 3, max_cols: int = 4) -> Position:
    """A consistent position with a mine count: a random layout with a few safe cells shown
    as numbers (as few as the brute force allows: at most MAX_COVERED cells stay without a
    number), some covered cells written ``-`` (safe) or ``*`` (mine)."""
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(2, max_cols))
    n = rows * cols
    mines = draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=min(n - 1, 4)))
    full = Position.unknown(rows, cols).layout(mines)
    safe = [i for i in range(n) if i not in mines]
    order = draw(st.permutations(safe))
    shown = set(order[:min(len(safe), max(0, n - MAX_COVERED) + draw(st.integers(0, 1)))])
    marks = draw(st.lists(st.integers(0, 7), min_size=n, max_size=n))
    cells = []
    for i, v in enumerate(full.cells):
        if i in shown:
            cells.append(v)
        elif marks[i] == 0:
            cells.append(MINE if v == MINE else SAFE)
        else:
            cells.append(UNKNOWN)
    return Position((rows, cols), tuple(cells), len(mines))


def check_against_brute(position: Position) -> None:
    ours = optimal_play(position)
    theirs = brute_play.optimal(position)
    assert (ours.wins, ours.total) == (theirs.wins, theirs.total), str(position)
    assert ours.best_moves == theirs.best_moves, str(position)


@settings(max_examples=examples(300), deadline=None)
@given(tiny_positions())
def test_agrees_with_the_brute_force_game_tree(position):
    check_against_brute(position)


@pytest.mark.parametrize(("rows", "cols", "mines"), [
    (1, 1, 0), (1, 1, 1), (1, 2, 1), (1, 3, 1), (1, 4, 1), (1, 4, 2), (1, 5, 2), (1, 6, 2),
    (2, 2, 1), (2, 2, 2), (2, 2, 3), (2, 3, 1), (2, 3, 2), (2, 3, 3),
])
def test_start_positions_agree_with_the_brute_force(rows, cols, mines):
    check_against_brute(Position.unknown(rows, cols, mines))


@settings(max_examples=examples(40), deadline=None)
@given(tiny_positions())
def test_certain_safe_cells_are_best_moves_and_flood_fill_changes_nothing(position):
    """Facts 1 and 2 of the module doc, checked on the brute force alone (which uses
    neither): every covered cell safe in all layouts is a best move, and the game without
    flood fill has the same optimal value."""
    with_flood = brute_play.optimal(position)
    layouts = brute.explanations(position)
    certain = [i for i, v in enumerate(position.cells)
               if v in (UNKNOWN, SAFE) and not any(i in lay for lay in layouts)]
    assert set(certain) <= set(with_flood.best_moves)
    assert brute_play.optimal(position, flood=False).wins == with_flood.wins


@settings(max_examples=examples(60), deadline=None)
@given(tiny_positions(max_rows=4, max_cols=4))
def test_symmetry_changes_no_answer(position):
    with_symmetry, without = optimal_play(position), optimal_play(position, symmetry=False)
    assert (with_symmetry.wins, with_symmetry.total, with_symmetry.best_moves) == (
        without.wins, without.total, without.best_moves)
    assert with_symmetry.states <= without.states


@st.composite
def games_played_on(draw) -> tuple[Position, list[Position]]:
    """A tiny position and the positions that follow it in one game: cells of a layout
    that explains it shown one by one, with flood fill, as the game shows them."""
    position = draw(tiny_positions(max_rows=3, max_cols=4))
    layouts = brute.explanations(position)
    mines = draw(st.sampled_from(sorted(layouts, key=sorted)))
    table = position.neighbour_table()
    later, cells = [], list(position.cells)
    covered = [i for i, v in enumerate(cells) if v < 0 and i not in mines]
    for cell in draw(st.lists(st.sampled_from(covered), max_size=3)) if covered else []:
        stack = [cell]
        while stack:
            c = stack.pop()
            if cells[c] >= 0:
                continue
            cells[c] = sum(1 for j in table[c] if j in mines)
            if cells[c] == 0:
                stack.extend(table[c])
        later.append(Position(position.shape, tuple(cells), position.mines))
    return position, later


@settings(max_examples=examples(120), deadline=None)
@given(games_played_on())
def test_a_tree_kept_through_a_game_answers_as_a_fresh_search(game):
    """The values a tree found for one position serve the positions after it: the same
    answers as a search from scratch (itself checked against the brute force above)."""
    first, later = game
    tree = GameTree(first)
    for position in [first, *later, *reversed(later)]:
        kept, fresh = tree.play(position), optimal_play(position)
        assert (kept.wins, kept.total, kept.best_moves) == (
            fresh.wins, fresh.total, fresh.best_moves), str(position)


def test_a_first_search_remembered_gives_the_same_answers(monkeypatch):
    import sweepkit.search.optimal as optimal_module

    monkeypatch.setattr(optimal_module, "_fresh", type(optimal_module._fresh)())
    first = Position.from_rows(["1???", "????", "????", "????"], mines=4)
    later = Position.from_rows(["1?1?", "????", "????", "????"], mines=4)
    one, found = fresh_tree(first)
    two, again = fresh_tree(first)  # remembered: a copy of the tree, the same answer
    assert two is not one and found == again and found is not None
    assert (found.wins, found.total, found.best_moves) == (
        optimal_play(first).wins, optimal_play(first).total, optimal_play(first).best_moves)
    for tree in (one, two):  # each goes on alone, and both answer as a fresh search
        assert tree.play(later).best_moves == optimal_play(later).best_moves
    assert len(one._exact) == len(two._exact)
    # a search past its state limit is remembered as such
    assert fresh_tree(first, max_states=3)[1] is None
    assert fresh_tree(first, max_states=3)[1] is None
    assert len(optimal_module._fresh) == 2
    monkeypatch.setattr(optimal_module, "FRESH_TREES", 1)
    fresh_tree(later)
    assert list(optimal_module._fresh) == [(later, optimal_module.DEFAULT_MAX_LAYOUTS, None)]
    monkeypatch.setattr(optimal_module, "FRESH_LAYOUTS", found.total - 1)  # too big to keep
    fresh_tree(first)
    assert list(optimal_module._fresh) == [(later, optimal_module.DEFAULT_MAX_LAYOUTS, None)]


def test_a_tree_refuses_positions_of_another_game():
    tree = GameTree(Position.from_rows(["1??", "???"], mines=2))
    for other in (Position.from_rows(["2??", "???"], mines=2),  # a number changed
                  Position.from_rows(["1??", "???"], mines=1),  # another mine count
                  Position.from_rows(["???", "???"], mines=2),  # a number taken away
                  Position.from_rows(["1??", "???", "???"], mines=2),  # another board
                  Position.from_rows(["1?*", "???"], mines=2)):  # a mine that is not certain

        assert tree.layouts_of(other) is None
        with pytest.raises(OptimalPlayError, match="not a later position"):
            tree.play(other)
    # the 1 on the right leaves one layout: mines at the two cells marked here
    assert tree.play(Position.from_rows(["1?1", "*?*"], mines=2)).total == 1


def test_hand_checked_cases():
    # 1x2, one mine, from the start: reveal either cell; half the layouts are lost.
    r = optimal_play(Position.unknown(1, 2, mines=1))
    assert (r.wins, r.total, r.best_moves) == (1, 2, (0, 1))
    # a forced 50/50: the 1s say one of the two right cells, nothing tells them apart
    r = optimal_play(Position.from_rows(["1?", "1?"], mines=1))
    assert (r.wins, r.total, r.best_moves) == (1, 2, (1, 3))
    # two independent forced 50/50s on one board: a quarter of the layouts are won
    r = optimal_play(Position.from_rows(["?1-1?", "?1-1?"], mines=2))
    assert (r.wins, r.total) == (1, 4)
    # a known layout: one layout, won by revealing its safe cells, every one a best move
    r = optimal_play(Position.from_rows(["*1?"], mines=1))
    assert (r.wins, r.total, r.best_moves) == (1, 1, (2,))
    # nothing left to reveal: already won, no move
    r = optimal_play(Position.from_rows(["*1"], mines=1))
    assert (r.wins, r.total, r.best_moves) == (1, 1, ())
    # no mine at all: every cell is safe, and a 0 floods the board
    r = optimal_play(Position.unknown(3, 3, mines=0))
    assert (r.wins, r.total, r.best_moves) == (1, 1, tuple(range(9)))


def test_the_state_limit_stops_the_search_at_the_same_point_every_time():
    position = Position.unknown(4, 4, mines=4)
    full = optimal_play(position)
    assert optimal_play(position, max_states=10 * full.states) == full  # enough: same answer
    small = max(1, full.states // 10)
    for _ in range(2):
        with pytest.raises(TooManyStates, match=f"more than {small:,} states"):
            optimal_play(position, max_states=small)


def _stops(position: Position) -> dict[int, object]:
    """What a search of ``position`` had proved when stopped by each state limit of 1, 2,
    3, 4, 6, 9, 13, ... states (about 1.5 times the one before) too small to finish, by
    limit."""
    found, k = {}, 1
    while True:
        tree = GameTree(position)
        try:
            tree.play(position, max_states=k)
        except TooManyStates:
            found[k] = tree.stopped
            k = max(k + 1, k * 3 // 2)
            continue
        assert tree.stopped is None
        return found


def _check_stopped(stopped, move_wins: dict[int, int], total: int) -> None:
    assert stopped.total == total and stopped.best_moves
    assert all(move_wins[c] == stopped.wins for c in stopped.best_moves)
    assert all(move_wins[c] < stopped.wins for c in stopped.worse)
    assert not set(stopped.best_moves) & stopped.worse


@settings(max_examples=examples(150), deadline=None)
@given(tiny_positions(max_rows=3, max_cols=4))
def test_a_stopped_search_proves_only_what_the_brute_force_confirms(position):
    """Each best move of a search stopped by its state limit wins what it says, and each
    cell it calls worse wins fewer (every move's wins from the brute-force game tree)."""
    brute_result = brute_play.optimal(position)
    for stopped in _stops(position).values():
        if stopped is not None:
            _check_stopped(stopped, brute_result.move_wins, brute_result.total)


def move_wins(position: Position) -> dict[int, int]:
    """Each covered cell's wins as a first move: the full searches of what it may show,
    summed (too many covered cells for the brute force)."""
    cells = position.cells
    return {c: sum(optimal_play(child).wins for child in (
        Position(position.shape, (*cells[:c], n, *cells[c + 1:]), position.mines)
        for n in range(9)) if brute.consistent(child))
        for c in range(position.size) if cells[c] == UNKNOWN}


@st.composite
def small_boards(draw) -> Position:
    """A 3x4 or 3x5 board with 2 to 5 mines and at most two numbers shown: searches of a
    few hundred states, where most state limits stop it after a first move is searched."""
    rows, cols = draw(st.sampled_from([(3, 4), (3, 5)]))
    mines = draw(st.sets(st.integers(0, rows * cols - 1), min_size=2, max_size=5))
    full = Position.unknown(rows, cols).layout(mines)
    shown = set(draw(st.lists(st.sampled_from(
        [i for i in range(rows * cols) if i not in mines]), max_size=2)))
    cells = tuple(v if i in shown else UNKNOWN for i, v in enumerate(full.cells))
    return Position((rows, cols), cells, len(mines))


@pytest.mark.slow
@settings(max_examples=examples(30), deadline=None)
@given(small_boards())
def test_a_stopped_search_of_small_boards(position):
    """As above on boards too large for the brute force (every move's wins from full
    searches), where most state limits stop it after a first move is searched to the end."""
    wins = move_wins(position)
    total = len(brute.explanations(position))
    for stopped in _stops(position).values():
        if stopped is not None:
            _check_stopped(stopped, wins, total)


def test_a_stopped_search_of_a_larger_board(monkeypatch):
    """The 4x4 board with 4 mines (too large for the brute force; each move's wins summed
    from full searches of what it may show): some state limits stop it after a best move and cells
    proved worse, and a remembered first search keeps what it proved."""
    import sweepkit.search.optimal as optimal_module

    monkeypatch.setattr(optimal_module, "_fresh", type(optimal_module._fresh)())
    position = Position.unknown(4, 4, mines=4)
    wins = move_wins(position)
    stops = _stops(position)
    assert any(s is not None and s.worse for s in stops.values())
    for stopped in stops.values():
        if stopped is not None:
            _check_stopped(stopped, wins, 1820)
    limit = next(k for k, s in stops.items() if s is not None)
    (one, first), (two, again) = (fresh_tree(position, max_states=limit),
                                  fresh_tree(position, max_states=limit))
    assert first is None and again is None and two is not one
    assert one.stopped == two.stopped == stops[limit]


def test_one_mine_on_a_strip():
    """1xn with one mine: the first reveal loses with 1/n; after it, the numbers shown
    narrow the mine down (hand argument: a corner then reading the numbers along the strip
    wins every layout but the one with the mine under the first click)."""
    for n in range(2, 9):
        r = optimal_play(Position.unknown(1, n, mines=1))
        assert (r.wins, r.total) == (n - 1, n), n


def test_the_code_golf_examples():
    """The two examples of https://codegolf.stackexchange.com/questions/34276 (no flood fill
    there; by fact 2 the numbers are the same)."""
    r = optimal_play(Position.unknown(4, 4, mines=4))
    assert (r.wins, r.total) == (961, 1820)
    assert r.best_moves == tuple(Position.unknown(4, 4).index(*rc) for rc in
                                 [(0, 1), (0, 2), (1, 0), (1, 3), (2, 0), (2, 3), (3, 1), (3, 2)])
    position = Position.from_rows(["?????", "?1???", "?3???", "?????"], mines=5)
    r = optimal_play(position)
    assert (r.wins, r.total, r.best_moves) == (285, 360, (position.index(0, 2),))


START_VALUES = {  # (rows, cols, mines): (wins, layouts), as in docs/optimal.md
    (3, 3, 1): (8, 9), (3, 3, 2): (24, 36), (3, 3, 3): (33, 84), (3, 3, 4): (27, 126),
    (3, 3, 5): (16, 126), (3, 3, 6): (6, 84), (3, 3, 7): (2, 36), (3, 3, 8): (1, 9),
    (4, 3, 1): (11, 12),
}


@pytest.mark.parametrize("board", sorted(START_VALUES))
def test_start_rows_of_the_table_agree_with_the_memoised_brute_force(board):
    """The 3x3 rows of docs/optimal.md and its 4x3 row with 1 mine, against the brute force
    with a table of states (too slow without one)."""
    position = Position.unknown(*board)
    ours, theirs = optimal_play(position), brute_play.optimal(position, memo=True)
    assert (ours.wins, ours.total) == (theirs.wins, theirs.total) == START_VALUES[board]
    assert ours.best_moves == theirs.best_moves


def test_more_rows_of_the_table():
    """4x4 with 1, 2 and 3 mines: our search's values (4x4 with 1 and 2 mines also agreed
    with the memoised brute force, in runs of 1 and 30 seconds left out of the suite)."""
    assert optimal_play(Position.unknown(4, 4, 1)).wins == 15
    assert optimal_play(Position.unknown(4, 4, 2)).wins == 102
    assert optimal_play(Position.unknown(4, 4, 3)).wins == 400


def test_refusals():
    with pytest.raises(OptimalPlayError, match="mine count"):
        optimal_play(Position.unknown(2, 2))
    with pytest.raises(OptimalPlayError, match="inconsistent"):
        optimal_play(Position.from_rows(["2?", "??"], mines=1))
    with pytest.raises(TooManyLayouts, match="1,820 layouts, more than the limit of 1,000"):
        optimal_play(Position.unknown(4, 4, mines=4), max_layouts=1000)
    with pytest.raises(TooManyLayouts, match=r"more than 10\^"):
        optimal_play(Position.unknown(30, 30, mines=300))


def test_the_time_budget_stops_the_search():
    with pytest.raises(AnalysisTimeout), limits(seconds=0.0):
        optimal_play(Position.unknown(3, 3, mines=2))


def test_board_symmetries():
    square = board_symmetries(Position.unknown(3, 3))
    assert len(square) == 8 and square[0] == tuple(range(9))
    assert len(set(square)) == 8
    assert len(board_symmetries(Position.unknown(2, 3))) == 4
    assert len(board_symmetries(Position.unknown(1, 1))) == 1
    # a position keeps only the maps that fix it
    assert len(board_symmetries(Position.from_rows(["1??", "???", "???"]))) == 2
    # every map is a permutation that keeps adjacency
    for perm in square:
        assert sorted(perm) == list(range(9))
        table = Position.unknown(3, 3).neighbour_table()
        for i, j in itertools.product(range(9), repeat=2):
            assert (j in table[i]) == (perm[j] in table[perm[i]])


def test_the_table_script_writes_the_doc(tmp_path, monkeypatch, capsys):
    from benchmarks import optimal_table

    assert optimal_table.parse_boards("4x3:1-2,5x5:5") == [(4, 3, 1), (4, 3, 2), (5, 5, 5)]
    out = tmp_path / "optimal.md"
    monkeypatch.setattr("sys.argv", ["optimal_table.py", "--boards", "3x3:2", "--out", str(out),
                                     "--best-games", "300"])
    optimal_table.main()
    text = out.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| 3×3 | 2 |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:6] == ["3×3", "2", "36", "24", "2/3", "0.6667"]
    assert cells[7] == "(0,1) (1,0) (1,2) (2,1)"
    rate, interval = cells[6].split(" ", 1)  # the best strategy's measured win rate
    low, high = (float(x) for x in interval.strip("[]").split(", "))
    assert 0 <= low <= float(rate) <= high <= 1
    assert "python benchmarks/optimal_table.py" in text and "300 seeded games" in text
    assert "| 3×3 | 2 | 36 | 24 |" in capsys.readouterr().out
