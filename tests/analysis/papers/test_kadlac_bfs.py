"""Kadlac's breadth-first search: the paper's boards, its printed order and text, brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.papers.kadlac_bfs import (
    KadlacFrontierTooLarge,
    kadlac_frontier_sizes,
    kadlac_report,
    kadlac_search,
)
from sweepkit.position import UNKNOWN, Position
from tests.brute import explanations
from tests.examples import examples
from tests.strategies_boards import consistent_positions, positions

# The worked examples of the paper (sections 4 and 5, Appendix A): rows, number of
# solutions, and the layout when it is unique (B = mine, as the program prints it).
BOARDS = {
    "section 4 example 1": (["00011", "0002?", "0002?", "11011", "?1000"], 1,
                            ["00011", "0002B", "0002B", "11011", "B1000"]),
    "section 4 example 2": (["1110", "1B21", "12??", "01??"], 4, None),
    "section 5": (["0?1", "2?5", "???"], 0, None),
    "board 1": (["??", "??"], 16, None),
    "board 2": (["???", "???", "???"], 512, None),
    "board 3": (["????", "?22?", "?22?", "????"], 66, None),
    "board 4": (["?????", "?222?", "?202?", "?222?", "?????"], 1,
                ["2B2B2", "B222B", "22022", "B222B", "2B2B2"]),
    "board 5": (["??????", "?2222?", "?2002?", "?2002?", "?2222?", "??????"], 1,
                ["01BB10", "122221", "B2002B", "B2002B", "122221", "01BB10"]),
    "board 6": (["23B22B21", "BB5??4B2", "??BBB?4B", "B6?6BB?2", "2BB?55?2", "134?BB4B",
                 "01B4??B3", "012B23B2"], 1,
                ["23B22B21", "BB55B4B2", "4BBBB64B", "B6B6BBB2", "2BB55542", "134BBB4B",
                 "01B45BB3", "012B23B2"]),
}

# The largest number of grids the program holds at one level, boards 1-6.
LARGEST_FRONTIER = {"board 1": 9, "board 2": 196, "board 3": 206, "board 4": 110,
                    "board 5": 171, "board 6": 29}

BOARD_1_ORDER = ["11/1B", "00/00", "B2/2B", "B1/11", "2B/2B", "1B/11", "22/BB", "11/B1",
                 "BB/3B", "BB/22", "B3/BB", "B2/B2", "3B/BB", "2B/B2", "BB/BB", "BB/B3"]


def rows_of(layout: Position) -> list[str]:
    return [row.replace("*", "B") for row in str(layout).split()]


@pytest.mark.parametrize("name", list(BOARDS))
def test_paper_boards_have_the_published_number_of_solutions(name: str) -> None:
    rows, count, unique = BOARDS[name]
    solutions = list(kadlac_search(Position.from_rows(rows)))
    assert len(solutions) == count
    if unique is not None:
        assert rows_of(solutions[0]) == unique
    assert kadlac_report(Position.from_rows(rows)).endswith(
        f"\n{count} consistent configuration(s)\n\n")


@pytest.mark.parametrize("name", list(LARGEST_FRONTIER))
def test_largest_frontier_matches_the_paper(name: str) -> None:
    sizes = kadlac_frontier_sizes(Position.from_rows(BOARDS[name][0]))
    assert max(sizes) == LARGEST_FRONTIER[name]


def test_example_2_in_the_programs_order() -> None:
    solutions = list(kadlac_search(Position.from_rows(BOARDS["section 4 example 2"][0])))
    assert [rows_of(s)[:2] for s in solutions] == [["1110", "1B21"]] * 4
    assert ["/".join(rows_of(s)[2:]) for s in solutions] == [
        "12B2/012B", "12B1/0111", "124B/01BB", "123B/01B2"]


def test_board_1_in_the_programs_printed_order() -> None:
    solutions = kadlac_search(Position.from_rows(["??", "??"]))
    assert ["/".join(rows_of(s)) for s in solutions] == BOARD_1_ORDER


def test_report_reproduces_the_programs_text_for_board_1() -> None:
    expected = "Original Grid\n??\n??\n\n"
    for k, layout in enumerate(BOARD_1_ORDER, start=1):
        top, bottom = layout.split("/")
        expected += f"{k}\n{top}\n{bottom}\n\n"
    expected += "16 consistent configuration(s)\n\n"
    assert kadlac_report(Position.from_rows(["??", "??"])) == expected


def test_report_of_board_4_as_in_the_sample_run() -> None:
    text = kadlac_report(Position.from_rows(BOARDS["board 4"][0]))
    assert text == (
        "Original Grid\n?????\n?222?\n?202?\n?222?\n?????\n\n"
        "1\n2B2B2\nB222B\n22022\nB222B\n2B2B2\n\n"
        "1 consistent configuration(s)\n\n"
    )


def test_inconsistent_original_prints_no_solution() -> None:
    assert kadlac_report(Position.from_rows(["0?1", "2?5", "???"])) == (
        "Original Grid\n0?1\n2?5\n???\n\n0 consistent configuration(s)\n\n")
    assert kadlac_frontier_sizes(Position.from_rows(["0?1", "2?5", "???"])) == []


def test_fully_known_grid_is_printed_unnumbered_as_the_program_does() -> None:
    board = Position.from_rows(["1B", "-1"])
    assert kadlac_report(board) == (
        "Original Grid\n1B\n-1\n\n1B\n-1\n1 consistent configuration(s)\n\n")
    assert [rows_of(s) for s in kadlac_search(board)] == [["1B", "11"]]


def test_capacity_stops_the_search_with_the_programs_message() -> None:
    board = Position.from_rows(["???", "???", "???"])
    sizes = kadlac_frontier_sizes(board)
    assert sizes[0] == 10 and max(sizes) == 196
    capacity = 100
    stop = next(i for i, s in enumerate(sizes) if s >= capacity)
    assert kadlac_frontier_sizes(board, capacity=capacity) == sizes[: stop + 1]
    found = []
    with pytest.raises(KadlacFrontierTooLarge) as info:
        found.extend(kadlac_search(board, capacity=capacity))
    assert info.value.size == sizes[stop] and info.value.found == len(found) > 0
    text = kadlac_report(board, capacity=capacity)
    assert "\nSearch frontier too large\n" in text
    assert text.endswith(f"\n{len(found)} consistent configuration(s)\n\n")
    # Unbounded, every layout is found.
    assert len(list(kadlac_search(board, capacity=None))) == 512


def test_capacity_quirks_stop_silently() -> None:
    board = Position.from_rows(["???", "???", "???"])
    sizes = kadlac_frontier_sizes(board)
    # A level of exactly the capacity ends the loop without the message.
    text = kadlac_report(board, capacity=sizes[1])
    assert "Search frontier too large" not in text
    assert text.endswith("\n2 consistent configuration(s)\n\n")
    # So does a first level that is already too large: nothing is searched.
    assert kadlac_report(board, capacity=5).endswith("\n\n0 consistent configuration(s)\n\n")
    with pytest.raises(KadlacFrontierTooLarge):
        list(kadlac_search(board, capacity=5))


def test_limit_stops_early_and_says_so() -> None:
    board = Position.from_rows(["??", "??"])
    assert ["/".join(rows_of(s)) for s in kadlac_search(board, limit=3)] == BOARD_1_ORDER[:3]
    text = kadlac_report(board, limit=3)
    assert text.endswith("\nLimit of 3 configuration(s) reached\n3 consistent configuration(s)\n\n")
    assert "Limit" not in kadlac_report(board, limit=16)


def test_mine_count_is_ignored() -> None:
    board = Position.from_rows(["??", "??"], mines=1)
    layouts = list(kadlac_search(board))
    assert len(layouts) == 16 and all(p.mines is None for p in layouts)


@settings(max_examples=examples(150), deadline=None)
@given(st.one_of(positions(max_rows=4, max_cols=4, max_unknown=9),
                 consistent_positions(max_rows=4, max_cols=4)))
def test_solutions_are_exactly_the_brute_force_explanations(position: Position) -> None:
    if len(position.unknown_cells()) > 12:
        position = position.replace({i: -3 for i in position.unknown_cells()[12:]})
    found = [frozenset(i for i, v in enumerate(p.cells) if v == -2)
             for p in kadlac_search(position, capacity=None)]
    assert len(found) == len(set(found))
    assert set(found) == set(explanations(position, use_mine_count=False))
    free = position.with_mines(None)
    assert all(free.explains(mines) for mines in found)


def test_report_prints_numbers_above_eight_on_higher_dimensional_grids():
    from sweepkit.analysis.papers.kadlac_bfs import kadlac_report

    position = Position((2, 2, 3), (9, *([UNKNOWN] * 11)))  # 11 neighbours: a 9 is possible
    assert "9" in kadlac_report(position, 1)
