"""The reference logic-only player of the no-guess tests, independent of the generators'
own: a real game, the exact analysis from scratch each turn (or the full explanations when
the techniques are limited), every certain cell played each turn."""

from __future__ import annotations

from typing import NamedTuple

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.reasons.explain import TECHNIQUES, explain
from sweepkit.game import Game, Status
from sweepkit.moves import Action
from sweepkit.position import MINE, UNKNOWN
from sweepkit.rules import Rules


class Outcome(NamedTuple):
    """Where the reference player stopped: ``won``, and the cells it revealed and flagged."""

    won: bool
    revealed: frozenset[int]
    flagged: frozenset[int]


def reference_play(rules: Rules, mines: frozenset[int], first: int,
                   hardest: str | None = None) -> Outcome:
    """Certain moves alone from a first reveal at ``first``: each turn every cell proved
    safe is revealed and every proved mine flagged (with ``hardest``, only the cells whose
    explanation needs at most that technique), until won or no certain move is left."""
    game = Game(rules, mine_cells=mines)
    game.play(Action.reveal(first))
    allowed = TECHNIQUES if hardest is None else TECHNIQUES[:TECHNIQUES.index(hardest) + 1]
    while game.status is Status.PLAYING:
        view = game.view()
        if hardest is None:
            analysis = analyse(view)
            safe, found = analysis.safe_cells(), analysis.mine_cells()
        else:
            reasons = [e for e in explain(view) if e.technique in allowed]
            safe = [e.cell for e in reasons if e.value == "safe"]
            found = [e.cell for e in reasons if e.value == "mine"]
        for cell in found:
            game.play(Action.flag(cell))
        if not safe:
            if found and hardest is not None:
                continue  # the flags may let an allowed technique decide a cell
            break
        for cell in safe:
            if game.view().cells[cell] == UNKNOWN:
                game.play(Action.reveal(cell))
    cells = game.view().cells
    return Outcome(game.status is Status.WON,
                   frozenset(c for c, v in enumerate(cells) if v >= 0),
                   frozenset(c for c, v in enumerate(cells) if v == MINE))


def logic_clears(rules: Rules, mines: frozenset[int], first: int,
                 hardest: str | None = None) -> bool:
    """Whether the reference player clears the layout from ``first`` without a guess."""
    return reference_play(rules, mines, first, hardest).won
