"""The Java solver's choice of floating cells against a reading of the coordinates, and
``best``'s option ``off_frontier`` in play."""

from __future__ import annotations

import random

import pytest

from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.game import Game
from sweepkit.play import play
from sweepkit.position import UNKNOWN, Position
from sweepkit.rules import level
from sweepkit.strategies.best import BestStrategy, Considered
from sweepkit.strategies.best.guesses import Evaluator
from sweepkit.strategies.best.long_term import influence
from sweepkit.strategies.best.off_frontier import FEW, GATE, java_off_frontier

OPENED = Position.from_rows([
    "0001????????",
    "0012????????",
    "112?????????",
    "????????????",
    "????????????",
    "????????????",
    "????????????",
    "????????????",
], mines=14)


def coordinate_choice(position: Position, floating: set[int]) -> set[int]:
    """The floating cells two rows or two columns straight out from a revealed number with a
    covered neighbour, or with two or three covered neighbours, read from coordinates."""
    rows, cols = position.shape
    values = position.cells

    def around(r: int, c: int) -> list[int]:
        return [(r + dr) * cols + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]

    kept = set()
    for cell in floating:
        r, c = divmod(cell, cols)
        if 2 <= sum(values[j] == UNKNOWN for j in around(r, c)) <= 3:
            kept.add(cell)
        for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2)):
            r0, c0 = r - dr, c - dc
            if (0 <= r0 < rows and 0 <= c0 < cols and values[r0 * cols + c0] >= 0
                    and any(values[j] == UNKNOWN for j in around(r0, c0))):
                kept.add(cell)
    return kept


def test_the_cells_kept_match_the_coordinates():
    analysis = analyse(OPENED)
    floating = set(analysis.system.floating)
    assert len(floating) >= FEW
    kept = java_off_frontier(analysis, 0.5)
    assert kept == coordinate_choice(OPENED, floating)
    # the three other corners, and cells two out from the numbers at (1, 3) and (2, 2)
    assert {OPENED.index(0, 11), OPENED.index(7, 0), OPENED.index(7, 11)} <= kept
    assert OPENED.index(1, 5) in kept and OPENED.index(4, 2) in kept
    assert OPENED.index(5, 5) not in kept


def test_none_below_the_gate_and_all_when_few_are_left():
    analysis = analyse(OPENED)
    p = analysis.probability(analysis.system.floating[0])
    assert java_off_frontier(analysis, (1 - p) / GATE + 1e-9) == set()
    assert java_off_frontier(analysis, (1 - p) / GATE - 1e-9)
    few = analyse(Position.from_rows(["1???", "????", "????"], mines=3))
    assert java_off_frontier(few, 0.5) is None


class Watched(BestStrategy):
    """``best`` that keeps every guess it ranked, with its analysis."""

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.seen: list[tuple[Analysis, Considered]] = []

    def consider(self, analysis: Analysis, rng: random.Random,
                 alternatives: bool = False) -> Considered:
        found = super().consider(analysis, rng, alternatives)
        self.seen.append((analysis, found))
        return found


def test_java_mode_ranks_only_the_frontier_and_the_cells_it_keeps():
    """Every class ranked in java mode is on the frontier, kept, or influenced (unless none
    of those is within the tolerance); ``"all"`` ranks others in the same positions, and so
    do a hint's runners-up (``consider`` with ``alternatives``), with the same choice."""
    watched = Watched(off_frontier="java")
    for seed in range(6):
        play(Game(level("expert"), seed, clock=lambda: 0.0), watched,
             rng=random.Random(seed))
    positions = [a for a, c in watched.seen if c.step == "two-step"]
    assert len(positions) >= 5
    java, every = BestStrategy(), BestStrategy(off_frontier="all")
    others = 0
    for analysis in positions:
        floating = set(analysis.system.floating)
        probabilities = analysis.probabilities()
        safest = 1 - min(p for c, p in probabilities.items()
                         if p < 1 and analysis.position.cells[c] == UNKNOWN)
        kept = java_off_frontier(analysis, safest)
        sweep = influence(analysis).sweep
        floor = safest * (1 - java.options.tolerance)
        allowed = {c for c, p in probabilities.items()
                   if p < 1 and analysis.position.cells[c] == UNKNOWN
                   and (c not in floating or kept is None or c in kept or c in sweep)}
        if not any(1 - probabilities[c] + sweep.get(c, 0.0) >= floor for c in allowed):
            continue  # none of them within the tolerance: every cell is looked at
        ranked = java.rank(Evaluator(analysis, IncrementalAnalyser(True, keep_mines=False),
                                     java.options.blend))
        assert {c for r in ranked for c in r.candidate.cells} <= allowed
        ranked = every.rank(Evaluator(analysis, IncrementalAnalyser(True, keep_mines=False),
                                      every.options.blend))
        left_out = any(c not in allowed for r in ranked for c in r.candidate.cells)
        others += left_out
        # a hint's runners-up (alternatives) include them; its choice is the play's
        shown = java.consider(analysis, random.Random(0), alternatives=True)
        if left_out:
            assert any(c not in allowed for r in shown.ranked for c in r.candidate.cells)
        played = java.consider(analysis, random.Random(0))
        assert shown.decision.action.cell == played.decision.action.cell
    assert others


@pytest.mark.parametrize("seed", [1, 4])
def test_java_mode_plays_the_same_with_the_full_ranking(seed):
    """The pruned ranking and the full one agree with the off-frontier choice too."""
    class Full(BestStrategy):
        full_ranking = True

    records = []
    for strategy in (BestStrategy(off_frontier="java"), Full(off_frontier="java")):
        game = Game(level("intermediate"), seed, clock=lambda: 0.0)
        records.append(play(game, strategy, rng=random.Random(seed)).log)
    assert records[0] == records[1]


def test_the_option_is_checked():
    with pytest.raises(ValueError, match="off_frontier"):
        BestStrategy(off_frontier="some")
