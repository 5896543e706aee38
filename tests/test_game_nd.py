"""The game engine on boards of three and four dimensions: reveal, flood fill over the n-D
neighbourhood, flags, chording, win and loss, against a reference model written with
coordinates; the rules, the first click and the records of n-D games."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.analysis.papers.enumerate import enumerate_layouts
from sweepkit.game import Game, GameOverError, OffBoardMove, Status, replay
from sweepkit.moves import Action
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import MAX_ND_CELLS, Rules
from sweepkit.serialize import record_from_json, record_json
from tests.examples import examples

Cell = tuple[int, ...]


def around(shape: tuple[int, ...], cell: Cell) -> list[Cell]:
    """Neighbours by coordinates, independent of the engine's table: every cell within one
    of it on each axis (and on the board), but the cell itself."""
    return [c for c in itertools.product(*(range(max(0, x - 1), min(n, x + 2))
                                           for x, n in zip(cell, shape, strict=True)))
            if c != cell]


def all_cells(shape: tuple[int, ...]) -> list[Cell]:
    return list(itertools.product(*(range(n) for n in shape)))


class ReferenceGame:
    """The rules written the plain way on coordinate tuples (as tests/test_game.py's model,
    in any number of dimensions)."""

    def __init__(self, shape: tuple[int, ...], mines: set[Cell]) -> None:
        self.shape, self.mines = shape, mines
        self.open: set[Cell] = set()
        self.flags: set[Cell] = set()
        self.status = "ready"
        self._near: dict[Cell, list[Cell]] = {}  # around() of each cell asked, kept

    def near(self, cell: Cell) -> list[Cell]:
        """``around`` the cell, computed once a cell (a flood and the view ask again)."""
        found = self._near.get(cell)
        if found is None:
            found = self._near[cell] = around(self.shape, cell)
        return found

    def number(self, cell: Cell) -> int:
        return sum(n in self.mines for n in self.near(cell))

    def uncover(self, cell: Cell) -> None:
        self.open.add(cell)
        if cell in self.mines:
            self.status = "lost"
            return
        todo = [cell]
        while todo:
            here = todo.pop()
            if self.number(here) == 0:
                for n in self.near(here):
                    if n not in self.open and n not in self.flags:
                        self.open.add(n)
                        todo.append(n)
        size = len(all_cells(self.shape))
        if self.status != "lost" and len(self.open) == size - len(self.mines):
            self.status = "won"

    def move(self, kind: str, cell: Cell) -> None:
        if kind == "reveal":
            if cell not in self.open and cell not in self.flags:
                self.status = "playing" if self.status == "ready" else self.status
                self.uncover(cell)
        elif kind == "flag":
            if cell not in self.open:
                self.flags ^= {cell}
        elif cell in self.open:
            neighbours = self.near(cell)
            if sum(n in self.flags for n in neighbours) == self.number(cell):
                for n in neighbours:
                    if n not in self.open and n not in self.flags:
                        self.uncover(n)

    def view(self) -> tuple[int, ...]:
        def value(cell: Cell) -> int:
            if cell in self.mines and (cell in self.open or self.status == "won"):
                return MINE
            if cell in self.open:
                return self.number(cell)
            return MINE if cell in self.flags else UNKNOWN
        return tuple(value(cell) for cell in all_cells(self.shape))


SHAPES = [(2, 3, 3), (3, 3, 3), (2, 2, 2, 3), (1, 3, 4), (3, 1, 1, 2), (4, 4, 4)]


@settings(max_examples=examples(150), deadline=None)
@given(st.sampled_from(SHAPES), st.data())
def test_engine_agrees_with_a_reference_model(shape, data):
    cells = all_cells(shape)
    mines = data.draw(st.sets(st.sampled_from(cells), max_size=len(cells) // 3))
    rules = Rules.of_shape(shape, len(mines), "none")
    game = Game(rules, mine_cells=[rules.index(*m) for m in mines])
    model = ReferenceGame(shape, set(mines))
    moves = st.tuples(st.sampled_from(["reveal", "reveal", "flag", "chord"]),
                      st.sampled_from(cells))
    for kind, cell in data.draw(st.lists(moves, max_size=30)):
        if game.over:
            with pytest.raises(GameOverError):
                getattr(game, kind)(*cell)
            break
        getattr(game, kind)(*cell)
        model.move(kind, cell)
        assert game.status == model.status
        view = game.view()
        assert view.shape == shape and view.cells == model.view()


def test_a_zero_opens_its_26_neighbours_and_the_flood_goes_on():
    # one mine in a corner of a 3x3x3 cube: the opposite corner's 0 opens everything else
    game = Game.from_layout(Position.covered((3, 3, 3)).layout([0]))
    result = game.reveal(2, 2, 2)
    assert game.status is Status.WON and len(result.opened) == 26
    assert game.view().cells[1:] == Position.covered((3, 3, 3)).layout([0]).cells[1:]


def test_flags_chords_and_a_loss_in_four_dimensions():
    shape = (2, 2, 2, 3)
    rules = Rules.of_shape(shape, 2, "none")
    mines = {rules.index(0, 0, 0, 0), rules.index(1, 1, 1, 2)}
    game = Game(rules, mine_cells=mines)
    assert game.reveal(0, 0, 0, 1).opened == (rules.index(0, 0, 0, 1),)
    assert game.view()[0, 0, 0, 1] == 2  # both mines are within one step in every coordinate
    game.flag(0, 0, 0, 0)
    assert game.chord(0, 0, 0, 1).opened == ()  # one flag of two: nothing
    game.flag(1, 0, 0, 0)  # a wrong flag
    result = game.chord(0, 0, 0, 1)
    assert game.status is Status.LOST and game.exploded == rules.index(1, 1, 1, 2)
    assert rules.index(1, 1, 1, 2) in result.opened
    with pytest.raises(GameOverError):
        game.reveal(0, 0, 0, 2)


def test_cells_off_an_n_d_board_or_with_the_wrong_number_of_coordinates():
    game = Game(Rules.of_shape((3, 3, 3), 2), seed=1)
    with pytest.raises(OffBoardMove, match=r"cell \(3, 0, 0\) is off the 3x3x3 board"):
        game.reveal(3, 0, 0)
    with pytest.raises(OffBoardMove, match="has 2 coordinates but the 3x3x3 board has 3"):
        game.reveal(1, 1)
    with pytest.raises(OffBoardMove, match=r"cell 27 is off the 3x3x3 board \(cells 0 to 26\)"):
        game.play(Action.reveal(27))


@pytest.mark.parametrize("seed", range(20))
def test_the_opening_rule_keeps_the_whole_n_d_neighbourhood_free(seed):
    rules = Rules.of_shape((3, 5, 5), 40, "opening")
    first = rules.index(1, 2, 2)
    assert len(rules.mine_free_cells(first)) == 27
    game = Game(rules, seed=seed)
    game.reveal(1, 2, 2)
    assert game.view()[1, 2, 2] == 0
    with pytest.raises(ValueError, match="keeps 27 cells around"):
        Rules.of_shape((3, 5, 5), 50, "opening").check_first_click(first)


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from([(2, 3, 3), (2, 2, 2, 3), (3, 3, 3)]), st.integers(0, 10**6))
def test_the_view_is_a_position_the_analysis_explains(shape, seed):
    size = len(all_cells(shape))
    rules = Rules.of_shape(shape, size // 5, "safe")
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    game.reveal(*[rng.randrange(n) for n in shape])
    view = game.view()
    assert count_layouts(view) >= 1
    if len(view.unknown_cells()) <= 14:
        truth = frozenset(i for i, v in enumerate(game.reveal_layout(cheat=True).cells)
                          if v == MINE)
        assert truth in set(enumerate_layouts(view))


def test_records_of_n_d_games_replay():
    game = Game(Rules.of_shape((3, 4, 4), 6, "opening"), seed=11)
    game.reveal(1, 1, 1)
    game.flag(2, 3, 3)
    doc = record_json(game.record(cheat=True))
    assert doc["rules"]["outer"] == [3] and doc["moves"][0]["cell"] == [1, 1, 1]
    record = record_from_json(doc)
    assert record == game.record(cheat=True)
    assert replay(record).view() == game.view()


def test_rules_of_a_shape():
    rules = Rules.of_shape((2, 3, 4, 5), 10)
    assert rules.shape == (2, 3, 4, 5) and rules.size == 120 and rules.outer == (2, 3)
    assert rules.coord(rules.index(1, 2, 3, 4)) == (1, 2, 3, 4)
    assert "outer=(2, 3)" in repr(rules) and "outer" not in repr(Rules(9, 9, 10))
    with pytest.raises(ValueError, match="at most"):
        Rules.of_shape((50, 50, 50), 10)
    assert Rules.of_shape((10, 100, 100), 10).size == MAX_ND_CELLS
    with pytest.raises(ValueError, match="size 0 of the shape must be between 1"):
        Rules.of_shape((0, 3, 3), 1)
    with pytest.raises(ValueError, match="at least 2 dimensions"):
        Rules.of_shape((9,), 1)
    assert Rules.of_shape((9, 9), 10) == Rules(9, 9, 10)


@pytest.mark.slow
def test_a_board_too_big_for_a_neighbour_table_plays_the_same():
    shape = (2, 100, 101)  # 20,200 cells: past TABLE_CELLS, neighbours computed per cell
    rng = random.Random(4)
    cells = all_cells(shape)
    mines = set(rng.sample(cells, 300))
    rules = Rules.of_shape(shape, len(mines), "none")
    game = Game(rules, mine_cells=[rules.index(*m) for m in mines])
    model = ReferenceGame(shape, mines)
    start = next(c for c in cells if c not in mines and model.number(c) == 0)
    game.reveal(*start)
    model.move("reveal", start)
    assert len(model.open) > 1000 and game.view().cells == model.view()
    mine = next(iter(mines))
    game.reveal(*mine)
    assert game.status is Status.LOST and game.exploded == rules.index(*mine)
    assert game.three_bv() > 1
