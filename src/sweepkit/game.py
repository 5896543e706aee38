"""The game engine: a hidden layout, the player's moves, and what the player may see.

A :class:`Game` owns the layout and hands out only :meth:`Game.view`, a
:class:`~sweepkit.position.Position` with the numbers opened so far, ``?`` on covered
cells, ``*`` on flags and the total mine count. That is the security model of
Pedersen's thesis (its AdminBoard/Board split): nothing a player or strategy can call
during play shows a mine it has not found. The layout, the seed and the 3BV come
out only once the game is over, or through an explicit ``cheat=True``.

The layout is drawn at the first reveal, under the first-click rule, from
``random.Random(seed)``: the same seed and the same clicks give the same game. A
:class:`LayoutMaker` can draw it instead (a no-guess board from
:mod:`sweepkit.generate`, which this layer does not import); its record then keeps the
mine cells, so a replay needs no maker, and says whether the board was no-guess.

Moves arrive as :class:`~sweepkit.moves.Action` values through :meth:`Game.play`, the
one entry point (strategies, the web app and replays use it); :meth:`Game.reveal`,
:meth:`Game.flag` and :meth:`Game.chord` take ``(row, col)`` for people. Everything the
game reports back addresses cells by flat index, as Position and the analysis do.

A board of three or more dimensions (:meth:`Rules.of_shape
<sweepkit.rules.Rules.of_shape>`) plays the same way over its neighbourhood of ``3**n - 1``
cells: a 0 opens all of them, a chord counts the flags among them; its cells are addressed
by flat index, or by one coordinate per dimension in :meth:`Game.reveal` and the others.

>>> game = Game(Rules(3, 3, 1, "opening"), seed=1)
>>> game.reveal(0, 0).status
<Status.PLAYING: 'playing'>
>>> print(game.view(), end="")
mines: 1
01?
01?
01?
>>> game.play(Action.reveal(8)).opened
(8,)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, Protocol, SupportsIndex

from sweepkit.difficulty import three_bv_of_mines, three_bv_solved
from sweepkit.moves import AUTO_FLAG, Action, Move, MoveKind, Reason
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import FirstClick, Rules
from sweepkit.topology import (
    OffBoardError,
    flat_index,
    flood_fill,
    neighbour_lookup,
    shape_text,
)
from sweepkit.zini import zini_of_mines

_COVERED, _OPEN, _FLAGGED = 0, 1, 2


class Status(StrEnum):
    """Where a game stands: no reveal yet, under way, or over."""

    READY = "ready"
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class MoveError(ValueError):
    """A move the game cannot take (a cell off the board, a game already over)."""


class OffBoardMove(MoveError, OffBoardError):
    """A move on a cell off the board: a MoveError and a topology.OffBoardError alike."""


class GameOverError(MoveError):
    """A move after the game was won or lost."""


class HiddenLayoutError(RuntimeError):
    """The layout (or anything derived from it) was asked for while it is still secret."""


class MoveResult(NamedTuple):
    """What a move did: the cells it opened (flat indices, in opening order), the status
    after it, and whether it changed nothing."""

    opened: tuple[int, ...]
    status: Status
    wasted: bool


@dataclass
class ClickCounts:
    """Clicks by button; a wasted click changed nothing (a reveal on an open cell, ...)."""

    left: int = 0
    right: int = 0
    chord: int = 0
    wasted: int = 0

    @property
    def total(self) -> int:
        return self.left + self.right + self.chord

    @property
    def effective(self) -> int:
        return self.total - self.wasted


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game: its rules and log, and either the seed the
    layout was drawn from or the mine cells themselves (given layouts, restarted games)."""

    rules: Rules
    log: tuple[Move, ...]
    seed: int | None = None
    mine_cells: frozenset[int] | None = None
    no_guess: bool = False
    """Whether the board was made to be cleared without a guess (statistics keep such
    games apart)."""


class LayoutMaker(Protocol):
    """Draws a game's mine cells at its first reveal, in place of
    :meth:`~sweepkit.rules.Rules.place_mines` (ValueError when it cannot)."""

    no_guess: bool
    """Whether its boards can be cleared without a guess."""

    def __call__(self, rules: Rules, first: int, rng: random.Random) -> frozenset[int]: ...


@dataclass
class ReplayClock:
    """A clock that reads whatever time the replay sets: the logged time of each move."""

    now: float = 0.0

    def __call__(self) -> float:
        return self.now


class Game:
    """One game of Minesweeper on a rows×cols grid (or a grid of any shape the rules give).

    ``seed`` fixes the layout drawn at the first reveal (a fresh one is drawn when
    ``None``), by ``layouts`` when given (else by the rules); ``mine_cells`` (flat
    indices) gives the layout instead, and then the first-click rule does not apply.
    ``no_guess`` marks a given layout as a no-guess board (a maker says so itself).
    ``clock`` returns seconds (injectable for tests).
    """

    def __init__(
        self,
        rules: Rules,
        seed: int | None = None,
        *,
        mine_cells: Iterable[int] | None = None,
        clock: Callable[[], float] = time.monotonic,
        layouts: LayoutMaker | None = None,
        no_guess: bool = False,
    ) -> None:
        self.rules = rules
        self._layouts = layouts
        self.no_guess = no_guess or (layouts is not None and layouts.no_guess)
        self._seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self._clock = clock
        self._table = neighbour_lookup(rules.shape, "grid")
        self._safe_cells = rules.size - rules.mines
        size = rules.size
        self._is_mine: bytearray | None = None
        self._counts: list[int] = []  # every cell's number of mine neighbours
        self._fixed_layout = mine_cells is not None
        if mine_cells is not None:
            mines = frozenset(mine_cells)
            bad = [i for i in mines if not 0 <= i < size]
            if bad:
                raise ValueError(f"mine cell {bad[0]} is off the {shape_text(rules.shape)} "
                                 f"board (cells 0 to {size - 1})")
            if len(mines) != rules.mines:
                raise ValueError(f"layout has {len(mines)} mines but the rules say {rules.mines}")
            self._set_layout(mines)
        self._reset_play()

    @classmethod
    def from_layout(
        cls, layout: Position, clock: Callable[[], float] = time.monotonic
    ) -> Game:
        """A game on a given layout (``*`` = mine, anything else safe), e.g. a custom board;
        a grid of any number of dimensions (not a ``line``).

        >>> game = Game.from_layout(Position.from_rows(["*1", "11"]))
        >>> game.reveal(1, 1).opened
        (3,)
        >>> Game.from_layout(Position.covered((2, 2, 2)).layout([0])).reveal(1, 1, 1).opened
        (7,)
        """
        if layout.topology != "grid" or len(layout.shape) < 2:
            raise ValueError(f"a game needs a grid of 2 or more dimensions, got "
                             f"topology {layout.topology} of shape {layout.shape}")
        mines = layout.known_mines()
        rules = Rules.of_shape(layout.shape, len(mines), FirstClick.NONE)
        return cls(rules, mine_cells=mines, clock=clock)

    # -- state --------------------------------------------------------------------

    def _reset_play(self) -> None:
        self._state = bytearray(self.rules.size)
        self._shown = [UNKNOWN] * self.rules.size  # the view with flags, cell by cell
        self._opened = 0
        self._flags = 0
        self._flagged = False  # a flag was placed at some time
        self._status = Status.READY
        self._over = False
        self._exploded: list[int] = []  # the mines opened by the losing move, in order
        self.clicks = ClickCounts()
        self._log: list[Move] = []
        self._start: float | None = None
        self._final_time: float | None = None

    def _set_layout(self, mines: frozenset[int]) -> None:
        """Store the layout and count every cell's mines (8 increments per mine; 26 in
        3-D)."""
        is_mine = bytearray(self.rules.size)
        counts = [0] * self.rules.size
        table = self._table
        for m in mines:
            is_mine[m] = 1
            for j in table[m]:
                counts[j] += 1
        self._is_mine = is_mine
        self._counts = counts
        self._zini: int | None = None

    @property
    def status(self) -> Status:
        return self._status

    @property
    def exploded(self) -> int | None:
        """The (first) mine that was opened, once the game is lost."""
        return self._exploded[0] if self._exploded else None

    @property
    def exploded_cells(self) -> tuple[int, ...]:
        """Every mine the losing move opened, in opening order (a chord can open several)."""
        return tuple(self._exploded)

    @property
    def drawn(self) -> bool:
        """Whether the layout exists yet (drawn at the first reveal, or given)."""
        return self._is_mine is not None

    @property
    def over(self) -> bool:
        """Whether the game is won or lost."""
        return self._over

    @property
    def log(self) -> tuple[Move, ...]:
        return tuple(self._log)

    @property
    def flags(self) -> int:
        return self._flags

    @property
    def flagged(self) -> bool:
        """Whether a flag was placed at any time in the game (a game without one is "NF",
        no flags; a right click on an open cell places none)."""
        return self._flagged

    @property
    def mines_left(self) -> int:
        """The mine counter of the classic clients: mines minus flags (can go negative)."""
        return self.rules.mines - self._flags

    @property
    def elapsed(self) -> float:
        """Seconds since the first reveal, frozen at the end of the game."""
        if self._final_time is not None:
            return self._final_time
        if self._start is None:
            return 0.0
        return self._clock() - self._start

    def cell(self, index: int) -> int:
        """One cell of the player's view (a number, UNKNOWN, or MINE for a flag or an
        opened mine), without building the whole view: what a client redraws after a
        move."""
        return self._shown[index]

    def view(self, *, flags: bool = True) -> Position:
        """The player's view: open numbers, ``?`` covered, ``*`` flags, with the mine count.

        After a loss every mine the losing move opened (see :attr:`exploded_cells`) shows
        as ``*``, never as a number; after a win every mine does. Flags are the player's
        claims, not facts, while analysis trusts ``*``: pass ``flags=False`` to see flagged
        cells as ``?`` (that view always carries the mine count). When the ``*`` cells
        outnumber the mines (more flags than mines), the claims cannot all be true and a
        Position cannot carry the total beside them: the view then has ``mines=None``.
        """
        shown = self._shown  # kept up to date by every move: no pass over the board
        if flags:
            cells = shown
        else:
            cells = [UNKNOWN if s == _FLAGGED else v for s, v in zip(self._state, shown,
                                                                      strict=True)]
        if self._status is Status.WON:
            cells = [MINE if v == UNKNOWN else v for v in cells]
        result = tuple(cells)
        mines: int | None = self.rules.mines
        if flags and result.count(MINE) > mines:
            mines = None  # over-flagged: see the docstring
        return Position(self.rules.shape, result, mines)

    # -- moves --------------------------------------------------------------------

    def play(self, action: Action, reason: Reason | None = None) -> MoveResult:
        """Take one move; ``reason`` (a strategy's) goes into the log beside it. A flag
        whose reason is :data:`~sweepkit.moves.AUTO_FLAG` (placed by the app, not clicked)
        counts no click.

        OffBoardMove when the cell is off the board, GameOverError once the game is won or
        lost, ValueError (the game unchanged) when the first reveal cannot meet the rule.
        """
        if self._over:
            raise GameOverError(f"the game is over ({self.status}); no more moves")
        index = action.cell
        if not 0 <= index < self.rules.size:
            raise OffBoardMove(
                f"cell {index} is off the {shape_text(self.rules.shape)} board "
                f"(cells 0 to {self.rules.size - 1})"
            )
        moment = 0.0 if self._start is None else self._clock() - self._start
        kind = MoveKind(action.kind)
        if kind is MoveKind.REVEAL:
            opened, wasted = self._reveal(index)
        elif kind is MoveKind.FLAG:
            opened, wasted = [], self._flag(index)
            if reason == AUTO_FLAG:
                self.clicks.right -= 1
        else:
            opened = self._chord(index)
            wasted = not opened
        self._log.append(Move(kind, index, moment, reason))
        if self._over:
            self._final_time = moment
        if wasted:
            self.clicks.wasted += 1
        return MoveResult(tuple(opened), self.status, wasted)

    def _index(self, *coord: int) -> int:
        if self._over:
            raise GameOverError(f"the game is over ({self.status}); no more moves")
        try:
            return flat_index(self.rules.shape, *coord)
        except OffBoardError as exc:
            raise OffBoardMove(str(exc)) from None

    def reveal(self, *coord: int) -> MoveResult:
        """Open the cell at ``(row, col)`` (on an n-D board, one coordinate per dimension;
        a left click); a 0 opens its neighbours, recursively. Flagged or open cells are left
        alone (a wasted click that draws nothing and starts nothing). The first reveal that
        opens a cell draws the layout and starts the timer; when the first-click rule cannot
        be met there, ValueError and the game is unchanged."""
        return self.play(Action.reveal(self._index(*coord)))

    def flag(self, *coord: int) -> MoveResult:
        """Put a flag on a covered cell, or take it off (right click)."""
        return self.play(Action.flag(self._index(*coord)))

    def chord(self, *coord: int) -> MoveResult:
        """On an open number with exactly that many flagged neighbours, open every other
        covered neighbour (a wrong flag makes this lose). Otherwise nothing happens."""
        return self.play(Action.chord(self._index(*coord)))

    def _reveal(self, index: int) -> tuple[list[int], bool]:
        self.clicks.left += 1
        if self._state[index] != _COVERED:
            return [], True
        if self._is_mine is None:
            rng = random.Random(self._seed)
            try:
                if self._layouts is None:
                    self._set_layout(self.rules.place_mines(index, rng))
                else:
                    self._set_layout(self._layouts(self.rules, index, rng))
            except BaseException:  # the rule cannot be met, or the maker was stopped
                self.clicks.left -= 1  # the game is unchanged
                raise
        if self._start is None:
            self._start = self._clock()
        if self._status is Status.READY:
            self._status = Status.PLAYING
        return self._open(index), False

    def _flag(self, index: int) -> bool:
        """Toggle a flag; True (wasted) on an open cell."""
        self.clicks.right += 1
        state = self._state[index]
        if state == _COVERED:
            self._state[index] = _FLAGGED
            self._shown[index] = MINE
            self._flags += 1
            self._flagged = True
        elif state == _FLAGGED:
            self._state[index] = _COVERED
            self._shown[index] = UNKNOWN
            self._flags -= 1
        return state == _OPEN

    def _chord(self, index: int) -> list[int]:
        self.clicks.chord += 1
        opened: list[int] = []
        if self._state[index] == _OPEN:
            around = self._table[index]
            state = self._state
            if sum(1 for j in around if state[j] == _FLAGGED) == self._counts[index]:
                for j in around:
                    if state[j] == _COVERED:
                        opened.extend(self._open(j))
        return opened

    def _open(self, index: int) -> list[int]:
        """Open a covered cell and flood-fill from it when it is a 0 (iteratively)."""
        state = self._state
        is_mine = self._is_mine
        assert is_mine is not None
        state[index] = _OPEN
        shown = self._shown
        if is_mine[index]:
            self._status = Status.LOST
            self._over = True
            self._exploded.append(index)
            shown[index] = MINE
            return [index]
        counts = self._counts
        opened = flood_fill(index, counts, self._table, lambda j: state[j] == _COVERED)
        for j in opened:
            state[j] = _OPEN
            shown[j] = counts[j]
        self._opened += len(opened)
        if self._opened == self._safe_cells and self._status is not Status.LOST:
            self._status = Status.WON
            self._over = True
        return opened

    # -- what is secret during play --------------------------------------------------

    def _check_may_see(self, cheat: bool) -> None:
        if not (self.over or cheat):
            raise HiddenLayoutError(
                "the layout is secret while the game is on; finish it or pass cheat=True"
            )
        if self._is_mine is None:
            raise HiddenLayoutError("no layout yet: it is drawn at the first reveal")

    def reveal_layout(self, *, cheat: bool = False) -> Position:
        """The full layout (``*`` mines, numbers elsewhere); only for finished games unless
        ``cheat`` (debugging, tests)."""
        self._check_may_see(cheat)
        assert self._is_mine is not None
        cells = tuple(MINE if m else n for m, n in zip(self._is_mine, self._counts, strict=True))
        return Position(self.rules.shape, cells, self.rules.mines)

    def three_bv(self, *, cheat: bool = False) -> int:
        """3BV of the layout (least clicks to clear it); secret like the layout."""
        self._check_may_see(cheat)
        assert self._is_mine is not None
        return three_bv_of_mines(self._is_mine, self._table)

    def zini(self, *, cheat: bool = False) -> int:
        """The greedy ZiNi of the layout (:mod:`sweepkit.zini`: the clicks it needs with
        flags and chords); secret like the layout, worked out once."""
        self._check_may_see(cheat)
        assert self._is_mine is not None
        if self._zini is None:
            self._zini = zini_of_mines(self._is_mine, self._table).value
        return self._zini

    def three_bv_solved(self, *, cheat: bool = False) -> int:
        """The part of the 3BV the player has done (all of it in a won game); secret like
        the layout."""
        self._check_may_see(cheat)
        assert self._is_mine is not None
        opened = [s == _OPEN for s in self._state]
        return three_bv_solved(self._is_mine, self._table, opened)

    def record(self, *, cheat: bool = False) -> GameRecord:
        """What :func:`replay` needs; it reveals the layout, so it is secret like it. With
        ``cheat`` a game not drawn yet has one too: its seed and moves (flags)."""
        if not cheat:
            self._check_may_see(cheat)
        mine_cells = None
        if (self._fixed_layout or self._layouts is not None) and self._is_mine is not None:
            mine_cells = frozenset(i for i, m in enumerate(self._is_mine) if m)
        return GameRecord(self.rules, self.log, self._seed, mine_cells, self.no_guess)

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        """Copying or pickling a game under way would let a player probe the clone (or read
        the layout from the pickle), so both are refused until the game is over."""
        if not self.over:
            raise HiddenLayoutError(
                "a game under way cannot be copied or pickled: the copy would show its layout"
            )
        return super().__reduce_ex__(protocol)

    def undo(self, *, loss: bool = False, moves: int = 1) -> None:
        """Take back the last move (the last ``moves`` moves): the game is played again
        without it, on the same layout (a layout drawn stays drawn, even when the first
        reveal is taken back), and its timer runs on: an undo gives no time back.
        GameOverError once the game is over, MoveError when there are not so many moves to
        take back. With ``loss`` a lost game may take back the move that lost it
        (practice), and plays on; a won game never."""
        if self._over and not (loss and self._status is Status.LOST):
            raise GameOverError(f"the game is over ({self.status}): its moves stand")
        if not self._log or not 1 <= moves <= len(self._log):
            raise MoveError("no move to undo" if not self._log else
                            f"{moves} moves to undo, of {len(self._log)}")
        log, elapsed, clock = self._log[:-moves], self.elapsed, self._clock
        if self._is_mine is not None:
            self._fixed_layout = True  # a replay must not draw it again from the seed
        self._reset_play()
        replay_clock = ReplayClock()
        self._clock = replay_clock
        for move in log:
            replay_clock.now = move.time
            self.play(move.action, move.reason)
        self._clock = clock
        if self._start is not None:
            self._start = clock() - elapsed

    def set_clock(self, clock: Callable[[], float], elapsed: float | None = None) -> None:
        """Put the game on ``clock``, its timer reading ``elapsed`` seconds (by default
        what it reads now) and running on from there: a game brought back from its record
        or from a server's journal. A game over or not begun has no timer to set."""
        elapsed = self.elapsed if elapsed is None else elapsed
        self._clock = clock
        if self._start is not None and not self._over:
            self._start = clock() - elapsed

    def restart(self) -> None:
        """Close every cell and clear flags, clicks, log and timer; keep the layout."""
        if self._is_mine is not None:
            self._fixed_layout = True
        self._reset_play()


def resume(record: GameRecord, clock: Callable[[], float] = time.monotonic) -> Game:
    """A game in progress brought back from its record (a saved game, a server restart):
    replayed, then put on ``clock`` so its timer runs on from the last logged move."""
    game = replay(record)
    if not game.over:
        game.set_clock(clock, record.log[-1].time if record.log else 0.0)
    return game


def replay(record: GameRecord,
           on_move: Callable[[Game, int, MoveResult], None] | None = None) -> Game:
    """Play a recorded game again, move by move, with its logged times; the result has the
    same view, status, clicks and elapsed time as the original. ``on_move(game, n,
    result)`` is called after move ``n`` (from 0) with what it did, e.g. to show the game
    as it goes."""
    clock = ReplayClock()
    game = Game(record.rules, record.seed, mine_cells=record.mine_cells, clock=clock,
                no_guess=record.no_guess)
    for n, move in enumerate(record.log):
        clock.now = move.time
        result = game.play(move.action, move.reason)
        if on_move is not None:
            on_move(game, n, result)
    return game
