"""The trainer's stock of puzzles made ahead: filled in its own thread behind each take,
served from there (each puzzle handed out once, to its player, under a new id), stopped
by close; a lesson no one asked for is never made."""

from __future__ import annotations

import threading
import time

from sweepkit.generate.puzzles import PuzzleError
from sweepkit.web.trainer import PuzzleStock, make_puzzle


def wait_for(condition, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the stock was not filled in time"
        time.sleep(0.02)


class Recorder:
    """make_puzzle, noting each puzzle made and the thread that made it."""

    def __init__(self, fail_in_background: bool = False) -> None:
        self.made: list[tuple[str, object]] = []
        self.fail_in_background = fail_in_background

    def __call__(self, *args):
        thread = threading.current_thread().name
        if self.fail_in_background and thread.startswith("puzzles"):
            self.made.append((thread, None))
            raise PuzzleError("none found")
        puzzle = make_puzzle(*args)
        self.made.append((thread, puzzle))
        return puzzle


def test_the_next_puzzle_comes_from_the_stock_made_in_the_background():
    recorder = Recorder()
    stock = PuzzleStock(size=2, make=recorder)
    try:
        first = stock.take("single", 1, "Ada")
        assert recorder.made[0] == (threading.current_thread().name, first)  # made now
        assert first.player == "Ada"
        wait_for(lambda: stock.ready("single", 1) == 2)
        assert [t.startswith("puzzles") for t, _ in recorder.made] == [False, True, True]
        assert stock.ready("subset", 1) == 0                      # never asked for
        second = stock.take("single", 1, "Bo")
        assert second is recorder.made[1][1]                      # the oldest made ahead
        assert second.player == "Bo" and second.id != first.id and second.id
        assert not second.answered and second.lesson == "single"
        cell = min(second.lesson_cells)
        assert second.grade(cell, flag=cell in second.mines)["right"]
        wait_for(lambda: stock.ready("single", 1) == 2)           # filled again
        assert len(recorder.made) == 4
    finally:
        stock.close()


def test_a_closed_stock_still_makes_puzzles_on_the_spot_but_none_ahead():
    recorder = Recorder()
    stock = PuzzleStock(size=2, make=recorder)
    stock.close()
    puzzle = stock.take("guess", 1, "Cy")
    assert puzzle.player == "Cy" and len(recorder.made) == 1
    time.sleep(0.2)
    assert stock.ready("guess", 1) == 0 and len(recorder.made) == 1


def test_a_puzzle_not_found_in_the_background_is_tried_again_at_the_next_take():
    recorder = Recorder(fail_in_background=True)
    stock = PuzzleStock(size=1, make=recorder)
    try:
        stock.take("single", 1, "Di")
        wait_for(lambda: len(recorder.made) == 2)                 # tried once, failed
        time.sleep(0.3)                                           # and gave up
        assert stock.ready("single", 1) == 0 and len(recorder.made) == 2
        stock.take("single", 1, "Di")                             # made on the spot
        wait_for(lambda: len(recorder.made) == 4)                 # and tried again
    finally:
        stock.close()
