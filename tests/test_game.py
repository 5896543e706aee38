"""The game engine: flood fill, flags, chording, win/loss, timer, log, replay, restart, secrecy."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.game import (
    Game,
    GameOverError,
    GameRecord,
    HiddenLayoutError,
    MoveError,
    OffBoardMove,
    Status,
    replay,
)
from sweepkit.moves import Action, Move, MoveKind, Reason
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import Rules, level
from sweepkit.topology import OffBoardError
from tests.examples import examples


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def around(rows: int, cols: int, r: int, c: int) -> list[tuple[int, int]]:
    """Neighbours by coordinates, independent of the engine's table."""
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]


def coords(game: Game, cells) -> set[tuple[int, int]]:
    """The ``(row, col)`` of flat cells the game reported."""
    return {game.rules.coord(cell) for cell in cells}


def expected_flood(layout: list[str], start: tuple[int, int]) -> set[tuple[int, int]]:
    """The cells one reveal at ``start`` opens, computed naively from a text layout."""
    rows, cols = len(layout), len(layout[0])

    def count(r: int, c: int) -> int:
        return sum(layout[a][b] == "*" for a, b in around(rows, cols, r, c))

    opened = {start}
    todo = [start] if count(*start) == 0 else []
    while todo:
        cell = todo.pop()
        for other in around(rows, cols, *cell):
            if other not in opened:
                opened.add(other)
                if count(*other) == 0:
                    todo.append(other)
    return opened


def game_of(rows: list[str], clock: FakeClock | None = None) -> Game:
    """A game on a layout written with ``*`` for mines and ``.`` for safe cells."""
    mines = [i for i, ch in enumerate("".join(rows)) if ch == "*"]
    rules = Rules(len(rows), len(rows[0]), len(mines), "none")
    return Game(rules, mine_cells=mines, clock=clock or FakeClock())


LAYOUT = [
    "......",
    "......",
    "..*...",
    "*.....",
    "....**",
]


# -- flood fill ------------------------------------------------------------------------

def test_reveal_zero_floods_the_region_and_its_border():
    game = game_of(LAYOUT)
    result = game.reveal(0, 5)
    assert coords(game, result.opened) == expected_flood(LAYOUT, (0, 5))
    assert len(set(result.opened)) == len(result.opened)
    assert game.view()[2, 2] == UNKNOWN  # the mine stays covered
    assert game.view()[1, 1] == 1


def test_reveal_number_opens_one_cell():
    game = game_of(LAYOUT)
    assert coords(game, game.reveal(1, 2).opened) == {(1, 2)}
    assert game.view()[1, 2] == 1


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_flood_fill_matches_a_naive_one(rows, cols, data):
    cells = data.draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
    if all(cells):
        cells[0] = False
    layout = ["".join("*" if cells[r * cols + c] else "." for c in range(cols))
              for r in range(rows)]
    safe = [(r, c) for r in range(rows) for c in range(cols) if layout[r][c] == "."]
    start = data.draw(st.sampled_from(safe))
    game = game_of(layout)
    assert coords(game, game.reveal(*start).opened) == expected_flood(layout, start)


def test_flood_fill_on_200_by_200_is_iterative():
    game = Game(Rules(200, 200, 0, "safe"), seed=0)
    result = game.reveal(100, 100)
    assert len(result.opened) == 40_000
    assert game.status is Status.WON


def test_big_board_with_a_few_mines():
    game = Game(Rules(200, 200, 50, "opening"), seed=5)
    result = game.reveal(0, 0)
    assert len(result.opened) > 30_000
    view = game.view()
    assert view.cells.count(UNKNOWN) == 40_000 - len(result.opened)


# -- flags and chords ---------------------------------------------------------------------

CHORD_LAYOUT = [
    "*..",
    "...",
    "..*",
]


def test_flagged_cells_cannot_be_revealed():
    game = game_of(CHORD_LAYOUT)
    game.reveal(1, 1)
    assert game.flag(0, 0).wasted is False
    assert game.view()[0, 0] == MINE and game.flags == 1 and game.mines_left == 1
    result = game.reveal(0, 0)
    assert result.wasted and result.opened == () and game.status is Status.PLAYING
    game.flag(0, 0)  # unflag
    assert game.view()[0, 0] == UNKNOWN and game.flags == 0


def test_chord_with_right_flags_opens_the_rest():
    game = game_of(CHORD_LAYOUT)
    game.reveal(1, 1)  # a 2
    game.flag(0, 0)
    game.flag(2, 2)
    result = game.chord(1, 1)
    assert coords(game, result.opened) == {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)}
    assert game.status is Status.WON


def test_chord_with_a_wrong_flag_loses():
    game = game_of(CHORD_LAYOUT)
    game.reveal(1, 1)
    game.flag(0, 0)
    game.flag(0, 1)  # wrong: (2, 2) is the mine
    result = game.chord(1, 1)
    assert result.status is Status.LOST
    assert game.rules.coord(game.exploded) == (2, 2)
    assert game.view()[2, 2] == MINE


def test_chord_with_too_few_flags_does_nothing():
    game = game_of(CHORD_LAYOUT)
    game.reveal(1, 1)
    game.flag(0, 0)
    before = game.view()
    result = game.chord(1, 1)
    assert result.opened == () and result.wasted
    assert game.view() == before and game.status is Status.PLAYING


def test_chord_on_covered_cell_does_nothing():
    game = game_of(CHORD_LAYOUT)
    game.reveal(1, 1)
    assert game.chord(0, 2).wasted
    assert game.view()[0, 2] == UNKNOWN


# -- end of the game -----------------------------------------------------------------------

def test_win_when_every_safe_cell_is_open_and_view_flags_all_mines():
    game = game_of(["*..", "..*"])  # no zeros: one click per safe cell
    for r, c in [(0, 1), (0, 2), (1, 0)]:
        game.reveal(r, c)
        assert game.status is Status.PLAYING
    game.reveal(1, 1)
    assert game.status is Status.WON and game.over
    assert game.view() == Position.from_rows(["*21", "12*"], mines=2)


def test_loss_on_a_mine():
    game = game_of(CHORD_LAYOUT)
    game.reveal(1, 1)
    result = game.reveal(0, 0)
    assert result.status is Status.LOST and game.exploded == 0
    assert game.view().cells.count(MINE) == 1


@pytest.mark.parametrize("move", ["reveal", "flag", "chord"])
def test_no_moves_after_the_end(move):
    game = game_of(CHORD_LAYOUT)
    game.reveal(0, 0)
    assert game.status is Status.LOST
    with pytest.raises(GameOverError, match="over"):
        getattr(game, move)(1, 1)


@pytest.mark.parametrize("move", ["reveal", "flag", "chord"])
def test_off_board_cells_are_named(move):
    game = Game(level("beginner"), seed=1)
    with pytest.raises(MoveError, match=r"cell \(9, 3\) is off the 9x9 board"):
        getattr(game, move)(9, 3)
    with pytest.raises(MoveError, match=r"cell \(-1, 0\)"):
        getattr(game, move)(-1, 0)
    # the one off-board error of the package, and still a MoveError
    with pytest.raises(OffBoardError) as info:
        getattr(game, move)(0, 9)
    assert isinstance(info.value, OffBoardMove) and isinstance(info.value, MoveError)
    assert game.status is Status.READY and game.log == ()


def test_zero_mine_board_is_won_by_the_first_click():
    game = Game(Rules(1, 1, 0, "none"), seed=0)
    assert game.reveal(0, 0).status is Status.WON


def test_first_click_can_lose_under_rule_none():
    rules = Rules(2, 2, 3, "none")
    results = {Game(rules, seed=s).reveal(0, 0).status for s in range(40)}
    assert results == {Status.WON, Status.LOST}


# -- timer, clicks, log -------------------------------------------------------------------

def test_timer_starts_at_first_reveal_and_stops_at_the_end():
    clock = FakeClock(50.0)
    game = game_of(CHORD_LAYOUT, clock)
    game.flag(0, 0)  # flags do not start the timer
    clock.now = 60.0
    assert game.elapsed == 0.0
    game.reveal(1, 1)
    clock.now = 62.5
    assert game.elapsed == 2.5
    game.flag(2, 2)
    clock.now = 64.0
    game.chord(1, 1)  # wins
    clock.now = 99.0
    assert game.elapsed == 4.0
    assert game.log == (
        Move(MoveKind.FLAG, game.rules.index(0, 0), 0.0),
        Move(MoveKind.REVEAL, game.rules.index(1, 1), 0.0),
        Move(MoveKind.FLAG, game.rules.index(2, 2), 2.5),
        Move(MoveKind.CHORD, game.rules.index(1, 1), 4.0),
    )


def test_click_counts_effective_and_wasted():
    game = game_of(LAYOUT)
    game.reveal(0, 5)
    game.reveal(0, 5)  # already open: wasted
    game.flag(0, 5)  # open cell: wasted
    game.flag(2, 2)
    # a 1 with its one flag: opens the rest
    assert coords(game, game.chord(2, 3).opened) == {(3, 2)}
    game.chord(0, 0)  # a 0: nothing left to open, wasted
    clicks = game.clicks
    assert (clicks.left, clicks.right, clicks.chord) == (2, 2, 2)
    assert clicks.wasted == 3 and clicks.total == 6 and clicks.effective == 3


# -- determinism, replay, restart -----------------------------------------------------------

def play_row_major(game: Game) -> None:
    """Reveal every cell in order until the game ends (the benchmark's scripted player)."""
    opened: set[tuple[int, int]] = set()
    for r in range(game.rules.rows):
        for c in range(game.rules.cols):
            if (r, c) not in opened:
                opened.update(coords(game, game.reveal(r, c).opened))
                if game.over:
                    return


def play_randomly(game: Game, rng: random.Random, clock: FakeClock) -> None:
    """Random reveals, flags and chords with time passing, until the game ends."""
    rows, cols = game.rules.rows, game.rules.cols
    while not game.over:
        clock.now += rng.random()
        kind = rng.choice(["reveal", "reveal", "flag", "chord"])
        getattr(game, kind)(rng.randrange(rows), rng.randrange(cols))


def test_same_seed_same_clicks_same_game():
    views = set()
    for _ in range(2):
        game = Game(level("intermediate"), seed=42)
        play_row_major(game)
        views.add((game.view(), game.status, game.reveal_layout()))
    assert len(views) == 1
    other = Game(level("intermediate"), seed=43)
    other.reveal(0, 0)
    game = Game(level("intermediate"), seed=42)
    game.reveal(0, 0)
    assert other.reveal_layout(cheat=True) != game.reveal_layout(cheat=True)


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["none", "safe", "opening"]))
def test_replay_reproduces_the_game(seed, rule):
    clock = FakeClock()
    game = Game(Rules(6, 7, 8, rule), seed=seed, clock=clock)
    play_randomly(game, random.Random(seed), clock)
    again = replay(game.record())
    assert again.view() == game.view()
    assert again.status == game.status
    assert again.log == game.log
    assert again.clicks == game.clicks
    assert again.elapsed == game.elapsed
    assert again.reveal_layout() == game.reveal_layout()


def test_replay_from_the_layout_and_the_log():
    game = game_of(LAYOUT)
    play_row_major(game)
    layout = game.reveal_layout()
    record = GameRecord(game.rules, game.log, mine_cells=frozenset(layout.known_mines()))
    again = replay(record)
    assert again.view() == game.view() and again.status == game.status


def test_restart_keeps_the_layout_and_closes_every_cell():
    clock = FakeClock()
    game = Game(level("beginner"), seed=9, clock=clock)
    game.reveal(4, 4)
    layout = game.reveal_layout(cheat=True)
    game.flag(0, 0)
    game.restart()
    assert game.status is Status.READY
    assert game.view() == Position.unknown(9, 9, 10)
    assert game.log == () and game.clicks.total == 0 and game.elapsed == 0.0
    # another first click does not draw a new layout
    clock.now += 1
    play_row_major(game)
    assert game.reveal_layout() == layout
    # and the restarted game replays from its record (which carries the layout now)
    record = game.record()
    assert record.mine_cells == frozenset(layout.known_mines())
    assert replay(record).view() == game.view()


def test_restart_after_a_loss():
    game = game_of(CHORD_LAYOUT)
    game.reveal(0, 0)
    game.restart()
    assert game.exploded is None and not game.over
    assert game.reveal(1, 1).status is Status.PLAYING


# -- secrecy --------------------------------------------------------------------------------

def test_layout_is_secret_during_play():
    game = Game(level("expert"), seed=3)
    with pytest.raises(HiddenLayoutError, match="first reveal"):
        game.reveal_layout(cheat=True)
    game.reveal(0, 0)
    for secret in (game.reveal_layout, game.three_bv, game.record):
        with pytest.raises(HiddenLayoutError, match="secret"):
            secret()
    public = {name: value for name, value in vars(game).items() if not name.startswith("_")}
    assert set(public) == {"rules", "clicks", "no_guess"}  # no_guess: the player is told
    view = game.view()
    assert view.mines == 99 and set(view.cells) <= {UNKNOWN, *range(9)}


def test_layout_is_shown_after_the_end():
    game = Game(level("beginner"), seed=3)
    play_row_major(game)
    layout = game.reveal_layout()
    assert len(layout.known_mines()) == 10
    assert layout == layout.layout(layout.known_mines())  # numbers agree with the mines
    assert game.three_bv() >= 1


def test_given_layout_is_checked():
    with pytest.raises(ValueError, match="layout has 1 mines but the rules say 2"):
        Game(Rules(3, 3, 2), mine_cells=[0])
    with pytest.raises(ValueError, match="mine cell 9 is off the 3x3 board"):
        Game(Rules(3, 3, 1), mine_cells=[9])


def test_from_layout_position():
    game = Game.from_layout(Position.from_rows(["*1.", "11.", "..."]))
    assert game.rules.mines == 1
    assert game.reveal(2, 2).status is Status.WON


# -- against a reference model ---------------------------------------------------------------

class ReferenceGame:
    """The rules written the plain way (sets of coordinates, recursion-free flood), to compare
    the engine with move by move."""

    def __init__(self, rows: int, cols: int, mines: set[tuple[int, int]]) -> None:
        self.rows, self.cols, self.mines = rows, cols, mines
        self.open: set[tuple[int, int]] = set()
        self.flags: set[tuple[int, int]] = set()
        self.status = "ready"
        self.exploded: tuple[int, int] | None = None

    def number(self, cell: tuple[int, int]) -> int:
        return sum(n in self.mines for n in around(self.rows, self.cols, *cell))

    def uncover(self, cell: tuple[int, int]) -> None:
        if cell in self.mines:
            self.open.add(cell)
            if self.status != "lost":
                self.status, self.exploded = "lost", cell
            return
        todo = [cell]
        self.open.add(cell)
        while todo:
            here = todo.pop()
            if self.number(here) == 0:
                for n in around(self.rows, self.cols, *here):
                    if n not in self.open and n not in self.flags:
                        self.open.add(n)
                        todo.append(n)
        if self.status != "lost" and len(self.open) == self.rows * self.cols - len(self.mines):
            self.status = "won"

    def move(self, kind: str, cell: tuple[int, int]) -> None:
        if kind == "reveal":
            if cell not in self.open and cell not in self.flags:  # a flag: nothing at all
                self.status = "playing" if self.status == "ready" else self.status
                self.uncover(cell)
        elif kind == "flag":
            if cell not in self.open:
                self.flags ^= {cell}
        elif cell in self.open:
            neighbours = around(self.rows, self.cols, *cell)
            if sum(n in self.flags for n in neighbours) == self.number(cell):
                for n in neighbours:
                    if n not in self.open and n not in self.flags:
                        self.uncover(n)

    def view(self) -> list[str]:
        def char(cell: tuple[int, int]) -> str:
            if cell in self.mines and (cell in self.open or self.status == "won"):
                return "*"  # every opened mine, not only the first
            if cell in self.open:
                return str(self.number(cell))
            return "*" if cell in self.flags else "?"
        return ["".join(char((r, c)) for c in range(self.cols)) for r in range(self.rows)]


@settings(max_examples=examples(80), deadline=None)
@given(st.integers(1, 5), st.integers(1, 6), st.data())
def test_engine_agrees_with_a_reference_model(rows, cols, data):
    size = rows * cols
    mines = data.draw(st.sets(st.integers(0, size - 1), max_size=size - 1))
    game = Game(Rules(rows, cols, len(mines), "none"), mine_cells=mines)
    model = ReferenceGame(rows, cols, {divmod(i, cols) for i in mines})
    moves = st.tuples(st.sampled_from(["reveal", "reveal", "flag", "chord"]),
                      st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)))
    for kind, cell in data.draw(st.lists(moves, max_size=25)):
        if game.over:
            with pytest.raises(GameOverError):
                getattr(game, kind)(*cell)
            break
        getattr(game, kind)(*cell)
        model.move(kind, cell)
        assert game.status == model.status
        expected = Position.from_rows(model.view())  # (may hold more flags than mines)
        total = len(mines) if expected.cells.count(MINE) <= len(mines) else None
        assert game.view() == Position(expected.shape, expected.cells, total)


def test_view_without_flags():
    game = game_of(CHORD_LAYOUT)
    game.reveal(1, 1)
    game.flag(0, 1)  # a wrong flag
    game.flag(0, 0)
    game.flag(2, 2)  # three flags, two mines
    assert game.view().cells.count(MINE) == 3
    assert game.view().mines is None  # the claims cannot all be true: no total beside them
    plain = game.view(flags=False)
    assert MINE not in plain.cells and plain.cells.count(UNKNOWN) == 8 and plain.mines == 2


def test_an_over_flagged_view_drops_the_total_and_still_shows_every_flag():
    game = game_of(CHORD_LAYOUT)  # two mines
    game.reveal(1, 1)
    assert game.view().mines == 2
    for cell in [(0, 0), (0, 1), (0, 2)]:
        game.flag(*cell)
    view = game.view()  # three flags, two mines: a Position with mines=2 would be refused
    assert view.mines is None and view.cells[:3] == (MINE, MINE, MINE)
    assert game.mines_left == -1  # the counter of the classic clients goes negative
    assert game.view(flags=False).mines == 2
    game.flag(0, 1)  # back to two flags: the total returns
    assert game.view().mines == 2 and game.view().remaining_mines() == 0


# -- review findings: a lost view, a reveal on a flag, a first click the rule refuses ---------

def test_a_chord_that_opens_two_mines_shows_both_as_mines():
    # mines at (0, 0) and (0, 2); the chord on the 2 at (1, 1) trusts two wrong flags
    game = game_of(["*.*", "...", "..."])
    game.reveal(1, 1)
    game.flag(2, 0)
    game.flag(2, 2)
    result = game.chord(1, 1)
    assert result.status is Status.LOST
    assert {(0, 0), (0, 2)} <= coords(game, result.opened)
    assert game.exploded == 0  # the first mine the chord opened
    assert game.exploded_cells == (0, 2)
    # two wrong flags and two opened mines: four * for two mines, so no total
    assert game.view() == Position.from_rows(["*2*", "121", "*0*"])
    # flags hidden, the opened mines still show as mines, never as numbers
    assert game.view(flags=False) == Position.from_rows(["*2*", "121", "?0?"], mines=2)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.data())
def test_a_lost_view_never_shows_a_mine_as_a_number(rows, cols, data):
    size = rows * cols
    mines = data.draw(st.sets(st.integers(0, size - 1), min_size=1, max_size=size - 1))
    game = Game(Rules(rows, cols, len(mines), "none"), mine_cells=mines)
    moves = st.tuples(st.sampled_from(["reveal", "flag", "flag", "chord", "chord"]),
                      st.integers(0, rows - 1), st.integers(0, cols - 1))
    for kind, r, c in data.draw(st.lists(moves, max_size=30)):
        if game.over:
            break
        getattr(game, kind)(r, c)
    view = game.view(flags=False)
    for i in mines:
        assert view.cells[i] in (UNKNOWN, MINE)
    if game.status is Status.LOST:
        shown = {i for i, v in enumerate(view.cells) if v == MINE}
        assert shown == set(game.exploded_cells)
        assert game.exploded == game.exploded_cells[0]


def test_a_reveal_on_a_flag_before_the_first_real_reveal_changes_nothing():
    clock = FakeClock(10.0)
    rules = Rules(3, 3, 7, "safe")
    for seed in range(30):
        game = Game(rules, seed, clock=clock)
        game.flag(0, 0)
        result = game.reveal(0, 0)
        assert result.wasted and result.opened == ()
        assert game.status is Status.READY and game.elapsed == 0.0
        with pytest.raises(HiddenLayoutError, match="first reveal"):
            game.reveal_layout(cheat=True)  # no layout drawn yet
        clock.now += 5
        # the first real open is the one the rule protects
        assert game.reveal(2, 2).status is not Status.LOST
        assert game.elapsed == 0.0
        clock.now += 1
        assert game.elapsed == 1.0
        assert game.clicks.left == 2 and game.clicks.wasted == 1
        assert game.log[1] == Move(MoveKind.REVEAL, 0, 0.0)
        assert replay(game.record(cheat=True)).view() == game.view()


def test_a_first_click_the_rule_cannot_meet_changes_nothing():
    clock = FakeClock(10.0)
    game = Game(Rules(3, 3, 7, "opening"), seed=0, clock=clock)
    with pytest.raises(ValueError, match="leaving 5 cells for 7 mines"):
        game.reveal(0, 0)
    clock.now = 20.0
    assert game.status is Status.READY and game.elapsed == 0.0
    assert game.clicks.total == 0 and game.log == ()
    with pytest.raises(HiddenLayoutError, match="first reveal"):
        game.reveal_layout(cheat=True)


@pytest.mark.parametrize(
    "clone",
    [copy.copy, copy.deepcopy, lambda game: pickle.loads(pickle.dumps(game))],
    ids=["copy", "deepcopy", "pickle"],
)
def test_a_game_under_way_cannot_be_cloned_to_probe_it(clone):
    game = Game(level("beginner"), seed=3)
    with pytest.raises(HiddenLayoutError, match="cannot be copied"):
        clone(game)  # before the first reveal the seed alone would give the layout away
    game.reveal(4, 4)
    with pytest.raises(HiddenLayoutError, match="cannot be copied"):
        clone(game)
    play_row_major(game)
    twin = clone(game)  # once over, nothing is secret any more
    assert twin.view() == game.view() and twin.reveal_layout() == game.reveal_layout()


def test_play_takes_actions_by_flat_index_and_logs_the_reason():
    game = game_of(LAYOUT)
    cols = game.rules.cols
    reason = Reason.certain("single", "test")
    result = game.play(Action.reveal(5), reason)
    assert coords(game, result.opened) == expected_flood(LAYOUT, (0, 5))
    game.play(Action.flag(2 * cols + 2))
    assert game.log[0] == Move(MoveKind.REVEAL, 5, 0.0, reason)
    assert game.log[1].reason is None and game.flags == 1
    again = replay(game.record(cheat=True))
    assert again.log == game.log and again.view() == game.view()


@pytest.mark.parametrize("cell", [-1, 16 * 30, 10**9])
def test_play_refuses_a_cell_off_the_board(cell):
    game = Game(level("expert"), seed=1)
    with pytest.raises(OffBoardMove, match=f"cell {cell} is off the 16x30 board"):
        game.play(Action.reveal(cell))
    assert game.status is Status.READY and game.log == ()


def test_resume_brings_a_game_in_progress_back_with_its_timer_running():
    from sweepkit.game import resume

    clock = FakeClock(100.0)
    game = Game(level("expert"), seed=4, clock=clock)
    game.reveal(5, 5)
    clock.now = 112.5
    game.flag(0, 0)
    record = game.record(cheat=True)
    later = FakeClock(5000.0)
    back = resume(record, clock=later)
    assert back.view() == game.view() and back.status is Status.PLAYING
    assert back.elapsed == 12.5
    later.now = 5002.0
    assert back.elapsed == 14.5
    back.reveal(15, 29)
    assert back.log[-1].time == 14.5


def test_undo_takes_back_a_move_on_the_same_layout_and_keeps_the_time():
    now = [0.0]
    game = Game(level("beginner"), seed=5, clock=lambda: now[0])
    game.flag(0, 0)
    game.undo()  # a flag before any reveal: no layout yet, none drawn
    assert game.flags == 0 and not game.log
    with pytest.raises(MoveError, match="no move"):
        game.undo()
    game.reveal(4, 4)
    mines = game.reveal_layout(cheat=True).known_mines()
    now[0] = 3.0
    before = game.view()
    game.play(Action.flag(mines[0]))
    assert game.flagged
    now[0] = 5.0
    game.undo()
    assert game.view() == before and game.elapsed == 5.0 and game.flags == 0
    assert game.flagged is False  # the flag was taken back
    game.undo()  # the first reveal too: the layout stays
    game.reveal(*((0, 0) if 0 not in mines else (8, 8)))
    assert game.reveal_layout(cheat=True).known_mines() == mines
    again = replay(game.record(cheat=True))
    assert again.view() == game.view()


def test_undo_after_a_loss_takes_the_fatal_move_back_only_when_asked():
    now = [0.0]
    game = Game(level("beginner"), seed=5, clock=lambda: now[0])
    assert not game.drawn
    game.reveal(4, 4)
    assert game.drawn
    mines = game.reveal_layout(cheat=True).known_mines()
    before = game.view()
    now[0] = 4.0
    game.play(Action.reveal(mines[0]))
    assert game.status is Status.LOST and game.elapsed == 4.0
    with pytest.raises(GameOverError, match="its moves stand"):
        game.undo()  # a plain undo leaves a lost game lost
    now[0] = 10.0
    game.undo(loss=True)
    assert game.status is Status.PLAYING and not game.over
    assert game.view() == before and game.elapsed == 4.0  # no time given back, none lost
    now[0] = 11.0
    assert game.elapsed == 5.0  # the clock runs on
    for i in range(81):
        if i not in mines and not game.over:
            game.play(Action.reveal(i))
    assert game.status is Status.WON
    with pytest.raises(GameOverError):
        game.undo(loss=True)  # a win stands


def test_a_right_click_on_an_open_cell_places_no_flag():
    game = Game(level("beginner"), seed=5)
    game.reveal(4, 4)
    opened = next(i for i, v in enumerate(game.view().cells) if v >= 0)
    game.flag(*divmod(opened, 9))
    assert not game.flagged and game.clicks.wasted == 1
