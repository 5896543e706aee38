"""The ``staged`` player: the school project's solver, reproduced, and with its caps lifted.

Source: the school computing project *Minesweeper Solver* (VB.NET) [SchoolProject]: the
rules of §2 of its digest (expert 30×16 with 99 mines, the first click safe), the solver
of §3 and the statistics of §4; in the text itself the sections "The Computational
Approach" (Simple Solving, Non-Trivial Constraint Solving, Brute Force, Guessing: local,
global, "Random Cells"), "Corners and Information", "Problems with Brute Force",
"Structure and Hierarchy", the class overview, and the code listing (``Game``,
``ConstraintSolver``, ``BruteForceSolver``, ``SolutionCombo``, ``BestGuessCell``,
``Cell``), which settles what the prose leaves open. Names in ``code`` below are the
program's.

**The stages**, in the published order; the first that finds a safe cell wins, and all
the safe cells it found are opened (every one is safe, so their order changes nothing):

1. *Simple finder* (``CheckIfMine``, ``SimpleFinder``): a number with as many covered
   neighbours as its value marks them all mines; a number with that many marked mines
   around it has its other neighbours safe. One pass per move. Reason ``single``.
2. *Constraint reduction* (``FindNonTrivialSolutions``, :func:`subset_reduction`): numbers
   reduced by those mines; each number X, in scan order, subtracts on the spot every
   number Y whose cells are all among X's; X at 0 mines makes its cells safe (and
   ``UpdateMines`` runs on Y); a reduced number with as many cells as mines makes them
   mines; then the simple finder again. Reason ``subset``.
3. *Brute force* (``AddToEquation``, ``CombineEquations``, ``BruteForceSolver``): the
   remaining numbers grouped (:func:`program_groups`), each group's solutions listed by
   the two-stack backtracking (:func:`two_stack_solutions`, pruning only where a
   right-hand side is exceeded; :func:`enumerate_solutions` lists the same solutions in
   the same order and also drops branches that can no longer reach one, a speed-up
   only). A cell 0 in every solution of its group is safe, 1 in every one a mine; the
   stage stops at the first group with a safe cell. Reason ``linked``.
4. *Guess*. Globally (:func:`weigh`) unless the grouping hit its cap (``ShortEval``) or
   the product of the groups' solution counts exceeds ``max_combinations``: every
   combination of group solutions with m mines weighs C(unconstrained, remaining − m) in
   the program's floating point (:func:`program_ncr`); a cell's chance of being safe,
   ``ChanceSafe``, is 1 − (weight with a mine there) / (total weight), kept as a .NET
   Decimal (15 significant digits); the best is the highest, the first in scan order on a
   tie, among cells that are a mine in some weighted combination (``Occurrences <> 0``:
   a cell the mine count proves safe is never picked). ``RandomCellChance`` then weighs an
   unconstrained cell the same way; if it is safer, there is no guess and the corner
   comes next. Locally (``Guess.ShortEval``): per cell, the share of its group's solutions
   without a mine there; the highest above 0, first in scan order; no unconstrained cell
   is considered. Basis ``GUESS``, probability 1 − ``ChanceSafe`` (clamped to [0, 1]).
5. *Corner* (``FindCorner``): the first covered corner in the program's order:
   bottom-left, top-right, bottom-right (top-left, which it never checks because its
   first click opened it, comes last here). Basis ``CORNER``.
6. *"Random"* (``ClickRandom``): meant to prefer a cell with two layers of covered cells
   around it, but ``SafeToClick``'s loops (``For b = 0 To -2``, ``For a = 0 To -2``)
   never run, so it accepts any cell not marked a mine, and the loop over ``Cells`` takes
   the first: the first covered cell in scan order that the program knows is no mine. That
   is what the faithful mode does. Basis ``RANDOM``. Corners and "random" cells carry the
   program's estimate for an unconstrained cell when it computed one.

*Scan order* is the program's ``For Each`` over ``Cells(x, y)`` with ``x`` the column:
down the first column, then the next (:func:`program_geometry`); neighbours are listed in
``GenerateAdjacents``' order. **First click**: the top-left corner, which is what the code
clicks (``OpenCellProgram(New Point(0, 0))``, "click on the top left corner") and what the
text recommends ("starting in a corner is the best option"); the game regenerates the board
until that cell is safe, which is :class:`~sweepkit.rules.FirstClick` ``SAFE``. **Mines**:
the program never flags during play (only a won board is flagged) and keeps nothing
between moves: every move re-reads the board into new ``Cells`` and derives its mines
again. So does this player: it never flags, and its only memory within a game is
bookkeeping (numbers whose covered neighbours are all mines stay so; they are set aside).

**Options**, each for a point where the program (or the text) chose one way:

- ``max_group`` (20): the variables one group may hold. A number joins the first group
  that shares a cell and has room (``variables + its cells < 20``), else opens a new one
  with new variable objects; one merge pass then joins groups that share a variable
  object while the union stays within 20. A group without room sets ``ShortEval``, which
  turns global guessing off for the move (even when that group shares nothing with the
  number). ``None`` lifts the cap, and with it what only the cap brings: the groups are the
  connected components of the equations (what the text describes) and are counted exactly
  (:func:`component_groups`, through :func:`~sweepkit.analysis.count.component.solve_component`:
  the same counts as listing every solution, which a 60-cell group cannot afford);
  ``ShortEval`` never happens. (The program's single merge pass can also leave two groups
  sharing a variable apart, or drop the equations of a group merged into one that is
  itself merged away; both only weaken what the brute force proves, and skew the
  estimates; they are reproduced with the cap.)
- ``max_combinations`` (500,000): above this product of solution counts, local guessing.
  The code's test is ``TotalCombos > 500000`` (the prose says "less than 500000"); the
  code is followed. ``None``: always global (when the mine count is known).
- ``float_ncr`` (True): the program's arithmetic: ``Pascal`` (a String rounded to 15
  significant digits at every step; a combination with more mines left than cells weighs 1
  instead of 0), Decimal ``ChanceSafe``, and ``RandomCellChance`` taken to the letter —
  a combination with more mines than remain has ``CellsLeft`` never set, −k / 0 × 0 is
  NaN, and a NaN chance is never better, so then (and when no cell is unconstrained) the
  program never prefers an unconstrained cell. In the text's own worked example
  (combination A, F has 9 mines of 8) the program's chance is NaN where the text computes
  13% by hand. False: exact integers and fractions, a combination that cannot be completed
  weighs 0, the unconstrained cell gets its exact probability.
- ``corner`` ("covered"): ``FindCorner`` opens the first *covered* corner, even one next
  to a number or one it knows is a mine. "floating": only a corner that touches no number
  and is not a known mine (the text's intent: "a cell from Group 4 ... a corner").
- ``random_cell`` ("scan"): as the program, above. "uniform": a uniformly random covered
  cell not known to be a mine (``rng``).
- ``first`` ("corner" = top-left), as every strategy.

A cap of ``0`` lifts it like ``None`` (``make_strategy`` leaves ``None`` options at their
defaults).

With the mine count unknown (a custom board) the guess is local, as in the program.
:meth:`StagedStrategy.examine` reports what the stages found on a view (a :class:`Turn`);
:meth:`StagedStrategy.lifted` builds the player with both caps lifted. This module runs the
stages, one method each; stages 2 to 4 compute as the program does in
:mod:`~sweepkit.strategies.staged_groups`, on the geometry and floating point of
:mod:`~sweepkit.strategies.staged_program`.

**Deviations.** The top-left corner is added last to the corners; the speed-ups named
above (the search's extra pruning, exact counting without the cap, combinations summed by
convolution instead of listed: the same sums, up to floating-point order); the text's
"hardest algorithm" is not kept (the benchmark derives its own); a view that contradicts
itself raises :class:`~sweepkit.strategies.base.StrategyError` where the program shows an
error or fails. Points the OCR'd listing leaves unclear were read as follows: the merge
pass records a merged group after copying its equations; the merge pass's "remove it
anyway" branch tests ``Except(...) Is Nothing``, which is never true, so it never runs.

**Unsound "safe" moves.** Losses on safe moves "should always be 0", says the text, and
its own run has 0.02% of them (2 of 8,097 losses; the digest guesses an approximation
error). It is the 20-variable cap, not the floating point:
floating point only enters stage 4, whose moves are guesses (a rounding can mark a cell a
mine, which only hides it from the "random" stage). When a number finds no room and opens a
group of its own, that group has a second variable object for a cell it shares; if a
later number then ties it back to the first group and the merge pass joins them (the
union of 20 fits where ``variables + cells < 20`` did not), the cell is two independent
variables. The equations still count the real solutions (copy one = the cell, copy two = 0)
but also others, and ``DeduceSafeCells`` reads the cell's *last* copy, which can be 0 in
every solution while the cell is a mine: a "safe" move that loses. Reproduced: 2 of 20,000
seeded expert games (seeds 112066 and 112349 of the tests), both from a 20-slot group with
a duplicated cell. The faithful mode keeps this; with ``max_group=None`` every certain
move is certain (tested against the exact analysis).

**Measured** (expert, first click safe, games seeded 100,000 to 119,999; one CPU):

- faithful (the defaults): 5,943 wins of 20,000 = 29.7% (95% interval 29.1–30.4%); the
  text: 29.13% of 11,425 (28.3–30.0%). Losses by cause: guess 61.0%, corner 32.6%,
  "random" 6.4%, safe 0.01% (2 games); the text: 62.95, 31.39, 5.63, 0.02. Guesses
  (basis ``GUESS``): 2.23 a game, 80.8% survived; the text's counters (30,727 guesses,
  83.41% successful) count a game's last guess again as a success at the start of the
  next game (``Guess.GetUsed`` is not reset by ``EndGame``): without those 5,097, 2.24 a
  game and 80.1%. Beginner 88.0%, intermediate 70.7% (5,000 games each).
- what binds (500 faithful games, 1,694 guessing moves): ``ShortEval`` 8% of them, more
  than 500,000 combinations 1.5%, a duplicated cell once; the program's NaN chance for an
  unconstrained cell 11% of the global guesses.
- caps lifted: 30.5% (20,000 games; losses 60.0 / 33.3 / 6.7%, none on a safe move); and
  exact weights (``float_ncr=False``): 32.6%; and ``corner="floating"``,
  ``random_cell="uniform"``: 34.3% (10,000 games each). The faithful mode with only
  ``corner="floating"``: 30.7%; with only ``random_cell="uniform"``: 29.4%.
- speed: about 155 expert games per CPU-second with the caps and 159 without (300 games,
  the game engine included; the ``exact`` player: 110). Most moves end in stage 1 (51 µs);
  a guessing move takes about 0.5 ms.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from sweepkit.bits import MINE_BIT, UNKNOWN_BIT, cell_mask, cells_mask, mask_cells, packed
from sweepkit.moves import Action, Basis, Decision, Reason
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.strategies.base import FirstMove, Strategy, StrategyError, random_unknown
from sweepkit.strategies.staged_groups import (
    Group,
    SlotGroup,
    best_guess_cell,
    component_groups,
    enumerate_solutions,
    program_groups,
    subset_reduction,
    weigh,
)
from sweepkit.strategies.staged_program import (
    Estimate,
    Inconsistent,
    decimal15,
    program_corners,
    program_geometry,
)

CORNER_RULES = ("covered", "floating")
RANDOM_RULES = ("scan", "uniform")
TECHNIQUE_OF_STAGE = {1: "single", 2: "subset", 3: "linked"}


# -- one view, all stages -------------------------------------------------------------------

@dataclass(frozen=True)
class Turn:
    """What the staged solver makes of one view (see :meth:`StagedStrategy.examine`).

    ``stage`` is the stage that found safe cells (1–3; ``safe`` lists them), else 4: then
    ``guess`` is the cell stage 4 chose (``None``: on to the corner, then the "random"
    cell). ``mines`` are the mines proved on this view by any stage; ``program_mines`` the
    ones the program's board knows when it picks its "random" cell (stages 1–2, and cells
    stage 4 found certain). ``groups`` are stage 3's groups, ``combinations`` the product of
    their solution counts, ``mode`` ``"global"`` or ``"local"``, ``short_eval`` whether
    the grouping hit its cap; ``safety[cell]`` is stage 4's chance that a cell is safe
    (the program's ``ChanceSafe``: tallied cells only), ``floating_safe`` that of an
    unconstrained cell (global mode).
    """

    stage: int
    safe: tuple[int, ...] = ()
    mine_mask: int = 0
    program_mine_mask: int = 0
    groups: tuple[Group, ...] = ()
    combinations: int | None = None
    short_eval: bool = False
    mode: str | None = None
    safety: dict[int, Estimate] | None = None
    floating_safe: Estimate | None = None
    guess: int | None = None

    @property
    def mines(self) -> frozenset[int]:
        return frozenset(mask_cells(self.mine_mask))

    @property
    def program_mines(self) -> frozenset[int]:
        return frozenset(mask_cells(self.program_mine_mask))

    def probabilities(self) -> dict[int, Estimate]:
        """Stage 4's mine probability of every tallied cell (1 − ``safety``)."""
        return {c: 1 - s for c, s in (self.safety or {}).items()}


@dataclass
class _Work:
    """What one view's stages hand on to the next (:meth:`StagedStrategy._examine`): the
    view and its geometry, then what each stage found (stage 1 ``need`` and ``m1_set``,
    stage 2 the sorted ``frontier``, ``adj``, the reduced ``rows``, ``m2m`` and
    ``program_mines``, stage 3 ``known``, ``proved``, ``groups`` and ``short``)."""

    view: Position
    rank: Sequence[int]
    nbrs: Sequence[Sequence[int]]
    masks: Sequence[int]
    unknown_mask: int
    flag_mask: int
    frontier_set: set[int]
    need: dict[int, int] = field(default_factory=dict)
    m1_set: set[int] = field(default_factory=set)
    frontier: list[int] = field(default_factory=list)
    adj: dict[int, list[int]] = field(default_factory=dict)
    rows: list[list] = field(default_factory=list)  # [number, cells, need, useless]
    m2m: set[int] = field(default_factory=set)
    program_mines: set[int] = field(default_factory=set)
    known: set[int] = field(default_factory=set)
    proved: set[int] = field(default_factory=set)
    groups: list[Group] = field(default_factory=list)
    short: bool = False


class StagedStrategy(Strategy):
    """The school project's staged solver: single numbers, then numbers inside others, then
    every layout of a group of numbers listed, then a guess.

    The module doc gives every option."""

    name = "staged"

    def __init__(self, first: FirstMove = "corner", *, max_group: int | None = 20,
                 max_combinations: int | None = 500_000, float_ncr: bool = True,
                 corner: str = "covered", random_cell: str = "scan") -> None:
        super().__init__(first)
        # 0 lifts a cap too: make_strategy leaves None options at their defaults.
        max_group = max_group or None
        max_combinations = max_combinations or None
        if max_group is not None and max_group < 1:
            raise ValueError(f"max_group must be positive, 0 or None, got {max_group}")
        if max_combinations is not None and max_combinations < 1:
            raise ValueError(f"max_combinations must be positive, 0 or None, got "
                             f"{max_combinations}")
        if corner not in CORNER_RULES:
            raise ValueError(f"unknown corner rule {corner!r} (expected one of "
                             f"{', '.join(CORNER_RULES)})")
        if random_cell not in RANDOM_RULES:
            raise ValueError(f"unknown random rule {random_cell!r} (expected one of "
                             f"{', '.join(RANDOM_RULES)})")
        self.max_group = max_group
        self.max_combinations = max_combinations
        self.float_ncr = float_ncr
        self.corner = corner
        self.random_cell = random_cell
        self._seen: int | None = None
        self._shape: tuple[int, ...] | None = None
        self._frontier: set[int] = set()
        self._full: set[int] = set()
        self._full_mines = 0

    @classmethod
    def lifted(cls, first: FirstMove = "corner", **options: object) -> StagedStrategy:
        """The solver with both caps lifted (``max_group=None, max_combinations=None``)."""
        return cls(first, max_group=None, max_combinations=None, **options)  # type: ignore[arg-type]

    def start(self, view: Position) -> None:
        self._seen = None
        self._shape = None
        self._frontier = set()
        self._full = set()
        self._full_mines = 0

    # -- the frontier, kept between the moves of a game --------------------------------

    def _frontier_numbers(self, cells: tuple[int, ...], shape: tuple[int, ...],
                          unknown: int, masks: Sequence[int],
                          nbrs: Sequence[Sequence[int]]) -> set[int]:
        """Numbers with a covered neighbour that are not yet *full* (as many covered
        neighbours as mines still around them: CheckIfMine marks them all, every turn).

        A full number stays full (its covered neighbours are mines: nothing opens them),
        so it is set aside once, its mines kept in ``self._full_mines``. Updated from the
        cells opened since the last view (a game only ever opens cells); rebuilt when a
        covered cell appeared (another game, or a position from elsewhere)."""
        prev = self._seen
        frontier = self._frontier
        full = self._full
        touched: Sequence[int] | set[int]
        if prev is None or self._shape != shape or unknown & ~prev:
            frontier = self._frontier = set()
            full = self._full = set()
            self._full_mines = 0
            touched = range(len(cells))
        else:
            touched = set()
            opened = prev & ~unknown
            while opened:
                low = opened & -opened
                i = low.bit_length() - 1
                opened ^= low
                touched.add(i)
                touched.update(nbrs[i])
        for k in touched:
            if cells[k] >= 0 and masks[k] & unknown and k not in full:
                frontier.add(k)
            else:
                frontier.discard(k)
        self._seen = unknown
        self._shape = shape
        return frontier

    # -- stages 1 to 4 ------------------------------------------------------------------

    def examine(self, view: Position) -> Turn:
        """Run the stages in order on ``view`` (something open) and say what they found.

        The working state is rebuilt (every call is independent); :meth:`decide` keeps the
        frontier between the moves of a game instead."""
        self.start(view)
        return self._examine(view)

    def _examine(self, view: Position) -> Turn:
        if len(view.shape) != 2 or view.topology != "grid":
            raise StrategyError("the staged solver plays 2-D grids only")
        shape = (view.shape[0], view.shape[1])
        _order, rank, nbrs, masks = program_geometry(shape)
        cells = view.cells
        raw = packed(cells)
        unknown_mask = cell_mask(raw, UNKNOWN_BIT)
        flag_mask = cell_mask(raw, MINE_BIT) if MINE in cells else 0
        frontier_set = self._frontier_numbers(cells, shape, unknown_mask, masks, nbrs)
        work = _Work(view, rank, nbrs, masks, unknown_mask, flag_mask, frontier_set)
        for stage in (self._stage1, self._stage2, self._stage3):
            turn = stage(work)
            if turn is not None:
                return turn
        return self._stage4(work)

    def _stage1(self, work: _Work) -> Turn | None:
        """Stage 1, the simple finder (CheckIfMine, then SimpleFinder on every number); the
        order in which one turn's safe cells are opened changes nothing."""
        view, cells, masks = work.view, work.view.cells, work.masks
        unknown_mask, flag_mask, frontier_set = work.unknown_mask, work.flag_mask, work.frontier_set
        need = work.need
        newly_full = []
        m1 = self._full_mines
        for i in frontier_set:
            around = masks[i] & unknown_mask
            n = cells[i] - (masks[i] & flag_mask).bit_count() if flag_mask else cells[i]
            need[i] = n
            k = around.bit_count()
            if k == n:
                m1 |= around
                newly_full.append(i)
            elif k < n or n < 0:
                raise Inconsistent(f"number at {view.coord(i)} cannot be satisfied")
        if newly_full:
            self._full_mines = m1
            self._full.update(newly_full)
            frontier_set.difference_update(newly_full)
        m1 &= unknown_mask
        safe_mask = 0
        for i in frontier_set:
            around = masks[i] & unknown_mask
            k = (around & m1).bit_count()
            if k == need[i]:
                safe_mask |= around & ~m1
            elif k > need[i]:
                raise Inconsistent("more known mines than a number says")
        if safe_mask:
            return Turn(1, tuple(mask_cells(safe_mask)), m1, m1)
        work.m1_set = set(mask_cells(m1))
        return None

    def _stage2(self, work: _Work) -> Turn | None:
        """Stage 2, constraint reduction (FindNonTrivialSolutions), on a reduced copy."""
        rank, nbrs, unknown_mask = work.rank, work.nbrs, work.unknown_mask
        need, m1_set = work.need, work.m1_set
        frontier = work.frontier = sorted(work.frontier_set, key=rank.__getitem__)
        adj = work.adj = {i: [j for j in nbrs[i] if unknown_mask >> j & 1] for i in frontier}
        rows = work.rows
        for i in frontier:
            cut = [j for j in adj[i] if j not in m1_set]
            if cut:
                rows.append([i, cut, need[i] - (len(adj[i]) - len(cut)), False])
        m2u: set[int] = set()

        def update_mines(number: int, taken: set[int]) -> None:
            """UpdateMines on the unreduced number of a subtracted equation."""
            around = adj[number]
            if len(around) - sum(1 for j in around if j in taken) == need[number]:
                m2u.update(j for j in around if j not in taken)

        safe, m2m = subset_reduction(rows, update_mines)
        work.m2m = m2m
        taken = set(safe)
        program_mines = work.program_mines = m1_set | m2u | m2m
        self._simple(frontier, adj, need, program_mines, safe, taken)
        if safe:
            mask = cells_mask(program_mines)
            return Turn(2, tuple(safe), mask, mask)
        return None

    def _stage3(self, work: _Work) -> Turn | None:
        """Stage 3, brute force per group."""
        m2m, program_mines = work.m2m, work.program_mines
        known = work.known = work.m1_set | m2m
        rows3: list[tuple[int, list[int], int]] = []
        for number, row_cells, row_need, useless in work.rows:
            if useless:
                continue
            cut = [j for j in row_cells if j not in m2m]
            left = row_need - (len(row_cells) - len(cut))
            if cut:
                rows3.append((number, cut, left))
            elif left:
                raise Inconsistent("a reduced number has mines left and no cells")
        short = False
        sources: Sequence[Group | SlotGroup]
        if self.max_group is None:
            sources = component_groups(rows3, work.rank)
        else:
            sources, short = program_groups([(c, n) for _i, c, n in rows3], self.max_group)
        work.short = short
        proved = work.proved = set(known)
        groups = work.groups
        for source in sources:
            if isinstance(source, Group):
                g = source
            else:
                slot_cells, eqs = source
                g = Group.from_solutions(slot_cells, enumerate_solutions(len(slot_cells), eqs))
            groups.append(g)
            total = g.solutions
            if not total:
                raise Inconsistent("a group has no solution")
            found = []
            for cell, slot in sorted(g.verdict_slots().items(), key=lambda cs: -cs[1]):
                count = g.mine_count(slot)
                if count == 0:
                    found.append(cell)
                elif count == total:
                    proved.add(cell)
            if found:
                return Turn(3, tuple(found), cells_mask(proved), cells_mask(program_mines),
                            tuple(groups))
        return None

    def _stage4(self, work: _Work) -> Turn:
        """Stage 4, the guess."""
        view, rank, known, proved = work.view, work.rank, work.known, work.proved
        groups, short, program_mines = work.groups, work.short, work.program_mines
        combinations = math.prod(g.solutions for g in groups)
        remaining = view.remaining_mines()
        unknown = view.cells.count(UNKNOWN) - len(known)
        over = self.max_combinations is not None and combinations > self.max_combinations
        if short or over or remaining is None:
            safety = self._local_safety(groups)
            best = best_guess_cell(safety, rank, start=True)
            return Turn(4, (), cells_mask(proved), cells_mask(program_mines), tuple(groups),
                        combinations, short, "local", safety, None, best)
        weighting = weigh(groups, unknown, remaining - len(known), self.float_ncr)
        total = weighting.total
        if not total and self.max_group is None:
            raise Inconsistent("no combination of solutions fits the mine count")
        # (The program's groups can count a cell twice and so every combination above the
        # mines left: then nothing is tallied, the random-cell chance is NaN, and the
        # corner is next, as in the program.)
        safety = {}
        for cell, occ in weighting.occurrences.items():
            if occ != 0:
                chance = (decimal15(1 - occ / total) if self.float_ncr
                          else 1 - Fraction(occ, total))
                safety[cell] = chance
                if chance == 0:
                    program_mines.add(cell)
        best = best_guess_cell(safety, rank, start=False)
        floating = weighting.floating_safe
        if floating is not None and (best is None or floating > safety[best]):
            best = None  # RandomCellChance: an unconstrained cell is better (NaN never is)
        return Turn(4, (), cells_mask(proved), cells_mask(program_mines), tuple(groups),
                    combinations, short, "global", safety, floating, best)

    @staticmethod
    def _simple(frontier: Sequence[int], adj: dict[int, list[int]], need: dict[int, int],
                mines: set[int], safe: list[int], taken: set[int]) -> None:
        """SimpleFinder over every number: known mines = its number → the rest are safe."""
        for i in frontier:
            around = adj[i]
            count = sum(1 for j in around if j in mines)
            if count == need[i]:
                for j in around:
                    if j not in mines and j not in taken:
                        taken.add(j)
                        safe.append(j)
            elif count > need[i]:
                raise Inconsistent("more known mines than a number says")

    def _local_safety(self, groups: Sequence[Group]) -> dict[int, Estimate]:
        """``ChanceSafe`` as ``DeduceSafeCells`` leaves it: per cell, from its last slot in
        the last group that holds it."""
        safety: dict[int, Estimate] = {}
        for g in groups:
            total = g.solutions
            for cell, slot in g.verdict_slots().items():
                count = g.mine_count(slot)
                if self.float_ncr:
                    safety[cell] = decimal15(1 - count / total)
                else:
                    safety[cell] = 1 - Fraction(count, total)
        return safety

    # -- the moves ------------------------------------------------------------------------

    def decide(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        turn = self._examine(view)
        if turn.safe:
            reason = Reason.certain(TECHNIQUE_OF_STAGE[turn.stage], f"stage {turn.stage}", 0.0)
            return [Decision(Action.reveal(c), reason) for c in turn.safe]
        floating = turn.floating_safe
        floating_mine = (None if floating is None or not math.isfinite(floating)
                         else float(1 - floating))
        if turn.guess is not None:
            assert turn.safety is not None
            # (a cell counted in two groups can have a "chance" below 0 in the program)
            p = min(1.0, max(0.0, float(1 - turn.safety[turn.guess])))
            return [Decision(Action.reveal(turn.guess),
                             Reason.guessed(p, f"stage 4, {turn.mode} guess"))]
        cells = view.cells
        _order, _rank, nbrs, _masks = program_geometry((view.shape[0], view.shape[1]))
        for c in program_corners((view.shape[0], view.shape[1])):
            if cells[c] != UNKNOWN:
                continue
            if self.corner == "floating" and (turn.mine_mask >> c & 1
                                              or any(cells[j] >= 0 for j in nbrs[c])):
                continue
            return [Decision(Action.reveal(c),
                             Reason.guessed(floating_mine, "stage 5, first unopened corner",
                                            basis=Basis.CORNER))]
        if self.random_cell == "uniform":
            candidates = [c for c in view.unknown_cells() if not turn.mine_mask >> c & 1]
            return [random_unknown(view, rng, "stage 6, uniform random cell",
                                   candidates or None)]
        order = _order
        for c in order:
            if cells[c] == UNKNOWN and not turn.program_mine_mask >> c & 1:
                return [Decision(Action.reveal(c),
                                 Reason.guessed(floating_mine,
                                                "stage 6, first covered cell in scan order",
                                                basis=Basis.RANDOM))]
        raise StrategyError("every covered cell is a known mine")


__all__ = ["CORNER_RULES", "RANDOM_RULES", "TECHNIQUE_OF_STAGE", "StagedStrategy", "Turn"]
